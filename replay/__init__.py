"""The replay engine: cards, sets, profiles, logs, rules, states, scoring and simulation."""

from replay import compiled as _compiled

_compiled.install()  # the hot modules load compiled where ``make`` built them from their present source
