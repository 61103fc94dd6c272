"""A game registered in a test alone runs through fupan (issue 15): 争上游-lite (``zhengshangyou``), a toy
climbing game declared here and nowhere in the product, is checked, replayed and scored by the ``fupan``
command and drawn by the dashboard's Replay page with nothing registered for it but its ``GameType``: no
coach part, no view, no CLI text (the defaults carry it), its profile a club's TOML in ``FUPAN_PROFILES``.

The rules: three seats, one deck of 54 cards (18 each). Seat 0 leads the first round; a lead is any set of
one rank; each next seat beats it with a set of as many cards and a higher rank, or passes (a pass declines
only the set on the table); when every other seat has passed on the last set, its owner leads again (or,
when it went out, the next seat still in). The first out wins; the places are the order out, each seat its
own side; the score of a place: 1st +2, 2nd 0, 3rd -2.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import streamlit as st
from app_pages import empty_library, page_ok, run_page, table_of

import cli
from coach import games as coach_games
from coach.games import GameCoach, coach_for
from data.importer import import_log
from replay import games
from replay.climbing import family
from replay.climbing.options import twos_attach
from replay.climbing.state import (
    OVER,
    PLAY,
    SETUP,
    State,
    bit,
    close_fields,
    evolve,
    fields_of,
    put_fields,
    rebuilt,
    with_turn,
)
from replay.climbing.table import Climbing, Outcome, _cards, repeated
from replay.core.cards import Card, cards_read
from replay.core.events import Event, Pass, Play
from replay.core.hand import Hand
from replay.core.sets import CardSet, why_not_beats
from replay.formats.log import parse_json_log, read_log
from replay.formats.notation.read import format_text
from replay.games import GameType
from replay.replay import Replay
from replay.rules.option import Option
from replay.rules.profile import Profile
from replay.rules.profile_loader import profile_of
from replay.score import PlaceScore, Score, placed
from replay.simulate import simulate_deal

GAME = "zhengshangyou"
PROFILE = "zsy-club"
POINTS = {1: 2, 2: 0, 3: -2}  # the points of each place

# -- the toy game's engine and scoring (its declaration holds them) ----------------------------------


class Zhengshangyou(Climbing[State]):
    """争上游-lite over the climbing engine's base state: what ``Climbing`` leaves to a game, nothing more."""

    game = GAME
    game_zh = "争上游"
    state_type = State
    n = 3
    decks = 1
    FIRST = 0  # the seat that leads the first round

    def first_leader(self, st: State) -> tuple[int, tuple[str, ...]]:
        """Seat 0 leads the first round (what the simulator asks)."""
        return self.FIRST, ()

    # -- the answer cycle

    def _advance(self, st: State, responded: int, cursor: int) -> State:
        """The next seat after ``cursor`` to answer the table set; back at its owner the round closes."""
        o = st.owner
        for k in range(1, self.n):
            s = (cursor + k) % self.n
            if s == o:
                break
            if st.active(s) and not responded >> s & 1:
                return with_turn(st, s, False, responded, cursor)
        return self._close(st)

    def _close(self, st: State) -> State:
        o = st.owner
        values = fields_of(st)
        close_fields(values, st, o if st.active(o) else st.next_active(o))
        return rebuilt(st, values)

    def _quiet_decline(self, st: State, s: int) -> State:
        if st.to_act != s:
            return evolve(st, responded=st.responded | bit(s))
        return self._advance(st, st.responded | bit(s), s)

    def _put(
        self, st: State, s: int, cs: CardSet, cards: tuple[Card, ...], hand: Hand, burn: bool
    ) -> tuple[State, list[str]]:
        values = fields_of(st)
        put_fields(values, (*st.hands[:s], hand, *st.hands[s + 1 :]), cs, cards, s)
        new = rebuilt(st, values)
        fx: list[str] = []
        new = self._played_over(st, new, s, cards, fx)
        if hand.size == 0:
            new = self._went_out(new, s, fx)
            if new.phase == OVER:
                return new, fx
        return self._advance(new, 0, s), fx

    # -- the events

    def _play(self, st: State, ev: Play) -> Outcome[State]:
        s, cards = ev.seat, ev.cards
        taken = self._take(st, s, cards)
        if isinstance(taken, Outcome):
            return taken
        cs, hand = taken
        if st.phase == SETUP:
            if s != self.FIRST:
                return Outcome(
                    st, "LEAD", f"座位{self.FIRST}先发牌", f"seat {self.FIRST} leads the first round, not seat {s}"
                )
            st = evolve(st, phase=PLAY, first_leader=s)
        table = st.table
        if table is None:
            if st.leader != -1 and s != st.leader:
                return self._wrong_leader(st, s)
        else:
            why = why_not_beats(cs, table)
            if why is not None:
                return self._no_beat(st, why, cs, *_cards(cards))
            if s != st.to_act:
                return self._not_its_turn(st, s)
        new, fx = self._put(st, s, cs, cards, hand, False)
        return Outcome(new, None, effects=tuple(fx))

    def _pass(self, st: State, ev: Pass) -> Outcome[State]:
        s = ev.seat
        if not st.active(s):
            return self._inactive(st, s)
        if st.table is None:
            return self._pass_on_empty_table(st, s)
        if s == st.owner:
            return self._own_set(st, s)
        if s == st.to_act:
            new = self._advance(st, st.responded | bit(s), s)
            return Outcome(new, None, effects=() if new.table is not None else ("round closed",))
        if st.responded >> s & 1:
            return repeated(st, f"座位{s}已过牌", f"seat {s} already passed on this set", "PASS")
        return self._not_its_turn(st, s)

    # -- who may act

    def actors(self, st: State) -> dict[int, tuple[str, ...]]:
        if st.terminal:
            return {}
        if st.phase == SETUP:
            return {self.FIRST: ("play",)}
        if st.table is None:
            return {st.leader: ("play",)}
        return {st.to_act: ("play", "pass")}

    def why(self, st: State, seat: int) -> tuple[str, str]:
        if st.phase == SETUP:
            return ("先发牌", "leads the first round")
        if st.table is None:
            return ("上一轮最后出牌：发牌", "won the last round: it leads")
        return ("按顺序轮到", "its turn (in play order)")


Zhengshangyou.HANDLERS = {Play: Zhengshangyou._play, Pass: Zhengshangyou._pass}


def score_zhengshangyou(st: State, profile: Profile) -> Score | None:
    """Places 1..3 are the order out; +2, 0, -2 points; no teams (None while the deal is not over)."""
    if st.phase != OVER:
        return None
    order = placed(st)
    places = tuple(PlaceScore(s, k, POINTS[k]) for k, s in enumerate(order, start=1))
    return Score(tuple(order), places, (), explain=(("FINISH", f"places by the order out: {order}"),))


TOY = GameType(
    name=GAME,
    name_zh="争上游",
    name_en="Zhengshangyou (lite)",
    seats=3,
    default_profile=PROFILE,
    actions=frozenset({"play", "pass"}),
    engine=Zhengshangyou,
    scorer=score_zhengshangyou,
    places=family.climbing_places,
    claims=family.climbing_claims,
    simulator=family.simulate,
    rules=family.no_rules,
    rulings=family.RULINGS,
    options=(twos_attach(False), Option("removed_ranks", "SET-FORM", list, [], "ranks taken out of the deck")),
)

# -- the deal ---------------------------------------------------------------------------------------

SUITS = "SHDC"


def four(rank: str) -> list[str]:
    return [rank + s for s in SUITS]


HANDS = [
    [*four("3"), *four("4"), *four("5"), *four("6"), "7S", "7H"],
    ["7D", "7C", *four("8"), *four("9"), *four("10"), *four("J")],
    [*four("Q"), *four("K"), *four("A"), *four("2"), "SJ", "BJ"],
]
# (seat, the cards played; None: a pass)
EVENTS: list[tuple[int, list[str] | None]] = [
    (0, four("3")),
    (1, four("8")),
    (2, None),
    (0, None),  # round closed: seat 1 leads
    (1, four("9")),
    (2, four("Q")),
    (0, None),
    (1, None),  # seat 2 leads
    (2, ["SJ"]),
    (0, None),
    (1, None),
    (2, four("K")),
    (0, None),
    (1, None),
    (2, ["BJ"]),
    (0, None),
    (1, None),
    (2, four("2")),
    (0, None),
    (1, None),
    (2, four("A")),  # seat 2 goes out first
    (0, None),
    (1, None),  # seat 0 leads (seat 2 is out: the next seat still in)
    (0, ["7S", "7H"]),
    (1, None),
    (0, four("4")),
    (1, four("10")),
    (0, None),
    (1, four("J")),
    (0, None),
    (1, ["7D", "7C"]),  # seat 1 goes out second: the deal is over, seat 0 last
]
ORDER = [2, 1, 0]
SET_RANK_AT = 7  # the illegal deal: seat 1 answers seat 2's four Qs with four 10s


def event_docs(events: list[tuple[int, list[str] | None]]) -> list[dict[str, Any]]:
    return [
        {"seat": s, "action": "pass"} if c is None else {"seat": s, "action": "play", "cards": c} for s, c in events
    ]


def log_json(events: list[tuple[int, list[str] | None]]) -> str:
    """The deal's log in the JSON format (one event a line, so each has its own line)."""
    head = {
        "format": "fupan/1",
        "game": GAME,
        "profile": PROFILE,
        "seats": [{"seat": s, "player": p} for s, p in enumerate(("甲", "乙", "丙"))],
        "deal": {"hands": HANDS},
    }
    body = json.dumps(head, ensure_ascii=False)[:-1]
    lines = ",\n".join("  " + json.dumps(e, ensure_ascii=False) for e in event_docs(events))
    return body + ', "events": [\n' + lines + "\n]}\n"


def log_text(events: list[tuple[int, list[str] | None]]) -> str:
    """The deal's log in the text notation."""
    lines = [f"fupan/1 {GAME}", f"profile {PROFILE}"]
    lines += [f"seat {s} {p}" for s, p in enumerate(("甲", "乙", "丙"))]
    lines += [f"hand {s} {' '.join(h)}" for s, h in enumerate(HANDS)]
    lines.append("events")
    lines += [f"{s} pass" if c is None else f"{s} play {' '.join(c)}" for s, c in events]
    return "\n".join(lines) + "\n"


def with_event(at: int, event: tuple[int, list[str] | None]) -> list[tuple[int, list[str] | None]]:
    return [*EVENTS[:at], event, *EVENTS[at + 1 :]]


ILLEGAL = {  # the rule each illegal deal breaks, the event and seat of the break, and the deal's events
    "SET-RANK": (SET_RANK_AT, 1, with_event(SET_RANK_AT, (1, four("10")))),
    "SET-COUNT": (1, 1, with_event(1, (1, ["8S", "8H"]))),
    "PASS": (1, 0, [EVENTS[0], (0, None), *EVENTS[1:]]),
    "LEAD": (0, 1, [(1, None), *EVENTS]),
    "TURN-ORDER": (1, 2, with_event(1, (2, four("Q")))),
}


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The toy game registered (in ``replay.games`` only), its club profile in ``FUPAN_PROFILES``; the folder
    the logs go in."""
    clubs = tmp_path / "clubs"
    clubs.mkdir()
    (clubs / f"{PROFILE}.toml").write_text(
        f'name = "{PROFILE}"\ngame = "{GAME}"\ntitle_en = "争上游-lite, one deck"\n\n'
        "[options]\ntwos_attach = false\nremoved_ranks = []\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("FUPAN_PROFILES", str(clubs))
    games.register(TOY)
    try:
        yield tmp_path
    finally:
        games.unregister(GAME)
        coach_games.unregister(GAME)  # the generic coach it was given, kept by name


def write_logs(folder: Path, events: list[tuple[int, list[str] | None]], stem: str = "deal") -> tuple[Path, Path]:
    js, txt = folder / f"{stem}.json", folder / f"{stem}.txt"
    js.write_text(log_json(events), encoding="utf-8")
    txt.write_text(log_text(events), encoding="utf-8")
    return js, txt


def run(capsys: pytest.CaptureFixture[str], *args: str | Path | int) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


# -- the game through the engine ----------------------------------------------------------------------


def test_the_two_formats_hold_the_same_deal_and_it_replays_legal(toy: Path) -> None:
    js, txt = write_logs(toy, EVENTS)
    a, b = read_log(js), read_log(txt)
    assert a.game == b.game == GAME and a.events == b.events and a.hands == b.hands
    assert games.get(a.game).seats == 3 and profile_of(a).name == PROFILE
    assert format_text(a) == txt.read_text(encoding="utf-8")  # the text written here is the canonical text
    assert parse_json_log(a.dumps()).events == a.events
    unnamed = json.loads(js.read_text(encoding="utf-8"))
    del unnamed["profile"]
    assert parse_json_log(json.dumps(unnamed)).profile_name == PROFILE  # the game's default profile: the club's
    rep = Replay(a)
    assert rep.ok, [v.line() for v in rep.illegal]
    assert isinstance(rep.engine, Zhengshangyou)
    assert [h.size for h in rep.states[0].hands] == [18, 18, 18]
    assert rep.final.terminal and list(rep.final.out) == ORDER[:2]
    assert games.get(GAME).default_profile == PROFILE
    assert coach_for(GAME) == GameCoach(GAME)  # nothing of its own in the coach


# -- the fupan command ----------------------------------------------------------------------------------


@pytest.mark.parametrize("form", ["json", "text"])
def test_check_a_legal_deal(toy: Path, capsys: pytest.CaptureFixture[str], form: str) -> None:
    js, txt = write_logs(toy, EVENTS)
    path = js if form == "json" else txt
    code, out, err = run(capsys, "check", path)
    assert (code, err) == (0, "")
    assert out.strip() == f"{path}: {len(EVENTS)} events, all legal"
    code, out, err = run(capsys, "check", path, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["ok"] and doc["events"] == len(EVENTS)
    assert all(v["legal"] for v in doc["verdicts"])


@pytest.mark.parametrize("rule", sorted(ILLEGAL))
@pytest.mark.parametrize("form", ["json", "text"])
def test_check_an_illegal_deal_names_the_rule_and_the_place(
    toy: Path, capsys: pytest.CaptureFixture[str], form: str, rule: str
) -> None:
    index, seat, events = ILLEGAL[rule]
    js, txt = write_logs(toy, events, rule)
    path = js if form == "json" else txt
    code, out, err = run(capsys, "check", path)
    assert (code, err) == (1, "")
    # the event's own line and column: JSON, after the head's line; text, after 9 lines (up to "events")
    where = f"{path}:{2 + index}:3" if form == "json" else f"{path}:{10 + index}:1"
    first = out.splitlines()[0]
    assert first.startswith(f"{where}: event {index + 1}, seat {seat}: [{rule}] "), first
    assert "stopped at the first illegal event" in out and out.rstrip().endswith("1 illegal")
    code, out, _ = run(capsys, "check", path, "--json", "--lenient")
    doc = json.loads(out)
    assert code == 1 and not doc["ok"]
    bad = [v for v in doc["verdicts"] if not v["legal"]]
    assert (bad[0]["index"], bad[0]["seat"], bad[0]["rule"]) == (index, seat, rule)


def test_score_gives_the_toy_scorers_places_and_points(toy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    js, txt = write_logs(toy, EVENTS)
    for path in (js, txt):
        code, out, err = run(capsys, "score", path)
        assert (code, err) == (0, "")
        lines = out.splitlines()
        assert lines[0].split() == ["place", "seat", "points"]
        rows = [ln.split() for ln in lines[1:4]]
        assert rows == [[str(k), str(s), str(POINTS[k])] for k, s in enumerate(ORDER, start=1)]
        assert not any(ln.startswith("team") for ln in lines)
        code, out, err = run(capsys, "score", path, "--json")
        doc = json.loads(out)
        assert (code, err) == (0, "")
        assert doc["finish_order"] == ORDER and doc["teams"] == [] and not doc["void"]
        assert doc["places"] == [{"seat": s, "place": k, "points": POINTS[k]} for k, s in enumerate(ORDER, start=1)]
        assert doc["claimed"] is None and doc["differs"] == []


def test_replay_text_and_json(toy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    js, txt = write_logs(toy, EVENTS)
    for path in (js, txt):
        code, out, err = run(capsys, "replay", path)
        assert (code, err) == (0, "")
        assert out.startswith(f"step 0 of {len(EVENTS)} (as dealt)\n")
        assert "seat 0 (play): leads the first round" in out
        assert sum(1 for ln in out.splitlines() if ln[:4].strip().isdigit()) == len(EVENTS)  # one line per event
        assert "ILLEGAL" not in out and "      · seat 2 goes out: place 1" in out
        lines = out.splitlines()
        at = lines.index("place  seat  points")
        assert [ln.split() for ln in lines[at + 1 : at + 4]] == [["1", "2", "2"], ["2", "1", "0"], ["3", "0", "-2"]]

        code, out, err = run(capsys, "replay", path, "--json")
        assert (code, err) == (0, "")
        steps = json.loads(out)["steps"]
        assert len(steps) == len(EVENTS) + 1  # the deal, then one step per event
        assert [s["step"] for s in steps] == list(range(len(EVENTS) + 1))
        assert steps[0]["to_act"] == {"0": ["play"]} and all(len(h) == 18 for h in steps[0]["hands"].values())
        assert steps[1]["table"] == {"seat": 0, "cards": four("3"), "gouji": False}
        assert steps[1]["to_act"] == {"1": ["play", "pass"]}
        assert steps[4]["table"]["seat"] is None and steps[4]["to_act"] == {"1": ["play"]}
        last = steps[-1]
        assert last["to_act"] == {} and last["finished"] == ORDER[:2]
        assert {s: p["place"] for s, p in last["places"].items()} == {"2": 1, "1": 2, "0": 3}
        assert {s: p["points"] for s, p in last["places"].items()} == {"2": 2, "1": 0, "0": -2}

        code, out, err = run(capsys, "replay", path, "--step", 21)
        assert (code, err) == (0, "")
        assert out.startswith(f"step 21 of {len(EVENTS)} (after event 21)\n")
        assert "last event: event 21, seat 2 play AS AH AD AC — legal" in out
        assert "seat 2 丙: 0 cards 1st" in out and "+2 points" not in out  # the deal is not over yet
        code, out, err = run(capsys, "replay", path, "--step", 21, "--json")
        view = json.loads(out)
        assert (code, err, view["step"]) == (0, "", 21)
        assert view["to_act"] == {"0": ["play", "pass"]} and view["finished"] == [2]
        assert view["places"]["2"]["place"] == 1 and view["places"]["2"]["points"] is None


def test_replay_an_illegal_deal_reads_on(toy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    index, seat, events = ILLEGAL["SET-RANK"]
    js, _ = write_logs(toy, events, "bad")
    code, out, err = run(capsys, "replay", js)
    assert (code, err) == (1, "")
    assert f"   {index + 1}  seat {seat} play    10S 10H 10D 10C  ILLEGAL [SET-RANK] " in out
    code, out, _ = run(capsys, "replay", js, "--json")
    assert code == 1 and len(json.loads(out)["steps"]) == len(events) + 1


# -- the dashboard ---------------------------------------------------------------------------------------


@pytest.fixture
def stored(toy: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[int, Replay]]:
    """The toy deal in a test library: (deal id, its replay)."""
    eng = empty_library(toy, monkeypatch)
    log = read_log(write_logs(toy, EVENTS)[0])
    res = import_log(eng, log, "zsy.json")
    eng.dispose()
    assert res.status == "added", res
    assert res.deal_id is not None
    yield res.deal_id, Replay(log)
    st.cache_data.clear()
    st.cache_resource.clear()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_replay_page_draws_the_climbing_table_of_three_seats(stored: tuple[int, Replay], lang: str) -> None:
    deal_id, rep = stored
    for step in (0, 1, 21, len(rep.states) - 1):
        at = run_page("replay", deal_id, step, lang)
        page_ok(at)
        assert at.header
        table = table_of(at)
        assert table.count('class="fp-seat') == 3
        for s in range(3):
            assert f'data-seat="{s}"' in table
        assert "sj-table" not in table  # the climbing table, not 升级's square one
        assert "fp-seat fp-t" not in table and "对头" not in table  # no teams
    at = run_page("replay", deal_id, 1, lang)
    table = table_of(at)
    assert f'data-game="{GAME}"' in table and 'data-set="3S 3H 3D 3C"' in table
    assert 'class="fp-seat fp-act" data-seat="1"' in table  # seat 1 answers the four 3s
    # seat 1's four jacks, shown as every page shows cards (replay.core.cards.card_read: ♠J ♥J ♦J ♣J)
    assert " ".join(cards_read(["JS", "JH", "JD", "JC"], lang == "zh")) in _seat_box(table, 1) and (
        "18 cards" in table or "18 张" in table
    )
    end = table_of(run_page("replay", deal_id, len(rep.states) - 1, lang))
    for s in range(3):
        assert "fp-badge fp-place" in _seat_box(end, s)  # every seat's place once the deal is over


def _seat_box(html: str, seat: int) -> str:
    start = html.index(f'data-seat="{seat}"')
    ends = [i for i in (html.find('class="fp-seat', start), html.find('class="fp-mid"', start)) if i != -1]
    return html[start : min(ends)]


class LegalBot:
    """A bot of the climbing play alone, with no hook of any game's own phase (no setup, no bid): it leads the
    seat's first legal play and otherwise chooses the engine's first legal event."""

    def lead(self, eng: Zhengshangyou, st: State, seat: int) -> tuple[Card, ...]:
        return next(ev for ev in eng.legal_actions(st) if isinstance(ev, Play) and ev.seat == seat).cards

    def choose(self, eng: Zhengshangyou, st: State) -> Event:
        return next(iter(eng.legal_actions(st)))


def test_the_toy_simulates_with_a_bot_that_knows_no_phase_of_a_game(toy: Path) -> None:
    """The toy has no phase of its own and declares no ``bot_habits``: ``simulate_deal`` plays it with a bot that
    has a lead and a choice only (``replay.simulate.Bot``), every event legal, to the end."""
    assert games.get(GAME).bot_habits is None
    deal = simulate_deal(7, PROFILE, bot=LegalBot())
    rep = Replay(deal.log, strict=True)
    assert rep.ok and rep.final.terminal and rep.states[-1] == deal.states[-1]
    assert {ev.action for ev in deal.log.events} == {"play", "pass"}


def test_simulate_plays_the_toy_with_the_climbing_simulator(toy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``fupan simulate --game`` finds the toy's club default profile and plays it with the climbing default
    (``replay.simulate.simulate_climbing``): every written deal replays legal to its end, cards conserved."""
    out = toy / "sims"
    code, _, err = run(capsys, "simulate", "--game", GAME, "--deals", 5, "--seed", 11, "--out", out)
    assert code == 0, err
    paths = sorted(out.glob("*.json"))
    assert [p.name for p in paths] == [f"{PROFILE}-{11 + k:06d}.json" for k in range(5)]
    for path in paths:
        rep = Replay(read_log(path))
        assert rep.ok and rep.final.terminal, (path.name, [v.line() for v in rep.illegal][:3])
        assert sorted(rep.final.out + tuple(s for s in range(3) if rep.final.active(s))) == [0, 1, 2]
        assert [h.size for h in rep.states[0].hands] == [18, 18, 18]
        played = sum(len(ev.cards) for ev in rep.log.events)
        assert played == 54 - sum(h.size for h in rep.final.hands)  # every card that left a hand was played
