"""Multiple-observer information-set Monte Carlo tree search.

Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE TCIAIG 4(2), 2012: MO-ISMCTS, with one tree per seat.

Each iteration:

1. *Determinize*: draw a full state from the searching seat's view (the
   game's sampler deals what the seat cannot see, uniformly among the deals
   consistent with the view). The view is read once per search
   (``determinize.prepare``) and each iteration only deals the unseen cards
   anew. The search never sees the referee state.
2. *Select* down the trees on that determinization. The seat to move picks
   in its own tree (or, with ``opponents: policy``, every seat but the
   searching one moves by the game's opponent model, ``search.policy``),
   among its children that are legal in this
   determinization, by UCB1 with availability counts (a child's
   exploration term uses how often it was *available*, not how often its
   parent was visited). Every tree (with ``opponents: policy``, only the
   searching seat's: nothing reads the others) then follows the move as
   its seat observes it: another seat's tree by the log events of that
   move that the seat may see; the mover's tree by the action itself (the node that
   keeps the action's statistics) and then by what the mover saw of its
   outcome, in the same way. So a move hidden from a seat (a card chosen
   to pass, an unrevealed simultaneous choice) leads to one node in that
   seat's tree whatever it was, and no seat's choices can depend on what
   it could not have seen; while chance that the mover's own move draws
   and shows it (the cards a turn's refill brings, the base turned when
   its pass closes a pizza) leads to one node per outcome, so its later
   choices are not lumped together across outcomes it can tell apart.
3. *Expand* one untried legal action of the seat to move.
4. *Play out* with the game's playout policy where it names one
   (``search.policy``), else uniformly random moves (or, on request, MAST
   or the game's heuristic bot), to the end of the game, or to the search
   horizon (see ``reward``).
5. *Back up* each seat's utility into the nodes of its own moves.

Simultaneous steps (several seats in ``to_act``) are taken one seat at a
time: the searching seat first at the root, then a seat keeps acting while
it is still awaited (a multi-card pass is one seat's sequence of choices),
then the first awaited seat. Because every tree follows only its own seat's
observations, the order reveals nothing.

The move played is the root child with most visits (ties: higher mean,
then the legal order).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardroom.core.bot import Bot
from cardroom.core.game import Event, Game, State
from cardroom.core.pickling import by_fields
from cardroom.core.rng import Rng
from cardroom.core.views import View
from cardroom.search.determinize import prepare
from cardroom.search.policy import model_of, policy_of
from cardroom.search.policy import playout as policy_playout
from cardroom.search.reward import UTILITIES, Utility, margins, outcome

HARD_LIMIT_S = 60.0  # not Final: tests/test_reliability.py lowers it
"""No search runs longer than this, whatever its budget says."""


class Node:
    """One information set of one seat's tree.

    ``children`` maps the seat's own actions (ints) and its observations of
    moves (strings: another seat's move, or the outcome of its own move
    under the node of that action) to nodes; ``visits``, ``total`` and
    ``avail`` are the statistics of the move that led here, kept only for
    the seat's own moves (the ones it selects among)."""

    __slots__ = ("avail", "children", "margin", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int | str, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.margin = 0.0
        self.avail = 0


@dataclass(frozen=True)
class Config:
    """Search settings. ``iterations`` and ``ms`` bound the search (the
    first reached stops it); at least one is set."""

    iterations: int | None = None
    ms: float | None = None
    exploration: float = 0.7
    rollout: str = "random"
    epsilon: float = 0.3
    reward: str = "mix"
    horizon: bool = True
    prior: float = 0.0
    opponents: str = "tree"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # compiled, it pickles so (core.pickling)


@dataclass(frozen=True)
class Stats:
    """What the last search did (for benchmarks and the curious)."""

    iterations: int
    seconds: float
    nodes: int
    visits: dict[str, int]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # compiled, it pickles so (core.pickling)


def observation(events: Sequence[Event], seat: int) -> str:
    """How ``seat`` saw a move: the events it caused that the seat may see,
    as the repr of their list."""
    return _seen_by(events, [repr(e) for e in events], seat)


def _seen_by(events: Sequence[Event], texts: list[str], seat: int) -> str:
    """observation(events, seat), from each event's repr in ``texts``: the
    repr of the visible events' list, joined as repr() joins a list."""
    shown = [texts[i] for i, e in enumerate(events) if (to := e.get("to")) is None or seat in to]
    return "[" + ", ".join(shown) + "]"


class Search:
    """One search from one seat's view."""

    def __init__(self, game: Game, seen: View[Any] | Mapping[str, Any], rng: Rng,
                 config: Config) -> None:
        self.game = game
        self.view = view = game.read_view(seen)
        seat = view.seat
        if not isinstance(seat, int):
            raise ValueError("a search starts from a seat's view")
        self.seat: int = seat
        self.players: int = view.players
        self.rng = rng
        self.config = config
        self.utility: Utility = UTILITIES[config.reward]
        # Weight of the score-margin part (see reward); set by the first
        # outcome: margins need numeric scores.
        self.margin_weight: float | None = None
        self.low = math.inf
        self.high = -math.inf
        self.roots = [Node() for _ in range(self.players)]
        # Counted as they are made, so a search capped by node count never
        # walks its tree (up to 100k nodes) after the deadline.
        self.nodes: int = self.players
        self.iterations = 0
        # Playouts draw from a C-speed generator seeded from the bot's Rng
        # (Mersenne Twister's random() is the same on every platform).
        self.fast = random.Random(rng.next64())
        # MAST (move-average sampling): each seat's mean reward per action
        # over this search, steering "mast" playouts.
        self.mast: list[dict[int, list[float]]] = [{} for _ in range(self.players)]
        self.trail: list[tuple[int, int]] = []
        self.policy: list[Bot] | None = None
        if config.rollout == "heuristic":
            self.policy = [game.heuristic_bot(rng.next64()) for _ in range(self.players)]
        # rollout "policy": the game's cheap playout policy (search.policy).
        self.rule = policy_of(game) if config.rollout == "policy" else None
        # opponents "policy": the other seats' moves in the tree, by the
        # game's opponent model (search.policy.model_of).
        self.model = model_of(game) if config.opponents == "policy" else None
        # The trees a move is followed in: a modelled seat never chooses, so
        # its tree is never read and is not grown.
        self.trees = [self.seat] if self.model is not None else list(range(self.players))
        self.determinizer = prepare(game, view, rng)

    def determinize(self) -> State:
        state = self.determinizer.sample()
        if self.seat not in state.to_act():
            raise ValueError(
                f"{self.game.id}: the determinized state does not await seat {self.seat}")
        return state

    def run(self, allowed: set[int], first: State | None = None,
            started: float | None = None) -> dict[int, Node]:
        """Search until the budget is spent; the root children of ``allowed``.

        The time budget runs from ``started`` (a ``time.perf_counter()``
        reading: when the move began, so the search's setup counts) or else
        from now."""
        config = self.config
        limit = config.iterations
        seconds = HARD_LIMIT_S if config.ms is None else min(config.ms / 1000, HARD_LIMIT_S)
        deadline = (time.perf_counter() if started is None else started) + seconds
        state = first
        while True:
            if limit is not None and self.iterations >= limit:
                break
            if self.iterations and time.perf_counter() >= deadline:
                break
            self.iterate(state if state is not None else self.determinize(), allowed)
            state = None
            self.iterations += 1
        root = self.roots[self.seat].children
        return {a: node for a, node in root.items() if isinstance(a, int) and a in allowed}

    def iterate(self, d: State, allowed: set[int]) -> None:
        players = self.players
        trees = self.trees
        learning = self.config.rollout == "mast"  # MAST remembers the moves made
        cur = self.roots[:]
        path: list[tuple[int, Node]] = []
        horizon = self.config.horizon
        if horizon and type(d).rounds_completed is not State.rounds_completed:
            # The playout stops at this round's end: the next deal is never played.
            d.deal_next_round = False
        round0 = d.rounds_completed() if horizon else 0
        actor = self.seat
        at_root = True
        cut = False
        modelled = self.model
        while not d.is_over():
            to_act = d.to_act()
            if not at_root and actor not in to_act:
                actor = to_act[0]
            start = len(d.log)
            expanding = False
            if modelled is not None and actor != self.seat:
                # Another seat moves as the opponent model would, not by its
                # own tree's statistics.
                d.apply_unchecked(actor, modelled(d, actor, d.legal_actions(actor),
                                                  self.fast.random))
            else:
                legal = d.legal_actions(actor)
                if at_root:
                    legal = [a for a in legal if a in allowed]
                    at_root = False
                node = cur[actor]
                action, expanding = self.select(node, legal)
                # Listed by legal_actions just above: no need to check it again.
                d.apply_unchecked(actor, action)
                if learning:
                    self.trail.append((actor, action))
                child = node.children[action]
                path.append((actor, child))
                cur[actor] = child
            self.nodes += self.follow(cur, d.log[start:], trees)
            if horizon and d.rounds_completed() != round0:
                cut = True
                break
            if expanding:
                break
        if not cut and not d.is_over():
            cut = self.playout(d, horizon, round0)
        result = outcome(d)
        reward = self.utility(result.ranking, players)
        margin = self.margins(result)
        for seat, node in path:
            node.visits += 1
            node.total += reward[seat]
            node.margin += margin[seat]
        if learning:
            self.learn(reward)

    def select(self, node: Node, legal: list[int]) -> tuple[int, bool]:
        """The move to take from ``node`` and whether it is a new child: an
        untried move at random, else the best by UCB (with the score margin
        folded in when the reward uses it)."""
        children = node.children
        untried = [a for a in legal if a not in children]
        if untried:
            action = untried[self.rng.below(len(untried))]
            children[action] = Node()
            self.nodes += 1
            for a in legal:
                ch = children.get(a)
                if ch is not None:
                    ch.avail += 1
            return action, True
        c = self.config.exploration
        best = -math.inf
        action = legal[0]
        wm = self.margin_weight or 0.0
        wu = 1.0 - wm
        low, spread = self.low, self.high - self.low
        for a in legal:
            ch = children[a]
            ch.avail += 1
            value = wu * ch.total / ch.visits
            if wm:
                value += wm * ((ch.margin / ch.visits - low) / spread if spread else 0.5)
            value += c * math.sqrt(math.log(ch.avail) / ch.visits)
            if value > best:
                best, action = value, a
        return action, False

    def learn(self, reward: Sequence[float]) -> None:
        """MAST: fold this iteration's reward into each move's running mean."""
        mast = self.mast
        for seat, action in self.trail:
            entry = mast[seat].get(action)
            if entry is None:
                mast[seat][action] = [reward[seat], 1.0]
            else:
                entry[0] += reward[seat]
                entry[1] += 1.0
        self.trail.clear()

    def margins(self, result: Any) -> list[float]:
        """Score margins of an outcome, widening the scale they are read on."""
        if self.margin_weight == 0.0:
            return [0.0] * self.players
        found = margins(result, self.players)
        if self.margin_weight is None:
            reward = self.config.reward
            self.margin_weight = (0.0 if found is None or reward in ("win", "rank")
                                  else 1.0 if reward == "margin" else 1 / 3)
            if self.margin_weight == 0.0:
                return [0.0] * self.players
        if found is None:
            return [0.0] * self.players
        self.low = min(self.low, *found)
        self.high = max(self.high, *found)
        return found

    @staticmethod
    def follow(cur: list[Node], events: Sequence[Event], seats: Sequence[int]) -> int:
        """Move the tree of each of ``seats`` to the child its observation of
        a move's events names (the mover's tree from the node of its action);
        how many nodes that made."""
        made = 0
        public = all("to" not in e for e in events)
        shared = repr(events) if public else ""
        # Each event's text once, joined per seat as repr() of the seat's
        # list would: the same key as observation(), without re-rendering
        # the public events for every seat.
        texts = [] if public else [repr(e) for e in events]
        for seat in seats:
            key = shared if public else _seen_by(events, texts, seat)
            node = cur[seat]
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
                made += 1
            cur[seat] = child
        return made

    def playout(self, d: State, horizon: bool, round0: int) -> bool:
        """Play to the end or the horizon; True if stopped at the horizon.

        Random playouts take actions from ``legal_actions`` and so skip
        ``apply``'s re-check (``apply_unchecked``), and log no events
        (``State.record_events``). The property tests hold every game to
        ``legal_actions`` listing legal actions only.
        """
        policy = self.policy
        if policy is not None:
            while not d.is_over():
                seat = d.to_act()[0]
                d.act(seat, policy[seat].choose_for(d, seat))
                if horizon and d.rounds_completed() != round0:
                    return True
            return False
        # Nobody reads a playout's events (heuristic bots above may read the
        # log through their view, so they keep it): the rules build none.
        d.record_events = False
        rand = self.fast.random
        if self.config.rollout == "mast":
            return self.mast_playout(d, horizon, round0)
        if self.rule is not None:
            return policy_playout(self.rule, d, rand, horizon, round0)
        # Methods called on d, not hoisted into locals: compiled
        # (cardroom/compiled.py), a method call is direct, a local callable not.
        while not d.is_over():
            seat = d.to_act()[0]
            actions = d.legal_actions(seat)
            d.apply_unchecked(seat, actions[int(rand() * len(actions))])
            if horizon and d.rounds_completed() != round0:
                return True
        return False

    def mast_playout(self, d: State, horizon: bool, round0: int) -> bool:
        """``playout`` for ``rollout: mast``: with probability 1 - epsilon the
        move with the best mean reward so far for the seat to move (an untried
        move counts as 1), else a random one; each move is remembered for
        ``learn``."""
        rand = self.fast.random
        epsilon, trail, mast = self.config.epsilon, self.trail, self.mast
        while not d.is_over():
            seat = d.to_act()[0]
            actions = d.legal_actions(seat)
            if rand() < epsilon:
                action = actions[int(rand() * len(actions))]
            else:
                stats = mast[seat]
                action = max(actions, key=lambda a: 1.0 if (e := stats.get(a)) is None
                             else e[0] / e[1])
            d.apply_unchecked(seat, action)
            trail.append((seat, action))
            if horizon and d.rounds_completed() != round0:
                return True
        return False

    def node_count(self) -> int:
        """How many nodes the search's trees hold, roots included."""
        return self.nodes


def pick(children: Mapping[int, Node], order: Sequence[int],
         bonus: Mapping[int, float] | None = None) -> int:
    """The most visited action, counting ``bonus`` visits (the prior's); ties
    go to the higher mean, then to ``order``."""
    extra = bonus or {}

    def key(a: int) -> tuple[float, float, int]:
        node = children.get(a)
        if node is None or node.visits == 0:
            return (extra.get(a, 0.0), 0.0, -order.index(a))
        return (node.visits + extra.get(a, 0.0), node.total / node.visits, -order.index(a))

    return max(order, key=key)
