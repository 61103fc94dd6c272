"""One event of hundreds of thousands of cards (issue 33, item 13): every message about it names a few of its cards
and how many there are, in the command line's output, its JSON and on the dispute desk; and reading it costs
about what reading its text does (a long event line of the text notation has its cards read in one go, the same
log, or the same error at the same place, as token by token)."""

from __future__ import annotations

import contextlib
import io
import json
import random
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cli
from replay.core.cards import DECK
from replay.formats.limits import Limits
from replay.formats.log import LogError, parse_log
from replay.formats.notation import events as notation_events
from replay.formats.notation.read import format_text
from replay.simulate import simulate_deal

BIG = 633_000  # the cards of the event: a text log of them is just under the dashboard's 2 MB
TOKENS = sorted({c.token for c in DECK})


def huge_log(form: str, n: int = BIG, mixed: bool = False) -> str:
    """A 够级 deal whose event 3 plays ``n`` cards (all 3S, or drawn from every card)."""
    log = simulate_deal(1, "gouji").log
    doc = json.loads(log.dumps())
    rng = random.Random(n)
    cards = [rng.choice(TOKENS) for _ in range(n)] if mixed else ["3S"] * n
    doc["events"][3] = {"seat": doc["events"][3]["seat"], "action": "play", "cards": cards}
    text = json.dumps(doc, ensure_ascii=False)
    return text if form == "json" else format_text(parse_log(text, limits=Limits(10**9, 10**6)))


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(list(args))
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("mixed", [False, True], ids=["one-card", "every-card"])
@pytest.mark.parametrize("form", ["json", "text"])
def test_one_event_of_633000_cards_gives_short_messages(form: str, mixed: bool, tmp_path: Path) -> None:
    """Before: a 5 MB message (13.9 MB with --json), every card of the event in the verdict's text and its JSON."""
    path = tmp_path / f"huge.{form}"
    path.write_text(huge_log(form, mixed=mixed), encoding="utf-8")
    for args in (["check"], ["check", "--json"], ["check", "--lenient"], ["score", "--json"]):
        code, out, err = run_cli(*args, str(path))
        assert code in (1, 2) or args[0] == "score", (args, err)
        longest = max(map(len, (out + err).splitlines()))  # --lenient: a line per illegal event, 20 here
        assert longest < 800 and len(out) < 20_000 and "Traceback" not in err, (args, longest, len(out), err[:300])
    code, out, _ = run_cli("check", "--json", str(path))
    verdict = json.loads(out)["verdicts"][3]
    assert verdict["index"] == 3 and not verdict["legal"] and verdict["cards_total"] == BIG
    assert len(verdict["cards"]) == 24 and "(633,000 cards)" in verdict["message_en"]
    assert "（共 633000 张）" in verdict["message_zh"]


def peak_kb(*command: str) -> int:
    """The peak resident memory of ``command`` (KB): a process whose only child it is reports it."""
    probe = (
        "import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    done = subprocess.run([sys.executable, "-c", probe, *command], capture_output=True, text=True, check=True)
    return int(done.stdout)


@pytest.mark.parametrize(("form", "n"), [("json", 2_000_000), ("text", 4_000_000)])
def test_reading_one_huge_event_is_lean(form: str, n: int, tmp_path: Path) -> None:
    """Before: at 19 MB ``check`` took 157 s and 3.6 GB (a token object, two more and a place noted per card of
    the text notation; the message's cards sorted; the event's place found one card at a time). Now a log of about
    12 MB costs what ``json.loads`` of it costs, plus little: one event of millions of cards included."""
    path = tmp_path / f"huge.{form}"
    path.write_text(huge_log(form, n, mixed=True), encoding="utf-8")
    assert path.stat().st_size > 11_000_000
    fupan = str(Path(sys.executable).with_name("fupan"))
    check = peak_kb(fupan, "check", str(path))
    baseline = peak_kb(sys.executable, "-c", f"import json; json.loads(open({str(path)!r}).read())")
    assert check < 2 * baseline + 200_000 and check < 600_000, (check, baseline)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss > 0


def test_the_desk_says_little_of_a_huge_pasted_event(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Before: the dispute desk held 7.6 MB of text for a pasted log of one 633,000-card event (the radio's
    option, "recorded next", the verdict and "the event", each with every card)."""
    import streamlit as st_module
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("FUPAN_DB", f"sqlite:///{tmp_path / 'fupan.db'}")
    monkeypatch.delenv("DATABASE_URL", raising=False)
    st_module.cache_resource.clear()
    script = "import streamlit as st\nfrom views.pages import dispute\n\nst.session_state.setdefault('lang', 'en')\n"
    at = AppTest.from_string(script + "dispute.render()\n", default_timeout=300)
    at.session_state["lang"] = "en"
    at.run()
    at.radio(key="dispute_source").set_value("paste").run()
    at.text_area(key="dispute_paste").input(huge_log("text")).run()
    at.slider[0].set_value(3).run()
    assert not at.exception, [e.value for e in at.exception]
    texts = [
        str(e.proto) for kind in ("markdown", "caption", "error", "success", "radio", "text") for e in at.get(kind)
    ]
    assert any("633,000 cards" in t.replace("\\", "") for t in texts)  # md() escapes the comma as 633\,000
    assert sum(map(len, texts)) < 20_000, sorted(map(len, texts))[-3:]
    st_module.cache_resource.clear()


# -- a long event line reads as a short one


CARD_WORDS = ["3S", "10H", "BJ", "SJ", "Q", "大王", "♠3", "ＫＳ", "TS", "??", "?", "?3", "ZZ", "", "3S,4S", ",", "、3S",
              "3S，", "，", "#", "＃x", "note"]  # fmt: skip
HEADS = ["0 play", "0:", "0:3S", "1 tribute 2", "1 exchange 9", "0 pass", "0 report 5", "9 play", "0 bogus", "0 show"]


@settings(max_examples=400, deadline=None)
@given(
    head=st.sampled_from(HEADS),
    words=st.lists(st.sampled_from(CARD_WORDS), min_size=1, max_size=12),
    seps=st.lists(st.sampled_from([" ", "  ", "\t", "\u3000"]), min_size=12, max_size=12),
)
def test_a_long_event_line_reads_as_a_short_one(head: str, words: list[str], seps: list[str]) -> None:
    """The bulk reading of a long line's cards (``notation_lex.with_bulk``) gives what the reading token by token
    gives: the same log, or the same error at the same line and column (a bad card, a separator with no card,
    too many tokens), whatever its form (a keyword, the shorthand, a target) and its note."""
    line = head + "".join(sep + word for sep, word in zip(seps, words, strict=False))
    text = "fupan/1 gouji\nprofile gouji-logged\nevents\n0 pass\n" + line + "\n1 pass\n"

    def outcome() -> str:
        try:
            return parse_log(text).dumps()
        except LogError as exc:
            return f"error {exc}"

    short = outcome()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(notation_events, "LONG_LINE", 0)  # every event line read as a long one
        assert outcome() == short
