from __future__ import annotations

import pytest

from cardroom.core.errors import BadOption
from cardroom.core.options import Option, resolve_options

ROUNDS = Option("rounds", "int", None, "rounds", min=1)
MODE = Option("mode", "str", "a", "mode", choices=("a", "b"))
FLAG = Option("simple", "bool", False, "flag")


def test_defaults_fill_in() -> None:
    assert resolve_options([ROUNDS, MODE, FLAG], {}, 4) == {
        "rounds": None, "mode": "a", "simple": False}


@pytest.mark.parametrize("given, words", [
    ({"rounds": 0}, "at least 1"),
    ({"rounds": "3"}, "whole number"),
    ({"rounds": True}, "whole number"),
    ({"mode": "c"}, "one of a, b"),
    ({"simple": 1}, "true or false"),
    ({"colour": 1}, "unknown option 'colour'"),
])
def test_bad_values_are_refused_with_the_reason(given: dict[str, object], words: str) -> None:
    with pytest.raises(BadOption) as err:
        resolve_options([ROUNDS, MODE, FLAG], given, 4)
    assert words in err.value.message


def test_describe_lists_type_default_choices() -> None:
    assert MODE.describe() == {"type": "str", "default": "a", "description": "mode",
                               "choices": ["a", "b"]}


def test_a_list_option_refuses_anything_but_a_list() -> None:
    from cardroom.core.options import Option

    option = Option("names", "list", None, "some names")
    assert option._type_reason(["a", "b"]) is None
    assert option._type_reason("a") == "expected a list, got 'a'"
    assert option._type_reason({"a": 1}) is not None
