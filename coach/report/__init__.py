"""A deal's report as one self-contained HTML file: the one builder of the CLI's ``fupan coach LOG --html OUT``
and of the dashboard's download of a deal's report (``views.parts.deal_report``).

The file needs nothing from the network: one inline ``<style>``, no scripts, no fonts, no images, no links.
It shows the log's meta and players, the deal as dealt, the rule check and the referee's decisions (options), the
score, the summary of the findings, the evaluation, then every finding in event order with its evidence and the
table as it stood just before the event; findings about the whole deal come last. Labels are bilingual, the
chosen language first, or in the one chosen language (``bilingual=False``, the dashboard's).

Every piece of text that comes from the log, a message or a user is escaped with ``html.escape``: the HTML is
built only from the fixed markup of ``coach.report.markup``, ``deal`` and ``findings`` and escaped values.
"""

from __future__ import annotations

from collections.abc import Sequence

from coach.coach import Report
from coach.report.deal import DealSections
from coach.report.findings import FindingSections
from replay.formats.decisions import Decision


class _Page(DealSections, FindingSections):
    """The whole page: the sections in order."""

    def build(self) -> str:
        return (
            self.head()
            + self.header()
            + "<main>\n"
            + self.dealt()
            + (self.check() if self.with_check else "")
            + self.referee()
            + self.score()
            + self.summary()
            + self.evaluation()
            + self.findings()
            + "</main>\n"
            + f"<footer>{self.label('generated')}</footer>\n</body>\n</html>\n"
        )


def html_report(
    report: Report,
    lang: str = "zh",
    *,
    bilingual: bool = True,
    deal_id: int | None = None,
    check: bool = False,
    rulings: Sequence[Decision] | None = None,
) -> str:
    """The report as one self-contained HTML page (inline style only; every log, message or user text escaped).

    ``lang`` ("zh" or "en") comes first, or alone when not ``bilingual``; ``deal_id`` is the deal's number in the
    library; ``check`` adds the rule check; ``rulings`` the referee's decisions stored on the deal (oldest first)."""
    return _Page(report, lang, bilingual=bilingual, deal_id=deal_id, check=check, rulings=rulings).build()
