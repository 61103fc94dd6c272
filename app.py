"""fupan dashboard: review 够级, 保皇 and 升级 deals in the browser. Run with ``streamlit run app.py``.

A thin frame around ``st.navigation``: the pages live in ``views/``; the language switch is here, and
which library the dashboard uses (``FUPAN_DB``, else the default file; ``DATABASE_URL`` is ignored, said
here when it is set alone).
"""

from __future__ import annotations

import streamlit as st

from data.database import ignored_env, shown_url
from views.pages import coach, dispute, evaluation, library, players, replay, scoring, timeline
from views.parts.common import t
from views.parts.texts import md


def main() -> None:
    """Set up the page, the language switch and the navigation."""
    st.set_page_config(page_title="复盘 fupan", page_icon="🀄", layout="wide")
    st.session_state.setdefault("lang", "zh")
    with st.sidebar:
        st.radio(
            "语言 / Language",
            ["zh", "en"],
            key="lang",
            horizontal=True,
            format_func=lambda x: "中文" if x == "zh" else "English",
        )
        st.caption(t("牌局库：", "Library: ") + md(shown_url()))
        note = ignored_env()
        if note is not None:
            st.caption(md(note))
    pages = [
        st.Page(library.render, title=t("牌局库", "Library"), url_path="library", default=True),
        st.Page(replay.render, title=t("复盘", "Replay"), url_path="replay"),
        st.Page(timeline.render, title=t("时间线", "Timeline"), url_path="timeline"),
        st.Page(scoring.render, title=t("计分", "Scoring"), url_path="scoring"),
        st.Page(coach.render, title=t("教练", "Coach"), url_path="coach"),
        st.Page(evaluation.render, title=t("评估", "Evaluation"), url_path="evaluation"),
        st.Page(dispute.render, title=t("争议台", "Dispute desk"), url_path="dispute"),
        st.Page(players.render, title=t("牌手", "Players"), url_path="players"),
    ]
    st.navigation(pages).run()


main()
