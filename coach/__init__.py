"""Coach: findings against the rules and the folk maxims (够级俗语), and the prices of decisions."""

import replay  # noqa: F401 - installs the compiled hot path's finder before coach.policy is imported
