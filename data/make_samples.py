"""The sample deal library shipped in ``data/samples/``, and the generator of its simulated part.

``data/samples/`` holds four folders:

- ``gouji/``: simulated 够级 deals (``make_samples``), five club evenings of six deals each. Every
  third deal is played by ``coach.learners.MaximBot`` breaking one or two folk maxims on purpose,
  so the coach has findings to show; the others by the plain random bot.
- ``baohuang/``: simulated 保皇 deals, five evenings of six deals each.
- ``shengji/``: simulated 升级 deals, one match of twenty deals at one table: consecutive deal
  numbers, both sides start at the first level and each deal's ``levels`` are those the previous
  deal's score left (a void deal leaves them as they were; should a side pass the last level, the
  match is won and the next deal opens a new match, a week later, at the first level).
- ``disputes/``: hand-written dispute cases in the text notation (not generated): each opens with a
  ``#`` comment saying the question put to the referee.

The simulated deals get a fixed club roster instead of the simulator's names, a venue, a date and a
match per evening (``meta.match``) with increasing deal numbers, and a note saying they are
simulated. Everything comes from fixed seeds: running the generator again writes the same bytes.

    python -m data.make_samples [--out DIR]     # rewrites data/samples/gouji, baohuang and shengji

``import_samples(engine)`` stores all four folders in a database (idempotent: a deal already
stored is reported as a duplicate); ``fupan samples`` calls it.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy.engine import Engine

from replay import games
from replay.core.errors import FupanError
from replay.formats.log import Log, Seat
from replay.games.shengji.cards import LEVEL_SEQUENCES
from replay.games.shengji.score import shengji_extras
from replay.replay import Replay
from replay.rules.profile_loader import load_profile
from replay.simulate import RandomBot, simulate_deal

if TYPE_CHECKING:
    from data.importer import ImportResult

SAMPLES_DIR = Path(__file__).parent / "samples"

VENUE = "青岛 市北 海泊河棋牌俱乐部"
ROSTER = (
    "王建国", "李秀英", "张志强", "刘桂兰", "陈国栋", "杨春梅",
    "赵德胜", "孙丽华", "周文斌", "吴海燕", "郑明", "高玉珍",
)  # fmt: skip


@dataclass(frozen=True)
class Plan:
    """How a game's simulated samples are made: its game and profile, the first seed, the first evening,
    the days between evenings, the match title, the deals written by default, the deals of one match,
    whether each deal's levels are those the previous deal's score left (a game played up a ladder of
    levels: a match ends when a side passes the last level), and every how many deals ``MaximBot`` plays,
    breaking ``breaks`` in turn (0: never)."""

    game: str
    profile: str
    first_seed: int
    first_day: dt.date
    every: int
    title: str
    count: int
    match_deals: int
    ladder: bool = False
    maxim_every: int = 0
    breaks: tuple[tuple[str, ...], ...] = ()


MAXIM_BREAKS = (
    ("feng-q-gai-mao",),
    ("you-dan-bu-fa-3", "xiaohua-gua-4"),
    ("dan-pai-shen-guo",),
    ("dang-san-bu-dang-si", "feng-q-gai-mao"),
    ("xiaohua-gua-4",),
)
MAXIM_EVERY = 3  # every third 够级 deal is played by MaximBot, breaking maxims on purpose
DEALS_PER_MATCH = 6
SHENGJI_MATCH = 20  # 升级: the deals of one match (unless a side wins it sooner)
PLANS = (
    Plan("gouji", "gouji", 1001, dt.date(2026, 9, 1), 7, "周二够级", 30, DEALS_PER_MATCH, False, MAXIM_EVERY,
         MAXIM_BREAKS),
    Plan("baohuang", "baohuang", 2001, dt.date(2026, 9, 3), 7, "周四保皇", 30, DEALS_PER_MATCH),
    Plan("shengji", "shengji-35", 3001, dt.date(2026, 9, 5), 7, "周六升级", 20, SHENGJI_MATCH, ladder=True),
)  # fmt: skip
GENERATED = tuple(p.game for p in PLANS)
FOLDERS = (*GENERATED, "disputes")  # the order ``import_samples`` stores them in
COUNTS = {p.game: p.count for p in PLANS}  # deals written by default


class SampleError(FupanError, RuntimeError):
    """A generated sample did not replay as the simulator played it (a bug)."""


def plan_of(game: str) -> Plan:
    """The plan of ``game``'s samples (ValueError when it has none)."""
    for plan in PLANS:
        if plan.game == game:
            return plan
    raise ValueError(f"no sample plan for the game {game!r} (expected one of {', '.join(GENERATED)})")


def _bot(plan: Plan, seed: int, k: int) -> tuple[RandomBot | None, tuple[str, ...]]:
    """The bot for the k-th deal of the plan (None: simulate_deal's own) and the maxims it breaks."""
    if not plan.maxim_every or k % plan.maxim_every != plan.maxim_every - 1:
        return None, ()
    from coach.learners import MaximBot

    breaks = plan.breaks[(k // plan.maxim_every) % len(plan.breaks)]
    return MaximBot(random.Random(seed * 7919), break_=set(breaks)), breaks


def _first_levels(plan: Plan) -> tuple[str, str] | None:
    """The levels a ladder plan's match starts from (both sides at the first level), else None."""
    if not plan.ladder:
        return None
    first = LEVEL_SEQUENCES[load_profile(plan.profile).options["levels"]][0]  # as the engine reads its ladder
    return first, first


def samples(game: str, count: int) -> list[Log]:
    """The first ``count`` simulated sample deals of ``game``: evenings of ``match_deals`` deals at one
    table (a new evening a few days later); for a ladder plan each deal's levels are those the previous
    deal's score left (a new match, from the first level, once a side has won one)."""
    plan = plan_of(game)
    n = games.get(game).seats
    logs: list[Log] = []
    match_no, deal_no, levels = 0, 0, _first_levels(plan)
    for k in range(count):
        if deal_no == plan.match_deals:
            match_no, deal_no, levels = match_no + 1, 0, _first_levels(plan)
        seed = plan.first_seed + k
        day = plan.first_day + dt.timedelta(days=plan.every * match_no)  # a new match on another evening
        table = random.Random(f"{game}-{match_no}").sample(ROSTER, n)  # the evening's players, seats fixed
        bot, breaks = _bot(plan, seed, k)
        sim = simulate_deal(seed, plan.profile, deal_number=deal_no + 1, bot=bot, levels=levels)
        if levels is not None and sim.log.levels != levels:
            raise SampleError(f"sample {game} {k + 1} (seed {seed}): the simulator did not deal the levels asked for")
        note = f"模拟对局（随机合法出牌，种子 {seed}）/ simulated deal (random legal play, seed {seed})"
        if breaks:
            note += f"; 有意违反俗语 / breaks maxims on purpose: {', '.join(breaks)}"
        key = f"{plan.title} {day.isoformat()}"
        meta = {"date": day.isoformat(), "venue": VENUE, "match": key, "deal": deal_no + 1, "table": "A", "notes": note}
        log = dataclasses.replace(
            sim.log, meta=meta, seats=tuple(Seat(s, table[s]) for s in range(n)), source=f"<sample {game} {k + 1}>"
        )
        # the new names and meta must not change a verdict or the score
        rep = Replay(log)
        score = rep.score()
        if not rep.ok or score != Replay(sim.log).score():
            raise SampleError(f"sample {game} {k + 1} (seed {seed}) does not replay as simulated")
        logs.append(log)
        deal_no += 1
        reached = shengji_extras(score)
        if plan.ladder and reached is not None:
            levels = (reached.after[0], reached.after[1])
            if reached.passed is not None:
                deal_no = plan.match_deals  # the match is won: the next deal opens a new one
    return logs


def sample_name(log: Log) -> str:
    """The file name of a sample: game, date and deal number (``gouji-2026-09-01-d1.json``)."""
    return f"{log.game}-{log.meta['date']}-d{log.meta['deal']}.json"


def make_samples(
    out_dir: str | Path = SAMPLES_DIR,
    counts: dict[str, int] | None = None,
    progress: Callable[[str, int, int], None] | None = None,
) -> dict[str, list[Path]]:
    """Write the simulated samples to ``out_dir/gouji``, ``out_dir/baohuang`` and ``out_dir/shengji``
    (``COUNTS`` by default), replacing the JSON files there; returns the paths written per game."""
    counts = counts or dict(COUNTS)
    out: dict[str, list[Path]] = {}
    for game in GENERATED:
        folder = Path(out_dir) / game
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("*.json"):
            old.unlink()
        paths = []
        total = counts.get(game, 0)
        for k, log in enumerate(samples(game, total)):
            path = folder / sample_name(log)
            path.write_text(log.dumps(), encoding="utf-8", newline="")
            paths.append(path)
            if progress is not None:
                progress(game, k + 1, total)
        out[game] = paths
    return out


def sample_folders(root: str | Path = SAMPLES_DIR) -> list[Path]:
    """The shipped sample folders that exist, in import order."""
    return [Path(root) / f for f in FOLDERS if (Path(root) / f).is_dir()]


def import_samples(engine: Engine, root: str | Path = SAMPLES_DIR) -> dict[str, list[ImportResult]]:
    """Store the samples in the database; returns the import results per folder."""
    from data.importer import import_paths

    return {folder.name: import_paths(engine, [folder]) for folder in sample_folders(root)}


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m data.make_samples``: regenerate the simulated samples."""
    ap = argparse.ArgumentParser(prog="python -m data.make_samples", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(SAMPLES_DIR), help="the samples folder (default: data/samples)")
    for plan in PLANS:
        name = games.get(plan.game).name_zh
        ap.add_argument(f"--{plan.game}", type=int, default=plan.count, help=f"number of {name} deals")
    args = ap.parse_args(argv)
    written = make_samples(args.out, {p.game: getattr(args, p.game) for p in PLANS})
    for game, paths in written.items():
        print(f"wrote {len(paths)} {game} deals to {Path(args.out) / game}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
