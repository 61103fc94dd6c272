"""A state's game asked about its score (the records are ``replay.score``'s): the score of a finished deal
(``GameType.scorer``), the places decided at a step (``GameType.places``), a claimed result checked against the
score (``GameType.claims``, each entry a ``replay.claims.Difference``) and what the library stores of a deal
beside the shared rows (``GameType.stored_extras``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from replay import games
from replay.claims import ENTRY_NAMES, Difference, if_differs, value_text
from replay.formats.log_doc import SHEET_KEYS
from replay.rules.profile import Profile
from replay.score import KnownPlace, Score, place_words

if TYPE_CHECKING:
    from replay.core.game_state import GameState
    from replay.formats.log_doc import Log


def places_at(st: GameState, profile: Profile) -> dict[int, int]:
    """Each seat's place (1 = 头科) at this step, for the seats whose place is already decided: the same
    in every way the deal can still end (the game's ``places``, replay.games). Empty for a game without
    places (升级), a void deal, and before the first lead."""
    return games.get(profile.game).places(st, profile)


def known_places(st: GameState, profile: Profile) -> dict[int, KnownPlace]:
    """``places_at`` in words, with each place's points (the score's) once the deal is over."""
    places = places_at(st, profile)
    score = score_of(st, profile) if places and st.terminal else None
    points = {p.seat: p.points for p in score.places} if score is not None else {}
    return {s: KnownPlace(k, *place_words(k, st.n), points.get(s)) for s, k in sorted(places.items())}


def stored_extras(log: Log, final: GameState, score: Score | None) -> dict[str, Any] | None:
    """What the library stores of a deal beside the shared rows (``data``'s ``deal.extras_json``): its game's
    record (the game's ``stored_extras``, replay.games) as JSON; None for a game that stores nothing more."""
    made = games.get(log.game).stored_extras
    return None if made is None else made(log, final, score).to_json()


def score_of(st: GameState, profile: Profile) -> Score | None:
    """The score of a state under a profile: its game's scoring (the registry's, replay.games; None while
    the deal is not over)."""
    return games.get(profile.game).scorer(st, profile)


def compare_result(
    claimed: Mapping[str, Any] | None, score: Score | None, game: str, final: GameState
) -> list[Difference]:
    """The entries of ``claimed`` that differ from the deal's score; empty when all agree or nothing is
    claimed."""
    return [d for d in claim_entries(claimed, score, game, final) if d.differs]


def claim_entries(
    claimed: Mapping[str, Any] | None, score: Score | None, game: str, final: GameState
) -> list[Difference]:
    """Every entry of ``claimed`` beside the deal's score (``final``: the last state, for the 保皇 scoring
    rule that applies), in the order the verdicts come."""
    if not claimed:
        return []
    if score is None:
        return [
            Difference(
                "finished",
                True,
                False,
                "FINISH",
                "记录的结果与未完成的牌局不符",
                "a result is recorded but the deal did not finish",
            )
        ]
    return games.get(game).claims(claimed, score, game, final) + sheet_entries(claimed, game, final)


def sheet_entries(claimed: Mapping[str, Any], game: str, final: GameState) -> list[Difference]:
    """The claimed sheet keys (``SHEET_KEYS``: void, 革命, the 皇帝, 独保 …) beside what the deal says of them (the
    game's ``sheet_facts``), each checked by the rule the game names for it."""
    facts_of = games.get(game).sheet_facts
    if facts_of is None:
        return []
    facts = facts_of(final)
    out = []
    for key in SHEET_KEYS:
        if key not in claimed or key not in facts:
            continue
        said_value, (real, rule) = claimed[key], facts[key]
        zh, en = ENTRY_NAMES[key]
        text = (
            f"记录的{zh}是 {value_text(said_value, zh=True)}，牌局是 {value_text(real, zh=True)}",
            f"the record says {en} {value_text(said_value)}, the deal gives {value_text(real)}",
        )
        out.append(Difference(key, said_value, real, rule, *if_differs(said_value != real, text)))
    return out
