"""Cards as bit masks, and dealing unseen cards into the places they may be.

Shared by the games: a hand is often a mask of card numbers (bit c: card c), and a
game's bots deal the cards a player has not seen again into slots, each of which only
some cards may fill (``generator.rules.bots``).
"""

from __future__ import annotations

import random
from typing import Sequence


class NoConsistentDeal(RuntimeError):
    """No deal of the unseen cards agrees with what the seat saw (a bug in the game's
    bots module: the true deal always does)."""


def bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def fill_slots(allowed: Sequence[int], pool: int, rng: random.Random) -> list[int]:
    """A card for each slot: slot ``i`` takes a card of the mask ``allowed[i]``, each
    card of the mask ``pool`` at most once.

    The most constrained slots choose first, each among its candidates in random order;
    when a slot finds every candidate taken, an augmenting path (Kuhn's matching) moves
    earlier choices along, so a consistent deal is always found when one exists. The
    result is a random consistent deal, not an exactly uniform one.
    """
    candidates = [bits(mask & pool) for mask in allowed]
    for found in candidates:
        rng.shuffle(found)
    order = sorted(range(len(allowed)), key=lambda i: len(candidates[i]))
    owner: dict[int, int] = {}
    chosen = [-1] * len(allowed)

    def place(slot: int, seen: set[int]) -> bool:
        for card in candidates[slot]:
            if card in seen:
                continue
            seen.add(card)
            holder = owner.get(card)
            if holder is None or place(holder, seen):
                owner[card], chosen[slot] = slot, card
                return True
        return False

    for slot in order:
        if not place(slot, set()):
            raise NoConsistentDeal(f"no unseen card can fill slot {slot} of {len(allowed)}")
    return chosen
