"""Page: the dispute desk. A referee's questions about one moment of a deal.

Pick a stored deal or paste a log (JSON or the text notation), pick a step, then ask:

* who may act now? Each seat that may act, how (play, pass, 扣, 让, 烧, 接风, 叫庄; 升级: 定主, 换三张, 扣底,
  出牌) and why;
* is this action legal? A seat, an action and its cards are judged by the engine on the state at
  that step (``engine.step``): legal, or illegal with the rule ID, the rule's names, the seed text
  it rests on, and the profile options of that rule ("where clubs differ").

All text that comes from a log (player names, pasted text, error messages quoting it) reaches the
page through plain-text widgets or is markdown-escaped; no HTML is written here except the shared
table view, which escapes its own input.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

import pandas as pd
import streamlit as st

from replay.cards import CardError, parse_cards
from replay.events import CARD_ACTIONS, EVENT_TYPES, TARGET_ACTIONS, Event, Report
from replay.log import LogError, parse_log
from replay.profile import OPTIONS, Option, Profile, ProfileError, load_profile, shipped_profiles
from replay.replay import Replay
from replay.verdicts import RULES, Rule
from views.common import current, deals_frame, lang, open_deal, replay_of, t

RECENT = 200  # deals offered in the picker, most recent first

# How each action is called at the table (zh, en).
ACTION_NAMES: dict[str, tuple[str, str]] = {
    "play": ("出牌", "play"),
    "burn": ("烧牌", "burn"),
    "pass": ("过牌", "pass"),
    "kou": ("扣牌", "kou (close)"),
    "rang": ("让牌", "rang (let)"),
    "jiefeng": ("接风", "jiefeng"),
    "show": ("亮3", "show 3s"),
    "revolution": ("革命", "revolution"),
    "waive": ("放弃够死级", "waive"),
    "tribute": ("进贡", "tribute"),
    "return": ("还贡", "return"),
    "refuse": ("拒收还贡", "refuse"),
    "report": ("报牌", "report a count"),
    "call": ("叫庄", "call"),
    "yield": ("让庄", "yield"),
    "grab": ("抢庄", "grab"),
    "reveal": ("明保/明独", "reveal"),
    "declare": ("定主", "declare"),
    "exchange": ("换三张", "exchange (换三张)"),
    "bury": ("扣底", "bury the kitty"),
}

# The rules an action answers to, for a legal ruling (the register's IDs; the game picks its own).
ACTION_RULES: dict[str, tuple[str, ...]] = {
    "play": (
        "TURN-ORDER",
        "SET-FORM",
        "SET-COUNT",
        "SET-RANK",
        "GJ-GOUJI-ANSWER",
        "BH-PLAY",
        "SJ-TRICK",
        "SJ-FOLLOW",
        "SJ-TRUMPS",
    ),
    "burn": ("GJ-BURN",),
    "pass": ("PASS", "PASS-LOCK", "BH-PASS", "SJ-DECLARE"),
    "kou": ("GJ-KOU", "BH-KOU"),
    "rang": ("GJ-RANG", "BH-RANG"),
    "jiefeng": ("JIEFENG", "DIPAI"),
    "show": ("GJ-FIRST-LEAD",),
    "revolution": ("GJ-REVOLUTION",),
    "waive": ("GJ-REVOLUTION",),
    "tribute": ("GJ-TRIBUTE",),
    "return": ("GJ-TRIBUTE",),
    "refuse": ("GJ-TRIBUTE",),
    "report": ("GJ-REPORT",),
    "call": ("BH-CALL", "BH-FORCE"),
    "yield": ("BH-YIELD",),
    "grab": ("BH-GRAB",),
    "reveal": ("BH-LOYALIST", "BH-SOLO"),
    "declare": ("SJ-DECLARE",),
    "exchange": ("SJ-EXCHANGE",),
    "bury": ("SJ-DEAL",),
}
# 升级 is no climbing game: these are its actions (its engine has no handler table)
GAME_ACTION_NAMES = {"shengji": {"pass": ("不定主", "pass (no declaration)")}}
SHENGJI_ACTIONS = ("declare", "pass", "exchange", "bury", "play")  # pass: 不定主, while declaring
GAME_NAMES = {"gouji": ("够级", "gouji"), "baohuang": ("保皇", "baohuang"), "shengji": ("升级", "shengji")}


def game_actions(rep: Replay) -> list[str]:
    """The actions a seat may be asked about in this deal's game, in the log's order of actions."""
    handlers = getattr(type(rep.engine), "HANDLERS", None)
    if handlers is None:
        return [a for a in SHENGJI_ACTIONS if a in EVENT_TYPES]
    return [a for a in EVENT_TYPES if EVENT_TYPES[a] in handlers]


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:=])")


def esc(text: Any) -> str:
    """``text`` as literal markdown: every markdown/HTML-special ASCII character backslash-escaped."""
    return _MD_SPECIAL.sub(r"\\\1", str(text)).replace("\n", "  \n")


def action_label(action: str, game: str | None = None) -> str:
    """An action's name in the chosen language (as ``game`` calls it, when given), with its log keyword."""
    zh, en = GAME_ACTION_NAMES.get(game or "", {}).get(action) or ACTION_NAMES.get(action, (action, action))
    return t(f"{zh}（{action}）", en)


# -- the deal under question ----------------------------------------------------------------------


@st.cache_resource(max_entries=8)
def pasted_replay(text: str) -> Replay:
    """The replay of a pasted log (lenient, as a referee reads on). Raises LogError/ProfileError."""
    return Replay(parse_log(text, "<paste>"))


def _recent_deals() -> pd.DataFrame | None:
    """The most recent stored deals, or None when the library cannot be read."""
    try:
        df = deals_frame()
    except Exception as exc:  # the page must work without a database (pasting needs none)
        st.error(
            t("无法读取牌局库：", "cannot read the deal library: ") + esc((str(exc).splitlines() or [""])[0][:300])
        )
        return None
    if df.empty:
        return df
    return df.sort_values(["date", "id"], ascending=False, na_position="last").head(RECENT)


def _deal_label(row: pd.Series) -> str:
    zh, _ = GAME_NAMES.get(str(row["game"]), (str(row["game"]), ""))
    parts = [f"#{int(row['id'])}", zh]
    if isinstance(row.get("date"), str) and row["date"]:
        parts.append(row["date"])
    if isinstance(row.get("match"), str) and row["match"]:
        parts.append(row["match"])
    if pd.notna(row.get("deal")):
        parts.append(t(f"第{int(row['deal'])}局", f"deal {int(row['deal'])}"))
    if not row.get("legal", True):
        parts.append(t("（有违规）", "(has illegal events)"))
    return " · ".join(parts)


def pick_deal() -> tuple[str, Replay, int] | None:
    """The deal asked about: (a key for its widgets, its replay, the default step), or None."""
    deals = _recent_deals()
    has_deals = deals is not None and not deals.empty
    # format functions look nothing up in session state: AppTest calls them outside the script run
    source_names = {"db": t("牌局库", "the library"), "paste": t("粘贴记录", "a pasted log")}
    source = st.radio(
        t("牌局来源", "Deal from"),
        ["db", "paste"],
        index=0 if has_deals else 1,
        key="dispute_source",
        horizontal=True,
        format_func=source_names.__getitem__,
    )
    if source == "db":
        if not has_deals:
            st.info(t("牌局库里还没有牌局：可以粘贴一份记录。", "The library holds no deals yet: paste a log instead."))
            return None
        ids = [int(i) for i in deals["id"]]
        labels = {int(r["id"]): _deal_label(r) for _, r in deals.iterrows()}
        open_id, open_step = current()
        deal_id = st.selectbox(
            t("牌局（最近的在前）", "Deal (most recent first)"),
            ids,
            index=ids.index(open_id) if open_id in ids else 0,
            key="dispute_deal",
            format_func=lambda i: labels.get(i, f"#{i}"),
        )
        rep = replay_of(int(deal_id))
        if rep is None:
            st.error(t(f"找不到牌局 #{deal_id}", f"no deal #{deal_id}"))
            return None
        return f"d{deal_id}", rep, open_step if open_id == deal_id else 0
    text = st.text_area(
        t("粘贴一份记录（JSON 或文本记法）", "Paste a log (JSON or the text notation)"),
        key="dispute_paste",
        height=180,
        placeholder="fupan/1 gouji\nprofile gouji-logged\nevents\n0 play 5\n2 play 6",
    )
    if not text.strip():
        st.caption(t("记录的格式见 docs/log-format.md。", "The log format is described in docs/log-format.md."))
        return None
    try:
        rep = pasted_replay(text)
    except (LogError, ProfileError) as exc:
        st.error(t("读不懂这份记录：", "This log cannot be read: ") + esc(exc))
        return None
    except Exception as exc:  # a log the engine chokes on must not take the page down
        st.error(t("无法复盘这份记录：", "This log cannot be replayed: ") + esc(f"{type(exc).__name__}: {exc}"))
        return None
    return "p" + hashlib.sha1(text.encode()).hexdigest()[:12], rep, 0


# -- what the table looks like --------------------------------------------------------------------


def _event_text(rep: Replay, i: int) -> str:
    ev = rep.log.events[i]
    cards = " ".join(c.token for c in ev.cards)
    extra = f" → {ev.to}" if hasattr(ev, "to") and getattr(ev, "to", -1) >= 0 else ""
    if isinstance(ev, Report):
        extra = f" {ev.count}"
    return f"{t('座位', 'seat ')}{ev.seat} {action_label(ev.action, rep.log.game)} {cards}{extra}".rstrip()


def show_events(rep: Replay, step: int) -> None:
    """Where the step is: the event just played and the one recorded next."""
    n_events = len(rep.log.events)
    lines = []
    if step > 0:
        v = rep.verdicts[step - 1]
        ok = "✓ " + t("合规", "legal") if v.legal else f"✗ {v.rule}"
        lines.append(t("刚才：", "Just played: ") + f"#{step - 1} {_event_text(rep, step - 1)} ({ok})")
    else:
        lines.append(t("刚发完牌，还没有动作。", "As dealt: no event yet."))
    if step < n_events:
        lines.append(t("记录中的下一步：", "Recorded next: ") + f"#{step} {_event_text(rep, step)}")
    elif rep.stopped_at is None:
        lines.append(t("记录到此为止。", "The record ends here."))
    st.markdown("  \n".join(esc(line) for line in lines))


def show_table(rep: Replay, step: int) -> None:
    """The table at the step: the shared drawing, or a plain summary when it is not there."""
    if _table_html(rep, step):
        return
    view = rep.view(step)
    rows = []
    for s in range(rep.log.n_seats):
        rows.append(
            {
                t("座位", "seat"): s,
                t("牌手", "player"): rep.log.player(s),
                t("手牌张数", "cards held"): len(view.hands.get(s, [])),
                t("状态", "status"): _status(view, s),
            }
        )
    on_table = " ".join(view.table_cards) if view.table_cards else t("（空）", "(empty)")
    owner = "" if view.table_seat is None else t(f"（座位{view.table_seat}的）", f" (seat {view.table_seat}'s)")
    st.text(t("桌上：", "On the table: ") + on_table + owner)
    st.dataframe(pd.DataFrame(rows), hide_index=True)


def _status(view: Any, seat: int) -> str:
    place = view.places.get(seat)  # its place as the score ranks it, once decided
    if place is not None:
        return t(place.zh, place.en)
    if seat in view.finished:
        return t("已出完", "out")
    if seat in view.passed:
        return t("已过牌", "passed")
    if seat in view.to_act:
        return t("可行动", "may act")
    return ""


def _table_html(rep: Replay, step: int) -> bool:
    """Show the shared table drawing (views.table) when it is there; False when it is not."""
    try:
        from views.table import table_html  # drawn by the replay page's module; optional here
    except Exception:
        return False
    try:
        html = table_html(rep, step, None, lang())
    except Exception:
        return False
    if not isinstance(html, str) or not html:
        return False
    st.html(html)  # table_html escapes every string that comes from the log
    return True


# -- the questions --------------------------------------------------------------------------------


def actors(rep: Replay, step: int) -> list[tuple[int, str, list[str], str]]:
    """Who may act at ``step``: (seat, player, the ways it may act, why), in the engine's order."""
    view = rep.view(step)
    out = []
    for s, how in view.to_act.items():
        zh, en = view.why.get(s, ("", ""))
        out.append((s, rep.log.player(s), [action_label(a, rep.log.game) for a in how], t(zh, en)))
    return out


def who_may_act(rep: Replay, step: int) -> None:
    """Each seat that may act now, how and why (one box per seat)."""
    found = actors(rep, step)
    if not found:
        st.info(t("现在没有人可以行动（牌局已结束或作废）。", "No one may act now (the deal is over or void)."))
        return
    for seat, player, how, why in found:
        with st.container(border=True):
            st.markdown(f"**{esc(t('座位', 'seat '))}{seat} · {esc(player)}** — {esc(', '.join(how))}")
            st.caption(esc(why))


def _build_event(action: str, seat: int, cards_text: str, to: int, count: int) -> Event | str:
    """The event asked about, or what is wrong with the question."""
    cls = EVENT_TYPES[action]
    if action not in CARD_ACTIONS:
        return Report(seat, count=count) if cls is Report else cls(seat)
    try:
        cards = tuple(parse_cards(cards_text))
    except CardError as exc:
        return t(f"读不懂牌“{exc.token}”：", f"cannot read the card {exc.token!r}: ") + str(exc)
    if not cards:
        return t("请填写牌，例如 6 或 KS KH。", "Type the cards, e.g. 6 or KS KH.")
    if action in TARGET_ACTIONS:
        return cls(seat, cards=cards, to=to)  # type: ignore[call-arg]
    return cls(seat, cards=cards)  # type: ignore[call-arg]


def is_legal(rep: Replay, step: int) -> None:
    """Judge an action the user describes on the state at ``step``."""
    game = rep.log.game
    n = rep.log.n_seats
    view = rep.view(step)
    actions = game_actions(rep)
    action_labels = {a: action_label(a, game) for a in actions}
    first_seat = next(iter(view.to_act), 0)
    c1, c2 = st.columns(2)
    seat = c1.selectbox(
        t("座位", "Seat"),
        list(range(n)),
        index=first_seat,
        key=f"dispute_seat_{game}",
        format_func=lambda s: f"{s} · {rep.log.player(s)}",
    )
    first_action = view.to_act.get(seat, ("play",))[0]
    action = c2.selectbox(
        t("动作", "Action"),
        actions,
        index=actions.index(first_action) if first_action in actions else 0,
        key=f"dispute_action_{game}",
        format_func=action_labels.__getitem__,
    )
    cards_text, to, count = "", -1, 0
    if action in CARD_ACTIONS:
        cards_text = st.text_input(
            t("牌（空格分开，例如 6 或 KS KH、大王）", "Cards (space-separated, e.g. 6 or KS KH, BJ)")
            if game != "shengji"
            else t(
                "牌（空格分开，须带花色，例如 5C 5C、BJ 4D 4D）", "Cards (space-separated, with suits: 5C 5C, BJ 4D 4D)"
            ),
            key="dispute_cards",
        )
    if action in TARGET_ACTIONS:
        to = int(
            st.selectbox(
                t("给座位", "To seat"),
                list(range(n)),
                key=f"dispute_to_{game}",
                format_func=lambda s: f"{s} · {rep.log.player(s)}",
            )
        )
    if EVENT_TYPES[action] is Report:
        count = int(st.number_input(t("报的张数", "Count announced"), 0, 216, 10, key="dispute_count"))
    if not st.button(t("裁定", "Judge"), key="dispute_judge", type="primary"):
        return
    event = _build_event(action, int(seat), cards_text, to, count)
    if isinstance(event, str):
        st.warning(esc(event))
        return
    out = rep.engine.step(rep.states[step], event)
    if out.rule is None:
        st.success(t("合规：", "Legal: ") + esc(t(f"座位{seat} 可以这样做。", f"seat {seat} may do this.")))
        for fx in out.effects:
            st.text("· " + fx)
        for u in out.unverified:
            st.warning(t("未能核实：", "Not verified: ") + esc(u))
        rules = [r for r in ACTION_RULES.get(action, ()) if r in RULES and _rule_in_game(r, game)]
        if rules:
            with st.expander(t("这一动作依据的规则", "The rules this action answers to")):
                for r in rules:
                    show_rule(RULES[r], rep.profile)
        return
    st.error(
        t("违规", "Illegal")
        + f" — {esc(out.rule)}: "
        + esc(t(out.message_zh or out.message_en, out.message_en or out.message_zh))
    )
    for u in out.unverified:
        st.warning(t("未能核实：", "Not verified: ") + esc(u))
    rule = RULES.get(out.rule)
    if rule is None:
        st.caption(t("规则登记中没有这条规则。", "This rule is not in the register."))
        return
    show_rule(rule, rep.profile)


def _rule_in_game(rule_id: str, game: str) -> bool:
    if game == "shengji":  # not a climbing game: only its own rules
        return rule_id.startswith("SJ-")
    if rule_id.startswith("SJ-"):
        return False
    if rule_id.startswith("GJ-"):
        return game == "gouji"
    if rule_id.startswith("BH-"):
        return game == "baohuang"
    return True


def show_rule(rule: Rule, profile: Profile) -> None:
    """A rule's names, the seed text it rests on, and the profile options that change it."""
    st.markdown(f"#### {esc(rule.id)} · {esc(rule.name_zh)} · {esc(rule.name_en)}")
    seed = t("种子", "seed") + f" {rule.seed}" if rule.seed != "-" else t("无种子原文", "no seed text")
    st.markdown(f"> {esc(rule.quote)}\n\n— {esc(seed)}")
    options = options_of(rule.id, profile.game)
    if not options:
        st.caption(t("这条规则没有俱乐部选项：各处规则相同。", "No profile option changes this rule."))
        return
    st.markdown(
        "**"
        + t("各俱乐部的不同之处", "Where clubs differ")
        + "** "
        + esc(t(f"（本局规则：{profile.name}）", f"(this deal's profile: {profile.name})"))
    )
    frame = options_frame(options, profile)
    small = {c: st.column_config.TextColumn(c, width="small") for c in frame.columns if c in _shipped(profile.game)}
    st.dataframe(frame, hide_index=True, column_config=small)


def options_of(rule_id: str, game: str) -> list[Option]:
    """The profile options of a game whose rule is ``rule_id``."""
    return [o for o in OPTIONS.values() if o.rule == rule_id and game in o.defaults]


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)


def _allowed(opt: Option) -> str:
    if isinstance(opt.kind, tuple):
        return " / ".join(opt.kind)
    if opt.kind is bool:
        return "true / false"
    if opt.kind is list:
        return t("点数列表 3..15", "a list of ranks 3..15")
    return getattr(opt.kind, "__name__", str(opt.kind))


@st.cache_data
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


def options_frame(options: list[Option], profile: Profile) -> pd.DataFrame:
    """One row per option: its name, this deal's value, each shipped profile's value, the allowed values, the help."""
    shipped = _shipped(profile.game)
    rows = []
    for o in options:
        row = {
            t("选项", "option"): o.name,
            t("本局", "this deal"): _value(profile.options.get(o.name, o.defaults.get(profile.game))),
        }
        for name, opts in shipped.items():
            row[name] = _value(opts.get(o.name, ""))
        row[t("可选值", "allowed")] = _allowed(o)
        row[t("说明", "help")] = t(o.help_zh or o.help_en, o.help_en)
        rows.append(row)
    return pd.DataFrame(rows)


# -- the page -------------------------------------------------------------------------------------


def render() -> None:
    """Render the page."""
    st.title(t("争议台", "Dispute desk"))
    st.caption(
        t(
            "选一局和一个时刻，问：现在谁可以行动？这个动作合规吗？裁定附规则编号、种子原文和各俱乐部的不同选项。",
            "Pick a deal and a moment, then ask: who may act now? Is this action legal? Rulings cite the rule ID, "
            "the seed text and the options where clubs differ.",
        )
    )
    picked = pick_deal()
    if picked is None:
        return
    key, rep, default_step = picked
    last = len(rep.states) - 1
    st.caption(
        esc(
            t(
                f"{GAME_NAMES.get(rep.log.game, (rep.log.game,))[0]} · 规则 {rep.profile.name} · {len(rep.log.events)} 个动作",
                f"{rep.log.game} · profile {rep.profile.name} · {len(rep.log.events)} events",
            )
        )
    )
    if last > 0:
        step = st.slider(
            t("第几步（0 = 刚发完牌）", "Step (0 = as dealt)"),
            0,
            last,
            min(default_step, last),
            key=f"dispute_step_{key}",
        )
    else:
        step = 0
        st.caption(
            t("这份记录没有动作：只能问发牌后的局面。", "This log has no events: only the deal can be asked about.")
        )
    if key.startswith("d"):
        st.button(
            t("在“复盘”中打开这一步", "Open this step in Replay"),
            key="dispute_open",
            on_click=open_deal,
            args=(int(key[1:]), step),
        )
    show_events(rep, step)
    left, right = st.columns([3, 2])
    with left:
        show_table(rep, step)
    with right:
        st.subheader(t("现在谁可以行动？", "Who may act now?"))
        who_may_act(rep, step)
    st.subheader(t("这个动作合规吗？", "Is this action legal?"))
    is_legal(rep, step)
