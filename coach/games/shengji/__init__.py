"""升级's part of the coach: its notes and violations (``coach``), its rollout policy (``policy``) and its
determinization (``worlds``); importing the package registers its ``GameCoach``."""

from coach.games.shengji import coach as coach
