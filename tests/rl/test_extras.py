"""The research extras in pyproject.toml: what they hold, and that
constraints.txt pins every package they name."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def extras() -> dict[str, list[str]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    found: dict[str, list[str]] = project["optional-dependencies"]
    return found


def pinned() -> set[str]:
    lines = (ROOT / "constraints.txt").read_text().splitlines()
    return {normalized(line.split("==")[0]) for line in lines if "==" in line}


def test_openspiel_brings_dm_tree_and_ray_its_client() -> None:
    assert "dm-tree" in extras()["openspiel"]
    assert "torch" not in extras()["openspiel"]
    assert extras()["ray"] == ["ray[client]"]
    assert {"dm-tree", "wrapt", "grpcio"} <= pinned()


def test_every_research_extra_is_pinned() -> None:
    for extra in ("rl", "openspiel", "ray", "train"):
        for requirement in extras()[extra]:
            name = normalized(re.split(r"[\[<>=!~ ;]", requirement)[0])
            assert name in pinned(), f"{extra}: {name} is not pinned in constraints.txt"
