"""Benchmark: the server-side work of one step change on the Replay page, for a full 够级 deal.

Simulates a complete 够级 deal, replays and coaches it once (what ``views.parts.common`` caches per deal), then
times for every step 0..N, with the Replay page's own helpers and no Streamlit run:
  - ``table_html`` alone (the table drawing),
  - the page's whole per-step work: ``step_parts`` (the table HTML, kept per deal, step, view and
    language; the event-list window as HTML, the current event marked; the last verdict, the findings
    on it, the next finding),
  - the Timeline page's figure (it marks the open step, so it is rebuilt on a step change there),
and prints the medians over all steps and their ratio to ``json.loads`` of the deal's log (the
baseline of bench_replay.py). Target: the Replay page's per-step work <= 300 ms (median).

With ``--apptest`` (default on) it also times an AppTest rerun of the Replay page after pressing
"next" (the whole script run: the callback, the page, the element tree), on a temporary SQLite library.

    python bench/bench_app.py [--seed 1] [--no-apptest] [--presses 30]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import Figure, report

from coach.coach import coach_replay
from replay.formats.log import parse_json_log
from replay.replay import Replay
from replay.simulate import simulate_deal
from views.games import table_html
from views.pages.replay import step_parts
from views.pages.timeline import timeline_figure

TARGET_STEP_MS = 300.0


def _median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


def bench_steps(seed: int) -> dict[str, float]:
    """Per-step medians (ms) for one simulated 够级 deal."""
    text = simulate_deal(seed, "gouji").log.dumps()
    loads = []
    for _ in range(51):
        t = time.perf_counter()
        json.loads(text)
        loads.append(time.perf_counter() - t)
    rep = Replay(parse_json_log(text, "bench"))
    report = coach_replay(rep)
    steps = range(len(rep.states))
    step_parts(rep, report, 0, None, "zh")  # the per-deal event list is built once, as the page caches it

    html_t, page_t, seat_t, fig_t = [], [], [], []
    for k in steps:
        t = time.perf_counter()
        table_html(rep, k, None, "zh")
        html_t.append(time.perf_counter() - t)
        t = time.perf_counter()
        step_parts(rep, report, k, None, "zh")
        page_t.append(time.perf_counter() - t)
        t = time.perf_counter()
        step_parts(rep, report, k, k % 6, "zh")
        seat_t.append(time.perf_counter() - t)
    for k in steps[:: max(1, len(steps) // 40)]:
        t = time.perf_counter()
        timeline_figure(rep, report, k, "zh")
        fig_t.append(time.perf_counter() - t)
    base = _median_ms(loads)
    return {
        "events": len(rep.log.events),
        "log_bytes": len(text.encode()),
        "json_loads_ms": base,
        "table_html_ms": _median_ms(html_t),
        "replay_step_ms": _median_ms(page_t),
        "replay_step_max_ms": max(page_t) * 1000,
        "replay_step_seat_view_ms": _median_ms(seat_t),
        "timeline_figure_ms": _median_ms(fig_t),
    }


def bench_apptest(seed: int, presses: int) -> dict[str, float]:
    """Median wall time of an AppTest rerun of the Replay page after pressing "next"."""
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    from data.database import open_db
    from data.importer import import_log

    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'bench.db'}"
        os.environ["FUPAN_DB"] = url
        st.cache_resource.clear()
        st.cache_data.clear()
        eng = open_db(url)
        deal_id = import_log(eng, simulate_deal(seed, "gouji").log).deal_id
        script = "import streamlit as st\nfrom views.pages import replay\nreplay.render()\n"
        at = AppTest.from_string(script, default_timeout=60)
        at.session_state["lang"] = "zh"
        at.session_state["deal_id"] = deal_id
        at.session_state["step"] = 0
        t = time.perf_counter()
        at.run()
        first = time.perf_counter() - t
        times = []
        for _ in range(presses):
            t = time.perf_counter()
            at.button(key="replay_next").click().run()
            times.append(time.perf_counter() - t)
        assert not at.exception, at.exception
        assert at.session_state["step"] == presses
        eng.dispose()
        st.cache_resource.clear()
    return {"apptest_first_run_ms": first * 1000, "apptest_next_rerun_ms": _median_ms(times)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--presses", type=int, default=30)
    ap.add_argument("--no-apptest", dest="apptest", action="store_false")
    ap.add_argument("--quick", action="store_true", help="5 presses in the AppTest rerun")
    args = ap.parse_args(argv)
    if args.quick:
        args.presses = 5
    res = bench_steps(args.seed)
    if args.apptest:
        res.update(bench_apptest(args.seed, args.presses))
    base = res["json_loads_ms"]
    print(f"full 够级 deal (seed {args.seed}): {res['events']} events, {res['log_bytes']} bytes of log")
    print(json.dumps({k: round(v, 4) if isinstance(v, float) else v for k, v in res.items()}))
    steps = int(res["events"]) + 1
    rows = []
    for key, label, runs in (
        ("table_html_ms", "the table's HTML for one step", steps),
        ("replay_step_ms", "the Replay page's per-step work", steps),
        ("replay_step_seat_view_ms", "the same in a seat's view", steps),
        ("timeline_figure_ms", "the Timeline's figure", min(steps, 41)),
        ("apptest_next_rerun_ms", "an AppTest rerun of the Replay page after 'next'", args.presses),
    ):
        if key in res:
            target = TARGET_STEP_MS if key == "replay_step_ms" else None
            rows.append(
                Figure(
                    figure=label,
                    value=res[key],
                    unit="ms",
                    baseline="json.loads of the log",
                    base_value=base,
                    runs=runs,
                    target=target,
                    on="value",
                )
            )
    ok = report("the Replay page's step, server side (a full 够级 deal)", rows)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
