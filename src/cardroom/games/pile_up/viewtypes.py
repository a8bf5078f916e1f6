"""What a viewer knows of a Pile up table: the declared view parts.

``PileUpTable`` is what every seat and spectator knows; a seat adds its own
hand (``PileUpSeatTable``), the referee every hand and the draw pile
(``PileUpRefereeTable``). Cards are their codes (``"3R"``: number, then
colour); identical cards are interchangeable, so a list of codes names no
particular copy.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardroom.core.views import ViewTypes, json_key

Stack = tuple[str, int]
"""A visible card and how many identical cards it holds: ``("3R", 2)``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Column:
    """One of the six numbered columns."""

    number: int
    stacks: tuple[Stack, ...]
    """Its visible cards in the order laid, each with the identical cards stacked on it."""
    armed: bool
    """A black card laid last armed it: the next play on it that does not end
    with white or black takes it."""
    size: int
    """Every card it holds, stacked ones included: what taking or pushing it moves."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Give:
    """Minus cards being given away after a triple (D4)."""

    left: int
    """Cards still to give."""
    next: int
    """The seat that gets the next one."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Push:
    """A column's cards on their way after a white card was laid last."""

    cards: tuple[str, ...]
    number: int
    """The column they came from."""
    from_: int = json_key("from")
    """The seat that pushed them last."""
    chooser: int
    """The seat that names the next target, or keeps them."""
    die: int | None
    """The die the target rolled to avoid them; null before it is rolled."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PileUpTable:
    turn: int
    """The seat whose turn it is."""
    dice: tuple[int, ...]
    """The turn's last roll of three dice."""
    number: int | None
    """The number being played this turn; null before the first card is laid."""
    placed: int
    """Cards laid so far this turn."""
    last: str | None
    """The card laid last this turn (its colour decides what the play does); null: none."""
    armed_before: bool
    """The played column was armed when this play began."""
    from_minus: bool
    """The turn's player has no hand and lays one of their minus cards (D5)."""
    columns: tuple[Column, ...]
    """The columns 1 to 6."""
    pile_size: int
    """Cards left in the draw pile."""
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[str, ...], ...]
    """Per seat, the cards of its revealed hand still known to be in it (P3)."""
    minus: tuple[tuple[str, ...], ...]
    """Per seat, its minus cards (its score is how many)."""
    give: Give | None
    """After a triple, the cards still to give; null otherwise."""
    push: Push | None
    """A push in progress; null otherwise."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PileUpSeatTable(PileUpTable):
    hand: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PileUpRefereeTable(PileUpTable):
    hands: tuple[tuple[str, ...], ...]
    pile: tuple[str, ...]
    """The draw pile, top card first."""


VIEW_TYPES = ViewTypes(seat=PileUpSeatTable, public=PileUpTable, referee=PileUpRefereeTable)
