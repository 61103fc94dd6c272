"""A match's or a season's report as one printable, self-contained HTML page (issue 38, item 6): the standings, the
ratings, each player's partners and the referee's rulings of those deals. The CLI's ``fupan season --html`` and
the Season page's download build it here.

The file needs nothing from the network: one inline ``<style>`` (print-friendly: no colours needed, tables that do
not break a row across pages), no scripts, no fonts, no images, no links. Every value from a log, a name or a
referee's text is escaped with ``html.escape``: the page is built only from fixed markup and escaped values.
Labels are in one language (``lang``: "zh" or "en"), the games' own terms as they are.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from season.pairs import MIN_DEALS, outcome, partners
from season.ratings import Ratings
from season.results import DealResult

LANGS = ("zh", "en")
#: the page's labels: key -> (Chinese, English)
LABELS = {
    "standings": ("积分榜", "Standings"),
    "ratings": ("等级分", "Ratings"),
    "partners": ("搭档", "Partners"),
    "rulings": ("裁判裁定", "Referee's rulings"),
    "player": ("牌手", "Player"),
    "deals": ("局数", "Deals"),
    "sheets": ("其中成绩单", "Of which score sheets"),
    "won": ("胜", "Won"),
    "total": ("总分", "Total points"),
    "mean": ("平均分", "Mean points"),
    "place": ("平均名次", "Mean place"),
    "rank": ("名次", "Rank"),
    "ordinal": ("保守分 μ−3σ", "Rating μ−3σ"),
    "partner": ("搭档", "Partner"),
    "together": ("同队局数", "Deals together"),
    "ci": ("95% 区间", "95% interval"),
    "too_few": ("局数太少", "too few deals"),
    "deal": ("局", "Deal"),
    "event": ("第几步", "Event"),
    "decision": ("裁定", "Decision"),
    "referee": ("裁判", "Referee"),
    "rule": ("规则", "Rule"),
    "text": ("说明", "Text"),
    "upheld": ("违规成立", "upheld"),
    "overruled": ("违规不成立", "overruled"),
    "none": ("没有", "none"),
    "generated": ("fupan 生成；数据来自牌局库。", "Made by fupan from the deal library."),
    "ratings_note": (
        "贝叶斯等级分（按名次的团队模型），按打牌的先后逐局更新；排名按 μ − 3σ。",
        "Weng-Lin Bayesian ratings (openskill, Plackett-Luce), updated deal by deal in the order played; ranked "
        "by μ − 3σ.",
    ),
    "partners_note": (
        f"每位牌手和每个搭档同队时自己的平均分；少于 {MIN_DEALS} 局的只列局数。",
        f"Each player's own mean points with each partner; fewer than {MIN_DEALS} deals together: the count only.",
    ),
}
STYLE = (
    "body{font-family:sans-serif;margin:1.5em;color:#111}h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.4em}"
    "table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #999;padding:.2em .5em;text-align:left}"
    "td.n{text-align:right}tr{break-inside:avoid}footer{margin-top:2em;font-size:.85em;color:#555}"
    "@media print{body{margin:0}}"
)


@dataclass(frozen=True)
class RulingRow:
    """One referee's ruling on an event of a deal of the report: the deal (its library id and its number in the
    match, if any), the event's number, upheld or overruled, the referee, the rule and the referee's text."""

    deal_id: int
    deal_number: int | None
    event: int
    decision: str
    referee: str
    rule: str
    text: str


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


def standings(results: Sequence[DealResult]) -> pd.DataFrame:
    """Per player: ``deals``, ``sheets`` (of them score sheets), ``won`` (the seat's side first alone 1, first level
    with another side ½: ``season.pairs.outcome``, the order the ratings learn from), ``total`` and ``mean`` points,
    ``place`` (the mean place; NaN without places); sorted by total points, then mean."""
    rows: dict[str, dict[str, float]] = {}
    for r in results:
        for team in r.teams():
            for s in team:
                row = rows.setdefault(
                    s.player, {"deals": 0, "sheets": 0, "won": 0.0, "total": 0.0, "places": 0, "sum_place": 0}
                )
                row["deals"] += 1
                row["sheets"] += int(r.result_only)
                row["won"] += outcome(r, s)[0]
                row["total"] += s.points or 0.0
                if s.place is not None:
                    row["places"] += 1
                    row["sum_place"] += s.place
    out = pd.DataFrame(
        [
            {
                "player": p,
                "deals": int(v["deals"]),
                "sheets": int(v["sheets"]),
                "won": v["won"],
                "total": v["total"],
                "mean": v["total"] / v["deals"],
                "place": v["sum_place"] / v["places"] if v["places"] else math.nan,
            }
            for p, v in rows.items()
        ],
        columns=["player", "deals", "sheets", "won", "total", "mean", "place"],
    )
    return out.sort_values(["total", "mean", "player"], ascending=[False, False, True], kind="stable").reset_index(
        drop=True
    )


def season_report(
    title: str,
    results: Sequence[DealResult],
    ratings: Ratings,
    rulings: Sequence[RulingRow] = (),
    lang: str = "zh",
) -> str:
    """The report's HTML: ``title`` (the match or the season, as the caller names it), the standings of
    ``results`` (one game's deals), the ``ratings`` (computed by the caller, over the whole season or these deals),
    each player's partners and the ``rulings`` of these deals."""
    if lang not in LANGS:
        raise ValueError(f"lang {lang!r}: expected one of {LANGS}")

    def word(key: str) -> str:
        zh, en = LABELS[key]
        return zh if lang == "zh" else en

    def label(key: str) -> str:
        return _e(word(key))

    def table(head: Sequence[str], rows: Sequence[Sequence[Any]], numeric: Sequence[int] = ()) -> str:
        cells = "".join(f"<th>{label(h)}</th>" for h in head)
        body = "".join(
            "<tr>"
            + "".join(f'<td class="n">{_e(c)}</td>' if k in numeric else f"<td>{_e(c)}</td>" for k, c in enumerate(row))
            + "</tr>\n"
            for row in rows
        )
        return f"<table><thead><tr>{cells}</tr></thead><tbody>\n{body}</tbody></table>\n"

    standing = standings(results)
    parts = [
        f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n<title>{_e(title)}</title>\n'
        f"<style>{STYLE}</style>\n</head>\n<body>\n<h1>{_e(title)}</h1>\n",
        f"<h2>{label('standings')}</h2>\n",
        table(
            ["player", "deals", "sheets", "won", "total", "mean", "place"],
            [
                [r["player"], r["deals"], r["sheets"], *(_num(float(r[k])) for k in ("won", "total", "mean", "place"))]
                for r in standing.to_dict("records")
            ],
            numeric=range(1, 7),
        ),
        f"<h2>{label('ratings')}</h2>\n<p>{label('ratings_note')}</p>\n",
        table(
            ["rank", "player", "ordinal", "deals"],
            [[k, p.player, f"{p.ordinal:.1f}", p.deals] for k, p in enumerate(ratings.players, start=1)],
            numeric=(0, 2, 3),
        ),
        f"<h2>{label('partners')}</h2>\n<p>{label('partners_note')}</p>\n",
    ]
    rows = []
    for player in standing["player"]:
        found = partners(results, player)
        for r in found.to_dict("records"):
            few, mean, low, high = bool(r["too_few"]), float(r["mean"]), float(r["low"]), float(r["high"])
            shown = word("too_few") if few else _num(mean)
            ci = "" if few or math.isnan(low) else f"{low:+.2f} … {high:+.2f}"
            rows.append([player, r["player"], r["deals"], shown, ci])
    parts.append(
        table(["player", "partner", "together", "mean", "ci"], rows, numeric=(2, 3))
        if rows
        else f"<p>{label('none')}</p>\n"
    )
    parts.append(f"<h2>{label('rulings')}</h2>\n")
    if rulings:
        parts.append(
            table(
                ["deal", "event", "decision", "referee", "rule", "text"],
                [
                    [
                        r.deal_number if r.deal_number is not None else f"#{r.deal_id}",
                        r.event,
                        word(r.decision) if r.decision in LABELS else r.decision,
                        r.referee,
                        r.rule,
                        r.text,
                    ]
                    for r in rulings
                ],
                numeric=(0, 1),
            )
        )
    else:
        parts.append(f"<p>{label('none')}</p>\n")
    parts.append(f"<footer>{label('generated')}</footer>\n</body>\n</html>\n")
    return "".join(parts)


def _num(x: float) -> str:
    """A figure as the tables show it: whole numbers without decimals, others to two places, NaN as "–"."""
    if isinstance(x, float) and math.isnan(x):
        return "–"
    return f"{x:g}" if float(x).is_integer() else f"{x:.2f}"
