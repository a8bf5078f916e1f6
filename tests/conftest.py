from __future__ import annotations

import os

import pytest
from hypothesis import settings

from cardroom import compiled
from cardroom.games import load_all

load_all()

settings.register_profile("ci", max_examples=25, deadline=None)
settings.register_profile("dev", max_examples=10, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


# The pure-Python pass of run.py test (CARDROOM_PURE_PASS=1, with
# CARDROOM_PURE=1): the engines' own tests, and those that swap a compiled
# function; the front ends ran on the compiled engines in the main pass.
PURE_PASS_ENV = "CARDROOM_PURE_PASS"
PURE_PASS_DIRS = ("tests/core/", "tests/games/", "tests/search/",
                  "tests/rl/test_observations.py")  # the encoders are compiled too


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get(PURE_PASS_ENV):
        keep = [i for i in items if i.get_closest_marker("pure_only")
                or i.nodeid.startswith(PURE_PASS_DIRS)]
        config.hook.pytest_deselected(items=[i for i in items if i not in keep])
        items[:] = keep
    if not compiled.ACTIVE:
        return
    skip = pytest.mark.skip(reason="swaps a compiled function: runs in the pure-Python pass")
    for item in items:
        if item.get_closest_marker("pure_only"):
            item.add_marker(skip)
