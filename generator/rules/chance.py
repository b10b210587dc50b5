"""Shuffling for the engines' set-up, fast.

:func:`shuffle` gives exactly the order ``random.Random.shuffle`` gives from the same
generator (the same Fisher-Yates steps, the same draws), with the method calls of its
loop inlined and each step's bit count worked out once per deck size: engines shuffle
whole decks when a game starts or a deck is reshuffled, and for short games that is a
good part of the time a random game takes.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, MutableSequence


@lru_cache(maxsize=None)
def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """(position, choices, bits) of each Fisher-Yates step for ``size`` items."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def shuffle(items: MutableSequence[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place, exactly as ``rng.shuffle(items)`` would."""
    bits = rng.getrandbits
    for i, n, k in _steps(len(items)):
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]
