"""A parsed JSON document read into a ``Log`` (``log_from_doc``, used by the JSON and the text reader alike): each
part checked against the game it names (its seats, its deal's and its result's keys: the game registry) and the
profile it names, a problem a ``DocError`` at its JSON path. The record itself is ``replay.formats.log_doc``'s."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from replay import games
from replay.core.cards import CARDS_BY_TOKEN, Card, CardError
from replay.core.said import said, said_of, seat_name
from replay.formats import log_doc
from replay.formats.checks import _check_levels, _check_previous, _check_result
from replay.formats.decisions import Decision, DecisionError, decision_from_json, in_order
from replay.formats.event_json import UNKNOWN, DocError, doc_card, doc_int, json_text, read_events
from replay.formats.limits import LIMITS, Limits
from replay.formats.log_doc import DEAL_KEYS, KITTY_UNKNOWN, MAX_KITTY, META_KEYS, TOP_KEYS, Log, Seat, _copied
from replay.formats.words import OBJECT, OPTIONS_OBJECT, SEAT_LIST
from replay.rules.profile import ProfileError
from replay.rules.profile_loader import default_profile, profile_of

_j = json_text  # a value as the canonical text writes it


SEATS: Mapping[str, int] = games.GAMES.view(lambda g: g.seats)  # seats per game (the registry's, replay.games)


def _path_str(path: Sequence[str | int]) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else p)
    return out


def log_from_doc(doc: Any, source: str = "<log>", limits: Limits = LIMITS, text: str = "", fresh: bool = False) -> Log:
    """A Log from a parsed JSON document (``text``: its source text, kept by the log); raises DocError with the
    JSON path of a problem. ``fresh``: the document was made for this call and no one else holds it (``json.loads``
    of the text), so the log may keep its meta and result instead of copies."""
    if not isinstance(doc, dict):
        raise DocError([], said("记录必须是一个 JSON 对象", "a log must be a JSON object"))
    for key in doc:
        if key not in TOP_KEYS:
            raise DocError(
                [key],
                said(
                    f"没有键 {key!r}（应为 {', '.join(TOP_KEYS)} 之一）",
                    f"unknown key {key!r} (expected one of {', '.join(TOP_KEYS)})",
                ),
            )
    version = doc.get("format")
    if version not in log_doc.FORMATS:
        wanted = [f'"format": "{f}"' for f in log_doc.FORMATS]
        raise DocError(
            ["format"],
            said(
                f"应为 {' 或 '.join(wanted)}，不是 {_j(version)}", f"expected {' or '.join(wanted)}, got {_j(version)}"
            ),
        )
    game = doc.get("game")
    known = games.names()  # asked now: a game registered after this module was imported is known too
    if game not in known:
        raise DocError(
            ["game"],
            said(
                f"game 应为 {'、'.join(known)} 之一，不是 {_j(game)}",
                f"expected game one of {', '.join(known)}, got {_j(game)}",
            ),
        )
    n = SEATS[game]
    prof = doc.get("profile", default_profile(game))
    overrides: dict[str, Any] = {}
    if isinstance(prof, dict):
        for key in prof:
            if key not in ("name", "overrides"):
                raise DocError(["profile", key], said(f"profile 中没有键 {key!r}", f"unknown key {key!r} in profile"))
        inner = prof.get("overrides") or {}
        if not isinstance(inner, dict):
            raise DocError(["profile", "overrides"], OPTIONS_OBJECT)
        overrides = dict(inner)
        prof = prof.get("name", default_profile(game))
    if not (isinstance(prof, str) and prof != ""):
        raise DocError(["profile"], said("应为规则配置的名字", "expected a profile name"))
    if "overrides" in doc:
        if not isinstance(doc["overrides"], dict):
            raise DocError(["overrides"], OPTIONS_OBJECT)
        overrides.update(doc["overrides"])
    meta = doc.get("meta", {})
    if not isinstance(meta, dict):
        raise DocError(["meta"], OBJECT)
    for key, value in meta.items():
        if key not in META_KEYS:
            raise DocError(
                ["meta", key],
                said(
                    f"meta 中没有键 {key!r}（应为 {', '.join(META_KEYS)} 之一）",
                    f"unknown meta key {key!r} (expected {', '.join(META_KEYS)})",
                ),
            )
        if key == "deal":
            doc_int(value, ["meta", key], "a deal number", 1, 10**6)
        elif key == "previous":
            _check_previous(value, n)
        else:
            if not isinstance(value, str):
                raise DocError(["meta", key], said(f"应为文字，不是 {_j(value)}", f"expected text, got {_j(value)}"))
    seats = _read_seats(doc.get("seats", []), n)
    hands, marked, loyalist = _read_deal(doc.get("deal"), n)
    for key, value in (("marked", marked), ("loyalist", loyalist)):
        why = None if value is None else games.misplaced("deal", key, game)
        if why:
            raise DocError(["deal", key], why)
    kitty, levels = _read_shengji_deal(doc.get("deal"), game)
    events, _ = read_events(doc.get("events", []), n, limits)
    result = doc.get("result")
    if result is not None:
        _check_result(result, n, game)
    decisions = _read_decisions(doc.get("decisions", []), len(events), log_doc.FIRST_EVENT[version])
    log = Log(
        game=game,
        profile_name=prof,
        overrides=overrides,
        meta=meta if fresh else _copied(meta),
        seats=seats,
        hands=hands,
        marked=marked,
        loyalist=loyalist,
        kitty=kitty,
        levels=levels,
        events=tuple(events),
        result=result if fresh else _copied(result),
        decisions=decisions,
        source=source,
        text=text,
    )
    try:
        profile_of(log)
    except ProfileError as exc:
        raise DocError(["profile"], said_of(exc)) from None
    return log


def _read_decisions(raw: Any, n_events: int, first: int) -> tuple[Decision, ...]:
    """The log's ``decisions``: each a valid decision on one of its events, kept in the order made. ``first``: what
    a decision's ``event`` calls the first event (1 in ``fupan/2``, 0 in ``fupan/1``: ``decision_from_json``)."""
    if not isinstance(raw, list):
        raise DocError(["decisions"], said("应为裁定的列表", "expected a list of decisions"))
    out = []
    for i, item in enumerate(raw):
        try:
            d = decision_from_json(item, first)
        except DecisionError as exc:
            raise DocError(["decisions", i, exc.key] if exc.key else ["decisions", i], said_of(exc)) from None
        if not (d.event < n_events):
            raise DocError(["decisions", i, "event"], no_event(d.event + first, n_events, first))
        out.append(d)
    return in_order(out)


def no_event(given: int, n_events: int, first: int = 1) -> str:
    """Why a decision's ``event`` (``given``, counted from ``first``) names no event of a log of ``n_events``."""
    if n_events == 0:
        return said("这份记录没有事件，裁定无从指明第几手", "this log has no events for a decision to name")
    if first == 1:
        return said(
            f"这份记录没有第 {given} 手（共 {n_events} 手：第 1 到第 {n_events} 手）",
            f"no event {given} in this log ({n_events} events: 1 to {n_events})",
        )
    return said(
        f"这份记录没有位置 {given} 的事件（fupan/1 从 0 数起：共 {n_events} 手，0 到 {n_events - 1}）",
        f"no event at index {given} in this log (fupan/1 counts from 0: {n_events} events, 0 to {n_events - 1})",
    )


def _seat_number(seat: Seat) -> int:
    return seat.seat


def _read_seats(raw: Any, n: int) -> tuple[Seat, ...]:
    if not isinstance(raw, list):
        raise DocError(["seats"], SEAT_LIST)
    out: list[Seat] = []
    listed = 0  # the seats listed so far, a bit each
    for i, s in enumerate(raw):
        if not isinstance(s, dict):
            raise DocError(
                ["seats", i], said('应为 {"seat": 座位号, "player": "名字"}', 'expected {"seat": N, "player": "name"}')
            )
        for key in s:
            if key not in ("seat", "player"):
                raise DocError(["seats", i, key], said(f"座位中没有键 {key!r}", f"unknown key {key!r} in a seat"))
        got = s.get("seat")
        seat = got if type(got) is int and 0 <= got < n else doc_int(got, ["seats", i, "seat"], "a seat", 0, n - 1)
        player = s.get("player", "")
        if not isinstance(player, str):
            raise DocError(["seats", i, "player"], said("牌手的名字应为文字", "expected the player's name as text"))
        if listed >> seat & 1:
            raise DocError(
                ["seats", i, "seat"], said(f"{seat_name(seat)}列了两次", f"{seat_name(seat, en=True)} listed twice")
            )
        listed |= 1 << seat
        out.append(Seat(seat, player))
    return tuple(sorted(out, key=_seat_number))


def _read_deal(raw: Any, n: int) -> tuple[tuple[tuple[Card | None, ...] | None, ...] | None, int | None, int | None]:
    """(hands, marked seat, loyalist seat) of the log's deal."""
    if raw is None:
        return None, None, None
    if not isinstance(raw, dict):
        raise DocError(["deal"], said('应为 {"hands": [...]}', 'expected {"hands": [...]}'))
    for key in raw:
        if key not in DEAL_KEYS:
            raise DocError(
                ["deal", key],
                said(
                    f"deal 中没有键 {key!r}（应为 {', '.join(DEAL_KEYS)} 之一）",
                    f"unknown key {key!r} in deal (expected {', '.join(DEAL_KEYS)})",
                ),
            )
    marked = raw.get("marked")
    if marked is not None:
        doc_int(marked, ["deal", "marked"], "a seat", 0, n - 1)
    loyalist = raw.get("loyalist")
    if loyalist is not None:
        doc_int(loyalist, ["deal", "loyalist"], "a seat", 0, n - 1)
    hands = raw.get("hands")
    if hands is None:
        return None, marked, loyalist
    if not (isinstance(hands, list) and len(hands) == n):
        raise DocError(["deal", "hands"], said(f"应为 {n} 手牌的列表", f"expected a list of {n} hands"))
    out: list[tuple[Card | None, ...] | None] = []
    for s, hand in enumerate(hands):
        if hand is None:
            out.append(None)
            continue
        if isinstance(hand, int) and not isinstance(hand, bool):
            out.append((None,) * doc_int(hand, ["deal", "hands", s], "a number of unknown cards", 1, 216))
            continue
        if not isinstance(hand, list):
            raise DocError(
                ["deal", "hands", s],
                said(
                    "应为牌的列表、不明牌的张数或 null", "expected a list of cards, a number of unknown cards, or null"
                ),
            )
        if not (len(hand) <= 216):
            raise DocError(
                ["deal", "hands", s],
                said(f"一手牌 {len(hand)} 张：四副牌只有 216 张", f"a hand of {len(hand)} cards: four decks hold 216"),
            )
        try:  # tokens read before (most are): looked up; any other is read by _card, which names a bad one
            out.append(tuple([None if t is None or t == UNKNOWN else CARDS_BY_TOKEN[t] for t in hand]))
        except (KeyError, TypeError):
            out.append(tuple(doc_card(t, ["deal", "hands", s, i], True) for i, t in enumerate(hand)))
    return tuple(out), marked, loyalist


def _read_shengji_deal(raw: Any, game: str) -> tuple[tuple[Card, ...] | None, tuple[str, str] | None]:
    """(kitty, levels) of a 升级 deal; either key (unless null) in another game's log is an error."""
    if not isinstance(raw, dict):
        return None, None
    for key in ("kitty", "levels"):
        why = None if raw.get(key) is None else games.misplaced("deal", key, game)
        if why:
            raise DocError(["deal", key], why)
    kitty = raw.get("kitty")
    if kitty is not None:
        if not isinstance(kitty, list):
            raise DocError(
                ["deal", "kitty"],
                said(
                    f"应为牌的列表（底牌），不是 {_j(kitty)}", f"expected a list of cards (the kitty), got {_j(kitty)}"
                ),
            )
        if not (len(kitty) <= MAX_KITTY):
            raise DocError(
                ["deal", "kitty"],
                said(
                    f"底牌 {len(kitty)} 张：最多 {MAX_KITTY} 张", f"a kitty of {len(kitty)} cards: at most {MAX_KITTY}"
                ),
            )
        for i, t in enumerate(kitty):
            if t is None or t == UNKNOWN:
                raise DocError(["deal", "kitty", i], said_of(CardError(UNKNOWN, KITTY_UNKNOWN)))
        try:  # tokens read before (most are): looked up; any other is read by doc_card, which names a bad one
            kitty = tuple([CARDS_BY_TOKEN[t] for t in kitty])
        except (KeyError, TypeError):
            kitty = tuple(doc_card(t, ["deal", "kitty", i]) for i, t in enumerate(kitty))
    levels = raw.get("levels")
    if levels is not None:
        levels = _check_levels(levels, ["deal", "levels"])
    return kitty, levels
