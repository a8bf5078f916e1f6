"""cardroom: tabletop card games with faithful rules engines, bots and tools."""

__version__ = "0.1.0"
