"""``kill -9`` during ``fupan import`` (issue 14, item 8), on SQLite and PostgreSQL: each run is killed
while it writes, at another point each time (batches of two deals, so that a kill lands between and within them); after every kill each stored deal is whole (its seats,
every event, its hash that of its log) and nothing is stored twice; a last run stores the rest, and the
export gives back every file byte for byte."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from paths import ROOT
from sqlalchemy import text
from sqlalchemy.engine import Engine

from data.database import open_db
from data.exporter import export_deals
from data.importer import content_hash
from replay import games
from replay.formats.log import parse_json_log
from replay.simulate import simulate_deal

DEALS = 30
KILLS = 4
RUN = "import sys, cli; sys.exit(cli.main(sys.argv[1:]))"


def stored(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(text("SELECT count(*) FROM deal")).scalar_one())


def check_whole(engine: Engine) -> int:
    """Every stored deal is whole; the number stored."""
    with engine.connect() as conn:
        deals = conn.execute(text("SELECT id, content_hash, log_json FROM deal")).all()
        events = dict(conn.execute(text("SELECT deal_id, count(*) FROM event GROUP BY deal_id")).all())
        seats = dict(conn.execute(text("SELECT deal_id, count(*) FROM deal_seat GROUP BY deal_id")).all())
    hashes = [h for _, h, _ in deals]
    assert len(hashes) == len(set(hashes)), "a deal stored twice"
    for deal_id, digest, log_json in deals:
        log = parse_json_log(log_json)
        assert content_hash(log) == digest
        assert events.get(deal_id, 0) == len(log.events), f"deal {deal_id}: events half-written"
        assert seats.get(deal_id, 0) == games.get(log.game).seats, f"deal {deal_id}: seats half-written"
    return len(deals)


def test_kill_9_during_import_loses_and_duplicates_nothing(db_url: str, tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    games = ("gouji-logged", "baohuang", "shengji-35")
    for k in range(DEALS):
        (folder / f"d{k:02d}.json").write_text(simulate_deal(k, games[k % 3]).log.dumps(), encoding="utf-8")
    engine = open_db(db_url)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    kills = 0
    for round_ in range(KILLS):
        before = stored(engine)
        if before == DEALS:
            break
        target = before + 1 + round_ % 3  # kill once a deal or three more are in: mid-run, each time elsewhere
        proc = subprocess.Popen(
            [sys.executable, "-c", RUN, "import", str(folder), "--db", db_url, "--batch", "2"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 120
        while proc.poll() is None and stored(engine) < target and time.monotonic() < deadline:
            time.sleep(0.005)
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
            kills += 1
        proc.wait(timeout=30)
        assert check_whole(engine) >= before
    assert kills >= 2, "the imports ended before they could be killed"
    done = subprocess.run(
        [sys.executable, "-c", RUN, "import", str(folder), "--db", db_url],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert check_whole(engine) == DEALS
    out = export_deals(engine, tmp_path / "out")
    assert sorted(p.read_bytes() for p in out) == sorted(p.read_bytes() for p in folder.iterdir())
    assert {json.loads(p.read_text(encoding="utf-8"))["game"] for p in out} == {"gouji", "baohuang", "shengji"}
    engine.dispose()
