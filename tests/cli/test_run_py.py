"""run.py as a newcomer uses it (issue 21, items 3, 4, 7 and 16): commands run
in the user's folder, Ctrl-C ends with the saved line and no traceback, the
printed resume command is one that works, and pytest's start-up lines come
once."""

from __future__ import annotations

import importlib.util
import json
import shlex
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

from tests.cli.support import ROOT, Pty, cardroom, fake_root


def run_py(root: Path, *args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(root / "run.py"), *args], input=stdin,
                          capture_output=True, text=True, cwd=cwd, timeout=300)


def test_4_commands_run_in_the_users_folder(tmp_path: Path) -> None:
    root, mine = fake_root(tmp_path), tmp_path / "mine"
    mine.mkdir()
    played = run_py(root, "play", "papayoo", "--seed", "3", "--save", "s1.json",
                    "--no-color", cwd=mine, stdin="a\nquit\n")
    assert played.returncode == 0, played.stderr
    assert (mine / "s1.json").exists() and not (root / "s1.json").exists()
    shown = run_py(root, "cardroom", "replay", "s1.json", "--no-color", cwd=mine)
    assert shown.returncode == 0, shown.stderr
    assert "Replaying Papayoo" in shown.stdout


def test_7_the_resume_command_printed_is_one_that_works(tmp_path: Path) -> None:
    root, mine = fake_root(tmp_path), tmp_path / "mine"
    mine.mkdir()
    run_as = f"{Path(sys.executable).name} {root / 'run.py'}"
    out = run_py(root, "play", "papayoo", "--seed", "3", "--save", "s 1.json", "--no-color",
                 cwd=mine, stdin="a\nquit\n")
    line = next(x for x in out.stdout.splitlines() if "continue with:" in x)
    command = line.split("continue with: ", 1)[1]
    assert command == f"{run_as} play --resume 's 1.json'"
    # The python named is this test's interpreter by name; run it by path.
    words = shlex.split(command)
    again = subprocess.run([sys.executable, *words[1:], "--no-color"], input="quit\n",
                           capture_output=True, text=True, cwd=mine, timeout=300)
    assert again.returncode == 0 and "You: seat 0." in again.stdout, again.stderr


def test_7_without_run_py_the_command_is_how_cardroom_was_started(tmp_path: Path) -> None:
    out = cardroom("play", "papayoo", "--seed", "3", "--save", "g.json", "--no-color",
                   stdin="quit\n", cwd=tmp_path)
    assert f"continue with: {_python()} -m cardroom play --resume g.json" in out.stdout
    assert "continue with: cardroom play" not in out.stdout


def _python() -> str:
    import shutil

    found = shutil.which(Path(sys.executable).name)
    same = found and Path(found).resolve() == Path(sys.executable).resolve()
    return Path(sys.executable).name if same else sys.executable


def test_3_ctrl_c_under_run_py_saves_and_shows_no_traceback(tmp_path: Path) -> None:
    root, mine = fake_root(tmp_path), tmp_path / "mine"
    mine.mkdir()
    term = Pty([sys.executable, str(root / "run.py"), "play", "papayoo", "--seed", "3",
                "--save", "g.json", "--no-color"], cwd=mine)
    term.expect("seat 0> ")
    # CPython's readline loses a SIGINT that arrives after it wrote the prompt
    # but before it waits on the terminal (the interrupt is only noticed when
    # select() is interrupted); a person never presses Ctrl-C within that
    # microsecond, so press it once the prompt is waiting.
    time.sleep(0.5)
    term.send("\x03")
    code = term.finish()
    assert "Interrupted. Game saved to g.json" in term.text
    assert "Traceback" not in term.text and "KeyboardInterrupt" not in term.text
    assert code == 130
    assert json.loads((mine / "g.json").read_text())["game"] == "papayoo"


def load_run_py() -> ModuleType:
    spec = importlib.util.spec_from_file_location("run_py", ROOT / "run.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_16_pytest_start_up_lines_come_once(tmp_path: Path) -> None:
    (tmp_path / "test_one.py").write_text("def test_one() -> None:\n    pass\n")
    command = load_run_py().pytest_command([])
    out = subprocess.run([*command, "-c", str(ROOT / "pyproject.toml"), "-p",
                          "no:cacheprovider", str(tmp_path / "test_one.py")],
                         capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    start = [line for line in out.stdout.splitlines() if line.strip()][:8]
    assert len(start) == len(set(start)), out.stdout
    assert out.stdout.count("bringing up nodes") <= 1


def test_16_mypy_strict_covers_the_whole_package() -> None:
    assert load_run_py().TYPED == ["src/cardroom"]
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert config["tool"]["mypy"]["strict"] is True


@pytest.mark.slow  # a mypy pass over the package before the compiler fails
def test_a_failed_compile_is_said_once_and_the_engines_run_as_pure_python(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No C compiler (CC fails here): run.py says so once, in words, and
    does not try again for the same sources; the package runs pure."""
    root = tmp_path / "repo"
    shutil.copytree(ROOT / "src", root / "src", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "constraints.txt", root / "constraints.txt")
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    run_py = load_run_py()
    monkeypatch.setattr(run_py, "ROOT", root)
    monkeypatch.setattr(run_py, "PY", Path(sys.executable))
    monkeypatch.setenv("PYTHONPATH", str(root / "src"))  # the copy, not this checkout
    monkeypatch.setenv("CC", "/bin/false")
    monkeypatch.delenv("CARDROOM_PURE", raising=False)
    run_py.ensure_compiled()
    said = capsys.readouterr().out
    assert "Could not compile the engines" in said and "pure Python" in said
    assert "Traceback" not in said
    assert [p.name for p in (root / ".compiled").glob("failed-*")]
    run_py.ensure_compiled()
    assert capsys.readouterr().out == ""  # not tried again
    # ... and nothing half-built is left to be loaded.
    assert not [p for p in (root / ".compiled").iterdir() if p.is_dir()]
