"""The ruling sheet: one event's ruling as one self-contained HTML page a referee can print, sign or send
(``fupan ruling LOG --event N --html OUT``, and the dispute desk's download).

The page needs nothing from the network: one inline ``<style>`` (with print rules), no scripts, fonts
or images. Every text that comes from the log (player names, venue, notes, decisions) or from a message
is escaped with ``html.escape``; the page is built only from the fixed markup here and escaped values.
"""

from __future__ import annotations

import html
import re
from typing import Any

from referee.ruling import Ruling, option_value, roles_words
from replay import games
from replay.core.cards import cards_read
from replay.core.clip import cards_shown
from replay.core.numbering import event_number
from replay.core.said import said_in, seat_name
from replay.formats.log import Log
from replay.formats.notation.words import action_name
from replay.rules.profile_loader import profile_words
from replay.rules.register import SEED_TITLES

LABELS: dict[str, tuple[str, str]] = {
    "title": ("裁定书", "Ruling"),
    "deal": ("牌局", "The deal"),
    "game": ("游戏", "Game"),
    "profile": ("规则", "Rule profile"),
    "date": ("日期", "Date"),
    "venue": ("地点", "Venue"),
    "match": ("比赛", "Match"),
    "number": ("局号", "Deal"),
    "source": ("记录", "Log"),
    "stored": ("牌局库中编号 {n} 的牌局", "the library's deal #{n}"),
    "players": ("座位与牌手", "Seats and players"),
    "event": ("争议动作", "The event"),
    "typed": ("（在争议台上输入，不在记录中）", "(typed at the dispute desk, not in the log)"),
    "event_n": ("第 {n} 手（打在第 {s} 步的桌面上）", "event {n} (played on the table of step {s})"),
    "before": ("动作之前的桌面", "The table before it"),
    "on_table": ("桌上", "On the table"),
    "roles": ("皇帝与保皇派", "皇帝 and 保皇派"),
    "empty": ("（空）", "(empty)"),
    "owner": ("出牌人", "played by"),
    "may_act": ("可以行动", "May act"),
    "passed": ("本轮已过牌", "Passed this round"),
    "burners": ("受烧牌条件约束", "Bound by a burn"),
    "cards_held": ("张", "cards"),
    "out": ("已出完", "out"),
    "verdict": ("裁定", "Verdict"),
    "legal": ("合规", "Legal"),
    "illegal": ("违规", "Illegal"),
    "rule": ("规则", "Rule"),
    "reading": ("读法", "How the event was read"),
    "quote": ("原文", "The source text"),
    "no_seed": ("种子原文未言；这是{by}的解读", "no seed speaks; this is {by}'s reading"),
    "options": ("本局规则的相关选项", "The profile options that decided it"),
    "no_options": ("各规则在此相同，没有选项影响这一裁定", "No profile option changes this ruling"),
    "consequence": ("后果", "What follows"),
    "on_ruled": (
        "在按规则的牌桌上裁定（此前不成立的动作已撤回）",
        "Judged on the as-ruled table (the earlier events that do not stand withdrawn)",
    ),
    "as_played": ("按记录的读法", "As played"),
    "alternatives": ("当时可以合规做的", "What the seat could lawfully have done"),
    "no_alternatives": (
        "座位{s}此时没有可做的动作（出牌、烧牌、叫庄等都不轮到它）",
        "seat {s} had nothing it could do at that moment (no play, burn or bid was open to it)",
    ),
    "more": ("另有 {n} 种", "and {n} more"),
    "unverified": ("未能核实", "Not verified"),
    "decisions": ("裁判记录", "The referee's decisions"),
    "upheld": ("维持", "upheld"),
    "overruled": ("推翻", "overruled"),
    "stands": ("（现行）", "(stands)"),
    "sign": ("裁判签名", "Referee's signature"),
    "signed_at": ("日期", "Date"),
    "made_by": (
        "由 fupan 复盘 根据规则记录生成；原文见种子文件",
        "Made by fupan from the rule register; the source texts are the seed files",
    ),
}

STYLE = """
body{font-family:system-ui,"Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif;max-width:46rem;margin:1.5rem auto;
padding:0 1rem;color:#111;line-height:1.5}
h1{font-size:1.5rem;margin:.2rem 0}h2{font-size:1.1rem;margin:1.2rem 0 .4rem;border-bottom:1px solid #ccc}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.2rem .4rem;text-align:left;vertical-align:top}
.legal{color:#065f46;font-weight:bold}.illegal{color:#991b1b;font-weight:bold}
blockquote{margin:.4rem 0;padding:.4rem .8rem;border-left:4px solid #888;background:#f6f6f6}
.muted{color:#555;font-size:.9rem}.cards{font-family:ui-monospace,Menlo,Consolas,monospace}
.sign{margin-top:2rem;display:flex;gap:2rem}.sign div{flex:1;border-top:1px solid #111;padding-top:.2rem}
@media print{body{margin:0;max-width:none}h2{break-after:avoid}}
"""


# the source of a log read from the library (``views.parts.common.replay_of``: "deal 88"), said in words
_STORED = re.compile(r"deal (\d+)")


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


class _Sheet:
    def __init__(self, r: Ruling, log: Log, lang: str) -> None:
        self.r, self.log, self.k = r, log, 0 if lang == "zh" else 1
        self.sep = "、" if self.k == 0 else ", "
        self.lang = lang

    def t(self, key: str, **kw: Any) -> str:
        text = LABELS[key][self.k]
        return _e(text.format(**kw) if kw else text)

    def pick(self, pair: tuple[str, str] | dict[str, str] | None) -> str:
        if pair is None:
            return ""
        if isinstance(pair, dict):
            return _e(pair["zh"] if self.k == 0 else pair["en"])
        return _e(pair[self.k])

    def both(self, zh: str, en: str) -> str:
        """Chinese and English together, the chosen language first."""
        first, second = (zh, en) if self.k == 0 else (en, zh)
        return _e(first) if first == second else f"{_e(first)} <span class='muted'>{_e(second)}</span>"

    def player(self, seat: int) -> str:
        name = self.log.player(seat)
        label = f"{seat_name(seat)}" if self.k == 0 else f"{seat_name(seat, en=True)}"
        return _e(label) + ("" if name == f"{seat_name(seat, en=True)}" else f" {_e(name)}")

    def cards(self, tokens: list[str] | tuple[str, ...]) -> str:
        shown = cards_shown(cards_read(tokens, self.k == 0), self.k == 0)  # as the pages show them: ♠5, 大王
        return f"<span class='cards'>{_e(shown)}</span>" if tokens else ""

    def event_line(self, doc: dict[str, Any]) -> str:
        act = action_name(doc["action"], self.r.game)
        to = doc.get("to")
        tail = "" if to is None else (" → " + self.player(to))
        return f"{self.player(doc['seat'])} {_e(act[self.k])} {self.cards(doc['cards'])}{tail}"

    def header(self) -> str:
        m = self.log.meta
        rows = [
            (self.t("game"), self.both(*_game_names(self.r.game))),
            (self.t("profile"), _e(profile_words(self.r.profile, self.k == 0))),
        ]
        for key, label in (("date", "date"), ("venue", "venue"), ("match", "match"), ("deal", "number")):
            if m.get(key):
                rows.append((self.t(label), _e(m[key])))
        stored = _STORED.fullmatch(self.log.source)
        source = self.t("stored", n=stored.group(1)) if stored else _e(self.log.source)
        rows.append((self.t("source"), source))
        body = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows)
        seats = "".join(f"<li>{self.player(s)}</li>" for s in range(games.get(self.log.game).seats))
        return f"<h2>{self.t('deal')}</h2><table>{body}</table><p>{self.t('players')}</p><ul>{seats}</ul>"

    def event(self) -> str:
        r = self.r
        where = self.t("typed") if r.event is None else self.t("event_n", n=event_number(r.event), s=r.step)
        doc = {"seat": r.seat, "action": r.action, "cards": list(r.cards), "to": r.to}
        return f"<h2>{self.t('event')}</h2><p><b>{self.event_line(doc)}</b> <span class='muted'>{where}</span></p>"

    def before(self) -> str:
        v = self.r.before
        if v.table_seat is None:
            table = self.t("empty")
        else:
            table = (
                f"{self.cards(v.table_cards)} <span class='muted'>{self.t('owner')} {self.player(v.table_seat)}</span>"
            )
        rows = [f"<tr><th>{self.t('on_table')}</th><td>{table}</td></tr>"]
        acts = "".join(
            f"<li>{self.player(s)}: {_e(self.sep.join(action_name(x, self.r.game)[self.k] for x in a))} — "
            f"{self.both(*v.why.get(s, ('', '')))}</li>"
            for s, a in v.to_act.items()
        )
        rows.append(f"<tr><th>{self.t('may_act')}</th><td><ul>{acts}</ul></td></tr>")
        for key, seats in v.extras.seat_groups():
            if seats:
                rows.append(f"<tr><th>{self.t(key)}</th><td>{', '.join(self.player(s) for s in seats)}</td></tr>")
        roles = roles_words(v)
        if roles is not None:
            rows.append(f"<tr><th>{self.t('roles')}</th><td>{self.both(*roles)}</td></tr>")
        counts = "".join(
            f"<li>{self.player(s)}: {len(h)} {self.t('cards_held')}"
            + (f" ({self.t('out')})" if s in v.finished else "")
            + "</li>"
            for s, h in v.hands.items()
        )
        rows.append(f"<tr><th>{self.t('players')}</th><td><ul>{counts}</ul></td></tr>")
        return f"<h2>{self.t('before')}</h2><table>{''.join(rows)}</table>"

    def verdict(self) -> str:
        r = self.r
        mark = (
            f"<span class='legal'>{self.t('legal')}</span>"
            if r.legal
            else f"<span class='illegal'>{self.t('illegal')}</span>"
        )
        name = r.rule_name
        rule = (
            ""
            if r.rule is None
            else f"{self.t('rule')} <b>{_e(r.rule)}</b>" + (f" · {self.both(*name)}" if name else "")
        )
        msg = self.both(*r.message) if any(r.message) else ""
        out = [f"<h2>{self.t('verdict')}</h2><p>{mark} {rule}</p>"]
        if r.line == "ruled":
            out.append(f"<p class='muted'>{self.t('on_ruled')}</p>")
        if r.as_played is not None:
            out.append(f"<p><b>{self.t('as_played')}:</b> {self.both(*r.as_played)}</p>")
        if msg:
            out.append(f"<p>{msg}</p>")
        if r.reading is not None:
            out.append(f"<p><b>{self.t('reading')}:</b> {self.both(r.reading.zh, r.reading.en)}</p>")
        if r.quote is not None:
            q = r.quote
            if q.seed:
                title = SEED_TITLES.get(q.seed, ("", ""))
                cite = f"{'种子' if self.k == 0 else 'seed'} {_e(q.seed)} ({_e(q.file)}) — {self.pick(title)}"
            else:
                cite = self.t("no_seed", by=q.by)
            out.append(
                f"<p><b>{self.t('quote')}:</b></p><blockquote>{_e(q.shown(self.lang))}</blockquote><p class='muted'>{cite}</p>"
            )
        return "".join(out)

    def options(self) -> str:
        if not self.r.options:
            return f"<h2>{self.t('options')}</h2><p class='muted'>{self.t('no_options')}</p>"
        if self.k == 0:  # what the option decides and what its value means, in words (the file's are English)
            rows = "".join(
                f"<tr><td>{_e(o.help[0])}</td><td>{_e(o.words(self.lang))}</td></tr>" for o in self.r.options
            )
        else:
            rows = "".join(
                f"<tr><td><code>{_e(o.name)} = {_e(option_value(o.value))}</code></td><td>{_e(o.meaning[1])}</td></tr>"
                for o in self.r.options
            )
        return f"<h2>{self.t('options')}</h2><table>{rows}</table>"

    def consequence(self) -> str:
        return f"<h2>{self.t('consequence')}</h2><p>{self.both(*self.r.consequence)}</p>"

    def alternatives(self) -> str:
        r = self.r
        if not r.alternatives:
            return f"<h2>{self.t('alternatives')}</h2><p class='muted'>{self.t('no_alternatives', s=r.seat)}</p>"
        items = "".join(f"<li>{self.event_line(a)}</li>" for a in r.alternatives)
        more = f"<p class='muted'>{self.t('more', n=r.more_alternatives)}</p>" if r.more_alternatives else ""
        return f"<h2>{self.t('alternatives')}</h2><ul>{items}</ul>{more}"

    def unverified(self) -> str:
        if not self.r.unverified:
            return ""
        items = "".join(f"<li>{_e(said_in(u, self.lang))}</li>" for u in self.r.unverified)
        return f"<h2>{self.t('unverified')}</h2><ul>{items}</ul>"

    def decisions(self) -> str:
        ds = self.r.decisions
        if not ds:
            return ""
        items = []
        for k, d in enumerate(ds):
            stands = f" {self.t('stands')}" if k == len(ds) - 1 else ""
            rule = f" [{_e(d.rule)}]" if d.rule else ""
            items.append(
                f"<li><b>{self.t(d.decision)}</b>{rule}{stands} — {_e(d.referee)}, {_e(d.at)}<br>{_e(d.text)}</li>"
            )
        return f"<h2>{self.t('decisions')}</h2><ol>{''.join(items)}</ol>"

    def build(self) -> str:
        title = f"{self.t('title')} · {_e(self.r.rule or '')}"
        parts = [
            f"<!DOCTYPE html><html lang='{'zh-CN' if self.k == 0 else 'en'}'><head><meta charset='utf-8'>",
            "<meta name='viewport' content='width=device-width, initial-scale=1'>",
            f"<title>{title}</title><style>{STYLE}</style></head><body>",
            f"<h1>{self.t('title')}</h1>",
            self.header(),
            self.event(),
            self.before(),
            self.verdict(),
            self.options(),
            self.consequence(),
            self.alternatives(),
            self.unverified(),
            self.decisions(),
            f"<div class='sign'><div>{self.t('sign')}</div><div>{self.t('signed_at')}</div></div>",
            f"<p class='muted'>{self.t('made_by')}</p></body></html>",
        ]
        return "\n".join(p for p in parts if p)


def ruling_sheet(ruling: Ruling, log: Log, lang: str = "zh") -> str:
    """The ruling as one self-contained HTML page in ``lang`` ("zh" or "en"; the other language beside it)."""
    return _Sheet(ruling, log, lang).build() + "\n"


def _game_names(game: str) -> tuple[str, str]:
    """A game's names (zh, en) from the registry; the name itself for a game it does not know."""
    if game not in games.names():
        return game, game
    found = games.get(game)
    return found.name_zh, found.name_en
