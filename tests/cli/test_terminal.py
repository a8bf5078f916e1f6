"""The table on a real (pseudo-)terminal (issue 21, items 5 and 6): closing the
terminal keeps every move, and two people at one terminal never see each
other's hands."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.cli.support import Pty, cardroom, fake_root

CLEAR = "\x1b[2J"


@pytest.mark.parametrize("through", ["cardroom", "run.py"])
def test_5_closing_the_terminal_keeps_every_move(tmp_path: Path, through: str) -> None:
    args = ["play", "papayoo", "--seed", "3", "--save", "g.json", "--no-color"]
    command = ([sys.executable, "-m", "cardroom", *args] if through == "cardroom" else
               [sys.executable, str(fake_root(tmp_path) / "run.py"), *args])
    term = Pty(command, cwd=tmp_path)
    for chosen in (1, 2):
        term.expect(f"({chosen - 1} of 5 chosen)")
        term.expect("seat 0> ")
        term.send("a\n")
    term.expect("(2 of 5 chosen)")
    term.hang_up()
    term.finish()
    record = json.loads((tmp_path / "g.json").read_text())
    assert [a for s, a in record["actions"] if s == 0] == ["pass 2S", "pass 4S"]
    assert record["seats"][0] == {"person": True}


def test_6_the_next_persons_hand_waits_for_enter_on_a_cleared_screen(tmp_path: Path) -> None:
    term = Pty([sys.executable, "-m", "cardroom", "play", "papayoo", "--seed", "5",
                "--seat", "0,2", "--no-color"], cwd=tmp_path)
    for _ in range(5):
        term.expect("seat 0> ")
        seen = len(term.text)
        term.send("a\n")
        term.expect("\n", timeout=30)
    screen = term.expect("Pass the terminal to seat 2 and press Enter")
    handed = screen.rindex(CLEAR)
    assert "Your hand" not in screen[handed:], "seat 2's hand came before Enter"
    assert seen < handed
    term.send("\n")
    after = term.expect("seat 2> ")
    hand_shown = after.index("Your hand", handed)
    assert after.rindex(CLEAR, 0, hand_shown) > handed, "the prompt is cleared before the hand"
    term.send("quit\n")
    assert term.finish() == 0


def test_6_without_a_terminal_the_hand_over_still_waits_for_a_line(tmp_path: Path) -> None:
    out = cardroom("play", "papayoo", "--seed", "5", "--rounds", "1", "--seat", "0,2",
                   "--no-color", stdin="a\n" * 5 + "quit\n", cwd=tmp_path)
    before = out.stdout.split("Pass the terminal to seat 2 and press Enter", 1)[0]
    after = out.stdout.split("Pass the terminal to seat 2 and press Enter", 1)[1]
    assert "=== Seat 2: your turn (others, look away) ===" in before
    assert "Your hand" in before and "Your hand" not in after  # 'quit' came at the hand-over
    assert CLEAR not in out.stdout  # no control codes into a file or a pipe
