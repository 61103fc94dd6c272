"""Benchmark: honest estimates (issue 35, item 4): how far the time left of an evaluation's progress bar
(``coach.eta``, measured on the decisions done so far) is from the truth, on a loaded machine.

Sample 够级 deals are priced twice: as the Evaluation page prices them (worker processes on every core, each given
decisions striped over the deal) and as ``fupan coach --evaluate --jobs 1`` does (in order, in one process: where
done/total is most wrong, the early decisions costing most), while a busy process (a CPU burner this bench starts and stops itself, bounded by ``BURN_MAX_S`` whatever happens)
loads the machine. At each report of progress the bar's time left is kept; once the run ended, the true time left at
each report is known. The figures: the worst and the median relative error of the time left the bar showed from 10 %
of the time done until 10 % is left (the last seconds' relative error says little), target ≤ 30 %; the baseline
beside them is done/total times the time elapsed, measured on the same reports; and the share of the run's time
before the bar's first figure (it says "estimating…" until ``coach.eta.MIN_DONE`` of the cost is done), target
≤ 20 %. On the wall clock the figures hold what the other
work on the machine did meanwhile (the load column); for the run in one process they are also given on its CPU
clock (the estimator replayed on the CPU seconds each decision took): the estimator's own error.

The import's bar (``fupan import``: ``cli.common.progress_bar`` over ``cli.library``'s predicted file costs, told
after each batch stored) is measured the same way on ``--import-deals`` simulated deals (够级 and 保皇 taking turns)
imported into a fresh SQLite file on every core, the burner beside it.

    python bench/bench_eta.py [--quick] [--deals 3] [--rollouts 20] [--jobs 0] [--import-deals 3000]

``--quick``: the shortest sample deal at 10 rollouts (a smoke run of a minute or two).
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import Figure, report  # beside this file: sys.path[0] when run as a script

from coach.eta import Eta
from coach.evaluate import decision_cost, decision_points, evaluate_replay, usable_cores
from coach.prices import DEFAULT_ROLLOUTS, Settings
from replay.formats.log import read_log
from replay.replay import Replay

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "data" / "samples" / "gouji"
TARGET = 30.0  # % of the true time left
BURN_MAX_S = 1800.0  # the burner stops on its own after this, should this bench be killed
SILENT_TARGET = 20.0  # % of the run's time before the bar's first figure ("estimating…" until then)
# relative errors of the time left: the estimator's (the figures it showed), done/total's; and the share of the run
# before the estimator's first figure
Errors = tuple[list[float], list[float], list[float]]


def _burn(until: float) -> None:
    """Spin on one core until the monotonic clock says ``until``."""
    x = 0
    while time.monotonic() < until:
        x = (x * 31 + 7) % 1_000_003


def start_burner() -> multiprocessing.process.BaseProcess:
    """A busy process loading one core (bounded: it ends by itself after ``BURN_MAX_S``)."""
    proc = multiprocessing.get_context("spawn").Process(
        target=_burn, args=(time.monotonic() + BURN_MAX_S,), daemon=True, name="fupan-bench-burner"
    )
    proc.start()
    return proc


def stop_burner(proc: multiprocessing.process.BaseProcess) -> None:
    proc.terminate()
    proc.join(5)


def _relative(seen: list[tuple[float, int, int, float | None]], start: float, end: float) -> Errors:
    """The relative errors of the time left ``seen`` at each report (time, done, total, time left: None while the
    bar says "estimating…"), those it showed, and of done/total times elapsed, from 10 % of the time done until 10 %
    is left; and the share of the run's time before its first figure."""
    whole = end - start
    ours, naive = [], []
    first = next((t for t, _done, _total, left in seen if left is not None), end)
    for t, done, total, left in seen:
        elapsed, truth = t - start, end - t
        if elapsed < 0.1 * whole or truth < 0.1 * whole:
            continue
        if left is not None:
            ours.append(abs(left - truth) / truth)
        naive.append(abs(elapsed / done * (total - done) - truth) / truth)
    return ours, naive, [(first - start) / whole]


def errors(path: Path, settings: Settings, jobs: int, processes: bool) -> tuple[dict[str, Errors], float, int]:
    """Price the deal at ``path`` with the bar's estimator: by clock ("wall"; "CPU" too for a run in this process,
    the estimator replayed on this process's CPU seconds, which the other work on the machine hardly moves), the
    relative errors of the time left and of done/total (``_relative``); the seconds the run took; its reports."""
    rep = Replay(read_log(path))
    eta = Eta()
    seen: list[tuple[float, int, int, float | None]] = []
    cpu: list[float] = []

    def progress(done: int, total: int) -> None:
        seen.append((time.perf_counter(), done, total, eta.left()))
        cpu.append(time.process_time())

    start, cpu_start = time.perf_counter(), time.process_time()
    evaluate_replay(rep, settings, jobs=jobs, progress=progress, eta=eta, processes=processes)
    end = time.perf_counter()
    found = {"wall": _relative(seen, start, end)}
    if not processes:  # the decisions ended in order: replay the estimator on their CPU seconds
        now = [cpu_start]
        replayed = Eta([decision_cost(rep, i, settings) for i in decision_points(rep)], clock=lambda: now[0])
        on_cpu = []
        for t, (_, done, total, _left) in zip(cpu, seen, strict=True):
            now[0] = t
            replayed.reach(done)
            on_cpu.append((t, done, total, replayed.left()))
        found["CPU"] = _relative(on_cpu, cpu_start, cpu[-1])
    return found, end - start, len(seen)


def import_errors(deals: int) -> tuple[Errors, float, int]:
    """Import ``deals`` simulated deals into a fresh library as ``fupan import`` does, its bar's estimator beside it
    (fed as the bar feeds it: the files' predicted costs, the files done in order): the relative errors of the time
    left and of done/total (``_relative``), the seconds the import took, its reports."""
    import tempfile

    from bench_import import write_sims

    from cli.library import file_costs
    from data.database import open_db
    from data.importer import import_paths
    from replay.formats.logfiles import log_files

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "logs"
        folder.mkdir()
        write_sims(folder, deals, seed=1, profiles=["gouji", "baohuang"])
        files = log_files([str(folder)])
        engine = open_db(f"sqlite:///{Path(tmp) / 'library.db'}")
        eta: list[Eta] = []
        seen: list[tuple[float, int, int, float | None]] = []

        def progress(done: int, total: int) -> None:
            if not eta:
                eta.append(Eta(file_costs(files)))
            eta[0].reach(done)
            seen.append((time.perf_counter(), done, total, eta[0].left()))

        start = time.perf_counter()
        try:
            import_paths(engine, files, progress)
        finally:
            engine.dispose()
        end = time.perf_counter()
    return _relative(seen[1:], start, end), end - start, len(seen)


def _add(into: Errors, got: Errors) -> None:
    for kept, new in zip(into, got, strict=True):
        kept.extend(new)


def _say(what: str, got: Errors, whole: float, reports: int) -> None:
    o, n, silent = got
    print(
        f"{what}: {whole:.1f} s, {reports} reports, {len(o)} figures from 10 % to 90 %: worst {max(o, default=0):.0%}, "
        f"median {statistics.median(o) if o else 0:.0%} (done/total: worst {max(n, default=0):.0%}, median "
        f"{statistics.median(n) if n else 0:.0%}); the first figure at {silent[0]:.0%} of the time",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="the shortest deal at 10 rollouts")
    ap.add_argument("--deals", type=int, default=3, help="sample deals priced (default 3)")
    ap.add_argument("--rollouts", type=int, default=DEFAULT_ROLLOUTS, help="rollouts (default: the default's)")
    ap.add_argument("--jobs", type=int, default=0, help="worker processes (default 0: every core)")
    ap.add_argument("--import-deals", type=int, default=3000, help="simulated deals imported (default 3000)")
    args = ap.parse_args(argv)
    paths = sorted(SAMPLES.glob("*.json"), key=lambda p: p.stat().st_size)
    imported = 300 if args.quick else args.import_deals
    if args.quick:
        paths, settings = paths[:1], Settings(rollouts=10)
    else:
        paths, settings = paths[:: max(1, len(paths) // args.deals)][: args.deals], Settings(rollouts=args.rollouts)
    jobs = args.jobs or usable_cores()
    modes = [(f"{jobs} workers", jobs, True), ("1 process, in order", 1, False)]
    found: dict[tuple[str, str], Errors] = {}
    burner = start_burner()
    try:
        for path in paths:
            for name, n_jobs, processes in modes:
                by_clock, whole, reports = errors(path, settings, n_jobs, processes)
                for clock, got in by_clock.items():
                    _add(found.setdefault((name, clock), ([], [], [])), got)
                    _say(f"{path.name}, {name}, {clock} clock", got, whole, reports)
        got, whole, reports = import_errors(imported)
        found[("import", "wall")] = got
        _say(f"fupan import of {imported} simulated deals, wall clock", got, whole, reports)
    finally:
        stop_burner(burner)
    rows = []
    for (name, clock), (ours, naive, silent) in found.items():
        if not ours:
            print(f"{name}, {clock} clock: no figure between 10 % and 90 % of the time: nothing to measure")
            return 1
        what = (
            f"fupan import of {imported} simulated deals, every core + a CPU burner, {clock} clock"
            if name == "import"
            else f"{len(paths)} 够级 deal(s), {settings.rollouts}-{settings.budget} rollouts, {name} + a CPU burner, {clock} clock"
        )
        for stat, pick in (("worst", max), ("median", statistics.median)):
            rows.append(
                Figure(
                    figure=f"time left, {stat} error from 10 % done ({what})",
                    value=100 * pick(ours),
                    unit="%",
                    baseline="done/total",
                    base_value=100 * pick(naive),
                    runs=len(ours),
                    stat=stat,
                    target=TARGET,
                    on="value",
                )
            )
        rows.append(
            Figure(
                figure=f'time left: the share of the run before its first figure ("estimating…"), worst ({what})',
                value=100 * max(silent),
                unit="%",
                runs=len(silent),
                stat="worst",
                target=SILENT_TARGET,
                on="value",
            )
        )
    return 0 if report("Honest estimates: an evaluation's time left on a loaded machine", rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
