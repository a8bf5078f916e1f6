"""Love Formula as text, from views only (no I/O: strings).

- ``cardtext.py``: a card's name, colour and rules text, from its data.
- ``extras.py``: the expansions' lines (chance card, goal row) and events.
- ``table.py``: ``render(view, color)``: the table a viewer sees; the
  compact one of ``compact.py`` for a view marked compact (the terminal's
  80x24 screen), with ``common.py``'s headline and card being resolved.
- ``events.py``: ``describe_event(event, viewer)``: one log event as a sentence.
"""
