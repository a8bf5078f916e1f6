"""The benchmarks: every script runs from the ``bench`` extra and answers
``--help`` at once; the throughput benchmark runs and reports what issue 15
reads off it: a short run over one game, each entry in its own process
(bench/throughput.py)."""

from __future__ import annotations

import ast
import importlib
import json
import os
import subprocess
import sys
import tomllib
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from cardroom import compiled
from cardroom.core.errors import CardroomError
from cardroom.games import get_game
from cardroom.plugins import load_everything

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted((ROOT / "bench").glob("*.py"))
# Runs a script as ``python SCRIPT ARGS`` would, with every top-level module
# that BENCH_MODULES does not name missing, as in a venv without it.
ONLY_BENCH_MODULES = """
import importlib.abc, os, runpy, sys
allowed = set(os.environ["BENCH_MODULES"].split(","))
class Missing(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if path is None and name not in allowed and not name.startswith("cardroom"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
sys.meta_path.insert(0, Missing())
sys.argv = sys.argv[1:]
sys.path[0] = os.path.dirname(sys.argv[0])
runpy.run_path(sys.argv[0], run_name="__main__")
"""


@cache
def bench_modules() -> frozenset[str]:
    """The top-level modules a script of bench/ may import: the standard
    library's, its neighbours', cardroom's and those of the distributions
    that the base install and the ``bench`` extra bring (with theirs)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = [Requirement(r) for r in
              [*project["dependencies"], *project["optional-dependencies"]["bench"]]]
    dists: set[str] = set()
    while wanted:
        req = wanted.pop()
        if canonicalize_name(req.name) in dists:
            continue
        dists.add(canonicalize_name(req.name))
        try:
            requires = metadata.requires(req.name) or []
        except metadata.PackageNotFoundError:
            continue  # not installed here (the test extra lacks rlcard): nothing of it to import
        for sub in map(Requirement, requires):
            extras = {"", *req.extras}
            if sub.marker is None or any(sub.marker.evaluate({"extra": e}) for e in extras):
                wanted.append(sub)
    provided = {module for module, owners in metadata.packages_distributions().items()
                if dists & {canonicalize_name(owner) for owner in owners}}
    return frozenset(provided | sys.stdlib_module_names | {p.stem for p in SCRIPTS})


def imports_of(script: Path) -> set[str]:
    """The top-level modules a script imports anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(script.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_bench_scripts_import_only_what_the_bench_extra_installs() -> None:
    outside = [f"{script.name} imports {module}" for script in SCRIPTS
               for module in sorted(imports_of(script) - bench_modules() - {"cardroom"})]
    assert not outside, "add them to the bench extra (pyproject.toml): " + "; ".join(outside)


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_every_bench_script_answers_help_from_the_bench_extra(script: Path) -> None:
    env = {**os.environ, "BENCH_MODULES": ",".join(sorted(bench_modules()))}
    out = subprocess.run([sys.executable, "-c", ONLY_BENCH_MODULES, str(script), "--help"],
                         capture_output=True, text=True, timeout=60, env=env, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("usage:"), out.stdout[:500]


def test_throughput_bench_reports_every_mode_and_the_hearts_ratio() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "throughput.py"), "--only", "throughput",
         "--games", "papayoo", "--repeats", "2", "--slot", "0.05", "--json"],
        capture_output=True, text=True, timeout=300, check=True)
    rows = json.loads(out.stdout)["throughput"]
    for name in ("papayoo (4p)", "papayoo (4p) +playout", "papayoo (4p) +view",
                 "papayoo one round (4p) +playout"):
        assert rows[name]["games_per_s_min"] > 0, name
    assert rows["papayoo (4p)"]["target"] == 1500.0
    if compiled.ACTIVE:  # each compiled row beside its pure-Python twin
        assert rows["papayoo (4p) +playout"]["pure_games_per_s_median"] > 0
        assert rows["papayoo (4p) +playout"]["gain_median"] > 0
        assert not any(name.endswith("[pure]") for name in rows)
    if "openspiel hearts (4p)" in rows:  # the test extra installs pyspiel
        ratio = rows["papayoo one round (4p) +playout"]
        assert ratio["vs_hearts_target"] == 2.0 and ratio["vs_hearts_median"] > 0
        assert rows["papayoo one round (4p) +view"]["vs_hearts_target"] == 3.0


def test_love_formula_balance_bench_plays_its_games_and_reports_the_swing() -> None:
    """The bots get their views from the state as they do in play."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "love_formula_balance.py"), "--games", "2",
         "--players", "2"], capture_output=True, text=True, timeout=300, check=True)
    assert "Largest swing over all player counts:" in out.stdout


def test_versus_bench_compares_this_checkout_with_a_commit() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "versus.py"), "--base", "HEAD", "--games",
         "papayoo", "--reps", "1", "--steps", "40"],
        capture_output=True, text=True, timeout=300, check=True)
    lines = out.stdout.splitlines()
    assert lines[0] == "CPU µs per step, least of 1; base HEAD, pure Python"
    rows = [line.split() for line in lines[2:]]
    assert [row[:2] for row in rows] == [["papayoo", kind] for kind in ("play", "view", "bot")]
    assert all(float(x) > 0 for row in rows for x in row[2:])


def test_env_bench_reports_steps_beside_texas_holdem() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "envs.py"), "--games", "papayoo",
         "--repeats", "1", "--slot", "0.05", "--json", "--no-pure"],
        capture_output=True, text=True, timeout=300, check=True)
    rows = json.loads(out.stdout)["envs"]
    assert rows["papayoo"]["steps_per_s_min"] > 0
    assert rows["papayoo"]["target_vs_texas"] == 1.0
    if "texas_holdem_v4" in rows:  # the bench extra brings PettingZoo's classic peers
        assert rows["papayoo"]["vs_texas_median"] > 0
        assert rows["leduc_holdem_v4"]["steps_per_s_min"] > 0


def bench_module(name: str) -> Any:
    """A script of bench/ as a module (bench/ is not a package; its scripts
    import each other from their own folder)."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        module = importlib.import_module(name)
    finally:
        sys.path.remove(str(ROOT / "bench"))
    load_everything()
    return module


def clairvoyant_class() -> Any:
    """bench/clairvoyant.py's bot."""
    return bench_module("clairvoyant").Clairvoyant


def test_clairvoyant_searches_the_referee_state_and_its_bench_runs() -> None:
    Clairvoyant = clairvoyant_class()
    game = get_game("pizzamania")
    table = game.new(4, 3, {"rounds": 1})
    seat = table.to_act()[0]
    bot = Clairvoyant(game, 1, table)
    searched = bot.new_search(table.view(seat)).determinize()
    for other in range(4):  # the hidden hands too: what the referee holds
        assert searched.view(other)["hand"] == table.view(other)["hand"]
    assert bot.choose(table.view(seat), table.legal_texts(seat)) in table.legal_texts(seat)
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "clairvoyant.py"), "pizzamania",
         "--option", "rounds=1", "--deals", "1", "--jobs", "1"],
        capture_output=True, text=True, timeout=300, check=True)
    assert "clairvoyant" in out.stdout and "medium" in out.stdout


@pytest.mark.parametrize(("game_id", "options", "future"), [
    ("pizzamania", {"rounds": 1}, "base_deck"),  # the bases still to turn
    ("pile-up", {}, "pile"),  # the draw pile
])
def test_clairvoyant_seeing_hands_redraws_the_future_chance(
        game_id: str, options: dict[str, Any], future: str) -> None:
    """``--sees hands``: the true hands, but the order of the cards still to
    come and the random sources drawn anew (nobody can know them)."""
    Clairvoyant = clairvoyant_class()
    game = get_game(game_id)
    table = game.new(4, 3, options)
    seat = table.to_act()[0]
    search = Clairvoyant(game, 1, table, "hands").new_search(table.view(seat))
    orders, draws = set(), set()
    for _ in range(20):
        searched = search.determinize()
        assert [searched.view(p)["hand"] for p in range(4)] == \
            [table.view(p)["hand"] for p in range(4)]
        assert sorted(getattr(searched, future)) == sorted(getattr(table, future))
        orders.add(tuple(getattr(searched, future)))
        draws.add(searched.rng.clone().next64())
    assert len(orders) > 10  # a fresh order each time, not the referee's
    assert len(draws) == 20 and table.rng.clone().next64() not in draws  # new random sources


def test_clairvoyant_refuses_to_see_hands_where_it_cannot_redraw_the_future() -> None:
    Clairvoyant = clairvoyant_class()
    with pytest.raises(CardroomError, match="no way to redraw"):
        Clairvoyant(get_game("papayoo"), 1, get_game("papayoo").new(4, 3, {}), "hands")
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "clairvoyant.py"), "papayoo", "--sees", "hands"],
        capture_output=True, text=True, timeout=300)
    assert out.returncode == 2 and "no way to redraw" in out.stderr
    assert "Traceback" not in out.stderr


def test_search_regret_values_every_move_and_its_bench_runs() -> None:
    """bench/search_regret.py: the oracle values each legal move by its mean
    reward and names its most visited one; the script reports each contender."""
    regret = bench_module("search_regret")
    game = get_game("pile-up")
    view, legal = bench_module("ismcts_speed").positions("pile-up", 3, 1, 5)[0]
    values, best = regret.oracle_values(game, view, legal, 400, 1)
    assert best in legal and set(values) == set(legal)
    assert all(0.0 <= v <= 1.0 for v in values.values())
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "search_regret.py"), "pile-up", "--players", "2",
         "--positions", "2", "--oracle", "300", "--iterations", "30,60"],
        capture_output=True, text=True, timeout=300, check=True)
    for name in ("heuristic", "ismcts 30", "ismcts 60, prior 0"):
        assert f"  {name} " in out.stdout, out.stdout
    assert "mean regret" in out.stdout
