"""The score of a 够级 deal (GJ-SCORE, GJ-SWEEP) and its places: the order the seats went out, moved by
革命 (GJ-REVOLUTION) and by failed burns under ``burn_fail = "dalao"`` (GJ-BURN)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations

from replay.climbing.state import SETUP, VOID
from replay.core.said import said, seat_name
from replay.games.gouji.state import GoujiState
from replay.rules.profile import Profile
from replay.score import PlaceScore, Score, TeamScore, void_score
from replay.score import placed as finished_in_order

GOUJI_POINTS = {1: 4, 2: 2, 3: 0, 4: 0, 5: -2, 6: -4}


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
    return bool(profile.burn_fail == "dalao")


def gouji_finish_order(st: GoujiState, profile: Profile) -> tuple[tuple[int, ...], list[tuple[str, str]]]:
    """The six places in order, after 革命 and failed burns move seats (RULES §3)."""
    explain: list[tuple[str, str]] = []
    placed = finished_in_order(st)
    dalao = _dalao(profile)
    v = st.revolution
    if v != -1:
        if _revolution_third([s for s in placed if s not in _demoted(st.failed, dalao)], v):
            explain.append(
                (
                    "GJ-REVOLUTION",
                    said(
                        f"{seat_name(v)}（革命）排第三：它的两个队友得了头科和二科",
                        f"{seat_name(v, en=True)} (革命) ranks 3rd: its teammates took 1st and 2nd",
                    ),
                )
            )
        else:
            explain.append(
                ("GJ-REVOLUTION", said(f"{seat_name(v)}（革命）排第四", f"{seat_name(v, en=True)} (革命) ranks 4th"))
            )
    if dalao and st.failed:
        for k, s in enumerate(list(dict.fromkeys(st.failed))[:2]):
            fell = "大落" if k == 0 else "二落"
            explain.append(
                (
                    "GJ-BURN",
                    said(
                        f"{seat_name(s)}违反烧牌条件：{fell}",
                        f"{seat_name(s, en=True)} broke its burn condition: {fell}",
                    ),
                )
            )
    return tuple(finish_order(placed, v, st.failed, dalao)), explain


def gouji_places(st: GoujiState, profile: Profile) -> dict[int, int]:
    """Each seat's place (1 = 头科) at this step, for the seats whose place is already decided: the
    same in every way the deal can still end. Those ways are every order in which the seats still
    playing can finish and, while a burn can still fail (before 四人乱缠, under ``burn_fail =
    "dalao"``), every seat still playing that may yet fail, in every order; each is ranked by
    ``finish_order``, the function the score ranks by, so the places of the last step are the score's.
    Empty for a void deal, and before the first lead (a second 革命 voids the deal)."""
    if st.phase in (VOID, SETUP):
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
    """(seat, place) for the seats ranked alike by every ending (see ``places_at``): without a 革命 counted out
    (``_places_without_revolution``), else found by trying every ending (``_places_by_endings``)."""
    if revolution == -1:
        return _places_without_revolution(out, active, failed)
    return _places_by_endings(n, out, active, revolution, failed, dalao, may_fail)


def _places_without_revolution(
    out: tuple[int, ...], active: tuple[int, ...], failed: tuple[int, ...]
) -> tuple[tuple[int, int], ...]:
    """``_places_by_endings`` without a 革命, counted out (tests/replay/climbing/test_places.py holds the two equal on every case):
    ``finish_order`` puts the failed burners (``failed``: the first two, empty unless ``dalao``) last, the first
    failed last of all, and every other seat in the order it finished. So a seat out and not failed has its place
    (the failed ones before it left out), a failed one has its place (a later failure goes before it), and a seat
    still playing has one only when it is the one left that has not failed (its place the next, should it fail yet
    or not); two or more still playing may finish in either order."""
    stay = [s for s in out if s not in failed]
    known = {s: k for k, s in enumerate(stay, start=1)}
    total = len(out) + len(active)
    for k, s in enumerate(reversed(failed)):  # (the second failed, then the first: 二落, 大落)
        known[s] = total - len(failed) + 1 + k
    rest = [s for s in active if s not in failed]
    if len(rest) == 1:
        known[rest[0]] = len(stay) + 1
    return tuple(sorted(known.items()))


def _places_by_endings(
    n: int, out: tuple[int, ...], active: tuple[int, ...], revolution: int, failed: tuple[int, ...], dalao: bool,
    may_fail: bool,
) -> tuple[tuple[int, int], ...]:  # fmt: skip
    """(seat, place) for the seats ranked alike by every ending, each ending tried: every order of the seats still
    playing, and (``may_fail``) every further failed burn, ranked by ``finish_order``."""
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


def team_sums(order: Sequence[int]) -> tuple[list[int], int | None]:
    """GJ-SCORE, GJ-SWEEP: each team's (0: the even seats, 1: the odd) sum of its places' points, from the
    seats in the order of their places; and the team that took 1st, 2nd and 3rd (串三户), if one did."""
    raw = [0, 0]
    for i, s in enumerate(order):
        raw[s % 2] += GOUJI_POINTS[i + 1]
    sweep_team = next((t for t in (0, 1) if all(order[k] % 2 == t for k in range(3))), None)
    return raw, sweep_team


def team_points(st: GoujiState, profile: Profile, team: int) -> int:
    """Team ``team``'s (0 or 1) net points of a finished deal, as ``score_gouji`` counts them: its sum of the
    places' points, doubled after 串三户 (0 for a void deal or one not finished), without the score's words."""
    if st.phase == VOID or not st.terminal:
        return 0
    order = finish_order(finished_in_order(st), st.revolution, st.failed, _dalao(profile))
    raw, sweep_team = team_sums(order)
    return raw[team] * (2 if sweep_team is not None else 1)


def score_gouji(st: GoujiState, profile: Profile) -> Score | None:
    """The score of a finished 够级 deal (None while it is not finished)."""
    if st.phase == VOID:
        return void_score(("GJ-REVOLUTION", "两人以上革命，本局作废", "two or more 革命: the deal is void"))
    if not st.terminal:
        return None
    order, explain = gouji_finish_order(st, profile)
    places = tuple(PlaceScore(s, i + 1, GOUJI_POINTS[i + 1]) for i, s in enumerate(order))
    raw, sweep_team = team_sums(order)
    mult = 2 if sweep_team is not None else 1
    explain.append(
        (
            "GJ-SCORE",
            said(
                f"各名次得 4、2、0、0、-2、-4：队0合计 {raw[0]}，队1合计 {raw[1]}",
                f"places earn 4, 2, 0, 0, -2, -4: team 0 sums {raw[0]}, team 1 sums {raw[1]}",
            ),
        )
    )
    if sweep_team is not None:
        explain.append(
            (
                "GJ-SWEEP",
                said(
                    f"队{sweep_team}包揽头科、二科、三科（串三户）：得分加倍",
                    f"team {sweep_team} took 1st, 2nd and 3rd (串三户): scores double",
                ),
            )
        )
    if profile.score_mode == "net":
        recorded = [raw[0] * mult, raw[1] * mult]
        explain.append(("GJ-SCORE", said("净分计法：两队都记各自的合计", "net mode: both teams record their sums")))
    else:
        recorded = [max(0, raw[0]) * mult, max(0, raw[1]) * mult]
        explain.append(
            (
                "GJ-SCORE",
                said(
                    "只记正分，不记负分：只有赢的一队记分",
                    "positive points only (只记正分，不记负分): only the winning team records its points",
                ),
            )
        )
    teams = tuple(TeamScore(tuple(range(t, 6, 2)), recorded[t], raw[t]) for t in (0, 1))
    rules = ("GJ-SCORE", "GJ-TEAMS", "GJ-SWEEP")
    return Score(order, places, teams, sweep_team is not None, explain=tuple(explain), claim_rules=rules)
