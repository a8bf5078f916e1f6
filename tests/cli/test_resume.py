"""Resuming a saved game seats everyone as they were (issue 21, item 1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.support import cardroom


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    out = cardroom("play", "pile-up", "--players", "3", "--seat", "1", "--bots",
                   "random,ismcts:iterations=5", "--seed", "5", "--save", "s1.json",
                   "--no-color", stdin="quit\n", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "You: seat 1. Bots: seat 0 random, seat 2 ismcts:iterations=5." in out.stdout
    return tmp_path / "s1.json"


def test_the_file_keeps_who_sat_where(saved: Path) -> None:
    data = json.loads(saved.read_text())
    assert data["seats"] == [{"bot": "random"}, {"person": True},
                             {"bot": "ismcts:iterations=5"}]


def test_resume_seats_the_person_and_the_bots_as_they_were(saved: Path) -> None:
    out = cardroom("play", "--resume", saved.name, "--no-color", stdin="quit\n",
                   cwd=saved.parent)
    assert out.returncode == 0, out.stderr
    assert "You: seat 1. Bots: seat 0 random, seat 2 ismcts:iterations=5." in out.stdout
    assert "seat 1> " in out.stdout and "seat 0> " not in out.stdout
    # Flags that repeat the file are fine.
    same = cardroom("play", "pile-up", "--players", "3", "--seat", "1", "--resume",
                    saved.name, "--no-color", stdin="quit\n", cwd=saved.parent)
    assert same.returncode == 0 and "You: seat 1." in same.stdout, same.stderr


@pytest.mark.parametrize(("flags", "words"), [
    (("papayoo",), "holds a game of Pile up, not papayoo"),
    (("--players", "4"), "holds a 3-player game, not 4 players"),
    (("--seat", "0"), "was saved with these seats: You: seat 1."),
    (("--bots", "heuristic"), "was saved with these seats"),
    (("--seed", "6"), "holds a game with another seed"),
    (("--option", "stack={}"), "holds a game with option stack"),
])
def test_flags_that_contradict_the_file_are_refused(saved: Path, flags: tuple[str, ...],
                                                     words: str) -> None:
    before = saved.read_text()
    out = cardroom("play", *flags, "--resume", saved.name, cwd=saved.parent)
    assert out.returncode == 2 and words in out.stderr, out.stderr
    assert "Traceback" not in out.stderr and saved.read_text() == before


def test_a_game_option_given_before_resume_keeps_its_value(tmp_path: Path) -> None:
    """``play --rounds 2 --resume F``: "2" is the value of --rounds, not a
    game name (argparse alone reads it as the game)."""
    out = cardroom("play", "papayoo", "--rounds", "2", "--seed", "3", "--save", "r.json",
                   "--no-color", stdin="quit\n", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    same = cardroom("play", "--rounds", "2", "--resume", "r.json", "--no-color",
                    stdin="quit\n", cwd=tmp_path)
    assert same.returncode == 0, same.stderr
    other = cardroom("play", "--rounds", "4", "--resume", "r.json", "--no-color",
                     stdin="quit\n", cwd=tmp_path)
    assert other.returncode != 0
    assert "rounds" in other.stderr and "needs a value" not in other.stderr
