"""``fupan branch``: a variation written as a complete log that ``fupan check`` reads clean, in the input's own form;
bad ``--at`` and ``--play`` give one line naming the place (exit 2), never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

import cli
from data.make_samples import SAMPLES_DIR
from replay.formats.log import read_log
from replay.replay import Replay

GOUJI = SAMPLES_DIR / "gouji" / "gouji-2026-09-01-d1.json"
RANG = SAMPLES_DIR / "disputes" / "02-rang-then-answer.txt"


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_move_and_a_playout_make_a_json_log_that_checks_clean(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rep = Replay(read_log(GOUJI))
    move = next(e for e in rep.engine.legal_actions(rep.states[40]) if e.action == "play")
    typed = f"{move.seat} 出 " + " ".join(c.token for c in move.cards)
    out = tmp_path / "v.json"
    code, _, err = run(capsys, "branch", GOUJI, "--at", 40, "--play", typed, "--playout", "--seed", 2, "--out", out)
    assert code == 0 and "40 recorded events, 1 move," in err and "变着：记录的前 40 步，1 步着法，教练策略续打" in err
    assert out.read_text(encoding="utf-8").lstrip().startswith("{")  # the input's form: JSON
    log = read_log(out)
    assert log.events[:40] == rep.log.events[:40] and log.events[40] == move
    assert log.result is None and log.decisions == ()
    code, text, _ = run(capsys, "check", out)
    assert code == 0 and "all legal" in text
    again = Replay(log)
    assert again.final.terminal and again.score() is not None


def test_a_text_log_gives_a_text_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "branch", RANG, "--at", 7, "--play", "0 出 J J", "--play", "1 过；2 过")
    assert code == 0 and out.startswith("fupan/1 gouji")
    assert out.rstrip().splitlines()[-3:] == ["0 play J J", "1 pass", "2 pass"]
    path = tmp_path / "v.txt"
    path.write_text(out, encoding="utf-8")
    code, text, _ = run(capsys, "check", path)
    assert code == 0 and "10 events, all legal" in text


@pytest.mark.parametrize("at", ["-1", "9"])
def test_a_step_outside_the_record_is_refused(capsys: pytest.CaptureFixture[str], at: str) -> None:
    code, out, err = run(capsys, "branch", RANG, "--at", at, "--play", "0 出 J J")
    assert code == 2 and out == ""
    assert (
        err
        == f"fupan: --at {at}: 步应在 0 至 8 之间（第 k 步：第 k 手之后的牌桌） / the step must be 0 to 8 (step k: the table after event k; the log has 8 events)\n"
    )


def test_an_unreadable_move_names_its_place(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "branch", RANG, "--at", 7, "--play", "0 出 J J", "--play", "1 飞")
    assert code == 2 and out == "" and err.startswith("fupan: --play 2:1:3: ") and "飞" in err
    assert "Traceback" not in err


def test_an_illegal_move_is_refused_with_its_rule_and_step(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "branch", RANG, "--at", 7, "--play", "4 出 Q Q")
    assert code == 2 and out == ""
    assert "--at 7" in err and "step 7" in err and "4 play Q Q" in err and "[GJ-RANG]" in err
    assert "對讓牌人順的牌，唯有對頭才有上牌權" in err and len(err.splitlines()) == 1


def test_a_playout_needs_the_hands(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "branch", RANG, "--at", 7, "--playout")
    assert code == 2 and "--playout needs every hand known" in err


def test_check_and_replay_show_the_line_as_ruled(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "answered.txt"
    path.write_text(RANG.read_text(encoding="utf-8") + "\n0 play J J\n5 play Q Q\n", encoding="utf-8")
    code, out, _ = run(capsys, "check", "--lenient", path)
    assert code == 1
    assert "as ruled / 按规则: event 8 does not stand, withdrawn / 第 8 手不成立，撤回" in out
    assert "  event 9, seat 0: as ruled legal / 合规; as played [CARD-ORDER]" in out
    assert out.count("the record departs from the rules here") == 1 and "记录自此偏离规则" in out
    assert "no referee has decided event 8 yet" in out
    code, out, _ = run(capsys, "replay", path, "--step", "9")
    assert (
        "as played / 按记录: the table as played: the illegal events 8, 9 stand on it / 按记录的牌桌：第 8、9 手的违规动作在此照打"
        in out
    )
    code, out, _ = run(capsys, "replay", path, "--step", "7")
    assert "as played / 按记录" not in out  # the table before the illegal event is the record's and the rules' alike


def test_replay_ruled_steps_through_the_line_as_ruled(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "answered.txt"
    path.write_text(RANG.read_text(encoding="utf-8") + "\n0 play J J\n", encoding="utf-8")
    code, out, _ = run(capsys, "replay", path, "--ruled", "--step", "8")
    assert code == 1  # the record's exit code: it holds an illegal event
    assert out.startswith("line: as ruled") and "step 8 of 8" in out
    assert "last event: event 8, seat 0 play J J — legal" in out and "as played / 按记录" not in out
    code, out, err = run(capsys, "replay", RANG, "--ruled", "--json", "--step", "7")
    assert code == 1 and err.startswith("line: as ruled") and '"step": 7' in out
    code, out, _ = run(capsys, "replay", SAMPLES_DIR / "disputes" / "03-gou-si-ji.txt", "--ruled", "--step", "0")
    assert code == 0 and "the record keeps the rules: as played" in out


def test_an_unwritable_out_is_refused_by_name(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "branch", GOUJI, "--at", 40, "--out", tmp_path)  # a folder
    assert (code, out, err) == (2, "", f"fupan: {tmp_path}: cannot write the log (Is a directory)\n")
