"""The heuristic player: its choices in set positions, and its strength
against a random player and an always-play-lowest player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardroom.core.bot import Bot, RandomBot, Seen
from cardroom.core.table import play_out
from cardroom.core.views import View
from cardroom.games.pizzamania import GAME
from cardroom.games.pizzamania.cards import BASE_CODES, BASE_SIZE
from cardroom.games.pizzamania.judgement import Reading
from cardroom.games.pizzamania.viewtypes import PizzamaniaSeatTable

BOT = GAME.heuristic_bot(0)


def view(hand: list[int], top: int | None = None, need: int = 1,
         sizes: tuple[int, ...] = (9, 9, 9), played: tuple[list[int], ...] = ([], [], []),
         passed: tuple[int, ...] = ()) -> View[Any]:
    """Seat 0's view of a pizza in round 1: its hand, the base's size, the
    top (played by seat 1), the other hands' sizes, what each played and who passed."""
    players = 1 + len(sizes)
    table = PizzamaniaSeatTable(
        round=1, rounds=3, simple=False, hand_sizes=(len(hand), *sizes), set_aside=0,
        base=BASE_CODES[BASE_SIZE.index(need)], base_size=need, base_deck=0,
        base_deck_makeup=dict.fromkeys(BASE_CODES, 0),
        pile=() if top is None else ((1, top),), top=top, turner=0 if top is None else 1,
        passed=passed, turn=0, finished=(), played=((), *(tuple(p) for p in played)),
        chefs={}, exchanges=(), orders=(), choices=(None,) * players,
        places=(None,) * players, hand=tuple(hand))
    return View(game=GAME.id, players=players, phase="play", to_act=(0,), over=False, seat=0,
                scores=((),) * players, options={}, log_size=0, table=table)


def legal(hand: list[int], top: int | None, need: int = 1) -> list[str]:
    low = 0 if top is None else top
    return [f"play {v}" for v in sorted(set(hand)) if v > low and hand.count(v) >= need] + ["pass"]


def choose(hand: list[int], top: int | None = None, need: int = 1, **kw: Any) -> str:
    return BOT.choose(view(hand, top, need, **kw), legal(hand, top, need))


def test_goes_out_when_it_can() -> None:
    assert choose([7, 7], top=4, need=2) == "play 7"
    assert choose([12], top=11) == "play 12"


def test_leads_its_lowest_group_that_fits_whole() -> None:
    assert choose([2, 2, 5, 9, 9]) == "play 5"
    assert choose([2, 2, 5, 9, 9], need=2) == "play 2"


def test_follows_with_its_cheapest_whole_group_without_breaking_a_pair() -> None:
    assert choose([4, 4, 6, 11], top=3) == "play 6"


def test_breaks_a_pair_only_when_the_card_goes_cheaply() -> None:
    assert choose([4, 4, 9, 9, 2], top=3) == "play 4"
    assert choose([2, 9, 9, 10, 10], top=5) == "pass"


def test_keeps_a_boss_to_regain_the_lead_later() -> None:
    assert choose([1, 2, 3, 5, 12], top=8) == "pass"


def test_uses_the_toppings_played_to_spot_a_boss() -> None:
    hand = [1, 2, 3, 5, 11]
    assert choose(hand, top=8) == "play 11"  # 12s unseen: 11 is just the cheapest follow
    twelves = ([12, 12], [12], [12])
    assert choose(hand, top=8, played=twelves) == "pass"  # every 12 played: keep the 11


def test_spends_a_boss_when_an_opponent_is_about_to_go_out() -> None:
    assert choose([1, 2, 3, 5, 12], top=8, sizes=(1, 9, 9)) == "play 12"


def test_only_seats_still_in_the_pizza_can_beat_a_play() -> None:
    # Seat 1 holds one card; seats 2 and 3 hold many but have passed: no
    # one left in this pizza can beat a pair of 5s.
    passed = Reading.of_view(view([5, 5, 1], top=3, need=2, sizes=(1, 9, 9), passed=(2, 3)))
    assert passed.boss(5)
    assert not Reading.of_view(view([5, 5, 1], top=3, need=2, sizes=(1, 9, 9))).boss(5)


class LowestPlay(Bot):
    name = "lowest"

    def choose(self, view: Seen, legal: Sequence[str]) -> str:
        return legal[0]


def average_place(players: int, games: int, other: type[Bot] | None) -> float:
    total = 0
    for seed in range(games):
        me = seed % players
        bots: list[Bot] = [RandomBot(seed * 8 + s) if other is None else LowestPlay()
                           for s in range(players)]
        bots[me] = GAME.heuristic_bot(seed)
        state = GAME.new(players, seed, {"simple": True})
        play_out(state, bots)
        total += [group[0] for group in state.result().ranking].index(me) + 1
    return total / games


def test_beats_random_players() -> None:
    assert average_place(4, 40, None) < 1.7  # 2.5 by chance


def test_beats_always_play_lowest_players() -> None:
    assert average_place(4, 120, LowestPlay) < 2.35  # 2.5 by chance


def test_d11_plays_on_an_x1_base_it_turned_even_holding_only_pairs() -> None:
    hand = [2, 2, 5, 5, 9, 9]
    must = [a for a in legal(hand, None) if a != "pass"]  # D11: no pass for the turner
    assert BOT.choose(view(hand), must) == "play 2"  # breaks its lowest pair
    assert BOT.choose(view([12]), ["play 12"]) == "play 12"


def test_d11_heuristic_games_never_try_an_illegal_pass() -> None:
    for players in (2, 4, 6):
        state = GAME.new(players, players)
        bots = [GAME.heuristic_bot(s) for s in range(players)]
        play_out(state, bots)  # the table refuses an illegal action
        assert state.is_over()
