"""``fupan serve`` (cli/serve.py): the library opened first and said, the accounts counted, and the dashboard run in
club mode with Streamlit's options, the step that runs it replaced here (no server started), but for the last tests:
the real step with Streamlit's own command stubbed, and Streamlit reading the settings beside app.py."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from paths import ROOT
from streamlit.web import cli as streamlit_cli

import cli
import cli.serve as serve_cli
from data import accounts
from data.database import LibraryState, open_db, shown_url
from views.parts import access, warm
from views.parts import serve as served

PASSWORD = "红桃A-大王-小王"
NO_ADMIN = "nobody can manage accounts: add one with `fupan user add NAME --role admin`"


pytestmark = pytest.mark.usefixtures("cheap_hashes")  # tests/conftest.py


class Runner:
    """The step that runs the dashboard, replaced: what it was given, and the exit code it gives back."""

    def __init__(self, code: int = 0) -> None:
        self.code = code
        self.calls: list[tuple[list[str], dict[str, str]]] = []

    def __call__(self, options: list[str], env: dict[str, str]) -> int:
        self.calls.append((list(options), dict(env)))
        return self.code

    @property
    def options(self) -> dict[str, str]:
        [(options, _)] = self.calls
        assert len(options) % 2 == 0 and all(o.startswith("--") for o in options[::2]), options
        return dict(zip(options[::2], options[1::2], strict=True))

    @property
    def env(self) -> dict[str, str]:
        [(_, env)] = self.calls
        return env


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> Runner:
    """``fupan serve`` run through ``cli.main`` runs this instead of the dashboard."""
    found = Runner()
    monkeypatch.setattr(serve_cli, "run_dashboard", found)
    return found


def serve(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(["serve", *args])
    out, err = capsys.readouterr()
    return code, out, err


def library(tmp_path: Path, users: dict[str, tuple[str, bool]] = {}) -> str:  # noqa: B006 - read only
    """A library file with these accounts (name: role, disabled); its URL."""
    url = f"sqlite:///{tmp_path / 'club.db'}"
    engine = open_db(url)
    try:
        for name, (role, disabled) in users.items():
            accounts.add_user(engine, name, PASSWORD, role)
            if disabled:
                accounts.disable_user(engine, name)
    finally:
        engine.dispose()
    return url


def test_the_dashboard_runs_in_club_mode_with_the_servers_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = library(tmp_path, {"Boss": ("admin", False)})
    ran = Runner(code=7)
    args = cli.build_parser("serve").parse_args(["serve", "--host", "127.0.0.1", "--port", "8642", "--db", url])
    assert serve_cli.cmd_serve(args, ran) == 7  # the dashboard's exit code is the command's
    assert ran.options == {
        "--server.headless": "true",
        "--server.address": "127.0.0.1",
        "--server.port": "8642",
        "--browser.gatherUsageStats": "false",
        "--server.enableXsrfProtection": "true",
        "--server.fileWatcherType": "none",
    }
    assert ran.env == {access.ACCESS_ENV: access.CLUB, "FUPAN_DB": url}
    err = capsys.readouterr().err
    assert err.startswith(f"library: {shown_url(url)}\n")
    assert "the club's dashboard at http://127.0.0.1:8642:" in err


def test_the_defaults_every_address_on_8501_and_the_library_fupan_db_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, runner: Runner
) -> None:
    monkeypatch.setenv("FUPAN_DB", library(tmp_path))
    code, out, err = serve(capsys)
    assert (code, out) == (0, "")
    assert (runner.options["--server.address"], runner.options["--server.port"]) == ("0.0.0.0", "8501")
    assert runner.env["FUPAN_DB"] == os.environ["FUPAN_DB"]
    assert "http://0.0.0.0:8501 (every address of this machine)" in err


def test_a_relative_sqlite_file_is_served_by_its_absolute_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, runner: Runner
) -> None:
    url = library(tmp_path, {"Boss": ("admin", False)})
    monkeypatch.chdir(tmp_path)
    assert serve(capsys, "--db", "sqlite:///club.db")[0] == 0
    served_url = runner.env["FUPAN_DB"]
    assert served_url == url and Path(served_url.removeprefix("sqlite:///")).is_absolute()
    monkeypatch.chdir(ROOT)  # where the served process runs does not change the library it opens
    engine = open_db(served_url)
    try:
        assert [u.name for u in accounts.list_users(engine)] == ["Boss"]
    finally:
        engine.dispose()


def test_a_servers_url_keeps_its_password_for_the_dashboard_and_goes_through_psycopg() -> None:
    state = LibraryState("shown")
    assert serve_cli.served_url("postgres://club:s3cret@db.example:5433/fupan", state) == (
        "postgresql+psycopg://club:s3cret@db.example:5433/fupan"
    )
    assert serve_cli.served_url("postgresql+psycopg://club@db.example/fupan", state) == (
        "postgresql+psycopg://club@db.example/fupan"
    )


@pytest.mark.parametrize(
    ("db", "said"),
    [
        ("nonsense", "fupan: database error: "),
        ("postgresql://nobody@127.0.0.1:1/fupan", "fupan: cannot open the library postgresql+psycopg://nobody@"),
    ],
)
def test_a_library_that_cannot_be_opened_is_one_line_and_nothing_served(
    db: str, said: str, capsys: pytest.CaptureFixture[str], runner: Runner
) -> None:
    code, out, err = serve(capsys, "--db", db)
    assert (code, out) == (2, "") and runner.calls == []
    assert err.startswith(said) and err.count("\n") == 1 and "Traceback" not in err


def test_a_port_out_of_range_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], runner: Runner) -> None:
    code, out, err = serve(capsys, "--port", "70000", "--db", library(tmp_path))
    assert (code, out, err) == (2, "", "fupan: --port 70000: expected 1..65535\n") and runner.calls == []


def test_no_enabled_admin_is_warned_of(tmp_path: Path, capsys: pytest.CaptureFixture[str], runner: Runner) -> None:
    url = library(tmp_path, {"Li": ("member", False), "Wu": ("referee", False)})
    code, _, err = serve(capsys, "--db", url)
    assert code == 0 and len(runner.calls) == 1  # served all the same
    assert "accounts: 1 member, 1 referee, 0 admins\n" in err
    assert f"fupan serve: warning: no enabled admin account, so {NO_ADMIN}\n" in err


def test_an_enabled_admin_is_counted_and_a_disabled_one_is_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], runner: Runner
) -> None:
    url = library(tmp_path, {"Old": ("admin", True), "Li": ("member", False), "Zhao": ("member", False)})
    err = serve(capsys, "--db", url)[2]
    assert "accounts: 2 members, 0 referees, 0 admins; 1 disabled account\n" in err
    assert NO_ADMIN in err  # the disabled admin manages nothing
    engine = open_db(url)
    try:
        accounts.add_user(engine, "Boss", PASSWORD, "admin")
    finally:
        engine.dispose()
    err = serve(capsys, "--db", url)[2]
    assert "accounts: 2 members, 0 referees, 1 admin; 1 disabled account\n" in err
    assert NO_ADMIN not in err and "warning" not in err
    assert len(runner.calls) == 2


def test_the_access_mode_is_the_one_the_dashboard_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    """cli/serve.py spells ``views.parts.access``'s variable and value without importing it: the same words."""
    assert (serve_cli.ACCESS_ENV, serve_cli.CLUB) == (access.ACCESS_ENV, access.CLUB)
    monkeypatch.delenv(access.ACCESS_ENV, raising=False)
    assert not access.club()
    monkeypatch.setenv(serve_cli.ACCESS_ENV, serve_cli.CLUB)
    assert access.club()


def test_the_real_step_runs_app_py_by_its_absolute_path_from_any_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``run_dashboard``: the environment set, then ``streamlit run /…/app.py OPTIONS`` in this process (Streamlit's
    command stubbed), with the warm-up begun, wherever the command was started."""
    monkeypatch.setattr(warm, "_STARTED", set())
    monkeypatch.setattr(warm, "_OPENING", {})
    monkeypatch.setattr(sys, "argv", list(sys.argv))
    monkeypatch.setenv(access.ACCESS_ENV, "")  # recorded: put back as it was (unset) after the test
    monkeypatch.setenv("FUPAN_DB", "sqlite:///elsewhere.db")
    monkeypatch.chdir(tmp_path)
    url = f"sqlite:///{tmp_path / 'club.db'}"
    seen: dict[str, Any] = {}

    def streamlit_main() -> None:
        seen["argv"] = list(sys.argv)
        seen["env"] = {k: os.environ.get(k) for k in (access.ACCESS_ENV, "FUPAN_DB")}
        seen["club"] = access.club()
        raise SystemExit(3)

    monkeypatch.setattr(streamlit_cli, "main", streamlit_main)
    options = serve_cli.streamlit_options("127.0.0.1", 8642)
    assert serve_cli.run_dashboard(options, {access.ACCESS_ENV: access.CLUB, "FUPAN_DB": url}) == 3
    assert seen["argv"] == ["streamlit", "run", str(ROOT / "app.py"), *options]
    assert served.APP == ROOT / "app.py" and served.APP.is_file()
    assert seen["env"] == {access.ACCESS_ENV: access.CLUB, "FUPAN_DB": url} and seen["club"]
    engine = warm.opened()  # the warm-up opened the library served
    assert engine is not None and str(engine.url).endswith("club.db")
    engine.dispose()


def test_an_install_without_the_dashboards_settings_is_not_served(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """app.py installed without the ``.streamlit/config.toml`` beside it (not the checkout): one line, nothing run."""
    (tmp_path / "app.py").write_text("", encoding="utf-8")
    monkeypatch.setattr(served, "APP", tmp_path / "app.py")
    monkeypatch.setattr(streamlit_cli, "main", lambda: pytest.fail("Streamlit ran"))
    code, out, err = serve(capsys, "--db", library(tmp_path))
    assert (code, out) == (2, "")
    assert err.splitlines()[-1].startswith("fupan: the dashboard's app.py and its settings (")
    assert "pip install -e ." in err and "Traceback" not in err


PROBE = """
import sys
from streamlit import config
config._main_script_path = sys.argv[1]  # as `streamlit run FILE` sets it before it reads the settings
config.get_config_options(force_reparse=True)
print(config.get_option("server.maxUploadSize"), config.get_option("server.enableStaticServing"),
      config.get_option("client.showErrorDetails"))
"""


def test_streamlit_reads_the_settings_beside_app_py_from_another_folder(tmp_path: Path) -> None:
    """The upload limit, the static files and the hidden error details of ``.streamlit/config.toml`` hold for
    ``fupan serve`` started anywhere: Streamlit reads the settings beside the script it runs (Streamlit's defaults
    would be 200, False, full)."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(served.APP)],
        cwd=tmp_path,
        env={**os.environ, "HOME": str(tmp_path)},  # no user's own ~/.streamlit
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["2", "True", "none"]


def _make_serve(*words: str, **env: str) -> str:
    """What ``make -n serve WORDS`` would run (printed, not run), beside no outer make and with ``env``."""
    outer = ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "PORT", "HOST", "DB")  # `make test` runs the suite under make
    done = subprocess.run(
        ["make", "-n", "--no-print-directory", "serve", *words],
        cwd=ROOT,
        env={**{k: v for k, v in os.environ.items() if k not in outer}, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.skipif(shutil.which("make") is None, reason="no make here")
def test_make_serve_passes_host_port_and_db() -> None:
    out = _make_serve("HOST=127.0.0.1", "PORT=8642", "DB=sqlite:////srv/club.db")
    assert ".venv/bin/fupan serve --host 127.0.0.1 --port 8642 --db 'sqlite:////srv/club.db'\n" in out
    out = _make_serve(HOST="the-machines-name", DB="x")  # a shell's HOST is no address; the library: FUPAN_DB
    assert ".venv/bin/fupan serve --host 0.0.0.0 --port 8501\n" in out
