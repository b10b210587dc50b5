"""Zero Grid's events are built when first read (issue 23): a reader must see the events
an eager engine would have recorded, whenever and however often it reads them, and
reading them must not change what a state is (repr, ==, hash, pickle)."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from generator.games import find_game
from generator.games.zero_grid.bots import determinise
from generator.rules.base import oldest_first

GAME = find_game("zero-grid")
VARIANTS = [(), ("solo-mode",), ("easier", "hardcore"), ("hardcore-rule-text",), ("favor-at-reveal",)]


def states_of(variants: tuple[str, ...], seed: int) -> list[Any]:
    """Every state of a seeded random game, none of their events read."""
    state = GAME.new_game(variants=variants, seed=seed)
    rng = random.Random(seed)
    found = [state]
    while not GAME.is_over(state):
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        found.append(state)
    return found


@pytest.mark.parametrize("variants", VARIANTS, ids=str)
def test_events_read_at_the_end_are_those_read_after_every_move(variants: tuple[str, ...]) -> None:
    for seed in range(8):
        step_by_step = [oldest_first(s.events) for s in states_of(variants, seed)]
        at_the_end = states_of(variants, seed)
        assert oldest_first(at_the_end[-1].events) == step_by_step[-1]
        # every earlier state's events are then read from what the last read kept
        assert [oldest_first(s.events) for s in at_the_end] == step_by_step
        # each move adds its own events to those of the state it was taken in
        assert all(a == b[:len(a)] and len(b) > len(a) for a, b in zip(step_by_step, step_by_step[1:]))


@pytest.mark.parametrize("variants", VARIANTS[:3], ids=str)
def test_reading_events_changes_nothing_a_state_is(variants: tuple[str, ...]) -> None:
    unread, read = states_of(variants, 3), states_of(variants, 3)
    before = [repr(s) for s in unread]
    for s in read:
        s.events
    assert [repr(s) for s in read] == before
    assert unread == read and [hash(s) for s in unread] == [hash(s) for s in read]
    assert [pickle.loads(pickle.dumps(s)) for s in unread[::9]] == read[::9]
    assert all("history" not in text and "events=" in text for text in before)
    assert unread[1] != unread[2] and unread[-1] != unread[-2]


def test_a_determinised_state_plays_on_with_its_own_events() -> None:
    """The searches' worlds carry the events rewritten for their deal; the moves played
    from them add their events to those."""
    states = states_of((), 5)
    position = next(s for s in states if s.hands and len(s.programs) == 1)
    world = determinise(position, 1, random.Random(2))
    rewritten = oldest_first(world.events)
    assert len(rewritten) == len(oldest_first(position.events))
    state, rng = world, random.Random(9)
    while not GAME.is_over(state):
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    events = oldest_first(state.events)
    assert events[:len(rewritten)] == rewritten and len(events) > len(rewritten)
    assert GAME.log(state)[-1].startswith("Game over")
