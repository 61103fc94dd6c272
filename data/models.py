"""The deal library's tables (SQLModel): players and their aliases, matches, deals, the seats of a
deal, its events with their verdicts, the coach's findings, the evaluations of a deal's decisions
(``coach.evaluate``) with their per-seat accuracy, a referee's decisions on events, and the accounts
of the people who may record them; the deals deleted, each with what brings it back; and the season's evaluation
runs.

A deal is stored with its canonical log without the referee's decisions (``Log.deal_only().dumps()``)
and the hash of that text, which makes importing idempotent: the same deal imported twice is stored
once. Its decisions are rows of ``decision``, never changed nor deleted but with their deal: a later one on the
same event supersedes the earlier ones, which stay as its history. A deal deleted (``data.deletions``) leaves a row
of ``deal_deletion`` holding all it had, so that an admin can bring it back.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    CheckConstraint,
    Column,
    DateTime,
    ForeignKeyConstraint,
    Index,
    Table,
    Text,
    UniqueConstraint,
    text,
)
from sqlmodel import Field, SQLModel


class Player(SQLModel, table=True):
    """A player, by the name used in logs."""

    __tablename__ = "player"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True, unique=True, max_length=200)


class PlayerAlias(SQLModel, table=True):
    """Another name a player appears under in logs."""

    __tablename__ = "player_alias"

    id: int | None = Field(default=None, primary_key=True)
    alias: str = Field(index=True, unique=True, max_length=200)
    player_id: int = Field(foreign_key="player.id", index=True)


class Match(SQLModel, table=True):
    """A club session: consecutive deals of one game at one table (the logs' ``meta.match``)."""

    __tablename__ = "match"
    __table_args__ = (Index("uq_match_key_game", "key", "game", unique=True),)

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(index=True, max_length=200)
    game: str = Field(max_length=20)
    venue: str = Field(default="", max_length=500)
    date: str = Field(default="", max_length=40)


NOTES_CHARS = 2000  # the length of a log's notes stored for the Library's search (migration 0009)


class Deal(SQLModel, table=True):
    """One deal: its game, profile, meta, the canonical log and its content hash."""

    __tablename__ = "deal"
    # the pages' filters and reads at scale (migration 0007): the day of the date (``data.queries.deal_day``), and
    # covering indexes of a game's versions and stored extras (migration 0010; on SQLite the columns after log_json are
    # otherwise read through the log's overflow pages)
    __table_args__ = (
        Index("ix_deal_day", text("substr(date, 1, 10)")),
        Index("ix_deal_game_versions", "game", "engine_version", "coach_version", "n_findings"),
        Index("ix_deal_game_extras", "game", "extras_json", "deal_number"),
        # the Library's search (the venue and the notes, read from the index) and its order, newest first
        # (migration 0009, ``data.queries.NEWEST``)
        Index("ix_deal_text", "venue", "notes"),
        Index("ix_deal_newest", "date", "match_id", "deal_number", "id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    content_hash: str = Field(index=True, unique=True, max_length=64)
    game: str = Field(index=True, max_length=20)
    profile: str = Field(index=True, max_length=500)
    date: str = Field(default="", max_length=40)  # indexed first in ix_deal_newest (migration 0009)
    venue: str = Field(default="", max_length=500)
    match_id: int | None = Field(default=None, foreign_key="match.id", index=True)
    deal_number: int | None = Field(default=None)
    source: str = Field(default="", max_length=1000)
    imported_at: datetime = Field(default_factory=lambda: datetime.now(UTC), sa_type=DateTime(timezone=True))
    n_events: int = 0
    legal: bool = True
    finished: bool = False
    n_findings: int = Field(default=0, index=True)
    log_json: str = Field(sa_column=Column(Text, nullable=False))
    # what the deal's game stores beside the shared rows, as JSON (the game's ``stored_extras`` record: 升级's
    # levels before and after and its declaring side, ``replay.games.shengji.score``); None for a game without
    extras_json: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    notes: str = Field(default="", max_length=NOTES_CHARS)  # the log's meta.notes (cut at NOTES_CHARS), searched
    # the versions of the engine and the coach that made the derived rows (the verdicts, the seats'
    # results, the levels, the findings): 0 for rows stored before versions were recorded (``data.recoach``)
    engine_version: int = 0
    coach_version: int = 0


class DealSeat(SQLModel, table=True):
    """A seat of a deal: who sat there, its team or role, its place and points."""

    __tablename__ = "deal_seat"
    __table_args__ = (UniqueConstraint("deal_id", "seat"),)

    id: int | None = Field(default=None, primary_key=True)
    deal_id: int = Field(foreign_key="deal.id", index=True)
    seat: int
    player_id: int | None = Field(default=None, foreign_key="player.id", index=True)
    side: str = Field(default="", max_length=20)  # 够级: team "0"/"1"; 保皇: emperor, loyalist, rebel
    place: int | None = None
    points: float | None = None


class EventRow(SQLModel, table=True):
    """One event of a deal with its verdict. Read by the referee's decisions: a decision's composite foreign
    key names its event row (``fk_decision_event``), and ``data.accounts.record_decision`` refuses a
    decision on an event the deal does not hold; ``data.recoach`` updates the verdicts in place."""

    __tablename__ = "event"
    __table_args__ = (UniqueConstraint("deal_id", "idx"),)

    id: int | None = Field(default=None, primary_key=True)
    deal_id: int = Field(foreign_key="deal.id")  # read by the unique (deal_id, idx) index (migration 0008)
    idx: int
    seat: int
    action: str = Field(max_length=20)
    cards: str = Field(default="", max_length=2000)
    legal: bool = True
    rule: str | None = Field(default=None, max_length=40)


class FindingRow(SQLModel, table=True):
    """One finding of the coach on a deal."""

    __tablename__ = "finding"
    # the Players page counts a game's findings per seat by kind, maxim, rule and severity: from this index,
    # not the findings' rows (their messages and evidence; migration 0007)
    __table_args__ = (Index("ix_finding_stats", "deal_id", "seat", "kind", "severity", "rule", "maxim"),)

    id: int | None = Field(default=None, primary_key=True)
    deal_id: int = Field(foreign_key="deal.id")  # read by ix_finding_stats (deal_id first; migration 0008)
    idx: int | None = None
    seat: int | None = Field(default=None, index=True)
    kind: str = Field(max_length=20)
    severity: str = Field(max_length=20)
    rule: str | None = Field(default=None, max_length=40)
    maxim: str | None = Field(default=None, index=True, max_length=60)
    message_zh: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    message_en: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    evidence_json: str = Field(default="{}", sa_column=Column(Text, nullable=False, default="{}"))
    engine_version: int = 0  # the versions that made the finding (0: before versions were recorded)
    coach_version: int = 0


class EvaluationRow(SQLModel, table=True):
    """A stored evaluation of a deal (``coach.evaluate``): one per deal and settings (a newer run of the
    same settings replaces it). ``settings_key`` is the canonical JSON of the settings, ``evaluation_json``
    the evaluation's JSON (``data.evaluations``)."""

    __tablename__ = "evaluation"
    __table_args__ = (UniqueConstraint("deal_id", "settings_key"),)

    id: int | None = Field(default=None, primary_key=True)
    deal_id: int = Field(foreign_key="deal.id", index=True)
    settings_key: str = Field(max_length=200)
    created_at: datetime = Field(default_factory=lambda: datetime.now(UTC), sa_type=DateTime(timezone=True))
    n_decisions: int = 0
    seconds: float = 0.0
    evaluation_json: str = Field(sa_column=Column(Text, nullable=False))
    engine_version: int = 0  # the versions that made the evaluation (0: before versions were recorded)
    coach_version: int = 0


class EvaluationSeatRow(SQLModel, table=True):
    """A seat's line of an evaluation: decisions priced, accuracy (None without any) and grades."""

    __tablename__ = "evaluation_seat"
    __table_args__ = (UniqueConstraint("evaluation_id", "seat"),)

    id: int | None = Field(default=None, primary_key=True)
    evaluation_id: int = Field(foreign_key="evaluation.id", index=True)
    seat: int
    decisions: int = 0
    accuracy: float | None = None
    inaccuracy: int = 0
    mistake: int = 0
    blunder: int = 0
    lost: float = 0.0


class User(SQLModel, table=True):
    """An account of the dashboard (``data.accounts``): a name, an argon2 password hash and a role,
    ``referee`` or ``admin``. A disabled account cannot sign in nor record decisions. The table is
    ``user_account``: ``user`` is a reserved word of SQL (in PostgreSQL ``SELECT * FROM user`` names
    the current role, not this table)."""

    __tablename__ = "user_account"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True, unique=True, max_length=200)
    password_hash: str = Field(max_length=500)
    role: str = Field(max_length=20)
    created_at: datetime = Field(default_factory=lambda: datetime.now(UTC), sa_type=DateTime(timezone=True))
    disabled: bool = False


class DecisionRow(SQLModel, table=True):
    """A referee's decision on one event of a deal (``replay.formats.decisions.Decision``), as stored: ``at`` is
    when the referee decided, ``created_at`` when the row was stored, ``user_id`` the account that stored
    it from the dashboard (None when it came in with an imported log). ``key_hash`` is the SHA-256 of the
    decision's ``key``: the same decision is stored once per deal. Rows are only ever added (a deal deleted takes its
    own with it, kept in its archive: ``data.deletions``)."""

    __tablename__ = "decision"
    __table_args__ = (
        UniqueConstraint("deal_id", "key_hash"),
        ForeignKeyConstraint(["deal_id", "idx"], ["event.deal_id", "event.idx"], name="fk_decision_event"),
        Index("ix_decision_deal_idx", "deal_id", "idx"),
        CheckConstraint("decision IN ('upheld', 'overruled')", name="ck_decision_outcome"),
    )

    id: int | None = Field(default=None, primary_key=True)
    deal_id: int = Field(foreign_key="deal.id")
    idx: int
    decision: str = Field(max_length=20)
    rule: str | None = Field(default=None, max_length=40)
    text: str = Field(sa_column=Column(Text, nullable=False))
    referee: str = Field(max_length=200)
    at: datetime = Field(sa_type=DateTime(timezone=True))
    key_hash: str = Field(max_length=64)
    created_at: datetime = Field(default_factory=lambda: datetime.now(UTC), sa_type=DateTime(timezone=True))
    user_id: int | None = Field(default=None, foreign_key="user_account.id", index=True)


VARIATION_NAME = 200  # the longest name of a variation (migration 0011)
VARIATION_KINDS = ("ruled", "variation")  # made by the engine (the line as ruled) / by a person


class VariationRow(SQLModel, table=True):
    """A line of a deal kept with it (issue 36: ``replay.lines.Line`` of kind ``ruled`` or ``variation``): the deal's
    first ``at`` recorded events, then its own ``events`` (their JSON list, each event as the log writes it:
    ``replay.formats.event_json``). ``number`` counts a deal's variations from 1 (the dashboard's ``&var=N``) and is
    never reused while the deal keeps a higher one; ``made_by`` is the account's name ("" for none),
    ``engine_version`` the engine's when it was stored. Deleted with its deal (``ON DELETE CASCADE``;
    ``data.variations``)."""

    __tablename__ = "variation"
    __table_args__ = (
        UniqueConstraint("deal_id", "number", name="uq_variation_deal_number"),
        CheckConstraint("kind IN ('ruled', 'variation')", name="ck_variation_kind"),
        CheckConstraint("number >= 1 AND at >= 0", name="ck_variation_counts"),
    )

    id: int | None = Field(default=None, primary_key=True)
    deal_id: int = Field(foreign_key="deal.id", ondelete="CASCADE")  # read by uq_variation_deal_number
    number: int
    name: str = Field(default="", max_length=VARIATION_NAME)
    kind: str = Field(max_length=20)
    at: int
    events_json: str = Field(sa_column=Column(Text, nullable=False))
    made_by: str = Field(default="", max_length=200)
    created_at: datetime = Field(default_factory=lambda: datetime.now(UTC), sa_type=DateTime(timezone=True))
    engine_version: int = 0


DELETION_REASON = 500  # the longest reason given for deleting a deal (migration 0012)
DELETION_LABEL = 300  # the longest label of a deleted deal: its date, match and deal number


class DealDeletion(SQLModel, table=True):
    """A deal deleted from the library, and what brings it back (``data.deletions``): ``deal_id`` is the id it had
    (no foreign key: the deal is gone), ``label`` its date, match and deal number as stored, ``archive`` a JSON
    document of everything a restore needs (its log with its decisions, its decisions as stored, its variations'
    file, its source and import time, its evaluations). ``deleted_by`` is the account's name ("" for the library's
    owner, ``data.accounts.OWNER``). A restore fills ``restored_at``, ``restored_by`` and ``restored_as`` (the id the
    deal came back as); the row stays, as the deal's history."""

    __tablename__ = "deal_deletion"

    id: int | None = Field(default=None, primary_key=True)
    deal_id: int = Field(index=True)
    game: str = Field(max_length=20)
    label: str = Field(default="", max_length=DELETION_LABEL)
    content_hash: str = Field(max_length=64)
    archive: str = Field(sa_column=Column(Text, nullable=False))
    reason: str = Field(default="", max_length=DELETION_REASON)
    deleted_at: datetime = Field(default_factory=lambda: datetime.now(UTC), sa_type=DateTime(timezone=True))
    deleted_by: str = Field(default="", max_length=200)
    deleted_by_id: int | None = Field(default=None, foreign_key="user_account.id")
    restored_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    restored_by: str = Field(default="", max_length=200)
    restored_as: int | None = None


class EvaluationFailure(SQLModel, table=True):
    """A deal whose evaluation failed in a season's run (``fupan evaluate``, ``cluster.season``): the settings, the
    reason (the error's type and message) and when, with the versions that failed; one per deal and settings (a later
    failure replaces it, a stored evaluation of those settings clears it). Deleted with its deal."""

    __tablename__ = "evaluation_failure"
    __table_args__ = (UniqueConstraint("deal_id", "settings_key"),)

    id: int | None = Field(default=None, primary_key=True)
    deal_id: int = Field(foreign_key="deal.id", ondelete="CASCADE")  # read by its unique (deal_id, settings_key)
    settings_key: str = Field(max_length=200)
    reason: str = Field(sa_column=Column(Text, nullable=False))
    failed_at: datetime = Field(default_factory=lambda: datetime.now(UTC), sa_type=DateTime(timezone=True))
    engine_version: int = 0
    coach_version: int = 0


class SeasonRun(SQLModel, table=True):
    """A season's evaluation run (``fupan evaluate``, from the command line or the dashboard; ``cluster.season``): its
    settings, where it runs (the client's host and process, the cluster), its counts so far and a heartbeat the client
    renews while it goes on, so that any dashboard of the library can show a run that another process started; a run
    whose heartbeat stopped without an end was interrupted (its client killed, its machine down)."""

    __tablename__ = "season_run"
    __table_args__ = (CheckConstraint("state IN ('running', 'done', 'stopped', 'failed')", name="season_run_state"),)

    id: int | None = Field(default=None, primary_key=True)
    settings_key: str = Field(max_length=200)
    state: str = Field(default="running", max_length=20)
    started_at: datetime = Field(default_factory=lambda: datetime.now(UTC), sa_type=DateTime(timezone=True))
    heartbeat_at: datetime = Field(default_factory=lambda: datetime.now(UTC), sa_type=DateTime(timezone=True))
    ended_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    total: int = 0
    stored: int = 0
    failed: int = 0
    gone: int = 0
    host: str = Field(default="", max_length=200)
    pid: int = 0
    cluster: str = Field(
        default="", max_length=200
    )  # the scheduler's address; "" for a cluster of the client's machine
    workers: int = 0  # the cluster's workers when the run started
    reason: str | None = Field(default=None, sa_column=Column(Text, nullable=True))  # why a failed run failed


def table_of(model: type[SQLModel]) -> Table:
    """The Core table of a table model, for typed SQL: SQLModel sets ``__table__`` on the class when it
    makes it, and its typing does not declare it (the model's attributes are typed as their values)."""
    table = vars(model).get("__table__")
    if not isinstance(table, Table):
        raise TypeError(f"{model.__name__} is not a table model")
    return table
