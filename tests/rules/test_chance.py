"""The engines' fast shuffle deals exactly what ``random.Random.shuffle`` deals, so a
game's seed gives the same game it always gave."""

from __future__ import annotations

import random

from generator.rules.chance import shuffle


def test_the_fast_shuffle_is_random_shuffle() -> None:
    for seed in range(500):
        for size in (0, 1, 2, 3, 16, 36, 52):
            ours, theirs = list(range(size)), list(range(size))
            mine, reference = random.Random(seed), random.Random(seed)
            shuffle(ours, mine)
            reference.shuffle(theirs)
            assert ours == theirs
            assert mine.random() == reference.random()  # the generator is left where shuffle leaves it


def test_four_deuces_rolls_are_random_choices() -> None:
    from generator.games.four_deuces.state import _FACES, roll

    for seed in range(500):
        ours, reference = random.Random(seed), random.Random(seed)
        assert roll(ours, 7) == reference.choices(_FACES, k=7)
        assert ours.random() == reference.random()
