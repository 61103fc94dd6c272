"""Benchmark: a newcomer's first page (issue 35, item 1). From a fresh clone of this checkout (its last commit), as
the README tells a new club member to start:

1. the packages: ``make .venv/.installed-run`` (a new venv and pip: what ``make run`` installs; timed apart, it is
   the network's and pip's cache's time more than fupan's);
2. then ``make run`` (bytecode, the samples into a new library, the compiled hot path's build started in the
   background, the dashboard served) until the first page works: Debian's Chromium opens the dashboard's address and
   the Library has drawn its list of deals and its run is over. Split at the server's first answer
   (``/_stcore/health``): before it the make steps and Streamlit's start, after it the page in the browser.
   Each run starts from what a fresh clone has after pip: no bytecode of fupan's own, no build, a new library file;
3. the background build of the compiled hot path, timed until it is done (not waited for by anything else; left out
   with ``--no-build``).

The baseline, in the same run and timed the same way: ``streamlit run`` of a one-line page from the clone's venv,
until that page is drawn in the same browser.

    python bench/bench_first_page.py [--runs 3] [--quick] [--no-build] [--keep]

Target: the first page within 60 s of ``make run``'s start, pip apart (the median; the worst is printed beside it).
Exits 1 when it is missed. ``.ci/run`` runs it once (``--runs 1 --no-build``) after ``make test``: the CI step that
times the first page from a clean clone.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from bench_browser import take  # noqa: E402 - after the path, as the other benches
from figures import Figure, report  # noqa: E402

TARGET_S = 60.0
#: the Library drawn: its list of deals (a data table) shown, and the page's run over
LIBRARY_DRAWN = '[data-testid="stDataFrame"]'
MINIMAL_PAGE = 'import streamlit as st\nst.dataframe({"deal": [1, 2, 3]})\n'


@dataclass(frozen=True)
class Start:
    """One start's seconds from its command: the server's first answer, and the first page drawn."""

    answered: float
    drawn: float


def base_python() -> str:
    """The Python the clone's venv is made from (this one's base, not this venv's)."""
    return getattr(sys, "_base_executable", sys.executable)


def clone(into: Path) -> Path:
    """A fresh clone of this checkout's last commit."""
    subprocess.run(["git", "clone", "-q", str(ROOT), str(into)], check=True)
    return into


def install(folder: Path) -> float:
    """The packages of ``make run`` into the clone's new venv: its seconds."""
    t = time.perf_counter()
    done = subprocess.run(
        ["make", "--no-print-directory", ".venv/.installed-run", f"PYTHON={base_python()}"],
        cwd=folder,
        check=False,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise SystemExit(f"pip failed in {folder} (exit {done.returncode}):\n{done.stderr[-3000:]}")
    return time.perf_counter() - t


def as_after_pip(folder: Path) -> None:
    """Back to what a fresh clone holds once pip is done: no bytecode of fupan's own (the venv's packages keep theirs,
    as pip wrote them), no build, no library."""
    shutil.rmtree(folder / "build", ignore_errors=True)
    for cache in folder.rglob("__pycache__"):
        if ".venv" not in cache.relative_to(folder).parts:
            shutil.rmtree(cache, ignore_errors=True)


def _answers(base: str) -> bool:
    try:
        with urllib.request.urlopen(base + "/_stcore/health", timeout=2) as resp:
            return bool(resp.status == 200)
    except OSError:
        return False


@contextmanager
def started(cmd: list[str], folder: Path, env: dict[str, str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """``cmd`` in a session of its own (its children, the background build too, are ended with it)."""
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            yield proc
        finally:
            for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 10)):
                try:
                    os.killpg(proc.pid, sig)
                except ProcessLookupError:
                    break
                try:
                    proc.wait(timeout=wait)
                    break
                except subprocess.TimeoutExpired:
                    continue


def first_page(browser: Any, cmd: list[str], folder: Path, env: dict[str, str], port: int, log: Path) -> Start:
    """Start ``cmd`` (which serves on ``port``) and time it to the server's answer and to the page drawn in a new
    browser context; the server is ended after."""
    base = f"http://127.0.0.1:{port}"
    t0 = time.perf_counter()
    with started(cmd, folder, env, log) as proc:
        while not _answers(base):
            if proc.poll() is not None or time.perf_counter() - t0 > 600:
                tail = log.read_text(encoding="utf-8", errors="replace")[-3000:]
                raise SystemExit(f"{' '.join(cmd)} did not serve {base} (exit {proc.poll()}):\n{tail}")
            time.sleep(0.1)
        answered = time.perf_counter() - t0
        context = browser.new_context(viewport=take.VIEWPORT, locale="en-US")
        try:
            page = context.new_page()
            page.set_default_timeout(300_000)
            page.goto(base + "/")
            page.locator(LIBRARY_DRAWN).first.wait_for()
            page.wait_for_selector(take.IDLE, state="attached")
            drawn = time.perf_counter() - t0
        finally:
            context.close()
    return Start(answered, drawn)


def build_seconds(folder: Path, env: dict[str, str], log: Path) -> float | None:
    """``make run``'s background build alone, as it runs there (nice 19), from nothing: its seconds (None when it
    failed: no compiler)."""
    shutil.rmtree(folder / "build", ignore_errors=True)
    t = time.perf_counter()
    with log.open("wb") as out:
        code = subprocess.run(
            ["nice", "-n", "19", ".venv/bin/python", "-c", "import replay.compiled as c; c.main(['build'])"],
            cwd=folder,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            check=False,
        ).returncode
    return time.perf_counter() - t if code == 0 else None


def _stats(values: list[float]) -> str:
    return f"median {statistics.median(values):.1f} s, mean {statistics.mean(values):.1f} s, worst {max(values):.1f} s"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="starts of make run (and of the baseline), default 3")
    ap.add_argument("--quick", action="store_true", help="one start, no build")
    ap.add_argument("--no-build", action="store_true", help="do not time the background build")
    ap.add_argument("--keep", action="store_true", help="keep the clone (its folder is printed)")
    args = ap.parse_args(argv)
    runs = 1 if args.quick else max(1, args.runs)
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="fupan-first-page-"))
    try:
        folder = clone(tmp / "fupan")
        print(f"a fresh clone of {ROOT} in {folder}", flush=True)
        pip_s = install(folder)
        print(f"  pip (make .venv/.installed-run): {pip_s:.1f} s", flush=True)
        (folder / "minimal.py").write_text(MINIMAL_PAGE, encoding="utf-8")
        fupan: list[Start] = []
        minimal: list[Start] = []
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "FUPAN_COMPILED", "MAKEFLAGS")}
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=take.CHROMIUM, headless=True, args=take.CHROMIUM_FLAGS)
            try:
                for k in range(runs):
                    as_after_pip(folder)
                    port = take.free_port()
                    run_env = {**env, "FUPAN_DB": f"sqlite:///{tmp / f'library-{k}.db'}"}
                    make_run = ["make", "--no-print-directory", "run", f"PORT={port}"]
                    fupan.append(first_page(browser, make_run, folder, run_env, port, tmp / f"run-{k}.log"))
                    port = take.free_port()
                    streamlit = [".venv/bin/streamlit", "run", "minimal.py", "--server.headless", "true"]
                    streamlit += ["--server.address", "127.0.0.1", "--server.port", str(port)]
                    minimal.append(first_page(browser, streamlit, folder, env, port, tmp / f"minimal-{k}.log"))
                    print(
                        f"  start {k + 1}: make run answered {fupan[-1].answered:.1f} s, first page {fupan[-1].drawn:.1f} s;"
                        f" the minimal page {minimal[-1].answered:.1f} s, {minimal[-1].drawn:.1f} s",
                        flush=True,
                    )
            finally:
                browser.close()
        built = None if args.quick or args.no_build else build_seconds(folder, env, tmp / "build.log")
        if not (args.quick or args.no_build):
            print(
                f"  the compiled hot path's build (background, nice 19): {built if built is None else round(built)} s"
            )
        drawn = [s.drawn for s in fupan]
        print(f"  make run to the first page: {_stats(drawn)}")
        rows = [
            Figure(
                "make run, fresh clone after pip: the first page (the Library drawn in Chromium)",
                statistics.median(drawn),
                "s",
                "streamlit run of a one-line page, drawn",
                statistics.median(s.drawn for s in minimal),
                runs=runs,
                target=TARGET_S,
                on="value",
            ),
            Figure(
                "make run, fresh clone after pip: the server's first answer",
                statistics.median(s.answered for s in fupan),
                "s",
                "streamlit run of a one-line page, answering",
                statistics.median(s.answered for s in minimal),
                runs=runs,
            ),
            Figure(
                "make run, fresh clone after pip: the first page, worst start",
                max(drawn),
                "s",
                "the one-line page, worst",
                max(s.drawn for s in minimal),
                runs=runs,
                stat="worst",
            ),
            Figure("pip: the packages of make run into a new venv (apart)", pip_s, "s", runs=1, stat="once"),
        ]
        if built is not None:
            rows.append(
                Figure("the compiled hot path's build, in the background (nice 19)", built, "s", runs=1, stat="once")
            )
        report("A newcomer's first page: make run from a fresh clone", rows)
        return 0 if statistics.median(drawn) <= TARGET_S else 1
    finally:
        if args.keep:
            print(f"kept: {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
