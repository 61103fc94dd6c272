"""One event's ruling (``referee.ruling.Ruling``) drawn with Streamlit, in the chosen language: the page
twin of ``fupan ruling`` and of the ruling sheet (``referee.sheet``), shared by the dispute desk and the
Replay page.

- ``show_ruling(r, log, stem, key)``: the event, the verdict with the rule's ID and names, the reading,
  the seed's words in a quote block with the seed's file, the deciding options in words, the
  consequence, the lawful alternatives, what could not be verified, the stored decisions, and the two
  downloads (the sheet as HTML, the ruling as JSON) named ``<stem>.html`` and ``<stem>.json``;
- ``clubs_differ(rule, profile)``: the rule's profile options with each shipped profile's value, folded (drawn
  only while open);
- ``decision_line(d)``, ``show_history(decisions)``: a referee's decisions, the standing one marked;
- ``replay_ruling(deal_id, rep, step, decisions)``: the Replay page's box of the stored decision on the event
  just played (shown at the step after the event, beside its verdict) and the ruling of that event, worked out
  only while its fold is open.

The labels are the ruling sheet's (``referee.sheet.LABELS``), so the page and the sheet say the same.
Every text from a log or a person (player names, decisions, messages quoting a token) is escaped for
Markdown (``views.parts.texts.esc``); no HTML is written here except the shared table drawing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import Any

import pandas as pd
import streamlit as st

from referee.ruling import Ruling, ruling_of
from referee.sheet import LABELS, ruling_sheet
from replay.core.cards import cards_read
from replay.core.clip import cards_shown
from replay.core.numbering import event_words as numbered
from replay.core.said import said_in, seat_name
from replay.formats.decisions import Decision, history
from replay.formats.log import Log
from replay.formats.notation.words import action_name
from replay.replay import Replay
from replay.rules.option import Option
from replay.rules.profile import Profile, ProfileError
from replay.rules.profile_loader import load_profile, option_defaults, options_of, shipped_profiles
from replay.rules.register import RULES, SEED_TITLES
from views.parts.clock import local_time
from views.parts.common import lang, t
from views.parts.texts import EMPTY_CELL, esc, profile_name

MAX_SHOWN_ALTERNATIVES = 12  # alternatives listed before the rest is folded away
RULING_FOLD = "replay_ruling"  # the Replay page's fold of the ruling (session state: whether it is open)


def label(key: str, **kw: Any) -> str:
    """A label of the ruling sheet in the chosen language."""
    text = t(*LABELS[key])
    return text.format(**kw) if kw else text


def head(key: str) -> str:
    """A label as the bold head of a line: 原文： / The source text: (escaped)."""
    return f"**{esc(label(key))}{t('：', ':')}**"


def seat_words(log: Log, seat: int) -> str:
    """座位1 李秀英 / seat 1 李秀英 (the player's name when the log gives one)."""
    name = log.player(seat)
    head = t(f"{seat_name(seat)}", f"{seat_name(seat, en=True)}")
    return head if name == f"{seat_name(seat, en=True)}" else f"{head} {name}"


def event_words(log: Log, game: str, doc: dict[str, Any]) -> str:
    """An event (``{"seat", "action", "cards", "to"?}``) in words, unescaped."""
    act = t(*action_name(doc["action"], game))
    to = doc.get("to")
    tail = "" if to is None else " → " + seat_words(log, int(to))
    cards = cards_shown(cards_read(doc.get("cards", []), lang() == "zh"), lang() == "zh")  # as the table: ♠5
    return f"{seat_words(log, int(doc['seat']))} · {act} {cards}".rstrip() + tail


def _value(value: Any) -> str:
    """An option's value as a profile file writes it (in Chinese, yes and no in words; the other values are the
    file's own words, as a club types them)."""
    if isinstance(value, bool):
        return t("是", "true") if value else t("否", "false")
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)


# -- the parts ------------------------------------------------------------------------------------


def _event(r: Ruling, log: Log) -> None:
    doc = {"seat": r.seat, "action": r.action, "cards": list(r.cards), "to": r.to}
    where = label("typed") if r.event is None else t(*numbered(r.event))
    st.markdown(f"{head('event')} {esc(event_words(log, r.game, doc))}")
    st.caption(esc(where))


def _verdict(r: Ruling, compact: bool) -> None:
    name = r.rule_name
    title = label("legal") if r.legal else label("illegal")
    if r.rule is not None:
        title += f" — {r.rule}" + (f" · {t(*name)}" if name else "")
    message = t(*r.message) if any(r.message) else ""
    if r.legal and not message:
        message = t(f"{seat_name(r.seat)} 可以这样做。", f"{seat_name(r.seat, en=True)} may do this.")
    body = esc(title) + (f"\n\n{esc(message)}" if message else "")
    if compact:
        st.markdown(f"{head('verdict')} {esc(title)}" + (f"  \n{esc(message)}" if message else ""))
    elif r.legal:
        st.success(body)
    else:
        st.error(body)
    if r.reason and lang() == "en":  # the reason's code is the engine's word: the quote below says it in Chinese
        st.caption(esc(f"reason: {r.reason} (fupan rules lists each rule's reasons)"))


def _quote(r: Ruling) -> None:
    if r.reading is not None:
        st.markdown(f"{head('reading')} {esc(t(r.reading.zh, r.reading.en))}")
    q = r.quote
    if q is None:
        return
    st.markdown(head("quote"))
    st.markdown("> " + esc(q.shown(lang())).replace("  \n", "  \n> "))
    if q.seed:
        title = SEED_TITLES.get(q.seed, ("", ""))
        cite = f"{t('种子', 'seed')} {q.seed} ({q.file}) — {t(*title)}"
    else:
        cite = label("no_seed", by=q.by)
    st.caption(esc(cite))


def _options(r: Ruling) -> None:
    st.markdown(
        f"**{esc(label('options'))}**"
        + t("（本局规则：", " (this deal's profile: ")
        + esc(profile_name(r.profile))
        + t("）", ")")
    )
    if not r.options:
        st.caption(esc(label("no_options")))
        return
    st.markdown("\n".join(f"- {esc(o.words(lang()))}" for o in r.options))


def _alternatives(r: Ruling, log: Log) -> None:
    if not r.alternatives:
        st.caption(esc(label("no_alternatives", s=r.seat)))
        return
    lines = [f"- {esc(event_words(log, r.game, a))}" for a in r.alternatives]
    more = r.more_alternatives + max(0, len(lines) - MAX_SHOWN_ALTERNATIVES)
    with st.expander(f"{label('alternatives')} ({len(r.alternatives) + r.more_alternatives})"):
        st.markdown("\n".join(lines[:MAX_SHOWN_ALTERNATIVES]))
        if more:
            st.caption(esc(label("more", n=more)))


def decision_line(d: Decision) -> str:
    """A decision as one line of Markdown (every text from the log or the referee escaped)."""
    outcome = label(d.decision)
    rule = f" [{d.rule}]" if d.rule else ""
    if lang() == "zh":
        return f"**{esc('裁判裁定：' + outcome)}**{esc(f'（{d.referee}，{local_time(d.at)}{rule}）')}：{esc(d.text)}"
    return f"**{esc('Referee: ' + outcome)}** {esc(f'by {d.referee} at {local_time(d.at)}{rule}')}: {esc(d.text)}"


def show_history(decisions: Sequence[Decision]) -> None:
    """A decision's history on one event, oldest first, the standing (last) one marked."""
    if not decisions:
        st.caption(t("这一动作还没有裁判的裁定。", "No referee's decision on this event yet."))
        return
    items = []
    for k, d in enumerate(decisions):
        mark = f" **{esc(label('stands'))}**" if k == len(decisions) - 1 else ""
        items.append(f"{k + 1}. {decision_line(d)}{mark}")
    st.markdown("\n".join(items))


def downloads(r: Ruling, log: Log, stem: str, key: str) -> None:
    """The ruling sheet (HTML) and the ruling (JSON) as downloads named ``stem``.html / .json."""
    files = (
        (
            "html",
            t("下载裁定书（HTML）", "Download the ruling sheet (HTML)"),
            ruling_sheet(r, log, lang()),
            "text/html",
        ),
        (
            "json",
            t("下载 JSON", "Download the JSON"),
            json.dumps(r.to_json(), ensure_ascii=False, indent=2) + "\n",
            "application/json",
        ),
    )
    for col, (ext, text, data, mime) in zip(st.columns(len(files)), files, strict=True):
        col.download_button(
            text,
            data,
            file_name=f"{stem}.{ext}",
            mime=mime,
            key=f"ruling_{ext}_{key}",
            on_click="ignore",  # no rerun: the ruling on a typed event stays on the page
            icon=":material/download:",
            width="stretch",
        )


def show_ruling(
    r: Ruling,
    log: Log,
    stem: str,
    key: str,
    decisions: bool = True,
    compact: bool = False,
    profile: Profile | None = None,
) -> None:
    """The ruling ``r`` on an event of ``log`` (see the module's docstring). ``decisions``: list the
    ruling's stored decisions here (the desk lists them in its own panel); ``compact``: the verdict as a
    line, without the shipped profiles' table (the Replay page, which shows the verdict already);
    ``profile``: the deal's profile, for the table of where clubs differ."""
    _event(r, log)
    _verdict(r, compact)
    _quote(r)
    _options(r)
    if not compact and profile is not None and r.rule in RULES:
        clubs_differ(r.rule, profile)
    st.markdown(f"{head('consequence')} {esc(t(*r.consequence))}")
    _alternatives(r, log)
    for u in r.unverified:
        st.warning(f"{head('unverified')} {esc(said_in(u, lang()))}")
    if decisions and r.decisions:
        st.markdown(f"**{esc(label('decisions'))}**")
        show_history(r.decisions)
    downloads(r, log, stem, key)


# -- where clubs differ ---------------------------------------------------------------------------


@cache
def _shipped(game: str) -> dict[str, dict[str, Any]]:
    """The options of each shipped profile of a game."""
    out: dict[str, dict[str, Any]] = {}
    for name in shipped_profiles():
        try:
            prof = load_profile(name)
        except ProfileError:
            continue
        if prof.game == game:
            out[name] = dict(prof.options)
    return out


def _short(meaning: str) -> str:
    """A value's meaning in short: without what it adds in brackets (（种子 000 未定罚则）)."""
    return re.split(r"（", meaning, maxsplit=1)[0].strip() or meaning


def _cell(opt: Option, value: Any) -> str:
    """A value of ``opt`` in the table: in Chinese what it means, in short (a profile file's words are English); in
    English as the file writes it."""
    if lang() != "zh" or isinstance(value, bool) or value == "":
        return _value(value)
    return _short(opt.meaning(value)[0])


def _allowed(opt: Option) -> str:
    if isinstance(opt.kind, tuple):
        return " / ".join(_cell(opt, k) for k in opt.kind)  # 升级's choices are numbers
    if opt.kind is bool:
        return t("是 / 否", "true / false")
    if opt.kind is list:
        return t("点数列表 3..15", "a list of ranks 3..15")
    if opt.kind is int:
        return t("整数", "an integer")
    return getattr(opt.kind, "__name__", str(opt.kind))


def options_frame(options: list[Option], profile: Profile) -> pd.DataFrame:
    """One row per option: its name, this deal's value, each shipped profile's value, the allowed values,
    what this deal's value means, the help."""
    shipped = _shipped(profile.game)
    rows = []
    for o in options:
        value = profile.options.get(o.name, option_defaults(o.name).get(profile.game))
        # in Chinese the option by what it decides (its help), its values by what they mean
        row = {t("选项", "option"): t(o.help_zh or o.help_en, o.name), t("本局", "this deal"): _cell(o, value)}
        for name, opts in shipped.items():
            row[profile_name(name)] = _cell(o, opts.get(o.name, ""))
        row[t("可选值", "allowed")] = _allowed(o)
        row[t("本局的意思", "meaning")] = t(*o.meaning(value))
        if lang() != "zh":
            row["help"] = o.help_en
        rows.append(row)
    return pd.DataFrame(rows)


def clubs_differ(rule_id: str, profile: Profile) -> None:
    """The rule's profile options, this deal's value beside each shipped profile's ("where clubs differ")."""
    options = options_of(rule_id, profile.game)
    if not options:
        return
    box = st.expander(
        t("各俱乐部的不同之处", "Where clubs differ") + f" · {rule_id}",
        key=f"clubs_differ_{rule_id}",
        on_change="rerun",
    )
    if not box.open:  # drawn only while open: a fresh dispute desk pays for no data table
        return
    with box:
        frame = options_frame(options, profile)
        shipped = {profile_name(name) for name in _shipped(profile.game)}
        small = {c: st.column_config.TextColumn(c, width="small") for c in frame.columns if c in shipped}
        st.dataframe(frame, hide_index=True, column_config=small, placeholder=EMPTY_CELL)


# -- the Replay page ------------------------------------------------------------------------------


def replay_ruling(deal_id: int, rep: Replay, step: int, decisions: Sequence[Decision]) -> None:
    """On the Replay page at ``step``: the referee's standing decision on the event just played (event
    ``step - 1``, whose verdict the page shows at this step) among the deal's ``decisions`` (read by the page),
    with the size of its history, and that event's ruling with its downloads, folded: worked out only while
    the fold is open (it stays open from step to step)."""
    if step <= 0 or step > len(rep.log.events):
        return
    event = step - 1
    found = history(list(decisions), event)
    if found:
        d = found[-1]
        (st.info if d.upheld else st.warning)(decision_line(d))
        earlier = len(found) - 1
        st.caption(
            t(
                "裁判的裁定显示在它所裁的动作刚打出的这一步，与该动作的判定同在"
                + (f"；此前另有 {earlier} 条，已被取代（见争议台）。" if earlier else "。"),
                "A referee's decision shows at the step where its event was just played, beside that event's verdict"
                + (f"; {earlier} earlier one(s) superseded (see the Dispute desk)." if earlier else "."),
            )
        )
    fold = st.expander(t("这一动作的裁定书", "The ruling on this event"), key=RULING_FOLD, on_change="rerun")
    if not fold.open:
        return
    with fold:
        r = replace(ruling_of(rep, event), decisions=found)
        show_ruling(r, rep.log, f"ruling-deal{deal_id}-event{event}", f"replay_{deal_id}_{event}", compact=True)
