"""A learned policy seated at a cardroom table as an ordinary bot.

``PolicyBot`` sees what every bot sees, its view and the legal action
texts, encodes the view with the game's observation encoding and asks the
policy for an action index among the legal ones. Register it under a name
(``register_policy``) and the arena, ``simulate`` and the engine protocol
can seat it like any other bot.

A policy can also be named by its import path, ``module:attribute``
(``register_import_paths``): ``simulate`` and ``arena`` then seat it with
``--jobs N`` and on Ray too, since every worker imports the module itself
(a ``register_policy`` call reaches no other process).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from cardroom.core.bot import Bot, Seen, bot_names, register_bot
from cardroom.core.errors import BadOption
from cardroom.core.game import Game, State

Policy = Callable[[list[float], list[int]], int]
"""(observation, legal action indexes) -> the chosen index."""


class PolicyBot(Bot):
    def __init__(self, game: Game, policy: Policy, name: str = "policy") -> None:
        self.game, self.policy, self.name = game, policy, name
        self._parsers: dict[int, State] = {}

    def choose(self, view: Seen, legal: Sequence[str]) -> str:
        typed = self.game.read_view(view)
        by_index = {self._index(typed.players, text): text for text in legal}
        observation = self.game.encode_observation(typed)
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


def is_import_path(name: str) -> bool:
    """``module:attribute``, as opposed to a registered bot name."""
    module, sep, attribute = name.partition(":")
    return bool(sep and module and attribute) and "=" not in attribute


def load_policy(path: str) -> Policy:
    """The callable that ``module:attribute`` names (``attribute`` may be
    dotted: ``module:Class.method``)."""
    module_name, _, attribute = path.partition(":")
    try:
        target: Any = importlib.import_module(module_name)
        for part in attribute.split("."):
            target = getattr(target, part)
    except (ImportError, AttributeError) as err:
        raise BadOption(f"no policy {path!r}: {err}") from err
    if not callable(target):
        raise BadOption(f"policy {path!r} is not callable")
    policy: Policy = target
    return policy


def register_import_paths(names: Iterable[str]) -> None:
    """Register each ``module:attribute`` name not yet known as the policy
    it names, in this process; other names are left alone."""
    known = set(bot_names())
    for name in names:
        if name not in known and is_import_path(name):
            register_policy(name, load_policy(name))
            known.add(name)


def first_legal(observation: list[float], legal: list[int]) -> int:
    """The lowest legal index: a baseline, seated as
    ``cardroom.rl.policy:first_legal``."""
    return legal[0]
