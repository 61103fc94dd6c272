"""Streamlit's own words in its widgets, which it writes in English whatever the page's language (the upload box's
button and instructions, a date field's empty "yyyy-mm-dd"), drawn over in Chinese on the Chinese pages: the
English is hidden (``visibility: hidden``: not drawn, not read out, taking no room) and the Chinese drawn in its
place by CSS. ``style()`` is the page's ``<style>``; app.py adds it to every page in Chinese."""

from __future__ import annotations

from replay.formats.logfiles import LOG_SUFFIXES
from views.parts.common import MAX_UPLOAD_BYTES

_HIDDEN = "{visibility:hidden;font-size:0;white-space:normal;overflow:visible}"
_SHOWN = "visibility:visible;font-size:14px"
_BOX = '[data-testid="stFileUploaderDropzone"]'
_SUFFIXES = "、".join(s.lstrip(".").upper() for s in LOG_SUFFIXES)
_DATE = '[data-testid="stDateInput"] [data-placeholder="true"]'

CSS = (
    # the upload box: its button, and the line on the size and the kinds of file
    f'{_BOX} button [data-testid="stMarkdownContainer"] p,{_BOX} [data-testid="stFileUploaderDropzoneInstructions"] span'
    f"{_HIDDEN}"
    f'{_BOX} button [data-testid="stMarkdownContainer"] p::after{{content:"选择文件";{_SHOWN}}}'
    f'{_BOX} [data-testid="stFileUploaderDropzoneInstructions"] span::after'
    f'{{content:"或把文件拖到这里；每个文件最大 {MAX_UPLOAD_BYTES / 1_000_000:g} MB（{_SUFFIXES}）";{_SHOWN}}}'
    # an empty date field: 年-月-日 for yyyy-mm-dd
    f"{_DATE}{_HIDDEN}"
    + "".join(
        f'{_DATE}[data-type="{part}"]::after{{content:"{zh}";{_SHOWN}}}'
        for part, zh in (("year", "年"), ("month", "月"), ("day", "日"))
    )
)


def style() -> str:
    """The ``<style>`` element of the Chinese pages (for ``st.html``)."""
    return f"<style>{CSS}</style>"
