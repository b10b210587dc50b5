"""Hidden hands, dealt again: the usual ``determinise`` of a card game in one call.

An engine at the balance level of the engine protocol (``generator.rules.protocol``)
gives ``determinise(state, seat, rng)``: a state the seat cannot tell from the real
one. In most card games what a seat has not seen is the other players' hands, and all
it knows of them is their sizes and what their play gave away (a player who did not
follow suit has none of that suit). :func:`deal_unseen` deals those cards again under
exactly those facts, so an engine's ``determinise`` is usually one line::

    def determinise(self, state, seat, rng):
        return state._replace(hands=deal_unseen(state.hands, seat, rng, may_hold))
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from .cards import fill_slots

#: ``may_hold(seat, card)``: whether what the table saw allows ``seat`` to hold ``card``.
MayHold = Callable[[int, int], bool]


def deal_unseen(hands: Sequence[Sequence[int]], seat: int, rng: random.Random,
                may_hold: MayHold | None = None) -> tuple[tuple[int, ...], ...]:
    """The hands as ``seat`` might picture them: its own hand as it is, every other hand
    as many cards as it has, drawn from the cards ``seat`` has not seen (all the other
    hands together), each where ``may_hold`` allows (anywhere without it). Cards are
    small non-negative ints; each hand comes back sorted. A consistent deal is always
    found when one exists (the real deal is one), by :func:`generator.rules.cards.fill_slots`."""
    pool = 0
    for other, hand in enumerate(hands):
        if other != seat:
            for card in hand:
                pool |= 1 << card
    cards = [c for c in range(pool.bit_length()) if pool >> c & 1]
    owners: list[int] = []
    allowed: list[int] = []
    for other, hand in enumerate(hands):
        if other == seat or not hand:
            continue
        mask = pool if may_hold is None else sum(1 << c for c in cards if may_hold(other, c))
        owners += [other] * len(hand)
        allowed += [mask] * len(hand)
    dealt: list[list[int]] = [[] for _ in hands]
    for owner, card in zip(owners, fill_slots(allowed, pool, rng)):
        dealt[owner].append(card)
    return tuple(tuple(hand) if other == seat else tuple(sorted(dealt[other])) for other, hand in enumerate(hands))
