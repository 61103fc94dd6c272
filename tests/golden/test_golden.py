"""Golden outputs: ``check``, ``score``, ``coach --json`` and ``replay`` (its JSON and its text) on every shipped
sample and on seeded simulated deals of every shipped profile, pinned in tests/golden/. A change of rules or of their wording shows up
here as a diff to review; a refactor changes none of them.

Each record keeps what a reader reviews (the illegal verdicts, the verdicts whose effects or reading say
something, the score, the findings in brief) and the SHA-256 of each command's whole output, so that any
other change is caught too. ``FUPAN_UPDATE_GOLDEN=1 pytest tests/golden/test_golden.py`` rewrites the files after
a deliberate change; review the diff before committing it.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest
from paths import GOLDEN

import cli
from data.make_samples import SAMPLES_DIR
from replay.rules.profile_loader import shipped_profiles
from replay.simulate import simulate_deal

UPDATE = os.environ.get("FUPAN_UPDATE_GOLDEN") == "1"
SEEDS = (1, 2, 3)


def _sample_groups() -> dict[str, list[Path]]:
    return {d.name: sorted(p for p in d.iterdir() if p.is_file()) for d in sorted(SAMPLES_DIR.iterdir()) if d.is_dir()}


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    assert err == "", err
    return code, out


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def record(capsys: pytest.CaptureFixture[str], path: str) -> dict[str, Any]:
    """What the three commands say of one log, in brief, with the digest of each whole output."""
    code, out = _run(capsys, "check", path, "--json", "--lenient")
    check = json.loads(out)
    s_code, s_out = _run(capsys, "score", path, "--json")
    _, s_text = _run(capsys, "score", path)
    c_code, c_out = _run(capsys, "coach", path, "--json")
    coach = json.loads(c_out)
    r_code, r_out = _run(capsys, "replay", path, "--json")
    _, r_text = _run(capsys, "replay", path)
    return {
        "check": {
            "exit": code,
            "ok": check["ok"],
            "events": check["events"],
            "notable": [v for v in check["verdicts"] if not v["legal"] or v.get("reading")],
            "unverified": check["unverified"],
            "sha256": _digest(out),
        },
        "score": {"exit": s_code, "json": json.loads(s_out), "text_sha256": _digest(s_text)},
        "coach": {
            "exit": c_code,
            "findings": [
                [f.get("index"), f.get("seat"), f["kind"], f["severity"], f.get("rule"), f.get("maxim")]
                for f in coach["findings"]
            ],
            "sha256": _digest(c_out),
        },
        "replay": {
            "exit": r_code,
            "steps": len(json.loads(r_out)["steps"]) if r_out else None,
            "sha256": _digest(r_out),
            "text_sha256": _digest(r_text),
        },
    }


def _simulated(tmp: Path) -> dict[str, str]:
    out = {}
    for name in shipped_profiles():
        for seed in SEEDS:
            path = tmp / f"{name}-seed{seed}.json"
            path.write_text(simulate_deal(seed, name).log.dumps(), encoding="utf-8")
            out[path.stem] = str(path)
    return out


def _check_group(capsys: pytest.CaptureFixture[str], group: str, logs: dict[str, str]) -> None:
    got = {name: record(capsys, path) for name, path in sorted(logs.items())}
    file = GOLDEN / f"{group}.json"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        file.write_text(json.dumps(got, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    assert file.exists(), f"{file} is missing: run with FUPAN_UPDATE_GOLDEN=1 once and review it"
    want = json.loads(file.read_text(encoding="utf-8"))
    assert sorted(got) == sorted(want)
    for name in sorted(want):
        assert got[name] == want[name], f"{group}/{name}: output changed (FUPAN_UPDATE_GOLDEN=1 to accept)"


@pytest.mark.parametrize("group", sorted(_sample_groups()))
def test_samples_are_unchanged(capsys: pytest.CaptureFixture[str], group: str) -> None:
    logs = {p.name: str(p) for p in _sample_groups()[group]}
    assert logs
    _check_group(capsys, f"samples-{group}", logs)


def test_simulated_deals_are_unchanged(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _check_group(capsys, "simulated", _simulated(tmp_path))
