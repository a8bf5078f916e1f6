"""Pickling for classes that the compiled path builds (cardroom/compiled.py).

Unpickled the default way, an object is made with ``cls.__new__(cls)`` and
then given its attributes. Compiled by mypyc, ``__new__`` runs ``__init__``
with no arguments and a frozen dataclass refuses the attributes: such a
class defines ``__reduce__`` to be rebuilt through its constructor instead.
"""

from __future__ import annotations

import dataclasses
from typing import Any


def by_fields(obj: Any) -> tuple[Any, tuple[Any, ...]]:
    """``__reduce__`` for a dataclass whose fields are all constructor
    arguments: its class, called with its fields in order."""
    return type(obj), tuple(getattr(obj, f.name) for f in dataclasses.fields(obj))
