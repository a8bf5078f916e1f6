"""bench/server_abuse.py runs end to end with tiny settings: a real server,
two honest tables, two cheap attacks; it prints its table and its JSON and
leaves no server behind."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "bench" / "server_abuse.py"


def left_behind(database: str, group: int) -> list[int]:
    """Processes alive on the server's database or in its process group (its
    bot workers). A zombie is dead: where PID 1 reaps no orphans, a killed
    bot worker whose server died first stays one."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        state, pgid = fields[0], int(fields[2])
        if state != "Z" and (database.encode() in cmdline or pgid == group):
            found.append(int(entry))
    return found


def test_abuse_bench_runs_reports_and_stops_its_server() -> None:
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--tables", "2", "--seconds", "3",
         "--attacks", "tables,malformed", "--no-each", "--stagger", "0", "--warmup", "1",
         "--drain", "1", "--no-after", "--timeout", "120", "--json"],
        capture_output=True, text=True, timeout=180)
    assert out.returncode in (0, 1), out.stdout[-2000:] + out.stderr[-3000:]
    report = json.loads(out.stdout)
    assert "failure" not in report
    assert [p["name"] for p in report["phases"]] == ["baseline", "all"]
    for phase in report["phases"]:
        for key in ("latency_ms", "bot_move_ms", "honest_errors", "server_cpu_pct", "goal_met",
                    "probe"):
            assert key in phase, key
        assert set(phase["latency_ms"]) >= {"count", "p50", "p90", "p99", "max"}
        assert set(phase["bot_move_ms"]) >= {"count", "p50", "p99", "max"}
    attacks = report["phases"][1]["attack_results"]
    assert set(attacks) == {"tables", "malformed"}
    for result in attacks.values():
        assert set(result) >= {"items", "served", "refused", "errors", "answers", "notes"}
        assert result["items"] > 0
    # the tables flood: a few made, and what the server answered counted
    assert attacks["tables"]["served"] + attacks["tables"]["refused"] > 0
    assert report["server"]["tracebacks"] == 0, report["server"]["first_traceback"]
    assert isinstance(report["goal_met"], bool)
    # The plain table went to stderr beside the JSON.
    assert "act->push ms p50" in out.stderr and "goal in every phase" in out.stderr
    # The server and its bot workers stopped.
    database = report["config"]["server_command"].split("--db ")[1].split()[0]
    assert left_behind(database, report["config"]["server_pid"]) == []


def test_abuse_bench_help() -> None:
    out = subprocess.run([sys.executable, str(SCRIPT), "--help"],
                         capture_output=True, text=True, timeout=60, check=True)
    assert "--attacks" in out.stdout and "bot-tables" in out.stdout
