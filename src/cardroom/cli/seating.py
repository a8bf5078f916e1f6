"""Who sits where at a terminal game: people and bots, saved with the record.

A saved game is the record (game, players, seed, options, actions: what
``cardroom replay`` and the engine's ``load`` read) plus ``seats``, one entry
per seat: ``{"person": true}`` or ``{"bot": "SPEC"}`` with a bot spec as
the arena writes it (``heuristic``, ``ismcts:iterations=200``). Resuming
seats everyone as they were.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardroom.arena import parse_bot
from cardroom.core.bot import Bot, make_bot
from cardroom.core.errors import BadOption, BadRecord
from cardroom.core.game import Game
from cardroom.core.rng import Rng


@dataclass(frozen=True)
class Seating:
    people: tuple[int, ...]
    bots: dict[int, str]  # seat -> bot spec

    def to_json(self, players: int) -> list[dict[str, Any]]:
        return [{"person": True} if s in self.people else {"bot": self.bots[s]}
                for s in range(players)]

    @classmethod
    def from_json(cls, seats: Any, players: int) -> Seating:
        if not isinstance(seats, list) or len(seats) != players:
            raise BadRecord(f"the saved 'seats' must list {players} seats")
        people: list[int] = []
        bots: dict[int, str] = {}
        for seat, entry in enumerate(seats):
            if isinstance(entry, dict) and entry.get("person") is True:
                people.append(seat)
            elif isinstance(entry, dict) and isinstance(entry.get("bot"), str):
                bots[seat] = entry["bot"]
            else:
                raise BadRecord(f"saved seat {seat} must be a person or a bot, got {entry!r}")
        return cls(tuple(people), bots)

    def describe(self) -> str:
        people = ", ".join(f"seat {s}" for s in self.people) or "watching"
        bots = ", ".join(f"seat {s} {spec}" for s, spec in sorted(self.bots.items()))
        return f"You: {people}." + (f" Bots: {bots}." if bots else "")

    def make_bots(self, game: Game, seed: int) -> dict[int, Bot]:
        """The bots, each seeded from the game's seed and its place in order."""
        seeds = Rng(seed ^ 0xB075)
        made: dict[int, Bot] = {}
        for seat in sorted(self.bots):
            spec = parse_bot(self.bots[seat])
            made[seat] = make_bot(spec.name, game, seeds.next64(), spec.budget)
        return made


def choose(players: int, seat_text: str, bot_text: str) -> Seating:
    """The seating that --seat and --bots ask for."""
    people = parse_seats(seat_text, players)
    bot_seats = [s for s in range(players) if s not in people]
    chosen = [n.strip() for n in bot_text.split(",") if n.strip()] or ["heuristic"]
    if len(chosen) == 1:
        chosen *= len(bot_seats)
    if len(chosen) != len(bot_seats):
        raise BadOption(f"--bots names {len(chosen)} bots for {len(bot_seats)} bot seats")
    return Seating(tuple(people), dict(zip(bot_seats, chosen, strict=True)))


def parse_seats(text: str, players: int) -> list[int]:
    try:
        seats = [int(s) for s in text.split(",") if s.strip()]
    except ValueError:
        raise BadOption(f"--seat wants seat numbers like 0 or 0,2, got {text!r}") from None
    for seat in seats:
        if not 0 <= seat < players:
            raise BadOption(f"--seat {seat}: seats are 0 to {players - 1}")
    return sorted(set(seats))
