"""Times shown in the reader's local time, the zone named: the browser's time zone (``st.context.timezone``, an
IANA name such as ``Asia/Shanghai``), else its offset from UTC (``st.context.timezone_offset``, minutes as
JavaScript's ``getTimezoneOffset`` gives them: positive west of Greenwich), else UTC."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import streamlit as st

from views.parts.texts import lang


def reader_zone(name: str | None, offset_minutes: int | None) -> tuple[tzinfo, str]:
    """The reader's zone and its name, from what the browser said (either may be missing or wrong)."""
    if name:
        try:
            return ZoneInfo(name), name
        except (ZoneInfoNotFoundError, ValueError):
            pass
    if offset_minutes is not None:
        east = -int(offset_minutes)
        sign, hours, minutes = ("+" if east >= 0 else "-"), abs(east) // 60, abs(east) % 60
        label = f"UTC{sign}{hours:02d}:{minutes:02d}"
        return timezone(timedelta(minutes=east), label), label
    return UTC, "UTC"


# the zones whose Chinese name a reader knows (the rest are named by their offset: ``zone_zh``)
BEIJING = frozenset({"Asia/Shanghai", "Asia/Chongqing", "Asia/Harbin", "Asia/Chungking", "PRC"})


def zone_zh(label: str, offset: timedelta | None) -> str:
    """A zone's name on a Chinese page: 北京时间 for China's, else 协调世界时 and the offset (no Latin letters)."""
    if label in BEIJING:
        return "北京时间"
    if offset is None or not offset:
        return "协调世界时"
    minutes = int(offset.total_seconds()) // 60
    sign, hours, rest = ("+" if minutes >= 0 else "-"), abs(minutes) // 60, abs(minutes) % 60
    return f"协调世界时{sign}{hours:02d}:{rest:02d}"


def in_zone(moment: datetime | str, zone: tzinfo, label: str, lang: str = "en") -> str:
    """``moment`` (an aware datetime, a naive one taken as UTC, or an ISO text such as ``2026-12-01T20:00:00Z``) as
    ``YYYY-MM-DD HH:MM (zone)`` (on a Chinese page the zone in Chinese: ``zone_zh``); a text that is not a time is
    returned as it is."""
    if isinstance(moment, str):
        try:
            when = datetime.fromisoformat(moment.replace("Z", "+00:00"))
        except ValueError:
            return moment
    else:
        when = moment
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    local = when.astimezone(zone)
    if lang == "zh":
        return f"{local:%Y-%m-%d %H:%M}（{zone_zh(label, local.utcoffset())}）"
    return f"{local:%Y-%m-%d %H:%M} ({label})"


def local_time(moment: datetime | str) -> str:
    """``moment`` in the reader's local time, the zone named (``in_zone``)."""
    try:
        name, offset = st.context.timezone, st.context.timezone_offset
    except Exception:  # no browser behind this run (a bare script, a test): UTC
        name, offset = None, None
    zone, label = reader_zone(name, offset)
    return in_zone(moment, zone, label, lang())
