"""The compiled path: the engines' hot modules built as C extensions by mypyc.

The sources in src/ stay the one copy of every rule. ``build`` compiles the
modules named by ``modules()`` (the core, the search and each game's rules:
the code a playout runs; and the observation encoders) into a folder of its own, named after a
fingerprint of those sources and of this Python; ``enable``, called when
``cardroom`` is imported, makes those modules load from there. A source
edited since the build changes the fingerprint, so stale machine code is
never run: until the next build (``python3 run.py`` does it) the package
runs as pure Python, which is always correct and merely slower.

``CARDROOM_PURE=1`` in the environment forces the pure path (the tests run
the engines both ways and compare).

    python -c "import cardroom.compiled as c; c.main(['build'])"
    python -c "import cardroom.compiled as c; c.main(['status'])"
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
STORE = PACKAGE.parent.parent / ".compiled"
# The core's and the search's hot modules, and each game's engine: the code
# a playout runs; and the observation encoders (the core's and each game's
# encoding.py), which the environments run every step. What only a front
# end or the heuristic bots read stays interpreted (bots cross process
# boundaries pickled, and a compiled class with a required __init__
# argument does not unpickle), and so do the classes that interpreted code
# subclasses.
CORE = ("core/cardset.py", "core/encoding.py", "core/game.py", "core/ranking.py",
        "core/rng.py", "core/sampling.py", "search/determinize.py", "search/ismcts.py",
        "search/policy.py", "search/reward.py")
GAMES = ("games/*/*.py", "games/*/*/*.py")
# A file's or a folder's name. View types stay interpreted: bots receive views pickled.
SKIP = {"__init__", "render", "stacking", "bot", "viewtypes"}
GROUP = "cardroom_native"
PURE_ENV = "CARDROOM_PURE"


def modules() -> list[str]:
    """The dotted names of the modules the compiled path builds, sorted."""
    found: set[str] = set()
    for pattern in (*CORE, *GAMES):
        for path in PACKAGE.glob(pattern):
            rel = path.relative_to(PACKAGE)
            if SKIP.isdisjoint(rel.with_suffix("").parts):
                found.add(".".join(("cardroom", *rel.with_suffix("").parts)))
    return sorted(found)


def source_of(module: str) -> Path:
    return PACKAGE.joinpath(*module.split(".")[1:]).with_suffix(".py")


def fingerprint(names: Sequence[str]) -> str:
    """Changes whenever the module list, the Python build (the extensions'
    ABI tag) or an engine source does: a compiled module's, or one whose
    classes and functions the compiled code was typed against."""
    digest = hashlib.sha256(importlib.machinery.EXTENSION_SUFFIXES[0].encode())
    digest.update("\0".join(names).encode())
    for path in sorted(_engine_sources()):
        digest.update(str(path.relative_to(PACKAGE)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:20]


def _engine_sources() -> set[Path]:
    found = {*PACKAGE.glob("core/*.py"), *PACKAGE.glob("search/*.py")}
    for pattern in GAMES:
        found.update(p for p in PACKAGE.glob(pattern)
                     if "render" not in p.relative_to(PACKAGE).with_suffix("").parts)
    return found


def target(names: Sequence[str]) -> Path:
    return STORE / fingerprint(names)


def extension_path(folder: Path, module: str) -> Path:
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return folder.joinpath(*module.split(".")).with_name(module.rpartition(".")[2] + suffix)


def built() -> bool:
    """Whether a build matches the current sources."""
    names = modules()
    return _complete(target(names), names)


def _complete(folder: Path, names: Sequence[str]) -> bool:
    """Whether ``folder`` holds a finished build of ``names``: its mark
    (written last) and every extension file."""
    return (folder / "complete").is_file() and all(
        extension_path(folder, name).is_file() for name in names)


class _Finder:
    """Loads each compiled module from the build folder, before src/ (a
    meta path finder: sys.meta_path asks it first)."""

    def __init__(self, folder: Path, names: Sequence[str]) -> None:
        self.paths = {name: extension_path(folder, name) for name in names}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        where = self.paths.get(fullname)
        if where is None:
            return None
        return importlib.util.spec_from_file_location(fullname, where)


ACTIVE = False
REASON = "not checked yet"


def enable() -> None:
    """Load the compiled modules when a build matches the sources; else
    stay on the pure path (``REASON`` says why)."""
    global ACTIVE, REASON
    if os.environ.get(PURE_ENV):
        REASON = f"{PURE_ENV} is set"
        return
    try:
        names = modules()
        folder = target(names)
        complete = _complete(folder, names)
    except OSError as exc:  # sources or build not readable (a zip, another user's folder)
        REASON = f"the sources or the build cannot be read ({exc})"
        return
    if not complete:
        REASON = "no build matches the sources (python3 run.py builds one)"
        return
    sys.path.append(str(folder))  # the shared libraries the modules link to
    sys.meta_path.insert(0, _Finder(folder, names))
    ACTIVE, REASON = True, f"built in {folder}"


def build(quiet: bool = True) -> Path:
    """Compile the modules for the current sources (reused if already
    built). One build at a time (a lock); the newest few builds are kept,
    older ones removed. Needs mypy (mypyc) and a C compiler."""
    import shutil
    import tempfile

    STORE.mkdir(exist_ok=True)
    with _locked(STORE / ".lock"):
        names = modules()
        folder = target(names)
        if _complete(folder, names):
            return folder
        shutil.rmtree(folder, ignore_errors=True)  # a build that lost a file
        work = Path(tempfile.mkdtemp(prefix="build-", dir=STORE))
        try:
            _compile(names, work, quiet)
            if target(names) != folder:  # a source changed while it compiled
                raise RuntimeError("the sources changed during the build: run it again")
            (work / "complete").write_text("\n".join(names) + "\n")
            work.chmod(0o755)  # mkdtemp's folder is its owner's only
            work.rename(folder)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        _prune(folder)
    return folder


KEEP = 3  # builds kept: a running server may still import from an older one


def _prune(newest: Path) -> None:
    import shutil

    builds = sorted((p for p in STORE.iterdir() if p.is_dir() and (p / "complete").exists()),
                    key=lambda p: p.stat().st_mtime, reverse=True)
    for old in [b for b in builds if b != newest][KEEP - 1:]:
        shutil.rmtree(old, ignore_errors=True)
    for stale in STORE.glob("build-*"):  # left by a build that was killed (we hold the lock)
        shutil.rmtree(stale, ignore_errors=True)
    for mark in STORE.glob("failed-*"):  # run.py's marks of failed builds
        mark.unlink()


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path`` where the platform offers one."""
    try:
        import fcntl
    except ImportError:  # Windows: builds are not run concurrently there
        yield
        return
    with path.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _compile(names: Sequence[str], out: Path, quiet: bool) -> None:
    import shutil

    from mypyc.build import mypycify  # the build's own tool (the test extra, or run.py)
    from setuptools import setup

    groups = _groups(names)
    paths = [path for group, _ in groups for path in group]
    cwd = os.getcwd()
    os.chdir(PACKAGE.parent.parent)  # mypy reads pyproject.toml's settings from here
    try:
        extensions = mypycify(paths, separate=groups, target_dir=str(out / "c"))
        args = ["build_ext", "--build-lib", str(out), "--build-temp", str(out / "o"),
                "-j", str(os.cpu_count() or 1)]
        setup(name="cardroom-compiled", ext_modules=extensions,
              script_args=[*(["-q"] if quiet else []), *args])
    finally:
        os.chdir(cwd)
    shutil.rmtree(out / "c", ignore_errors=True)
    shutil.rmtree(out / "o", ignore_errors=True)


def _groups(names: Sequence[str]) -> list[tuple[list[str], str | None]]:
    """One shared library per game, one for the rest: they compile in
    parallel, and a game's calls into the core stay native."""
    groups: dict[str | None, list[str]] = {}
    for name in names:
        parts = name.split(".")
        key = parts[2] if parts[1] == "games" else "core"
        path = source_of(name).relative_to(PACKAGE.parent.parent)
        groups.setdefault(f"{GROUP}_{key}", []).append(str(path))
    return [(paths, group) for group, paths in groups.items()]


def main(argv: Sequence[str]) -> int:
    if list(argv) == ["build"]:
        print(f"compiled {len(modules())} modules into {build(quiet=False)}")
        return 0
    if list(argv) == ["status"]:
        print(f"{'compiled' if ACTIVE else 'pure Python'}: {REASON}")
        return 0
    print("usage: main(['build']) or main(['status'])", file=sys.stderr)
    return 2

