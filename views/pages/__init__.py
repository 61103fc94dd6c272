"""The dashboard's pages: one module per page, each a ``render()`` that lays the page out and calls parts."""
