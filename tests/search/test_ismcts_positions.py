"""The ismcts bot finds the plain best move in small hand-built positions of
Pile up, Pizzamania, Muzicando and Love Formula (Papayoo's are in
test_ismcts.py). Each position is reached from stacked random sources by
scripted moves, lists the exact legal moves, and has a clearly bad one
among them."""

from __future__ import annotations

import pytest

from cardroom.core.bot import make_bot
from cardroom.core.game import State
from cardroom.games import get_game
from cardroom.games.love_formula.state import LoveState
from cardroom.plugins import load_everything
from tests.games.love_formula.support import new as love_formula_game
from tests.games.love_formula.support import play_round, zone

load_everything()
SEEDS = [1, 2, 3]


# ----- Pile up ------------------------------------------------------------------
# Two players, the whole deck played out. Each turn lays cards of one number
# ("3R" places a card as a new visible card, "+3R" stacks it on the identical
# visible card); the dice show that number twice and the next number once.
# Numbers 1-4 end up in armed columns that nobody touches again (a black
# card laid last). Seat 1 lays 6G 6G 6G 6K 6W: the white, laid last, pushes
# those five cards onto seat 0 (who rolls a 1, not a 6, and keeps them).
# Seat 1 lays 5G onto 5R 5R 5R 5B 5B 5B: the third visible card, so seat 1
# takes all seven. The draw pile runs out during seat 1's push turn.
PILE_UP_TURNS: list[tuple[int, str]] = [
    (0, "1R +1R +1R 1B +1B +1B"),
    (1, "2R +2R +2R 2B +2B +2B"),
    (0, "1G +1G +1G 1W 1K"),
    (1, "2G +2G +2G 2W 2K"),
    (0, "3R +3R +3R 3B +3B +3B"),
    (1, "4R +4R +4R 4B +4B +4B"),
    (0, "3G +3G +3G 3W 3K"),
    (1, "4G +4G +4G 4W 4K"),
    (0, "5R +5R +5R 5B +5B +5B"),
    (1, "6G +6G +6G 6K 6W push-0"),
    (0, "6R +6R +6R done"),
    (1, "5G done"),
    (0, "6B +6B done"),
    (1, "5G +5G 5W 5K"),
]
PILE_UP_KEPT = ["6B"]  # seat 0's last card, held to the end


def pile_up_cards(text: str) -> list[str]:
    return [t.lstrip("+") for t in text.split() if t[0] in "+123456"]


def pile_up_action(token: str) -> str:
    if token == "push-0":
        return "push 0"
    if token == "done":
        return "done"
    return f"stack {token[1:]}" if token.startswith("+") else f"place {token}"


def pile_up_deck() -> list[str]:
    """Each seat is dealt, and draws, exactly the cards it lays next, in order
    (deal one card at a time, seat 0 first, D2; refills from the top)."""
    lays: list[list[str]] = [[], []]
    for seat, text in PILE_UP_TURNS:
        lays[seat] += pile_up_cards(text)
    lays[0] += PILE_UP_KEPT
    order = [lays[i % 2][i // 2] for i in range(12)]
    drawn = [6, 6]
    for seat, text in PILE_UP_TURNS:
        count = len(pile_up_cards(text))
        order += lays[seat][drawn[seat]:drawn[seat] + count]
        drawn[seat] += count
    return order[:66]


PILE_UP_ACTIONS = [(seat, pile_up_action(token))
                   for seat, text in PILE_UP_TURNS for token in text.split()]


def pile_up_position(moves: int) -> State:
    dice: list[int] = []
    for _, text in PILE_UP_TURNS:
        n = int(pile_up_cards(text)[0][0])
        dice += [n, n, n % 6 + 1]
        if "push-0" in text:
            dice.append(1)  # seat 0's avoidance roll misses the 6
    dice += [6, 6, 1]  # seat 0's last turn
    game = get_game("pile-up")
    state = game.new(2, 1, {"stack": {"deck": [pile_up_deck()], "dice": dice}})
    for seat, action in PILE_UP_ACTIONS[:moves]:
        assert state.to_act() == [seat]
        state.act(seat, action)
    return state


@pytest.mark.parametrize("seed", SEEDS)
def test_pile_up_last_card_is_stacked_not_laid_as_a_third_card(seed: int) -> None:
    """The draw pile is empty and seat 1 has played its last card; seat 0 holds
    one 6B, the dice show 6, and column 6 shows 6R (three stacked) and 6B (two
    stacked). Laying this card ends the game. "place 6B" makes a third visible
    card: seat 0 takes all six cards (A turn, 4) and ends with 11 minus cards
    to seat 1's 7. "stack 6B" keeps two visible cards: 5 against 7, and fewer
    minus cards win (End and scoring)."""
    state = pile_up_position(len(PILE_UP_ACTIONS))
    view = state.view(None)
    assert view["pile_size"] == 0 and view["hand_sizes"] == [1, 0]
    assert [len(m) for m in view["minus"]] == [5, 7]
    assert view["columns"][5]["stacks"] == [["6R", 3], ["6B", 2]]
    assert state.to_act() == [0] and state.legal_texts(0) == ["place 6B", "stack 6B"]
    bad = state.clone()
    bad.act(0, "place 6B")
    assert bad.is_over() and bad.result().ranking == [[1], [0]]
    bot = make_bot("ismcts", state.game, seed, {"iterations": 150})
    assert bot.choose_for(state, 0) == "stack 6B"


@pytest.mark.parametrize("seed", SEEDS)
def test_pile_up_does_not_lay_the_third_visible_card(seed: int) -> None:
    """The turn before: seat 0 has laid one 6B beside 6R (three stacked) and
    holds two more 6Bs; the draw pile is empty. Another "place 6B" makes the
    third visible card and, ending the play as the last card, takes the
    column (A turn, 4): five minus cards, 10 against seat 1's 7 with the
    game nearly over. Stacking it on the 6B, or stopping, takes nothing."""
    moves = PILE_UP_ACTIONS.index((0, "place 6B")) + 1
    state = pile_up_position(moves)
    view = state.view(None)
    assert view["pile_size"] == 0 and view["hand_sizes"] == [2, 4]
    assert [len(m) for m in view["minus"]] == [5, 7]
    assert view["columns"][5]["stacks"] == [["6R", 3], ["6B", 1]]
    assert state.to_act() == [0]
    assert state.legal_texts(0) == ["place 6B", "stack 6B", "done"]
    bad = state.clone()
    bad.act(0, "place 6B")
    bad.act(0, "done")
    assert [len(m) for m in bad.view(None)["minus"]] == [10, 7]
    bot = make_bot("ismcts", state.game, seed, {"iterations": 300})
    assert bot.choose_for(state, 0) in ("stack 6B", "done")


# ----- Pizzamania ---------------------------------------------------------------
# Two players, the simple game (one round, D10). On the first base, a large
# one, the seats play triples up the ladder 1s, 2s, ... 12s; seat 0 passes.
# Seat 1 leads 1 on a small base, seat 0 plays 2, seat 1 plays 5, seat 0
# passes; seat 1 leads 6 on the next, the seats go up to seat 0's 11 and
# seat 1, holding only a 4, passes.
PIZZAMANIA_DEAL = [
    [1, 1, 1, 3, 3, 3, 5, 5, 5, 7, 7, 7, 9, 9, 9, 11, 11, 11, 3, 12, 2, 7, 9, 11],
    [2, 2, 2, 4, 4, 4, 6, 6, 6, 8, 8, 8, 10, 10, 10, 12, 12, 12, 4, 1, 5, 6, 8, 10],
]
PIZZAMANIA_BASES = ["x3", *["x1"] * 16, *["x2"] * 8, *["x3"] * 3]
PIZZAMANIA_SCRIPT = ("1 2 3 4 5 6 7 8 9 10 11 12 pass "
                     "1 2 5 pass "
                     "6 7 8 9 10 11 pass")
PIZZAMANIA_PLAYS = PIZZAMANIA_SCRIPT.split()


def pizzamania_position(plays: int) -> State:
    game = get_game("pizzamania")
    state = game.new(2, 1, {"simple": True, "stack": {"deal": [PIZZAMANIA_DEAL],
                                                      "bases": [PIZZAMANIA_BASES]}})
    for play in PIZZAMANIA_PLAYS[:plays]:
        state.act(state.to_act()[0], play if play == "pass" else f"play {play}")
    return state


@pytest.mark.parametrize("seed", SEEDS)
def test_pizzamania_leads_the_twelve_to_keep_the_lead_and_go_out(seed: int) -> None:
    """Seat 0 turns a new small base and holds 3 and 12; seat 1 holds only a
    4. Leading 12: seat 1 cannot beat it and passes, the pizza is complete and
    seat 0 turns the next base and goes out with the 3 (A round, 5 and 7),
    winning. Leading 3 lets seat 1 play its 4 and go out first (passing is not
    allowed: seat 0 turned the x1 base, Pizzamania D11)."""
    state = pizzamania_position(len(PIZZAMANIA_PLAYS))
    assert state.view(None)["hand_sizes"] == [2, 1]
    assert state.view(0)["hand"] == [3, 12]
    assert state.to_act() == [0] and state.legal_texts(0) == ["play 3", "play 12"]
    bad = state.clone()
    bad.act(0, "play 3")
    assert bad.legal_texts(1) == ["play 4", "pass"]
    bad.act(1, "play 4")
    assert bad.is_over() and bad.result().ranking == [[1], [0]]
    bot = make_bot("ismcts", state.game, seed, {"iterations": 150})
    assert bot.choose_for(state, 0) == "play 12"


@pytest.mark.parametrize("seed", SEEDS)
def test_pizzamania_takes_the_pizza_rather_than_pass(seed: int) -> None:
    """Seat 1 has just played 10; seat 0 holds 3, 11 and 12, seat 1 only a 4.
    Either 11 or 12 wins the pizza (seat 1 cannot beat it), so seat 0 leads
    the next base and can go out before seat 1 plays (A round, 5).
    Passing gives seat 1 the next base, and it goes out with its 4."""
    state = pizzamania_position(len(PIZZAMANIA_PLAYS) - 2)
    assert state.view(None)["hand_sizes"] == [3, 1]
    assert state.view(0)["hand"] == [3, 11, 12]
    assert state.to_act() == [0]
    assert state.legal_texts(0) == ["play 11", "play 12", "pass"]
    bad = state.clone()
    bad.act(0, "pass")
    bad.act(1, "play 4")
    assert bad.is_over() and bad.result().ranking == [[1], [0]]
    bot = make_bot("ismcts", state.game, seed, {"iterations": 300})
    assert bot.choose_for(state, 0) in ("play 11", "play 12")


# ----- Muzicando ----------------------------------------------------------------
# Partnership game, one deal; seat 1 (East-West) bids 1M and opens. The seats
# open all seven colours, lay the six other signs (their blocks skip some
# turns), then build red and orange to Si and the other five colours to La.
# Seat 1 keeps the rest pV and SiV; seats 0 and 2 (North-South) keep one Si
# each, seat 3 two: every card still held is a Si that can go.
MUZICANDO_DEAL = [
    ["DoG", "ReR", "#O", "nY", "LaR", "FaO", "ReY", "LaY", "SolG", "FaB", "MiI", "ReV", "LaV",
     "SiY"],
    ["DoR", "DoB", "MiR", "bI", "ReO", "SolO", "MiY", "ReG", "LaG", "SolB", "FaI", "MiV", "pV",
     "SiV"],
    ["DoO", "DoI", "#R", "bB", "SolR", "SiR", "LaO", "FaY", "MiG", "ReB", "LaB", "SolI", "FaV",
     "SiG"],
    ["DoY", "DoV", "FaR", "nG", "MiO", "SiO", "SolY", "FaG", "MiB", "ReI", "LaI", "SolV", "SiB",
     "SiI"],
]
MUZICANDO_SCRIPT = (
    "DoR DoO DoY DoG DoB DoI DoV ReR MiR #R #O bB FaR nY SolR LaR bI SiR nG "
    "ReO MiO FaO SolO LaO SiO ReY MiY FaY SolY LaY ReG MiG FaG SolG LaG "
    "ReB MiB FaB SolB LaB ReI MiI FaI SolI LaI ReV MiV FaV SolV LaV")
MUZICANDO_PLAYS = MUZICANDO_SCRIPT.split()


def muzicando_position() -> State:
    game = get_game("muzicando")
    state = game.new(4, 1, {"deals": 1, "stack": {"deal": [MUZICANDO_DEAL]}})
    for call in ["bid 1M", "pass", "pass", "pass"]:
        state.act(state.to_act()[0], call)
    for card in MUZICANDO_PLAYS:
        state.act(state.to_act()[0], f"play {card}")
    return state


@pytest.mark.parametrize("seed", SEEDS)
def test_muzicando_lays_the_rest_and_goes_out_before_anyone_moves(seed: int) -> None:
    """Seat 1 holds pV and SiV, both playable; every other player holds only
    Si cards that can go, seat 2 (next to play, an opponent) a single one.
    The rest blocks every other player and seat 1 plays again (D6): SiV, out
    first, the contract made. Laying SiV first lets seat 2 lay its last card
    (compulsory, D4) and finish first: the contract fails (scoring of a
    deal: the declaring team loses the contract value)."""
    state = muzicando_position()
    view = state.view(None)
    assert view["hands"] == [["SiY"], ["SiV", "pV"], ["SiG"], ["SiB", "SiI"]]
    assert view["blocked"] == []
    assert state.to_act() == [1] and state.legal_texts(1) == ["play SiV", "play pV"]
    bad = state.clone()
    bad.act(1, "play SiV")
    assert bad.to_act() == [2] and bad.legal_texts(2) == ["play SiG"]
    bad.act(2, "play SiG")
    assert bad.log[-1] == {"type": "out", "seat": 2, "place": 1}
    bot = make_bot("ismcts", state.game, seed, {"iterations": 150})
    assert bot.choose_for(state, 1) == "play pV"


# ----- Love Formula -------------------------------------------------------------
# Two players. Seat 0 drafts Daisuke and Chi (perfect with First-Aid Kit and
# Home, 4 VP), First-Aid Kit, Home and nine cards that score nothing; seat 1
# drafts Takeshi and Yoko, Umbrella, Beach and plain preparations. In Play 1
# seat 0 lays the couple and attaches First-Aid Kit, then plays a harmless
# card a round (obstacles that cost seat 1 no VP) while seat 1 lays its
# couple, attaches Umbrella, lays Beach and then plays its job.
LOVE_IDLE = ["heart-to-heart-1", "exams-1", "exams-2", "misunderstanding-1",
             "misunderstanding-2", "strict-father-1", "strict-father-2"]
LOVE_MINE = ["daisuke-chi", "first-aid-kit-1", *LOVE_IDLE, "home-1", "heart-to-heart-2",
             "kiss-1"]
LOVE_THEIRS = ["takeshi-yoko", "umbrella-1", "beach-1", "park-1", "park-2", "cafe-1",
               "cafe-2", "bento-1", "bento-2", "aquarium-1", "aquarium-2", "concert-1"]


def love_formula_position() -> LoveState:
    state = love_formula_game(2, hands=[LOVE_MINE, LOVE_THEIRS])
    play_round(state, {0: "daisuke-chi", 1: "takeshi-yoko"})
    play_round(state, {0: "first-aid-kit-1", 1: "umbrella-1"},
               prefer=["attach daisuke-chi", "attach takeshi-yoko"])
    play_round(state, {0: LOVE_IDLE[0], 1: "beach-1"})
    for card in LOVE_IDLE[1:]:
        play_round(state, {0: card})
    return state


@pytest.mark.parametrize("seed", SEEDS)
def test_love_formula_completes_the_perfect_date_in_the_last_round(seed: int) -> None:
    """Round 10 of Play 1: seat 0 has Daisuke and Chi with First-Aid Kit
    attached (2 VP), seat 1 a couple with Umbrella and a loose Beach (3 VP).
    Home completes the perfect date: 4 VP for the couple plus 2 preparations,
    6 VP (Card types: Couple, Preparation). Kiss, Heart-to-Heart and the
    Barista job score nothing, and the hand is discarded at the end of the
    phase (Phases), so Home is worth playing now."""
    state = love_formula_position()
    assert state.phase() == "play-1" and state.round == 10
    assert [zone(state, s)["vp"] for s in (0, 1)] == [2, 3]
    assert 0 in state.to_act()
    assert state.legal_texts(0) == ["select home-1", "select kiss-1",
                                    "select heart-to-heart-2", "select barista"]
    bot = make_bot("ismcts", state.game, seed, {"iterations": 300})
    assert bot.choose_for(state, 0) == "select home-1"
