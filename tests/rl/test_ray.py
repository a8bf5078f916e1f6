"""simulate and arena on Ray: one local Ray for the whole module (starting
one takes seconds and hundreds of MB), a small job each, the same output as
the local backend."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
import ray

from cardroom import arena, backends
from cardroom.cli import simulate
from cardroom.cli.main import main
from cardroom.core.errors import BadOption


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_simulate_on_ray_gives_the_local_rows() -> None:
    plan = simulate.Plan("pile-up", 3, ("heuristic", "random", "random"), 5, {})
    local = simulate.collect(plan, 24, 1, False)
    assert simulate.collect(plan, 24, 2, False, "ray") == local


def test_arena_on_ray_gives_the_local_rows_in_batches() -> None:
    plan = arena.Plan("pizzamania", ("heuristic", "random"), deals=10, seed=3,
                      options={"simple": True})
    seen: list[int] = []
    rows = arena.play_all(plan, 2, lambda done, total: seen.append(done), "ray")
    assert rows == arena.play_all(plan)
    # Progress arrives batch by batch: 20 games in 2 CPUs x 4 batches of 3 games.
    assert backends.batch_size(20, 2) == 3
    assert seen == sorted(seen) and seen[-1] == 20 and len(seen) == 7


def test_the_command_prints_the_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "papayoo", "--bots", "heuristic,random,random", "--games", "6",
            "--option", "rounds=1", "--json"]
    assert main(args) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*args, "--backend", "ray"]) == 0
    assert json.loads(capsys.readouterr().out) == local


def test_bad_backend_settings_are_refused() -> None:
    with pytest.raises(BadOption):
        backends.check("local", "ray://head:10001")
    with pytest.raises(BadOption):
        backends.check("dask", None)


def test_a_policy_by_import_path_plays_on_ray() -> None:
    # Ray's workers never saw a registration: they import the path themselves.
    plan = arena.Plan("pizzamania", ("cardroom.rl.policy:first_legal", "random"), deals=3,
                      seed=2, options={"simple": True})
    rows = arena.play_all(plan, 2, None, "ray")
    assert rows == arena.play_all(plan)
    assert all("cardroom.rl.policy:first_legal" in row["seating"] for row in rows)
