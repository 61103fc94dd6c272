"""Times shown in the reader's local time, the zone named: the browser's time zone (``st.context.timezone``, an
IANA name such as ``Asia/Shanghai``), else its offset from UTC (``st.context.timezone_offset``, minutes as
JavaScript's ``getTimezoneOffset`` gives them: positive west of Greenwich), else UTC."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import streamlit as st


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


def in_zone(moment: datetime | str, zone: tzinfo, label: str) -> str:
    """``moment`` (an aware datetime, a naive one taken as UTC, or an ISO text such as ``2026-12-01T20:00:00Z``) as
    ``YYYY-MM-DD HH:MM (zone)``; a text that is not a time is returned as it is."""
    if isinstance(moment, str):
        try:
            when = datetime.fromisoformat(moment.replace("Z", "+00:00"))
        except ValueError:
            return moment
    else:
        when = moment
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return f"{when.astimezone(zone):%Y-%m-%d %H:%M} ({label})"


def local_time(moment: datetime | str) -> str:
    """``moment`` in the reader's local time, the zone named (``in_zone``)."""
    try:
        name, offset = st.context.timezone, st.context.timezone_offset
    except Exception:  # no browser behind this run (a bare script, a test): UTC
        name, offset = None, None
    zone, label = reader_zone(name, offset)
    return in_zone(moment, zone, label)
