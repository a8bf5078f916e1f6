"""The online card room: a lobby over HTTP and one WebSocket per table
connection; ``docs/server.md`` is its whole protocol.

Layers, top to bottom: ``app``/``accounts``/``ws`` (parse, authorize,
answer; what each command means is ``cardroom.protocol``'s), ``room`` (the
live tables, their seats, connections, clocks and bot work, and the one
path every move takes), ``store`` (SQLAlchemy over SQLite or PostgreSQL).
The rules live in the games; the server only drives them through
``cardroom.core.table.TableDriver``.
"""
