"""The sections of a deal's HTML report (``coach.report``) about the deal itself: the page's head, the meta and
the players, the hands as dealt, the rule check and the referee's decisions (the dashboard's options), the score.
"""

from __future__ import annotations

import json

from coach.games import coach_for
from coach.report.markup import Markup, _e
from coach.report_marks import Roles
from coach.report_words import LABELS, STYLE
from replay import games
from replay.core.numbering import event_number
from replay.core.said import said_in, team_words
from replay.formats.notation.words import action_name
from replay.score import Score


class DealSections(Markup):
    """The deal's sections of the report."""

    def head(self) -> str:
        meta = self.log.meta
        zh, en = LABELS[self.title_key()]
        title = f"{zh} {en}" if self.bilingual else (zh if self.lang == "zh" else en)
        if self.deal_id is not None:  # the library's deal
            title += f" · #{self.deal_id}"
        else:
            title_bits = [str(meta[k]) for k in ("match", "deal") if k in meta]
            title += f" — {' #'.join(title_bits)}" if title_bits else ""
        return (
            "<!DOCTYPE html>\n"
            f'<html lang="{"zh-CN" if self.lang == "zh" else "en"}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{_e(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        )

    def title_key(self) -> str:
        """The report's title: a library deal's report (the dashboard's), or the coach's report of a log."""
        return "title" if self.deal_id is None else "deal_title"

    def header(self) -> str:
        meta = self.log.meta
        rows = [] if self.deal_id is None else [f"<dt>{self.label('library')}</dt><dd>#{_e(self.deal_id)}</dd>"]
        for key in ("date", "venue", "match", "deal", "table", "notes", "previous"):
            if key in meta and meta[key] not in (None, ""):
                value = meta[key]
                text = json.dumps(value, ensure_ascii=False) if isinstance(value, dict | list) else str(value)
                rows.append(f"<dt>{self.label(key)}</dt><dd>{_e(text)}</dd>")
        rows.append(f"<dt>{self.label('game')}</dt><dd>{self.game_name()}</dd>")
        rows.append(f"<dt>{self.label('profile')}</dt><dd>{_e(self.replay.profile.name)}</dd>")
        rows.append(f"<dt>{self.label('source')}</dt><dd>{_e(self.log.source)}</dd>")
        number = "" if self.deal_id is None else f" · #{_e(self.deal_id)}"
        return (
            f"<header>\n<h1>{self.label(self.title_key())}{number}</h1>\n"
            f'<dl class="meta">{"".join(rows)}</dl>\n{self.players()}\n</header>\n'
        )

    def game_name(self) -> str:
        """The game's names from the game registry (the log's word for an unknown game)."""
        try:
            game = games.get(self.log.game)
        except ValueError:
            return _e(self.log.game)
        return self.pair(game.name_zh, game.name_en)

    def final_roles(self) -> Roles:
        """Each seat's role at the end of the deal in words, as the game tells it ({}: the game shows none)."""
        return coach_for(self.log.game).report.roles(self.replay.view(len(self.replay.states) - 1))

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
                seats = tuple(teams.get(s, ()))
                cells.append(self.pair(*team_words(seats, self.replay.final.n)) if seats else "—")
            else:
                cells.append(self.note(roles.get(s)) or "—")
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
                f"<tr><td>{_e(p.place)}</td><td>{self.place_name(p.place)}</td><td>{self.player(p.seat)}</td>"
                f"<td>{_e(p.points)}</td></tr>"
                for p in score.places
            )
            if score.places:  # 升级 has none
                out.append(
                    f"<table><thead><tr><th>{self.label('place')}</th><th>{self.label('rank')}</th><th>"
                    f"{self.label('seat')}</th><th>{self.label('points')}</th></tr></thead><tbody>{rows}</tbody></table>"
                )
            trows, marks = [], coach_for(self.log.game).report
            sums = marks.team_sums(score)
            for t in score.teams:
                seats = ", ".join(self.player(s) for s in t.seats)
                raw = f" ({self.label('sum')} {_e(t.raw)})" if sums else ""
                name = self.pair(*team_words(t.seats, self.replay.final.n))
                trows.append(f"<tr><th>{name}</th><td>{seats}</td><td>{_e(t.points)}{raw}</td></tr>")
            out.append(f"<table><caption>{self.label('teams')}</caption><tbody>{''.join(trows)}</tbody></table>")
            notes = marks.score_notes(score)
            if notes:
                out.append(f"<p>{'; '.join(self.note(n) for n in notes)}</p>")
            if score.sweep:
                out.append(f"<p>{self.label('sweep')}</p>")
            out += self.score_lines(score)
            if score.explain:
                items = "".join(
                    f"<li><code>{_e(rule)}</code> {_e(said_in(text, self.lang))}</li>" for rule, text in score.explain
                )
                out.append(f"<ul>{items}</ul>")
        if score is None:  # the roles known so far (a game that shows roles)
            roles = self.final_roles()
            if any(roles.values()):
                items = "".join(f"<li>{self.player(s)}: {self.note(r)}</li>" for s, r in roles.items() if r is not None)
                out.append(f"<p>{self.label('role')}</p><ul>{items}</ul>")
        out.append("</section>\n")
        return "\n".join(out)

    def score_lines(self, score: Score) -> list[str]:
        """The game's own figures under the score (升级's card points and levels), a paragraph a line."""
        out: list[str] = []
        for line in coach_for(self.log.game).report.score_lines(score):
            head = f"{self.pair(*line.head)}: " if line.head is not None else ""
            figures = "; ".join(f"{self.pair(f.zh, f.en)}{line.between}{_e(f.value)}" for f in line.figures)
            out.append(f"<p>{head}{figures}</p>")
        return out

    def check(self) -> str:
        """The rule check: every event legal, or each illegal event with the rule it breaks (the engine's)."""
        total = len(self.log.events)
        illegal = [v for v in self.replay.verdicts if not v.legal]
        out = [f'<section id="check">\n<h2>{self.label("check")}</h2>']
        if not illegal:
            out.append(f'<p class="ok">{self.label("all_legal", n=total, ns=_s(total))}</p>')
        else:
            words = self.label("illegal_n", n=len(illegal), total=total, ns=_s(len(illegal)), ts=_s(total))
            out.append(f'<p class="bad">{words}</p>')
            rows = [
                [
                    _e("" if v.index is None else event_number(v.index)),
                    self.player(v.seat),
                    self.pair(*action_name(v.action, self.log.game)) if v.action else "",
                    self.cards(v.cards),
                    self.rule(v.rule),
                    self.pair(v.message_zh, v.message_en),
                ]
                for v in illegal
            ]
            head = ("event", "seat", "action", "cards", "rule", "why")
            out.append(self.table([self.label(h) for h in head], rows))
        out.append("</section>\n")
        return "\n".join(out)

    def referee(self) -> str:
        """The referee's decisions stored on the deal, oldest first, the one standing on each event marked."""
        if self.rulings is None:
            return ""
        out = [f'<section id="decisions">\n<h2>{self.label("rulings")}</h2>']
        if not self.rulings:
            out.append(f'<p class="muted">{self.label("no_rulings")}</p>\n</section>\n')
            return "\n".join(out)
        last = {d.event: k for k, d in enumerate(self.rulings)}  # the one standing per event
        rows = [
            [
                _e(d.number),  # the event as people count (d.event is its index)
                self.label(d.decision) if d.decision in ("upheld", "overruled") else _e(d.decision),
                self.label("stands") if last[d.event] == k else self.label("superseded"),
                self.rule(d.rule),
                _e(d.text),
                _e(d.referee),
                _e(d.at),
            ]
            for k, d in enumerate(self.rulings)
        ]
        head = ("event", "ruling", "stands", "rule", "reasons", "referee", "at")
        out.append(self.table([self.label(h) for h in head], rows))
        out.append("</section>\n")
        return "\n".join(out)


def _s(n: int) -> str:
    """An English plural's ending."""
    return "" if n == 1 else "s"
