"""The coach's report as one self-contained HTML file a club can share (``fupan coach LOG --html OUT``).

The file needs nothing from the network: one inline ``<style>``, no scripts, no fonts, no images.
It shows the log's meta and players, the deal as dealt, the score, then every finding in event
order with its evidence and the table as it stood just before the event; findings about the whole
deal come last. Labels are bilingual, Chinese first (``lang="en"`` puts English first).

Every piece of text that comes from the log or from a message is escaped with ``html.escape``: the
HTML is built only from the fixed markup here and escaped values (``_e``).
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable, Sequence
from typing import Any

from coach.coach import Report
from coach.effects import ON_TRIAL
from coach.findings import Finding
from coach.games import coach_for
from coach.maxims import BY_KEY
from coach.report_words import ACTION, GRADE, KIND, LABELS, LANGS, ROLE, SEVERITY, STYLE, SURENESS, VIEW
from replay import games
from replay.core.cards import RANK_NAME, RANK_ZH, Card, CardError
from replay.core.said import said_in
from replay.engine import GameState
from replay.formats.log import Log
from replay.games.baohuang.score import baohuang_extras
from replay.games.baohuang.step_view import step_roles
from replay.games.gouji.step_view import gouji_marks
from replay.replay import Replay, StepView


def _e(value: Any) -> str:
    """Any value as escaped HTML text."""
    return html.escape(str(value), quote=True)


class _Html:
    """The report's builder: bilingual labels in the chosen order, escaped values."""

    def __init__(self, report: Report, lang: str) -> None:
        if lang not in LANGS:
            raise ValueError(f"lang {lang!r}: expected one of {LANGS}")
        self.report = report
        self.replay: Replay[GameState] = report.replay
        self.log: Log = report.replay.log
        self.lang = lang

    # -- text ------------------------------------------------------------------------------------

    def pair(self, zh: str, en: str, sep: str = " / ") -> str:
        """A Chinese and an English text (escaped), in the report's language order."""
        a = f'<span lang="zh">{_e(zh)}</span>'
        b = f'<span lang="en" class="en">{_e(en)}</span>'
        if not en or en == zh:
            return a
        return a + sep + b if self.lang == "zh" else b + sep + a

    def label(self, key: str) -> str:
        """A fixed label in both languages."""
        return self.pair(*LABELS[key])

    def named(self, table: dict[str, tuple[str, str]], key: str | None) -> str:
        """A value from one of the bilingual tables (the key itself when unknown)."""
        if key is None:
            return ""
        zh, en = table.get(key, (key, key))
        return self.pair(zh, en)

    def player(self, seat: int | None) -> str:
        """Seat number and player name (escaped)."""
        if seat is None:
            return ""
        name = next((s.player for s in self.log.seats if s.seat == seat and s.player), "")
        return f"{_e(seat)}" + (f" · {_e(name)}" if name else "")

    # -- cards -----------------------------------------------------------------------------------

    @staticmethod
    def card(token: str) -> str:
        """One card as a small box: suit symbol, red suits in red, jokers by name."""
        try:
            c = Card(token)
        except (CardError, ValueError, TypeError):
            return f'<span class="c unk">{_e(token)}</span>'
        if c.is_joker:
            return f'<span class="c joker" title="{_e(c.token)}">{_e(RANK_ZH[c.rank])}</span>'
        cls = "c red" if c.suit in ("H", "D") else "c"
        return f'<span class="{cls}" title="{_e(c.token)}">{_e(c.glyph())}</span>'

    def cards(self, tokens: Iterable[str]) -> str:
        """Cards in the given order, or a dash for none."""
        out = " ".join(self.card(t) for t in tokens)
        return out or "—"

    def grouped(self, cards: Sequence[Card | None]) -> str:
        """A hand grouped by rank, high first; unknown cards counted at the end."""
        known = [c for c in cards if c is not None]
        unknown = len(cards) - len(known)
        groups: dict[int, list[Card]] = {}
        for c in sorted(known, key=lambda c: (-c.rank, c.slot)):  # high first; ♠ ♥ ♦ ♣ within a rank
            groups.setdefault(c.rank, []).append(c)
        parts = [
            f'<span class="grp" title="{_e(RANK_NAME[r])} ×{len(cs)}">{" ".join(self.card(c.token) for c in cs)}</span>'
            for r, cs in groups.items()
        ]
        if unknown:
            parts.append(f'<span class="grp">{self.card("??")} ×{unknown} {self.label("unknown_cards")}</span>')
        return " ".join(parts) or "—"

    # -- sections --------------------------------------------------------------------------------

    def head(self) -> str:
        meta = self.log.meta
        title_bits = [str(meta[k]) for k in ("match", "deal") if k in meta]
        title = f"{LABELS['title'][0]} {LABELS['title'][1]}" + (f" — {' #'.join(title_bits)}" if title_bits else "")
        return (
            "<!DOCTYPE html>\n"
            f'<html lang="{"zh-CN" if self.lang == "zh" else "en"}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{_e(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        )

    def header(self) -> str:
        meta = self.log.meta
        rows = []
        for key in ("date", "venue", "match", "deal", "table", "notes", "previous"):
            if key in meta and meta[key] not in (None, ""):
                value = meta[key]
                text = json.dumps(value, ensure_ascii=False) if isinstance(value, dict | list) else str(value)
                rows.append(f"<dt>{self.label(key)}</dt><dd>{_e(text)}</dd>")
        rows.append(f"<dt>{self.label('game')}</dt><dd>{self.game_name()}</dd>")
        rows.append(f"<dt>{self.label('profile')}</dt><dd>{_e(self.replay.profile.name)}</dd>")
        rows.append(f"<dt>{self.label('source')}</dt><dd>{_e(self.log.source)}</dd>")
        return (
            f"<header>\n<h1>{self.label('title')}</h1>\n"
            f'<dl class="meta">{"".join(rows)}</dl>\n{self.players()}\n</header>\n'
        )

    def game_name(self) -> str:
        """The game's names from the game registry (the log's word for an unknown game)."""
        try:
            game = games.get(self.log.game)
        except ValueError:
            return _e(self.log.game)
        return self.pair(game.name_zh, game.name_en)

    def final_roles(self) -> dict[int, str | None]:
        roles = step_roles(self.replay.view(len(self.replay.states) - 1))
        return {} if roles is None else dict(roles.truth)

    def players(self) -> str:
        score = self.replay.score()
        places = {p.seat: p for p in score.places} if score is not None and not score.void else {}
        roles = self.final_roles()
        game = coach_for(self.log.game)
        teams = {s: t for t in game.teams(self.replay) for s in t} if game.fixed_teams else None
        cols = [self.label("seat"), self.label("player")]
        cols.append(self.label("team") if teams is not None else self.label("role"))
        if places:
            cols += [self.label("place"), self.label("points")]
        rows = []
        for s in range(self.replay.final.n):
            name = next((x.player for x in self.log.seats if x.seat == s and x.player), "")
            cells = [_e(s), _e(name) or "—"]
            if teams is not None:
                cells.append(_e(" ".join(str(x) for x in teams.get(s, ()))) or "—")
            else:
                cells.append(self.named(ROLE, roles.get(s)) or "—")
            if places:
                p = places.get(s)
                cells += [_e(p.place) if p else "—", _e(p.points) if p else "—"]
            rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        return (
            f'<table class="players"><caption>{self.label("players")}</caption>'
            f"<thead><tr>{''.join(f'<th>{c}</th>' for c in cols)}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>"
        )

    def dealt(self) -> str:
        hands = self.log.hands
        rows = []
        for s in range(self.replay.final.n):
            hand = hands[s] if hands is not None and s < len(hands) else None
            if hand is None:
                count, shown = "—", self.label("unknown_hand")
            else:
                count, shown = _e(len(hand)), self.grouped(hand)
            rows.append(f"<tr><td>{self.player(s)}</td><td>{count}</td><td>{shown}</td></tr>")
        return (
            f'<section id="deal">\n<h2>{self.label("dealt")}</h2>\n<table class="dealt"><thead><tr>'
            f"<th>{self.label('seat')}</th><th>{self.label('cards')}</th><th>{self.label('hand')}</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>\n</section>\n"
        )

    def score(self) -> str:
        score = self.replay.score()
        out = [f'<section id="score">\n<h2>{self.label("score")}</h2>']
        if score is None:
            out.append(f"<p>{self.label('unfinished')}</p>")
        elif score.void:
            rule, zh, en = score.void_reason or ("", "", "")
            out.append(f"<p>{self.label('void')}</p><p>{_e(rule)} {self.pair(zh, en)}</p>")
        else:
            rows = "".join(
                f"<tr><td>{_e(p.place)}</td><td>{self.player(p.seat)}</td><td>{_e(p.points)}</td></tr>"
                for p in score.places
            )
            out.append(
                f"<table><thead><tr><th>{self.label('place')}</th><th>{self.label('seat')}</th>"
                f"<th>{self.label('points')}</th></tr></thead><tbody>{rows}</tbody></table>"
            )
            trows, held = [], baohuang_extras(score)
            for t in score.teams:
                seats = ", ".join(self.player(s) for s in t.seats)
                raw = "" if held is not None else f" ({self.label('sum')} {_e(t.raw)})"
                trows.append(f"<tr><td>{seats}</td><td>{_e(t.points)}{raw}</td></tr>")
            out.append(f"<table><caption>{self.label('teams')}</caption><tbody>{''.join(trows)}</tbody></table>")
            if held is not None:
                out.append(self.roles_line(held.roles_json()))
            if score.sweep:
                out.append(f"<p>{self.label('sweep')}</p>")
            if score.explain:
                items = "".join(
                    f"<li><code>{_e(rule)}</code> {_e(said_in(text, self.lang))}</li>" for rule, text in score.explain
                )
                out.append(f"<ul>{items}</ul>")
        if score is None:  # the roles known so far (保皇's)
            roles = self.final_roles()
            if any(roles.values()):
                items = "".join(
                    f"<li>{self.player(s)}: {self.named(ROLE, r)}</li>" for s, r in roles.items() if r is not None
                )
                out.append(f"<p>{self.label('role')}</p><ul>{items}</ul>")
        out.append("</section>\n")
        return "\n".join(out)

    def roles_line(self, roles: dict[str, Any]) -> str:
        bits = [f"{self.pair('皇帝', 'emperor')}: {self.player(roles.get('emperor'))}"]
        if roles.get("grab"):
            bits.append(self.pair("抢庄", "grab"))
        elif roles.get("solo"):
            bits.append(self.pair("独保", "solo"))
        elif roles.get("loyalist") is not None:
            bits.append(f"{self.pair('保皇派', 'loyalist')}: {self.player(roles.get('loyalist'))}")
        if roles.get("revealed"):
            bits.append(self.pair("明保/明独", "declared"))
        return f"<p>{'; '.join(bits)}</p>"

    def summary(self) -> str:
        summ = self.report.summary
        head = (
            f"<tr><th>{self.label('seat')}</th><th>{self.label('total')}</th>"
            + "".join(f"<th>{self.named(SEVERITY, s)}</th>" for s in SEVERITY)
            + "</tr>"
        )

        def row(who: str, c: dict[str, Any]) -> str:
            sev = c.get("by_severity", {})
            return (
                f"<tr><td>{who}</td><td>{_e(c.get('total', 0))}</td>"
                + "".join(f"<td>{_e(sev.get(s, 0))}</td>" for s in SEVERITY)
                + "</tr>"
            )

        rows = [row(self.player(int(s)), c) for s, c in summ.get("seats", {}).items()]
        rows += [
            row(self.label("team") + " " + _e(" ".join(str(s) for s in t.get("seats", []))), t)
            for t in summ.get("teams", [])
        ]
        if "all" in summ:
            rows.append(row(self.label("all"), summ["all"]))
        return (
            f'<section id="summary">\n<h2>{self.label("summary")}</h2>\n'
            f"<table><thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>\n</section>\n"
        )

    def findings(self) -> str:
        events = [f for f in self.report.findings if f.index is not None]
        whole = [f for f in self.report.findings if f.index is None]
        events.sort(key=lambda f: f.index if f.index is not None else -1)  # stable: detector order kept
        out = [f'<section id="findings">\n<h2>{self.label("findings")}</h2>']
        if not self.report.findings:
            out.append(f"<p>{self.label('none')}</p>")
        out += [self.finding(f, k) for k, f in enumerate(events, 1)]
        if whole or self.replay.unverified:
            out.append(f'<section id="whole">\n<h3>{self.label("whole")}</h3>')
            out += [self.finding(f, k) for k, f in enumerate(whole, len(events) + 1)]
            if self.replay.unverified:
                items = "".join(f"<li>{_e(said_in(u, self.lang))}</li>" for u in self.replay.unverified)
                out.append(f"<h4>{self.label('unverified')}</h4><ul>{items}</ul>")
            out.append("</section>")
        out.append("</section>\n")
        return "\n".join(out)

    def finding(self, f: Finding, k: int) -> str:
        where = self.label("whole") if f.index is None else f"{self.label('event')} {_e(f.index)}"
        if f.seat is not None:
            where += f" · {self.label('seat')} {self.player(f.seat)}"
        elif f.seats:
            where += f" · {self.label('team')} " + ", ".join(self.player(s) for s in f.seats)
        badges = (
            f'<span class="badge k-{_e(f.kind)}">{self.named(KIND, f.kind)}</span>'
            f'<span class="badge s-{_e(f.severity)}">{self.named(SEVERITY, f.severity)}</span>'
        )
        if not f.from_seeds:
            badges += f'<span class="badge unseeded">{self.pair("非种子规则", "not from the seeds")}</span>'

        parts = [
            f'<article class="finding s-{_e(f.severity)}" id="f{k}">',
            f'<div class="where">{where} {badges}</div>',
        ]
        parts += self.cite(f)
        first, second = (f.message_zh, f.message_en) if self.lang == "zh" else (f.message_en, f.message_zh)
        first_lang, second_lang = ("zh", "en") if self.lang == "zh" else ("en", "zh")
        parts.append(f'<p class="msg" lang="{first_lang}">{_e(first)}</p>')
        if second and second != first:
            parts.append(f'<p class="msg en" lang="{second_lang}">{_e(second)}</p>')
        parts.append(self.evidence(f))
        if f.index is not None and f.index < len(self.replay.states):
            parts.append(self.stood(f.index, f.seat))
        parts.append("</article>")
        return "\n".join(parts)

    def cite(self, f: Finding) -> list[str]:
        out = []
        if f.rule:
            out.append(f'<p class="cite">{self.label("rule")}: <code>{_e(f.rule)}</code></p>')
        if f.maxim:
            mx = BY_KEY.get(f.maxim)
            if mx is None:
                out.append(f'<p class="cite">{self.label("maxim")}: <code>{_e(f.maxim)}</code></p>')
            else:
                out.append(
                    f'<p class="cite">{self.label("maxim")}: 「{_e(mx.saying)}」 <code>{_e(mx.key)}</code><br>'
                    f"{self.label('reading')}: {self.pair(mx.reading_zh, mx.reading_en)}<br>"
                    f"{self.label('sureness')}: {self.named(SURENESS, mx.sureness)}" + self.worth(f) + "</p>"
                )
        return out

    def worth(self, f: Finding) -> str:
        """What following the maxim was worth in the study and the finding's status (advice, on trial), as
        a line of the citation: the sentence of ``coach.effects.worth``, Chinese first."""
        w = f.worth
        if w is None:
            return ""
        cls = "trial" if w.get("status") == ON_TRIAL else "advice"
        return f'<br>{self.label("worth")}: <span class="worth {cls}">{self.pair(w["zh"], w["en"])}</span>'

    def evidence(self, f: Finding) -> str:
        ev = f.evidence
        rows = []
        if ev.held:
            rows.append(f"<dt>{self.label('held')}</dt><dd>{self.cards(ev.held)} ({_e(len(ev.held))})</dd>")
        if ev.table or ev.table_seat is not None:
            owner = "" if ev.table_seat is None else f" — {self.label('by')} {self.player(ev.table_seat)}"
            rows.append(f"<dt>{self.label('on_table')}</dt><dd>{self.cards(ev.table)}{owner}</dd>")
        if ev.did:
            did = self.named(ACTION, ev.did)
            if ev.did_cards:
                did += " " + self.cards(ev.did_cards)
            rows.append(f"<dt>{self.label('did')}</dt><dd>{did}</dd>")
        if ev.instead:
            rows.append(f"<dt>{self.label('instead')}</dt><dd>{self.cards(ev.instead)}</dd>")
        if ev.facts:
            text = json.dumps(ev.facts, ensure_ascii=False, sort_keys=True, default=str)
            rows.append(f"<dt>{self.label('facts')}</dt><dd><code>{_e(text)}</code></dd>")
        if f.price is not None:
            rows.append(f"<dt>{self.label('price')}</dt><dd>{self.price(f.price)}</dd>")
        if not rows:
            return ""
        return f'<dl class="ev" aria-label="{_e(LABELS["evidence"][1])}">{"".join(rows)}</dl>'

    def price(self, price: dict[str, Any]) -> str:
        """A decision's price: grade, loss ± standard error and the best choice, per view."""
        grade = price.get("grade")
        badge = f'<span class="badge g-{_e(grade)}">{self.named(GRADE, grade)}</span> ' if grade else ""
        views = "; ".join(
            f"{self.named(VIEW, k)}: {self.label('loss')} {_e(format(v['loss'], '.2f'))} ± {_e(format(v['se'], '.2f'))}"
            for k, v in price.get("losses", {}).items()
        )
        best = _e(price.get("best", ""))
        return f"{badge}{views} — {self.label('best')}: <code>{best}</code>"

    def evaluation(self) -> str:
        ev = self.report.evaluation
        if ev is None:
            return ""
        s = ev.settings
        settings = (
            f"<p>{self.label('eval_settings')}: rollouts {_e(s.rollouts)}, candidates {_e(s.max_candidates)},"
            f" seed {_e(s.seed)}; {_e(ev.rollouts_done)} rollouts, {_e(f'{ev.seconds:.1f}')} s</p>"
        )
        head = (
            f"<tr><th>{self.label('seat')}</th><th>{self.label('decisions')}</th><th>{self.label('accuracy')}</th>"
            + "".join(f"<th>{self.named(GRADE, g)}</th>" for g in GRADE)
            + f"<th>{self.label('lost')}</th></tr>"
        )
        rows = []
        for r in ev.seat_summary():
            if not r["decisions"]:
                continue
            acc = "—" if r["accuracy"] is None else f"{r['accuracy']:.1f}%"
            rows.append(
                f"<tr><td>{self.player(r['seat'])}</td><td>{_e(r['decisions'])}</td><td>{_e(acc)}</td>"
                + "".join(f"<td>{_e(r[g])}</td>" for g in GRADE)
                + f"<td>{_e(r['lost'])}</td></tr>"
            )
        graded = []
        for d in ev.decisions:
            if d.grade is None:
                continue
            best = d.candidates[d.loss.best]
            graded.append(
                f"<tr><td>{_e(d.index)}</td><td>{self.player(d.seat)}</td>"
                f"<td><code>{_e(d.actual.label())}</code></td>"
                f'<td><span class="badge g-{_e(d.grade)}">{self.named(GRADE, d.grade)}</span></td>'
                f"<td>{_e(f'{d.loss.loss:.2f} ± {d.loss.se:.2f}')} ({self.named(VIEW, d.view)})</td>"
                f"<td><code>{_e(best.label())}</code></td></tr>"
            )
        table2 = ""
        if graded:
            table2 = (
                f"<h3>{self.label('graded')}</h3><table><thead><tr><th>{self.label('event')}</th>"
                f"<th>{self.label('seat')}</th><th>{self.label('did')}</th><th>{self.label('evaluation')}</th>"
                f"<th>{self.label('loss')}</th><th>{self.label('best')}</th></tr></thead>"
                f"<tbody>{''.join(graded)}</tbody></table>"
            )
        return (
            f'<section id="evaluation">\n<h2>{self.label("evaluation")}</h2>\n{settings}'
            f"<table><thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>{table2}\n</section>\n"
        )

    def stood(self, index: int, actor: int | None) -> str:
        """The table just before event ``index``: seats and counts, the set on the table, who may act."""
        view: StepView = self.replay.view(index)
        st = self.replay.states[index]
        known = step_roles(view)
        roles = known.truth if known is not None else {}
        marks = gouji_marks(view)
        cols = [self.label("seat"), self.label("cards"), self.label("status")]
        if roles:
            cols.insert(1, self.label("role"))
        rows = []
        for s in range(st.n):
            status = []
            if s == actor:
                status.append(self.label("acting"))
            if s in view.finished:
                status.append(f"{self.label('out')} #{view.finished.index(s) + 1}")
            if s in view.to_act:
                acts = "/".join(self.named(ACTION, a) for a in view.to_act[s])
                status.append(f"{self.label('may_act')}: {acts}")
            if s in marks.passed:
                status.append(self.label("passed"))
            if s in marks.burners:
                status.append(self.label("burner"))
            if s in marks.headless:
                status.append(self.label("headless"))
            if s == marks.revolution:
                status.append(self.pair("革命", "revolution"))
            size = st.hands[s].size if s < len(st.hands) else 0
            count = _e(size) + (f" ({self.label('shown')})" if s in view.counts_shown else "")
            cells = [self.player(s), count, "; ".join(status) or "—"]
            if roles:
                cells.insert(1, self.named(ROLE, roles.get(s)) or "—")
            cls = ' class="acting"' if s == actor else ' class="gone"' if s in view.finished else ""
            rows.append(f"<tr{cls}>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        if view.table_seat is None:
            table = self.label("empty")
        else:
            table = f"{self.cards(view.table_cards)} — {self.label('by')} {self.player(view.table_seat)}"
            if marks.table_gouji:
                table += " " + self.pair("够级", "gouji set")
        if marks.chaos:
            table += f"; {self.label('chaos')}"
        if marks.deadlevel is not None:
            table += f"; {self.label('deadlevel')}: {self.player(marks.deadlevel)}"
        if view.to_act:
            why = "".join(
                f"<li>{self.player(s)}: {self.pair(*view.why.get(s, ('', '')))}</li>"
                for s in view.to_act
                if any(view.why.get(s, ("", "")))
            )
            act = "<ul>" + why + "</ul>" if why else ""
        else:
            act = f"<p>{self.label('may_act')}: {self.label('nobody')}</p>"
        return (
            f"<details open><summary>{self.label('stood')}</summary>"
            f"<p>{self.label('on_table')}: {table}</p>"
            f'<table class="stood"><thead><tr>{"".join(f"<th>{c}</th>" for c in cols)}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>{act}</details>"
        )

    def build(self) -> str:
        return (
            self.head()
            + self.header()
            + "<main>\n"
            + self.dealt()
            + self.score()
            + self.summary()
            + self.evaluation()
            + self.findings()
            + "</main>\n"
            + f"<footer>{self.label('generated')}</footer>\n</body>\n</html>\n"
        )


def html_report(report: Report, lang: str = "zh") -> str:
    """The report as one self-contained HTML page (inline style only; every log or message text escaped)."""
    return _Html(report, lang).build()
