"""The replay engine: cards, sets, profiles, logs, rules, states, scoring and simulation."""
