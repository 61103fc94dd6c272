"""Tests of ``fupan convert LOG --to json|text [--out FILE]`` (cli.py): each form to the other, canonical
and lossless both ways, from a file or standard input, to standard output or a file; what cannot be
read is refused with exit 2 and one line naming the file, line and column."""

from __future__ import annotations

import argparse
import io
import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from paths import CASE_LOGS, ROOT

import cli
from replay.formats.decisions import Decision
from replay.formats.log import parse_json_log, read_log
from replay.formats.notation.read import format_text, parse_text
from replay.simulate import simulate_deal

DISPUTES = sorted((ROOT / "data" / "samples" / "disputes").glob("*.txt"))
ILLEGAL = CASE_LOGS / "TURN-ORDER.illegal.txt"
TYPED = """\
# 记分表（中文键盘）
ｆｕｐａｎ／１ ｇｏｕｊｉ
seat 0 张 三
events
０ 出 ３♠、３♠
１ 过
２：５Ｈ，５Ｈ ＃ 注
裁定 0 维持 2026-12-01T20:15:00Z "王 老师" 规则 GJ-BURN ＃ 过牌不烧，烧牌无效
"""


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def convert(capsys: pytest.CaptureFixture[str], path: str | Path, to: str) -> str:
    code, out, err = run(capsys, "convert", path, "--to", to)
    assert (code, err) == (0, ""), err
    return out


def refused(capsys: pytest.CaptureFixture[str], *args: str | Path) -> str:
    """The one-line message of a convert that exits 2."""
    code, out, err = run(capsys, "convert", *args)
    assert (code, out) == (2, "")
    assert err.startswith("fupan: ") and err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize("path", DISPUTES, ids=lambda p: p.name)
def test_text_to_json_to_text(capsys: pytest.CaptureFixture[str], tmp_path: Path, path: Path) -> None:
    js = convert(capsys, path, "json")
    assert js == read_log(path).dumps()
    (tmp_path / "deal.json").write_text(js, encoding="utf-8")
    text = convert(capsys, tmp_path / "deal.json", "text")
    assert text == format_text(read_log(path))  # the canonical text
    (tmp_path / "deal.txt").write_text(text, encoding="utf-8")
    assert convert(capsys, tmp_path / "deal.txt", "text") == text  # canonical text is a fixed point


@pytest.mark.parametrize("profile", ["gouji", "baohuang", "shengji-35"])
def test_json_to_text_to_json_byte_for_byte(capsys: pytest.CaptureFixture[str], tmp_path: Path, profile: str) -> None:
    log = simulate_deal(3, profile).log
    log = replace(
        log,
        decisions=(Decision(1, "overruled", "<b>wrong</b> # 1\n2", 'Li "Ming"', "2026-12-01T20:15:00Z", "TURN-ORDER"),),
    )
    (tmp_path / "deal.json").write_text(log.dumps(), encoding="utf-8")
    text = convert(capsys, tmp_path / "deal.json", "text")
    assert text == format_text(log)
    (tmp_path / "deal.txt").write_text(text, encoding="utf-8")
    assert convert(capsys, tmp_path / "deal.txt", "json") == log.dumps()
    (tmp_path / "again.json").write_text(log.dumps(), encoding="utf-8")
    assert convert(capsys, tmp_path / "again.json", "json") == log.dumps()


def test_an_old_log_converts_to_the_new_form(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A fupan/1 log's decision counted its event from 0; convert writes it fupan/2, counting as people do, on the
    same event; the deal itself (its log without decisions) is the same bytes."""
    old = "fupan/1 gouji\nprofile gouji-logged\nevents\n0 play 5\n1 play 6\n2 pass\n"
    (tmp_path / "old.txt").write_text(
        old + "decision 1 upheld 2026-12-01T20:00:00Z 老王 # 出牌合规\n", encoding="utf-8"
    )
    js = convert(capsys, tmp_path / "old.txt", "json")
    assert js.startswith('{\n  "format": "fupan/2",') and '{"event": 2, "decision": "upheld"' in js
    text = convert(capsys, tmp_path / "old.txt", "text")
    assert text.startswith("fupan/2 gouji\n") and text.endswith(
        "decision 2 upheld 2026-12-01T20:00:00Z 老王 # 出牌合规\n"
    )
    old_json = js.replace('"fupan/2"', '"fupan/1"').replace('"event": 2,', '"event": 1,')
    (tmp_path / "old.json").write_text(old_json, encoding="utf-8")
    assert convert(capsys, tmp_path / "old.json", "json") == js  # the old JSON too
    assert read_log(tmp_path / "old.txt").deal_only().dumps() == parse_text(old).dumps()
    assert parse_text(old).dumps().startswith('{\n  "format": "fupan/1",')


def test_text_typed_on_a_chinese_keyboard(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "typed.txt").write_text(TYPED, encoding="utf-8")
    js = convert(capsys, tmp_path / "typed.txt", "json")
    log = parse_json_log(js)
    assert [e.action for e in log.events] == ["play", "play", "pass", "play"][:0] or [e.action for e in log.events] == [
        "play",
        "pass",
        "play",
    ]
    assert log.decisions[0].referee == "王 老师" and log.decisions[0].rule == "GJ-BURN"
    assert log.seats[0].player == "张 三" and log.events[2].note == "注"
    assert convert(capsys, tmp_path / "typed.txt", "text") == format_text(parse_text(TYPED))


def test_standard_input_and_out_file(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(TYPED))
    out = tmp_path / "deal.json"
    code, stdout, err = run(capsys, "convert", "-", "--to", "json", "--out", out)
    assert (code, stdout, err) == (0, "", "")
    assert out.read_bytes() == parse_text(TYPED).dumps().encode("utf-8")
    code, stdout, err = run(capsys, "convert", out, "--to", "text", "--out", out)  # in place
    assert (code, stdout, err) == (0, "", "")
    assert out.read_text(encoding="utf-8") == format_text(parse_text(TYPED))


def test_convert_does_not_judge(capsys: pytest.CaptureFixture[str]) -> None:
    assert convert(capsys, ILLEGAL, "json") == read_log(ILLEGAL).dumps()  # an illegal deal converts


def test_unreadable_input_is_refused_with_its_place(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    err = refused(capsys, tmp_path / "none.txt", "--to", "json")
    assert f"{tmp_path / 'none.txt'}: cannot read file" in err
    bad = tmp_path / "bad.txt"
    bad.write_text("fupan/1 gouji\nevents\n0 出 3S、、3S\n", encoding="utf-8")
    assert refused(capsys, bad, "--to", "json") == f"fupan: {bad}:3:8: expected a card before '、'\n"
    bad.write_text(
        '{"format": "fupan/1", "game": "gouji", "events": [{"seat": 9, "action": "pass"}]}', encoding="utf-8"
    )
    assert refused(capsys, bad, "--to", "text").startswith(f"fupan: {bad}:1:")
    bad.write_bytes(b"fupan/1 gouji\nseat 0 \xff\n")
    assert f"{bad}:2:8: file is not UTF-8 text" in refused(capsys, bad, "--to", "text")
    monkeypatch.setattr(sys, "stdin", io.StringIO("fupan/1 gouji\nevents\n0 定主 SJ\n"))
    assert refused(capsys, "-", "--to", "json").startswith("fupan: <stdin>:3:3: '定主' is no action of gouji")
    gbk = "fupan/1 gouji\nseat 0 张三\n".encode("gbk")  # typed on a Chinese Windows, not saved as UTF-8
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(gbk), encoding="utf-8"))
    assert refused(capsys, "-", "--to", "json") == "fupan: <stdin>:2:8: file is not UTF-8 text (byte 0xd5)\n"
    bom = "\ufefffupan/1 gouji\nseat 0 张三\n".encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(bom), encoding="utf-8"))
    assert '"player": "张三"' in convert(capsys, "-", "json")


def test_unwritable_out_and_profile_are_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    err = refused(capsys, ILLEGAL, "--to", "json", "--out", tmp_path)  # a folder
    assert f"{tmp_path}: cannot write the log" in err
    club = tmp_path / "club #2"  # a log may name a profile, never point at a file: nothing of it is read
    club.mkdir()
    (club / "gouji.toml").write_text('name = "club"\ngame = "gouji"\n\n[options]\n', encoding="utf-8")
    doc = read_log(ILLEGAL).to_json() | {"profile": str(club / "gouji.toml")}
    deal = tmp_path / "deal.json"
    deal.write_text(json.dumps(doc), encoding="utf-8")
    assert "a log names its profile" in refused(capsys, deal, "--to", "text")


def test_to_is_required(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["convert", str(ILLEGAL)])
    assert exc.value.code == 2
    assert "--to" in capsys.readouterr().err


def test_help_names_every_option() -> None:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for action in sub.choices["convert"]._actions:
        assert action.help, action.dest
