"""The engine's version: what the deal library records beside everything it derives from a stored log with
the engine (the events' verdicts, the seats' sides, places and points, a deal's levels and declarers), so
that rows an older engine made are known as stale (``data.recoach``).

When to bump ``ENGINE_VERSION`` (by one): whenever a change can alter what the engine derives from some log:
a verdict (legal, rule, reading), a score (places, points, teams, levels, void), what the replay reads in a
log, or what the importer stores of a replay. A refactor that changes none of these keeps the version. The
golden files (tests/golden/) pin the engine's output: tests/data/test_versions.py fails when the output of
``check`` or ``score`` in them changed while this number did not (bump it, then
``FUPAN_UPDATE_GOLDEN=1 pytest tests/golden/test_golden.py tests/data/test_versions.py``). After a bump, ``fupan recoach``
brings a library up to date.
"""

from __future__ import annotations

ENGINE_VERSION = 5
"""1: the first version recorded (rows stored before versions were recorded read as 0). 2: the engine's texts carry
their Chinese (``replay.core.said``), and two score explanations name their Chinese term beside the English (够级's
"positive points only (只记正分，不记负分)", 升级's "定主 (declaration)"): the ``score`` texts changed; what is stored
of a replay did not. 3 (issue 36: one numbering, one team name): ``check --json``'s verdicts carry ``event``, the
event's number as people count it (the first is 1, ``replay.core.numbering``), beside ``index``; the CLI's text
numbers events so; a team is named by its one name and its seats (``replay.core.said.side_name``: "Team A
(0·2·4)"): the ``check`` and ``score`` texts changed; what is stored of a replay did not. 4: issue 36's rule
defects: a burner left with one set after its burn has not failed (GJ-BURN's second branch); a seat not the 对头
answering a 够级 set out of turn cites GJ-GOUJI-ANSWER (reason *undeclared*) with the undeclared-burn reading
beside it; a same-rank answer on jokers attached cites CARD-ORDER's *joker* or *small-joker* reason; a bury cites
SJ-DEAL's *kitty* reason; an owed tribute not given is flagged (GJ-TRIBUTE *owed*) or said unverified. 5: 够级's
tribute phase: who may act before the first lead is the seats that still owe a tribute or a return, then the first
leader (``replay --json``'s ``to_act``, the ruling's table and consequence); a first lead while a return is owed is
illegal (GJ-TRIBUTE *return*); a tribute between teammates is not owed (可自行商定) and one the giver cannot make in
full is owed only as far as its tribute cards go; after a round closed on a 够死级 set nobody burned, a lead by another
seat cites GJ-DEADLEVEL (*leads*: seed 000's 够死级 passage) and a confirming pass reads so, not ROUND-END; a 升级 play
before the bury cites SJ-DEAL's *kitty* reason (the seed is silent); the seat in turn on a headless seat's 够级 set
may also burn (``actors``, the alternatives)."""
