"""The ``ismcts`` bot: a seat's view and legal strings in, one legal string out."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from cardroom.core.bot import Bot, Seen
from cardroom.core.errors import BadRequest
from cardroom.core.game import Game
from cardroom.core.rng import Rng
from cardroom.core.views import View as TypedView
from cardroom.search.explain import single, top_moves
from cardroom.search.ismcts import Config, Search, Stats, pick
from cardroom.search.policy import default_rollout, policy_of
from cardroom.search.reward import REWARDS

DEFAULT_ITERATIONS = Game.search_iterations
# The largest budget one request may ask for: a suggestion must never hold
# the engine (or a server's worker) for long. Searches also stop at
# ismcts.HARD_LIMIT_S whatever their budget.
MAX_ITERATIONS = 100_000
MAX_MS = 30_000
DEFAULT_MS = 450.0
"""The default budget's time cap: the game's iterations, stopped after this
many milliseconds (wall clock) if they take longer, so a default move stays
under half a second on a slow or busy core. A search is reproducible from
its seed only with an explicit ``iterations`` (and no ``ms``)."""
ROLLOUTS = ("random", "heuristic", "mast", "policy")
BUDGET_KEYS = ("iterations", "ms", "exploration", "rollout", "reward", "horizon", "prior",
               "opponents")
OPPONENTS = ("tree", "policy")


def default_iterations(game: Game) -> int:
    """The game's ``search_iterations`` (``Game`` declares the default)."""
    return game.search_iterations


def parse_budget(budget: Mapping[str, Any] | None, default: int = DEFAULT_ITERATIONS,
                 game: Game | None = None) -> Config:
    """A search configuration from a protocol budget object.

    ``iterations`` (1 to ``MAX_ITERATIONS``) and/or ``ms`` (a number above 0,
    at most ``MAX_MS``) bound the search;
    with neither, ``default`` iterations (the game's, see
    ``default_iterations``) capped at ``DEFAULT_MS`` milliseconds. Tuning
    keys for experiments: ``exploration``
    (UCB constant, default 0.7), ``rollout`` (``random``, ``heuristic``,
    ``mast`` or ``policy``: the game's playout policy, search.policy),
    ``reward`` (``mix``, ``win``, ``rank``, ``margin``), ``horizon``
    (bool: stop playouts at the end of the round where the game offers it),
    ``prior`` (0 to 1: the heuristic's move counts that share of the
    search's iterations as extra visits when the move is picked),
    ``opponents`` (``tree``: every seat picks in its own tree; ``policy``:
    the other seats move as the game's playout policy would).
    """
    if budget is None:
        budget = {}
    if not isinstance(budget, Mapping):
        raise BadRequest("budget must be an object such as {\"iterations\": 1000}")
    unknown = sorted(set(budget) - set(BUDGET_KEYS))
    if unknown:
        raise BadRequest(f"budget: unknown key {unknown[0]!r} (known: {', '.join(BUDGET_KEYS)})")
    iterations = budget.get("iterations")
    ms = budget.get("ms")
    if iterations is not None and (
        isinstance(iterations, bool) or not isinstance(iterations, int)
        or not 1 <= iterations <= MAX_ITERATIONS
    ):
        raise BadRequest(f"budget: iterations must be a whole number from 1 to "
                         f"{MAX_ITERATIONS}, got {iterations!r}")
    if ms is not None and (isinstance(ms, bool) or not isinstance(ms, int | float)
                           or not 0 < ms <= MAX_MS):  # NaN fails this too
        raise BadRequest(f"budget: ms must be a number above 0 and at most {MAX_MS}, "
                         f"got {ms!r}")
    if iterations is None and ms is None:
        iterations, ms = default, DEFAULT_MS
    exploration = budget.get("exploration", 0.7)
    if isinstance(exploration, bool) or not isinstance(exploration, int | float) \
            or exploration < 0:
        raise BadRequest(f"budget: exploration must be a number >= 0, got {exploration!r}")
    rollout = budget.get("rollout", "random")
    if rollout == "policy":
        need_policy(game, "(rollout: policy)")
    if rollout not in ROLLOUTS:
        raise BadRequest(f"budget: rollout must be one of {', '.join(ROLLOUTS)}, got {rollout!r}")
    reward = budget.get("reward", "mix")
    if reward not in REWARDS:
        raise BadRequest(f"budget: reward must be one of {', '.join(REWARDS)}, got {reward!r}")
    horizon = budget.get("horizon", True)
    if not isinstance(horizon, bool):
        raise BadRequest(f"budget: horizon must be true or false, got {horizon!r}")
    prior = budget.get("prior", 0.0)
    if isinstance(prior, bool) or not isinstance(prior, int | float) or not 0 <= prior <= 1:
        raise BadRequest(f"budget: prior must be a number from 0 to 1, got {prior!r}")
    opponents = budget.get("opponents", "tree")
    if opponents not in OPPONENTS:
        raise BadRequest(f"budget: opponents must be one of {', '.join(OPPONENTS)}, "
                         f"got {opponents!r}")
    if opponents == "policy":
        need_policy(game, "to move the other seats by (opponents: policy)")
    return Config(iterations=iterations, ms=None if ms is None else float(ms),
                  exploration=float(exploration), rollout=rollout, reward=reward,
                  horizon=horizon, prior=float(prior), opponents=opponents)


def need_policy(game: Game | None, what: str) -> None:
    """Refuse a setting that needs the game's playout policy where it has none."""
    if game is not None and policy_of(game) is None:
        raise BadRequest(f"budget: {game.name} has no playout policy {what}")


class IsmctsBot(Bot):
    """MO-ISMCTS from the seat's view (see ``cardroom.search.ismcts``)."""

    name = "ismcts"

    def __init__(self, game: Game, seed: int, config: Config) -> None:
        self.game = game
        self.rng = Rng(seed)
        self.config = config
        self.last: Stats | None = None
        self.top: list[dict[str, Any]] = []

    def choose(self, view: Seen, legal: Sequence[str]) -> str:
        if not legal:
            raise BadRequest("no legal action to choose from")
        if len(legal) == 1:
            self.last = Stats(0, 0.0, 0, {legal[0]: 0})
            self.top = single(legal[0])
            return legal[0]
        typed = self.game.read_view(view)
        seat = typed.seat
        if not isinstance(seat, int) or seat not in typed.to_act:
            raise BadRequest("ismcts needs the view of a seat that is to act")
        start = time.perf_counter()
        search = self.new_search(typed)
        first = search.determinize()
        by_action: dict[int, str] = {}
        for text in legal:
            action = first.parse_action(text)
            if action is None:
                raise BadRequest(f"{text!r} is not an action in {self.game.name}")
            by_action[action] = text
        order = list(by_action)
        children = search.run(set(order), first, start)
        action = pick(children, order, self.prior_bonus(view, legal, by_action, search))
        self.last = Stats(
            search.iterations, time.perf_counter() - start, search.node_count(),
            {by_action[a]: n.visits for a, n in children.items()})
        self.top = top_moves(children, by_action, action)
        return by_action[action]

    def new_search(self, view: TypedView[Any]) -> Search:
        """The search for one decision (a hook: bench/clairvoyant.py gives
        its search the referee state instead of determinizations)."""
        return Search(self.game, view, self.rng, self.config)

    def explain(self) -> list[dict[str, Any]]:
        return list(self.top)


    def prior_bonus(self, view: Seen, legal: Sequence[str], by_action: dict[int, str],
                    search: Search) -> dict[int, float]:
        """With a ``prior``, the heuristic's move gets that share of the
        iterations as extra visits: the search must prefer another move by
        that many visits to overrule it."""
        if not self.config.prior:
            return {}
        advice = self.game.heuristic_bot(self.rng.next64()).choose(view, legal)
        action = next((a for a, text in by_action.items() if text == advice), None)
        return {} if action is None else {action: self.config.prior * search.iterations}


def game_budget(game: Game, budget: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """``budget`` with the game's ``search_prior`` and ``search_opponents``
    (tuned with the arena) where the budget sets neither, and its playout
    policy where the budget names no rollout (search.policy)."""
    if not isinstance(budget, Mapping | None):
        return budget  # a budget that is not an object is parse_budget's to refuse
    return {"prior": game.search_prior, "rollout": default_rollout(game),
            "opponents": game.search_opponents, **(budget or {})}


def factory(game: Game, seed: int, budget: Mapping[str, Any] | None) -> Bot:
    return IsmctsBot(game, seed, parse_budget(game_budget(game, budget),
                                              default_iterations(game), game))
