"""The package's layers, read from the source (every import counts, also
those under TYPE_CHECKING or inside functions): no import cycle anywhere;
a game imports only the core, the text helpers and its own package; the
core names no game; front ends reach games only through the registry."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import cardroom

ROOT = Path(cardroom.__file__).parent
GAMES = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "__init__.py").exists())


def module_name(path: Path) -> str:
    parts = ["cardroom", *path.relative_to(ROOT).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """The cardroom modules a source file imports (a package's submodule
    counts as the submodule when one exists)."""
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                base = ".".join(up[: len(up) - node.level + 1] + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)
    return {m for m in found if m.startswith("cardroom")}


MODULES = {module_name(p): p for p in ROOT.rglob("*.py")}
GRAPH = {name: {m for m in imports_of(path) if m in MODULES and m != name}
         for name, path in MODULES.items()}


def cycles() -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(GRAPH[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    return found


AREAS = ["cardroom.core", *[f"cardroom.games.{g}" for g in GAMES], "cardroom"]


def area_of(module: str) -> str:
    return next(a for a in AREAS if module == a or module.startswith(a + "."))


@pytest.mark.parametrize("area", AREAS)
def test_no_import_cycle(area: str) -> None:
    assert [group for group in cycles() if area_of(group[0]) == area] == []


def test_the_checker_sees_a_cycle() -> None:
    GRAPH["cardroom.core.rng"].add("cardroom.core.game")
    try:
        assert any("cardroom.core.rng" in group for group in cycles())
    finally:
        GRAPH["cardroom.core.rng"].discard("cardroom.core.game")


def test_games_import_only_the_core_the_text_helpers_and_themselves() -> None:
    for name, targets in GRAPH.items():
        if not name.startswith("cardroom.games."):
            continue
        own = ".".join(name.split(".")[:3])
        for target in targets:
            assert target.startswith((own, "cardroom.core", "cardroom.textui")), (name, target)


def test_the_core_names_no_game() -> None:
    words = {g for g in GAMES} | {g.replace("_", "-") for g in GAMES}
    for name, path in MODULES.items():
        if name.startswith("cardroom.core"):
            assert not any(t.startswith("cardroom.games") for t in GRAPH[name]), name
            text = path.read_text()
            assert not [w for w in words if f'"{w}"' in text or f"'{w}'" in text], name


def test_front_ends_reach_games_only_through_the_registry() -> None:
    for name, targets in GRAPH.items():
        if name.startswith(("cardroom.games", "cardroom.core")):
            continue
        inside = [t for t in targets if t.startswith("cardroom.games.")]
        assert inside == [], f"{name} imports game internals: {inside}"


def test_nothing_below_the_card_room_imports_it() -> None:
    """The server sits on top: the engine, the core, the games and the
    bots never depend on it (the CLI starts it)."""
    for name, targets in GRAPH.items():
        if name.startswith(("cardroom.server", "cardroom.cli")):
            continue
        assert not [t for t in targets if t.startswith("cardroom.server")], name
