"""One detector per folk maxim (够级俗语, RULES.md §6). Each module states the saying, its reading,
how sure the reading is, and when it fires; ``MAXIMS`` lists them in the seed's order. What the
detectors share (``Maxim``, ``finding``) is in ``coach.maxim``, which imports none of them."""

from __future__ import annotations

from coach.maxim import Maxim
from coach.maxims import dan_pai, dang_san, fang_yi, feng_q, guo_pai, xiaohua_gua4, xiaohua_zao, you_dan

MAXIMS: list[Maxim] = [
    m.MAXIM for m in (feng_q, you_dan, xiaohua_gua4, xiaohua_zao, guo_pai, dan_pai, dang_san, fang_yi)
]
BY_KEY: dict[str, Maxim] = {m.key: m for m in MAXIMS}


def maxims_for(game: str) -> list[Maxim]:
    """The maxims that speak to ``game`` (each names its games), in the seed's order."""
    return [m for m in MAXIMS if game in m.games]
