"""What the browser tests share: ``take`` (docs/screenshots/take.py, loaded by path: the dashboard over a sample
library, Debian's Chromium through Playwright) and ``needs_chromium``, their mark: skipped only when
/usr/bin/chromium is missing and CI is not "true" (under CI, ``.ci/run`` installs it and the tests must run)."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("fupan_take", ROOT / "docs" / "screenshots" / "take.py")
assert _spec is not None and _spec.loader is not None
take = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(take)

HAVE_CHROMIUM = Path(take.CHROMIUM).exists()
UNDER_CI = os.environ.get("CI") == "true"
MISSING = f"{take.CHROMIUM} is missing: .ci/run installs Debian's chromium"

needs_chromium = pytest.mark.skipif(
    not HAVE_CHROMIUM and not UNDER_CI,
    reason=f"{take.CHROMIUM} is missing (Debian: apt-get install chromium); under CI=true this test runs",
)
