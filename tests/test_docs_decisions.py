"""A rules decision the code cites (D1, D2, ...) can be looked up inside the
repository: each game's page, docs/games/<game>.md, has a "Decisions"
section with one addressable entry per decision, every decision number
cited in the game's code or tests has its entry there, and no page points
outside the repository (``../shared``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "games"
# The game's page -> its package under src/cardroom/games and tests/games.
GAMES = {
    "papayoo": "papayoo",
    "pizzamania": "pizzamania",
    "pile-up": "pile_up",
    "muzicando": "muzicando",
    "love-formula": "love_formula",
}
# A citation: "D7" in prose or a constant (D15_STUCK_OVAL), or "d7" in an
# identifier (test_d7_..., d15_example). Letters or digits either side make
# it something else; a lowercase d must be followed by "_", so a die
# written "d6" is not read as a decision.
CITATION = re.compile(r"(?<![A-Za-z0-9])(?:D(\d+)(?![A-Za-z0-9])|d(\d+)_)")
# An entry of the Decisions section: an anchor, then the bold tag.
ENTRY = re.compile(r'^- <a id="d(\d+)"></a>\*\*D(\d+)\*\* \S', re.MULTILINE)


def sources(package: str) -> list[Path]:
    """Every text file of the game's code and tests."""
    roots = [ROOT / "src" / "cardroom" / "games" / package, ROOT / "tests" / "games" / package]
    return sorted(path for root in roots for path in root.rglob("*")
                  if path.is_file() and "__pycache__" not in path.parts)


def cited(package: str) -> dict[int, str]:
    """Decision number -> the first place that cites it (path:line)."""
    found: dict[int, str] = {}
    for path in sources(package):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:  # a built binary, not source
            continue
        for number, line in enumerate(text.splitlines(), 1):
            for match in CITATION.finditer(line):
                n = int(match.group(1) or match.group(2))
                found.setdefault(n, f"{path.relative_to(ROOT)}:{number}")
    return found


def section(page: str) -> str:
    """The page's "Decisions" section, up to the next second-level heading."""
    parts = (DOCS / f"{page}.md").read_text(encoding="utf-8").split("\n## Decisions\n", 1)
    assert len(parts) == 2, f"docs/games/{page}.md has no '## Decisions' section"
    return parts[1].split("\n## ", 1)[0]


def documented(page: str) -> list[int]:
    """The decision numbers of the page's entries, in order."""
    numbers = []
    for anchor, tag in ENTRY.findall(section(page)):
        assert anchor == tag, f"docs/games/{page}.md: the anchor d{anchor} is on D{tag}"
        numbers.append(int(tag))
    return numbers


def test_every_game_package_has_a_page() -> None:
    packages = {p.name for p in (ROOT / "src" / "cardroom" / "games").iterdir()
                if p.is_dir() and (p / "__init__.py").exists()}
    assert packages == set(GAMES.values())
    assert {p.stem for p in DOCS.glob("*.md")} == set(GAMES)


@pytest.mark.parametrize("page", sorted(GAMES))
def test_the_decisions_are_numbered_one_by_one(page: str) -> None:
    numbers = documented(page)
    assert numbers, f"docs/games/{page}.md lists no decision as '- <a id=\"d1\"></a>**D1** ...'"
    assert numbers == list(range(1, len(numbers) + 1))


@pytest.mark.parametrize("page", sorted(GAMES))
def test_every_cited_decision_is_written_out(page: str) -> None:
    citations = cited(GAMES[page])
    assert citations, f"no decision is cited in {GAMES[page]}'s code or tests"
    missing = {f"D{n}": where for n, where in sorted(citations.items())
               if n not in documented(page)}
    assert not missing, f"cited but not in docs/games/{page}.md's Decisions: {missing}"


@pytest.mark.parametrize("page", sorted(GAMES))
def test_the_page_points_nowhere_outside_the_repository(page: str) -> None:
    assert "../shared" not in (DOCS / f"{page}.md").read_text(encoding="utf-8")


def test_a_citation_is_read_in_prose_and_in_identifiers() -> None:
    text = "(D4) test_d8_r28_x d15_example D15_STUCK 3D d6 AD2 D2x"
    assert [int(a or b) for a, b in CITATION.findall(text)] == [4, 8, 15, 15]
