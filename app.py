"""fupan dashboard: review 够级, 保皇 and 升级 deals in the browser. Run with ``streamlit run app.py`` (``make run``:
``python -m views.parts.serve``, which begins the warm-up of ``views.parts.warm`` as the server starts).

A thin frame around ``st.navigation``: the pages live in ``views/pages/`` and their
url paths in ``views/parts/links.py``; the language switch is here, and
which library the dashboard uses (``FUPAN_DB``, else the default file; ``DATABASE_URL`` is ignored, said
here when it is set alone).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from views.parts import warm

warm.open_soon()  # the library opened while the imports below run (views.parts.warm)

from data.database import ignored_env, public_url  # noqa: E402 - after the library's opening started
from views.parts import account, address, links, prefetch, zh_widgets  # noqa: E402
from views.parts.common import held_index, lang, t  # noqa: E402
from views.parts.texts import md  # noqa: E402

#: the tab's icon: a picture in the repository, not an emoji (a machine without an emoji font shows those as boxes)
ICON = Path(__file__).resolve().parent / "views" / "static" / "favicon.png"


def version() -> str:
    """fupan's version as installed, and the engine's (what the library records beside what it derived)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    from replay.version import ENGINE_VERSION

    try:
        made = installed("fupan")
    except PackageNotFoundError:  # run from a checkout that was not installed
        made = "?"
    return f"fupan {made} · " + t(f"引擎 {ENGINE_VERSION}", f"engine {ENGINE_VERSION}")


def footer() -> None:
    """Below every page: the version and the library in use (its password masked)."""
    st.caption(version() + t(" · 牌局库：", " · library: ") + md(public_url()))


LANG_SWITCH = "lang_switch"  # session state: the sidebar's language switch (the language itself is "lang")


def _language_chosen() -> None:
    st.session_state["lang"] = st.session_state[LANG_SWITCH]


def sidebar() -> None:
    """The language switch, the account box (signing in: ``views.parts.account``) and which library the dashboard
    uses, in the sidebar below the navigation."""
    with st.sidebar:
        # the switch has a key of its own, set from the language before it is drawn, and its change sets the
        # language: a widget's state is dropped by a run that does not draw it (a page that switches to another
        # before the sidebar is drawn), the language must not be
        st.session_state[LANG_SWITCH] = lang()
        st.radio(
            "语言 / Language",
            ["zh", "en"],
            index=held_index(["zh", "en"], LANG_SWITCH),
            key=LANG_SWITCH,
            on_change=_language_chosen,
            horizontal=True,
            format_func=lambda x: "中文" if x == "zh" else "English",
        )
        account.account_box()
        st.caption(t("牌局库：", "Library: ") + md(public_url()))
        note = ignored_env()
        if note is not None:
            st.caption(md(note))


def main() -> None:
    """Set up the page and the navigation, run the page, then draw the sidebar's language switch: the page's
    own elements are sent, and drawn by the browser, first (the sidebar shows below the navigation wherever it is
    drawn; the language is in session state before the switch is drawn, and a run stopped early by ``st.rerun``
    keeps it)."""
    st.set_page_config(page_title="复盘 fupan", page_icon=str(ICON), layout="wide")
    st.session_state.setdefault("lang", "zh")
    address.follow()  # before the navigation: its titles are in the address's language
    pages = [links.page(p.url_path) for p in links.PAGES]  # each page's module imported when it is shown
    shown = st.navigation(pages)
    if lang() == "zh":  # Streamlit's own words in its widgets, drawn over in Chinese (views/parts/zh_widgets.py)
        st.html(zh_widgets.style())
    entry = links.BY_URL.get(shown.url_path, links.PAGES[0])
    prefetch.charts_soon(now=entry.charts)  # plotly's script: at once for a page of charts, else once idle
    try:
        shown.run()
    except Exception:  # a page that fails still has its sidebar and footer (st.rerun and st.stop are no Exception)
        footer()
        sidebar()
        raise
    address.show(entry.query)  # the address says what the page shows: a reload or a link sent opens it again
    footer()
    sidebar()
    warm.import_soon(f"views.pages.{p.module}" for p in links.PAGES)  # the next page's code, ready for its click


main()
