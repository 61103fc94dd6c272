"""Corrupting a log's text for the fault tests (tests/test_fuzz.py, tests/test_properties.py): characters
deleted, random characters inserted, or a span copied elsewhere."""

from __future__ import annotations

from hypothesis import strategies as st

JSON_NOISE = '{}[]",:0123456789-.eE +#?\n\\SHDCJQKABTnulltruefals大王小花张'
TEXT_NOISE = " \t\u3000\n#?:-=[],0123456789SHDCJQKABTplaypassburnkourangdeclarehandseatevents大王小花出过定主\\"

edits = st.lists(
    st.tuples(
        st.sampled_from(("delete", "insert", "copy")),
        st.integers(0, 10**6),
        st.integers(1, 12),
        st.integers(0, 10**6),
    ),
    min_size=1,
    max_size=5,
)


def edit(text: str, ops: list[tuple[str, int, int, int]], noise: str, data: st.DataObject) -> str:
    """``text`` with characters deleted, random characters inserted, or a span copied elsewhere."""
    for op, at, size, other in ops:
        i = at % (len(text) + 1)
        if op == "delete":
            text = text[:i] + text[i + size :]
        elif op == "insert":
            text = text[:i] + data.draw(st.text(alphabet=noise, min_size=1, max_size=size)) + text[i:]
        else:
            j = other % (len(text) + 1)
            text = text[:i] + text[j : j + size * 3] + text[i:]
    return text
