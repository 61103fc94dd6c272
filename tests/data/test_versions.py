"""The engine's and the coach's versions (replay/version.py, coach/version.py) are tied to the golden files:
a change of what ``check`` and ``score`` say (the engine's part of tests/golden/) without a new
``ENGINE_VERSION``, or of what ``coach --json`` says without a new ``COACH_VERSION`` (or engine version), fails
here, since the library's stored verdicts and findings would then disagree with the code without being
known as stale. tests/golden/versions.json records, per version, the digest of the golden files' part it
answers for; ``FUPAN_UPDATE_GOLDEN=1`` records a new digest, but only under a version not recorded yet."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from paths import GOLDEN

from coach.version import COACH_VERSION
from replay.version import ENGINE_VERSION

VERSIONS = GOLDEN / "versions.json"
UPDATE = os.environ.get("FUPAN_UPDATE_GOLDEN") == "1"


def _part(keys: tuple[str, ...], folder: Path) -> str:
    """The SHA-256 of the golden records' ``keys`` parts (every group, every log, in a fixed order)."""
    h = hashlib.sha256()
    for file in sorted(folder.glob("*.json")):
        if file.name == VERSIONS.name:
            continue
        records: dict[str, Any] = json.loads(file.read_text(encoding="utf-8"))
        for name in sorted(records):
            part = {k: records[name][k] for k in keys}
            h.update(f"{file.stem}/{name}\n{json.dumps(part, sort_keys=True, ensure_ascii=False)}\n".encode())
    return h.hexdigest()


def digests(folder: Path = GOLDEN) -> dict[str, str]:
    return {"engine": _part(("check", "score"), folder), "coach": _part(("coach",), folder)}


def _recorded() -> dict[str, Any]:
    return json.loads(VERSIONS.read_text(encoding="utf-8")) if VERSIONS.exists() else {"engine": {}, "coach": {}}


def test_golden_output_changes_only_with_a_new_version() -> None:
    got = digests()
    versions = {"engine": str(ENGINE_VERSION), "coach": f"{ENGINE_VERSION}.{COACH_VERSION}"}
    recorded = _recorded()
    for part, digest in got.items():
        known = recorded[part]
        if UPDATE and versions[part] not in known:
            known[versions[part]] = digest
        assert versions[part] in known, (
            f"the {part}'s version {versions[part]} has no digest in {VERSIONS.name}: "
            "FUPAN_UPDATE_GOLDEN=1 pytest tests/data/test_versions.py records it"
        )
        which = "replay.version.ENGINE_VERSION" if part == "engine" else "coach.version.COACH_VERSION"
        assert known[versions[part]] == digest, (
            f"the golden files' {part} output changed but the version did not: bump {which} "
            "(a stored row of the old version is then stale; `fupan recoach` redoes it), then record the digest "
            "with FUPAN_UPDATE_GOLDEN=1 pytest tests/data/test_versions.py"
        )
    if UPDATE:
        VERSIONS.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def test_a_changed_output_is_caught(tmp_path: Path) -> None:
    """The digest does notice a change in one record's engine part, and only the parts it answers for."""
    before = digests()
    copy = tmp_path / "golden"
    copy.mkdir()
    for file in GOLDEN.glob("*.json"):
        (copy / file.name).write_bytes(file.read_bytes())
    sim = copy / "simulated.json"
    records = json.loads(sim.read_text(encoding="utf-8"))
    first = sorted(records)[0]
    records[first]["score"]["exit"] = 99
    sim.write_text(json.dumps(records), encoding="utf-8")
    after = digests(copy)
    assert after["engine"] != before["engine"]
    assert after["coach"] == before["coach"]
