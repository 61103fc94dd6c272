"""One event's ruling, as a club referee can sign it: the table before the event, the verdict with its
rule, the reading taken, the seed's words that back it, the profile options that decided it (in words),
what follows by the profile, and what the seat could lawfully have done instead.

``ruling(replay, step, event)`` rules on any event at any step of a replayed deal: the recorded event
``log.events[step]`` (``ruling_of(replay, step)``) or one a referee types on the dispute desk. The
engine's own ``step`` decides; nothing here judges on its own. ``Ruling.to_json()`` is the stable JSON of
``fupan ruling --json`` (docs/rulings.md); ``referee.sheet`` prints it as an HTML page.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from replay import games
from replay.core.clip import CARDS_LIMIT, few
from replay.core.events import Event
from replay.core.game_state import GameState
from replay.core.numbering import event_number
from replay.core.said import said, seat_name, team_words, zh_of
from replay.core.verdicts import Reading, Verdict
from replay.formats.decisions import Decision, history
from replay.lines import PLAYED, RULED, Ruled, counting, fold, line_score, ruled, seed_of
from replay.replay import Replay, StepView
from replay.rules.option import Option
from replay.rules.profile import Profile
from replay.rules.profile_loader import options_of
from replay.rules.register import RULES, Quote
from replay.score import Score

MAX_ALTERNATIVES = 60  # legal alternatives listed (the rest are counted)


def option_value(value: Any) -> str:
    """An option's value as a profile file writes it: true, false, [3, 4, 5], illegal."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)


@dataclass(frozen=True)
class OptionUsed:
    """A profile option that bears on the ruling: its value in this deal and what that value means."""

    name: str
    value: Any
    meaning: tuple[str, str]
    help: tuple[str, str]

    def words(self, lang: str) -> str:
        """The option in words: in Chinese what its value means (a profile file's words, ``undeclared_burn =
        illegal``, are English: not shown); in English the file's line and what it means."""
        if lang == "zh":
            return self.meaning[0]
        return f"{self.name} = {option_value(self.value)}: {self.meaning[1]}"

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "value": self.value,
            "meaning": {"zh": self.meaning[0], "en": self.meaning[1]},
            "help": {"zh": self.help[0], "en": self.help[1]},
        }


@dataclass(frozen=True)
class Ruling:
    """The ruling on one event at one step of a deal (see the module's docstring)."""

    game: str
    profile: str
    step: int  # the table the event was judged on: the state after ``step`` events
    event: int | None  # the event's index in the log; None for an event typed at the desk
    seat: int
    action: str
    cards: tuple[str, ...]
    to: int | None
    legal: bool
    rule: str | None  # the rule broken, or (legal) the rule the event answers to
    reason: str
    message: tuple[str, str]
    reading: Reading | None
    quote: Quote | None
    options: tuple[OptionUsed, ...]
    consequence: tuple[str, str]
    alternatives: tuple[dict[str, Any], ...]
    more_alternatives: int
    effects: tuple[str, ...]
    unverified: tuple[str, ...]
    before: StepView
    decisions: tuple[Decision, ...] = ()  # the referee's stored decisions on this event, oldest first
    line: str = PLAYED  # the line whose table the event was judged on (replay.lines: played, ruled)
    as_played: tuple[str, str] | None = None  # the record's as-played reading, where the line's reads otherwise

    @property
    def rule_name(self) -> tuple[str, str] | None:
        """The rule's names (zh, en)."""
        r = RULES.get(self.rule or "")
        return None if r is None else (r.name_zh, r.name_en)

    def to_json(self) -> dict[str, Any]:
        """The stable JSON of ``fupan ruling --json`` (documented in docs/rulings.md); a list of more than
        ``CARDS_LIMIT`` cards is given by its first ones and ``cards_total``, as a verdict's."""
        name = self.rule_name
        return {
            "index": self.event,
            "event": None if self.event is None else event_number(self.event),
            "step": self.step,
            "game": self.game,
            "profile": self.profile,
            "seat": self.seat,
            "action": self.action,
            "cards": few(self.cards),
            **({"cards_total": len(self.cards)} if len(self.cards) > CARDS_LIMIT else {}),
            "to": self.to,
            "legal": self.legal,
            "rule": self.rule,
            "reason": self.reason or None,
            "rule_name": None if name is None else {"zh": name[0], "en": name[1]},
            "message": {"zh": self.message[0], "en": self.message[1]},
            "reading": None if self.reading is None else self.reading.to_json(),
            "quote": None if self.quote is None else self.quote.to_json(),
            "options": [o.to_json() for o in self.options],
            "consequence": {"zh": self.consequence[0], "en": self.consequence[1]},
            "alternatives": list(self.alternatives),
            "more_alternatives": self.more_alternatives,
            "effects": list(self.effects),
            "unverified": list(self.unverified),
            "before": self.before.to_json(),
            "decisions": [d.to_json() for d in self.decisions],
            "line": self.line,
            "as_played": None if self.as_played is None else {"zh": self.as_played[0], "en": self.as_played[1]},
        }


def ruling_of(rep: Replay[GameState], index: int) -> Ruling:
    """The ruling on the log's event ``index`` (0-based), judged on the table before it."""
    events = rep.log.events
    if not 0 <= index < len(events):
        raise IndexError(f"no event {event_number(index)}: the log has {len(events)} events (1..{len(events)})")
    if index >= len(rep.states):
        raise IndexError(
            f"event {event_number(index)} was not replayed (the replay stopped before event {len(rep.states)})"
        )
    info = ruled(rep)
    found = next((j for j in info.judged if j.index == index), None)
    if found is None or found.withdrawn:  # judged on the record's table (as played, the two lines alike there)
        r = ruling(rep, index, events[index], recorded=True)
        if index in info.withdrawn:
            r = replace(r, consequence=_both(r.consequence, _lines_consequence(rep, info)))
        elif index == info.departs:
            r = replace(r, consequence=_both(r.consequence, info.departure_words()))
        return r
    # an event after a withdrawn one, on the as-ruled line: judged on the as-ruled table, the record's reading beside
    kept = sum(1 for j in info.judged if j.index < index and not j.withdrawn)
    state = fold(rep, info.line).states[info.line.at + kept]
    beside = None if found.played is None else _reading_words(found.played)
    return ruling(rep, index, events[index], recorded=True, state=state, line=RULED, as_played=beside)


def _both(a: tuple[str, str], b: tuple[str, str]) -> tuple[str, str]:
    """Two consequences said one after the other (zh, en)."""
    return (f"{a[0]}。{b[0]}", f"{a[1]}. {b[1]}") if b[0] else a


def _reading_words(v: Verdict) -> tuple[str, str]:
    """A verdict of the record's as-played table in words (zh, en)."""
    if v.legal:
        return ("按记录：合规", "as played: legal")
    return (f"按记录：违规 [{v.rule}] {v.message_zh}", f"as played: illegal [{v.rule}] {v.message_en}")


def _score_words(score: Score | None) -> tuple[str, str]:
    """A line's places and points (zh, en); the line's end when it does not reach the end of the deal."""
    if score is None:
        return ("牌局未打完，没有名次和得分", "the deal is not finished: no places or points")
    if score.void:
        return ("本局作废", "the deal is void")
    order = " ".join(str(s) for s in score.finish_order)
    n = max((s for t in score.teams for s in t.seats), default=-1) + 1  # the table's seats
    names = [team_words(t.seats, n) for t in score.teams]
    teams = "；".join(f"{zh} 得 {t.points}" for (zh, _), t in zip(names, score.teams, strict=True))
    teams_en = "; ".join(f"{en}: {t.points}" for (_, en), t in zip(names, score.teams, strict=True))
    return (f"名次 {order}，{teams}", f"places {order}; points {teams_en}")


def _lines_consequence(rep: Replay[GameState], info: Ruled) -> tuple[str, str]:
    """The ruling's effect on places and score in both lines, and which line the deal's score takes."""
    played = _score_words(rep.score())
    if info.departs is not None:
        dep = info.departure_words()
        ruled_words = (
            f"{dep[0]}：按规则的一线到此为止，没有名次和得分（可用 fupan branch 续打）",
            f"{dep[1]}: the as-ruled line ends there, without places or points (fupan branch plays it on)",
        )
    else:
        ruled_words = _score_words(line_score(rep, info.line))
    counted = counting(rep)
    return (
        f"按记录（照打）：{played[0]}；按规则（不成立的动作撤回）：{ruled_words[0]}；{counted.why[0]}",
        f"as played: {played[1]}; as ruled (the events that do not stand withdrawn): {ruled_words[1]}; {counted.why[1]}",
    )


def ruling(
    rep: Replay[GameState],
    step: int,
    event: Event,
    recorded: bool = False,
    state: GameState | None = None,
    line: str = PLAYED,
    as_played: tuple[str, str] | None = None,
) -> Ruling:
    """The ruling on ``event`` at ``step`` (the table after ``step`` events: the record's, or ``state``, that table
    on ``line``). ``recorded``: the event is the log's event ``step`` (its stored decisions are attached);
    ``as_played``: the record's reading beside a ruling on another line's table."""
    engine = rep.engine
    before_state = rep.states[step] if state is None else state
    out = engine.step(before_state, event)
    before = rep.view(step) if state is None else engine.view(state, step, rep.profile)
    game, profile = rep.log.game, rep.profile
    cards = tuple(c.token for c in event.cards)
    to = getattr(event, "to", None)
    legal = out.rule is None
    reading = out.reading
    if legal:
        rule, reason = (
            (reading.rule, reading.reason) if reading is not None and reading.rule else _answers_to(event, before, game)
        )
    else:
        rule, reason = out.rule, out.reason
    quote = None if rule is None or rule not in RULES else RULES[rule].quote_for(reason, _seed_of(profile))
    alternatives = [_event_json(e) for e in engine.legal_actions(before_state) if e.seat == event.seat]
    unverified = list(out.unverified)
    hand = before_state.hands[event.seat] if 0 <= event.seat < len(before_state.hands) else None
    if hand is not None and hand.unknown:
        unverified.append(
            said(
                f"{seat_name(event.seat)}的手牌没有完整记录（{hand.unknown} 张不明）：可选的动作只按已知的牌列出",
                f"{seat_name(event.seat, en=True)}'s hand is not fully in the record ({hand.unknown} unknown cards): "
                "the alternatives list only what the known cards allow",
            )
        )
    return Ruling(
        game=game,
        profile=profile.name,
        step=step,
        event=step if recorded else None,
        seat=event.seat,
        action=event.action,
        cards=cards,
        to=to if isinstance(to, int) and to >= 0 else None,
        legal=legal,
        rule=rule,
        reason=reason,
        message=(out.message_zh, out.message_en),
        reading=reading,
        quote=quote,
        options=_options(rule, reason, reading, profile),
        consequence=_consequence(rep, event, out, before, legal),
        alternatives=tuple(alternatives[:MAX_ALTERNATIVES]),
        more_alternatives=max(0, len(alternatives) - MAX_ALTERNATIVES),
        effects=tuple(out.effects),
        unverified=tuple(unverified),
        before=before,
        decisions=history(rep.log.decisions, step) if recorded else (),
        line=line,
        as_played=as_played,
    )


def _seed_of(profile: Profile) -> str:
    """The seed a profile follows ("seed 004" -> "004"; "" when it names none)."""
    return seed_of(profile.source)


def _answers_to(event: Event, before: StepView, game: str) -> tuple[str | None, str]:
    """The rule a legal event answers to, as the game maps its action (``GameType.rulings``): a play is a lead
    on an empty table, else an answer."""
    action = event.action if event.action != "play" else "lead" if before.table_seat is None else "answer"
    found = games.get(game).rulings.actions.get(action)
    if found is not None and found[0] in RULES and game in RULES[found[0]].games:
        return found
    return None, ""


def _options(rule: str | None, reason: str, reading: Reading | None, profile: Profile) -> tuple[OptionUsed, ...]:
    """The profile options that decided the ruling (those of its rule and reason, and of the reading's),
    with this deal's values and what they mean."""
    picked: list[Option] = []
    keys = [(rule, reason)] + ([(reading.rule, reading.reason)] if reading is not None and reading.rule else [])
    for r, why in keys:
        if not r:
            continue
        found = options_of(r, profile.game)
        wanted = games.get(profile.game).rulings.deciding.get((r, why))
        picked += [o for o in found if (wanted is None or o.name in wanted) and o not in picked]
    return tuple(
        OptionUsed(
            o.name, profile.options[o.name], o.meaning(profile.options[o.name]), (o.help_zh or o.help_en, o.help_en)
        )
        for o in picked
        if o.name in profile.options
    )


def roles_words(before: StepView) -> tuple[str, str] | None:
    """保皇: the 皇帝 and the 保皇派 at the table before the event, once the record knows them (zh, en); None for a
    game without roles or before the 皇帝 is known."""
    from replay.games.baohuang.step_view import step_roles

    roles = step_roles(before)
    if roles is None:
        return None
    emperor = next((s for s, r in roles.truth.items() if r in ("emperor", "solo")), None)
    if emperor is None:
        return None
    loyal = next((s for s, r in roles.truth.items() if r == "loyalist"), None)
    zh = f"皇帝：{seat_name(emperor)}" + ("（独保）" if roles.truth[emperor] == "solo" else "")
    en = f"皇帝 (emperor): {seat_name(emperor, en=True)}" + (" (alone, 独保)" if roles.truth[emperor] == "solo" else "")
    if loyal is not None:
        zh += f"；保皇派：{seat_name(loyal)}"
        en += f"; 保皇派 (loyalist): {seat_name(loyal, en=True)}"
    return zh, en


def _who(before: StepView) -> tuple[str, str]:
    """Who may act at the table before the event (zh, en)."""
    seats = list(before.to_act)
    if not seats:
        return ("没有人可以行动", "nobody may act")
    zh = "、".join(f"{seat_name(s)}" for s in seats)
    en = ", ".join(f"{seat_name(s, en=True)}" for s in seats)
    return zh, en


def _consequence(rep: Replay[GameState], event: Event, out: Any, before: StepView, legal: bool) -> tuple[str, str]:
    """What follows from the ruling by the profile (zh, en)."""
    s = event.seat
    if not legal:
        if out.rule == "LOG":
            return (
                "记录自相矛盾：这一步不能按记录成立，请核对记分单",
                "the record contradicts itself: this event cannot stand as written; check the score sheet",
            )
        zh, en = _who(before)
        back = (
            (f"牌退回{seat_name(s)}，", f"{seat_name(s, en=True)} takes its cards back, ") if event.cards else ("", "")
        )
        return (
            f"这一动作不成立：{back[0]}桌面照旧，由{zh}行动（按顺序轮到者照常发言）",
            f"the event does not stand: {back[1]}the table stays as it was, and {en} may act "
            "(the seat whose turn it is acts again)",
        )
    reading = out.reading
    if reading is not None and reading.code == "failed-burn":
        fail = rep.profile.options.get("burn_fail")
        if fail == "dalao":
            k = len(out.state.failed)
            place = ("大落", "last place (大落)") if k == 1 else ("二落", "5th place (二落)") if k == 2 else ("", "")
            if place[0]:
                return (
                    f"烧牌失败：按本规则（burn_fail = dalao）{seat_name(s)}记为{place[0]}，其余名次依次前移",
                    f"a failed burn: under burn_fail = dalao {seat_name(s, en=True)} takes the {place[1]}, the other places move up",
                )
        return (
            "烧牌失败只作标记：名次不变（burn_fail = flag）",
            "the failed burn is flagged only: places stand (burn_fail = flag)",
        )
    if reading is not None and reading.code == "play-as-burn":
        return (
            f"这手牌作为烧牌成立：此后{seat_name(s)}每次出牌须挂花（最后一手除外），否则烧牌失败",
            f"the play stands as a burn: from now on every set {seat_name(s, en=True)} plays must carry a joker (except its last), "
            "or the burn fails",
        )
    if reading is not None and reading.code == "revolution-place":
        return (reading.zh, reading.en)
    fx, fx_zh = "; ".join(out.effects), "；".join(zh_of(e) for e in out.effects)
    return ("这一动作成立" + (f"：{fx_zh}" if fx else ""), "the event stands" + (f": {fx}" if fx else ""))


def _event_json(e: Event) -> dict[str, Any]:
    """An event as the ruling lists it: seat, action, cards (and the seat cards go to)."""
    doc: dict[str, Any] = {"seat": e.seat, "action": e.action, "cards": [c.token for c in e.cards]}
    to = getattr(e, "to", None)
    if isinstance(to, int) and to >= 0:
        doc["to"] = to
    return doc


@dataclass(frozen=True)
class ClaimEntry:
    """One entry of a claimed result in a ruling: claimed beside computed, the rule, its quote, and what
    follows (the claim stands, or is corrected to the computed value)."""

    key: str
    claimed: Any
    computed: Any
    rule: str
    quote: Quote | None
    differs: bool
    message: tuple[str, str]
    consequence: tuple[str, str]

    def to_json(self) -> dict[str, Any]:
        r = RULES.get(self.rule)
        return {
            "key": self.key,
            "claimed": self.claimed,
            "computed": self.computed,
            "differs": self.differs,
            "rule": self.rule,
            "rule_name": None if r is None else {"zh": r.name_zh, "en": r.name_en},
            "message": {"zh": self.message[0], "en": self.message[1]},
            "quote": None if self.quote is None else self.quote.to_json(),
            "consequence": {"zh": self.consequence[0], "en": self.consequence[1]},
        }


#: the rules a score's explanation names when they move places: the reason whose passage says how, and its seed
#: ("": the profile's; a failed burner's 大落 is seed 004's words: 选择“捎牌”后无法按照捎牌条件出牌的游戏者为“大落”)
_ORDER_REASONS = {"GJ-BURN": ("failed", "004"), "GJ-REVOLUTION": ("place", "")}


def result_ruling(rep: Replay[GameState]) -> tuple[ClaimEntry, ...]:
    """The ruling on the log's claimed result (``result``): every claimed entry beside the computed one,
    with its rule and the seed's words; an entry the deal does not bear out is corrected to the deal's
    value (a wrong claimed score corrected). Empty when the log claims nothing."""
    from replay.claims import entry_name, value_text
    from replay.scoring import claim_entries

    seed = _seed_of(rep.profile)
    out = []
    score = rep.score()
    teams = [team.seats for team in score.teams] if score is not None else []
    # the rule that moved places (a failed burn's 大落, 革命's place): a corrected finish order quotes its passage
    moved = next((r for r, _ in (score.explain if score is not None else ()) if r in _ORDER_REASONS), None)
    for d in claim_entries(rep.log.result, score, rep.log.game, rep.final):
        quote = RULES[d.rule].quote_for("", seed) if d.rule in RULES else None
        if d.key == "finish_order" and d.differs and moved is not None:
            why, by = _ORDER_REASONS[moved]
            quote = RULES[moved].quote_for(why, by or seed)
        if d.differs:
            zh, en = entry_name(d.key, teams, rep.final.n)
            consequence = (
                f"记录的{zh}不成立，按牌局改为 {value_text(d.computed, zh=True)}",
                f"the claimed {en} does not stand: it is corrected to the deal's {value_text(d.computed)}",
            )
        else:
            consequence = ("记录与牌局相符，照记", "the claim agrees with the deal: it stands")
        out.append(
            ClaimEntry(
                d.key, d.claimed, d.computed, d.rule, quote, d.differs, (d.message_zh, d.message_en), consequence
            )
        )
    return tuple(out)
