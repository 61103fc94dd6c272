"""``make run``'s server: ``streamlit run app.py`` with the dashboard's warm-up (``views.parts.warm``) begun as
the server starts, not when the first browser connects: the library opened (SQLite's ``quick_check`` of a large
library takes seconds) and the first page's code imported while Streamlit starts and the browser loads its
scripts. The other pages' code follows after the first page (app.py).

    python -m views.parts.serve [streamlit run's options, e.g. --server.port 8501]
"""

from __future__ import annotations

import sys

from views.parts import warm

#: what the server's first page (the Library) imports: app.py's own modules and the Library's
FIRST_PAGE = ("views.parts.common", "views.parts.links", "views.parts.address", "views.pages.library")


def main(argv: list[str] | None = None) -> int:
    """Begin the warm-up, then run ``streamlit run app.py`` with ``argv`` (its options) in this process."""
    warm.open_soon()
    warm.import_soon(FIRST_PAGE, after=0.0, what="first page", exercise=False)
    from streamlit.web import cli

    sys.argv = ["streamlit", "run", "app.py", *(sys.argv[1:] if argv is None else argv)]
    try:
        cli.main()
    except SystemExit as done:  # click ends the command with SystemExit
        return int(done.code or 0) if not isinstance(done.code, str) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
