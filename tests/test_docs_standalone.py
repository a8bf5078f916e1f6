"""The project's docs stand alone: a user who clones the repository has
everything they point to.

- No doc or source file points into a ``shared`` folder beside the
  checkout (the specs and rules the project was written from): what they
  say is restated in the project's own docs.
- The README's layout section names every top-level package and module
  of ``src/cardroom``.
- Every relative link in README.md and docs/**/*.md leads to a file that
  exists, and a link with ``#anchor`` to a heading of that file (GitHub's
  slugs: lower case, punctuation dropped, spaces to hyphens, ``-1``,
  ``-2``, ... for repeated headings).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = (b"../shared", b"shared/spec", b"shared/rules")


def markdown_files() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def scanned_files() -> list[Path]:
    """README.md and every file under docs/ and src/ (caches left out)."""
    files = [ROOT / "README.md"]
    for top in ("docs", "src"):
        files += sorted(
            p for p in (ROOT / top).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts
        )
    return files


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


# ----- reading markdown -------------------------------------------------------
FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
CODE_SPAN = re.compile(r"(`+)(?:.+?)\1")
INLINE_LINK = re.compile(
    r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]"  # [text], one level of brackets inside
    r"\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)"  # (target
    r"(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)"  # "title")
)
REFERENCE_DEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"<a\s+[^>]*(?:name|id)\s*=\s*[\"']([^\"']+)[\"']", re.IGNORECASE)
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def prose_lines(text: str) -> Iterator[tuple[int, str]]:
    """(line number, line) outside fenced and indented code blocks, with
    code spans blanked out."""
    fence: str | None = None
    indented = False  # inside an indented code block
    blank = True  # the line before was blank (an indented block may start)
    for number, line in enumerate(text.splitlines(), 1):
        match = FENCE.match(line)
        if fence is None and match:
            fence = match.group(1)[0] * len(match.group(1))
            continue
        if fence is not None:
            if match and match.group(1).startswith(fence):
                fence = None
            continue
        if line.strip() == "":
            blank = True  # an indented block goes on past blank lines
            continue
        if line.startswith(("    ", "\t")) and (blank or indented):
            indented, blank = True, False
            continue
        indented, blank = False, False
        yield number, CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)


def links(text: str) -> Iterator[tuple[int, str]]:
    """(line number, target) of every link and image in the prose."""
    for number, line in prose_lines(text):
        for match in INLINE_LINK.finditer(line):
            yield number, match.group(1).strip("<>")
        definition = REFERENCE_DEF.match(line)
        if definition:
            yield number, definition.group(1).strip("<>")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = text.lower()
    kept = "".join(ch for ch in text if ch.isalnum() or ch in " -_")
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every anchor a link may name in the markdown file ``path``."""
    text = path.read_text(encoding="utf-8")
    found: set[str] = set()
    seen: dict[str, int] = {}
    fence: str | None = None
    for line in text.splitlines():
        match = FENCE.match(line)
        if fence is None and match:
            fence = match.group(1)[0] * len(match.group(1))
            continue
        if fence is not None:
            if match and match.group(1).startswith(fence):
                fence = None
            continue
        found.update(a for a in HTML_ANCHOR.findall(line))
        heading = HEADING.match(line)
        if heading is None:
            continue
        base = slug(heading.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def broken_links(path: Path) -> list[str]:
    problems: list[str] = []
    for number, target in links(path.read_text(encoding="utf-8")):
        if not target or SCHEME.match(target) or target.startswith("//"):
            continue  # a web address (http:, mailto:, ...), not a file of ours
        file_part, _, anchor = target.partition("#")
        file_part = file_part.split("?", 1)[0]
        where = f"{rel(path)}:{number}: {target}"
        dest = (path.parent / file_part).resolve() if file_part else path
        if not dest.exists():
            problems.append(f"{where}: no such file")
            continue
        try:
            dest.relative_to(ROOT)
        except ValueError:
            problems.append(f"{where}: outside the repository")
            continue
        if anchor and dest.suffix == ".md" and anchor.lower() not in anchors(dest):
            problems.append(f"{where}: no heading with anchor #{anchor} in {rel(dest)}")
    return problems


# ----- the tests ---------------------------------------------------------------
@pytest.mark.parametrize("path", scanned_files(), ids=rel)
def test_no_file_points_outside_the_checkout(path: Path) -> None:
    data = path.read_bytes()
    found = [pattern.decode() for pattern in FORBIDDEN if pattern in data]
    lines = [
        f"{number}: {line.strip()}"
        for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1)
        if any(pattern in line for pattern in found)
    ]
    assert not found, f"{rel(path)} points outside the repository:\n" + "\n".join(lines)


@pytest.mark.parametrize("path", markdown_files(), ids=rel)
def test_every_relative_link_leads_somewhere(path: Path) -> None:
    problems = broken_links(path)
    assert not problems, "broken links:\n" + "\n".join(problems)


def test_the_slugs_follow_github() -> None:
    assert slug("The compiled path (`cardroom/compiled.py`)") == \
        "the-compiled-path-cardroomcompiledpy"
    assert slug("`hard` against `medium`") == "hard-against-medium"
    assert slug("Logs, `since` and `log_size`") == "logs-since-and-log_size"
    assert slug("Randomness, seeds and `stack`") == "randomness-seeds-and-stack"


def test_the_link_reader_finds_links_and_skips_code() -> None:
    text = (
        "See [a](a.md#x) and ![b](img/b.png \"title\"), not `[c](c.md)`.\n"
        "```\n[d](d.md)\n```\n"
        "[e]: e.md\n"
        "Also [f](https://example.org) and [g](#local).\n"
    )
    assert [t for _, t in links(text)] == ["a.md#x", "img/b.png", "e.md", "https://example.org",
                                           "#local"]


def test_the_readme_layout_names_every_top_level_package_and_module() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = readme.split("\n## Layout", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`([^`]+)`", layout))
    package = ROOT / "src" / "cardroom"
    entries = sorted(
        f"{p.name}/" if p.is_dir() else p.name
        for p in package.iterdir()
        if (p.is_dir() and (p / "__init__.py").exists()) or p.suffix == ".py"
    )
    missing = [e for e in entries if e not in named]
    assert not missing, f"README.md's layout does not name {missing}"
