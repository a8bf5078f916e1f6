"""Typed views: what a viewer knows, as declared, frozen types.

A ``View`` holds what every game shares (the engine protocol's common
fields) and ``table``: the game's own part, one frozen dataclass per kind
of viewer (``ViewTypes``: a seat, a spectator, the referee). The rules
build it (``State.seen``); bots, samplers, encoders and renderers read it
by attribute. ``view_json`` is the one place a view becomes the
protocol's JSON object (the common fields, then the game's fields in
declaration order, then ``log``, ``seed`` and ``given_options`` where
present): ``View.to_json`` calls it with its part's JSON (``to_json``),
``State.view`` with the JSON that the game's view function writes when
given ``json_builder`` instead of ``builder``, without building the part
or the ``View``. Both JSON forms are generated from the part's
declaration by the same code (``_json_body``). ``read_view`` is the one
place such an object becomes a ``View`` again, for callers that hold only
JSON. ``json_schema`` derives the published schema (docs/schemas/) from
the same declarations.

Fields hold tuples, never lists, so a view handed to a bot or kept in an
undo stack cannot be changed under its reader; ``to_json`` writes them as
lists.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import itertools
import textwrap
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar, Union

from cardroom.core.events import PUBLIC, Event

T = TypeVar("T")
Convert = Callable[[Any], Any]


@dataclass(frozen=True, slots=True, kw_only=True)
class View(Generic[T]):
    """A viewer's view: the common fields and the game's ``table`` part."""

    game: str
    players: int
    phase: str
    to_act: tuple[int, ...]
    over: bool
    seat: int | str | None
    """A seat number, ``"public"`` (a spectator) or None (the referee)."""
    scores: tuple[Any, ...]
    options: Mapping[str, Any]
    log_size: int
    table: T
    log: Sequence[Event] | None = None
    """The viewer's events from the asked ``since`` on; None: not asked for."""
    seed: int | None = None
    """The referee's only."""
    given_options: Mapping[str, Any] | None = None
    """The referee's only: the options as the game was created with them."""

    def to_json(self) -> dict[str, Any]:
        return view_json(self.game, self.players, self.phase, self.to_act, self.over,
                         self.seat, self.scores, self.options, self.log_size,
                         to_json(self.table), self.log, self.seed, self.given_options)


def view_json(game: str, players: int, phase: str, to_act: Sequence[int], over: bool,
              seat: int | str | None, scores: Sequence[Any], options: Mapping[str, Any],
              log_size: int, table: Mapping[str, Any], log: Sequence[Event] | None,
              seed: int | None, given_options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The protocol's JSON object of the ``View`` that these fields (in
    ``View``'s order, ``table`` as JSON) make, written without building
    it: ``State.view`` needs only the JSON, and would build the ``View``
    and freeze the scores into tuples only to copy them back into lists."""
    out = {"game": game, "players": players, "phase": phase, "to_act": [*to_act],
           "over": over, "seat": seat, "scores": _plain(scores), "options": dict(options),
           "log_size": log_size, **table}
    if log is not None:
        out["log"] = log if isinstance(log, list) else list(log)
    if seat is None:
        out["seed"] = seed
        out["given_options"] = dict(given_options or {})
    return out


COMMON_FIELDS = ("game", "players", "phase", "to_act", "over", "seat", "scores",
                 "options", "log_size")
TAIL_FIELDS = ("log", "seed", "given_options")


@dataclass(frozen=True, slots=True)
class ViewTypes:
    """A game's declared view parts: what a seat, a spectator and the referee know."""

    seat: type
    public: type
    referee: type

    def __post_init__(self) -> None:
        # Reading the type hints and writing each part's writer take tens of
        # milliseconds the first time: done when the game is imported, not on
        # a server's event loop at the first view it sends.
        for part in (self.public, self.seat, self.referee):
            prepare(part)
            json_builder(part)

    def for_viewer(self, seat: int | str | None) -> type:
        if seat is None:
            return self.referee
        return self.public if seat == PUBLIC else self.seat


K = TypeVar("K")


class Memo(dict[K, T]):
    """View parts already built, by the plain values (ints, strings, tuples
    of them) they are built from, or by the id of an object never changed
    in place, kept with the part so that the id stays that object's: a
    part that stays the same over many views (a finished trick, a column)
    is built once and shared, which its being frozen allows. ``keep``
    empties the memo once it holds ``limit`` parts, so that it stays small
    however long the process runs."""

    __slots__ = ("limit",)

    def __init__(self, limit: int = 4096) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: K, part: T) -> T:
        if len(self) >= self.limit:
            self.clear()
        self[key] = part
        return part


def seat_part(view: View[Any], cls: type[T]) -> tuple[int, T]:
    """The seat and its own part of a seat's view (``cls``: the game's seat
    part); ValueError for a spectator's or the referee's view."""
    seat, part = view.seat, view.table
    if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(part, cls):
        raise ValueError(f"a seat's view is needed here, not the view of {seat!r}")
    return seat, part


# ----- to JSON ---------------------------------------------------------------
_OMIT = "cardroom.omit_none"
_KEY = "cardroom.json_key"


def absent_when_none(key: str | None = None) -> Any:
    """A field that defaults to None and is left out of the JSON while None
    (a key the protocol sends only when it applies); ``key`` names it in the
    JSON where that name cannot be a Python field (``in``)."""
    meta: dict[str, Any] = {_OMIT: True}
    if key is not None:
        meta[_KEY] = key
    return dataclasses.field(default=None, metadata=meta)


def json_key(key: str) -> Any:
    """A required field whose JSON name is ``key`` (e.g. a Python keyword)."""
    return dataclasses.field(metadata={_KEY: key})


def _key(f: dataclasses.Field[Any]) -> str:
    key: str = f.metadata.get(_KEY, f.name)
    return key


def prepare(part: type) -> None:
    """Builds the writer and reader of a part and of every part inside it,
    and gives it the quicker ``__init__`` and ``builder`` (``fast_init``)."""
    if part in _COMPILED:
        return
    fast_init(part)
    _writer_of(part)
    _readers(part)
    for hint in typing.get_type_hints(part).values():
        for inner in _parts_in(hint):
            prepare(inner)


def _parts_in(hint: Any) -> list[type]:
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return [hint]
    return [p for arg in typing.get_args(hint) if arg is not Ellipsis for p in _parts_in(arg)]


def fast_init(cls: type) -> None:
    """Gives a frozen, slotted dataclass an ``__init__`` that stores each
    field through its slot's descriptor, fetched once: the dataclass's own
    calls ``object.__setattr__`` per field (to get past the frozen
    ``__setattr__``), a third of the cost of building a view's part. The
    parameters, their order, kinds and defaults are the dataclass's; a class
    with a ``__post_init__``, a default factory or a field left out of
    ``__init__`` keeps its own. ``builder`` gets the same body as a plain
    function, made here too (a game's parts are prepared when it is
    imported)."""
    made = _generated(cls)
    if made is not None:
        setattr(cls, "__init__", made[0])  # noqa: B010 (mypy types a class's __init__ as read-only)
        _BUILDERS[cls] = made[1]


def builder(cls: type[T]) -> Callable[..., T]:
    """A function that builds a ``cls`` from the arguments its constructor
    takes, quicker: calling a class with keywords goes through
    ``type.__call__``, which packs them into a dict for ``__init__`` (a
    third of the cost of building a ``View``); this function stores the
    fields itself. ``cls`` where ``fast_init`` does not apply."""
    make = _BUILDERS.get(cls)
    if make is None:
        made = _generated(cls)
        make = _BUILDERS[cls] = cls if made is None else made[1]
    return make


_BUILDERS: dict[type, Callable[..., Any]] = {}
Maker = Callable[[type[Any]], Callable[..., Any]]
"""``builder`` or ``json_builder``: what a game's view function builds its
part with, the part itself or its JSON (see ``json_builder``)."""


def json_builder(cls: type) -> Callable[..., dict[str, Any]]:
    """A function that takes the arguments ``cls``'s constructor takes and
    returns the JSON of the part they would make (``to_json``'s), without
    making it: ``State.view`` needs only the JSON. A game's view function
    is written once and given ``builder`` or this."""
    make = _JSON_BUILDERS.get(cls)
    if make is None:
        make = _JSON_BUILDERS[cls] = _compile_json_builder(cls)
    return make


_JSON_BUILDERS: dict[type, Callable[..., dict[str, Any]]] = {}


def _applies(cls: type) -> bool:
    """Whether a generated ``__init__`` may stand for the dataclass's own:
    a frozen, slotted dataclass whose fields are all plain parameters."""
    params = getattr(cls, "__dataclass_params__", None)
    return (params is not None and params.frozen and "__slots__" in cls.__dict__
            and not hasattr(cls, "__post_init__")
            and not any(f.default_factory is not dataclasses.MISSING or not f.init
                        or f.name.startswith("_") or f.name == "self"
                        for f in dataclasses.fields(cls)))


def _params(cls: type, names: dict[str, Any]) -> str:
    """The source of the constructor's parameters (their order, kinds and
    defaults), the defaults stored in ``names``."""
    positional: list[str] = []
    keyword: list[str] = []
    for i, f in enumerate(dataclasses.fields(cls)):
        param = f.name
        if f.default is not dataclasses.MISSING:
            names[f"_d{i}"] = f.default
            param += f"=_d{i}"
        (keyword if f.kw_only else positional).append(param)
    return ", ".join([*positional, *(["*", *keyword] if keyword else [])])


def _generated(cls: type) -> tuple[Callable[..., None], Callable[..., Any]] | None:
    """``cls``'s quicker ``__init__`` and its builder (see ``fast_init``),
    or None where they do not apply."""
    if not _applies(cls):
        return None
    names: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    params = _params(cls, names)
    body = []
    for i, f in enumerate(dataclasses.fields(cls)):
        names[f"_s{i}"] = _slot(cls, f.name).__set__
        body.append(f"    _s{i}(self, {f.name})")
    init_source = f"def __init__(self, {params}):\n" + "\n".join(["    pass", *body])
    make_source = (f"def make({params}):\n    self = _new(_cls)\n"
                   + "\n".join([*body, "    return self"]))
    exec(init_source + "\n" + make_source, names)  # field names only
    init, make = names["__init__"], names["make"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    make.__qualname__ = f"{cls.__qualname__}.make"
    return init, make


def _slot(cls: type, name: str) -> Any:
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass.__dict__[name]
    raise AttributeError(f"{cls.__name__} has no slot {name!r}")


fast_init(View)
make_view: Callable[..., View[Any]] = builder(View)
"""Builds a ``View`` from ``View``'s keywords, quicker (``builder``)."""


def to_json(part: Any) -> dict[str, Any]:
    """A view part (a dataclass instance) as a JSON-ready dict, fields in order."""
    write = _COMPILED.get(type(part))
    if write is None:
        write = _writer_of(type(part))
    return write(part)


Writer = Callable[[Any], dict[str, Any]]
_COMPILED: dict[type, Writer] = {}
_BUSY: set[type] = set()


def _writer_of(cls: type) -> Writer:
    write = _COMPILED.get(cls)
    if write is None:
        write = _COMPILED[cls] = _compile_writer(cls)
    return write


def _compile_writer(cls: type) -> Writer:
    """One function per part that writes its fields in order. Views are
    written on every push: a generic loop over the fields cost twice as
    much as this straight-line code (generated once per class, as
    dataclasses generate ``__init__``), and one dict display, each field's
    conversion written out in it, half as much again as storing key by key
    through converter functions."""
    names: dict[str, Any] = {"_plain": _plain}
    lines = ["def write(_p):", *_json_body(cls, "_p.", names)]
    exec("\n".join(lines), names)  # the source holds field names and keys only
    write: Writer = names["write"]
    return write


def _compile_json_builder(cls: type) -> Callable[..., dict[str, Any]]:
    """``json_builder``'s function: the writer's body, reading the
    parameters instead of the part's fields."""
    if not _applies(cls):
        part: Any = cls
        return lambda *args, **kwargs: to_json(part(*args, **kwargs))
    names: dict[str, Any] = {"_plain": _plain}
    lines = [f"def make({_params(cls, names)}):", *_json_body(cls, "", names)]
    exec("\n".join(lines), names)  # field names and keys only
    make: Callable[..., dict[str, Any]] = names["make"]
    make.__qualname__ = f"{cls.__qualname__}.json"
    return make


def _json_body(cls: type, prefix: str, names: dict[str, Any]) -> list[str]:
    """The lines that make ``_out``, the JSON of a ``cls`` whose fields are
    ``prefix`` + their names, and return it. The fields from the first
    one that may be absent on are stored one by one, keeping the keys'
    order. Generated names start with ``_``: a JSON builder is made only
    for a class no field of which does (``_applies``), and a writer reads
    fields through ``_p.``."""
    hints = typing.get_type_hints(cls)
    items: list[str] = []
    stores: list[str] = []
    _BUSY.add(cls)
    try:
        for f in dataclasses.fields(cls):
            key, field = _key(f), prefix + f.name
            value = _source(hints[f.name], field, names)
            if f.metadata.get(_OMIT):
                stores.append(f"    if {field} is not None: _out[{key!r}] = {value}")
            elif stores:
                stores.append(f"    _out[{key!r}] = {value}")
            else:
                items.append(f"{key!r}: {value}")
    finally:
        _BUSY.discard(cls)
    return [f"    _out = {{{', '.join(items)}}}", *stores, "    return _out"]


def _source(hint: Any, value: str, names: dict[str, Any], depth: int = 0) -> str:
    """The source of an expression that converts ``value`` (source) of type
    ``hint`` as ``_writer(hint)`` does, written out where that is a call of
    ``list``, a part's writer or a comprehension; else a call of it."""
    convert = _writer(hint)
    if convert is _identity:
        return value
    if convert is list:
        return f"[*{value}]"
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if dataclasses.is_dataclass(hint) and isinstance(hint, type) and hint not in _BUSY:
        inline = _inline(hint, value, names, depth) if value.isidentifier() else None
        if inline is not None:
            return inline
        names[f"_w{len(names)}"] = _writer_of(hint)
        return f"_w{len(names) - 1}({value})"
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = f"_x{depth}"
        return f"[{_source(args[0], item, names, depth + 1)} for {item} in {value}]"
    options = [a for a in args if a is not type(None)]
    if origin in (Union, types.UnionType) and len(options) == 1:
        return f"(None if {value} is None else {_source(options[0], value, names, depth)})"
    if convert is _part_json:
        names["_part_json"] = _part_json
        return f"_part_json({value})"
    if origin in (dict, Mapping) and convert is dict:
        names["_dict"] = dict  # a JSON builder's parameter may be named ``dict``
        return f"_dict({value})"
    if origin in (dict, Mapping) and convert is not _plain:
        key, item = f"_k{depth}", f"_x{depth}"
        inner = _source(args[1], item, names, depth + 1)
        return f"{{{key}: {inner} for {key}, {item} in {value}.items()}}"
    names[f"_c{len(names)}"] = convert
    return f"_c{len(names) - 1}({value})"


def _inline(cls: type, value: str, names: dict[str, Any], depth: int) -> str | None:
    """The dict display that ``cls``'s writer returns, for a part named
    ``value`` (a parameter or a comprehension's item): one call fewer. None
    for a part with a field absent while None (its writer stores such
    fields one by one)."""
    fields = dataclasses.fields(cls)
    if any(f.metadata.get(_OMIT) for f in fields):
        return None
    hints = typing.get_type_hints(cls)
    _BUSY.add(cls)
    try:
        items = [f"{_key(f)!r}: {_source(hints[f.name], f'{value}.{f.name}', names, depth + 1)}"
                 for f in fields]
    finally:
        _BUSY.discard(cls)
    return "{" + ", ".join(items) + "}"


Plan = tuple[tuple[str, str, Convert, bool], ...]
_READERS: dict[type, Plan] = {}


def _plan(cls: type, make: Callable[[Any], Convert]) -> Plan:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, _key(f), make(hints[f.name]), bool(f.metadata.get(_OMIT)))
                 for f in dataclasses.fields(cls))


def _identity(value: Any) -> Any:
    return value


def _writer(hint: Any) -> Convert:
    """A converter for values of ``hint``: tuples become lists, parts dicts."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if dataclasses.is_dataclass(hint):
        return to_json
    if origin is tuple:
        inner = [_writer(a) for a in args if a is not Ellipsis]
        if all(c is _identity for c in inner):
            return list
        if len(args) == 2 and args[1] is Ellipsis:
            one = inner[0]
            return lambda v: [one(x) for x in v]
        return lambda v: [c(x) for c, x in zip(inner, v, strict=True)]
    if origin in (Union, types.UnionType):
        options = [_writer(a) for a in args if a is not type(None)]
        if all(c is _identity for c in options):
            return _identity
        if len(options) == 1:
            one = options[0]
            return lambda v: None if v is None else one(v)
        if all(dataclasses.is_dataclass(a) for a in args if a is not type(None)):
            return _part_json
        return _plain
    if origin in (dict, Mapping) and len(args) == 2 and args[1] is not Any:
        inner_value = _writer(args[1])
        if inner_value is _identity:
            return dict
        return lambda v: {k: inner_value(x) for k, x in v.items()}
    if origin in (dict, Mapping) or hint is Any:
        return _plain
    return _identity


def _part_json(value: Any) -> Any:
    """A value of a union of parts (or None) as JSON."""
    return None if value is None else to_json(value)


_SCALARS_TYPES = (int, str, bool, float, type(None))
_SCALARS_SET = frozenset(_SCALARS_TYPES)


def _plain(value: Any) -> Any:
    """Any value as JSON-ready data, for fields typed loosely (Any, unions)."""
    if isinstance(value, tuple | list):
        # Mostly scalars (scores): checked in one pass in C, copied in one more.
        if _SCALARS_SET.issuperset(map(type, value)):
            return list(value)
        return [v if type(v) in _SCALARS_TYPES else _plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return to_json(value)
    return value


# ----- from JSON -------------------------------------------------------------
def from_json(cls: type[T], data: Mapping[str, Any]) -> T:
    """A view part of ``cls`` read from a JSON object (a key it lacks is an
    error, unless the field is absent while None)."""
    values = {}
    for name, key, read, omit in _readers(cls):
        if omit and key not in data:
            continue
        values[name] = read(data[key])
    return cls(**values)


def _readers(cls: type) -> Plan:
    plan = _READERS.get(cls)
    if plan is None:
        plan = _READERS[cls] = _plan(cls, _reader)
    return plan


def _reader(hint: Any) -> Convert:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if dataclasses.is_dataclass(hint):
        part: type = hint  # type: ignore[assignment]
        return lambda v: from_json(part, v)
    if origin is tuple:
        inner = [_reader(a) for a in args if a is not Ellipsis]
        if len(args) == 2 and args[1] is Ellipsis:
            one = inner[0]
            return tuple if one is _identity else lambda v: tuple(one(x) for x in v)
        return lambda v: tuple(c(x) for c, x in zip(inner, v, strict=True))
    if origin in (Union, types.UnionType):
        parts = [a for a in args if dataclasses.is_dataclass(a)]
        if parts:
            return _union_reader(parts)
        options = [_reader(a) for a in args if a is not type(None)]
        if len(options) == 1 and options[0] is not _identity:
            one = options[0]
            return lambda v: None if v is None else one(v)
        return frozen
    if origin in (dict, Mapping) or hint is Any:
        return frozen
    return _identity


def _union_reader(parts: list[Any]) -> Convert:
    """Reads a union of parts: each object as the part whose JSON keys it
    has (every required key, no unknown one); None as None."""
    shapes = []
    for part in parts:
        fields = dataclasses.fields(part)
        keys = frozenset(_key(f) for f in fields)
        required = frozenset(_key(f) for f in fields if not f.metadata.get(_OMIT))
        shapes.append((part, required, keys))

    def read(value: Any) -> Any:
        if value is None:
            return None
        got = frozenset(value)
        for part, required, keys in shapes:
            if required <= got <= keys:
                return from_json(part, value)
        names = ", ".join(p.__name__ for p in parts)
        raise ValueError(f"an object with keys {sorted(got)} is none of {names}")

    return read


# A reader per type named to read_as, made once (a union's shapes are worked out then).
_HINT_READERS: dict[Any, Convert] = {}


def read_as(hint: Any, data: Any) -> Any:
    """``data`` (JSON) read as the type ``hint`` names: a part, a union of
    parts, a tuple of them."""
    read = _HINT_READERS.get(hint)
    if read is None:
        read = _HINT_READERS[hint] = _reader(hint)
    return read(data)


def frozen(value: Any) -> Any:
    """JSON data with its lists as tuples, for fields typed loosely."""
    if isinstance(value, list | tuple):
        if _SCALARS_SET.issuperset(map(type, value)):
            return tuple(value)
        return tuple([v if type(v) in _SCALARS_TYPES else frozen(v) for v in value])
    if isinstance(value, Mapping):
        return {k: frozen(v) for k, v in value.items()}
    return value


def read_view(data: View[Any] | Mapping[str, Any], types_of: Callable[[str], ViewTypes]
              ) -> View[Any]:
    """``data`` as a ``View``: returned as it is when it already is one; else
    read from the protocol's JSON, its part by the game's declared types
    (``types_of`` maps a game id to them)."""
    if isinstance(data, View):
        return data
    seat = data["seat"]
    part = types_of(data["game"]).for_viewer(seat)
    log = data.get("log")
    return View(
        game=data["game"], players=data["players"], phase=data["phase"],
        to_act=tuple(data["to_act"]), over=data["over"], seat=seat,
        scores=frozen(data["scores"]), options=dict(data["options"]),
        log_size=data["log_size"], table=from_json(part, data),
        log=None if log is None else list(log),
        seed=data.get("seed"), given_options=data.get("given_options"),
    )


# ----- JSON Schema -----------------------------------------------------------
_SCALARS: dict[Any, dict[str, Any]] = {
    int: {"type": "integer"}, str: {"type": "string"}, bool: {"type": "boolean"},
    float: {"type": "number"}, type(None): {"type": "null"},
}
_COMMON_SCHEMA: dict[str, dict[str, Any]] = {
    "game": {"type": "string", "description": "The game's id."},
    "players": {"type": "integer", "description": "Seats at the table."},
    "phase": {"type": "string", "description": "The game's phase name."},
    "to_act": {"type": "array", "items": {"type": "integer"},
               "description": "The seats whose action is awaited; empty once over."},
    "over": {"type": "boolean", "description": "Whether the game has ended."},
    "seat": {},
    "scores": {"type": "array", "description": "Each seat's score so far."},
    "options": {"type": "object", "description": "The resolved options."},
    "log_size": {"type": "integer",
                 "description": "How many events this viewer's log holds in all."},
    "log": {"type": "array", "items": {"type": "object", "required": ["type"]},
            "description": "This viewer's events from the asked index on."},
    "seed": {"type": "integer", "description": "The referee's only: the game's seed."},
    "given_options": {"type": "object",
                      "description": "The referee's only: the options as given."},
}


def view_schemas(game_id: str, name: str, types: ViewTypes) -> dict[str, Any]:
    """The JSON Schema of a game's views: one definition per kind of viewer
    (a seat, ``"public"``, the referee), told apart by ``seat``."""
    kinds: dict[str, tuple[type, dict[str, Any]]] = {
        "seat": (types.seat, {"type": "integer", "minimum": 0}),
        "public": (types.public, {"const": PUBLIC}),
        "referee": (types.referee, {"type": "null"}),
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"{game_id}.json",
        "title": f"{name}: what a viewer knows",
        "$defs": {kind: _view_schema(part, seat, kind == "referee")
                  for kind, (part, seat) in kinds.items()},
        "oneOf": [{"$ref": f"#/$defs/{kind}"} for kind in kinds],
    }


def _view_schema(part: type, seat: dict[str, Any], referee: bool) -> dict[str, Any]:
    own = _object_schema(part)
    common = {**_COMMON_SCHEMA, "seat": seat}
    tail = {k: common.pop(k) for k in TAIL_FIELDS}
    properties = {**common, **own["properties"], **tail}
    required = [*COMMON_FIELDS, *own["required"]]
    if referee:
        required += ["seed", "given_options"]
    else:
        del properties["seed"], properties["given_options"]
    return {"type": "object", "properties": properties, "required": required,
            "additionalProperties": False}


def _object_schema(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    properties = {}
    for f in fields:
        hint = hints[f.name]
        if f.metadata.get(_OMIT):  # absent while None: never null when present
            hint = _without_none(hint)
        entry = properties[_key(f)] = _schema(hint)
        doc = _field_docs(cls).get(f.name)
        if doc:
            entry["description"] = doc
    return {"type": "object", "properties": properties,
            "required": [_key(f) for f in fields if not f.metadata.get(_OMIT)],
            "additionalProperties": False}


def _without_none(hint: Any) -> Any:
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    return args[0] if len(args) == 1 else Union[tuple(args)]  # noqa: UP007


def _schema(hint: Any) -> dict[str, Any]:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint in _SCALARS:
        return dict(_SCALARS[hint])
    if dataclasses.is_dataclass(hint):
        return _object_schema(hint)  # type: ignore[arg-type]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _schema(args[0])}
        return {"type": "array", "prefixItems": [_schema(a) for a in args],
                "minItems": len(args), "maxItems": len(args)}
    if origin in (Union, types.UnionType):
        return {"anyOf": [_schema(a) for a in args]}
    if origin is Literal:
        return {"enum": list(args)}
    if origin in (dict, Mapping):
        return {"type": "object", "additionalProperties": _schema(args[1])}
    return {}


def _field_docs(cls: type) -> dict[str, str]:
    """Each field's docstring (the string literal under it), from the source."""
    docs: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if not dataclasses.is_dataclass(klass):
            continue
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(klass)))
        except (OSError, TypeError):
            continue
        body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
        for prev, node in itertools.pairwise(body):
            if (isinstance(prev, ast.AnnAssign) and isinstance(prev.target, ast.Name)
                    and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                    and isinstance(node.value.value, str)):
                docs[prev.target.id] = " ".join(node.value.value.split())
    return docs
