"""Lessons: a game's tutorial as data, and the rehearsal that plays it on
the engine.

A lesson (``lesson.json`` in the game's package) is a real game: a seed and
options whose ``stack`` deals the cards the lesson needs, the learner's
seat, every other seat's actions in order (its *script*), and the steps the
learner follows. A step names its words (the key ``lesson.<text>`` of the
game's page catalogs) and the learner's actions it asks for, in order; a
step that asks for none only explains. Front ends (the table page at
``/learn/<game>``, the terminal's ``cardroom learn``) show the steps; the
room plays the scripted seats. ``rehearse`` plays the whole lesson as they
will, so that a rules change that breaks a lesson breaks a test.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from cardroom.core.errors import CardroomError
from cardroom.core.game import Game, State

LESSON_FILE = "lesson.json"


class LessonError(CardroomError):
    """A lesson that cannot be read, or that the engine will not play."""

    code = "bad_lesson"


@dataclass(frozen=True)
class Step:
    """``text``: the catalog key ``lesson.<text>`` of its words. ``do``:
    the learner's actions, in order; none: a step that only explains."""

    text: str
    do: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "do": list(self.do)}


@dataclass(frozen=True)
class Lesson:
    game: str
    players: int
    seat: int  # the learner's
    seed: int
    options: Mapping[str, Any]
    script: Mapping[int, tuple[str, ...]]  # every other seat's actions, in order
    steps: tuple[Step, ...]

    def learner_actions(self) -> list[str]:
        return [action for step in self.steps for action in step.do]

    def expected(self, seat: int, played: int) -> str | None:
        """What ``seat`` is to play after ``played`` actions of its own:
        its scripted or asked-for action, or None once the lesson has no
        more for it (the seat is then free, or a bot)."""
        actions = self.learner_actions() if seat == self.seat else self.script.get(seat, ())
        return actions[played] if played < len(actions) else None

    def to_json(self) -> dict[str, Any]:
        """The lesson as ``lesson.json`` holds it (``read_lesson``'s input)."""
        return {"players": self.players, "seat": self.seat, "seed": self.seed,
                "options": dict(self.options),
                "script": {str(seat): list(actions) for seat, actions in self.script.items()},
                "steps": [step.to_json() for step in self.steps]}

    def public(self) -> dict[str, Any]:
        """What a learner's page may know: the steps and the seat, never
        the stacked deal or the other seats' script."""
        return {"game": self.game, "players": self.players, "seat": self.seat,
                "steps": [step.to_json() for step in self.steps]}

    def start(self, game: Game) -> State:
        return game.new(self.players, self.seed, dict(self.options))


def load_lesson(game: Game) -> Lesson | None:
    """The lesson in the game's package, or None where it has none."""
    return _lesson_in(game.id, type(game).__module__)


@functools.cache
def _lesson_in(game_id: str, module: str) -> Lesson | None:
    # The game's class is defined in its package or in a module of it.
    package = module if hasattr(sys.modules[module], "__path__") else module.rpartition(".")[0]
    path = resources.files(package) / LESSON_FILE
    if not path.is_file():
        return None
    return read_lesson(game_id, json.loads(path.read_text(encoding="utf-8")))


def read_lesson(game_id: str, data: Any) -> Lesson:
    """A lesson from its JSON form, its shape checked (not its play)."""
    if not isinstance(data, dict):
        raise LessonError("a lesson is a JSON object")
    players, seat, seed = (_whole(data, key) for key in ("players", "seat", "seed"))
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise LessonError("'options' must be an object")
    script = data.get("script", {})
    if not isinstance(script, dict):
        raise LessonError("'script' must map seat numbers to lists of actions")
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        raise LessonError("'steps' must be a list of at least one step")
    return Lesson(game_id, players, seat, seed, dict(options),
                  {_seat_number(key, players): _actions(value, f"script {key}")
                   for key, value in script.items()},
                  tuple(_step(i, step) for i, step in enumerate(steps)))


def _whole(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise LessonError(f"{key!r} must be a whole number")
    return value


def _seat_number(key: str, players: int) -> int:
    if not key.isdigit() or int(key) >= players:
        raise LessonError(f"script: {key!r} is not a seat of {players} players")
    return int(key)


def _actions(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(a, str) for a in value):
        raise LessonError(f"{where}: must be a list of action strings")
    return tuple(value)


def _step(number: int, data: Any) -> Step:
    if not isinstance(data, dict) or not isinstance(data.get("text"), str):
        raise LessonError(f"step {number}: must be an object with a 'text' key")
    unknown = set(data) - {"text", "do"}
    if unknown:
        raise LessonError(f"step {number}: unknown keys {sorted(unknown)}")
    return Step(data["text"], _actions(data.get("do", []), f"step {number}"))


@dataclass
class Moment:
    """What the rehearsal saw when a step came up: the game's state then
    (its own copy), and the step's number."""

    step: int
    state: State


def rehearse(lesson: Lesson, game: Game,
             seen: Callable[[Moment], None] | None = None) -> State:
    """Play the lesson as the room and a learner will: the scripted seats
    act whenever the game awaits them, each step comes up once they have,
    and the learner plays what each step asks. Raises LessonError, saying
    where and why (the engine's reason), when a scripted or asked-for
    action is not legal, when a step would wait for ever (the learner not
    awaited and nobody else to play), or when a script is not played out.
    ``seen`` is told each step's moment. Returns the state at the end."""
    if lesson.seat >= lesson.players:
        raise LessonError(f"the learner's seat {lesson.seat} is not one of "
                          f"{lesson.players} seats")
    try:
        state = lesson.start(game)
    except CardroomError as err:
        raise LessonError(f"the lesson's game cannot start: {err.message}") from None
    played = dict.fromkeys(range(lesson.players), 0)
    for number, step in enumerate(lesson.steps):
        play_script(lesson, state, played, f"before step {number} ({step.text})")
        if seen is not None:
            seen(Moment(number, state.clone()))
        if not step.do and lesson.seat not in state.to_act() and not state.is_over():
            raise LessonError(f"step {number} ({step.text}): the learner is not awaited and "
                              "nobody else is to play: the page would wait for ever")
        for action in step.do:
            play_script(lesson, state, played, f"step {number} ({step.text})")
            _play(state, lesson.seat, action, f"step {number} ({step.text})")
            played[lesson.seat] += 1
    play_script(lesson, state, played, "after the last step")
    for seat, actions in lesson.script.items():
        if played[seat] < len(actions):
            raise LessonError(f"seat {seat}'s script is not played out: "
                              f"{list(actions[played[seat]:])} left")
    return state


def play_script(lesson: Lesson, state: State, played: dict[int, int],
                where: str = "") -> None:
    """Play the scripted seats while the game awaits one that has an action
    left (``played``: each seat's actions so far, counted on)."""
    while True:
        ready = [s for s in state.to_act() if s != lesson.seat
                 and lesson.expected(s, played[s]) is not None]
        if not ready:
            return
        seat = ready[0]
        _play(state, seat, lesson.expected(seat, played[seat]) or "", f"{where}: seat {seat}")
        played[seat] += 1


def _play(state: State, seat: int, action: str, where: str) -> None:
    try:
        state.act(seat, action)
    except CardroomError as err:
        raise LessonError(f"{where}: {action!r} cannot be played: {err.message}") from None


def trace(lesson: Lesson, game: Game, out: Callable[[str], None] = print) -> None:
    """For a lesson's author: each step, who is awaited, and the learner's
    legal actions at it."""
    def show(moment: Moment) -> None:
        state = moment.state
        step = lesson.steps[moment.step]
        out(f"step {moment.step} {step.text}: phase {state.phase()}, "
            f"to act {list(state.to_act())}, asks {list(step.do)}")
        if lesson.seat in state.to_act():
            out(f"    legal: {' | '.join(state.legal_texts(lesson.seat))}")
    rehearse(lesson, game, show)


def lesson_games(games: Sequence[Game]) -> list[tuple[Game, Lesson]]:
    """The games that have a lesson, with it."""
    return [(game, lesson) for game in games if (lesson := load_lesson(game)) is not None]
