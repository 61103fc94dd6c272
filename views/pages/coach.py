"""Page: the coach's findings on the open deal.

Filters by severity and by kind (and seat); each finding with its message, the rule it breaks (name and
seed quote) or the maxim's saying, our reading of it and how sure that reading is (``coach.maxims.BY_KEY``),
what following the maxim was worth in the study and whether it is advice or on trial (a maxim the study
measured to cost points: severity "trial", never a mistake; ``coach.effects``), the move's one judgement when a
stored evaluation priced it (``coach.judgement``: the price decides; "未估价 / not priced" otherwise), the evidence (what the
seat held, the set on the table, what it did and what it could have played), and a
button "open this step" that moves the open deal to the step showing the finding's event (``index + 1``:
the table right after it, with its verdict and the finding beside it on the Replay page). The findings are drawn
``PAGE_SIZE`` at a time, with a page picker when there are more (``page_of``). In the other tab (only the tab shown
runs: ``views.parts.sections``): the findings counted per seat and per team.
"""

from __future__ import annotations

import math
from typing import Any

import pandas as pd
import streamlit as st

from coach.coach import Report
from coach.effects import ON_TRIAL
from coach.findings import KINDS, SEVERITIES, Finding
from coach.maxims import BY_KEY
from replay.core import plural
from replay.core.numbering import event_words, step_after
from replay.core.said import team_words
from replay.replay import Replay
from replay.rules.register import RULES
from views import games
from views.parts import kept, lines_view
from views.parts.common import coach_of, guarded, need_deal, t
from views.parts.deal_report import findings_frame
from views.parts.downloads import csv_button, file_name
from views.parts.links import replay_link, step_link
from views.parts.sections import Section, draw_shown, lazy_tabs
from views.parts.table import (
    action_label,
    cards_text,
    hand_text,
    judgement_words,
    seat_label,
    tr,
    worth_words,
)
from views.parts.texts import (
    EMPTY_CELL,
    FACT_NAMES,
    FACT_VALUES,
    KIND_NAMES,
    ROLE_NAMES,
    SEAT_FACTS,
    SEVERITY_MARK,
    SEVERITY_NAMES,
    SURENESS_NAMES,
    YES_NO,
    md,
    name_of,
    severity_md,
)

SEVERITY = "coach_severity"
KIND = "coach_kind"
SEAT = "coach_seat"
FILTERS = (SEVERITY, KIND, SEAT)
KEPT = "coach_kept"  # the filters' values, kept while the other tab is shown (``views.parts.kept``)
PAGE = "coach_page"
TABS = "coach_tab"  # the findings and the count per seat: tabs of which only the one shown runs
SECTIONS = (Section("findings", "发现", "Findings"), Section("seats", "按座位统计", "Per seat"))
PAGE_SIZE = 50  # findings drawn at once: a container each (a deal of 70,000 findings drew for minutes)


def _name(table: dict[str, tuple[str, str]], key: str, lang_: str) -> str:
    return name_of(table, key, lang_)


def filter_findings(
    report: Report, severities: list[str], kinds: list[str], seats: list[int] | None = None
) -> list[Finding]:
    """The findings of the chosen severities and kinds (and seats, when given), in event order."""
    return [
        f
        for f in report.findings
        if f.severity in severities and f.kind in kinds and (not seats or f.seat in seats or set(f.seats) & set(seats))
    ]


def seat_summary(rep: Replay, report: Report, lang_: str) -> pd.DataFrame:
    """One row per seat and per team: findings in all, by severity and by kind."""
    rows = []

    def row(who: str, side: str, counts: dict) -> dict:
        out = {tr(lang_, "座位", "seat"): who, tr(lang_, "方/身份", "team/role"): side}
        out[tr(lang_, "合计", "total")] = counts.get("total", 0)
        for sev in SEVERITIES:
            out[_name(SEVERITY_NAMES, sev, lang_)] = counts.get("by_severity", {}).get(sev, 0)
        for kind in ("maxim", "note"):
            out[_name(KIND_NAMES, kind, lang_)] = counts.get("by_kind", {}).get(kind, 0)
        return out

    for s, counts in report.summary.get("seats", {}).items():
        rows.append(row(seat_label(rep, int(s), lang_), games.seat_side(rep, int(s), lang_), counts))
    for team in report.summary.get("teams", []):
        who = tr(lang_, *team_words(team["seats"], rep.final.n))
        rows.append(row(who, tr(lang_, "合计", "together"), team))
    rows.append(row(tr(lang_, "全部", "all"), "", report.summary.get("all", {})))
    return pd.DataFrame(rows)


def _explain(f: Finding, lang_: str) -> None:
    if f.rule:
        rule = RULES.get(f.rule)
        if rule is not None:
            st.markdown(
                f"**{tr(lang_, '规则', 'Rule')} {md(rule.id)}** · {md(tr(lang_, rule.name_zh, rule.name_en))}"
                f"  \n> {md(rule.quote_for().shown(lang_))} ({tr(lang_, '种子', 'seed')} {md(rule.seed)})"
            )
    if f.maxim:
        mx = BY_KEY.get(f.maxim)
        if mx is not None:
            sure = _name(SURENESS_NAMES, mx.sureness, lang_)
            st.markdown(
                f"**{tr(lang_, '俗语：', 'Maxim: ')}{md(mx.saying)}** · {tr(lang_, '把握：', 'sureness: ')}{sure}"
                f"  \n{md(tr(lang_, mx.reading_zh, mx.reading_en))}"
            )
    text = worth_words(f.worth, lang_)
    if text:
        (st.warning if f.status == ON_TRIAL else st.caption)(md(text))


def _held_text(rep: Replay, f: Finding, lang_: str) -> str:
    """The cards a seat held, as the game groups them (by rank, or the game's ``GameView.held_text``: 升级
    by suit class in the deal's trump order)."""
    own = games.view(rep.log.game).held_text
    return hand_text(f.evidence.held, lang_) if own is None else own(rep, f, lang_)


def _evidence(rep: Replay, f: Finding, lang_: str) -> None:
    ev = f.evidence
    lines = []
    if ev.held:
        held = tr(lang_, f"手牌（{len(ev.held)}）：", f"held ({plural.count(len(ev.held), 'card')}): ")
        lines.append(f"- {held}{md(_held_text(rep, f, lang_))}")
    if ev.table:
        owner = seat_label(rep, ev.table_seat, lang_) if ev.table_seat is not None else ""
        lines.append(f"- {tr(lang_, '桌上：', 'on the table: ')}{md(cards_text(ev.table, lang_))} · {md(owner)}")
    if ev.did:
        did = f"{action_label(ev.did, lang_, rep.log.game)} {cards_text(ev.did_cards, lang_)}".strip()
        lines.append(f"- {tr(lang_, '所做：', 'did: ')}{md(did)}")
    if ev.instead:
        lines.append(f"- {tr(lang_, '可改出：', 'could have played: ')}{md(cards_text(ev.instead, lang_))}")
    if lines:
        st.markdown("\n".join(lines))
    if ev.facts:
        st.markdown("\n".join(facts_lines(rep, ev.facts, lang_)))


def _fact_value(rep: Replay, key: str, value: Any, lang_: str) -> str:
    """A fact's value in words (raw: escape it)."""
    if isinstance(value, bool):
        return tr(lang_, *YES_NO[value])
    if isinstance(value, str) and value in FACT_VALUES:
        return name_of(FACT_VALUES, value, lang_)
    if key in SEAT_FACTS and isinstance(value, int):
        return seat_label(rep, value, lang_)
    if key in ("action", "instead_action") and isinstance(value, str):
        return action_label(value, lang_, rep.log.game)
    if key == "roles_known" and isinstance(value, dict):
        return "；".join(f"{seat_label(rep, int(s), lang_)} {name_of(ROLE_NAMES, r, lang_)}" for s, r in value.items())
    if key == "trick" and isinstance(value, list):
        return "；".join(
            f"{seat_label(rep, p.get('seat'), lang_)} {cards_text(p.get('cards', []), lang_)}"
            for p in value
            if isinstance(p, dict)
        )
    if key == "finish_order" and isinstance(value, list):
        return " → ".join(seat_label(rep, s, lang_) if isinstance(s, int) else str(s) for s in value)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return cards_text(value, lang_)
    if isinstance(value, dict):
        return "；".join(f"{_fact_name(k, lang_)} {_fact_value(rep, k, v, lang_)}" for k, v in value.items())
    return str(value)


def _fact_name(key: str, lang_: str) -> str:
    return name_of(FACT_NAMES, key, lang_)


def facts_lines(rep: Replay, facts: dict[str, Any], lang_: str) -> list[str]:
    """A finding's facts as Markdown list items, each named and told in ``lang_`` (a fact this page does not know:
    its key and value as they are)."""
    return [
        f"- {md(_fact_name(k, lang_))}{tr(lang_, '：', ': ')}{md(_fact_value(rep, k, v, lang_))}"
        for k, v in facts.items()
    ]


def _finding(rep: Replay, deal_id: int, f: Finding, lang_: str) -> None:
    mark = severity_md(f.severity)
    where = tr(lang_, *event_words(f.index)) if f.index is not None else tr(lang_, "整局", "whole deal")
    who = seat_label(rep, f.seat, lang_) if f.seat is not None else "·".join(str(s) for s in f.seats)
    tags = f"{_name(KIND_NAMES, f.kind, lang_)} / {_name(SEVERITY_NAMES, f.severity, lang_)}"
    with st.container(border=True):
        head, button = st.columns([5, 1])
        head.markdown(f"{mark} **{where}** · {md(who)} · {tags}  \n{md(tr(lang_, f.message_zh, f.message_en))}")
        if f.index is not None:  # a link to the step right after the event (a finding on the whole deal has none)
            step_link(deal_id, step_after(f.index), t("打开此步", "Open this step"), where=button)
        _explain(f, lang_)
        judged = judgement_words(f, lang_)
        if judged:
            st.markdown(f"**{md(judged)}**")
        with st.expander(t("证据", "Evidence")):
            _evidence(rep, f, lang_)


def page_of(shown: list[Finding]) -> list[Finding]:
    """The findings of the page picked (``PAGE_SIZE`` a page; the picker shown only when there is more than one
    page, a page beyond the last moved to the last), with a caption saying which of them these are."""
    pages = max(1, math.ceil(len(shown) / PAGE_SIZE))
    if pages == 1:
        return shown
    if not 1 <= int(st.session_state.get(PAGE, 1)) <= pages:
        st.session_state[PAGE] = pages if int(st.session_state.get(PAGE, 1)) > pages else 1
    page = int(
        st.number_input(
            t(f"页（共 {pages:,} 页，每页 {PAGE_SIZE} 条）", f"Page (of {pages:,}, {PAGE_SIZE} findings a page)"),
            min_value=1,
            max_value=pages,
            step=1,
            key=PAGE,
        )
    )
    first = (page - 1) * PAGE_SIZE
    out = shown[first : first + PAGE_SIZE]
    st.caption(
        t(
            f"这一页：第 {first + 1:,}–{first + len(out):,} 条，共 {len(shown):,} 条",
            f"this page: findings {first + 1:,}–{first + len(out):,} of {len(shown):,}",
        )
    )
    return out


@guarded
def render() -> None:
    """Render the page."""
    deal = need_deal(moves=True)
    if deal is None:
        return
    deal_id, rep, lang_ = deal.deal_id, deal.rep, deal.lang
    report = coach_of(deal_id)
    st.header(t("教练", "Coach") + f" · #{deal_id}")
    lines_view.record_note(rep)
    if report is None:
        st.info(t("这一局没有教练报告。", "No coach report for this deal."))
        return
    draw_shown(
        lazy_tabs(TABS, SECTIONS),
        {
            "findings": lambda: _findings(rep, report, deal_id, lang_),
            "seats": lambda: _per_seat(rep, report, deal_id, lang_),
        },
    )


def _findings(rep: Replay, report: Report, deal_id: int, lang_: str) -> None:
    """The filters (kept while the other tab is shown: ``views.parts.kept``), the findings they leave (a page at a
    time) and their CSV."""
    kept.restore(FILTERS, KEPT)
    cols = st.columns(3)
    severities = cols[0].multiselect(
        t("严重程度", "Severity"),
        list(SEVERITIES),
        default=None if SEVERITY in st.session_state else list(SEVERITIES),  # (a kept choice: not both)
        format_func=lambda s: f"{SEVERITY_MARK.get(s, '')} {_name(SEVERITY_NAMES, s, lang_)}",
        placeholder=t("选择严重程度", "Choose severities"),
        key=SEVERITY,
    )
    kinds = cols[1].multiselect(
        t("类别", "Kind"),
        list(KINDS),
        default=None if KIND in st.session_state else list(KINDS),
        format_func=lambda k: _name(KIND_NAMES, k, lang_),
        placeholder=t("选择类别", "Choose kinds"),
        key=KIND,
    )
    seats = cols[2].multiselect(
        t("座位（空 = 全部）", "Seats (none = all)"),
        list(range(rep.final.n)),
        format_func=lambda s: seat_label(rep, s, lang_),
        placeholder=t("全部座位", "all seats"),
        key=SEAT,
    )
    kept.keep(FILTERS, KEPT)
    shown = filter_findings(report, severities, kinds, seats)
    st.caption(
        t(
            f"显示 {len(shown)} / 共 {len(report.findings)} 条发现",
            f"showing {len(shown)} of {plural.count(len(report.findings), 'finding')}",
        )
    )
    if shown:
        csv_button(
            # a list of more than a page: made when pressed (73,000 findings make 5 MB of CSV in most of a second)
            findings_frame(rep, shown, lang_) if len(shown) <= PAGE_SIZE else lambda: findings_frame(rep, shown, lang_),
            file_name(f"deal{deal_id}", "findings"),
            key="coach_csv_findings",
            label=t("下载这些发现（CSV）", "Download these findings (CSV)"),
        )
    if not report.findings:
        st.success(t("教练没有发现问题。", "The coach found nothing to say."))
    for f in page_of(shown):
        _finding(rep, deal_id, f, lang_)
    if shown:
        replay_link()


def _per_seat(rep: Replay, report: Report, deal_id: int, lang_: str) -> None:
    """The findings counted per seat and per team, and their CSV."""
    summary = seat_summary(rep, report, lang_)
    st.dataframe(summary, hide_index=True, width="stretch", placeholder=EMPTY_CELL)
    csv_button(summary, file_name(f"deal{deal_id}", "findings-per-seat"), key="coach_csv_seats")
