"""保皇 (Baohuang): the bidding for 皇帝, the roles, play in two laps, and who knew what (RULES.md §4).

Five seats in play order, four decks. The seat dealt the marked big joker calls (叫庄) with 3 or 4
identical cards, or yields it to its 上家 (让庄); anyone may grab it (抢庄); when all five declined,
the first seat clockwise from the start holding exactly three identical cards must call (逼庄), and
if none does the deal is void (黄庄). The 皇帝 leads; everyone may answer every set; a pass declines
the set for both laps over it, a 让 in the first lap keeps the second lap open to the seat.

Readings where the seeds are silent (docs/rules-as-implemented.md says more):
- The marked joker is a card: 让庄 moves it to the 上家's hand, 抢庄 to the grabber's, and a forced
  call (逼庄) moves it to the forced caller.
- The 保皇派 is the seat holding the remaining copy of the called card; when the 皇帝 holds all four
  it plays alone (独保). Everyone learns who the 保皇派 is at 明保 or when it plays the called card.
- 明保 / 明独 are declared after the call and before the first lead.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.climbing.moves import legal_plays
from replay.climbing.state import OVER, PLAY, SETUP, bit, blank, evolve, set_fields
from replay.climbing.table import Climbing, Outcome, _cards, repeated
from replay.climbing.view import climbing_view
from replay.core.cards import RANK_2, RANK_BJ, RANK_SJ, Card
from replay.core.events import Call, Event, Grab, Jiefeng, Kou, Pass, Play, Rang, Reveal, Yield
from replay.core.hand import Hand
from replay.core.said import said, seat_name
from replay.core.sets import CardSet, SetFormError, why_not_beats
from replay.core.verdicts import Reading
from replay.engine import Engine, legal
from replay.games.baohuang.bidding import BJ, BaohuangBidding
from replay.games.baohuang.state import BaohuangState, close_round, put_set
from replay.games.baohuang.step_view import BaohuangRoles, BaohuangStepExtras
from replay.rules.profile import Profile
from replay.view import StepView

__all__ = ["BJ", "Baohuang", "BaohuangState"]

_step = Climbing.step  # the step of every climbing game (Baohuang.step's events but its most frequent)

# the seats a lap over seat o's set still asks once it reached the seat d places after o (d = 0: o itself), in play
# order: _AHEAD[o * 5 + d] (a table: every turn of a lap looks it up)
_AHEAD = tuple(tuple((o + k) % 5 for k in range(d + 1, 5)) for o in range(5) for d in range(5))

_CLOSED = said("本轮结束（扣牌）", "round closed (扣牌)")  # made once: a round closes many times a deal


class Baohuang(BaohuangBidding):
    """The rules of 保皇 for one deal under one profile."""

    def step(self, st: BaohuangState, ev: Event) -> Outcome[BaohuangState]:
        """``Climbing.step``, its most frequent events ruled without its dispatch: a play in play (``_play``, its
        ruling worded as ``step`` words it) and a pass in turn (``_pass``'s first case). tests/replay/climbing/test_fast_path.py holds
        it to ``Climbing.step`` on every seat's events."""
        v = st.__dict__  # the fields, read from the dict: cheaper than attributes in the compiled hot path
        if v["phase"] is PLAY:
            s = ev.seat
            if type(ev) is Play:
                if 0 <= s < 5:  # (n)
                    out = self._play(st, ev)
                    return out if out.rule is None else self._worded(out, ev)
            elif (
                type(ev) is Pass
                and s == v["to_act"]
                and s >= 0
                and v["live"] >> s & 1
                and v["table"] is not None
                and s != v["owner"]
            ):
                return self._passed(st, s)
        return _step(self, st, ev)

    def view(self, st: BaohuangState, step: int, profile: Profile) -> StepView:
        """The table after ``step`` events, with 保皇's roles (``roles_view``)."""
        return climbing_view(self, st, step, profile)._replace(extras=BaohuangStepExtras(self.roles_view(st)))

    def roles_view(self, st: BaohuangState) -> BaohuangRoles:
        """保皇 roles: the truth, and what each seat knew (the hidden 保皇派 hidden from the others)."""
        return BaohuangRoles(
            truth=self.roles(st),
            known_to={v: self.roles_known_to(st, v) for v in range(st.n)},
            called=None if st.called is None else st.called.token,
            marked=st.marked if st.marked != -1 else None,
            revealed=st.open_loyal or st.open_solo,
            second_lap=st.final and st.table is not None,
        )

    # -- roles ------------------------------------------------------------------------------------

    def sides(self, st: BaohuangState) -> dict[int, str]:
        """Each seat's role ("" while unknown)."""
        return {s: r or "" for s, r in self.roles(st).items()}

    def roles(self, st: BaohuangState) -> dict[int, str | None]:
        """The truth: each seat's role (None while unknown)."""
        out: dict[int, str | None] = dict.fromkeys(range(self.n))
        if st.emperor == -1:
            return out
        if st.grab or st.solo or st.loyalist != -1:
            for s in range(self.n):
                out[s] = "rebel"
        out[st.emperor] = "solo" if st.solo else "emperor"
        if st.loyalist not in (-1, st.emperor) and not st.grab:
            out[st.loyalist] = "loyalist"
        return out

    def roles_known_to(self, st: BaohuangState, viewer: int) -> dict[int, str | None]:
        """Each seat's role as ``viewer`` knew it (the hidden 保皇派 stays hidden from the others)."""
        truth = self.roles(st)
        if st.emperor == -1:
            return truth
        knows_all = (
            st.grab
            or st.loyal_public
            or st.open_solo
            or (viewer == st.loyalist and st.loyalist != -1)
            or (viewer == st.emperor and st.solo)
        )
        if knows_all:
            return truth
        out: dict[int, str | None] = dict.fromkeys(range(self.n))
        out[st.emperor] = "emperor"
        if truth[viewer] is not None:  # every seat knows its own role: it holds the called card or not
            out[viewer] = truth[viewer]
        return out

    # -- the answer cycle: two laps -----------------------------------------------------------------

    def _advance(
        self, st: BaohuangState, responded: int, lets: int, cursor: int, second: bool, owned: bool = False
    ) -> BaohuangState:
        """Who acts next on the table set: in the first lap every seat that has not passed or let,
        in the second lap the seats that let; after that the round closes (BH-KOU). ``owned``: ``st`` was made by
        the caller and seen by no one else, so the turn or the closed round may be set in it."""
        v = st.__dict__  # the fields, read from the dict: cheaper than attributes in the compiled hot path
        o, live = v["owner"], v["live"]
        # the seats asked in this lap: still playing, not passed; in the first lap those that did not let, in the
        # second those that did
        asked = live & ~responded & (lets if second else ~lets)
        for s in _AHEAD[o * 5 + (cursor - o) % 5]:
            if asked >> s & 1:  # the turn: to_act, final (the second lap), responded, cursor, lets
                if owned:  # writable(st, owned), inline (nearly every event; tests/replay/climbing/test_fast_path.py holds it to it)
                    new, values = st, v
                else:
                    new, values = blank(type(st)), v.copy()
                    set_fields(new, values)
                values["to_act"] = s
                values["final"] = second
                values["responded"] = responded
                values["cursor"] = cursor
                values["lets"] = lets
                return new
        if not second and lets & ~responded:  # the second lap (its turn, or the close, sets ``lets`` in its copy)
            return self._advance(st, responded, lets, o, True, owned)
        return self._close(st, owned)

    def _close(self, st: BaohuangState, owned: bool = False) -> BaohuangState:
        o = st.owner
        leader = o if st.live >> o & 1 else st.next_active(o)
        return close_round(st, leader, owned)

    def _quiet_decline(self, st: BaohuangState, s: int) -> BaohuangState:
        if st.to_act != s:
            return evolve(st, responded=st.responded | bit(s))
        return self._advance(st, st.responded | bit(s), st.lets, s, st.final)

    # -- play ------------------------------------------------------------------------------------

    def _play(self, st: BaohuangState, ev: Play) -> Outcome[BaohuangState]:
        s, cards = ev.seat, ev.cards
        taken = self._take(st, s, cards)
        if isinstance(taken, Outcome):
            return taken
        cs, hand = taken
        if st.phase == SETUP:
            if st.emperor == -1:
                where = "逼庄" if st.forced != -1 else "叫庄"
                return Outcome(
                    st, "BH-CALL", f"{where}未完，还没有皇帝", f"no 皇帝 yet: the bidding ({where}) is not over"
                )
            if s != st.emperor:
                return Outcome(
                    st,
                    "BH-PLAY",
                    f"皇帝（{seat_name(st.emperor)}）先发牌",
                    f"the 皇帝 ({seat_name(st.emperor, en=True)}) leads first, not {seat_name(s, en=True)}",
                )
            st = evolve(st, phase=PLAY, first_leader=s)
        v = st.__dict__  # the fields, read from the dict: cheaper than attributes in the compiled hot path
        table = v["table"]
        if table is None:
            if v["leader"] != -1 and s != v["leader"]:
                return self._wrong_leader(st, s)
        else:
            if s == v["owner"]:
                return Outcome(
                    st,
                    "BH-KOU",
                    f"{seat_name(s)}的牌还没过两圈，不能重新发牌",
                    f"{seat_name(s, en=True)}'s set has not gone two laps unanswered: it may not lead again yet",
                )
            why = why_not_beats(cs, table)
            if why is not None and not self._bigjoker_tops(cs, table):
                return self._no_beat(st, why, cs, *_cards(cards))
            if s != v["to_act"]:
                return self._out_of_turn(st, s)
        new, fx = self._put(st, s, cs, cards, hand, False)
        return legal(new, tuple(fx))

    def _bigjoker_tops(self, cs: CardSet, table: CardSet) -> bool:
        """Under ``bigjoker_answer = "top"`` (seed 003: 掛大花的牌是最大的) a set with a big joker attached beats a set
        of as many cards with no joker (a set with a small joker is beaten only 在花和牌点两个方面都大过此牌, by
        SET-SMALLJOKER; one with a big joker stays 死牌, SET-BIGJOKER)."""
        return (
            self.profile.bigjoker_answer == "top"
            and cs.bj > 0
            and cs.base < RANK_BJ
            and table.bj == 0
            and table.sj == 0
            and table.base < RANK_SJ
            and cs.size == table.size
        )

    def _form_error(self, st: BaohuangState, cards: tuple[Card, ...], exc: SetFormError) -> Outcome[BaohuangState]:
        """BH-PLAY for 2s attached to another base (not done in 保皇), else SET-FORM."""
        if any(c.rank == RANK_2 for c in cards):
            zh, en = _cards(cards)
            return Outcome(
                st, "BH-PLAY", f"{zh}：保皇中2不能贴在别的牌上", f"{en}: 2s are not attached in 保皇", reason="twos"
            )
        return super()._form_error(st, cards, exc)

    def _put(
        self, st: BaohuangState, s: int, cs: CardSet, cards: tuple[Card, ...], hand: Hand, burn: bool
    ) -> tuple[BaohuangState, list[str]]:
        fx: list[str] = []
        v = st.__dict__  # the fields, read from the dict: cheaper than attributes in the compiled hot path
        seats_hands = list(v["hands"])
        seats_hands[s] = hand
        new = put_set(st, tuple(seats_hands), cs, cards, s)
        if s == v["loyalist"] != v["emperor"] and not v["loyal_public"] and v["called"] is not None:
            called = v["called"]
            if called in cards:
                new = evolve(new, loyal_public=True)
                fx.append(
                    said(
                        f"{seat_name(s)}出了皇帝叫的{called.zh()}：大家都知道它是保皇派",
                        f"{seat_name(s, en=True)} plays the called {called}: everyone now knows it is the 保皇派",
                    )
                )
        if v["played"] or v["jiefeng"] != -1:
            new = self._played_over(st, new, s, cards, fx)
        if hand.size == 0:
            new = self._went_out(new, s, fx)
            if new.phase == OVER:
                return new, fx
        return self._advance(new, 0, 0, s, False, True), fx  # owned: new, made here, seen by no one yet

    def _out_of_turn(self, st: BaohuangState, s: int) -> Outcome[BaohuangState]:
        if st.responded >> s & 1:
            return Outcome(
                st,
                "BH-PASS",
                f"{seat_name(s)}已对这套牌过牌，两圈内都算过牌",
                f"{seat_name(s, en=True)} passed on this set: its pass holds for both laps",
            )
        if st.final and not st.lets >> s & 1:
            return Outcome(
                st, "BH-RANG", "第二圈只有第一圈让牌的人可以上牌", "in the second lap only the seats that let may play"
            )
        return self._not_its_turn(st, s)

    def _pass(self, st: BaohuangState, ev: Pass) -> Outcome[BaohuangState]:
        s = ev.seat
        v = st.__dict__  # the fields, read from the dict: cheaper than attributes in the compiled hot path
        if not v["live"] >> s & 1:
            return self._inactive(st, s)
        if v["phase"] == SETUP and v["forced"] != -1:
            return self._forced_pass(st, s)
        if v["table"] is None:
            return self._pass_on_empty_table(st, s)
        if s == v["owner"]:
            return self._own_set(st, s)
        if s == v["to_act"]:
            return self._passed(st, s)
        if st.responded >> s & 1:
            second = st.final
            return repeated(
                st,
                f"{seat_name(s)}已对这套牌过牌{'，第二圈也算过牌' if second else ''}：再说过牌不改变什么",
                f"{seat_name(s, en=True)} already passed on this set{' and counts as passing in the second lap' if second else ''}"
                ": saying it again changes nothing",
                "BH-PASS",
                said(f"{seat_name(s)}已经过过牌", f"{seat_name(s, en=True)} had already passed"),
            )
        return self._out_of_turn(st, s)

    def _passed(self, st: BaohuangState, s: int) -> Outcome[BaohuangState]:
        """Seat ``s``, to act on the table set (not its owner), passes: the lap goes on, or the round closes."""
        v = st.__dict__  # the fields, read from the dict: cheaper than attributes in the compiled hot path
        new = self._advance(st, v["responded"] | 1 << s, v["lets"], s, v["final"])
        if new.table is not None:
            return legal(new)
        return legal(new, (_CLOSED,))

    def _kou(self, st: BaohuangState, ev: Kou) -> Outcome[BaohuangState]:
        """A logged 扣 is read as the seat's pass: in 保皇 the round closes by itself after two laps."""
        out = self._pass(st, Pass(ev.seat, note=ev.note))
        if out.rule is not None:
            return out
        said = "" if out.reading is None else f"；{out.reading.zh}"
        said_en = "" if out.reading is None else f"; {out.reading.en}"
        return out._replace(
            reading=Reading(
                "kou-as-pass",
                f"扣牌读作过牌：保皇中一套牌过两圈无人上即自动扣牌{said}",
                f"扣 read as a pass: in 保皇 a set that goes two laps unanswered closes the round by itself{said_en}",
                rule="BH-KOU",
            )
        )

    def _rang(self, st: BaohuangState, ev: Rang) -> Outcome[BaohuangState]:
        s = ev.seat
        v = st.__dict__  # the fields, read from the dict: cheaper than attributes in the compiled hot path
        if not v["live"] >> s & 1:
            return self._inactive(st, s)
        if v["table"] is None:
            return self._nothing_on_table(st, s, "rang")
        if s != v["to_act"]:
            return Outcome(
                st, "BH-RANG", f"还未轮到{seat_name(s)}", f"{seat_name(s, en=True)} may not 让 now: it is not its turn"
            )
        if v["final"]:
            return Outcome(st, "BH-RANG", "让牌只能在第一圈", "a 让 is made in the first lap only")
        new = self._advance(st, v["responded"], v["lets"] | 1 << s, s, False)
        return legal(
            new,
            (
                said(
                    f"{seat_name(s)}让牌：第二圈它还可以出牌",
                    f"{seat_name(s, en=True)} lets (让牌): it may still play in the second lap",
                ),
            ),
        )

    # -- who may act ------------------------------------------------------------------------------

    def actors(self, st: BaohuangState) -> dict[int, tuple[str, ...]]:
        """Each seat that may act now and how: call, yield, grab, reveal, play, pass, rang, jiefeng."""
        out: dict[int, tuple[str, ...]] = {}
        if st.terminal:
            return out
        if st.phase == SETUP:
            if st.emperor == -1:
                if st.forced != -1:
                    out[st.to_act] = ("call", "pass")
                elif st.to_act != -1:
                    out[st.to_act] = ("call", "yield")
                for s in range(self.n):
                    out[s] = (*out.get(s, ()), "grab")
                return out
            out[st.emperor] = ("play",) + (("reveal",) if st.solo and not st.open_solo else ())
            if not st.grab and not st.solo and not st.open_loyal and st.loyalist != -1:
                out[st.loyalist] = ("reveal",)
            return out
        if st.table is None:
            out[st.leader] = ("play",)
            return out
        kinds = ["play", "pass"] + ([] if st.final else ["rang"])
        out[st.to_act] = tuple(kinds)
        o = st.owner
        if not st.active(o):
            n = st.next_active(o)
            if n != -1 and not st.responded >> n & 1 and st.jiefeng != n:
                out[n] = (*out.get(n, ()), "jiefeng")
        return out

    def why(self, st: BaohuangState, seat: int) -> tuple[str, str]:
        """Why a seat may act now (zh, en)."""
        if st.phase == SETUP:
            if st.emperor == -1:
                if seat == st.to_act and st.forced != -1:
                    return (
                        "逼庄：有恰好三张同样的牌就必须叫庄",
                        "逼庄: must call if it holds exactly three identical cards",
                    )
                if seat == st.to_act:
                    return ("持特殊标记的大王：可叫庄或让庄", "holds the marked big joker: may call or yield")
                return ("可抢庄", "may grab the marked big joker (抢庄)")
            if seat == st.emperor:
                return ("皇帝先发牌", "the 皇帝 leads first")
            return ("保皇派：可明保", "the 保皇派: may declare 明保")
        if st.table is None:
            return ("上一轮最后出牌：发牌", "won the last round: it leads")
        if seat == st.to_act:
            if st.final:
                return ("第一圈让牌，第二圈可上牌或过牌", "let in the first lap: may play or pass in the second")
            return ("按顺序轮到（循序渐进）", "its turn (in play order)")
        return (
            f"可对{seat_name(st.owner)}的底牌申请接风",
            f"may ask for 接风 on {seat_name(st.owner, en=True)}'s last set",
        )

    def sure(self, st: BaohuangState, seat: int, kind: str) -> bool:
        """The frequent legal events known without a step (``_play``'s and ``_pass``'s first cases): a lead in
        play, an answer in turn (with a set that beats the table), a pass in turn."""
        if not st.live >> seat & 1 or st.phase != PLAY:
            return False
        if st.table is None:
            return kind == "play" and (st.leader == -1 or seat == st.leader)
        return kind in ("play", "pass") and seat == st.to_act and seat != st.owner

    def legal_actions(self, st: BaohuangState) -> Iterator[Event]:
        """Every legal event now (a lazy view): bidding events, then plays and declines."""
        if st.phase == SETUP:
            yield from self.bid_events(st)
            if st.emperor != -1:
                yield from legal_plays(self, st, st.emperor, Play)
            return
        yield from super().legal_actions(st)


Baohuang.HANDLERS = {
    Play: Baohuang._play,
    Pass: Baohuang._pass,
    Kou: Baohuang._kou,
    Rang: Baohuang._rang,
    Jiefeng: Baohuang._jiefeng,
    Call: Baohuang._call,
    Yield: Baohuang._yield,
    Grab: Baohuang._grab,
    Reveal: Baohuang._reveal,
}

_check: type[Engine[BaohuangState]] = Baohuang  # 保皇's engine has the typed interface (checked by mypy)
