"""The dashboard's server: ``streamlit run`` of app.py with the dashboard's warm-up (``views.parts.warm``) begun as
the server starts, not when the first browser connects: the library opened (SQLite's ``quick_check`` of a large
library takes seconds) and the first page's code imported while Streamlit starts and the browser loads its
scripts. The other pages' code follows after the first page (app.py).

- ``main`` is ``make run``'s, run in the checkout (app.py in the current folder)::

      python -m views.parts.serve [streamlit run's options, e.g. --server.port 8501]

- ``serve`` is ``fupan serve``'s (``cli.serve``), from any folder: app.py by its absolute path (``APP``), so that
  Streamlit reads the ``.streamlit/config.toml`` beside it (the upload and message limits, the hidden error details)
  and serves the ``static/`` folder beside it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from views.parts import warm

#: what the server's first page (the Library) imports: app.py's own modules and the Library's
FIRST_PAGE = ("views.parts.common", "views.parts.links", "views.parts.address", "views.pages.library")
#: the dashboard's script: app.py at the top of the checkout, its .streamlit/ and static/ beside it
APP = Path(__file__).resolve().parents[2] / "app.py"


def main(argv: list[str] | None = None) -> int:
    """Begin the warm-up, then run ``streamlit run app.py`` with ``argv`` (its options) in this process."""
    return _run(["streamlit", "run", "app.py", *(sys.argv[1:] if argv is None else argv)])


def serve(options: list[str], app: Path = APP) -> int:
    """Begin the warm-up, then run ``streamlit run`` of ``app`` (its absolute path) with ``options`` in this
    process, from whatever folder is current."""
    return _run(["streamlit", "run", str(app.resolve()), *options])


def _run(argv: list[str]) -> int:
    """Begin the warm-up, then run Streamlit's command line ``argv`` in this process; its exit code."""
    warm.open_soon()
    warm.import_soon(FIRST_PAGE, after=0.0, what="first page", exercise=False)
    from streamlit.web import cli

    sys.argv = argv
    try:
        cli.main()
    except SystemExit as done:  # click ends the command with SystemExit
        return int(done.code or 0) if not isinstance(done.code, str) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
