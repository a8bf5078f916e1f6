"""Every flag of ``cardroom serve`` is documented where an operator looks:
the limits table of docs/security.md (with its default) and docs/server.md."""

from __future__ import annotations

import argparse
from pathlib import Path

from cardroom.cli import serve

DOCS = Path(__file__).resolve().parents[2] / "docs"
# Flags about where the room runs, not what a stranger may use.
PLACE = {"--db", "--host", "--port", "--bot-delay", "--origin", "-h", "--help",
         "--node-url", "--lease-ttl", "--lease-renew"}


def serve_flags() -> list[str]:
    parser = argparse.ArgumentParser()
    serve.add_parser(parser.add_subparsers())
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return [flag for action in sub.choices["serve"]._actions for flag in action.option_strings]


def test_every_limit_flag_is_in_the_security_limits_table() -> None:
    table = (DOCS / "security.md").read_text().split("## Limits", 1)[1].split("\n## ", 1)[0]
    rows = {line.split("`")[1].split()[0] for line in table.splitlines()
            if line.startswith("| `--")}
    assert set(serve_flags()) - PLACE <= rows
    assert rows <= set(serve_flags())


def test_every_flag_is_named_in_the_server_docs() -> None:
    text = (DOCS / "server.md").read_text() + (DOCS / "security.md").read_text()
    assert [flag for flag in serve_flags() if flag.startswith("--") and flag not in text] == []
