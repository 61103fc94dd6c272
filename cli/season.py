"""``fupan season``: a game's season in the deal library, as the Season page shows it: the ratings' leaderboard and
the standings (``season``), or the printable report of the season or one match (``--html``).

    fupan season --game gouji                       # the leaderboard and the standings, a line a player
    fupan season --game gouji --match 秋季联赛 --html cup.html --lang zh
"""

from __future__ import annotations

import argparse
from typing import Any

from cli.common import EXIT_OK, InputError, _settle, write_file


def cmd_season(args: argparse.Namespace) -> int:
    """fupan season: the leaderboard and standings, or the report as HTML."""
    from cli.library import _library
    from data.season_rows import season_of, season_rulings
    from replay import games
    from season.ratings import rate_deals
    from season.report import season_report, standings

    if args.game not in games.names():
        raise InputError(f"--game {args.game}: expected one of {', '.join(games.names())}")
    engine = _library(args, writes=False)
    season = season_of(engine, args.game)
    ratings = rate_deals(season.results)  # over the whole season, a match's deals among them
    results = tuple(r for r in season.results if args.match is None or r.match == args.match)
    if not results:
        where = f" in match {args.match!r}" if args.match else ""
        raise InputError(f"no scored deal of {args.game} with every seat named{where}")
    if args.html:
        title = (
            args.match or "season"
        ) + f" · {games.get(args.game).name_zh if args.lang == 'zh' else games.get(args.game).name_en}"
        page = season_report(title, results, ratings, season_rulings(engine, results), args.lang)
        write_file(args.html, page, "the report")
        print(f"wrote the report of {len(results)} deals to {args.html}")
        return _settle(EXIT_OK)
    print(f"{len(results)} deals ({sum(r.result_only for r in results)} score sheets)"
          + (f"; {season.unnamed} with an unnamed seat left out" if season.unnamed else ""))  # fmt: skip
    print("rank  player                rating (mu - 3 sigma)     mu  sigma  deals")
    for k, p in enumerate(ratings.players, start=1):
        print(f"{k:>4}  {p.player[:20]:<20}  {p.ordinal:>21.1f}  {p.mu:>5.1f}  {p.sigma:>5.2f}  {p.deals:>5}")
    print("\nplayer                deals  won    total   mean  mean place")
    for r in standings(results).to_dict("records"):
        place = "-" if r["place"] != r["place"] else f"{r['place']:.2f}"
        print(
            f"{str(r['player'])[:20]:<20}  {r['deals']:>5}  {r['won']:>4g}  {r['total']:>7g}  {r['mean']:>5.2f}  {place:>10}"
        )
    return _settle(EXIT_OK)


def add_parser(sub: Any) -> None:
    """``fupan season``."""
    p = sub.add_parser("season", help="a game's season: ratings and standings, or its printable report")
    p.add_argument("--game", required=True, help="the game (gouji, baohuang, shengji)")
    p.add_argument("--match", help="only this match's deals (the ratings stay the whole season's)")
    p.add_argument("--html", metavar="FILE", help="write the printable report (one self-contained HTML page)")
    p.add_argument("--lang", choices=("zh", "en"), default="zh", help="the report's language (default zh)")
    p.add_argument("--db", help="database URL (default: FUPAN_DB, else a SQLite file in the user's data folder)")
    p.set_defaults(func=cmd_season)
