"""The ismcts bot: legal, seeded, view-only, and right where the answer is plain."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from typing import Any

import pytest

from cardroom.core.bot import Bot, RandomBot, bot_names, make_bot
from cardroom.core.errors import BadRequest
from cardroom.core.game import Game, State
from cardroom.core.rng import Rng
from cardroom.core.table import play_out
from cardroom.games import all_games, get_game
from cardroom.games.papayoo.state import PapayooState
from cardroom.plugins import load_everything
from cardroom.search import IsmctsBot, default_iterations, ismcts, parse_budget
from cardroom.search.determinize import Determinizer
from cardroom.search.ismcts import Search
from cardroom.search.reward import mix_utility, rank_utility, win_utility

load_everything()
GAMES = all_games()
SMALL = {"iterations": 12}


def positions(game: Game, players: int, seed: int, count: int) -> list[State]:
    """Copies of a random game at ``count`` points with a real choice to make."""
    state = game.new(players, seed)
    rng = Rng(seed)
    found: list[State] = []
    while not state.is_over() and len(found) < count:
        mover = rng.choice(list(state.to_act()))
        legal = state.legal_texts(mover)
        if len(legal) > 1 and rng.below(4) == 0:
            found.append(state.clone())
        state.act(mover, rng.choice(legal))
    return found


def chooser(state: State) -> int:
    """A seat that is to act with two or more legal actions (else the first)."""
    return next((s for s in state.to_act() if len(state.legal_texts(s)) > 1),
                state.to_act()[0])


def test_ismcts_is_a_registered_bot() -> None:
    assert "ismcts" in bot_names()
    bot = make_bot("ismcts", get_game("papayoo"), 1, None)
    assert isinstance(bot, IsmctsBot)
    assert bot.config.iterations == default_iterations(get_game("papayoo"))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_whole_game_with_ismcts_seats_is_legal(game: Game) -> None:
    """Every move ismcts returns is legal (``act`` would refuse one that is not)."""
    players = game.min_players
    state = game.new(players, 5)
    bots: list[Bot] = [make_bot("ismcts", game, 10 + s, {"iterations": 6}) if s % 2 == 0
                       else RandomBot(20 + s) for s in range(players)]
    moves = 0
    while not state.is_over():
        for seat in tuple(state.to_act()):
            if seat in state.to_act():
                legal = state.legal_texts(seat)
                action = bots[seat].choose_for(state, seat)
                assert action in legal
                state.act(seat, action)
                moves += 1
    assert moves > 0


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_same_seed_same_move_from_a_view_alone(game: Game) -> None:
    for state in positions(game, min(4, game.max_players), 3, 3):
        seat = chooser(state)
        view, legal = state.view(seat), state.legal_texts(seat)
        first = make_bot("ismcts", game, 42, SMALL).choose(view, legal)
        # A view written as JSON and read back is all the bot needs.
        again = make_bot("ismcts", game, 42, SMALL).choose(json.loads(json.dumps(view)), legal)
        assert first == again
        assert first in legal


@pytest.mark.pure_only  # swaps a compiled function (tests/conftest.py)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_search_sees_states_only_through_the_seat_view(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every state the search plays on is sampled from a determinizer
    prepared, once per search, from the view the bot was handed: it is never
    given the referee state."""
    state = positions(game, game.min_players, 8, 1)[0]
    seat = chooser(state)
    view = json.loads(json.dumps(state.view(seat)))
    prepared: list[str] = []
    sampled: list[State] = []
    real = ismcts.prepare

    class Counting:
        def __init__(self, inner: Determinizer) -> None:
            self.inner = inner

        def sample(self) -> State:
            sampled.append(self.inner.sample())
            return sampled[-1]

    def spy(g: Game, given: Any, rng: Rng) -> Determinizer:
        prepared.append(json.dumps(given.to_json(), sort_keys=True))
        return Counting(real(g, given, rng))

    monkeypatch.setattr(ismcts, "prepare", spy)
    bot = IsmctsBot(game, 1, parse_budget({"iterations": 9}))
    bot.choose(view, state.legal_texts(seat))
    assert bot.last is not None and bot.last.iterations == 9
    assert prepared == [json.dumps(view, sort_keys=True)]
    assert len(sampled) == 9


@pytest.mark.parametrize("rollout", ["random", "heuristic", "mast"])
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_rollout_policy_is_legal_and_seeded(game: Game, rollout: str) -> None:
    state = positions(game, min(4, game.max_players), 11, 1)[0]
    seat = chooser(state)
    view, legal = state.view(seat), state.legal_texts(seat)
    budget = {"iterations": 8, "rollout": rollout}
    moves = {make_bot("ismcts", game, 7, budget).choose(view, legal) for _ in range(2)}
    assert len(moves) == 1 and moves <= set(legal)


def test_mast_playouts_learn_action_values_over_the_search() -> None:
    """MAST: the playout policy's table holds a mean reward in [0, 1] for
    actions met in earlier iterations, for every seat that moved."""
    game = get_game("papayoo")
    state = game.new(4, 3)
    seat = state.to_act()[0]
    search = Search(game, state.view(seat), Rng(1), parse_budget({"rollout": "mast"}))
    search.run(set(state.legal_actions(seat)))
    assert all(search.mast[s] for s in range(4))
    for table in search.mast:
        for total, count in table.values():
            assert count >= 1 and 0.0 <= total / count <= 1.0


def test_the_prior_keeps_the_heuristic_move_unless_the_search_overrules_it() -> None:
    """With ``prior`` p the heuristic's move counts p * iterations extra visits
    when the move is picked: at p = 1 nothing can overrule it, at p = 0 the
    most visited move is played."""
    from cardroom.search.ismcts import Node, pick

    def node(visits: int) -> Node:
        n = Node()
        n.visits, n.total = visits, visits / 2
        return n

    children = {1: node(70), 2: node(30)}
    assert pick(children, [1, 2]) == 1
    assert pick(children, [1, 2], {2: 30.0}) == 1
    assert pick(children, [1, 2], {2: 50.0}) == 2
    game = get_game("papayoo")
    for state in positions(game, 4, 6, 4):
        seat = chooser(state)
        view, legal = state.view(seat), state.legal_texts(seat)
        advice = game.heuristic_bot(1).choose(view, legal)
        bot = make_bot("ismcts", game, 5, {"iterations": 30, "prior": 1})
        assert bot.choose(view, legal) == advice


def test_a_game_may_set_a_default_prior() -> None:
    pile_up, papayoo = get_game("pile-up"), get_game("papayoo")
    assert make_bot("ismcts", pile_up, 1, None).config.prior == pile_up.search_prior > 0
    assert make_bot("ismcts", pile_up, 1, {"iterations": 5}).config.prior == pile_up.search_prior
    assert make_bot("ismcts", pile_up, 1, {"prior": 0}).config.prior == 0
    assert make_bot("ismcts", papayoo, 1, None).config.prior == 0
    with pytest.raises(BadRequest, match="budget must be an object"):
        make_bot("ismcts", pile_up, 1, [5])  # type: ignore[arg-type]


def test_a_single_legal_action_is_returned_without_search() -> None:
    bot = IsmctsBot(get_game("papayoo"), 1, parse_budget(None))
    assert bot.choose({"seat": 0}, ["play 3H"]) == "play 3H"


def test_budgets() -> None:
    assert parse_budget({"iterations": 5}).iterations == 5
    timed = parse_budget({"ms": 50})
    assert timed.ms == 50.0 and timed.iterations is None
    assert parse_budget({"rollout": "heuristic", "reward": "win"}).rollout == "heuristic"
    assert parse_budget({"rollout": "mast", "reward": "margin"}).reward == "margin"
    for bad in ({"iterations": 0}, {"iterations": "9"}, {"ms": -1}, {"ms": True},
                {"iteration": 5}, {"rollout": "smart"}, {"reward": "score"},
                {"exploration": -1}, {"horizon": "yes"}, {"prior": 1.5}, {"prior": True}):
        with pytest.raises(BadRequest):
            parse_budget(bad)


def test_a_time_budget_still_returns_a_legal_move() -> None:
    game = get_game("papayoo")
    state = positions(game, 4, 2, 1)[0]
    seat = chooser(state)
    bot = make_bot("ismcts", game, 3, {"ms": 30})
    assert bot.choose_for(state, seat) in state.legal_texts(seat)
    assert isinstance(bot, IsmctsBot) and bot.last is not None and bot.last.iterations >= 1


def test_a_time_budget_runs_from_when_the_move_began() -> None:
    """A move's setup counts against its time cap (issue 16: ``hard`` stays
    under a second): a search started with its time already spent stops
    after the one iteration it always makes."""
    game = get_game("papayoo")
    state = positions(game, 4, 2, 1)[0]
    seat = chooser(state)
    search = Search(game, state.view(seat), Rng(1), parse_budget({"ms": 50}))
    search.run(set(state.legal_actions(seat)), started=time.perf_counter() - 1.0)
    assert search.iterations == 1
    fresh = Search(game, state.view(seat), Rng(1), parse_budget({"ms": 50}))
    fresh.run(set(state.legal_actions(seat)))
    assert fresh.iterations > 1


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_node_count_is_the_size_of_the_trees(game: Game) -> None:
    """Nodes are counted as they are made, not by walking the trees after
    the deadline; the count must match a walk."""
    state = positions(game, min(4, game.max_players), 5, 1)[0]
    seat = chooser(state)
    search = Search(game, state.view(seat), Rng(2), parse_budget({"iterations": 60}))
    search.run(set(state.legal_actions(seat)))
    stack, walked = list(search.roots), 0
    while stack:
        walked += 1
        stack.extend(stack.pop().children.values())
    assert walked > game.max_players and search.node_count() == walked


def test_every_tree_follows_a_move_by_what_its_seat_saw_of_it() -> None:
    """The mover's tree, at the node of its action, goes on by what it saw
    of the move's outcome (here a card it drew, shown only to it): two
    outcomes it can tell apart get two nodes, so its later choices are not
    lumped together; the other seat, who saw only that a card was drawn,
    stays in one node."""
    def drew(card: str) -> list[dict[str, Any]]:
        return [{"type": "play", "seat": 0, "card": "5S"},
                {"type": "draw", "seat": 0, "count": 1},
                {"type": "drawn", "seat": 0, "cards": [card], "to": [0]}]

    action_node, other_root = ismcts.Node(), ismcts.Node()
    after: list[list[ismcts.Node]] = []
    for card in ("1H", "2H", "1H"):
        cur = [action_node, other_root]
        ismcts.Search.follow(cur, drew(card), range(2))
        after.append(cur)
    assert after[0][0] is not after[1][0]  # different draws: different nodes
    assert after[0][0] is after[2][0]  # the same draw: the same node
    assert after[0][0] is not action_node and set(action_node.children) == {
        ismcts.observation(drew("1H"), 0), ismcts.observation(drew("2H"), 0)}
    assert after[0][1] is after[1][1] is after[2][1]  # seat 1 could not tell
    assert len(other_root.children) == 1


def test_in_pile_up_a_turn_s_refill_splits_the_movers_tree() -> None:
    """Pile up refills the mover's hand when its turn ends: the search's
    tree for that seat has a node per refill it saw under the move's node."""
    game = get_game("pile-up")
    state = game.new(3, 5)
    seat = state.to_act()[0]
    search = ismcts.Search(game, state.view(seat), Rng(1),
                           parse_budget({"iterations": 300}, game=game))
    search.run(set(state.legal_actions(seat)))
    split = 0
    for action, node in search.roots[seat].children.items():
        d = search.determinize()
        start = len(d.log)
        d.apply(seat, action)
        mine = repr(d.log[start])  # the move itself, as every outcome's record begins
        assert node.children and all(key.startswith(f"[{mine}") for key in node.children)
        split += len(node.children) > 1
    assert split, "no own move of the searching seat led to outcomes it could tell apart"


def test_utilities_from_rankings() -> None:
    ranking = [[2], [0, 3], [1]]
    assert win_utility(ranking, 4) == [0.0, 0.0, 1.0, 0.0]
    assert rank_utility(ranking, 4) == [0.5, 0.0, 1.0, 0.5]
    assert mix_utility(ranking, 4) == [0.25, 0.0, 1.0, 0.25]
    assert win_utility([[0, 1], [2]], 3) == [0.5, 0.5, 0.0]
    assert rank_utility([[0, 1, 2]], 3) == [0.5, 0.5, 0.5]


# ----- Papayoo positions with a plain best move --------------------------------
# Three players, one round. Before passing: seat 0 holds four spades, the
# hearts and 1-6P; seat 1 four spades, the diamonds and 7-12P; seat 2 only
# 2S and 10S in spades, the clubs and 13-20P. Each passes its suit's 1-5,
# so no spade changes hands and seat 2 holds no heart.
DEAL = [
    ["7S", "1S", "3S", "4S", *(f"{r}H" for r in range(1, 11)), *(f"{r}P" for r in range(1, 7))],
    ["9S", "5S", "6S", "8S", *(f"{r}D" for r in range(1, 11)), *(f"{r}P" for r in range(7, 13))],
    ["10S", "2S", *(f"{r}C" for r in range(1, 11)), *(f"{r}P" for r in range(13, 21))],
]
PASSES = [[f"{r}H" for r in range(1, 6)], [f"{r}D" for r in range(1, 6)],
          [f"{r}C" for r in range(1, 6)]]


def papayoo_position(die: str, plays: list[str]) -> State:
    game = get_game("papayoo")
    state = game.new(3, 1, {"rounds": 1, "stack": {"deal": [DEAL], "die": [die]}})
    for seat, cards in enumerate(PASSES):
        for card in cards:
            state.act(seat, f"pass {card}")
    for play in plays:
        state.act(state.to_act()[0], f"play {play}")
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_papayoo_last_to_play_ducks_under_the_papayoo(seed: int) -> None:
    """7S is the Papayoo: seat 0 leads it, seat 1 plays 9S; seat 2, last, holds
    2S and 10S. 10S takes the trick and its 40 points; 2S leaves them to seat 1."""
    state = papayoo_position("S", ["7S", "9S"])
    assert state.to_act() == [2] and state.legal_texts(2) == ["play 2S", "play 10S"]
    bot = make_bot("ismcts", state.game, seed, {"iterations": 150})
    assert bot.choose_for(state, 2) == "play 2S"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_papayoo_second_to_play_stays_under_the_papayoo(seed: int) -> None:
    """Seat 0 leads 7S, the Papayoo; seat 1 holds 5S 6S 8S 9S and seat 2, last,
    can duck with 2S. 8S or 9S would take the 40 points; 5S or 6S cannot."""
    state = papayoo_position("S", ["7S"])
    assert state.to_act() == [1]
    assert state.legal_texts(1) == ["play 5S", "play 6S", "play 8S", "play 9S"]
    bot = make_bot("ismcts", state.game, seed, {"iterations": 200})
    assert bot.choose_for(state, 1) in ("play 5S", "play 6S")


def test_engine_suggest_offers_ismcts() -> None:
    lines = [
        {"id": 1, "cmd": "new", "game": "papayoo", "players": 4, "seed": 9},
        {"id": 2, "cmd": "legal", "seat": 0},
        {"id": 3, "cmd": "suggest", "seat": 0, "bot": "ismcts",
         "budget": {"iterations": 20}, "seed": 5},
        {"id": 4, "cmd": "suggest", "seat": 0, "bot": "ismcts",
         "budget": {"iterations": 20}, "seed": 5},
        {"id": 5, "cmd": "suggest", "seat": 0, "bot": "ismcts", "budget": {"iterations": 0}},
    ]
    out = subprocess.run([sys.executable, "-m", "cardroom", "engine"],
                         input="".join(json.dumps(x) + "\n" for x in lines),
                         capture_output=True, text=True, timeout=120)
    replies = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["ok"] for r in replies] == [True, True, True, True, False]
    assert replies[2]["action"] in replies[1]["actions"]
    assert replies[2]["action"] == replies[3]["action"]
    assert replies[4]["error"]["code"] == "bad_request"


def test_play_out_with_ismcts_for_every_seat_finishes() -> None:
    game = get_game("papayoo")
    state = game.new(3, 4, {"rounds": 1})
    play_out(state, [make_bot("ismcts", game, s, {"iterations": 4}) for s in range(3)])
    assert state.is_over()


def played_out(horizon: bool) -> State:
    """The determinization of one iteration's search, papayoo's first move."""
    game = get_game("papayoo")
    state = game.new(4, 3)  # four rounds
    seat = state.to_act()[0]
    search = Search(game, state.view(seat), Rng(1), parse_budget({"horizon": horizon}))
    d = search.determinize()
    search.iterate(d, set(state.legal_actions(seat)))
    return d


def test_playouts_stop_at_the_round_end_when_the_game_offers_it() -> None:
    """The optional horizon hooks (cardroom.search.reward): with them a
    playout ends when the round is scored; with the horizon turned off, at
    the game's end."""
    cut = played_out(True)
    assert not cut.is_over() and isinstance(cut, PapayooState)
    assert len(cut.round_points) == 1
    # ... and without dealing the round after (State.deal_next_round)
    assert not cut.deal_next_round and cut.hands == [0] * 4
    assert played_out(False).is_over()


@pytest.mark.pure_only  # swaps a compiled function (tests/conftest.py)
def test_without_the_hooks_playouts_go_to_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(PapayooState, "rounds_completed")
    uncut = played_out(True)
    assert uncut.is_over() and uncut.deal_next_round


@pytest.mark.parametrize("game_id", ["papayoo", "muzicando", "pizzamania", "love-formula"])
def test_standing_after_the_last_round_is_the_result(game_id: str) -> None:
    """The horizon's standing agrees with the game's result when the last
    round is scored, and counts every round scored on the way."""
    game = get_game(game_id)
    state = game.new(4, 2)
    rng = Rng(4)
    counts = [state.rounds_completed()]  # type: ignore[attr-defined]
    while not state.is_over():
        mover = rng.choice(list(state.to_act()))
        state.act(mover, rng.choice(state.legal_texts(mover)))
        counts.append(state.rounds_completed())  # type: ignore[attr-defined]
    assert counts[0] == 0 and counts == sorted(counts) and counts[-1] >= 1
    standing = state.standing()  # type: ignore[attr-defined]
    assert standing.ranking == state.result().ranking
    assert standing.scores == state.result().scores
    assert state.outlook() == standing  # type: ignore[attr-defined]


def test_a_cut_playout_is_judged_by_the_games_outlook() -> None:
    """Love Formula adds what each seat can still expect to its VP; a game
    that does not keeps the standing."""
    from cardroom.search.reward import outcome

    love = get_game("love-formula").new(3, 5)
    rng = Rng(5)
    while love.phase() != "play-1":  # type: ignore[attr-defined]
        for seat in list(love.to_act()):
            love.act(seat, rng.choice(love.legal_texts(seat)))
    assert outcome(love) == love.outlook()  # type: ignore[attr-defined]
    assert outcome(love).scores != love.standing().scores  # type: ignore[attr-defined]
    papayoo = get_game("papayoo").new(4, 5)
    assert outcome(papayoo) == papayoo.standing()  # type: ignore[attr-defined]


def test_margins_read_the_direction_off_the_ranking() -> None:
    from cardroom.core.game import Result
    from cardroom.search.reward import margins

    low_wins = Result([[1], [0], [2]], [50, 10, 190])
    assert margins(low_wins, 3) == [50.0, 110.0, -160.0]
    high_wins = Result([[2], [0], [1]], [50, 10, 190])
    assert margins(high_wins, 3) == [-50.0, -110.0, 160.0]
    assert margins(Result([[0], [1]], [[1, 2], [2, 1]]), 2) is None


def test_the_trees_key_a_move_by_each_seats_observation_of_it() -> None:
    # follow() builds each seat's key from the events' texts rendered once;
    # it must be exactly observation() of that seat, private events or not:
    # the repr of the list of the events the seat may see.
    events = [{"type": "play", "seat": 0, "card": "1H"},
              {"type": "draw", "seat": 1, "card": "5S", "to": [1]},
              {"type": "pass", "seat": 2, "cards": ["2C", "3C"], "to": [2, 0]}]
    for chosen in ([], events[:1], events[1:2], events, events[::-1]):
        cur = [ismcts.Node() for _ in range(3)]
        roots = cur[:]
        ismcts.Search.follow(cur, chosen, range(3))
        for seat in range(3):
            seen = repr([e for e in chosen if "to" not in e or seat in e["to"]])
            assert ismcts.observation(chosen, seat) == seen
            assert roots[seat].children == {seen: cur[seat]}
