"""The maxims on trial: what following each folk maxim (够级俗语) is worth, in team points, over many
simulated 够级 deals.

A paired design. For each maxim and each deal seed the same deal is played twice with the rollout
player ``coach.policy.Policy`` at all six seats and the same random seeds in both runs; one team (team
0 on even deals, team 1 on odd ones, to cancel seat bias) follows the maxim in the first run and breaks
it in the second (``coach.learners.MaximPolicy``). The two runs are the same deal, play for play, until
the first position the maxim speaks to; a deal where no such position arises plays out the same twice.
逢Q盖帽 and 挡三不挡四 are asked one question at a time (``coach.learners.SPLIT``): whether to answer at
all (``maxim/answer``) and, where the seat answers, with which cards (``maxim/cards``); each is a row of
its own with its own confidence interval (``HOW`` says how each row is played, ``READ_BY`` which coach
findings take their worth from it).
The effect on a deal is the team's points when following minus its points when breaking, team points
being ``raw × 2`` after a sweep (串三户) and ``raw`` otherwise. Each maxim gets the mean effect over all
deals and over the deals where its position arose, with the standard error and a 95% confidence
interval by the normal approximation (mean ± 1.96 SE).

    python -m coach.study --deals 15000 --seed 1 --jobs 2 --cluster --out docs/maxims.md --json coach/maxim_effects.json
    python -m coach.study ... --scheduler tcp://host:8786   # on the club's machines (docs/cluster.md)

``coach.effects.maxim_effect(key)`` reads the shipped results (``coach/maxim_effects.json``) for the coach.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coach.effects import MIN_AROSE
from coach.learners import QUESTIONS, SPLIT, MaximPolicy, maxim_of, question_of
from coach.maxims import BY_KEY, MAXIMS
from coach.summary import Summary
from replay.formats.log import Log
from replay.games.gouji.game import GAME as GOUJI
from replay.games.gouji.score import team_points
from replay.rules.profile import Profile
from replay.rules.profile_loader import load_profile
from replay.simulate import sim_seed
from replay.simulated import SimulatedDeal

if TYPE_CHECKING:
    from replay.games.gouji.state import GoujiState

NOISE = 0.08  # Policy's own default: the chance of a random decision
DEALS = 15_000  # the documented size of the study (``make study``)
SEED = 1
PROFILE = "gouji"  # the shipped 够级 profile the study plays by default
CHUNK = 50  # deals per task handed to a worker
MARKER = "<!-- Everything below this line is written by `python -m coach.study` (make study): edit above it. -->"

DEFAULT_HEADER = """# The maxims on trial

What following each folk maxim (够级俗语) is worth, in team points per deal, measured over simulated 够级
deals by `coach/study.py`.
"""

#: What each of a split maxim's questions asks (``coach.learners.SPLIT``).
QUESTION_NAMES: dict[str, str] = {"answer": "answer or not", "cards": "which cards"}

#: How the study's follow and break policies (``MaximPolicy`` on top of ``Policy``) play each row: a maxim,
#: or one question about it (``maxim/answer``, ``maxim/cards``; ``MaximPolicy._ask``).
HOW: dict[str, tuple[str, str, str]] = {
    "feng-q-gai-mao/answer": (
        "a seat of the team is to answer an opponent's Qs and holds both Ks and plain As (no 2s, no jokers) that "
        "beat them (whatever Policy would do there)",
        "answer with the cheapest plain As (the cards the maxim asks for)",
        "decline (pass, or 扣)",
    ),
    "feng-q-gai-mao/cards": (
        "as for answer or not, where Policy answers (plays); where Policy declines, both runs decline",
        "answer with the cheapest plain As",
        "answer with the cheapest Ks (Policy prefers a K group that fits the table, so it breaks this maxim by habit)",
    ),
    "you-dan-bu-fa-3": (
        "a seat of the team has a free lead (not bound by a burn) while holding 3s and a single card of a rank 4..A "
        '(the profile\'s side of the saying, `lead_preference = "singles"`)',
        "where Policy would lead its 3s, lead the lowest single instead",
        "lead all the 3s (Policy leads its lowest rank, so this is its own habit; it is also what the other "
        "reading of the saying, 有3不发单, asks)",
    ),
    "xiaohua-gua-4": (
        "a seat of the team leads for the first time holding a small joker, 4s and another rank between 5 and A "
        "(once per seat and deal: Policy on its own never hangs a joker on a lead)",
        "lead all the 4s with one small joker hung on them",
        "lead all the cards of the lowest rank above 4 with one small joker hung on them",
    ),
    "dan-pai-shen-guo": (
        "an opponent still playing with its count shown (10 cards or fewer) has 3s on the table and a seat of the "
        "team, to answer, holds a set that beats them (the 过3有罪 half; the single-card half is not played)",
        "answer with the cheapest set that beats the 3s (jokers and 2s last), also where Policy would decline",
        "decline (pass, or 扣)",
    ),
    "dang-san-bu-dang-si/answer": (
        "an opponent's 4s are on the table and a seat of the team, to answer, holds a set with 2s or jokers that "
        "beats them but no natural set that does (the 不挡四 half; the 挡三 half is the 过3有罪 of 单牌慎过), "
        "whatever Policy would do there",
        "decline (pass, or 扣): without a natural answer, not spending 2s or jokers means not answering",
        "answer with the cheapest set carrying 2s or jokers",
    ),
    "dang-san-bu-dang-si/cards": (
        "an opponent's 4s are on the table and a seat of the team, to answer, holds both a natural set and a set "
        "with 2s or jokers that beat them, and Policy answers (plays); where Policy declines, both runs decline",
        "answer with the cheapest natural set",
        "answer with the cheapest set carrying 2s or jokers",
    ),
}

#: Which of the coach's findings take their worth from a split maxim's row (``coach.effects.maxim_effect``).
READ_BY: dict[str, str] = {
    "feng-q-gai-mao/answer": "no finding: the detector fires only where the seat answered (with Ks); this row "
    "says whether capping pays at all",
    "feng-q-gai-mao/cards": "every 逢Q盖帽 finding (Ks played over an opponent's Qs while plain As were held)",
    "dang-san-bu-dang-si/answer": "a 挡三不挡四 finding where the seat held no natural answer (nothing under "
    "*instead*)",
    "dang-san-bu-dang-si/cards": "a 挡三不挡四 finding where the seat held a natural answer (named under *instead*)",
}

#: Why the maxims ``MaximPolicy`` cannot play are left out.
NOT_STUDIED: dict[str, str] = {
    "xiaohua-zao-gua": "a matter of timing over the whole deal (when the first small joker is spent), not a choice at "
    "one position; a follow/break pair needs a policy that plans its joker use, which the study's players lack",
    "guo-pai-bu-shao": "its first half is a rule (a seat that passed may not burn): breaking it is illegal, so no "
    "simulated deal can break it; its second half (burn first) needs burns, and Policy never burns",
    "fang-yi-da-er": "a team plan judged from the finish order after the deal, not a choice at a position; "
    "no follow/break policy plays it",
}


# -- one deal, played twice ------------------------------------------------------------------------------


def deal_seed(seed: int, k: int) -> int:
    """The seed of the study's ``k``-th deal."""
    return seed * 1_000_000 + k


@dataclass(frozen=True)
class Pair:
    """One deal played twice: the team following the maxim, then breaking it."""

    key: str
    seed: int
    team: int
    follow: SimulatedDeal[GoujiState]
    break_: SimulatedDeal[GoujiState]
    follow_points: int
    break_points: int
    kept: tuple[int, ...]  # event indices of the follow run where the maxim changed Policy's choice
    planted: tuple[int, ...]  # event indices of the break run where the maxim was broken

    @property
    def effect(self) -> int:
        """Team points following minus team points breaking."""
        return self.follow_points - self.break_points

    @property
    def arose(self) -> bool:
        """The maxim's position arose in the deal (it was kept or broken somewhere)."""
        return bool(self.kept or self.planted)

    @property
    def logs(self) -> tuple[Log, Log]:
        """The two logs: following, breaking."""
        return self.follow.log, self.break_.log


def play_pair(key: str, seed: int, team: int, profile: Profile | str = PROFILE, noise: float = NOISE) -> Pair:
    """The deal of ``seed`` played by Policy at every seat, with ``team`` following maxim ``key``
    and then breaking it (the same random seeds in both runs)."""
    prof = load_profile(profile) if isinstance(profile, str) else profile
    seats = range(team, 6, 2)
    if prof.game != GOUJI.name:
        raise ValueError(f"the study plays {GOUJI.name} deals, not {prof.game} ({prof.name})")
    fbot = MaximPolicy(random.Random(seed), follow={key}, at=seats, noise=noise)
    follow = GOUJI.simulator(sim_seed(seed, prof), fbot, None)
    bbot = MaximPolicy(random.Random(seed), break_={key}, at=seats, noise=noise)
    broken = GOUJI.simulator(sim_seed(seed, prof), bbot, None)
    return Pair(
        key,
        seed,
        team,
        follow,
        broken,
        team_points(follow.states[-1], prof, team),
        team_points(broken.states[-1], prof, team),
        tuple(fbot.kept[key]),
        tuple(bbot.planted[key]),
    )


@dataclass(frozen=True)
class Outcome:
    """What one pair of runs came to: the team's points following and breaking, whether the maxim's
    position arose, and whether the two deals differ at all."""

    seed: int
    team: int
    follow: int
    break_: int
    arose: bool
    differ: bool

    @property
    def effect(self) -> int:
        """Team points following minus team points breaking."""
        return self.follow - self.break_


def _task(args: tuple[str, int, tuple[int, ...], str, float]) -> tuple[str, list[Outcome], float]:
    """Play the deals ``ks`` of one maxim (a worker's task); the outcomes and the seconds taken."""
    key, seed, ks, profile, noise = args
    start = time.perf_counter()
    prof = load_profile(profile)
    out = []
    for k in ks:
        p = play_pair(key, deal_seed(seed, k), k % 2, prof, noise)
        out.append(Outcome(p.seed, p.team, p.follow_points, p.break_points, p.arose, p.follow.log != p.break_.log))
    return key, out, time.perf_counter() - start


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


def play_all(
    keys: Iterable[str],
    deals: int,
    seed: int = SEED,
    jobs: int | None = None,
    profile: str = PROFILE,
    noise: float = NOISE,
    client: Any = None,
) -> tuple[dict[str, list[Outcome]], dict[str, float]]:
    """Every pair of runs of the study, by maxim in deal order, and the seconds of play per maxim
    (summed over the workers). The outcomes do not depend on ``jobs`` (default: every core), nor on ``client`` (a
    Dask client: the tasks run on its cluster, ``cluster.client.map_in_order``; ``jobs`` unused then)."""
    keys = list(keys)
    for key in keys:
        if key not in QUESTIONS:
            raise ValueError(f"maxim {key!r} cannot be played; the study knows {QUESTIONS}")
    tasks = [
        (key, seed, tuple(range(a, min(a + CHUNK, deals))), profile, noise)
        for key in keys
        for a in range(0, deals, CHUNK)
    ]
    jobs = max(1, jobs or os.cpu_count() or 1)
    if client is not None:
        from cluster.client import map_in_order

        done = map_in_order(client, _task, tasks)
    elif jobs == 1 or len(tasks) <= 1:
        done = [_task(t) for t in tasks]
    else:
        with _context().Pool(min(jobs, len(tasks))) as pool:
            done = pool.map(_task, tasks, chunksize=1)
    outcomes: dict[str, list[Outcome]] = {key: [] for key in keys}
    seconds = dict.fromkeys(keys, 0.0)
    for key, out, secs in done:  # ``map`` keeps the order of the tasks
        outcomes[key] += out
        seconds[key] += secs
    return outcomes, seconds


# -- results ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MaximResult:
    """One maxim's result: deals played, deals where its position arose, deals where the two runs
    differed (``stray``: of those, the ones where it did not arise, 0 by design), the effect over all
    deals and over the deals where it arose, and the seconds of play."""

    key: str
    deals: int
    arose: int
    differ: int
    stray: int
    overall: Summary
    where_arose: Summary
    seconds: float = field(default=0.0, compare=False)

    @classmethod
    def of(cls, key: str, outcomes: Sequence[Outcome], seconds: float = 0.0) -> MaximResult:
        """The result of a maxim's outcomes."""
        return cls(
            key,
            len(outcomes),
            sum(o.arose for o in outcomes),
            sum(o.differ for o in outcomes),
            sum(o.differ and not o.arose for o in outcomes),
            Summary.of([o.effect for o in outcomes]),
            Summary.of([o.effect for o in outcomes if o.arose]),
            seconds,
        )

    def to_json(self) -> dict[str, Any]:
        """The result as JSON."""
        return {
            "key": self.key,
            "maxim": maxim_of(self.key),
            "question": question_of(self.key),
            "saying": BY_KEY[maxim_of(self.key)].saying if maxim_of(self.key) in BY_KEY else None,
            "deals": self.deals,
            "arose": self.arose,
            "differ": self.differ,
            "stray": self.stray,
            "overall": self.overall.to_json(),
            "where_arose": self.where_arose.to_json(),
            "seconds": round(self.seconds, 2),
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> MaximResult:
        """The result ``to_json`` wrote."""
        return cls(
            str(doc["key"]),
            int(doc["deals"]),
            int(doc["arose"]),
            int(doc["differ"]),
            int(doc["stray"]),
            Summary.from_json(doc["overall"]),
            Summary.from_json(doc["where_arose"]),
            float(doc.get("seconds", 0.0)),
        )


@dataclass(frozen=True)
class Study:
    """The whole study: its settings and a result per maxim (in the order of ``coach.maxims.MAXIMS``)."""

    deals: int
    seed: int
    profile: str
    noise: float
    results: tuple[MaximResult, ...]
    seconds: float = field(default=0.0, compare=False)  # wall-clock time of the run
    jobs: int = field(default=1, compare=False)

    def result(self, key: str) -> MaximResult | None:
        """The result for maxim ``key``, if it was studied."""
        return next((r for r in self.results if r.key == key), None)

    def to_json(self) -> dict[str, Any]:
        """The study as JSON (``coach/maxim_effects.json``)."""
        return {
            "study": {
                "design": "paired: the same deal followed and broken by one team of Policy players; "
                "effect = team points following - team points breaking",
                "ci": "95%, normal approximation: mean +- 1.96 SE",
                "deals": self.deals,
                "seed": self.seed,
                "profile": self.profile,
                "noise": self.noise,
                "jobs": self.jobs,
                "seconds": round(self.seconds, 1),
            },
            "maxims": {r.key: r.to_json() for r in self.results},
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Study:
        """The study ``to_json`` wrote."""
        s = doc["study"]
        return cls(
            int(s["deals"]),
            int(s["seed"]),
            str(s["profile"]),
            float(s["noise"]),
            tuple(MaximResult.from_json(r) for r in doc["maxims"].values()),
            float(s.get("seconds", 0.0)),
            int(s.get("jobs", 1)),
        )


def run_study(
    deals: int = DEALS,
    seed: int = SEED,
    jobs: int | None = None,
    keys: Iterable[str] | None = None,
    profile: str = PROFILE,
    noise: float = NOISE,
    client: Any = None,
) -> Study:
    """Play the study (every maxim the players know, unless ``keys`` says which) and summarize it; on ``client``'s
    Dask cluster when given (``jobs`` then the cluster's workers, as the report says)."""
    chosen = set(QUESTIONS if keys is None else expand(keys))
    order = [k for k in QUESTIONS if k in chosen] + sorted(chosen - set(QUESTIONS))
    jobs = max(1, jobs or os.cpu_count() or 1)
    start = time.perf_counter()
    if client is not None:
        jobs = max(1, len(client.scheduler_info().get("workers", {})))
    outcomes, seconds = play_all(order, deals, seed, jobs, profile, noise, client)
    results = tuple(MaximResult.of(k, outcomes[k], seconds[k]) for k in order)
    return Study(deals, seed, profile, noise, results, time.perf_counter() - start, jobs)


# -- the report --------------------------------------------------------------------------------------------


def _num(x: float | None, digits: int = 2) -> str:
    return "–" if x is None else f"{x:+.{digits}f}"


def _ci(s: Summary) -> str:
    return "–" if s.lo is None or s.hi is None else f"[{s.lo:+.2f}, {s.hi:+.2f}]"


def _conclusion(mean: float | None, lo: float | None, hi: float | None, arose: int) -> str:
    if mean is None or lo is None or hi is None or arose < MIN_AROSE:
        return f"Too few deals where the position arose ({arose}) to say anything."
    ci = f"95% CI [{lo:+.2f}, {hi:+.2f}]"
    if lo > 0:
        return f"Following it is worth about {mean:+.2f} points per deal where it arises to the team ({ci})."
    if hi < 0:
        return (
            f"Following it costs about {-mean:.2f} points per deal where it arises to the team ({ci}): breaking it "
            "does better here, so the coach shows its findings as on trial, not as advice."
        )
    return f"No effect measurable at this sample size ({mean:+.2f} points per deal where it arises, {ci})."


def conclusion(result: MaximResult) -> str:
    """The plain-language conclusion for a maxim's result."""
    s = result.where_arose
    return _conclusion(s.mean, s.lo, s.hi, result.arose)


def title(key: str) -> str:
    """A row's name: the maxim's saying, and the question for a split maxim's row."""
    m = BY_KEY.get(maxim_of(key))
    q = question_of(key)
    name = m.saying if m is not None else maxim_of(key)
    return f"{name}: {QUESTION_NAMES.get(q, q)}" if q else name


def expand(keys: Iterable[str]) -> list[str]:
    """Row keys: a split maxim's key stands for its questions (``coach.learners.SPLIT``)."""
    out: list[str] = []
    for k in keys:
        parts = [q for q in SPLIT if maxim_of(q) == k] if question_of(k) is None else []
        out += parts or [k]
    return out


def render_markdown(study: Study, header: str = DEFAULT_HEADER) -> str:
    """The report: ``header`` as it is, then the settings, a table of all maxims, a section per maxim
    studied and the list of maxims not studied."""
    lines = [header.rstrip("\n"), "", MARKER, ""]
    minutes = study.seconds / 60
    lines += [
        "## The run",
        "",
        f"`python -m coach.study --deals {study.deals} --seed {study.seed} --profile {study.profile} "
        f"--noise {study.noise}`: {study.deals} deals per maxim, each played twice, with Policy's noise at "
        f"{study.noise}; {study.seconds:.0f} s of wall-clock time ({minutes:.1f} min) on {study.jobs} "
        f"process{'es' if study.jobs > 1 else ''}. Effects are in team points (follow − break); "
        "confidence intervals are 95% by the normal approximation (mean ± 1.96 SE); play time is the "
        "seconds of play summed over the processes. "
        + (
            "In every deal where a maxim's position did not arise, its two runs were identical."
            if not any(r.stray for r in study.results)
            else "Some deals differ though the maxim's position did not arise: see the maxims' sections."
        ),
        "",
        "| maxim | deals | arose | runs differ | effect per deal | 95% CI | effect where it arose | SE | 95% CI | play time |",
        "|---|---:|---:|---:|---:|---|---:|---:|---|---:|",
    ]
    for r in study.results:
        saying = title(r.key)
        lines.append(
            f"| {saying} | {r.deals} | {r.arose} | {r.differ} | {_num(r.overall.mean)} | {_ci(r.overall)} | "
            f"{_num(r.where_arose.mean)} | {_num(r.where_arose.se).lstrip('+')} | {_ci(r.where_arose)} | {r.seconds:.0f} s |"
        )
    lines.append("")
    for r in study.results:
        m = BY_KEY.get(maxim_of(r.key))
        lines += [f"## {title(r.key)} (`{r.key}`)", ""]
        if m is not None:
            lines += [
                f"- **Our reading** ({m.sureness}): {m.reading_en}.",
                f"- **读法**: {m.reading_zh}。",
            ]
        how = HOW.get(r.key)
        if how is not None:
            lines += [
                f"- **Where it arises**: {how[0]}.",
                f"- **Follow**: {how[1]}.",
                f"- **Break**: {how[2]}.",
            ]
        if r.key in READ_BY:
            lines.append(f"- **The coach's worth for**: {READ_BY[r.key]}.")
        lines += [
            "",
            "| | deals | mean effect | SE | 95% CI |",
            "|---|---:|---:|---:|---|",
            f"| all deals | {r.overall.n} | {_num(r.overall.mean)} | {_num(r.overall.se).lstrip('+')} | {_ci(r.overall)} |",
            f"| where it arose | {r.where_arose.n} | {_num(r.where_arose.mean)} | "
            f"{_num(r.where_arose.se).lstrip('+')} | {_ci(r.where_arose)} |",
            "",
            f"The position arose in {r.arose} of {r.deals} deals; the two runs differed in {r.differ}"
            + (f", {r.stray} of them without the position arising (a flaw of the design)" if r.stray else "")
            + f". {conclusion(r)}",
            "",
        ]
    studied = {maxim_of(r.key) for r in study.results}
    rest = [m for m in MAXIMS if m.key not in studied]
    if rest:
        lines += ["## Not studied", ""]
        for m in rest:
            why = NOT_STUDIED.get(
                m.key,
                "the study's players cannot follow or break it"
                if not any(maxim_of(k) == m.key for k in QUESTIONS)
                else "left out of this run",
            )
            lines.append(f"- {m.saying} (`{m.key}`): {why}.")
        lines.append("")
    return "\n".join(lines)


def header_of(path: Path) -> str:
    """The hand-written part of an existing report (above the marker), or the default header."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return DEFAULT_HEADER
    head, sep, _ = text.partition(MARKER)
    return head if sep else DEFAULT_HEADER


# -- the command ---------------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m coach.study``: run the study, print its table, write the report and the JSON."""
    ap = argparse.ArgumentParser(
        prog="python -m coach.study", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--deals", type=int, default=DEALS, help=f"deals per maxim (default {DEALS})")
    ap.add_argument("--seed", type=int, default=SEED, help=f"the study's seed (default {SEED})")
    ap.add_argument("--jobs", type=int, default=None, help="worker processes (default: every core)")
    ap.add_argument(
        "--cluster", action="store_true", help="run on a Dask cluster: a local one of --jobs processes, or --scheduler"
    )
    ap.add_argument(
        "--scheduler", metavar="ADDRESS", help="a running Dask scheduler (tcp://host:8786; implies --cluster)"
    )
    ap.add_argument("--profile", default=PROFILE, help=f"the 够级 rule profile (default {PROFILE})")
    ap.add_argument(
        "--noise", type=float, default=NOISE, help=f"Policy's chance of a random decision (default {NOISE})"
    )
    ap.add_argument(
        "--maxim",
        action="append",
        choices=QUESTIONS + tuple(sorted({maxim_of(k) for k in SPLIT})),
        help="study only this row, or a split maxim's questions (repeatable)",
    )
    ap.add_argument("--out", type=Path, help="write the markdown report here (keeping its hand-written header)")
    ap.add_argument("--json", type=Path, help="write the results as JSON here")
    args = ap.parse_args(argv)
    if args.deals < 1:
        ap.error("--deals must be at least 1")
    games = frozenset.union(*(BY_KEY[maxim_of(k)].games for k in args.maxim or QUESTIONS))
    if load_profile(args.profile).game not in games:
        ap.error(f"{args.profile}: the maxims are 够级's; give a 够级 profile")
    if args.cluster or args.scheduler:
        from cluster.client import ClusterError, client_for

        try:
            with client_for(args.scheduler, max(1, args.jobs or os.cpu_count() or 1)) as client:
                study = run_study(args.deals, args.seed, args.jobs, args.maxim, args.profile, args.noise, client)
        except ClusterError as exc:  # unreachable, or a worker with another fupan
            ap.error(str(exc))
    else:
        study = run_study(args.deals, args.seed, args.jobs, args.maxim, args.profile, args.noise)
    for r in study.results:
        print(
            f"{r.key:28} arose {r.arose:6}/{r.deals:<6} {_num(r.where_arose.mean)} {_ci(r.where_arose)}  {r.seconds:6.1f} s"
        )
    print(f"{study.seconds:.1f} s on {study.jobs} process(es)")
    if args.json:
        args.json.write_text(json.dumps(study.to_json(), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    if args.out:
        args.out.write_text(render_markdown(study, header_of(args.out)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
