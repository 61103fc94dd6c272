"""升级 in the dashboard: its ``VIEW`` (``view``), its table and trick history (``table``), its figures (``charts``)."""

from views.games.shengji.view import VIEW as VIEW
