"""The JSON-Lines engine protocol (docs/protocol.md)."""
