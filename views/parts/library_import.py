"""The Library's import form: log files (several at once) or pasted text, imported when the form is sent.

The import runs in the send button's callback (before the page is drawn again), so that it can empty the text
box after the pasted log was stored and keep it, as typed, when it was not: a failed import shows the offending
line of the text with a caret under the column (``LogError`` has both), escaped, and the text stays to be
mended. Each file is checked, replayed, coached and stored on its own: a refused one says why (too large, not
UTF-8, not a fupan log, or its error at line and column) and the others are imported. What each import said is
kept in session state and shown below the form once. The form names the library it writes to
(``data.database.public_url``: a password masked).

A visitor who is not signed in imports logs of at most ``views.parts.bounds.ANON_EVENTS`` events (a longer one is
refused after it is read, before anything is stored); a signed-in account has the dashboard's limits.

A log that carries a referee's decisions stores them only for a signed-in referee or admin: the sign-in's token is
checked first (``views.parts.signin.signed_in``: a session joined by another websocket, or a token expired or
forged, is signed out and nothing of that log is stored), then ``data.accounts.import_as`` checks the account
again in the import's transaction; for anyone never signed in the deal is imported without its decisions and the
import says so.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass

import streamlit as st

from data.accounts import DECIDE, IMPORT, Actor, NotPermitted, authorize, import_as
from data.database import DatabaseStateError, public_url
from data.importer import ImportResult, import_log
from data.variation_rows import FILE_SUFFIX
from replay.core.said import error_in, said_in
from replay.formats.log import Log, LogError, decode_log, parse_log
from replay.formats.logfiles import LOG_SUFFIXES, log_form
from replay.rules.profile import ProfileError
from views.parts.access import actor, offered, refusal
from views.parts.bounds import events_refusal
from views.parts.common import (
    MAX_UPLOAD_BYTES,
    UPLOAD_LIMITS,
    engine,
    open_deal,
    replay_of,
    size_text,
    t,
    too_large,
)
from views.parts.signin import dropped, signed_in
from views.parts.texts import lang, md

FILES = "import_files"  # the uploader's key (with a counter: a new uploader, empty, after each import)
FILES_ROUND = "import_files_round"
PASTE = "import_paste"
SAID = "import_said"  # what the last import said, shown once below the form
SHOWN_CHARS = 120  # the most characters of an offending line shown around its column


@dataclass(frozen=True)
class Message:
    """One message of an import: its kind (``error``, ``warning``, ``success``, ``info``, ``caption``), its
    Markdown text (log text in it escaped) and, for a log that cannot be read, the offending line with a caret
    under the column (shown as code: as it is)."""

    kind: str
    text: str
    where: str | None = None


def error_text(exc: Exception) -> str:
    """What a log that cannot be read says of itself in the chosen language (the one place its words are taken
    from): a LogError's reason and JSON path (the page names the source, line and column before it), any other
    error's text (``replay.core.said.error_in``)."""
    if isinstance(exc, LogError):
        path = t(f"（JSON 路径 {exc.path}）", f" ({exc.path})") if exc.path else ""
        return t(exc.reason_zh, exc.reason) + path
    return error_in(exc, lang())


def _width(text: str) -> int:
    """How many columns ``text`` takes in a monospaced font (a wide Chinese character two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def caret(text: str, line: int | None, col: int | None) -> str | None:
    """The ``line``-th line of ``text`` (1-based) and a caret under its ``col``-th character (1-based), cut to
    ``SHOWN_CHARS`` around the column; None without a line, or beyond the text."""
    if line is None or line < 1:
        return None
    lines = text.splitlines()
    if line > len(lines):
        return None
    row = lines[line - 1].expandtabs(1)
    at = max(1, min(col or 1, len(row) + 1)) - 1  # 0-based, at most just past the line's end
    start = max(0, at - SHOWN_CHARS // 2)
    end = min(len(row), start + SHOWN_CHARS)
    shown = ("…" if start else "") + row[start:end] + ("…" if end < len(row) else "")
    pad = _width(("…" if start else "") + row[start:at])
    return f"{line:>5} | {shown}\n{'':>5} | {' ' * pad}^"


GO = "library_go"  # session state: the deal a row, the Open button or an import asks for (``views.pages.library``)


def form(expanded: bool) -> None:
    """The upload / paste form, the library it writes to, and what the last import said; on a club server, for a
    signed-in member or above only (else why not, ``views.parts.access``)."""
    if not offered(IMPORT):
        st.caption(refusal(IMPORT))
        _show(st.session_state.pop(SAID, None))
        return
    with st.expander(t("导入牌局", "Import a deal"), expanded=expanded):
        st.caption(
            t(
                "JSON（fupan/1 或 fupan/2）或文本记录格式的日志，以及导出时放在日志旁的变着文件（并入库里的那一局），可以一次选几个文件；每个文件",
                "Logs in JSON (fupan/1 or fupan/2) or the text notation, and an export's variations (.variations, merged "
                "into their stored deal), several files at once if you like; each file",
            )
            + " "
            + size_text()
            + t("。", ".")
        )
        st.caption(t("导入到：", "Imports go to: ") + md(public_url()))
        st.caption(_decisions_note())
        rounds = int(st.session_state.get(FILES_ROUND, 0))
        with st.form("fupan_import", clear_on_submit=False, border=False):
            st.file_uploader(
                t("日志文件", "Log files"),
                type=[*(s.lstrip(".") for s in LOG_SUFFIXES), FILE_SUFFIX.lstrip("."), "csv"],
                accept_multiple_files=True,
                max_upload_size=max(1, math.ceil(MAX_UPLOAD_BYTES / 1_048_576)),
                key=f"{FILES}_{rounds}",
            )
            st.text_area(t("或者粘贴日志文本", "Or paste the log text"), height=180, key=PASTE)
            st.form_submit_button(t("导入并打开", "Import and open"), type="primary", on_click=_send)
        _show(st.session_state.pop(SAID, None))


def show_said() -> None:
    """What the last import said, once (the Replay page, where "import and open" opens the deal it imported)."""
    _show(st.session_state.pop(SAID, None))


def _show(said: list[Message] | None) -> None:
    for s in said or []:
        getattr(st, s.kind)(s.text)
        if s.where is not None:
            st.code(s.where, language=None)


def _send() -> None:
    """The form's callback: import every file and the pasted text; keep what each said; empty the text box
    when its log was stored (a new, empty uploader either way)."""
    rounds = int(st.session_state.get(FILES_ROUND, 0))
    files = st.session_state.get(f"{FILES}_{rounds}") or []
    pasted = st.session_state.get(PASTE) or ""
    said: list[Message] = []
    who = actor(IMPORT)  # the token checked now; the account again in each write's transaction
    if who is None:
        said.append(
            Message("error", md(dropped() or refusal(IMPORT)) + t("没有存入任何内容。", " Nothing was stored."))
        )
        st.session_state[SAID] = said
        return
    items: list[tuple[str, bytes | str]] = [(f.name, f.getvalue()) for f in files]
    if pasted.strip():
        items.append((t("粘贴的文本", "pasted text"), pasted))
    if not items:
        said.append(Message("warning", t("先选一个文件或粘贴日志文本。", "Choose a file or paste a log first.")))
    opened = None
    sides = [(source, content) for source, content in items if source.endswith(FILE_SUFFIX)]
    for source, content in items:
        if (source, content) in sides:
            continue
        if source.lower().endswith(".csv"):  # a season's score sheets, a deal a row (``data.sheets``)
            _sheets_one(source, content, said, who)
            continue
        deal_id = _import_one(source, content, said, who)
        if deal_id is not None:
            opened = deal_id
            if isinstance(content, str):  # the pasted log is stored: the box is emptied
                st.session_state[PASTE] = ""
    for source, content in sides:  # after the logs: a deal imported with its variations' file is there for it
        _variations_one(source, content, said)
    st.session_state[FILES_ROUND] = rounds + 1
    st.session_state[SAID] = said
    if opened is not None:
        open_deal(opened)
        if not any(s.kind in ("error", "warning") for s in said):  # all went well: the deal on the Replay page
            st.session_state[GO] = opened


def _import_one(source: str, content: bytes | str, said: list[Message], who: Actor) -> int | None:
    """Check, store and report one log (into ``said``); its deal's id when it is in the library."""
    refusal = too_large(source, content)
    if refusal:
        said.append(Message("error", refusal))
        return None
    text = ""
    try:
        text = decode_log(content, source, UPLOAD_LIMITS) if isinstance(content, bytes) else content
        log = parse_log(text, source, UPLOAD_LIMITS)
        refusal = events_refusal(md(source), len(log.events))
        if refusal:
            said.append(Message("error", refusal))
            return None
        result = _store(log, source, said, who)
        if result is None:
            return None
    except (LogError, ProfileError) as exc:
        said.append(_unreadable(source, text, exc))
        return None
    except DatabaseStateError as exc:  # read-only, damaged, deleted or replaced: said as it is
        said.append(Message("error", md(source) + t("：没有存入：", ": not stored: ") + md(exc)))
        return None
    except NotPermitted as exc:  # the account, read again in the import's transaction, may not import
        said.append(Message("error", md(source) + t("：没有存入：", ": not stored: ") + md(error_in(exc, lang()))))
        return None
    except Exception as exc:  # a fault of ours: report it, keep the app running
        said.append(Message("error", md(source) + t("：导入时出错：", ": the import failed: ") + md(f"{type(exc).__name__}: {exc}")))  # fmt: skip
        return None
    if result.status == "error" or result.deal_id is None:
        said.append(
            Message(
                "error", md(source) + t("：存不进库：", ": it cannot be stored: ") + md(said_in(result.reason, lang()))
            )
        )
        return None
    if result.status == "added":
        said.append(
            Message(
                "success",
                md(source) + t(f"：已加入第 {result.deal_id} 局。", f": added as deal {result.deal_id}."),
            )
        )
    else:
        said.append(
            Message(
                "info",
                md(source)
                + t(
                    f"：这一局已经在库里（第 {result.deal_id} 局）。",
                    f": this deal is already in the library (deal {result.deal_id}).",
                ),
            )
        )
    check = _check_line(result.deal_id)
    if check is not None:
        said.append(check)
    return result.deal_id


def _sheets_one(source: str, content: bytes | str, said: list[Message], who: Actor) -> None:
    """Store a season's CSV of score sheets, a deal a row (``data.sheets.import_sheets``), and report it: the deals
    added and already there, and each row refused with its line, column and reason (nothing of it stored)."""
    from data.sheets import import_sheets

    refusal = too_large(source, content)
    if refusal:
        said.append(Message("error", refusal))
        return
    text = ""
    try:
        text = decode_log(content, source, UPLOAD_LIMITS) if isinstance(content, bytes) else content
        results = import_sheets(engine(), text, source, authorize(who, IMPORT), limits=UPLOAD_LIMITS)
    except NotPermitted as exc:  # the account, read again in the first row's transaction, may not import
        said.append(Message("error", md(source) + t("：没有存入：", ": not stored: ") + md(error_in(exc, lang()))))
        return
    except LogError as exc:
        said.append(_unreadable(source, text, exc))
        return
    except DatabaseStateError as exc:
        said.append(Message("error", md(source) + t("：没有存入：", ": not stored: ") + md(exc)))
        return
    added = sum(r.status == "added" for r in results)
    again = sum(r.status == "duplicate" for r in results)
    bad = [r for r in results if r.status == "error"]
    said.append(
        Message(
            "success" if added and not bad else "info",
            md(source)
            + t(
                f"：成绩单 {added} 局存入，{again} 局已在库里。",
                f": {added} score sheets added, {again} already there.",
            ),
        )
    )
    for r in bad:
        line = r.source.rsplit(":", 1)[-1]
        said.append(
            Message("error", md(source) + t(f" 第 {line} 行没有存入：", f" line {line} not stored: ") + md(r.reason))
        )


def _variations_one(source: str, content: bytes | str, said: list[Message]) -> None:
    """Merge an export's ``.variations`` file into the stored deal it names (``data.variations``: for a signed-in
    referee or admin, checked again in the write's transaction; all of the file or none), and report it: the deal and
    how many were added, or why nothing was (a bad entry named by its place, ``variations[i].field``)."""
    from data.variations import VariationError, import_variations_file

    refusal = too_large(source, content)
    if refusal:
        said.append(Message("error", refusal))
        return
    name = signed_in()
    if name is None:
        why = dropped() or t("没有登录", "nobody is signed in")
        said.append(Message("warning", md(source) + t("：变着没有导入（只为登录的裁判或管理员导入）：",
                    ": its variations are not imported (for a signed-in referee or admin only): ") + md(why)))  # fmt: skip
        return
    try:
        text = content.decode("utf-8") if isinstance(content, bytes) else content
        deal_id, added = import_variations_file(engine(), text, name)
    except UnicodeDecodeError:
        said.append(Message("error", md(source) + t("：不是 UTF-8 文本", ": not UTF-8 text")))
        return
    except (NotPermitted, VariationError, DatabaseStateError) as exc:
        said.append(Message("error", md(source) + t("：变着没有导入：", ": its variations are not imported: ")
                            + md(error_in(exc, lang()))))  # fmt: skip
        return
    said.append(
        Message(
            "success" if added else "info",
            md(source)
            + t(
                f"：第 {deal_id} 局加入 {added} 个变着" + ("" if added else "（都已在库里）") + "。",
                f": {added} variation{'s' if added != 1 else ''} added to deal {deal_id}"
                + ("" if added else " (all of them are there already)")
                + ".",
            ),
        )
    )


def _unreadable(source: str, text: str, exc: LogError | ProfileError) -> Message:
    """Why a log cannot be read, with its offending line and a caret under the column (a LogError's)."""
    line, col = (exc.line, exc.col) if isinstance(exc, LogError) else (None, None)
    if isinstance(exc, LogError) and text and log_form(text) is None:  # the reader's own test, past comments
        head = t("不是 fupan 日志", "not a fupan log")
    elif isinstance(exc, LogError) and exc.reason.startswith("file is not UTF-8"):
        head = t("不是 UTF-8 文本", "not UTF-8 text")
    else:
        head = t("读不了这份日志", "this log cannot be read")
    where = t(f"（第 {line} 行第 {col} 列）", f" (line {line}, column {col})") if line and col else ""
    return Message(
        "error",
        md(source) + t("：", ": ") + head + where + t("：", ": ") + md(error_text(exc)),
        caret(text, line, col) if text else None,
    )


def _decisions_note() -> str:
    """What happens to a log's referee decisions, for whoever is (not) signed in."""
    name = signed_in()
    if name is None:
        why = dropped()  # a sign-in dropped on this run (said here once)
        return (md(why) + " " if why else "") + t(
            "记录里的裁判裁定只为登录的裁判或管理员存入（在侧栏登录）；否则只导入牌局本身，不带裁定。",
            "A log's referee decisions are stored only for a signed-in referee or admin (sign in in the sidebar); "
            "otherwise the deal itself is imported without its decisions.",
        )
    if not offered(DECIDE):
        return md(
            t(
                f"已登录：{name}。这个账号不能存入裁定：记录里的裁判裁定不会存入，只导入牌局本身。",
                f"Signed in as {name}: this account may not store rulings; a log's referee decisions are left out "
                "and the deal itself is imported.",
            )
        )
    return md(
        t(
            f"已登录：{name}。记录里的裁判裁定以这个账号存入。",
            f"Signed in as {name}: a log's referee decisions are stored as this account's.",
        )
    )


def _store(log: Log, source: str, said: list[Message], who: Actor) -> ImportResult | None:
    """Import a log for ``who`` (checked again in the import's transaction: NotPermitted): with its decisions for a
    signed-in referee or admin (its token and account checked again on the server), else the deal without its
    decisions (said). None when a sign-in failed its check here (said; nothing stored)."""
    if not log.decisions:
        return import_log(engine(), log, source, authorize(who, IMPORT))
    n = len(log.decisions)
    name = signed_in()
    why_out = dropped() if name is None else None
    if why_out is not None:
        said.append(Message("error", md(source) + t("：没有存入。", ": not stored. ") + md(why_out)))
        return None
    if name is not None:
        try:
            return import_as(engine(), log, source, name)
        except NotPermitted as exc:
            why = t("这个账号不能存入裁定：", "this account may not store decisions: ") + md(error_in(exc, lang()))
    else:
        why = t("没有登录", "nobody is signed in")
    said.append(
        Message(
            "warning",
            t(
                f"{md(source)}：记录里有 {n} 条裁判裁定，没有存入（{why}）。只导入了牌局本身。",
                f"{md(source)}: the log carries {n} referee's decision{'s' if n != 1 else ''}, not stored ({why}). "
                "Only the deal itself was imported.",
            ),
        )
    )
    return import_log(engine(), log.deal_only(), source, authorize(who, IMPORT))


def _check_line(deal_id: int) -> Message | None:
    """What the replay found: every event legal or how many rule violations; finished or not."""
    rep = replay_of(deal_id)
    if rep is None:
        return None
    score = rep.score()
    done = (
        t("没打完", "not finished") if score is None else t("作废", "void") if score.void else t("已打完", "finished")
    )
    if rep.ok:
        return Message("caption", t(f"规则检查：每一手都合法；{done}。", f"Rule check: every event is legal; {done}."))
    n = len(rep.illegal)
    return Message(
        "warning",
        t(
            f"规则检查：{n} 处违规（在“复盘”和“争议台”里看）；{done}。",
            f"Rule check: {n} rule violation{'s' if n != 1 else ''} (see Replay and the Dispute desk); {done}.",
        ),
    )
