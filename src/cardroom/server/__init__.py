"""The online card room: a lobby over HTTP and one WebSocket per table
connection (``../shared/spec/server-protocol.md``; ``docs/server.md``).

Layers, top to bottom: ``app``/``routes``/``ws`` (parse, authorize, answer),
``room`` (the live tables, their seats, connections, clocks and bot work),
``store`` (SQLAlchemy over SQLite or PostgreSQL). The rules live in the
games; the server only drives them through ``cardroom.core.table.Table``.
"""
