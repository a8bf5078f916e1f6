"""What the tables show at the terminal (issue 21, items 9, 12 and 13): Papayoo's
last trick and the pass so far, Love Formula on an 80x24 screen with the
details one command away, and sentences that read right."""

from __future__ import annotations

from pathlib import Path

from cardroom.cli.menu import menu
from cardroom.core.bot import make_bot
from cardroom.core.rng import Rng
from cardroom.games import get_game
from tests.cli.support import cardroom

PAPAYOO = get_game("papayoo")
LOVE = get_game("love-formula")


def test_12_papayoo_shows_the_last_trick() -> None:
    state = PAPAYOO.new(4, 3)
    while state.phase() != "play":
        seat = state.to_act()[0]
        state.act(seat, state.legal_texts(seat)[0])
    assert "Last trick" not in PAPAYOO.render(state.view(1), False)
    plays = []
    for _ in range(4):
        seat = state.to_act()[0]
        plays.append((seat, state.legal_texts(seat)[0].split()[1]))
        state.act(seat, state.legal_texts(seat)[0])
    trick = [e for e in state.events_for(1) if e["type"] == "trick"][-1]
    text = PAPAYOO.render(state.view(1), False)
    names = {0: "seat 0", 1: "you", 2: "seat 2", 3: "seat 3"}
    cards = ", ".join(f"{names[s]} {c}" for s, c in plays)
    assert f"Last trick: {cards}; taken by {names[trick['winner']]}" in text
    assert "Trick 2: (nothing yet)" in text


def test_12_passing_shows_how_many_of_how_many_and_which(tmp_path: Path) -> None:
    out = cardroom("play", "papayoo", "--seed", "4", "--no-color", stdin="a\na\nquit\n",
                   cwd=tmp_path)
    assert "Chosen to pass: none yet (0 of 5 chosen)" in out.stdout
    assert "Chosen to pass: 1S (1 of 5 chosen)" in out.stdout
    assert "Chosen to pass: 1S 6S (2 of 5 chosen)" in out.stdout


def test_13_love_formula_fits_80x24_with_its_menu() -> None:
    """Every line fits 80 columns; the table, the menu and the prompt fit 24
    lines for every choice from a pack or a hand (a choice among the whole
    discard pile, 30 cards and more, scrolls)."""
    worst = 0
    for seed, options in ((1, {}), (2, {"chance": True, "goals": True, "promo": "add"})):
        state = LOVE.new(4, seed, options)
        bots = [make_bot("heuristic", LOVE, s) for s in range(4)]
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_texts(seat)
            if rng.random() < 0.5:
                screen = LOVE.render(state.view(seat), False, compact=True).splitlines()
                screen += [*menu(legal).splitlines(), "seat 0> "]
                assert all(len(line) <= 80 for line in screen), "\n".join(screen)
                if len(legal) <= 16:
                    worst = max(worst, len(screen))
            state.act(seat, bots[seat].choose_for(state, seat))
    assert worst <= 24, worst


def test_13_love_formula_at_the_table(tmp_path: Path) -> None:
    typed = "a\n" * 3 + "details\n" + "a\n" * 60 + "quit\n"
    out = cardroom("play", "love-formula", "--players", "3", "--seed", "2", "--no-color",
                   stdin=typed, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    # The pack again after each pick, compact; the full cards on 'details'.
    assert out.stdout.count("Pack (keep one;") >= 4
    assert "Interrupted! [reaction 1/8]: When an opponent plays" in out.stdout
    # Seed 2: seat 0 is offered reactions it cannot play: never asked to pass them.
    assert "passed for you" in out.stdout
    assert not any(line.strip() == "a) pass" for line in out.stdout.splitlines())


def test_9_love_formula_sentences() -> None:
    target = {"type": "target", "seat": 0, "card": "amnesia-1", "couple": "daisuke-chi",
              "target": 1}
    assert LOVE.describe_event(target, 0) == "You aim Amnesia at Daisuke and Chi."
    assert LOVE.describe_event(target, 1) == "Seat 0 aims Amnesia at Daisuke and Chi."
    react = {"type": "react", "seat": 2, "card": "not-today-1", "against": "amnesia-1"}
    assert LOVE.describe_event(react, 0) == "Seat 2 answered Amnesia with Not Today!"
    skipped = {"type": "skipped", "seat": 1, "card": "kiss-1"}
    assert LOVE.describe_event(skipped, 1) == "You take back Kiss and skip the turn."


def test_9_love_formula_after_the_end_waits_for_nobody() -> None:
    state = LOVE.new(2, 8)
    rng = Rng(8)
    while not state.is_over():
        seat = state.to_act()[0]
        state.act(seat, rng.choice(state.legal_texts(seat)))
    for compact in (False, True):
        assert "waiting for" not in LOVE.render(state.view(0), False, compact)


def test_9_pizzamania_12_on_top_cannot_be_beaten() -> None:
    game = get_game("pizzamania")
    state = game.new(3, 1)
    while not (state.view(1)["pile"] and state.view(1)["pile"][-1][1] == 12):
        seat = state.to_act()[0]
        legal = state.legal_texts(seat)
        state.act(seat, "play 12" if "play 12" in legal else legal[0])
    text = game.render(state.view(1), False)
    assert "(12 is the highest topping: nobody can beat it)" in text and "13" not in text
