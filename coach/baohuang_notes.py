"""保皇 notes: the seeds give no maxims for 保皇, so the coach reports role-aware facts a learner needs,
marked as not from the seeds. Each is judged from what the acting seat knew of the roles.

- The 保皇派 plays over its own 皇帝's set (it knows who the 皇帝 is).
- The 皇帝 plays over the 保皇派's set once it knows who the 保皇派 is (明保, the called card played,
  or it plays alone and so knows there is none).
"""

from __future__ import annotations

from collections.abc import Iterator

from coach.findings import Evidence, Finding
from coach.moment import Moment


def detect(m: Moment) -> Iterator[Finding]:
    """Notes on the 皇帝's side playing over each other."""
    st = m.before
    ev = m.event
    if m.replay.log.game != "baohuang" or ev.action != "play" or st.table is None or not m.verdict.legal:
        return
    eng = m.engine
    known = eng.roles_known_to(st, m.seat)
    owner_role = known.get(st.owner)
    my_role = known.get(m.seat)
    if my_role == "loyalist" and owner_role in ("emperor", "solo"):
        zh, en = "保皇派管了自己皇帝的牌", "the 保皇派 played over its own 皇帝's set"
    elif my_role == "emperor" and owner_role == "loyalist":
        zh, en = "皇帝管了已知保皇派的牌", "the 皇帝 played over the set of a 保皇派 it knew"
    else:
        return
    yield Finding(
        index=m.index,
        seat=m.seat,
        kind="note",
        severity="hint",
        message_zh=f"{zh}（提示，非种子规则）",
        message_en=f"{en} (a hint, not from the seeds)",
        evidence=Evidence(
            held=m.held_tokens(),
            table=m.table_tokens(),
            table_seat=st.owner,
            did=ev.action,
            did_cards=tuple(c.token for c in ev.cards),
            facts={"roles_known": {str(k): v for k, v in known.items()}},
        ),
        from_seeds=False,
    )
