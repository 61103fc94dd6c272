"""The dashboard's files of a deal: its report (``report_html``, the Replay page's download: the one builder of
``coach.report`` in the chosen language alone, with the library's number, the rule check and the referee's
decisions stored on the deal) and the coach's findings as a table (``findings_frame``, the Coach page's CSV).
No Streamlit here.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from coach.coach import Report
from coach.findings import Finding, Judgement
from coach.judgement import judge
from coach.maxims import BY_KEY
from coach.report import html_report
from coach.report_words import JUDGEMENT, KIND, SEVERITY
from replay.core.numbering import event_number
from replay.core.said import seat_name
from replay.formats.decisions import Decision
from replay.replay import Replay

COLUMNS: tuple[tuple[str, str], ...] = (
    ("第几手", "Event"),
    ("座位", "Seat"),
    ("牌手", "Player"),
    ("类别", "Kind"),
    ("严重程度", "Severity"),
    ("规则", "Rule"),
    ("俗语", "Maxim"),
    ("内容", "Finding"),
    ("判断", "Judgement"),
    ("判断详情", "Judgement in full"),
)


def judgements(findings: Sequence[Finding]) -> list[Judgement]:
    """Each finding's move's one judgement: the one the coach gave it (``Finding.judgement``, where an evaluation
    priced the deal), else ``coach.judgement.judge`` of the findings at its event with no price (a violation, or
    "not priced")."""
    at: dict[int | None, list[Finding]] = {}
    for f in findings:
        at.setdefault(f.index, []).append(f)
    unpriced = {i: judge(fs, None) for i, fs in at.items()}
    return [f.judgement if f.judgement is not None else unpriced[f.index] for f in findings]


def findings_frame(rep: Replay, findings: Sequence[Finding], lang: str = "zh") -> pd.DataFrame:
    """The coach's findings as a table (the Coach page's CSV), in ``lang``: the event's number
    (``replay.core.numbering``: the first is 1; empty for the whole deal), seat, player, kind, severity, rule, maxim,
    the message, and the move's one judgement (``judgements``): its kind and its words."""
    k = 0 if lang == "zh" else 1

    def name(table: dict[str, tuple[str, str]], key: str) -> str:
        return table.get(key, (key, key))[k]

    rows = []
    for f, j in zip(findings, judgements(findings), strict=True):
        mx = BY_KEY.get(f.maxim) if f.maxim else None
        seat = f.seat if f.seat is not None else "·".join(str(s) for s in f.seats)
        player = rep.log.player(f.seat) if f.seat is not None else ""
        rows.append(
            [
                None if f.index is None else event_number(f.index),
                seat,
                "" if player == f"{seat_name(f.seat, en=True)}" else player,
                name(KIND, f.kind),
                name(SEVERITY, f.severity),
                f.rule or "",
                (mx.saying if mx is not None else f.maxim) or "",
                (f.message_zh, f.message_en)[k],
                name(JUDGEMENT, j.kind),
                j.text(lang),
            ]
        )
    columns = [words[k] for words in COLUMNS]
    frame = pd.DataFrame(rows, columns=columns)
    frame[columns[0]] = frame[columns[0]].astype("Int64")
    return frame


def report_html(
    deal_id: int, rep: Replay, report: Report | None, decisions: Sequence[Decision], lang: str = "zh"
) -> str:
    """The deal's report as one HTML page in ``lang`` ("zh" or "en") alone (``coach.report.html_report``): meta,
    the hands as dealt, rule check, the referee's decisions (oldest first), score, the coach's findings."""
    coached = report if report is not None else Report(rep, (), {})  # no coach report: no findings
    return html_report(coached, lang, bilingual=False, deal_id=deal_id, check=True, rulings=decisions)
