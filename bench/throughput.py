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
the ``test`` extra): one Hearts deal against one Papayoo round, the same
unit of play, in games per second. Each entry is measured three ways: checked
(``apply``, every event logged), ``+playout`` (the fast path that search and
simulations take: ``apply_unchecked``, no event log; pyspiel's
``apply_action`` does not check legality either, so this is the like-for-like
row against Hearts) and ``+view`` (checked, and the acting seat's view built
every step: ``state.view(seat)``; for Hearts, the acting player's
``information_state_tensor``). Every driver picks its moves with
``random.Random.randrange``, Hearts' too, so the ratio compares engines.

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
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from cardroom.games import all_games, get_game

PlayOne = Callable[[int], int]
MODES = ("checked", "playout", "view")
HEARTS = "openspiel hearts"
PEER_ROW = "papayoo one round"  # the unit of play of one Hearts deal

# Extra option sets measured beside each game's defaults.
VARIANTS: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "papayoo": [("one round", {"rounds": 1})],
    "love-formula": [("every expansion", {"chance": True, "goals": True, "promo": "add"})],
}
# Issue 15's targets, in random games per CPU-second at 4 players.
TARGETS = {"papayoo": 1500.0, "pizzamania": 1500.0, "pile-up": 1500.0, "muzicando": 1000.0,
           "love-formula": 400.0, "love-formula every expansion": 200.0}


@dataclass(frozen=True)
class Entry:
    name: str
    play_one: PlayOne
    target: float | None = None


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


def entries(wanted: set[str]) -> list[Entry]:
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
                out.append(Entry(f"{name} ({players}p){suffix}",
                                 cardroom_game(game.id, players, options, mode),
                                 TARGETS.get(name)))
    for tensor in (False, True):
        play = openspiel_hearts(tensor)
        if play is not None:
            out.append(Entry(f"{HEARTS} (4p){' +tensor' if tensor else ''}", play))
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
    workers = [Worker(e) for e in todo]
    reps: list[dict[str, float]] = []
    try:
        for _ in range(repeats):
            games = dict.fromkeys((e.name for e in todo), 0)
            spent = dict.fromkeys(games, 0.0)
            for _ in range(slots):
                for w in workers:
                    played, used = w.slot(slot_s)
                    games[w.name] += played
                    spent[w.name] += used
            reps.append({k: games[k] / spent[k] for k in games})
    finally:
        for w in workers:
            w.close()
    return reps


class Worker:
    """One entry's own process (forked, so it inherits the entry's closure)."""

    def __init__(self, entry: Entry) -> None:
        self.name = entry.name
        context = multiprocessing.get_context("fork")
        self.conn, child = context.Pipe()
        self.proc = context.Process(target=_serve, args=(child, entry.play_one), daemon=True)
        self.proc.start()
        child.close()

    def slot(self, slot_s: float) -> tuple[int, float]:
        self.conn.send(slot_s)
        played, used = self.conn.recv()
        return int(played), float(used)

    def close(self) -> None:
        with contextlib.suppress(OSError):  # a worker that died has said why already
            self.conn.send(None)
        self.proc.join(timeout=10)


def _serve(conn: Connection, play_one: PlayOne) -> None:
    """Play whole games for each slot asked for; answer (games, CPU seconds)."""
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
    rows: dict[str, dict[str, Any]] = {}
    peer = {False: f"{HEARTS} (4p)", True: f"{HEARTS} (4p) +tensor"}
    for e in todo:
        rates = [r[e.name] for r in reps]
        row: dict[str, Any] = {"games_per_s_min": min(rates),
                               "games_per_s_median": statistics.median(rates)}
        view = e.name.endswith("+view")
        if peer[view] in reps[0] and e.name.startswith(PEER_ROW):
            ratios = [r[e.name] / r[peer[view]] for r in reps]
            row["vs_hearts_min"] = min(ratios)
            row["vs_hearts_median"] = statistics.median(ratios)
            row["vs_hearts_target"] = 3.0 if view else 2.0
        if e.target is not None and not view:
            row["target"] = e.target
        rows[e.name] = row
    return rows


def ismcts_rows(wanted: set[str], positions: int, seed: int) -> dict[str, dict[str, Any]]:
    from cardroom.frontend import load_everything
    from ismcts_speed import measure as search_measure  # bench/ is the script's folder

    load_everything()
    rows: dict[str, dict[str, Any]] = {}
    for game in all_games():
        if game.id not in wanted:
            continue
        for players in range(game.min_players, game.max_players + 1):
            rows[f"{game.id} {players}p"] = search_measure(game.id, players, {}, positions, seed)
    return rows


def print_throughput(rows: dict[str, dict[str, Any]], reps: int) -> None:
    print(f"random self-play: games per CPU-second, min and median of {reps} interleaved "
          "repetitions")
    print(f"{'entry':<44} {'min':>8} {'median':>8} {'vs hearts':>15} {'target':>7}")
    for name, r in rows.items():
        ratio = target = ""
        if "vs_hearts_min" in r:
            ratio = f"{r['vs_hearts_min']:.2f}x/{r['vs_hearts_median']:.2f}x"
            good = r["vs_hearts_median"] >= r["vs_hearts_target"]
            target = f"{'ok' if good else 'below'} {r['vs_hearts_target']:.0f}x"
        elif "target" in r:
            target = f"{'ok' if r['games_per_s_median'] >= r['target'] else 'below'} " \
                     f"{r['target']:.0f}"
        print(f"{name:<44} {r['games_per_s_min']:>8.0f} {r['games_per_s_median']:>8.0f} "
              f"{ratio:>15} {target:>7}")
    print("Rows: apply() with every event logged; +playout: the fast path of search and")
    print("simulations (apply_unchecked, no event log); +view: apply() and the acting seat's view")
    print("every step. Every driver, Hearts' too, picks with random.Random.randrange.")
    print("vs hearts: one Papayoo round's games/s over one Hearts deal's, within each repetition")
    print("(min/median); the +view row over Hearts +tensor. pyspiel's apply_action does not")
    print("check legality either, so +playout is the like-for-like row. Targets: the median")
    print("ratios, and games/s at each game's default options (checked and fast path).")


def print_ismcts(rows: dict[str, dict[str, Any]]) -> None:
    print("ismcts, the registered bot at each game's default budget (its iterations, capped at")
    print("the default time; its playout policy and prior): CPU seconds of this process per move")
    print(f"{'game':<16} {'budget':>18} {'pos':>4} {'iter/s':>7} {'iter/move':>9} "
          f"{'mean s':>7} {'max s':>6} {'uncapped':>8}  mean < 0.5 s, max < 1 s")
    for name, r in rows.items():
        b = r["budget"]
        ms = f"{b['ms']:.0f}ms" if b.get("ms") else "-"
        shown = f"{b.get('iterations', '-')}/{ms} {b.get('rollout', '')[:6]}"
        ok = r["move_s_mean"] < 0.5 and r["move_s_max"] < 1.0
        # What the iterations alone would take, at the measured rate.
        uncapped = r["default_iterations"] / r["iterations_per_s"]
        print(f"{name:<16} {shown:>18} {r['positions']:>4} {r['iterations_per_s']:>7.0f} "
              f"{r['iterations_per_move']:>9.0f} {r['move_s_mean']:>7.3f} "
              f"{r['move_s_max']:>6.3f} {uncapped:>8.3f}  {'ok' if ok else 'MISSED'}")
    print("uncapped: the default iterations at the measured rate, without the time cap.")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (less reliable)")
    parser.add_argument("--games", help="comma list of game ids (default: all)")
    parser.add_argument("--only", choices=["throughput", "ismcts"], help="one part only")
    parser.add_argument("--repeats", type=int, help="repetitions (default 5, quick 3)")
    parser.add_argument("--slot", type=float, help="CPU seconds per slot (default 0.25)")
    parser.add_argument("--positions", type=int,
                        help="ISMCTS positions per game and player count (default 6, quick 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    wanted = set(args.games.split(",")) if args.games else {g.id for g in all_games()}
    repeats = args.repeats or (3 if args.quick else 5)
    slots = 1 if args.quick else 3
    slot_s = args.slot or (0.2 if args.quick else 0.25)
    out: dict[str, Any] = {}
    if args.only != "ismcts":
        todo = entries(wanted)
        out["throughput"] = summarise(todo, measure(todo, repeats, slots, slot_s))
        if not args.json:
            print_throughput(out["throughput"], repeats)
            if not any(e.name.startswith(HEARTS) for e in todo):
                print("(OpenSpiel missing: python3 run.py bench installs the test extra)")
    if args.only != "throughput":
        positions = args.positions or (2 if args.quick else 6)
        out["ismcts"] = ismcts_rows(wanted, positions, args.seed)
        if not args.json:
            print()
            print_ismcts(out["ismcts"])
    if args.json:
        print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
