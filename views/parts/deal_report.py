"""The deal's report: one self-contained HTML file of a stored deal, in the chosen language, downloaded from
the Replay page (``report_html``; no Streamlit here).

It holds the deal's meta (game, profile, date, venue, match, the log's deal number, table, notes) and its seats
and players; the rule check (every event legal, or each illegal event with the rule it breaks: the engine's
rulings); the referee's decisions stored on the deal, oldest first, the one that stands marked; the score
(places and points, the sides, 串三户, a void deal's reason, the 升级 points and levels, each figure's rule); and
the coach's findings in event order. One inline ``<style>`` (``coach.report_words.STYLE``, with print rules), no
scripts, fonts, images or links: it opens anywhere, also without a network. Every text from the log or a message
(names, venue, notes, the referee's words, the findings) is escaped with ``html.escape``: the file is built
only from the fixed markup here and escaped values.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from typing import Any

import pandas as pd

from coach.coach import Report
from coach.findings import Finding
from coach.maxims import BY_KEY
from coach.report_words import KIND, ROLE, SEVERITY, STYLE
from replay import games
from replay.core.said import seat_name
from replay.core.verdicts import RULES
from replay.formats.decisions import Decision
from replay.formats.notation.words import action_name
from replay.games.baohuang.score import baohuang_extras
from replay.games.shengji.score import shengji_extras
from replay.replay import Replay
from replay.scoring import Score, place_words

WORDS: dict[str, tuple[str, str]] = {
    "title": ("牌局报告", "Deal report"),
    "deal_n": ("第 {n} 局", "deal {n}"),
    "meta": ("牌局信息", "The deal"),
    "game": ("游戏", "Game"),
    "profile": ("规则", "Rule profile"),
    "date": ("日期", "Date"),
    "venue": ("地点", "Venue"),
    "match": ("比赛", "Match"),
    "deal": ("局号", "Deal number"),
    "table": ("桌号", "Table"),
    "notes": ("备注", "Notes"),
    "library": ("库里的编号", "Library number"),
    "players": ("座位与牌手", "Seats and players"),
    "seat": ("座位", "Seat"),
    "player": ("牌手", "Player"),
    "check": ("规则检查", "Rule check"),
    "all_legal": ("每一步都合法（共 {n} 步）。", "Every event is legal ({n} event{ns})."),
    "illegal_n": ("{n} 处违规（共 {total} 步）：", "{n} rule violation{ns} ({total} event{ts}):"),
    "event": ("步", "Event"),
    "action": ("动作", "Action"),
    "cards": ("牌", "Cards"),
    "rule": ("规则", "Rule"),
    "why": ("说明", "Why"),
    "decisions": ("裁判裁定", "The referee's decisions"),
    "no_decisions": ("这一局没有存入裁判裁定。", "No referee's decision is stored on this deal."),
    "decision": ("裁定", "Decision"),
    "upheld": ("维持", "upheld"),
    "overruled": ("推翻", "overruled"),
    "stands": ("现行", "stands"),
    "superseded": ("已被取代", "superseded"),
    "referee": ("裁判", "Referee"),
    "at": ("时间", "When"),
    "text": ("理由", "Reasons"),
    "score": ("计分", "Score"),
    "unfinished": ("这局没打完：没有计分。", "The deal did not finish: no score."),
    "void": ("这局作废，不计分：", "The deal is void, no score: "),
    "place": ("名次", "Place"),
    "rank": ("科", "Rank"),
    "points": ("得分", "Points"),
    "sides": ("各方", "Sides"),
    "sweep": ("串三户：得分翻倍。", "串三户 (sweep): the points are doubled."),
    "roles": ("身份", "Roles"),
    "card_points": ("闲家得分", "The defenders' points"),
    "kitty": ("底牌分", "Kitty points"),
    "levels": ("级", "Levels"),
    "before": ("之前", "before"),
    "after": ("之后", "after"),
    "how": ("计分依据", "How the score came about"),
    "findings": ("教练发现", "The coach's findings"),
    "no_findings": ("教练没有发现问题。", "The coach found nothing to say."),
    "whole": ("整局", "whole deal"),  # as coach.report_words names it
    "kind": ("类别", "Kind"),
    "severity": ("严重程度", "Severity"),
    "about": ("规则或俗语", "Rule or maxim"),
    "message": ("内容", "Finding"),
    "made_by": ("由 fupan 复盘生成。", "Made by fupan."),
}

EXTRA_STYLE = """
table{border-collapse:collapse;width:100%;margin:.4rem 0}td,th{border:1px solid #ccc;padding:.2rem .4rem;
text-align:left;vertical-align:top}dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:.1rem 1rem}
dl.meta dt{font-weight:bold}dl.meta dd{margin:0}.bad{color:#991b1b;font-weight:bold}.ok{color:#065f46}
.muted{color:#555;font-size:.9rem}.cards{font-family:ui-monospace,Menlo,Consolas,monospace}
@media print{body{max-width:none}h2{break-after:avoid}tr{break-inside:avoid}}
"""


def _e(value: Any) -> str:
    """Any value as escaped HTML text."""
    return html.escape(str(value), quote=True)


class _Report:
    def __init__(
        self, deal_id: int, rep: Replay, report: Report | None, decisions: Sequence[Decision], lang: str
    ) -> None:
        self.deal_id, self.rep, self.report, self.decisions = deal_id, rep, report, list(decisions)
        self.log, self.k = rep.log, 0 if lang == "zh" else 1
        self.lang = "zh" if self.k == 0 else "en"

    def w(self, key: str, **kw: Any) -> str:
        """A fixed word, escaped (with its values put in)."""
        text = WORDS[key][self.k]
        return _e(text.format(**kw) if kw else text)

    def pick(self, zh: str, en: str) -> str:
        return _e(zh if self.k == 0 else en)

    def place(self, zh: str, en: str) -> str:
        """A place's name: 头科 …, in English with its Chinese beside it (头科 (1st))."""
        return self.pick(zh, f"{zh} ({en})" if zh != en else en)

    def named(self, table: dict[str, tuple[str, str]], key: str) -> str:
        zh, en = table.get(key, (key, key))
        return self.pick(zh, en)

    def who(self, seat: int | None) -> str:
        if seat is None:
            return ""
        name = self.log.player(seat)
        plain = self.pick(f"座位 {seat}", f"{seat_name(seat, en=True)}")
        return plain if name == f"{seat_name(seat, en=True)}" else f"{plain} · {_e(name)}"

    def rule(self, rule: str | None) -> str:
        if not rule:
            return ""
        found = RULES.get(rule)
        name = "" if found is None else " " + self.pick(found.name_zh, found.name_en)
        return f"<code>{_e(rule)}</code>{name}"

    @staticmethod
    def table(head: Sequence[str], rows: Sequence[Sequence[str]], caption: str = "") -> str:
        """A table of cells already escaped."""
        cap = f"<caption>{caption}</caption>" if caption else ""
        th = "".join(f"<th>{h}</th>" for h in head)
        body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
        return f"<table>{cap}<thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"

    # -- sections ----------------------------------------------------------------------------------

    def meta(self) -> str:
        meta = self.log.meta
        try:
            game = games.get(self.log.game)
            game_text = self.pick(game.name_zh, game.name_en)
        except ValueError:
            game_text = _e(self.log.game)
        rows = [(self.w("library"), f"#{self.deal_id}"), (self.w("game"), game_text)]
        rows.append((self.w("profile"), _e(self.log.profile_name)))
        for key in ("date", "venue", "match", "deal", "table", "notes"):
            value = meta.get(key)
            if value not in (None, ""):
                text = json.dumps(value, ensure_ascii=False) if isinstance(value, dict | list) else str(value)
                rows.append((self.w(key), _e(text)))
        dl = "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in rows)
        seats = [
            [_e(s), _e(self.log.player(s)) if self.log.player(s) != f"{seat_name(s, en=True)}" else ""]
            for s in self._seats()
        ]
        players = self.table([self.w("seat"), self.w("player")], seats, self.w("players"))
        return f"<section id='meta'><h2>{self.w('meta')}</h2><dl class='meta'>{dl}</dl>{players}</section>"

    def _seats(self) -> range:
        return range(self.log.n_seats)

    def check(self) -> str:
        total = len(self.log.events)
        illegal = [v for v in self.rep.verdicts if not v.legal]
        out = [f"<section id='check'><h2>{self.w('check')}</h2>"]
        if not illegal:
            out.append(f"<p class='ok'>{self.w('all_legal', n=total, ns=_s(total))}</p>")
        else:
            words = self.w("illegal_n", n=len(illegal), total=total, ns=_s(len(illegal)), ts=_s(total))
            out.append(f"<p class='bad'>{words}</p>")
            rows = [
                [
                    _e("" if v.index is None else v.index + 1),
                    self.who(v.seat),
                    self.pick(*action_name(v.action, self.log.game)) if v.action else "",
                    f"<span class='cards'>{_e(' '.join(v.cards))}</span>",
                    self.rule(v.rule),
                    self.pick(v.message_zh, v.message_en),
                ]
                for v in illegal
            ]
            head = ["event", "seat", "action", "cards", "rule", "why"]
            out.append(self.table([self.w(h) for h in head], rows))
        out.append("</section>")
        return "".join(out)

    def referee(self) -> str:
        out = [f"<section id='decisions'><h2>{self.w('decisions')}</h2>"]
        if not self.decisions:
            out.append(f"<p class='muted'>{self.w('no_decisions')}</p></section>")
            return "".join(out)
        last: dict[int, int] = {d.event: k for k, d in enumerate(self.decisions)}  # the one standing per event
        rows = [
            [
                _e(d.event + 1),
                self.named({"upheld": WORDS["upheld"], "overruled": WORDS["overruled"]}, d.decision),
                self.w("stands") if last[d.event] == k else self.w("superseded"),
                self.rule(d.rule),
                _e(d.text),
                _e(d.referee),
                _e(d.at),
            ]
            for k, d in enumerate(self.decisions)
        ]
        head = ["event", "decision", "stands", "rule", "text", "referee", "at"]
        out.append(self.table([self.w(h) for h in head], rows))
        out.append("</section>")
        return "".join(out)

    def score(self) -> str:
        score = self.rep.score()
        out = [f"<section id='score'><h2>{self.w('score')}</h2>"]
        if score is None:
            out.append(f"<p>{self.w('unfinished')}</p>")
        elif score.void:
            rule, zh, en = score.void_reason or ("", "", "")
            out.append(f"<p class='bad'>{self.w('void')}{self.pick(zh, en)} {self.rule(rule)}</p>")
        else:
            out.append(self._places(score))
        if score is not None and score.explain:
            items = "".join(f"<li>{self.rule(rule)}: {_e(text)}</li>" for rule, text in score.explain)
            out.append(f"<h3>{self.w('how')}</h3><ul>{items}</ul>")
        out.append("</section>")
        return "".join(out)

    def _places(self, score: Score) -> str:
        out = []
        if score.places:
            n = self.log.n_seats
            rows = [
                [_e(p.place), self.place(*place_words(p.place, n)), self.who(p.seat), _e(p.points)]
                for p in score.places
            ]
            out.append(self.table([self.w("place"), self.w("rank"), self.w("seat"), self.w("points")], rows))
        if score.teams:
            rows = [[", ".join(self.who(s) for s in t.seats), _e(t.points)] for t in score.teams]
            out.append(self.table([self.w("seat"), self.w("points")], rows, self.w("sides")))
        held = baohuang_extras(score)
        if held is not None:
            roles = [f"{self.named(ROLE, k)}: {self.who(v)}" for k, v in held.seated().items() if k in ROLE]
            if roles:
                out.append(f"<p>{self.w('roles')}: {'; '.join(roles)}</p>")
        if score.sweep:
            out.append(f"<p>{self.w('sweep')}</p>")
        sj = shengji_extras(score)
        if sj is not None:
            out.append(f"<p>{self.w('card_points')}: {_e(sj.defenders)}; {self.w('kitty')}: {_e(sj.kitty)}</p>")
            out.append(
                f"<p>{self.w('levels')}: {self.w('before')} {_e(_levels(sj.before))}; "
                f"{self.w('after')} {_e(_levels(sj.after))}</p>"
            )
        return "".join(out)

    def findings(self) -> str:
        out = [f"<section id='findings'><h2>{self.w('findings')}</h2>"]
        found = self.report.findings if self.report is not None else []
        if not found:
            out.append(f"<p class='muted'>{self.w('no_findings')}</p></section>")
            return "".join(out)
        rows = []
        for f in found:
            about = self.rule(f.rule)
            if f.maxim:
                mx = BY_KEY.get(f.maxim)
                about += ("<br>" if about else "") + _e(mx.saying if mx is not None else f.maxim)
            who = self.who(f.seat) if f.seat is not None else _e("·".join(str(s) for s in f.seats))
            rows.append(
                [
                    self.w("whole") if f.index is None else _e(f.index + 1),
                    who,
                    self.named(KIND, f.kind),
                    self.named(SEVERITY, f.severity),
                    about,
                    self.pick(f.message_zh, f.message_en),
                ]
            )
        head = ["event", "seat", "kind", "severity", "about", "message"]
        out.append(self.table([self.w(h) for h in head], rows))
        out.append("</section>")
        return "".join(out)

    def build(self) -> str:
        title = f"{self.w('title')} · #{self.deal_id}"
        return "".join(
            [
                f"<!DOCTYPE html><html lang='{'zh-CN' if self.k == 0 else 'en'}'><head><meta charset='utf-8'>",
                "<meta name='viewport' content='width=device-width, initial-scale=1'>",
                f"<title>{title}</title><style>{STYLE}{EXTRA_STYLE}</style></head><body>",
                f"<h1>{title}</h1>",
                self.meta(),
                self.check(),
                self.referee(),
                self.score(),
                self.findings(),
                f"<p class='muted'>{self.w('made_by')}</p></body></html>\n",
            ]
        )


def _s(n: int) -> str:
    """An English plural's ending."""
    return "" if n == 1 else "s"


def _levels(value: Any) -> str:
    if isinstance(value, list | tuple):
        return " / ".join(str(v) for v in value)
    return "" if value is None else str(value)


def findings_frame(rep: Replay, findings: Sequence[Finding], lang: str = "zh") -> pd.DataFrame:
    """The coach's findings as a table (the Coach page's CSV), in ``lang``: the event (its step on the table:
    ``index + 1``; empty for the whole deal), seat, player, kind, severity, rule, maxim and the message."""
    k = 0 if lang == "zh" else 1

    def name(table: dict[str, tuple[str, str]], key: str) -> str:
        return table.get(key, (key, key))[k]

    rows = []
    for f in findings:
        mx = BY_KEY.get(f.maxim) if f.maxim else None
        seat = f.seat if f.seat is not None else "·".join(str(s) for s in f.seats)
        player = rep.log.player(f.seat) if f.seat is not None else ""
        rows.append(
            [
                None if f.index is None else f.index + 1,
                seat,
                "" if player == f"{seat_name(f.seat, en=True)}" else player,
                name(KIND, f.kind),
                name(SEVERITY, f.severity),
                f.rule or "",
                (mx.saying if mx is not None else f.maxim) or "",
                (f.message_zh, f.message_en)[k],
            ]
        )
    head = ("event", "seat", "player", "kind", "severity", "rule", "about", "message")
    columns = [WORDS[h][k] for h in head]
    columns[6] = ("俗语", "Maxim")[k]
    frame = pd.DataFrame(rows, columns=columns)
    frame[columns[0]] = frame[columns[0]].astype("Int64")
    return frame


def report_html(
    deal_id: int, rep: Replay, report: Report | None, decisions: Sequence[Decision], lang: str = "zh"
) -> str:
    """The deal's report as one HTML page (``lang`` "zh" or "en"): meta, rule check, the referee's decisions
    (oldest first), score, the coach's findings."""
    return _Report(deal_id, rep, report, decisions, lang).build()
