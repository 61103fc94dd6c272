"""The profile options the climbing games share (each game declares them in its own options, with its default)."""

from __future__ import annotations

from replay.rules.option import Option


def twos_attach(default: bool) -> Option:
    """贴钱: whether 2s may be attached to any base (够级: yes, 保皇: no)."""
    return Option(
        "twos_attach",
        "SET-FORM",
        bool,
        default,
        "2s may be attached to any base and count as it (贴钱)",
        "2可贴在任何牌上（贴钱）",
    )
