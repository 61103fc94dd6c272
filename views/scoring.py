"""Page: scoring (being built)."""

from __future__ import annotations

import streamlit as st


def render() -> None:
    """Render the page."""
    st.write("scoring")
