"""The dashboard's pages (Streamlit). Each module has a ``render()``; ``app.py`` wires them up."""
