"""docs/research.md runs as printed: every Python snippet is executed,
except one marked ``# not run by the tests: <why>`` (long training, a
cluster)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[1] / "docs" / "research.md"
SKIP = "# not run by the tests:"


def snippets() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```$", DOC.read_text(), re.MULTILINE | re.DOTALL)


def test_the_page_has_its_python_snippets() -> None:
    assert len(snippets()) >= 3


@pytest.mark.parametrize("index", range(len(snippets())))
def test_the_snippet_runs_as_printed(index: int) -> None:
    code = snippets()[index]
    if SKIP in code:
        pytest.skip(code.split(SKIP, 1)[1].splitlines()[0].strip())
    exec(compile(code, f"{DOC.name} snippet {index + 1}", "exec"), {"__name__": "__main__"})
