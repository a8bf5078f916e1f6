"""Cardroom's games in the tools of learning and game-theory research.

``cardroom.rl.pettingzoo`` (multi-agent AEC environments), ``cardroom.rl.gym``
(one seat against bots, Gymnasium) and ``cardroom.rl.openspiel`` (every game
registered with ``pyspiel``) are built on ``cardroom.rl.match``, which needs
nothing beyond the engine. Each wrapper imports its own library, installed
with the extras ``rl`` (PettingZoo, Gymnasium) and ``openspiel``; see
docs/research.md. The engine never imports this package.
"""
