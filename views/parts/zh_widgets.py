"""Streamlit's own words, which it writes in English whatever the page's language, drawn over in Chinese on the
Chinese pages: the upload box's button and instructions, the tooltips of the toolbar it puts over a data table or a
chart (Show/hide columns, Download as CSV, Search, Fullscreen; the Fullscreen it adds to plotly's mode bar), the
table's menu of its columns (Select all, (index)), the lists its selects open (Select all, No results) and the button
of its status corner (Stop). The
English is hidden (``visibility: hidden``: not drawn, not read out, taking no room) and the Chinese drawn in its place
by CSS. ``style()`` is the page's ``<style>``; app.py adds it to every page in Chinese.

Streamlit's main menu (theme, print, record) is not shown in either language (``.streamlit/config.toml``:
``toolbarMode = "minimal"``), and the date fields are the Library's selects of the days that have deals
(``views.pages.library``), not Streamlit's calendar, whose months and weekdays follow the browser's language.
"""

from __future__ import annotations

from replay.formats.logfiles import LOG_SUFFIXES
from views.parts.common import MAX_UPLOAD_BYTES

_HIDDEN = "{visibility:hidden;font-size:0;white-space:normal;overflow:visible}"
_SHOWN = "visibility:visible;font-size:14px"
_BOX = '[data-testid="stFileUploaderDropzone"]'
_SUFFIXES = "、".join(
    s.lstrip(".").upper() for s in (*LOG_SUFFIXES, ".variations", ".csv")
)  # the Library's upload box's
_TIP = '[data-testid="stTooltipContent"] p'

#: the toolbar over a data table or a chart: each button's label (its ``aria-label``, the tooltip's text) in Chinese
TOOLBAR_WORDS = {
    "Show/hide columns": "显示或隐藏列",
    "Download as CSV": "下载为 CSV",
    "Search": "搜索",
    "Fullscreen": "全屏",
    "Close fullscreen": "退出全屏",
    "Exit fullscreen": "退出全屏",
    "Clear cell(s)": "清空单元格",
    "Add row": "添加一行",
    "Delete row(s)": "删除行",
}
#: the status corner while a page runs: its button (``Stop``; ``Stopping...`` once pressed)
STATUS_WORDS = {"": "停止", ":disabled": "正在停止…"}


def _toolbar_tip(label: str, zh: str) -> str:
    """The tooltip shown while the toolbar's button ``label`` is hovered or focused, in Chinese (the tooltip is drawn
    apart from its button, at the end of the page: it is found by the button under the pointer)."""
    button = f'[data-testid="stElementToolbar"] button[aria-label="{label}"]'
    when = ",".join(f"body:has({button}:{state}) {_TIP}" for state in ("hover", "focus-visible"))
    after = ",".join(f"body:has({button}:{state}) {_TIP}::after" for state in ("hover", "focus-visible"))
    return f'{when}{_HIDDEN}{after}{{content:"{zh}";{_SHOWN}}}'


_STATUS = '[data-testid="stStatusWidget"] button'
_COLUMNS = '[data-testid="stDataFrameColumnVisibilityMenu"]'
#: the lists a select or a multiselect opens: its empty list, and the multiselect's first option (select them all)
LIST_WORDS = {
    '[role="listbox"][data-empty="true"] [role="option"] > span': "没有可选的",
    '[role="option"][data-key="__select_all__"] > div': "全选",
    # the table's menu of its columns (the toolbar's Show/hide columns): all of them, and the index column
    f'{_COLUMNS} input[aria-label="Select all"] ~ span:last-child': "全选",
    f'{_COLUMNS} input[aria-label="(index)"] ~ span:last-child': "（序号）",
}

CSS = (
    # the upload box: its button, and the line on the size and the kinds of file
    f'{_BOX} button [data-testid="stMarkdownContainer"] p,{_BOX} [data-testid="stFileUploaderDropzoneInstructions"] span'
    f"{_HIDDEN}"
    f'{_BOX} button [data-testid="stMarkdownContainer"] p::after{{content:"选择文件";{_SHOWN}}}'
    f'{_BOX} [data-testid="stFileUploaderDropzoneInstructions"] span::after'
    f'{{content:"或把文件拖到这里；每个文件最大 {MAX_UPLOAD_BYTES / 1_000_000:g} MB（{_SUFFIXES}）";{_SHOWN}}}'
    # the tooltips of the toolbar over a data table or a chart
    + "".join(_toolbar_tip(label, zh) for label, zh in TOOLBAR_WORDS.items())
    # the button Streamlit adds to a chart's own toolbar (plotly's mode bar, which draws a button's data-title on hover;
    # plotly's own buttons are in Chinese already: views.parts.figures.plotly_locale)
    + "".join(
        f'.js-plotly-plot .plotly .modebar-btn[data-title="{label}"]::after{{content:"{zh}"}}'
        for label, zh in TOOLBAR_WORDS.items()
        if "screen" in label
    )
    # the lists of the selects and the table's menu of its columns
    + "".join(f'{where}{_HIDDEN}{where}::after{{content:"{zh}";{_SHOWN}}}' for where, zh in LIST_WORDS.items())
    # the status corner's Stop button
    + f"{_STATUS}{_HIDDEN}"
    + "".join(f'{_STATUS}{state}::after{{content:"{zh}";{_SHOWN}}}' for state, zh in STATUS_WORDS.items())
)


def style() -> str:
    """The ``<style>`` element of the Chinese pages (for ``st.html``)."""
    return f"<style>{CSS}</style>"
