"""cardroom: tabletop card games with faithful rules engines, bots and tools."""

from cardroom import compiled

__version__ = "0.1.0"

compiled.enable()
