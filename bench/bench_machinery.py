"""Benchmark: our own machinery against maintained libraries (issue 34, item 6), in one run, each beside ours.

1. Start: the least CPU time of ``fupan check LOG`` with the value classes made by our ``Record``, by
   ``dataclasses`` and by ``msgspec`` (``bench/record_variants.py``, each started the same way), and of importing
   each library alone, beside ``python -c "import json"`` (the baseline of ``bench_cli.py``); the commands take
   turns, as in ``bench_cli.py``.
2. A climbing state's own operations (the engine's hot path), on a class with ``State``'s 19 fields made four
   ways: our Record (the fields one dict, a transition one dict copy: ``replay.climbing.state.with_turn``), a
   frozen ``msgspec.Struct`` (``msgspec.structs.replace``), a frozen slotted dataclass and a frozen dataclass
   (``dataclasses.replace``, and the faster ``copy.copy`` + ``object.__setattr__`` a hand-written transition would
   use): making one from keywords, a copy with four fields changed, reading five fields. CPU time per operation,
   the median of ``--runs`` runs (the mean and the worst beside it).

    python bench/bench_machinery.py [--runs 7] [--starts 15] [--quick]

No target of its own: the targets are those of the project's benches (``bench_cli.py``'s 2x, ``bench_replay.py``'s
8x, ``bench_moves.py``'s 30 µs), which ``docs/performance.md`` reports run with each variant.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_cli import cpu as least_cpu  # the least CPU of each command, the commands taking turns
from figures import Figure, report

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = Path(__file__).resolve().parent / "record_variants.py"


def starts(runs: int) -> list[Figure]:
    log = str(sorted((ROOT / "data" / "samples" / "gouji").glob("*.json"))[0])
    py = sys.executable
    check = "import cli; cli.run()"
    cmds = {
        'python -c "import json"': [py, "-c", "import json"],
        "import msgspec": [py, "-c", "import msgspec"],
        "import dataclasses": [py, "-c", "import dataclasses"],
        "import replay.core.record": [py, "-c", "import replay.core.record"],
        "fupan check, our Record": [py, str(VARIANTS), "ours", "-c", check, "check", log],
        "fupan check, dataclasses": [py, str(VARIANTS), "dataclass", "-c", check, "check", log],
        "fupan check, msgspec.Struct": [py, str(VARIANTS), "msgspec", "-c", check, "check", log],
    }
    names = list(cmds)
    best = dict(zip(names, least_cpu(list(cmds.values()), runs), strict=True))
    base, ours = best[names[0]], best["fupan check, our Record"]
    rows = [
        Figure(n, best[n] * 1000, "ms CPU", names[0], base * 1000, runs, "least", bench="machinery") for n in names[1:5]
    ]
    rows += [
        Figure(n, best[n] * 1000, "ms CPU", "fupan check, our Record", ours * 1000, runs, "least", bench="machinery")
        for n in names[5:]
    ]
    return rows


FIELDS: dict[str, Any] = {
    "n": 6,
    "live": 63,
    "out": (),
    "first_leader": 0,
    "rounds": 3,
    "last_owner": 2,
    "played": (),
    "phase": "play",
    "hands": (),
    "table": None,
    "table_cards": (),
    "owner": 1,
    "leader": -1,
    "to_act": 2,
    "final": False,
    "cursor": 1,
    "responded": 0,
    "jiefeng": -1,
    "window": False,
}


def state_classes() -> dict[str, tuple[Callable[..., Any], Callable[[Any], Any]]]:
    """Each way: (make from keywords, the transition ``with_turn`` makes: four fields changed in a copy)."""
    import msgspec

    from replay.climbing.state import State, with_turn

    annotations = {k: type(v) if v is not None else object for k, v in FIELDS.items()}

    ns: dict[str, Any] = {"__annotations__": annotations, **FIELDS}
    MsState = type("MsState", (msgspec.Struct,), dict(ns), frozen=True)
    DcSlots: Any = dataclasses.dataclass(frozen=True, slots=True)(type("DcSlots", (), dict(ns)))
    Dc: Any = dataclasses.dataclass(frozen=True)(type("Dc", (), dict(ns)))
    replace_ms = msgspec.structs.replace
    replace_dc = dataclasses.replace
    put = object.__setattr__

    def by_copy(st: Any) -> Any:  # what a hand-written transition on a slotted dataclass would do
        new = copy.copy(st)
        put(new, "to_act", 3)
        put(new, "final", True)
        put(new, "responded", 4)
        put(new, "cursor", 2)
        return new

    return {
        "our Record (State, with_turn)": (State, lambda st: with_turn(st, 3, True, 4, 2)),
        "msgspec.Struct(frozen=True), structs.replace": (
            MsState,
            lambda st: replace_ms(st, to_act=3, final=True, responded=4, cursor=2),
        ),
        "dataclass(frozen, slots), dataclasses.replace": (
            DcSlots,
            lambda st: replace_dc(st, to_act=3, final=True, responded=4, cursor=2),
        ),
        "dataclass(frozen, slots), copy + object.__setattr__": (DcSlots, by_copy),
        "dataclass(frozen), dataclasses.replace": (
            Dc,
            lambda st: replace_dc(st, to_act=3, final=True, responded=4, cursor=2),
        ),
    }


def per_op(fn: Callable[[], Any], n: int) -> float:
    """CPU µs per call of ``fn`` over ``n`` calls."""
    t = time.process_time()
    for _ in range(n):
        fn()
    return (time.process_time() - t) / n * 1e6


def operations(runs: int, n: int) -> list[Figure]:
    ways = state_classes()
    names = list(ways)
    ops = ("make from keywords", "a copy with four fields changed", "read five fields")
    times: dict[tuple[str, str], list[float]] = {(w, o): [] for w in names for o in ops}
    for _ in range(runs):  # the ways take turns in each run
        for w in names:
            make, turn = ways[w]
            st = make(**FIELDS)

            def read(st: Any = st) -> Any:
                return st.to_act, st.final, st.cursor, st.owner, st.live

            def made(make: Callable[..., Any] = make) -> Any:
                return make(**FIELDS)

            def turned(turn: Callable[[Any], Any] = turn, st: Any = st) -> Any:
                return turn(st)

            times[(w, ops[0])].append(per_op(made, n))
            times[(w, ops[1])].append(per_op(turned, n))
            times[(w, ops[2])].append(per_op(read, n))
    rows = []
    for o in ops:
        base = statistics.median(times[(names[0], o)])
        for w in names:
            xs = times[(w, o)]
            label = f"{o}: {w} (mean {statistics.fmean(xs):.3g}, worst {max(xs):.3g})"
            rows.append(Figure(label, statistics.median(xs), "µs CPU", names[0], base, runs, bench="machinery"))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=7, help="runs of each operation (the median counts)")
    ap.add_argument("--starts", type=int, default=15, help="starts of each command (the least CPU time counts)")
    ap.add_argument("--quick", action="store_true", help="3 runs, 5 starts")
    ap.add_argument("--skip-starts", action="store_true")
    args = ap.parse_args(argv)
    runs, nstarts, n = (3, 5, 20_000) if args.quick else (args.runs, args.starts, 100_000)
    rows = operations(runs, n)
    if not args.skip_starts:
        rows = starts(nstarts) + rows
    report("own machinery against maintained libraries (issue 34)", rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
