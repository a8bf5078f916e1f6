"""One rule for reading what a person types, in every game (issue 21, item 2):
menu entries are letters, so a number alone is always the number inside an
action (a Pizzamania topping, a Pile up seat or column) and never a menu
position; `help` says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardroom.cli.menu import label, menu, read_action
from cardroom.core.rng import Rng
from cardroom.games import all_games
from tests.cli.support import cardroom


def test_a_number_is_the_topping_not_the_menu_position() -> None:
    legal = ["play 3", "play 6", "play 7"]
    assert read_action("3", legal).action == "play 3"
    assert read_action("c", legal).action == "play 7"
    assert read_action("11", ["play 11", "pass"]).action == "play 11"
    refused = read_action("2", ["play 11", "pass"])
    assert refused.action is None and "menu entries are letters" in refused.problem


def test_the_menu_is_lettered() -> None:
    assert [label(i) for i in (0, 25, 26, 27, 52)] == ["a", "z", "aa", "ab", "ba"]
    shown = menu(["play 3", "play 6", "pass"])
    assert "a) play 3" in shown and "c) pass" in shown and "1)" not in shown
    many = [f"play {i}" for i in range(30)]
    assert read_action("ab", many).action == "play 27"


def test_a_text_that_could_mean_a_letter_and_an_action_is_refused() -> None:
    legal = [f"play {i}" for i in range(5)] + ["play bB"]
    # 'b' is menu entry b, and nothing ends in " b": the menu wins.
    assert read_action("b", legal).action == "play 1"
    clash = read_action("bb", [f"x{i}" for i in range(60)] + ["play bB"])
    assert clash.action is None and "could mean menu entry bb" in clash.problem


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_in_every_game_letters_pick_entries_and_numbers_are_never_positions(
        game: object) -> None:
    from cardroom.core.game import Game
    assert isinstance(game, Game)
    rng = Rng(11)
    state = game.new(game.min_players if game.id == "muzicando" else 3, 11)
    for _ in range(300):
        if state.is_over():
            break
        seat = rng.choice(list(state.to_act()))
        legal = state.legal_texts(seat)
        for i, action in enumerate(legal):
            assert read_action(label(i), legal).action in (action, None)
            tail = action.split()[-1]
            if tail.lstrip("-").isdigit():
                reading = read_action(tail, legal)
                assert reading.action in (None, *[a for a in legal if a.endswith(" " + tail)])
        state.act(seat, rng.choice(legal))


def test_pizzamania_at_the_table_8_plays_the_eights(tmp_path: Path) -> None:
    # Seed 2: seat 0 turns an x2 base holding 2 2, 5 5, 8 8 and 11 11.
    out = cardroom("play", "pizzamania", "--seed", "2", "--no-color", stdin="8\nquit\n",
                   cwd=tmp_path)
    assert " a) play 2" in out.stdout and "You played 8 8." in out.stdout, out.stdout[-2000:]


def test_help_states_the_rule_with_an_example_from_this_game(tmp_path: Path) -> None:
    out = cardroom("play", "pizzamania", "--seed", "2", "--no-color", stdin="help\nquit\n",
                   cwd=tmp_path)
    assert "Menu entries are letters, never numbers" in out.stdout
    assert "'a', 'play 2' or '2'" in out.stdout and "7S" not in out.stdout
