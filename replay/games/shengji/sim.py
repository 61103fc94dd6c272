"""How ``fupan simulate`` plays a 升级 deal: two decks and a kitty, some seats declare, the exchange and the
kitty as due, then random plays among the engine's legal ones."""

from __future__ import annotations

from replay.core.cards import full_decks
from replay.core.events import Bury, Declare
from replay.games.shengji.engine import Shengji
from replay.games.shengji.state import ShengjiState
from replay.simulate import Bot, Pusher, SimulationError
from replay.simulated import SimSeed, SimulatedDeal


def simulate(sim: SimSeed, bot: Bot | None, levels: tuple[str, str] | None = None) -> SimulatedDeal[ShengjiState]:
    """One 升级 deal with random legal choices (``bot`` is for the climbing games: not used); ``levels``
    the two sides' levels, drawn from the first six levels when None."""
    rng, seed = sim.rng, sim.seed
    eng = Shengji(sim.profile, sim.meta)
    cards = full_decks(2)
    rng.shuffle(cards)
    size = eng.hand_sizes()[0]
    hands = tuple(tuple(sorted(cards[k * size : (k + 1) * size], key=lambda c: c.slot, reverse=True)) for k in range(4))
    kitty = tuple(cards[4 * size :])
    drawn = (rng.choice(eng.levels[:6]), rng.choice(eng.levels[:6]))
    levels = levels or drawn
    push = Pusher(sim, eng, eng.initial(hands, {"kitty": kitty, "levels": levels}))
    declares = [e for e in eng.legal_actions(push.st) if isinstance(e, Declare)]
    seats_done: set[int] = set()
    rng.shuffle(declares)
    for ev in declares:
        if ev.seat not in seats_done and (not seats_done or rng.random() < 0.4):
            seats_done.add(ev.seat)
            push(ev)
    while not push.st.terminal:
        push.check_length()
        st = push.st
        if st.phase == "kitty":
            held = st.hands[st.declarer].known_cards()
            push(Bury(st.declarer, cards=tuple(rng.sample(held, st.kitty_size))))
            continue
        opts = [e for e in eng.legal_actions(st) if not isinstance(e, Declare)]
        if not opts:
            raise SimulationError(f"seed {seed}: no legal event at {len(push.events)} in phase {st.phase}")
        push(rng.choice(opts))
    return SimulatedDeal(push.log(hands, kitty=kitty, levels=levels), tuple(push.states))
