"""Import logs into the deal library, and export them back.

Import is idempotent (a deal is known by the hash of its canonical log: the same deal twice is
stored once and reported as a duplicate) and atomic per deal (a bad file is reported with its
reason and nothing of it is stored; the other files go in). Each deal is replayed and coached, and
its verdicts and findings are stored with it. Export writes each stored canonical log back.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from sqlalchemy import insert
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlmodel import Session, select

from coach.coach import coach_replay
from data.models import Deal, DealSeat, EventRow, FindingRow, Match, Player, PlayerAlias
from replay.log import Log, LogError, read_log
from replay.profile import ProfileError
from replay.replay import Replay

LOG_SUFFIXES = (".json", ".txt", ".fupan")


@dataclass(frozen=True)
class ImportResult:
    """What became of one file: ``added``, ``duplicate`` or ``error`` (with the reason)."""

    source: str
    status: str
    deal_id: int | None = None
    reason: str = ""


def content_hash(log: Log) -> str:
    """The hash that identifies a deal: SHA-256 of its canonical log."""
    return hashlib.sha256(log.dumps().encode("utf-8")).hexdigest()


def log_files(paths: Iterable[str | Path]) -> list[Path]:
    """The log files named or found (recursively) in the given files and folders, in order."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out += sorted(f for f in p.rglob("*") if f.is_file() and f.suffix in LOG_SUFFIXES)
        else:
            out.append(p)
    return out


def _player_id(db: Session, name: str) -> int | None:
    if not name:
        return None
    alias = db.exec(select(PlayerAlias).where(PlayerAlias.alias == name)).first()
    if alias is not None:
        return alias.player_id
    player = db.exec(select(Player).where(Player.name == name)).first()
    if player is None:
        player = Player(name=name)
        db.add(player)
        db.flush()
    return player.id


def _match_id(db: Session, log: Log) -> int | None:
    key = log.meta.get("match")
    if not key:
        return None
    match = db.exec(select(Match).where(Match.key == key)).first()
    if match is None:
        match = Match(key=key, game=log.game, venue=log.meta.get("venue", ""), date=log.meta.get("date", ""))
        db.add(match)
        db.flush()
    return match.id


def _sides(rep: Replay) -> dict[int, str]:
    st = rep.final
    if rep.log.game == "gouji":
        return {s: str(s % 2) for s in range(st.n)}
    roles = rep.engine.roles(st)
    return {s: r or "" for s, r in roles.items()}


def _store(db: Session, log: Log, digest: str, source: str) -> int:
    """Add one deal (with seats, events, findings) to the session; returns its id."""
    rep = Replay(log)
    report = coach_replay(rep)
    score = rep.score()
    deal = Deal(
        content_hash=digest,
        game=log.game,
        profile=log.profile_name,
        date=str(log.meta.get("date", "")),
        venue=str(log.meta.get("venue", "")),
        match_id=_match_id(db, log),
        deal_number=log.meta.get("deal"),
        source=source[:1000],
        n_events=len(log.events),
        legal=rep.ok,
        finished=score is not None and not score.void,
        n_findings=len(report.findings),
        log_json=log.dumps(),
    )
    db.add(deal)
    db.flush()
    assert deal.id is not None
    places = {p.seat: p for p in score.places} if score is not None else {}
    sides = _sides(rep)
    names = {s.seat: s.player for s in log.seats}
    for seat in range(rep.final.n):
        p = places.get(seat)
        db.add(
            DealSeat(
                deal_id=deal.id,
                seat=seat,
                player_id=_player_id(db, names.get(seat, "")),
                side=sides.get(seat, ""),
                place=p.place if p else None,
                points=float(p.points) if p else None,
            )
        )
    events = [
        {"deal_id": deal.id, "idx": v.index, "seat": v.seat, "action": v.action, "cards": " ".join(v.cards),
         "legal": v.legal, "rule": v.rule}
        for v in rep.verdicts
    ]  # fmt: skip
    if events:
        db.execute(insert(EventRow), events)
    findings = [
        {"deal_id": deal.id, "idx": f.index, "seat": f.seat, "kind": f.kind, "severity": f.severity, "rule": f.rule,
         "maxim": f.maxim, "message_zh": f.message_zh, "message_en": f.message_en,
         "evidence_json": json.dumps(f.evidence.to_json(), ensure_ascii=False)}
        for f in report.findings
    ]  # fmt: skip
    if findings:
        db.execute(insert(FindingRow), findings)
    return deal.id


def import_log(engine: Engine, log: Log, source: str = "") -> ImportResult:
    """Store one log in its own transaction: ``added``, or ``duplicate`` when it is already there."""
    digest = content_hash(log)
    for attempt in range(5):
        with Session(engine) as db:
            found = db.exec(select(Deal.id).where(Deal.content_hash == digest)).first()
            if found is not None:
                return ImportResult(source, "duplicate", found)
            try:
                deal_id = _store(db, log, digest, source)
                db.commit()
                return ImportResult(source, "added", deal_id)
            except (IntegrityError, OperationalError):
                # another process stored the same deal, player or match first (or SQLite was busy):
                # nothing of this deal was kept; look again
                db.rollback()
                time.sleep(0.05 * (attempt + 1))
    with Session(engine) as db:
        found = db.exec(select(Deal.id).where(Deal.content_hash == digest)).first()
    if found is not None:
        return ImportResult(source, "duplicate", found)
    return ImportResult(source, "error", None, "the database stayed busy; nothing was stored")


def import_paths(
    engine: Engine,
    paths: Iterable[str | Path],
    progress: Callable[[int, int], None] | None = None,
) -> list[ImportResult]:
    """Import every log file named or found in ``paths``; one result per file."""
    files = log_files(paths)
    results: list[ImportResult] = []
    for k, path in enumerate(files):
        try:
            log = read_log(path)
            results.append(import_log(engine, log, str(path)))
        except (LogError, ProfileError) as exc:
            results.append(ImportResult(str(path), "error", None, str(exc)))
        if progress is not None:
            progress(k + 1, len(files))
    return results


def progress_bar(stream: TextIO = sys.stderr, width: int = 30) -> Callable[[int, int], None]:
    """A progress bar on ``stream`` (at most ten redraws a second)."""
    last = [0.0]

    def show(done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - last[0] < 0.1:
            return
        last[0] = now
        filled = width * done // max(total, 1)
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show


def stored_logs(engine: Engine) -> Iterator[tuple[Deal, str]]:
    """Every stored deal with its canonical log text, in import order."""
    with Session(engine) as db:
        for deal in db.exec(select(Deal).order_by(Deal.id)):
            yield deal, deal.log_json


def export_deals(engine: Engine, out_dir: str | Path) -> list[Path]:
    """Write every stored deal's canonical log to ``out_dir`` (byte-identical to the canonical import)."""
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for deal, text in stored_logs(engine):
        path = folder / f"{deal.game}-{deal.id:06d}-{deal.content_hash[:12]}.json"
        path.write_text(text, encoding="utf-8", newline="")
        paths.append(path)
    return paths
