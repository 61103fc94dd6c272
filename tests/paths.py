"""Where the tests' files are: the project's root, the golden files, and the per-rule case logs, which sit beside each
game's tests (``tests/replay/games/gouji/cases/GJ-BURN.legal.txt``; the climbing family's own rules under
``tests/replay/climbing/cases/``). ``CASE_LOGS / "GJ-BURN.legal.txt"`` finds a case by its name in its game's folder,
and ``CASE_LOGS.glob("*.txt")`` lists the cases of every folder, so a test need not know where a rule lives."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
GOLDEN = TESTS / "golden"
OPTION_CASES = TESTS / "replay" / "rules" / "option_cases"
SEEDS_COPY = TESTS / "replay" / "rules" / "seeds"  # a copy of ../shared/seeds, so that the quotes are checked anywhere

#: the folder of each rule prefix's cases (the rule ID's first part); any other rule is the climbing family's
CASE_FOLDERS = {
    "GJ": TESTS / "replay" / "games" / "gouji" / "cases",
    "BH": TESTS / "replay" / "games" / "baohuang" / "cases",
    "SJ": TESTS / "replay" / "games" / "shengji" / "cases",
}
FAMILY_CASES = TESTS / "replay" / "climbing" / "cases"


class CaseLogs:
    """The per-rule case logs of every folder, found by a case file's name."""

    def folders(self) -> list[Path]:
        return [FAMILY_CASES, *CASE_FOLDERS.values()]

    def __truediv__(self, name: str) -> Path:
        return CASE_FOLDERS.get(name.split("-")[0], FAMILY_CASES) / name

    def glob(self, pattern: str) -> list[Path]:
        return sorted((p for folder in self.folders() for p in folder.glob(pattern)), key=lambda p: p.name)

    def iterdir(self) -> list[Path]:
        return self.glob("*")

    def __repr__(self) -> str:
        return "CaseLogs()"


CASE_LOGS = CaseLogs()
