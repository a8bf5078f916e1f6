"""Command-line front ends: play, replay, simulate, engine, games."""
