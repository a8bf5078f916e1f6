"""Policies named by import path (``module:attribute``) in simulate and
arena with worker processes: each worker imports the module itself."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardroom import arena
from cardroom.core.errors import BadOption
from cardroom.rl.policy import is_import_path, load_policy

POLICY = '''
def act(observation, legal):
    return legal[-1]
'''
MAIN = "import sys; from cardroom.cli.main import main; sys.exit(main(sys.argv[1:]))"


def command(tmp_path: Path, *args: str) -> dict[str, object]:
    """Run ``cardroom ARGS`` in a fresh interpreter with the policy module
    on PYTHONPATH only (never imported by this test process)."""
    (tmp_path / "tinypolicy.py").write_text(POLICY)
    paths = [str(tmp_path), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}
    done = subprocess.run([sys.executable, "-c", MAIN, *args, "--json", "--no-progress"],
                          capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    out: dict[str, object] = json.loads(done.stdout)
    return out


def test_simulate_seats_a_policy_by_import_path_in_worker_processes(tmp_path: Path) -> None:
    out = command(tmp_path, "simulate", "pizzamania", "--bots", "tinypolicy:act,heuristic",
                  "--games", "4", "--jobs", "2", "--option", "simple=true")
    assert "tinypolicy:act" in json.dumps(out)


def test_arena_seats_a_policy_by_import_path_in_worker_processes(tmp_path: Path) -> None:
    out = command(tmp_path, "arena", "pizzamania", "--bots", "tinypolicy:act,random",
                  "--deals", "2", "--jobs", "2", "--option", "simple=true")
    results = out["results"]
    assert isinstance(results, dict)
    assert results["tinypolicy:act"]["seats_played"] == 4


def test_import_paths_and_budgets_parse_apart() -> None:
    assert arena.parse_bot("mod:act").name == "mod:act"
    spec = arena.parse_bot("ismcts:iterations=50")
    assert (spec.name, spec.budget) == ("ismcts", {"iterations": 50})
    import cardroom.search  # noqa: F401 (registers ismcts)

    with pytest.raises(BadOption):
        arena.parse_bot("ismcts:iterations")  # a bot's setting without a value
    assert is_import_path("pkg.mod:Policy.act") and not is_import_path("ismcts")
    with pytest.raises(BadOption, match="no policy"):
        load_policy("no_such_module_here:act")
