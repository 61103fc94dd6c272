"""What following a maxim is worth, for the coach: the effects the study (``coach.study``, ``make study``)
measured, read from its JSON (shipped as ``coach/maxim_effects.json``), and the one rule that turns an
effect into what the coach shows (``worth``).

The rule (issue 16, "advice follows evidence"): a maxim finding is shown as advice unless the study
measured following the maxim to cost points: a measured effect (at least ``MIN_AROSE`` deals where the
position arose, a 95% confidence interval) whose interval lies wholly below 0. Such a finding is
"on trial" (``ON_TRIAL``): it is shown with what it was measured to cost and counted under the severity
``TRIAL_SEVERITY``, never as a mistake. An effect whose interval holds 0 (not significant) is advice,
shown with its worth and said to be not significant; a maxim the study has no figure for, or too few
deals for, is advice "not measured". Every maxim finding carries its worth.

A maxim the study asks more than one question about (``coach.learners.SPLIT``: ``maxim/answer``,
``maxim/cards``) has a row per question; a finding names the question it asks (``Finding.question``)
and gets that row's worth, or the maxim's own row when the study has none for the question (a study
run before the questions were split, ``WHOLE_BEFORE``). A finding about a part of a maxim the study
does not play (``question`` of another name: 单牌慎过's single-card half) is "not measured".

A disputed saying a profile reads the other way round (有单不发3 under ``lead_preference = "threes"``: lead the 3s,
有3不发单) asks the question ``REVERSED``: following that reading is breaking the first one in the same positions,
so its worth is the maxim's row with the sign turned (the mean and the interval mirrored), unless the study has a
row of its own for it.

A maxim finding is a mistake by itself only where the study measured following the maxim to gain points (an
interval wholly above 0: ``supports_mistake``); without such a figure it is a hint at most, and the price, where
there is one, decides (``coach.judgement``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

JSON_NAME = "maxim_effects.json"
MIN_AROSE = 30  # fewer deals where the position arose: too few to conclude anything ("not measured")
ADVICE, ON_TRIAL = "advice", "on-trial"  # a maxim finding's status
TRIAL_SEVERITY = "trial"  # the severity of an on-trial finding (not a mistake, not a hint)
#: the questions (``coach.learners.ANSWER``, ``CARDS``) a study run before the split measured as one, in the
#: maxim's own row: a finding asking one reads that row until the study is rerun
WHOLE_BEFORE = ("answer", "cards")
REVERSED = "reversed"  # the question of a disputed saying read the other way round: its row mirrored


@dataclass(frozen=True)
class MaximEffect:
    """What following a maxim (or answering one question about it) was worth to the team in the study,
    in points per deal where its position arose: the mean, its standard error and 95% confidence
    interval, out of ``arose`` of ``deals`` deals. ``key`` is the study's row (``maxim`` or
    ``maxim/question``)."""

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

    @property
    def measured(self) -> bool:
        """True when the position arose in enough deals (``MIN_AROSE``) to conclude anything."""
        return self.arose >= MIN_AROSE

    def mirrored(self) -> MaximEffect:
        """The effect of doing the opposite in the same positions: the mean and the interval with the sign turned."""
        return MaximEffect(f"{self.key} ({REVERSED})", -self.mean, self.se, -self.hi, -self.lo, self.deals, self.arose)

    @property
    def status(self) -> str:
        """``ON_TRIAL`` when following was measured to cost points (the whole interval below 0), else ``ADVICE``."""
        return ON_TRIAL if self.measured and self.hi < 0 else ADVICE


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
    """The effects in a study's JSON (default: the shipped ``coach/maxim_effects.json``), by row key; empty
    when the file is missing or cannot be read."""
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


def maxim_effect(key: str, path: str | Path | None = None, question: str | None = None) -> MaximEffect | None:
    """What following maxim ``key`` is worth per deal where it arises, from the study's JSON (default: the
    shipped one): the row of ``question`` (``key/question``) when the study has it, else the maxim's own
    row; None for a maxim not studied or when there is no readable file. ``key`` may name a row itself."""
    effects = _shipped() if path is None else load_effects(path)
    if question is None:
        return effects.get(key)
    if f"{key}/{question}" in effects:
        return effects[f"{key}/{question}"]
    if question == REVERSED:
        return effects[key].mirrored() if key in effects else None
    return effects.get(key) if question in WHOLE_BEFORE else None


def supports_mistake(w: Mapping[str, Any]) -> bool:
    """Whether a finding's ``worth`` lets it stand as a mistake by itself: the study measured following the maxim to
    gain points (significant, the interval wholly above 0)."""
    return bool(w.get("measured")) and float(w.get("lo", 0.0)) > 0


def _pts(x: float) -> str:
    return f"{x:+.2f}"


def worth(effect: MaximEffect | None) -> dict[str, Any]:
    """What the coach shows of a maxim finding's worth, as JSON: its ``status`` (``ADVICE``, ``ON_TRIAL``),
    whether it was ``measured``, the study's ``row``, mean and 95% CI, and the sentence in both languages
    (``zh``, ``en``)."""
    if effect is None:
        return {
            "status": ADVICE,
            "measured": False,
            "row": None,
            "zh": "建议（未经测定：模拟研究没有它的数据）",
            "en": "advice (not measured: the study has no figure for it)",
        }
    out: dict[str, Any] = {
        "status": effect.status,
        "measured": effect.measured,
        "row": effect.key,
        "mean": round(effect.mean, 3),
        "lo": round(effect.lo, 3),
        "hi": round(effect.hi, 3),
        "arose": effect.arose,
        "deals": effect.deals,
        "significant": effect.measured and effect.measurable,
    }
    ci = f"[{_pts(effect.lo)}, {_pts(effect.hi)}]"
    if not effect.measured:
        out["zh"] = f"建议（未经测定：模拟中只出现 {effect.arose} 局，太少）"
        out["en"] = f"advice (not measured: the position arose in only {effect.arose} simulated deals)"
    elif effect.status == ON_TRIAL:
        out["zh"] = f"试行中：模拟测得遵循它每局约损失 {-effect.mean:.2f} 分（95% 置信区间 {ci}）"
        out["en"] = f"on trial: measured to cost {-effect.mean:.2f} points per deal (95% CI {ci})"
    elif effect.lo > 0:
        out["zh"] = f"建议：模拟测得遵循它每局约多得 {effect.mean:.2f} 分（95% 置信区间 {ci}）"
        out["en"] = f"advice: measured to gain {effect.mean:.2f} points per deal (95% CI {ci})"
    else:
        out["zh"] = f"建议：模拟测得遵循它每局 {_pts(effect.mean)} 分（95% 置信区间 {ci}），与 0 无显著差别"
        out["en"] = (
            f"advice: measured {_pts(effect.mean)} points per deal (95% CI {ci}), not significantly different from 0"
        )
    return out
