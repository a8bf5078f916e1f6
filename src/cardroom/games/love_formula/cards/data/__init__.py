"""Card data: one JSON file per set (base.json), loaded and checked by cards/catalog.py."""
