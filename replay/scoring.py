"""Scores of a finished deal, each figure with the rule that produced it (GJ-SCORE, GJ-SWEEP,
GJ-REVOLUTION, GJ-BURN)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import permutations
from typing import Any

from replay import games
from replay.profile import Profile
from replay.state import SETUP, VOID, State

GOUJI_POINTS = {1: 4, 2: 2, 3: 0, 4: 0, 5: -2, 6: -4}
BAOHUANG_POINTS = {1: 6, 2: 3, 3: 0, 4: -3, 5: -6}  # BH-SCORE
SOLO_POINTS = {1: 16, 2: 4, 3: 0, 4: -4, 5: -16}  # BH-SCORE-SOLO
GRAB_POINTS = 40  # BH-SCORE-GRAB: the 皇帝 wins or loses 40, each other seat the opposite 10


@dataclass(frozen=True)
class PlaceScore:
    """A seat's place (1 = 头科) and the points of that place."""

    seat: int
    place: int
    points: int


@dataclass(frozen=True)
class TeamScore:
    """A team (its seats) and the score it records for the deal."""

    seats: tuple[int, ...]
    points: int
    raw: int = 0


@dataclass(frozen=True)
class Score:
    """The score of a deal: finish order, places, team scores, sweep, and how each came about."""

    finish_order: tuple[int, ...]
    places: tuple[PlaceScore, ...]
    teams: tuple[TeamScore, ...]
    sweep: bool = False
    void: bool = False
    explain: tuple[tuple[str, str], ...] = field(default=())
    roles: dict[str, Any] | None = None
    unsplit: bool = False  # 保皇 with an unknown 保皇派: places known, points not split
    points: dict[str, int] | None = None  # 升级: {"defenders", "kitty"}
    levels: dict[str, Any] | None = None  # 升级: {"before", "after"} per side, and who passed the last level
    void_reason: tuple[str, str, str] | None = None  # a void deal's (rule, Chinese, English)

    def to_json(self) -> dict[str, Any]:
        """The stable JSON of ``fupan score --json``."""
        return {
            "finish_order": list(self.finish_order),
            "places": [{"seat": p.seat, "place": p.place, "points": p.points} for p in self.places],
            "teams": [{"seats": list(t.seats), "points": t.points} for t in self.teams],
            "sweep": self.sweep,
            "void": self.void,
            **({"void_reason": self.void_reason_json()} if self.void_reason is not None else {}),
            **({"roles": dict(self.roles)} if self.roles is not None else {}),
            **({"points": dict(self.points)} if self.points is not None else {}),
            **({"levels": dict(self.levels)} if self.levels is not None else {}),
        }

    def void_reason_json(self) -> dict[str, str] | None:
        """Why the deal is void: ``{"rule", "zh", "en"}`` (None when it is not)."""
        if self.void_reason is None:
            return None
        rule, zh, en = self.void_reason
        return {"rule": rule, "zh": zh, "en": en}

    def place_of(self, seat: int) -> int:
        """The place of a seat (1 = first out)."""
        return next(p.place for p in self.places if p.seat == seat)


def finish_order(placed: Sequence[int], revolution: int, failed: Sequence[int], dalao: bool) -> list[int]:
    """The seats in the order of their places, from the order they finished (``placed``: those out,
    then the rest): under ``dalao`` the first failed burner takes the last place, a second the one
    before it (GJ-BURN: 为“大落”……为“二落”); a 革命 seat ranks 4th, or 3rd when its two teammates took
    1st and 2nd (GJ-REVOLUTION: 通常视为四科), both counted among the other seats, after the failed
    burners went down (a teammate who finished first but failed a burn is 大落, not 头科). With neither,
    the places are the order they finished (保皇)."""
    demoted = _demoted(failed, dalao)
    order = [s for s in placed if s not in demoted]
    if revolution != -1:  # 四科 (or 三科) among the places the failed burners leave: they are 大落 and 二落
        order.insert(2 if _revolution_third(order, revolution) else 3, revolution)
    return order + demoted[::-1]


def _demoted(failed: Sequence[int], dalao: bool) -> list[int]:
    """The failed burners who go to the bottom (the first two, under ``dalao``), first failed first."""
    return list(dict.fromkeys(failed))[:2] if dalao else []


def _revolution_third(placed: Sequence[int], v: int) -> bool:
    """True when the revolutionary ``v``'s two teammates finished first and second."""
    return set(placed[:2]) == {(v + 2) % 6, (v + 4) % 6}


def _dalao(profile: Profile) -> bool:
    """True when a failed burn moves the burner to the bottom (GJ-BURN, ``burn_fail = "dalao"``)."""
    return profile.game == "gouji" and profile.burn_fail == "dalao"


def _placed(st: State) -> list[int]:
    """The seats in the order they finished: those out, then those still playing in seat order."""
    return list(st.out) + [s for s in range(st.n) if st.active(s)]


def gouji_finish_order(st: State, profile: Profile) -> tuple[tuple[int, ...], list[tuple[str, str]]]:
    """The six places in order, after 革命 and failed burns move seats (RULES §3)."""
    explain: list[tuple[str, str]] = []
    placed = _placed(st)
    dalao = _dalao(profile)
    v = st.revolution
    if v != -1:
        if _revolution_third([s for s in placed if s not in _demoted(st.failed, dalao)], v):
            explain.append(("GJ-REVOLUTION", f"seat {v} (革命) ranks 3rd: its teammates took 1st and 2nd"))
        else:
            explain.append(("GJ-REVOLUTION", f"seat {v} (革命) ranks 4th"))
    if dalao and st.failed:
        for k, s in enumerate(list(dict.fromkeys(st.failed))[:2]):
            explain.append(("GJ-BURN", f"seat {s} broke its burn condition: {'大落' if k == 0 else '二落'}"))
    return tuple(finish_order(placed, v, st.failed, dalao)), explain


def places_at(st: Any, profile: Profile) -> dict[int, int]:
    """Each seat's place (1 = 头科) at this step, for the seats whose place is already decided: the
    same in every way the deal can still end. Those ways are every order in which the seats still
    playing can finish and, while a burn can still fail (before 四人乱缠, under ``burn_fail =
    "dalao"``), every seat still playing that may yet fail, in every order; each is ranked by
    ``finish_order``, the function the score ranks by, so the places of the last step are the score's.
    Empty for 升级 (no places), a void deal, and before the first lead (a second 革命 voids the deal)."""
    if not isinstance(st, State) or st.phase in (VOID, SETUP):
        return {}
    dalao = _dalao(profile)
    failed = tuple(dict.fromkeys(st.failed))[:2] if dalao else ()
    may_fail = dalao and not st.terminal and not st.chaos and len(failed) < 2
    active = tuple(s for s in range(st.n) if st.active(s))
    return dict(_known_places(st.n, st.out, active, st.revolution, failed, dalao, may_fail))


@lru_cache(maxsize=2048)
def _known_places(
    n: int, out: tuple[int, ...], active: tuple[int, ...], revolution: int, failed: tuple[int, ...], dalao: bool,
    may_fail: bool,
) -> tuple[tuple[int, int], ...]:  # fmt: skip
    """(seat, place) for the seats ranked alike by every ending (see ``places_at``)."""
    futures: list[tuple[int, ...]] = [()]
    if may_fail:
        free = [s for s in active if s not in failed]
        for k in range(1, 3 - len(failed)):
            futures += permutations(free, k)
    place: dict[int, int] = {}
    unknown: set[int] = set()
    for rest in permutations(active):
        placed = out + rest
        for more in futures:
            for k, s in enumerate(finish_order(placed, revolution, failed + more, dalao), start=1):
                if place.setdefault(s, k) != k:
                    unknown.add(s)
            if len(unknown) == n:
                return ()
    return tuple(sorted((s, k) for s, k in place.items() if s not in unknown))


PLACE_NAMES_ZH = {  # by the number of seats: 够级 (6), 保皇 (5, BH-SCORE's seed text)
    6: {1: "头科", 2: "二科", 3: "三科", 4: "四科", 5: "二落", 6: "大落"},
    5: {1: "头科", 2: "二科", 3: "第三", 4: "二落", 5: "大落"},
}
PLACE_NAMES_EN = {1: "1st", 2: "2nd", 3: "3rd"}


def place_words(place: int, n: int) -> tuple[str, str]:
    """A place in words at a table of ``n`` seats: (头科 … 大落, 1st … 6th)."""
    return PLACE_NAMES_ZH.get(n, {}).get(place, f"第{place}名"), PLACE_NAMES_EN.get(place, f"{place}th")


@dataclass(frozen=True)
class KnownPlace:
    """A seat's place as known at one step, in words, and its points once the deal is over."""

    place: int
    zh: str
    en: str
    points: int | float | None

    def to_json(self) -> dict[str, Any]:
        """``{"place", "zh", "en", "points"}`` (``replay --json``'s ``places``)."""
        return {"place": self.place, "zh": self.zh, "en": self.en, "points": self.points}


def known_places(st: Any, profile: Profile) -> dict[int, KnownPlace]:
    """``places_at`` in words, with each place's points (the score's) once the deal is over."""
    places = places_at(st, profile)
    score = score_of(st, profile) if places and st.terminal else None
    points = {p.seat: p.points for p in score.places} if score is not None else {}
    return {s: KnownPlace(k, *place_words(k, st.n), points.get(s)) for s, k in sorted(places.items())}


def _void(reason: tuple[str, str, str]) -> Score:
    """The score of a void deal: no places, no points, and why (its rule, in both languages)."""
    return Score((), (), (), void=True, explain=((reason[0], reason[2]),), void_reason=reason)


def score_gouji(st: State, profile: Profile) -> Score | None:
    """The score of a finished 够级 deal (None while it is not finished)."""
    if st.phase == VOID:
        return _void(("GJ-REVOLUTION", "两人以上革命，本局作废", "two or more 革命: the deal is void"))
    if not st.terminal:
        return None
    order, explain = gouji_finish_order(st, profile)
    places = tuple(PlaceScore(s, i + 1, GOUJI_POINTS[i + 1]) for i, s in enumerate(order))
    place = {p.seat: p.place for p in places}
    raw = [sum(GOUJI_POINTS[place[s]] for s in range(t, 6, 2)) for t in (0, 1)]
    sweep_team = next((t for t in (0, 1) if all(order[k] % 2 == t for k in range(3))), None)
    mult = 2 if sweep_team is not None else 1
    explain.append(("GJ-SCORE", f"places earn 4, 2, 0, 0, -2, -4: team 0 sums {raw[0]}, team 1 sums {raw[1]}"))
    if sweep_team is not None:
        explain.append(("GJ-SWEEP", f"team {sweep_team} took 1st, 2nd and 3rd (串三户): scores double"))
    if profile.score_mode == "net":
        recorded = [raw[0] * mult, raw[1] * mult]
        explain.append(("GJ-SCORE", "net mode: both teams record their sums"))
    else:
        recorded = [max(0, raw[0]) * mult, max(0, raw[1]) * mult]
        explain.append(("GJ-SCORE", "只记正分，不记负分: only the winning team records its points"))
    teams = tuple(TeamScore(tuple(range(t, 6, 2)), recorded[t], raw[t]) for t in (0, 1))
    return Score(order, places, teams, sweep_team is not None, explain=tuple(explain))


def score_baohuang(st: State, profile: Profile) -> Score | None:
    """The score of a finished 保皇 deal (BH-SCORE, BH-SCORE-SOLO, BH-SCORE-GRAB)."""
    if st.phase == VOID:
        return _void(("BH-VOID", "黄庄：无人叫庄，本局作废，重新发牌", "黄庄: nobody called; the deal is void, redeal"))
    if not st.terminal:
        return None
    n = st.n
    order = tuple(finish_order(_placed(st), st.revolution, st.failed, _dalao(profile)))
    place = {s: i + 1 for i, s in enumerate(order)}
    e, loyal = st.emperor, st.loyalist
    roles = {
        "emperor": e,
        "loyalist": None if st.grab or loyal == -1 else loyal,
        "revealed": st.open_loyal or st.open_solo,
        "solo": st.solo,
        "grab": st.grab,
    }
    explain: list[tuple[str, str]] = []
    points: dict[int, Fraction] = {}
    if st.grab:
        won = place[e] == 1
        for s in range(n):
            points[s] = Fraction(GRAB_POINTS if won else -GRAB_POINTS) if s == e else Fraction(-10 if won else 10)
        explain.append(
            (
                "BH-SCORE-GRAB",
                f"抢庄: the 皇帝 (seat {e}) {'is' if won else 'is not'} 头科: "
                f"{'+40, each other -10' if won else '-40, each other +10'}",
            )
        )
        side = [e]
    elif st.solo:
        mult = 2 if st.open_solo else 1
        others = [s for s in range(n) if s != e]
        rest = sum(SOLO_POINTS[place[s]] for s in others)
        points[e] = Fraction(SOLO_POINTS[place[e]] * mult)
        for s in others:
            points[s] = Fraction(rest, 4) * mult
        explain.append(
            (
                "BH-SCORE-SOLO",
                f"独保: places earn 16, 4, 0, -4, -16; the 皇帝 gets its place's "
                f"{SOLO_POINTS[place[e]]}, each other a quarter of {rest}",
            )
        )
        if mult == 2:
            explain.append(("BH-SOLO", "明独 doubles"))
        side = [e]
    else:
        if loyal == -1:  # the 保皇派 is not known: places stand, the points cannot be split
            places = tuple(PlaceScore(s, place[s], BAOHUANG_POINTS[place[s]]) for s in order)
            note = ("BH-SCORE", "the 保皇派 is not known (no hands, none named): points of places only, not split")
            return Score(order, places, (), False, explain=(note,), roles=roles, unsplit=True)
        mult = 2 if st.open_loyal else 1
        others = [s for s in range(n) if s not in (e, loyal)]
        ours = BAOHUANG_POINTS[place[e]] + BAOHUANG_POINTS[place[loyal]]
        theirs = sum(BAOHUANG_POINTS[place[s]] for s in others)
        points[e] = Fraction(ours * 2, 3) * mult
        points[loyal] = Fraction(ours, 3) * mult
        for s in others:
            points[s] = Fraction(theirs, 3) * mult
        explain.append(
            (
                "BH-SCORE",
                f"places earn 6, 3, 0, -3, -6: the 皇帝's side sums {ours} "
                f"(皇帝 x 2/3, 保皇派 x 1/3), the others {theirs} (each x 1/3)",
            )
        )
        if mult == 2:
            explain.append(("BH-LOYALIST", "明保 doubles"))
        side = [e, loyal]
    rest_seats = tuple(s for s in range(n) if s not in side)
    places = tuple(PlaceScore(s, place[s], _num(points[s])) for s in order)
    teams = (
        TeamScore(tuple(side), _num(sum((points[s] for s in side), Fraction(0)))),
        TeamScore(rest_seats, _num(sum((points[s] for s in rest_seats), Fraction(0)))),
    )
    return Score(order, places, teams, False, explain=tuple(explain), roles=roles)


def _num(x: Fraction) -> Any:
    """An integer when the fraction is whole, else a float."""
    return int(x) if x.denominator == 1 else float(x)


LEVELS_FROM_80 = (  # SJ-POINTS: "take over" changes levels only; no text promises who declares next
    "80 or more: the declarers do not go up; the defenders go up 1 per further 40 (120: 1, 160: 2, 200: 3); "
    "the next deal's declarers are decided by its 定主"
)


def level_change(defenders: int) -> tuple[int, int]:
    """(side that goes up: 0 declarers / 1 defenders, steps) for the defenders' points (SJ-POINTS,
    the standard table): declarers up 3 at 0, 2 at 5-35, 1 at 40-75; from 80 the declarers do not go
    up, and the defenders go up one for every further 40 (120: 1, 160: 2, 200: 3, and on without a
    cap, since a multiplied kitty can take the total past 200). Who declares the next deal is not
    decided here: in 三五番 it is whoever wins the next deal's 定主 (SJ-POINTS)."""
    if defenders >= 80:
        return 1, (defenders - 80) // 40
    if defenders == 0:
        return 0, 3
    return 0, 2 if defenders < 40 else 1


def score_shengji(st: Any, profile: Profile) -> Score | None:
    """The score of a finished 升级 deal: card points per side, the defenders' total with the kitty,
    and each side's level after the deal (SJ-POINTS, SJ-LEVEL)."""
    from replay.shengji import LEVEL_SEQUENCES, RANK_LEVEL, VOID, team

    if st.phase == VOID:
        return _void(
            (
                "SJ-DECLARE",
                "无人定主（四家不定主，或未定主就出牌）：本局作废，重新发牌",
                "nobody declared (four 不定主, or play with no declaration): the deal is void, redeal",
            )
        )
    if not st.terminal:
        return None
    seq = LEVEL_SEQUENCES[profile.options["levels"]]
    declarers = team(st.declarer)
    defenders = 1 - declarers
    total = st.defenders_points
    won_last = team(st.tricks[-1].winner) if st.tricks else declarers
    kitty = st.kitty_points if won_last == defenders else 0
    side, steps = level_change(total)
    up = declarers if side == 0 else defenders
    before = [RANK_LEVEL[r] for r in st.levels]
    after = list(before)
    passed = None
    k = seq.index(before[up]) + steps
    if k >= len(seq):
        passed, after[up] = up, seq[-1]
    else:
        after[up] = seq[k]
    explain = [
        ("SJ-POINTS", f"defenders (side {defenders}) took {total - kitty} points in tricks"),
        (
            "SJ-POINTS",
            f"kitty {kitty // max(1, profile.options['kitty_multiplier'])} x {profile.options['kitty_multiplier']}"
            f" = {kitty} to the defenders"
            if kitty
            else "the kitty's points stay with the declarers (they won the last trick)"
            if won_last == declarers
            else "the defenders won the last trick, but the kitty holds no points",
        ),
        (
            "SJ-LEVEL",
            f"defenders' {total} points: side {up} goes up {steps} (from {before[up]} to {after[up]})"
            if steps
            else f"defenders' {total} points: no side goes up",
        ),
    ]
    if side == 1:
        explain.append(("SJ-LEVEL", LEVELS_FROM_80))
    if passed is not None:
        explain.append(("SJ-LEVEL", f"side {passed} passed the last level {seq[-1]}: it wins the match"))
    teams = tuple(TeamScore((t, t + 2), st.points[t] + (kitty if t == defenders else 0), st.points[t]) for t in (0, 1))
    return Score(
        (),
        (),
        teams,
        explain=tuple(explain),
        points={"defenders": total, "kitty": kitty},
        levels={"before": before, "after": after, "up": up, "steps": steps, "passed": passed},
    )


def score_of(st: Any, profile: Profile) -> Score | None:
    """The score of a state under a profile: its game's scoring (the registry's, replay.games; None while
    the deal is not over)."""
    result: Score | None = games.get(profile.game).score_function()(st, profile)
    return result
