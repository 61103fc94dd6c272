"""fupan dashboard (Streamlit). The full dashboard is a later issue; this page checks one log.

Run with ``streamlit run app.py``.
"""

from __future__ import annotations

import streamlit as st

from replay.log import LogError, parse_log
from replay.profile import ProfileError
from replay.replay import Replay

MAX_UPLOAD = 2_000_000


def main() -> None:
    """One page: paste or upload a log, see each event's verdict and the score."""
    st.set_page_config(page_title="复盘 fupan", layout="wide")
    st.title("复盘 fupan")
    st.caption("够级 牌局复查 · check a 够级 deal (JSON or text notation)")
    upload = st.file_uploader("上传记录 / upload a log", type=["json", "txt"])
    text = st.text_area("或粘贴记录 / or paste it", height=160)
    source = "<pasted>"
    if upload is not None:
        data = upload.getvalue()
        if len(data) > MAX_UPLOAD:
            st.error(f"文件过大 / file too large (limit {MAX_UPLOAD // 1000} kB)")
            return
        text, source = data.decode("utf-8", errors="replace"), upload.name
    if not text.strip():
        return
    try:
        rep = Replay(parse_log(text, source))
    except (LogError, ProfileError) as exc:
        st.error(str(exc))
        return
    st.subheader("合法 / legal" if rep.ok else "有违规 / illegal events")
    rows = [
        {
            "#": v.index,
            "seat": v.seat,
            "action": v.action,
            "cards": " ".join(v.cards),
            "rule": v.rule or "",
            "说明": v.message_zh,
            "message": v.message_en,
        }
        for v in rep.all_verdicts
    ]
    st.dataframe(rows, hide_index=True)
    score = rep.score()
    if score is not None and not score.void:
        names = {s.seat: rep.log.player(s.seat) for s in rep.log.seats}
        st.table(
            [
                {"place": p.place, "seat": p.seat, "player": names.get(p.seat, ""), "points": p.points}
                for p in score.places
            ]
        )


if __name__ == "__main__":
    main()
