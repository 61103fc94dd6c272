"""What following a maxim is worth, for the coach: the effects the study (``coach.study``, ``make study``)
measured, read from its JSON (shipped as ``coach/maxim_effects.json``)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

JSON_NAME = "maxim_effects.json"


@dataclass(frozen=True)
class MaximEffect:
    """What following a maxim was worth to the team in the study, in points per deal where its position
    arose: the mean, its standard error and 95% confidence interval, out of ``arose`` of ``deals`` deals."""

    key: str
    mean: float
    se: float
    lo: float
    hi: float
    deals: int
    arose: int

    @property
    def measurable(self) -> bool:
        """True when the confidence interval leaves out 0."""
        return self.lo > 0 or self.hi < 0


def _effects(doc: Mapping[str, Any]) -> dict[str, MaximEffect]:
    out = {}
    for key, r in doc["maxims"].items():
        s = r["where_arose"]
        if s["se"] is None or s["lo"] is None or s["hi"] is None:
            continue
        out[key] = MaximEffect(
            key, float(s["mean"]), float(s["se"]), float(s["lo"]), float(s["hi"]), int(r["deals"]), int(r["arose"])
        )
    return out


def load_effects(path: str | Path | None = None) -> dict[str, MaximEffect]:
    """The effects in a study's JSON (default: the shipped ``coach/maxim_effects.json``); empty when
    the file is missing or cannot be read."""
    try:
        if path is None:
            text = resources.files("coach").joinpath(JSON_NAME).read_text(encoding="utf-8")
        else:
            text = Path(path).read_text(encoding="utf-8")
        return _effects(json.loads(text))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


@cache
def _shipped() -> dict[str, MaximEffect]:
    return load_effects()


def maxim_effect(key: str, path: str | Path | None = None) -> MaximEffect | None:
    """What following maxim ``key`` is worth per deal where it arises, from the study's JSON (default:
    the shipped one); None for a maxim not studied or when there is no readable file."""
    effects = _shipped() if path is None else load_effects(path)
    return effects.get(key)
