"""Game-aware playout policies for ISMCTS (``rollout: policy``).

Random playouts misjudge some games: in a climbing game (Pizzamania) a
random player throws its highest toppings on a low pizza and passes when
it could shed, so every line looks alike. A game may name a cheap policy
as ``playout_policy`` on its class: ``policy(state, seat, actions, rand)``
returns one of ``actions`` (the state's ``legal_actions(seat)``, ints) and
draws its randomness only from ``rand`` (the search's fast generator, so
a playout is deterministic with the bot's seed). A policy reads the
determinized state (a playout is the search's imagination, not a view).
Searches in a game with a policy use it unless the budget names another
``rollout`` (``default_rollout``).

With ``opponents: policy`` the other seats move by the same policy inside
the tree, unless the game also names an ``opponent_policy`` (same
signature): a closer model of how its heuristic plays, too slow to play
every move of every playout but cheap enough for the few moves of the
tree (``model_of``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from cardroom.core.game import Game, State


class Policy(Protocol):
    def __call__(self, state: Any, seat: int, actions: list[int],
                 rand: Callable[[], float]) -> int: ...


def policy_of(game: Game) -> Policy | None:
    """The game's playout policy, if it names one."""
    found: Policy | None = getattr(type(game), "playout_policy", None)
    return found


def model_of(game: Game) -> Policy | None:
    """How the other seats move with ``opponents: policy``: the game's
    ``opponent_policy`` if it names one, else its playout policy."""
    found: Policy | None = getattr(type(game), "opponent_policy", None)
    return found if found is not None else policy_of(game)


def default_rollout(game: Game) -> str:
    return "policy" if policy_of(game) is not None else "random"


def playout(policy: Policy, d: State, rand: Callable[[], float], horizon: bool,
            round0: int) -> bool:
    """Play ``d`` out with ``policy`` to the end or, with ``horizon``, to the
    end of the round ``round0`` (``rounds_completed``); True if stopped at
    the horizon. The policy returns one of legal_actions: no re-check."""
    while not d.is_over():
        seat = d.to_act()[0]
        d.apply_unchecked(seat, policy(d, seat, d.legal_actions(seat), rand))
        if horizon and d.rounds_completed() != round0:
            return True
    return False
