"""够级: its rules engine, state, scoring, options, rules and simulator; its declaration, ``GAME``, is ``game``."""
