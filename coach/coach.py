"""The coach: a deal's findings (rule violations from the replay, maxims, notes) and their summary."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from coach import baohuang_notes
from coach.findings import Evidence, Finding, summarize
from coach.maxims import BY_KEY, MAXIMS
from coach.moment import Deal, Moment
from replay.log import Log
from replay.replay import Replay


@dataclass(frozen=True)
class Report:
    """The coach's findings on one deal, in event order, with their summary."""

    replay: Replay
    findings: tuple[Finding, ...]
    summary: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """The stable JSON of ``fupan coach --json``."""
        return {"findings": [f.to_json() for f in self.findings], "summary": self.summary}

    def for_seat(self, seat: int) -> list[Finding]:
        """The findings about one seat (and its team's deal-level notes)."""
        return [f for f in self.findings if f.seat == seat or (f.seat is None and seat in f.seats)]


def _teams(replay: Replay) -> list[tuple[int, ...]]:
    st = replay.final
    if replay.log.game == "gouji":
        return [(0, 2, 4), (1, 3, 5)]
    if st.emperor == -1:
        return []
    side = (st.emperor,) if st.grab or st.solo or st.loyalist == -1 else tuple(sorted({st.emperor, st.loyalist}))
    return [side, tuple(s for s in range(st.n) if s not in side)]


def violation(m: Moment) -> Finding:
    """A finding for an event the replay found illegal."""
    v = m.verdict
    maxim = "guo-pai-bu-shao" if v.rule == "GJ-BURN" and "过牌不烧" in v.message_zh else None
    st = m.before
    return Finding(
        index=m.index,
        seat=m.seat,
        kind="violation",
        severity="violation",
        message_zh=v.message_zh,
        message_en=v.message_en,
        rule=v.rule,
        maxim=maxim,
        evidence=Evidence(
            held=m.held_tokens(),
            table=m.table_tokens(),
            table_seat=st.owner if st.table is not None else None,
            did=m.event.action,
            did_cards=tuple(c.token for c in m.event.cards),
        ),
    )


def coach_replay(replay: Replay, seat: int | None = None) -> Report:
    """Findings on a replayed deal (only those about ``seat`` when given)."""
    deal = Deal(replay)
    detectors = [mx.detect for mx in MAXIMS if mx.detect is not None]
    if replay.log.game == "baohuang":
        detectors = [baohuang_notes.detect]  # the seeds give no 保皇 maxims
    findings: list[Finding] = []
    for i in range(len(replay.verdicts)):
        m = Moment(deal, i)
        if seat is not None and m.seat != seat:
            continue
        if not m.verdict.legal:
            findings.append(violation(m))
            continue
        for detect in detectors:
            findings.extend(detect(m))
    if replay.log.game == "gouji":
        for mx in MAXIMS:
            if mx.detect_deal is not None:
                findings.extend(f for f in mx.detect_deal(deal) if seat is None or seat in f.seats)
    for v in replay.deal_verdicts + replay.result_verdicts:
        if seat is not None and v.seat != seat:
            continue
        findings.append(
            Finding(
                None,
                v.seat,
                "violation",
                "violation",
                v.message_zh,
                v.message_en,
                rule=v.rule,
                evidence=Evidence(did=v.action),
            )
        )
    teams = _teams(replay)
    return Report(replay, tuple(findings), summarize(findings, replay.final.n, teams))


def coach_log(log: Log, seat: int | None = None) -> Report:
    """Findings on a log (replayed leniently, as a referee would read on)."""
    return coach_replay(Replay(log), seat)


def maxim_reading(key: str) -> tuple[str, str, str, str]:
    """(saying, reading zh, reading en, sureness) of a maxim key."""
    mx = BY_KEY[key]
    return mx.saying, mx.reading_zh, mx.reading_en, mx.sureness
