"""Shuffling for the engines' set-up, fast.

:func:`shuffle` gives exactly the order ``random.Random.shuffle`` gives from the same
generator (the same Fisher-Yates steps, the same draws), with the method calls of its
loop inlined: engines shuffle whole decks when a game starts or a deck is reshuffled,
and for short games that is a good part of the time a random game takes.
"""

from __future__ import annotations

import random
from typing import Any, MutableSequence


def shuffle(items: MutableSequence[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place, exactly as ``rng.shuffle(items)`` would."""
    bits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]
