"""`cardroom learn GAME`: a game's lesson at the terminal, from the same
data as the page's tutorial (``core.lessons``), in English. ``--check``
rehearses it on the engine instead and prints each step's moment."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from importlib import resources
from typing import Any

from cardroom.core.errors import CardroomError
from cardroom.core.game import Game, State
from cardroom.core.lessons import Lesson, LessonError, Step, load_lesson, play_script, trace
from cardroom.games import all_games

Ask = Callable[[str], str]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("learn", help="learn a game: its tutorial at the terminal")
    parser.add_argument("game", help="the game's id (cardroom games lists them)")
    parser.add_argument("--check", action="store_true",
                        help="rehearse the lesson on the engine and print its steps")
    parser.add_argument("--no-color", action="store_true", help="plain text, no colours")
    parser.set_defaults(run=run)


def lesson_words(game_id: str, lang: str = "en") -> dict[str, str]:
    """The lesson's texts of the page catalog of one language."""
    path = resources.files("cardroom.server") / "static" / "games" / game_id / f"{lang}.json"
    catalog: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return {key.removeprefix("lesson."): value for key, value in catalog.items()
            if key.startswith("lesson.") and isinstance(value, str)}


def run(args: argparse.Namespace, extra: list[str]) -> int:
    games = {g.id: g for g in all_games()}
    game = games.get(args.game)
    if game is None:
        print(f"no game {args.game!r} (games: {', '.join(games)})")
        return 2
    lesson = load_lesson(game)
    if lesson is None:
        print(f"{game.name} has no lesson yet")
        return 2
    if args.check:
        try:
            trace(lesson, game)
        except LessonError as err:
            print(f"the lesson does not play: {err.message}")
            return 1
        print("the lesson plays through")
        return 0
    return Learner(game, lesson, lesson_words(game.id), not args.no_color).run(input)


class Learner:
    """One lesson at the terminal: the scripted seats play, each step is
    said, and only the action the step asks for is taken."""

    def __init__(self, game: Game, lesson: Lesson, words: dict[str, str], color: bool) -> None:
        self.game, self.lesson, self.words, self.color = game, lesson, words, color
        self.state: State = lesson.start(game)
        self.played = dict.fromkeys(range(lesson.players), 0)
        self.shown = 0  # the learner's events printed so far

    def run(self, ask: Ask) -> int:
        try:
            for step in self.lesson.steps:
                self.step(step, ask)
        except (EOFError, KeyboardInterrupt):
            print("\nthe lesson stops here; `cardroom learn` starts it again")
            return 0
        print("\nThat is the lesson. Play a game: "
              f"cardroom play {self.game.id} --bots easy")
        return 0

    def step(self, step: Step, ask: Ask) -> None:
        self.scripted()
        print(f"\n== {self.words.get(step.text, step.text)}")
        if not step.do:
            ask("(Enter: next) ")
            return
        for action in step.do:
            self.scripted()
            print(self.game.render(self.state.seen(self.lesson.seat), self.color))
            while not self.take(ask(f"your move ({action}) > ").strip(), action):
                pass

    def take(self, typed: str, expected: str) -> bool:
        """Whether the typed action was the expected one (then it is played)."""
        seat = self.lesson.seat
        if typed == expected:
            self.state.act(seat, typed)
            self.played[seat] += 1
            self.events()
            return True
        if typed in self.state.legal_texts(seat):
            print(f"that is legal, but this step asks for {expected}")
            return False
        try:
            self.state.clone().act(seat, typed)
        except CardroomError as err:
            print(err.message)
        return False

    def scripted(self) -> None:
        """The other seats play their script while the game awaits them."""
        play_script(self.lesson, self.state, self.played)
        self.events()

    def events(self) -> None:
        events = self.state.events_for(self.lesson.seat, self.shown)
        self.shown += len(events)
        for event in events:
            line = self.game.describe_event(event, self.lesson.seat)
            if line:
                print(f"  {line}")
        sys.stdout.flush()
