"""What learning and game-theory tools need of a game besides its rules.

Each game declares one ``Encoding`` (``games/<pkg>/encoding.py``) as its
``Game.encoding``: a dense action index, a cap on the length of a game,
numeric returns per seat with their bounds, and an observation: a flat list
of numbers of a fixed length, built from one seat's view alone (never the
referee state). The wrappers in ``cardroom.rl`` read nothing else.

An observation is laid out by a ``Layout``: named fields, each a block of
numbers whose meaning the game's rules page documents field by field. The
core stays free of numpy: ``encode`` gives a list of floats, and
``encode_into`` writes the same numbers into a buffer the caller owns (the
environments' float32 arrays, a row of a batch), touching only the entries
the view sets, as the ``Writer`` keeps only those. The encoders are compiled
with the engines (cardroom/compiled.py) and run as plain Python without.

Seats inside an observation are *relative*: 0 is the viewer, 1 the next
seat clockwise (the next higher number), and so on, so a policy sees every
seat of the table from the same chair.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from mypy_extensions import mypyc_attr

from cardroom.core.pickling import by_fields
from cardroom.core.ranking import Ranking, rank_shares
from cardroom.core.views import View

BOUND = 16.0
"""Every observation value lies in [-BOUND, BOUND]: fields are scaled to
about [-1, 1] by their usual maximum, and ``encode`` clips the rare value
beyond the bound (a hand grown far past its deal), so spaces can be finite."""


@dataclass(frozen=True)
class Field:
    """One block of an observation: ``size`` numbers under one name."""

    name: str
    size: int
    meaning: str

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # compiled, it pickles so (core.pickling)


class Layout:
    """The fields of an observation, in order, and where each starts."""

    def __init__(self, fields: Iterable[Field]) -> None:
        self.fields = tuple(fields)
        self.offsets: dict[str, int] = {}
        at = 0
        for f in self.fields:
            if f.name in self.offsets:
                raise ValueError(f"observation field {f.name!r} declared twice")
            self.offsets[f.name] = at
            at += f.size
        self.sizes = {f.name: f.size for f in self.fields}
        self.where = {f.name: (self.offsets[f.name], f.size) for f in self.fields}
        self.size = at

    def writer(self) -> Writer:
        return Writer(self)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Compiled, a class whose __init__ takes arguments pickles through it
        # (an environment holds its table's layout, and may be deep-copied).
        return type(self), (self.fields,)


class Buffer(Protocol):
    """Where ``Encoding.encode_into`` writes: a flat float array of the
    layout's size (a numpy ``float32`` vector, or a row of a batch)."""

    def fill(self, value: float, /) -> None: ...

    def __setitem__(self, key: list[int], value: list[float], /) -> None: ...


class Writer:
    """Fills one observation; every write names its field, so a wrong index
    fails loudly instead of spilling into the next field.

    Only the entries written are kept (an observation is mostly zeros), as
    exact Python floats: ``done`` lays them out as the dense list,
    ``entries`` gives them clipped for a buffer."""

    __slots__ = ("layout", "where", "written")

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.where = layout.where
        self.written: dict[int, float] = {}

    def _at(self, name: str, index: int) -> int:
        start, size = self.where[name]
        if not 0 <= index < size:
            raise IndexError(f"observation field {name!r} has {size} entries, not {index + 1}")
        return start + index

    def set(self, name: str, index: int, value: float = 1.0) -> None:
        self.written[self._at(name, index)] = float(value)

    def add(self, name: str, index: int, value: float = 1.0) -> None:
        at = self._at(name, index)
        self.written[at] = self.written.get(at, 0.0) + float(value)

    def one_hot(self, name: str, index: int | None) -> None:
        """A 1 at ``index``; nothing for None (the field stays all zeros)."""
        if index is not None:
            self.set(name, index)

    def bits(self, name: str, indices: Iterable[int]) -> None:
        start, size = self.where[name]
        written = self.written
        for i in indices:
            if not 0 <= i < size:
                raise IndexError(f"observation field {name!r} has {size} entries, not {i + 1}")
            written[start + i] = 1.0

    def values(self, name: str, values: Sequence[float], scale: float = 1.0) -> None:
        for i, v in enumerate(values):
            self.set(name, i, v / scale)

    def scalar(self, name: str, value: float, scale: float = 1.0) -> None:
        self.set(name, 0, value / scale)

    def done(self) -> list[float]:
        """The observation as a dense list (not clipped)."""
        out = [0.0] * self.layout.size
        for i, v in self.written.items():
            out[i] = v
        return out

    def entries(self) -> tuple[list[int], list[float]]:
        """The written positions and their values, clipped to the bound."""
        values = [v if -BOUND <= v <= BOUND else min(BOUND, max(-BOUND, v))
                  for v in self.written.values()]
        return list(self.written), values


def relative(seat: int, viewer: int, players: int) -> int:
    """``seat`` as the viewer sees it: 0 itself, 1 the next seat clockwise."""
    return (seat - viewer) % players


class ActionTable:
    """A dense index over a list of action ints given once (for games whose
    possible actions are few enough to list)."""

    def __init__(self, actions: Iterable[int]) -> None:
        self.actions = sorted(set(actions))
        self.index = {a: i for i, a in enumerate(self.actions)}

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return type(self), (self.actions,)

    def __len__(self) -> int:
        return len(self.actions)

    def index_of(self, action: int) -> int:
        try:
            return self.index[action]
        except KeyError:
            raise ValueError(f"{action} is no action of this game") from None

    def action_at(self, index: int) -> int:
        if not 0 <= index < len(self.actions):
            raise ValueError(f"action index {index} is out of 0..{len(self.actions) - 1}")
        return self.actions[index]


# Compiled (cardroom.compiled), yet subclassed by interpreted code (a plugin's game).
@mypyc_attr(allow_interpreted_subclasses=True)
class Factoring(ABC):
    """A game's actions taken in two steps: a first part (Muzicando's card),
    then, for the actions that need one, a second part (where it goes). A
    game with very many actions declares one so that a policy's output
    layer need only be as wide as the longer list of parts, not N; the
    wrappers (``cardroom.rl.factored``) turn the parts back into the one
    dense action index the game already has.

    Parts are numbered ``0..firsts-1`` and ``0..seconds-1``. They may depend
    on the table (Muzicando names a cell by a card beside it), so they are
    given per view, and only for the legal actions of that moment."""

    def __init__(self, firsts: int, seconds: int) -> None:
        self.firsts, self.seconds = firsts, seconds

    @abstractmethod
    def parts(self, view: View[Any], actions: Sequence[int]) -> list[tuple[int, int | None]]:
        """Each action's parts where ``view`` was seen: ``(first, None)`` for an
        action of one part, ``(first, second)`` else. Distinct actions get
        distinct parts, and a first part is either a whole action or the
        start of two-part ones, never both (``ValueError`` for an action the
        table cannot hold)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Encoding(ABC):
    """A game's numeric interface. ``options`` are always the resolved
    options of a game (``state.options``, or a view's ``options``)."""

    # ----- actions ---------------------------------------------------------
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """How many action indexes there are: every action the game can ever
        offer, at any player count and options, has one in 0..N-1."""

    @abstractmethod
    def action_index(self, action: int) -> int:
        """The dense index of an action int (ValueError for no action)."""

    @abstractmethod
    def action_from_index(self, index: int) -> int:
        """The action int of a dense index (ValueError out of range)."""

    def factoring(self) -> Factoring | None:
        """How the actions split into parts for a narrower output layer; None
        where the dense index is narrow enough (every game but Muzicando)."""
        return None

    # ----- length and returns ---------------------------------------------
    @abstractmethod
    def max_game_length(self, players: int, options: Mapping[str, Any]) -> int:
        """The most decisions (actions of any seat) a game can take. Where
        the rules let chance repeat a step without end (a re-deal, a run of
        triples) it is a cap that games reach with vanishing probability;
        the environments end a game there as truncated."""

    def returns(self, ranking: Ranking, players: int) -> list[float]:
        """Each seat's return for a final (or standing) ranking: the seats it
        beats minus the seats that beat it, over players - 1, so 1 for a sole
        winner, -1 for a sole last, 0 for a tie between two; zero-sum."""
        return [2.0 * share - 1.0 for share in rank_shares(ranking, players)]

    def return_bounds(self) -> tuple[float, float]:
        return (-1.0, 1.0)

    # ----- observations ----------------------------------------------------
    @abstractmethod
    def layout(self, players: int, options: Mapping[str, Any]) -> Layout:
        """The fields of an observation for this table."""

    @abstractmethod
    def fill(self, out: Writer, view: View[Any], seat: int) -> None:
        """Write ``seat``'s view into ``out`` (laid out by ``layout``)."""

    def observation_shape(self, players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
        return (self.layout(players, options).size,)

    def encode(self, view: View[Any], layout: Layout | None = None) -> list[float]:
        """A seat's view as numbers. Only a seat's view will do: the public
        and referee views have no viewer to encode from. ``layout``: this
        table's (``layout(players, options)``), where the caller keeps it."""
        out = self._written(view, layout)
        return [min(BOUND, max(-BOUND, v)) for v in out.done()]

    def encode_into(self, view: View[Any], out: Buffer, layout: Layout | None = None) -> None:
        """``encode`` written into ``out``, a flat float array of the
        layout's size that the caller owns and reuses (a numpy ``float32``
        vector or a row of a batch): zeroed, then only the entries the view
        sets are written. The same numbers as ``encode``, rounded to the
        buffer's type."""
        indexes, values = self._written(view, layout).entries()
        out.fill(0.0)
        out[indexes] = values

    def _written(self, view: View[Any], layout: Layout | None) -> Writer:
        seat = view.seat
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ValueError("an observation is built from a seat's view")
        if layout is None:
            layout = self.layout(view.players, view.options)
        out = Writer(layout)
        self.fill(out, view, seat)
        return out
