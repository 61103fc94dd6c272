"""Times in the reader's local time, the zone named (issue 36, item 6): ``views.parts.clock``."""

from __future__ import annotations

from datetime import UTC, datetime

from views.parts.clock import in_zone, local_time, reader_zone

AT = "2026-12-01T20:00:00Z"


def test_the_browsers_zone_by_name() -> None:
    zone, label = reader_zone("Asia/Shanghai", -480)
    assert in_zone(AT, zone, label) == "2026-12-02 04:00 (Asia/Shanghai)"
    zone, label = reader_zone("America/New_York", 300)
    assert in_zone(datetime(2026, 12, 1, 20, tzinfo=UTC), zone, label) == "2026-12-01 15:00 (America/New_York)"


def test_an_offset_when_the_name_is_missing_or_unknown() -> None:
    zone, label = reader_zone(None, -330)  # JavaScript's sign: India is 330 minutes east
    assert in_zone(AT, zone, label) == "2026-12-02 01:30 (UTC+05:30)"
    zone, label = reader_zone("Not/AZone", 60)
    assert in_zone(AT, zone, label) == "2026-12-01 19:00 (UTC-01:00)"


def test_utc_without_a_browser_and_odd_texts_kept() -> None:
    zone, label = reader_zone(None, None)
    assert in_zone(datetime(2026, 12, 1, 20), zone, label) == "2026-12-01 20:00 (UTC)"  # naive: taken as UTC
    assert in_zone("not a time", zone, label) == "not a time"
    assert local_time(AT) == "2026-12-01 20:00（协调世界时）"  # no browser behind a bare run (the default language: zh)


def test_a_chinese_page_names_the_zone_in_chinese() -> None:
    """The language walk found "UTC" on the Chinese Evaluation page: a zone on a Chinese page has no Latin letters."""
    zone, label = reader_zone("Asia/Shanghai", -480)
    assert in_zone(AT, zone, label, "zh") == "2026-12-02 04:00（北京时间）"
    zone, label = reader_zone("UTC", 0)
    assert in_zone(AT, zone, label, "zh") == "2026-12-01 20:00（协调世界时）"
    zone, label = reader_zone(None, -330)
    assert in_zone(AT, zone, label, "zh") == "2026-12-02 01:30（协调世界时+05:30）"
    zone, label = reader_zone("America/New_York", 300)
    assert in_zone(AT, zone, label, "zh") == "2026-12-01 15:00（协调世界时-05:00）"
