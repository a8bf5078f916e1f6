"""A learned policy seated at a cardroom table as an ordinary bot.

``PolicyBot`` sees what every bot sees, its view and the legal action
texts, encodes the view with the game's observation encoding and asks the
policy for an action index among the legal ones. Register it under a name
(``register_policy``) and the arena, ``simulate`` and the engine protocol
can seat it like any other bot.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardroom.core.bot import Bot, View, register_bot
from cardroom.core.game import Game, State

Policy = Callable[[list[float], list[int]], int]
"""(observation, legal action indexes) -> the chosen index."""


class PolicyBot(Bot):
    def __init__(self, game: Game, policy: Policy, name: str = "policy") -> None:
        self.game, self.policy, self.name = game, policy, name
        self._parsers: dict[int, State] = {}

    def choose(self, view: View, legal: Sequence[str]) -> str:
        by_index = {self._index(view["players"], text): text for text in legal}
        observation = self.game.encode_observation(view)
        choice = self.policy(observation, sorted(by_index))
        if choice not in by_index:
            raise ValueError(f"the policy chose index {choice}, which is not legal now")
        return by_index[choice]

    def _index(self, players: int, text: str) -> int:
        # Texts parse on any state of the table's size (parse_action reads
        # no position); one throwaway state per size does it.
        parser = self._parsers.get(players)
        if parser is None:
            parser = self._parsers[players] = self.game.new(players, 0)
        action = parser.parse_action(text)
        if action is None:
            raise ValueError(f"{text!r} is no action of {self.game.name}")
        return self.game.action_index(action)


def register_policy(name: str, policy: Policy) -> None:
    """Make ``name`` a bot name that seats ``policy`` (in this process)."""
    def factory(game: Any, seed: int, budget: Any) -> Bot:
        return PolicyBot(game, policy, name)

    register_bot(name, factory)
