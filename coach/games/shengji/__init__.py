"""升级's part of the coach: its notes and violations (``coach``), its rollout policy (``policy``) and its
determinization (``worlds``); the package's ``COACH`` is what ``coach.games`` finds for 升级."""

from coach.games.shengji.coach import COACH as COACH
