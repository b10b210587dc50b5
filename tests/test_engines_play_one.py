"""Random play (issue 23): ``simulate.play_one`` draws each choice itself, for speed, and
must pick exactly what ``random.Random(seed ^ 0x5EED).choice`` picks, so a seeded
`pipworks simulate` run plays the same games it always did."""

from __future__ import annotations

import random
from typing import Any

import pytest

from generator.games import SHIPPED, find_game
from generator.simulate import play_one

GAMES = sorted(spec.slug for spec in SHIPPED)


def played_with_choice(engine: Any, seed: int) -> tuple[list[str], int]:
    """The game ``play_one`` plays, with ``Random.choice`` picking: its log and length."""
    state = engine.new_game(seed=seed)
    choice = random.Random(seed ^ 0x5EED).choice
    decisions = 0
    while not engine.is_over(state):
        state = engine.apply(state, choice(engine.legal_actions(state)))
        decisions += 1
    return list(engine.log(state)), decisions


@pytest.mark.parametrize("slug", GAMES)
def test_play_one_picks_what_random_choice_picks(slug: str) -> None:
    engine = find_game(slug)
    for seed in (0, 1, 7, 12345, 2**40 + 3):
        state, decisions = play_one(engine, None, (), seed)
        assert (list(engine.log(state)), decisions) == played_with_choice(engine, seed), f"{slug} seed {seed}"


class _Stuck:
    """An engine whose game is never over yet offers no action."""

    slug = "stuck"

    def new_game(self, **_: Any) -> int:
        return 0

    def legal_actions(self, state: int) -> tuple[()]:
        return ()

    def apply(self, state: int, action: Any) -> int:
        raise AssertionError("no action to apply")

    def is_over(self, state: int) -> bool:
        return False


def test_play_one_refuses_a_game_with_no_move_that_is_not_over() -> None:
    with pytest.raises(IndexError, match="no legal action"):
        play_one(_Stuck(), None, (), 0)
