"""The dashboard's accounts, and the write they allow: recording a referee's decision on an event.

An account (table ``user_account``, model ``data.models.User``) has a unique name, an argon2id password
hash (argon2-cffi, its default parameters: RFC 9106's low-memory profile), a role and a disabled flag.
The roles, each allowed what the ones before it are (``Right``: what a write needs):

- ``member``: imports logs and enters score sheets (``IMPORT``);
- ``referee``: also records rulings (``DECIDE``, a log's decisions too), keeps variations (``VARY``) and deletes deals
  (``DELETE``: the deletion is recorded, ``data.deletions``);
- ``admin``: also undoes a deletion (``RESTORE``) and manages the accounts (``fupan user add/passwd/role/disable``,
  on the server's machine).

A club's admin adds accounts with ``fupan user add NAME --role member`` (``cli.users``); there is no sign-up.
Whoever runs fupan on their own machine owns the library (``OWNER``: the command line, and the dashboard served
without ``fupan serve``): a write made as the owner checks no account; a ruling still needs a signed-in account,
whose name it carries.

- ``add_user(engine, name, password, role)``, ``set_password(engine, name, password)``,
  ``disable_user(engine, name)``, ``get_user(engine, name)``, ``list_users(engine)``: AccountError (a
  ValueError) with a one-line message for a bad name, role or password, a name taken, no such user.
- ``verify_user(engine, name, password)``: the enabled account whose password this is, else None
  (an unknown name costs a hash all the same, so the time does not tell names apart); a hash made with
  older parameters is replaced by one with the current ones.
  At most ``VERIFYING`` (2) password hashes are checked or made by ``verify_user`` at once in the process
  (argon2id takes 64 MiB each): parallel sign-ins wait their turn, and one that waits longer than
  ``BUSY_AFTER`` seconds raises ``Busy``, so a burst of attempts cannot exhaust the server's memory.
- ``writer(conn, actor, right)``: the check of every write, made first in the write's own transaction: the
  account (read ``FOR SHARE`` on PostgreSQL) must exist, be enabled and hold a role with the right; None for the
  owner. ``authorize(actor, right)`` is that check as ``data.importer.Authorize``.
- ``import_as(engine, log, source, actor)``: a log uploaded in the dashboard, imported for a member or above, its
  decisions for a referee or above (checked again in the import's transaction), the decisions stored as theirs.
- ``record_decision(engine, deal_id, decision, user_name)``: store a decision from the dashboard. In
  the same transaction as the insert it reads the account again and refuses (NotPermitted, a
  PermissionError) unless it exists, is enabled and has a role that may decide; the deal must exist
  and hold the event (ValueError otherwise). The stored decision's ``referee`` is the account's name,
  whatever the form said. The caller passes the name of the signed-in user, never one typed in a form.

Names are compared as typed, after Unicode NFC normalization and stripping surrounding spaces.
"""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import func, insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from data.database import WRITE, DatabaseStateError
from data.decisions import (
    StoredDecision,
    decision_by_id,
    lock_deal,
    standing_decisions,
    store_decisions,
    stored_id,
    unstorable,
    utc,
)
from data.importer import ImportResult, import_log
from data.models import EventRow, User, table_of
from replay.core.errors import FupanError
from replay.core.said import said
from replay.formats.decisions import Decision
from replay.formats.log import Log

MEMBER, REFEREE, ADMIN = "member", "referee", "admin"
ROLES = (MEMBER, REFEREE, ADMIN)  # each role may do what the ones before it may
MAX_NAME = 200
MIN_PASSWORD = 8
MAX_PASSWORD = 1024

HASHER = PasswordHasher()
"""The password hasher (argon2id). Its parameters may change between versions: a password verified
against a hash made with other parameters is hashed again (``verify_user``)."""

USERS = table_of(User)
_EVENTS = table_of(EventRow)


class AccountError(FupanError):
    """An account that cannot be added or changed: a bad name, role or password, a name taken, no such user."""


class Busy(FupanError, RuntimeError):
    """Too many sign-ins are being checked at once: try again shortly (nothing was checked)."""


class NotPermitted(FupanError, PermissionError):
    """A write the user may not make: no such user, a disabled account, or a role without the right."""


@dataclass(frozen=True)
class Right:
    """What a write needs: the least role that may make it, and what it does (Chinese, English) for messages."""

    role: str
    doing: tuple[str, str]

    def allows(self, role: str) -> bool:
        """Whether an account of ``role`` may make this write."""
        return role in ROLES and ROLES.index(role) >= ROLES.index(self.role)


IMPORT = Right(MEMBER, ("导入记录和成绩单", "import logs and score sheets"))
DECIDE = Right(REFEREE, ("记录裁判的裁定", "record a referee's decision"))
VARY = Right(REFEREE, ("保存或修改牌局库里的变着", "keep or change the library's variations"))
DELETE = Right(REFEREE, ("删除牌局", "delete deals"))
RESTORE = Right(ADMIN, ("恢复删除的牌局", "restore a deleted deal"))
PRICE = Right(REFEREE, ("启动整季评估", "start the season's pricing run"))  # every core, for a while
RIGHTS = (IMPORT, DECIDE, VARY, DELETE, RESTORE, PRICE)


class Owner:
    """Whoever runs fupan on their own machine (the command line; the dashboard without ``fupan serve``): owns the
    library, no account checked. ``OWNER`` is the one value."""

    def __repr__(self) -> str:
        return "OWNER"


OWNER = Owner()
Actor = Owner | str
"""Who makes a write: the owner, or the name of a signed-in account (checked in the write's transaction)."""


# -- checks -------------------------------------------------------------------------------------


def normalize_name(name: str) -> str:
    """A name as stored and compared: NFC, without surrounding spaces."""
    return unicodedata.normalize("NFC", name).strip()


def _bad_char(text: str) -> bool:
    """True when ``text`` holds a control character or a lone surrogate."""
    return any(unicodedata.category(c) in ("Cc", "Cs") for c in text)


def check_name(name: str) -> str:
    """The normalized name; AccountError when it is empty, too long or holds control characters."""
    if not isinstance(name, str):
        raise AccountError("a user name must be text")
    norm = normalize_name(name)
    if not norm:
        raise AccountError("a user name cannot be empty")
    if len(norm) > MAX_NAME:
        raise AccountError(f"a user name has at most {MAX_NAME} characters (this one {len(norm)})")
    if _bad_char(norm):
        raise AccountError(f"the user name {norm!r} holds a control character")
    return norm


def check_role(role: str) -> str:
    """The role; AccountError when it is none of ROLES."""
    if role not in ROLES:
        raise AccountError(f"unknown role {role!r} (expected {', '.join(ROLES[:-1])} or {ROLES[-1]})")
    return role


def check_password(password: str) -> str:
    """The password; AccountError when it is shorter than MIN_PASSWORD or not plain text."""
    if not isinstance(password, str):
        raise AccountError("a password must be text")
    if len(password) < MIN_PASSWORD:
        raise AccountError(f"a password needs at least {MIN_PASSWORD} characters")
    if len(password) > MAX_PASSWORD:
        raise AccountError(f"a password has at most {MAX_PASSWORD} characters")
    if any(unicodedata.category(c) == "Cs" for c in password):
        raise AccountError("the password holds text that is not valid Unicode")
    return password


# -- accounts -----------------------------------------------------------------------------------


def _user(row: Any) -> User:
    return User(**{**row._mapping, "created_at": utc(row.created_at)})


def _find(conn: Connection, name: str, lock: bool = False) -> Any:
    stmt = select(USERS).where(USERS.c.name == name)
    if lock:  # PostgreSQL: FOR SHARE, an account cannot be disabled before this transaction ends
        stmt = stmt.with_for_update(read=True)
    return conn.execute(stmt).first()


def get_user(engine: Engine, name: str) -> User | None:
    """The account of that name (enabled or not), or None."""
    with engine.connect() as conn:
        row = _find(conn, normalize_name(name))
    return None if row is None else _user(row)


def list_users(engine: Engine) -> list[User]:
    """Every account, by name."""
    with engine.connect() as conn:
        return [_user(row) for row in conn.execute(select(USERS).order_by(USERS.c.name))]


def add_user(engine: Engine, name: str, password: str, role: str) -> User:
    """Add an enabled account; AccountError for a bad name, role or password or a name taken."""
    name, role = check_name(name), check_role(role)
    digest = HASHER.hash(check_password(password))  # before the transaction: hashing takes a while
    user = User(name=name, password_hash=digest, role=role, created_at=datetime.now(UTC), disabled=False)
    try:
        with engine.execution_options(**WRITE).begin() as conn:
            values = user.model_dump(exclude={"id"})
            user.id = conn.execute(insert(USERS).values(values).returning(USERS.c.id)).scalar_one()
    except IntegrityError:
        raise AccountError(f"a user named {name!r} exists already") from None
    return user


def _change(engine: Engine, name: str, **values: Any) -> None:
    name = check_name(name)
    with engine.execution_options(**WRITE).begin() as conn:
        changed = conn.execute(update(USERS).where(USERS.c.name == name).values(**values)).rowcount
    if changed == 0:
        raise AccountError(f"no user named {name!r}")


def set_password(engine: Engine, name: str, password: str) -> None:
    """Give the account a new password; AccountError for no such user or a bad password."""
    _change(engine, name, password_hash=HASHER.hash(check_password(password)))


def disable_user(engine: Engine, name: str) -> None:
    """Disable the account (it can no longer sign in nor record decisions; its decisions stay)."""
    _change(engine, name, disabled=True)


def set_role(engine: Engine, name: str, role: str) -> None:
    """Give the account another role (checked at its next write: a signed-in session needs no new sign-in);
    AccountError for no such user or an unknown role."""
    _change(engine, name, role=check_role(role))


@lru_cache(maxsize=4)
def _dummy_hash(hasher: PasswordHasher) -> str:
    return hasher.hash("fupan: no such user")


VERIFYING = threading.BoundedSemaphore(2)  # argon2 hashes checked or made by verify_user at once
BUSY_AFTER = 30.0  # seconds a sign-in waits for its turn before Busy


@contextmanager
def _hashing() -> Iterator[None]:
    """A turn to check or make a password hash (at most two at once in the process); Busy after BUSY_AFTER s."""
    if not VERIFYING.acquire(timeout=BUSY_AFTER):
        raise Busy(said("登录的人太多：请稍后再试", "too many sign-ins at once: try again shortly"))
    try:
        yield
    finally:
        VERIFYING.release()


def _matches(digest: str, password: str) -> bool:
    try:
        with _hashing():
            return HASHER.verify(digest, password)
    except (VerificationError, InvalidHashError):
        return False


def verify_user(engine: Engine, name: str, password: str) -> User | None:
    """The enabled account of that name whose password this is, else None. An unknown or disabled
    account is checked against a dummy hash, so it takes about as long as a wrong password. A hash made
    with other parameters than HASHER's is replaced (only if nobody changed it meanwhile). At most two
    hashes at once in the process (``VERIFYING``): Busy when no turn came within BUSY_AFTER seconds."""
    if not isinstance(name, str) or not isinstance(password, str):
        return None
    with engine.connect() as conn:
        row = _find(conn, normalize_name(name))
    if row is None or row.disabled:
        _matches(_dummy_hash(HASHER), password)
        return None
    if not _matches(row.password_hash, password):
        return None
    user = _user(row)
    if HASHER.check_needs_rehash(row.password_hash):
        with _hashing():
            digest = HASHER.hash(password)
        try:
            with engine.execution_options(**WRITE).begin() as conn:
                stmt = update(USERS).where(USERS.c.id == row.id, USERS.c.password_hash == row.password_hash)
                if conn.execute(stmt.values(password_hash=digest)).rowcount:
                    user.password_hash = digest
        except DatabaseStateError:  # a read-only library: the old hash stays, the account still signs in
            pass
    return user


# -- decisions ----------------------------------------------------------------------------------


ROLE_ZH = {MEMBER: "会员", REFEREE: "裁判", ADMIN: "管理员"}  # the roles as the Chinese messages name them


WHO_MAY = {  # who may make a write that needs the role, in Chinese and English
    MEMBER: ("会员、裁判或管理员", "a member, a referee or an admin"),
    REFEREE: ("裁判或管理员", "a referee or an admin"),
    ADMIN: ("管理员", "an admin"),
}


def _may_write(row: Any, name: str, right: Right) -> None:
    """NotPermitted unless the account exists, is enabled and has a role with ``right``."""
    zh, en = right.doing
    who_zh, who_en = WHO_MAY[right.role]
    if not name:
        raise NotPermitted(
            said(f"没有登录：只有登录的{who_zh}才能{zh}", f"nobody is signed in: only a signed-in {who_en} may {en}")
        )
    if row is None:
        raise NotPermitted(
            said(
                f"没有名为 {name!r} 的用户：只有登录的{who_zh}才能{zh}",
                f"no user named {name!r}: only a signed-in {who_en} may {en}",
            )
        )
    if row.disabled:
        raise NotPermitted(
            said(f"账号 {name!r} 已停用：不能{zh}", f"the account {name!r} is disabled: it may not {en}")
        )
    if not right.allows(row.role):
        role = ROLE_ZH.get(row.role, row.role)
        raise NotPermitted(
            said(
                f"账号 {name!r} 的角色是{role}：只有{who_zh}才能{zh}",
                f"the account {name!r} has the role {row.role!r}: only {who_en} may {en}",
            )
        )


def writer(conn: Connection, actor: object, right: Right) -> Any:
    """The check of every write: the account row of the signed-in ``actor``, read (on PostgreSQL ``FOR SHARE``) in
    the write's own transaction ``conn``; NotPermitted unless it exists, is enabled and its role has ``right``.
    None for ``OWNER`` (no account checked)."""
    if actor is OWNER:
        return None
    name = normalize_name(actor) if isinstance(actor, str) else ""
    row = _find(conn, name, lock=True) if name else None
    _may_write(row, name, right)
    return row


def authorize(actor: Actor, right: Right = IMPORT) -> Callable[[Connection], int | None]:
    """``writer`` as an import's check (``data.importer.Authorize``): raises NotPermitted, or gives the id of the
    account the import's decisions are stored for (None for the owner)."""

    def check(conn: Connection) -> int | None:
        row = writer(conn, actor, right)
        return None if row is None else int(row.id)

    return check


def _same_ruling(a: Decision, b: Decision) -> bool:
    """Whether two decisions on an event say the same thing (their times aside)."""
    return a.key[:5] == b.key[:5]


def record_decision(engine: Engine, deal_id: int, decision: Decision, user_name: Actor) -> StoredDecision:
    """Store a decision made in the dashboard by the signed-in account ``user_name``, in one transaction:
    the account is read again there (NotPermitted unless it exists, is enabled and may decide), the deal
    must exist and hold the event (ValueError), the decision's referee becomes the account's name. The
    same decision stored before (the same ``Decision.key``) is not stored again: its row is returned; nor is one
    that says what the event's standing decision says (outcome, rule, text and referee; only its time differs:
    a form submitted twice), which is returned instead."""
    name = normalize_name(user_name) if isinstance(user_name, str) else ""  # a ruling carries an account's name
    with engine.execution_options(**WRITE).begin() as conn:
        row = _find(conn, name, lock=True) if name else None
        _may_write(row, name, DECIDE)
        assert row is not None  # _may_write refuses none
        if not lock_deal(conn, deal_id):
            raise ValueError(said(f"牌局库里没有第 {deal_id} 局", f"no deal {deal_id} in the library"))
        where = (_EVENTS.c.deal_id == deal_id, _EVENTS.c.idx == decision.event)
        if conn.execute(select(_EVENTS.c.id).where(*where)).first() is None:
            n = conn.execute(select(func.count()).select_from(_EVENTS).where(_EVENTS.c.deal_id == deal_id)).scalar()
            raise ValueError(
                said(
                    f"第 {deal_id} 局没有第 {decision.number} 手（共 {n} 手：第 1 到第 {n} 手）",
                    f"deal {deal_id} has no event {decision.number} (its events are 1..{n})",
                )
                if n
                else said(f"第 {deal_id} 局没有可裁定的动作", f"deal {deal_id} has no events to decide on")
            )
        signed = decision._replace(referee=row.name)
        problem = unstorable(signed)
        if problem is not None:
            raise ValueError(f"the decision's {problem[0]} {problem[1]}")
        standing = standing_decisions(conn, deal_id).get(decision.event)
        if standing is not None and _same_ruling(standing.decision, signed):
            return standing  # submitted twice (a double click, a rerun a second later): stored once
        (new_id,) = store_decisions(conn, deal_id, [signed], user_id=row.id)
        found = decision_by_id(conn, new_id if new_id is not None else stored_id(conn, deal_id, signed))
    assert found is not None
    return found


def import_as(engine: Engine, log: Log, source: str, actor: Actor) -> ImportResult:
    """Import a log uploaded in the dashboard by ``actor`` (``data.importer.import_log``): the account is checked
    before the deal is replayed and again first in the import's transaction (NotPermitted unless it exists, is
    enabled and may import: a member or above; a log with decisions needs a referee or above; nothing stored then),
    and the log's new decisions are stored as stored by that account."""
    check = authorize(actor, DECIDE if log.decisions else IMPORT)
    with engine.connect() as conn:
        check(conn)
    return import_log(engine, log, source, check)
