"""Where the games of ``simulate`` and ``arena`` are played.

``local`` is this machine: one process, or a pool of worker processes
(``--jobs``), as the commands always did. ``ray`` sends the games to Ray:
a local Ray started here (``--jobs`` CPUs) or, with ``--address``, an
existing cluster (``ray://host:10001`` or ``host:6379``; every node needs
the same cardroom installed with the ``ray`` extra: docs/research.md).

Work goes out in batches of consecutive game indexes, about four per CPU of
the cluster, never one task per game: a task costs milliseconds of
scheduling, a game as little as one. Game ``i`` is the same pure function
of the plan and ``i`` wherever it is played, and the rows come back sorted
by index, so a seed gives the same output on every backend.

A bot named ``module:attribute`` is a policy by import path
(``import_policies``): each process that seats it imports it, so it needs
no registration to travel.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from cardroom.core.errors import BadOption

BACKENDS = ("local", "ray")
BATCHES_PER_CPU = 4
Row = dict[str, Any]
Plan = TypeVar("Plan")
Progress = Callable[[int, int], None]


def check(backend: str, address: str | None) -> None:
    """Fail fast: an unknown backend, an address without Ray, Ray missing."""
    if backend not in BACKENDS:
        raise BadOption(f"--backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if address is not None and backend != "ray":
        raise BadOption("--address names a Ray cluster: add --backend ray")
    if backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            raise BadOption("--backend ray needs Ray: pip install -c constraints.txt "
                            "'cardroom[ray]'") from None


def import_policies(names: Iterable[str]) -> None:
    """Register the policies that ``module:attribute`` names here, in this
    process: a worker knows only the bots its own imports registered."""
    paths = [name for name in names if ":" in name]
    if paths:
        # cardroom.rl is imported only when a policy is named.
        from cardroom.rl.policy import register_import_paths

        register_import_paths(paths)


def batch_size(total: int, cpus: int) -> int:
    return max(1, math.ceil(total / (BATCHES_PER_CPU * max(1, cpus))))


def ray_rows(play: Callable[[Plan, int], Row], plan: Plan, total: int,
             address: str | None = None, cpus: int | None = None,
             progress: Progress | None = None) -> list[Row]:
    """``play(plan, i)`` for every i < total on Ray, sorted by index.
    Uses the Ray this process is already connected to, if any; otherwise
    connects (``address``) or starts a local one with ``cpus`` CPUs, and
    disconnects at the end."""
    import ray

    started = not ray.is_initialized()
    if started:
        ray.init(address=address, num_cpus=None if address else cpus,
                 include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        cpus_seen = ray.cluster_resources().get("CPU", 1)  # type: ignore[no-untyped-call]
        size = batch_size(total, int(cpus_seen))
        task: Any = ray.remote(_play_batch)
        pending = [task.remote(play, plan, list(range(i, min(i + size, total))))
                   for i in range(0, total, size)]
        rows: list[Row] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            rows += ray.get(done[0])
            if progress is not None:
                progress(len(rows), total)
    finally:
        if started:
            ray.shutdown()
    return sorted(rows, key=lambda r: r["index"])


def _play_batch(play: Callable[[Plan, int], Row], plan: Plan, indices: list[int]) -> list[Row]:
    # A Ray worker is a fresh process: register every game and bot first.
    from cardroom.plugins import load_everything

    load_everything()
    return [play(plan, i) for i in indices]
