"""The sections of a deal's HTML report (``coach.report``) about the coach's work: the summary of the findings,
the evaluation by simulation, and every finding in event order with its citation, its evidence and the table as it
stood just before the event; the findings about the whole deal come last.
"""

from __future__ import annotations

import json
from typing import Any

from coach.effects import ON_TRIAL
from coach.findings import Finding
from coach.games import coach_for
from coach.maxims import BY_KEY
from coach.report.markup import Markup, _e
from coach.report_words import ACTION, GRADE, KIND, LABELS, SEVERITY, SURENESS, VIEW
from replay.core.numbering import event_number, event_words
from replay.core.said import said_in, team_words
from replay.replay import StepView


class FindingSections(Markup):
    """The coach's sections of the report."""

    def summary(self) -> str:
        summ = self.report.summary
        if not summ:  # no coach report
            return ""
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
            row(self.pair(*team_words(list(t.get("seats", [])), self.replay.final.n)), t) for t in summ.get("teams", [])
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
        where = self.label("whole") if f.index is None else self.pair(*event_words(f.index))
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
        if self.bilingual and second and second != first:
            parts.append(f'<p class="msg en" lang="{second_lang}">{_e(second)}</p>')
        parts.append(self.judged(f))
        parts.append(self.evidence(f))
        if f.index is not None and f.index < len(self.replay.states):
            parts.append(self.stood(f.index, f.seat))
        parts.append("</article>")
        return "\n".join(parts)

    def judged(self, f: Finding) -> str:
        """The move's one judgement (``coach.judgement``: the price decides), or "not priced" for a finding at an
        event no evaluation priced (none for a violation or a finding on the whole deal)."""
        j = f.told_judgement
        if j is not None:
            return f'<p class="judgement j-{_e(j.kind)}">{self.label("judgement")}: {self.pair(j.zh, j.en)}</p>'
        if f.unpriced:
            return f'<p class="judgement j-unpriced">{self.label("judgement")}: {self.label("unpriced")}</p>'
        return ""

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
            if d.grade is None and d.undecided is None:
                continue
            best = d.candidates[d.loss.best]
            shown = d.grade or "undecided"
            said = self.named(GRADE, d.grade) if d.grade else self.label("undecided")
            if d.undecided is not None:
                said += f" ({self.label('perhaps')} {self.named(GRADE, d.undecided)})"
            graded.append(
                f"<tr><td>{_e(event_number(d.index))}</td><td>{self.player(d.seat)}</td>"
                f"<td><code>{_e(d.actual.label())}</code></td>"
                f'<td><span class="badge g-{_e(shown)}">{said}</span></td>'
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
        """The table just before event ``index``: seats and counts, the set on the table, who may act, and the
        game's marks (``coach.report_marks``: the roles, each seat's status, the set's and the round's marks)."""
        view: StepView = self.replay.view(index)
        st = self.replay.states[index]
        marks = coach_for(self.log.game).report
        roles = marks.roles(view)
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
            status += [self.note(n) for n in marks.seat_notes(view, s)]
            size = st.hands[s].size if s < len(st.hands) else 0
            count = _e(size) + (f" ({self.label('shown')})" if s in view.counts_shown else "")
            cells = [self.player(s), count, "; ".join(status) or "—"]
            if roles:
                cells.insert(1, self.note(roles.get(s)) or "—")
            cls = ' class="acting"' if s == actor else ' class="gone"' if s in view.finished else ""
            rows.append(f"<tr{cls}>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        if view.table_seat is None:
            table = self.label("empty")
        else:
            table = f"{self.cards(view.table_cards)} — {self.label('by')} {self.player(view.table_seat)}"
            table += "".join(f" {self.note(n)}" for n in marks.set_notes(view))
        table += "".join(f"; {self.note(n)}" for n in marks.table_notes(view))
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
