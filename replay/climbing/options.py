"""The profile options the climbing games share (each game declares them in its own options, with its default)."""

from __future__ import annotations

from types import MappingProxyType

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
        meanings=MappingProxyType(
            {
                True: (
                    "2 可贴在任何牌上，算作那一点（贴钱）",
                    "2s may be attached to any set and count as its rank (贴钱)",
                ),
                False: ("2 不能贴在别的牌上", "2s are not attached to other ranks"),
            }
        ),
    )
