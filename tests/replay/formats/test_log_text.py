"""``Log.dumps``: the canonical text (stored by the library, its SHA-256 the deal's identity) made with each event's
line from a memo of the events met, byte for byte the text of the log's whole document laid out by
``dumps_canonical`` (every event encoded again), on every readable log of the tests, the samples of every game,
simulated deals of every shipped profile, and logs whose every part says something; the memo cold, warm, and
emptied as it fills."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from paths import CASE_LOGS

from data.make_samples import samples
from replay.formats import log_doc as log_module
from replay.formats.decisions import Decision, in_order
from replay.formats.log import Log, LogError, dumps_canonical, event_line, read_log
from replay.formats.log_doc import _j
from replay.rules.profile import ProfileError
from replay.rules.profile_loader import shipped_profiles
from replay.simulate import simulate_deal

CASES = CASE_LOGS


def _case_logs() -> list[Log]:
    logs = []
    for path in sorted(CASES.iterdir()):
        try:
            logs.append(read_log(path))
        except (LogError, ProfileError):
            continue
    return logs


def _sims() -> list[Log]:
    logs = []
    for k, profile in enumerate(shipped_profiles()):
        for seed in range(3):
            try:
                logs.append(simulate_deal(100 * k + seed, profile, deal_number=seed + 1).log)
            except (ValueError, KeyError):  # a profile the simulator does not play
                break
    return logs


def _odd() -> list[Log]:
    """Logs whose every part says something: notes on events (quotes, backslashes, line separators), decisions,
    unknown hands and cards, meta of every kind, text outside ASCII, no events, no seats."""
    base = simulate_deal(3, "gouji").log
    events = tuple(
        e._replace(note=f'注 {k} "quoted" \\ \u2028 {k * 0.5}') if k % 7 == 0 else e for k, e in enumerate(base.events)
    )
    decision = Decision(event=2, decision="overruled", text="见规则 <b>", referee="老王", at="2026-12-01T20:00:00Z")
    hands = base.hands
    assert hands is not None
    unknown = (None, tuple(None for _ in hands[1] or ()), (None, *(hands[2] or ())[1:]), *hands[3:])
    meta = {"date": "2026-12-01", "venue": "东营 \u00e9", "match": "m-1", "deal": 3, "table": 2, "notes": "x" * 50}
    return [
        replace(base, events=events),
        replace(base, decisions=in_order([decision])),
        replace(base, hands=unknown),
        replace(base, meta={**base.meta, **meta}),
        replace(base, events=()),
        replace(base, seats=()),
    ]


def _all() -> list[Log]:
    logs = _case_logs() + _sims() + _odd()
    for game in ("gouji", "baohuang", "shengji"):
        logs += samples(game, 2)
    return logs


LOGS = _all()


def test_the_logs_cover_every_game_and_part() -> None:
    assert {log.game for log in LOGS} >= {"gouji", "baohuang", "shengji"}
    assert any(log.decisions for log in LOGS) and any(e.note for log in LOGS for e in log.events)
    assert any(log.kitty for log in LOGS) and any(log.result for log in LOGS) and any(not log.events for log in LOGS)
    assert len(LOGS) > 100


@pytest.mark.parametrize("warm", [False, True])
def test_the_text_is_the_whole_documents_byte_for_byte(warm: bool) -> None:
    log_module._EVENT_LINES.clear()
    if warm:
        for log in LOGS:
            log.dumps()
    for log in LOGS:
        text = log.dumps()
        assert text == dumps_canonical(log.to_json())
        assert json.loads(text) == log.to_json()


def test_the_event_memo_empties_when_full_and_stays_right(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(log_module, "EVENT_LINES", 10)
    log_module._EVENT_LINES.clear()
    for log in LOGS[:20]:
        assert log.dumps() == dumps_canonical(log.to_json())
        assert len(log_module._EVENT_LINES) <= 10


def test_equal_events_share_a_line_and_unequal_ones_do_not() -> None:
    log = simulate_deal(5, "baohuang").log
    log_module._EVENT_LINES.clear()
    log.dumps()
    assert len(log_module._EVENT_LINES) == len(set(log.events)) < len(log.events)
    for ev, line in log_module._EVENT_LINES.items():
        assert json.loads(line) == ev.to_json()
        assert event_line(ev) is line


@pytest.mark.parametrize(
    "value",
    [0, -3, 2**70, 1.5, 1e-7, 3.0, float("inf"), True, None, "", "中文 \"q\" \\ \n \x00 \ud7ff", [1, [2, {}]],
     {"a": [], "b": {"c": None}}, ()],
)  # fmt: skip
def test_a_values_line_is_the_standard_encoders(value: object) -> None:
    plain = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))
    assert _j(value) == plain.encode(value)
