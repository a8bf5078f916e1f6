"""Random self-play throughput of every game beside OpenSpiel Hearts, and
ISMCTS speed at every player count: numbers that can be trusted on a busy
machine.

Throughput: each entry plays whole games from fresh seeded states with a
seeded uniform-random policy over the public API (to_act, legal_actions,
apply). Every entry runs in short CPU-time slots, taken round-robin over all
entries (so a burst of load elsewhere hits them alike), and the whole round
is repeated. Rates are games per CPU-second of this process
(``time.process_time``: what one core spends, not the wall clock). Ratios
are taken within each repetition, then summarised: min and median over the
repetitions. The peer is OpenSpiel's Hearts through pyspiel (installed with
the ``bench`` extra): one Hearts deal against one Papayoo round, the same
unit of play, in games per second. Each entry is measured three ways: checked
(``apply``, every event logged), ``+playout`` (the fast path that search and
simulations take: ``apply_unchecked``, no event log; pyspiel's
``apply_action`` does not check legality either, so this is the like-for-like
row against Hearts) and ``+view`` (checked, and the acting seat's view built
every step: ``state.view(seat)``; for Hearts, the acting player's
``information_state_tensor``). Every driver picks its moves with
``random.Random.randrange``, Hearts' too, so the ratio compares engines.

With the compiled engines in use (cardroom/compiled.py), every row is also
measured with the engines as pure Python, in the same run: a twin entry
interleaved with the others, reported as the row's ``pure`` column and its
``gain`` (compiled over pure, within each repetition); ``--no-pure`` skips
the twins.

ISMCTS: at seeded positions of heuristic self-play (every seat and phase,
only decisions with two or more legal actions) the bot decides from the
seat's view at the game's default budget; reported per game and player
count: iterations per CPU-second and CPU seconds per move (mean and max).

    python3 run.py bench                     # everything (a few minutes)
    python3 run.py bench --quick             # a short run
    python3 run.py bench --games papayoo --only throughput --json
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from cardroom import compiled
from cardroom.games import all_games, get_game

PlayOne = Callable[[int], int]
MODES = ("checked", "playout", "view")
HEARTS = "openspiel hearts"
PEER_ROW = "papayoo one round"  # the unit of play of one Hearts deal
PURE = " [pure]"

# Extra option sets measured beside each game's defaults.
VARIANTS: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "papayoo": [("one round", {"rounds": 1})],
    "love-formula": [("every expansion", {"chance": True, "goals": True, "promo": "add"})],
}
# Issue 15's targets, in random games per CPU-second at 4 players.
TARGETS = {"papayoo": 1500.0, "pizzamania": 1500.0, "pile-up": 1500.0, "muzicando": 1000.0,
           "love-formula": 400.0, "love-formula every expansion": 200.0}


# What an entry plays, rebuilt in its own process: ("game", id, players,
# options as JSON, mode) or ("hearts", "tensor" or "").
Spec = tuple[str, ...]


@dataclass(frozen=True)
class Entry:
    name: str
    spec: Spec
    target: float | None = None
    pure: bool = False  # the engines as pure Python (cardroom/compiled.py)


def play_of(spec: Spec) -> PlayOne:
    if spec[0] == "hearts":
        play = openspiel_hearts(spec[1] == "tensor")
        assert play is not None, "OpenSpiel is installed (checked before)"
        return play
    _, game_id, players, options, mode = spec
    return cardroom_game(game_id, int(players), json.loads(options), mode)


def cardroom_game(game_id: str, players: int, options: dict[str, Any], mode: str) -> PlayOne:
    """``mode``: ``checked`` (``apply``, every event logged), ``playout``
    (the fast path search and simulations take: ``apply_unchecked`` on
    actions just listed, no event log) or ``view`` (checked, and the acting
    seat's view built every step)."""
    game = get_game(game_id)
    fast = mode == "playout"

    def play_one(index: int) -> int:
        state = game.new(players, index, options, record_events=not fast)
        apply = state.apply_unchecked if fast else state.apply
        # The driver's randomness is the peer's (random.Random), so that
        # the ratio compares the engines, not two drivers.
        rng = random.Random(index)
        count = 0
        while not state.is_over():
            seat = state.to_act()[0]
            if mode == "view":
                state.view(seat)
            actions = state.legal_actions(seat)
            apply(seat, actions[rng.randrange(len(actions))])
            count += 1
        return count

    return play_one


def openspiel_hearts(tensor: bool) -> PlayOne | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")

    def play_one(index: int) -> int:
        rng = random.Random(index)
        state = game.new_initial_state()
        count = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                if tensor:
                    state.information_state_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                count += 1
        return count

    return play_one


def entries(wanted: set[str], pure_too: bool) -> list[Entry]:
    """Every measured entry; with ``pure_too``, each game's entries also as
    pure Python (a twin named ``... [pure]``) beside the compiled ones."""
    out: list[Entry] = []
    for game in all_games():
        if game.id not in wanted:
            continue
        players = max(game.min_players, min(4, game.max_players))
        sets = [("", {}), *VARIANTS.get(game.id, [])]
        for label, options in sets:
            name = f"{game.id} {label}".strip()
            for mode in MODES:
                suffix = "" if mode == "checked" else f" +{mode}"
                spec = ("game", game.id, str(players), json.dumps(options), mode)
                row = f"{name} ({players}p){suffix}"
                out.append(Entry(row, spec, TARGETS.get(name)))
                if pure_too:
                    out.append(Entry(row + PURE, spec, pure=True))
    if openspiel_hearts(False) is not None:
        for tensor in ("", "tensor"):
            out.append(Entry(f"{HEARTS} (4p){' +tensor' if tensor else ''}", ("hearts", tensor)))
    return out


def measure(todo: list[Entry], repeats: int, slots: int, slot_s: float) -> list[dict[str, float]]:
    """Games per CPU-second of each entry, one dict per repetition. Within a
    repetition every entry gets ``slots`` slots of about ``slot_s`` CPU
    seconds, round-robin (a slot ends with the game that crosses it).

    Each entry plays in a process of its own, one slot at a time on the
    parent's word, so only one runs at any moment: interleaved in time as
    before, but no entry runs on bytecode that another game's types have
    just de-specialized (CPython's adaptive interpreter keys the shared
    core methods and this module's driver on the types it last saw; in one
    process the first entry of each game paid for the previous game)."""
    return round_robin([Worker(e.name, e.pure, _serve, e.spec) for e in todo],
                       repeats, slots, slot_s)


def round_robin(workers: list[Worker], repeats: int, slots: int, slot_s: float,
                warm_s: float = 0.0) -> list[dict[str, float]]:
    """Units of work per CPU-second of each worker, one dict per
    repetition: within one, each worker gets ``slots`` slots of about
    ``slot_s`` CPU seconds in turn (after one warm-up slot of ``warm_s``,
    if given). The workers are closed at the end."""
    reps: list[dict[str, float]] = []
    try:
        for w in workers if warm_s else ():
            w.slot(warm_s)  # imports done, caches and bytecode settled
        for _ in range(repeats):
            units = dict.fromkeys((w.name for w in workers), 0)
            spent = dict.fromkeys(units, 0.0)
            for _ in range(slots):
                for w in workers:
                    done, used = w.slot(slot_s)
                    units[w.name] += done
                    spent[w.name] += used
            reps.append({k: units[k] / spent[k] for k in units})
    finally:
        for w in workers:
            w.close()
    return reps


class Worker:
    """One entry's own process: a fresh interpreter (spawned), so that a
    pure entry imports the engines as pure Python. ``serve(conn, *args)``
    answers each slot's CPU seconds with (units done, CPU seconds used)."""

    def __init__(self, name: str, pure: bool, serve: Callable[..., None], *args: Any) -> None:
        self.name = name
        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe()
        self.proc = context.Process(target=serve, args=(child, *args), daemon=True)
        saved = os.environ.get(compiled.PURE_ENV)
        os.environ[compiled.PURE_ENV] = "1" if pure else ""
        try:
            self.proc.start()
        finally:
            if saved is None:
                del os.environ[compiled.PURE_ENV]
            else:
                os.environ[compiled.PURE_ENV] = saved
        child.close()

    def slot(self, slot_s: float) -> tuple[int, float]:
        self.conn.send(slot_s)
        played, used = self.conn.recv()
        return int(played), float(used)

    def close(self) -> None:
        with contextlib.suppress(OSError):  # a worker that died has said why already
            self.conn.send(None)
        self.proc.join(timeout=10)


def _serve(conn: Connection, spec: Spec) -> None:
    """Play whole games for each slot asked for; answer (games, CPU seconds)."""
    play_one = play_of(spec)
    clock = time.process_time
    n = 0
    while (slot_s := conn.recv()) is not None:
        gc.collect()  # the garbage of the last slot is not this slot's cost
        start = clock()
        end = start + slot_s
        first = n
        while True:
            play_one(n)
            n += 1
            now = clock()
            if now >= end:
                break
        conn.send((n - first, now - start))


def summarise(todo: list[Entry], reps: list[dict[str, float]]) -> dict[str, dict[str, Any]]:
    """One row per compiled (or only) entry; a pure twin's rate and the
    gain over it (compiled over pure, within each repetition) join its row."""
    rows: dict[str, dict[str, Any]] = {}
    peer = {False: f"{HEARTS} (4p)", True: f"{HEARTS} (4p) +tensor"}
    for e in todo:
        if e.pure:
            continue
        rates = [r[e.name] for r in reps]
        row: dict[str, Any] = {"games_per_s_min": min(rates),
                               "games_per_s_median": statistics.median(rates)}
        twin = e.name + PURE
        if twin in reps[0]:
            row["pure_games_per_s_median"] = statistics.median(r[twin] for r in reps)
            row["gain_median"] = statistics.median(r[e.name] / r[twin] for r in reps)
        view = e.name.endswith("+view")
        if peer[view] in reps[0] and e.name.startswith(PEER_ROW):
            ratios = [r[e.name] / r[peer[view]] for r in reps]
            row["vs_hearts_min"] = min(ratios)
            row["vs_hearts_median"] = statistics.median(ratios)
            row["vs_hearts_target"] = 3.0 if view else 2.0
            if twin in reps[0]:
                row["pure_vs_hearts_median"] = statistics.median(
                    r[twin] / r[peer[view]] for r in reps)
        if e.target is not None and not view:
            row["target"] = e.target
        rows[e.name] = row
    return rows


def ismcts_rows(wanted: set[str], positions: int, seed: int) -> dict[str, dict[str, Any]]:
    from cardroom.plugins import load_everything
    from ismcts_speed import measure as search_measure  # bench/ is the script's folder

    load_everything()
    rows: dict[str, dict[str, Any]] = {}
    for game in all_games():
        if game.id not in wanted:
            continue
        for players in range(game.min_players, game.max_players + 1):
            rows[f"{game.id} {players}p"] = search_measure(game.id, players, {}, positions, seed)
    return rows


def add_pure_search(rows: dict[str, dict[str, Any]], games: str | None, positions: int,
                    seed: int) -> None:
    """The same ISMCTS measurement with the engines as pure Python, in a
    process of its own (after the compiled one, not interleaved with it)."""
    cmd = [sys.executable, __file__, "--only", "ismcts", "--json", "--no-pure",
           "--positions", str(positions), "--seed", str(seed)]
    if games:
        cmd += ["--games", games]
    env = {**os.environ, compiled.PURE_ENV: "1"}
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        print(f"(the pure-Python ISMCTS run failed, its columns are left out: {tail})")
        return
    for name, pure in json.loads(done.stdout)["ismcts"].items():
        rows[name]["pure_iterations_per_s"] = pure["iterations_per_s"]


def print_throughput(rows: dict[str, dict[str, Any]], reps: int, path: str) -> None:
    print(f"random self-play: games per CPU-second, min and median of {reps} interleaved "
          f"repetitions; engines {path}")
    print(f"{'entry':<42} {'min':>6} {'median':>6} {'pure':>6} {'gain':>5} "
          f"{'vs hearts':>11} {'(pure)':>6} {'target':>7}")
    for name, r in rows.items():
        ratio = pure_ratio = target = pure = gain = ""
        if "pure_games_per_s_median" in r:
            pure = f"{r['pure_games_per_s_median']:.0f}"
            gain = f"{r['gain_median']:.2f}x"
        if "vs_hearts_min" in r:
            ratio = f"{r['vs_hearts_min']:.2f}/{r['vs_hearts_median']:.2f}x"
            if "pure_vs_hearts_median" in r:
                pure_ratio = f"{r['pure_vs_hearts_median']:.2f}x"
            good = r["vs_hearts_median"] >= r["vs_hearts_target"]
            target = f"{'ok' if good else 'below'} {r['vs_hearts_target']:.0f}x"
        elif "target" in r:
            target = f"{'ok' if r['games_per_s_median'] >= r['target'] else 'below'} " \
                     f"{r['target']:.0f}"
        print(f"{name:<42} {r['games_per_s_min']:>6.0f} {r['games_per_s_median']:>6.0f} "
              f"{pure:>6} {gain:>5} {ratio:>11} {pure_ratio:>6} {target:>7}")
    print("Rows: apply() with every event logged; +playout: the fast path of search and")
    print("simulations (apply_unchecked, no event log); +view: apply() and the acting seat's view")
    print("every step. Every driver, Hearts' too, picks with random.Random.randrange.")
    print("pure: the same entry with the engines as pure Python (median); gain: compiled over")
    print("pure within each repetition (median). vs hearts: one Papayoo round's games/s over one")
    print("Hearts deal's, within each repetition (min/median); the +view row over Hearts +tensor.")
    print("pyspiel's apply_action does not check legality either, so +playout is the")
    print("like-for-like row. Targets: the median ratios, and games/s at each game's default")
    print("options (checked and fast path).")


def print_ismcts(rows: dict[str, dict[str, Any]]) -> None:
    print("ismcts, the registered bot at each game's default budget (its iterations, capped at")
    print("the default time; its playout policy and prior): CPU seconds of this process per move")
    print(f"{'game':<16} {'budget':>18} {'pos':>4} {'iter/s':>7} {'pure':>6} {'gain':>5} "
          f"{'iter/move':>9} {'mean s':>7} {'max s':>6} {'uncapped':>8}  mean < 0.5 s, max < 1 s")
    for name, r in rows.items():
        b = r["budget"]
        ms = f"{b['ms']:.0f}ms" if b.get("ms") else "-"
        shown = f"{b.get('iterations', '-')}/{ms} {b.get('rollout', '')[:6]}"
        ok = r["move_s_mean"] < 0.5 and r["move_s_max"] < 1.0
        # What the iterations alone would take, at the measured rate.
        uncapped = r["default_iterations"] / r["iterations_per_s"]
        pure = gain = ""
        if "pure_iterations_per_s" in r:
            pure = f"{r['pure_iterations_per_s']:.0f}"
            gain = f"{r['iterations_per_s'] / r['pure_iterations_per_s']:.2f}x"
        print(f"{name:<16} {shown:>18} {r['positions']:>4} {r['iterations_per_s']:>7.0f} "
              f"{pure:>6} {gain:>5} {r['iterations_per_move']:>9.0f} {r['move_s_mean']:>7.3f} "
              f"{r['move_s_max']:>6.3f} {uncapped:>8.3f}  {'ok' if ok else 'MISSED'}")
    print("uncapped: the default iterations at the measured rate, without the time cap.")
    print("pure: iterations per CPU-second with the engines as pure Python, measured after")
    print("the compiled rows in a process of its own; gain: compiled over pure.")


def path_in_use() -> str:
    return "compiled" if compiled.ACTIVE else f"as pure Python ({compiled.REASON})"


def slot_flags(parser: argparse.ArgumentParser) -> None:
    """The flags of a run in round-robin slots (this script's and envs.py's)."""
    parser.add_argument("--quick", action="store_true", help="a short run (less reliable)")
    parser.add_argument("--games", help="comma list of game ids (default: all)")
    parser.add_argument("--repeats", type=int, help="repetitions (default 5, quick 3)")
    parser.add_argument("--slot", type=float, help="CPU seconds per slot (default 0.25)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--no-pure", action="store_true",
                        help="with the compiled engines, skip the pure-Python twins")


def schedule(args: argparse.Namespace) -> tuple[set[str], int, int, float]:
    """From slot_flags: the games, repetitions, slots a repetition and CPU
    seconds a slot."""
    wanted = set(args.games.split(",")) if args.games else {g.id for g in all_games()}
    repeats = args.repeats or (3 if args.quick else 5)
    return wanted, repeats, 1 if args.quick else 3, args.slot or (0.2 if args.quick else 0.25)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    slot_flags(parser)
    parser.add_argument("--only", choices=["throughput", "ismcts"], help="one part only")
    parser.add_argument("--positions", type=int,
                        help="ISMCTS positions per game and player count (default 6, quick 2)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    wanted, repeats, slots, slot_s = schedule(args)
    out: dict[str, Any] = {}
    if args.only != "ismcts":
        todo = entries(wanted, compiled.ACTIVE and not args.no_pure)
        out["throughput"] = summarise(todo, measure(todo, repeats, slots, slot_s))
        if not args.json:
            print_throughput(out["throughput"], repeats, path_in_use())
            if not any(e.name.startswith(HEARTS) for e in todo):
                print("(OpenSpiel missing: python3 run.py bench installs the bench extra)")
    if args.only != "throughput":
        positions = args.positions or (2 if args.quick else 6)
        out["ismcts"] = ismcts_rows(wanted, positions, args.seed)
        if compiled.ACTIVE and not args.no_pure:
            add_pure_search(out["ismcts"], args.games, positions, args.seed)
        if not args.json:
            print()
            print_ismcts(out["ismcts"])
    if args.json:
        print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
