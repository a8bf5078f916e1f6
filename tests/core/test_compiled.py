"""The compiled path (cardroom/compiled.py) plays exactly as the pure one.

``digest`` plays, for each game and option set of the fast-path sweep,
hundreds of seeded random games (checked and fast path), a game of the
heuristic bots and a few ISMCTS decisions, and hashes what they produced:
records, scores, results, every viewer's final view with its log, the views
along the way of the first games, and each bot's moves and explanation. It
runs in this process (compiled when a build matches the sources) and in a
child forced onto pure Python; the two must agree case by case.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardroom import compiled
from cardroom.core.bot import make_bot
from cardroom.core.events import PUBLIC
from cardroom.core.rng import Rng
from cardroom.games import get_game
from cardroom.plugins import load_everything
from tests.core.test_fast_paths import CASES, IDS, outcome, play

ROOT = Path(__file__).resolve().parents[2]
REQUIRE_ENV = "CARDROOM_REQUIRE_COMPILED"  # set in CI: a missing build fails
GAMES_PER_CASE = 120

# run.py test's pure pass sets CARDROOM_PURE: then there is nothing to check.
FORCED_PURE = bool(os.environ.get(compiled.PURE_ENV))
needs_build = pytest.mark.skipif(
    not compiled.ACTIVE and (FORCED_PURE or not os.environ.get(REQUIRE_ENV)),
    reason=f"the engines run as pure Python ({compiled.REASON})")


def _hash(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()


def bot_moves(game_id: str, players: int, options: dict[str, Any]) -> list[Any]:
    """A whole game of heuristic bots, then ISMCTS decisions at the end."""
    load_everything()
    game = get_game(game_id)
    state = game.new(players, 11, options)
    bots = [make_bot("medium", game, 100 + seat) for seat in range(players)]
    searches = 0
    moves: list[Any] = []
    while not state.is_over():
        seat = state.to_act()[0]
        if searches < 3 and len(state.legal_texts(seat)) > 1 and len(moves) % 5 == 0:
            searches += 1
            search = make_bot("ismcts", game, len(moves), {"iterations": 60})
            moves.append((search.choose_for(state, seat), search.explain()))
        text = bots[seat].choose_for(state, seat)
        moves.append(text)
        state.act(seat, text)
    moves.append(outcome(state))
    return moves


def digest(case: int) -> str:
    game_id, players, options = CASES[case]
    parts: list[Any] = []
    for seed in range(GAMES_PER_CASE):
        steps = seed < 2
        checked, seen = play(game_id, players, options, seed, False, steps)
        fast, _ = play(game_id, players, options, seed, True, False)
        parts.append((outcome(checked), outcome(fast), seen))
        parts.append([checked.view(v) for v in (*range(players), PUBLIC, None)])
        parts.append(checked.clone().rng.clone().below(1 << 40))
    parts.append(bot_moves(game_id, players, options))
    parts.append(Rng(7).below(10**12))
    return _hash(parts)


def pure_digests() -> list[str]:
    """``digest`` of every case, computed by a child on the pure path."""
    code = ("import json, cardroom.compiled as c\n"
            "assert not c.ACTIVE, c.REASON\n"
            "from tests.core.test_compiled import CASES, digest\n"
            "print(json.dumps([digest(i) for i in range(len(CASES))]))\n")
    env = {**os.environ, compiled.PURE_ENV: "1"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600, check=True)
    found: list[str] = json.loads(done.stdout)
    return found


@pytest.fixture(scope="module")
def pure() -> list[str]:
    return pure_digests()


def test_ci_runs_the_compiled_path() -> None:
    if os.environ.get(REQUIRE_ENV) and not FORCED_PURE:
        assert compiled.ACTIVE, compiled.REASON


@needs_build
def test_the_engines_load_from_the_build() -> None:
    import cardroom.core.game
    import cardroom.games.papayoo.rules

    for module in (cardroom.core.game, cardroom.games.papayoo.rules):
        assert module.__file__ is not None and not module.__file__.endswith(".py")
    assert "cardroom.core.game" in compiled.modules()
    assert not any(".render" in m or m.endswith("__init__") for m in compiled.modules())


@needs_build
@pytest.mark.parametrize("case", range(len(CASES)), ids=IDS)
def test_compiled_plays_as_pure_python(case: int, pure: list[str]) -> None:
    assert digest(case) == pure[case], f"{IDS[case]}: the compiled engines play otherwise"


def test_pure_environment_forces_the_pure_path() -> None:
    code = "import cardroom.compiled as c, cardroom.core.game as g; print(c.ACTIVE, g.__file__)"
    env = {**os.environ, compiled.PURE_ENV: "1"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=60, check=True).stdout.split()
    assert out[0] == "False" and out[1].endswith("game.py")


@needs_build
def test_an_edited_source_falls_back_to_pure_python(tmp_path: Path) -> None:
    """A build is only used for the sources it was built from."""
    shutil.copytree(ROOT / "src", tmp_path / "src")
    shutil.copytree(compiled.target(compiled.modules()), tmp_path / ".compiled" / "x")
    probe = "import cardroom.compiled as c; print(c.ACTIVE, '|', c.REASON)"
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "src")}
    env.pop(compiled.PURE_ENV, None)

    def active() -> str:
        return subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=60, check=True).stdout

    folder = tmp_path / ".compiled" / compiled.fingerprint(compiled.modules())
    (tmp_path / ".compiled" / "x").rename(folder)
    assert active().startswith("True")
    rules = tmp_path / "src" / "cardroom" / "games" / "papayoo" / "rules.py"
    rules.write_text(rules.read_text() + "\n# edited\n")
    assert active().startswith("False | no build matches the sources")


@pytest.mark.parametrize("game_id", ["papayoo", "pizzamania", "pile-up", "muzicando",
                                     "love-formula"])
def test_states_and_bots_pickle(game_id: str) -> None:
    """Tables and bots cross process boundaries pickled (the card room's bot
    workers, Ray): compiled classes must round-trip too."""
    load_everything()
    game = get_game(game_id)
    state = game.new(3, 5, {})
    bot = make_bot("hard", game, 1, {"iterations": 30})
    policy = Rng(5)
    while not state.is_over():
        copy = pickle.loads(pickle.dumps(state))
        assert copy.view(None) == state.view(None)
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = legal[policy.below(len(legal))]
        state.apply(seat, action)
        copy.apply(seat, action)
        assert copy.view(None) == state.view(None)
        if policy.below(10) == 0 and not state.is_over():
            bot.choose_for(state, state.to_act()[0])  # a bot that has searched
            bot = pickle.loads(pickle.dumps(bot))


def pickled_tables() -> bytes:
    """Every game mid-way, with a heuristic and a searching bot that have
    each decided once (their random streams moved on), pickled."""
    load_everything()
    tables: list[Any] = []
    for game_id in ("papayoo", "pizzamania", "pile-up", "muzicando", "love-formula"):
        game = get_game(game_id)
        state = game.new(3, 8, {})
        policy = Rng(8)
        for _ in range(25):
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[policy.below(len(legal))])
        bots = [make_bot("medium", game, 1), make_bot("hard", game, 2, {"iterations": 20})]
        for bot in bots:
            bot.choose_for(state, state.to_act()[0])
        tables.append((state, bots))
    return pickle.dumps(tables)


def described(blob: bytes) -> str:
    """What the pickled tables hold and do next: every view, and each bot's
    next decision (which reads its random stream)."""
    out: list[Any] = []
    for state, bots in pickle.loads(blob):
        seat = state.to_act()[0]
        out.append([state.view(v) for v in (*range(state.players), PUBLIC, None)])
        out.append([bot.choose_for(state, seat) for bot in bots])
    return _hash(out)


@needs_build
def test_tables_pickled_on_one_path_load_on_the_other(tmp_path: Path) -> None:
    """A card-room worker may run the other path (it starts fresh, and a
    build may have appeared or gone stale meanwhile)."""
    mine, theirs = tmp_path / "compiled.pickle", tmp_path / "pure.pickle"
    mine.write_bytes(pickled_tables())
    code = ("import sys, pathlib, cardroom.compiled as c\n"
            "assert not c.ACTIVE, c.REASON\n"
            "from tests.core.test_compiled import described, pickled_tables\n"
            "mine, theirs = map(pathlib.Path, sys.argv[1:])\n"
            "theirs.write_bytes(pickled_tables())\n"
            "print(described(mine.read_bytes()), described(theirs.read_bytes()))\n")
    env = {**os.environ, compiled.PURE_ENV: "1"}
    done = subprocess.run([sys.executable, "-c", code, str(mine), str(theirs)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    pure_of_mine, pure_of_theirs = done.stdout.split()
    assert pure_of_mine == described(mine.read_bytes())
    assert pure_of_theirs == described(theirs.read_bytes())
