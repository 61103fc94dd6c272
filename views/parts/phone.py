"""What a phone's window changes in the dashboard's layout: CSS under media queries, so that the server never needs
the window's width (a phone: at most 640 px wide, Streamlit's own width for stacking columns).

On the Replay page (``REPLAY_CSS``, drawn by ``views.pages.replay``) a phone sees the table first: no title (the
sidebar names the page, the table the step), the step controls in one row of icons with the step's number between
previous and next (first, last and the keys' help left out: the slider goes anywhere, a phone has no keyboard), and
the slider, the view selector and the report's download folded away, shown by the "More" toggle (``MORE``) as a sheet
along the window's bottom, over the page (nothing moves). The page's gaps and its alerts are tighter there. A
desktop's window hides the toggle and the step's number and shows everything else as before. The table's own
compact drawing on a narrow column is its container query (``views.parts.table``, ``views.games.shengji.table``).
"""

from __future__ import annotations

MORE = "replay_more"  # the Replay page's toggle (a phone's): the slider, the view selector and the download shown
_SHEET = ".stApp:has(.st-key-replay_more input:checked)"  # the page while the toggle is on
# hidden on a phone: the style's own element, the title, first and last, the keys' help
_HIDDEN = ", ".join(f".st-key-replay_{key}" for key in ("css", "title", "first", "last", "keys"))
REPLAY_CSS = f"""
@media (max-width: 640px) {{
.stMainBlockContainer {{ padding-top: 3rem; }}
.stMainBlockContainer [data-testid="stVerticalBlock"], .stMainBlockContainer [data-testid="stHorizontalBlock"] {{
  gap: .5rem; }}
{_HIDDEN}, .st-key-replay_controls kbd {{ display: none; }}
.st-key-replay_controls {{ flex-wrap: nowrap; gap: 4px; align-items: center; }}
.st-key-replay_controls button {{ padding: 0 .45rem; min-height: 2.25rem; }}
.st-key-replay_controls button [data-testid="stMarkdownContainer"] {{ display: none; }}
.st-key-replay_step_no {{ white-space: nowrap; font-size: .9rem; }}
.st-key-replay_controls label {{ gap: 0; }}
.st-key-replay_slider, .st-key-replay_viewer, .st-key-replay_report {{ display: none; }}
{_SHEET} .st-key-replay_slider, {_SHEET} .st-key-replay_viewer, {_SHEET} .st-key-replay_report {{
  display: block; position: fixed; left: 0; right: 0; width: auto !important; margin: 0; z-index: 999;
  padding: 2px 16px; background: #fff; box-sizing: border-box; }}
{_SHEET} .st-key-replay_report {{ bottom: 0; height: 52px; padding-bottom: 8px; }}
{_SHEET} .st-key-replay_viewer {{ bottom: 52px; height: 48px; }}
{_SHEET} .st-key-replay_slider {{ bottom: 100px; height: 64px; padding-top: 8px;
  box-shadow: 0 -6px 12px rgba(0, 0, 0, .12); border-radius: 12px 12px 0 0; }}
{_SHEET} .st-key-replay_slider [data-testid="stWidgetLabel"],
{_SHEET} .st-key-replay_viewer [data-testid="stWidgetLabel"] {{ display: none; }}
.stMainBlockContainer [data-testid="stAlertContainer"] {{ padding: .5rem .75rem; }}
.stMainBlockContainer [data-testid="stAlertContainer"] p {{ font-size: .9rem; }}
}}
@media (min-width: 641px) {{ .st-key-replay_more, .st-key-replay_step_no {{ display: none; }} }}
"""
