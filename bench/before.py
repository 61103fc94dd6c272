"""An earlier revision of fupan, run beside today's in the same bench: the baseline an issue's target names.

Issue 17 asks for the import at "5x today's rate", today being the tree the issue was filed against
(``ISSUE_17``). ``tree(rev)`` unpacks that revision's files from git into ``build/bench/rev-<rev>/`` (once) and
compiles its hot path with this venv's Cython, as ``make`` did for it then; ``run(rev, code)`` runs Python code
in a subprocess whose imports come from that tree first (this venv's packages behind it), so the old code runs
whole and unchanged on the same machine, in the same run, on the same files as today's.

No git, or the revision not in the clone (a shallow one): ``Unavailable``, and the bench says so rather than
measure something else under that name.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the last commit before issue 17's work began (issue 16's docs): the tree "today's rate" was measured on
ISSUE_17 = "3bbb7bb"


class Unavailable(RuntimeError):
    """The earlier revision cannot be unpacked here (no git, a shallow clone, no Cython)."""


def tree(rev: str) -> Path:
    """``rev``'s files unpacked under ``build/bench/`` with their compiled hot path built (kept for the next run)."""
    folder = ROOT / "build" / "bench" / f"rev-{rev.replace('/', '_')}"
    done = folder / ".unpacked"
    if not done.exists():
        try:
            archive = subprocess.run(
                ["git", "-C", str(ROOT), "archive", "--format=tar", rev], capture_output=True, check=False
            )
        except OSError as exc:
            raise Unavailable(f"git is not available ({exc})") from None
        if archive.returncode != 0:
            why = archive.stderr.decode(errors="replace").strip().splitlines()
            raise Unavailable(f"revision {rev} is not in this clone ({why[-1] if why else 'git archive failed'})")
        folder.mkdir(parents=True, exist_ok=True)
        with tarfile.open(fileobj=io.BytesIO(archive.stdout), mode="r:") as tar:
            tar.extractall(folder, filter="data")
        if (folder / "replay" / "compiled.py").exists():  # a revision before the compiled hot path runs from source
            built = run(rev, "import sys, replay.compiled as c; sys.exit(c.main(['build']))", folder=folder)
            if built.returncode != 0:
                raise Unavailable(f"could not compile {rev}'s hot path: {built.stderr[-300:]}")
        done.write_text(rev + "\n", encoding="utf-8")
    return folder


def run(rev: str, code: str, *args: str, folder: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``code`` (``sys.argv[1:]`` = ``args``) with this venv's Python, importing ``rev``'s modules (its tree
    first on the path)."""
    where = folder or tree(rev)
    env = {**os.environ, "PYTHONPATH": str(where)}
    return subprocess.run(
        [sys.executable, "-c", code, *args], cwd=where, env=env, capture_output=True, text=True, check=False
    )
