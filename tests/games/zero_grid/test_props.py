"""Zero Grid property tests: random legal games keep every invariant, in every variant.

Random play picks uniformly among legal actions; hypothesis picks the seeds (the deal,
the dice streams and the bot's choices all come from it), 200 games per variant.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games import find_game
from generator.games.zero_grid.state import PowerUsed, State, Swapped, removed
from generator.rules.base import IllegalAction, oldest_first

GAME = find_game("zero-grid")

VARIANTS = [(), ("solo-mode",), ("easier",), ("hardcore",), ("hardcore-rule-text",), ("solo-mode", "easier"),
            ("solo-mode", "hardcore"), ("favor-at-reveal",)]
#: Hands a game can last: 2 players 13 (Easier 19), solo 10 (Easier 20).
MAX_HANDS = {(): 13, ("solo-mode",): 10, ("easier",): 19, ("hardcore",): 13, ("hardcore-rule-text",): 13,
             ("solo-mode", "easier"): 20, ("solo-mode", "hardcore"): 10, ("favor-at-reveal",): 10}


def cards_in_play(s: State) -> list[int]:
    held = [c for h in s.hands for c in h]
    return sorted(list(s.deck) + list(s.discard) + held + ([s.reveal] if s.reveal >= 0 else []))


def check_invariants(s: State, before: State) -> None:
    assert cards_in_play(s) == list(range(52)), "cards are conserved"
    for seat, grid in enumerate(s.grids):
        assert len(grid) == 16 and all(0 <= pip <= 6 for pip in grid), "dice stay in 1–6 or are removed (0)"
        assert removed(grid) >= removed(before.grids[seat]), "a removed die never comes back"
    if not GAME.is_over(s):
        assert GAME.legal_actions(s), "a legal action whenever the game is not over"


def removals_in_log(s: State, seat: int) -> int:
    """Dice the log says were removed (a power or a swap bringing a die to zero)."""
    return sum(1 for e in oldest_first(s.events) if isinstance(e, (PowerUsed, Swapped)) and e.seat == seat and e.after == 0)


def play_checked(seed: int, variants: tuple[str, ...]) -> State:
    state = GAME.new_game(variants=variants, seed=seed)
    rng = random.Random(seed)
    refused = False
    decisions = 0
    while not GAME.is_over(state):
        actions = GAME.legal_actions(state)
        if not refused:
            with pytest.raises(IllegalAction):
                GAME.apply(state, ("program", 99, 99, 99, 99) if actions[0][0] == "program" else ("swap", 99))
            refused = True
        before = repr(state) if decisions < 12 else ""
        nxt = GAME.apply(state, rng.choice(actions))
        assert not before or repr(state) == before, "apply never changes the state it is given"
        check_invariants(nxt, state)
        state = nxt
        decisions += 1
        assert decisions < 2_000
    return state


@pytest.mark.parametrize("variants", VARIANTS, ids=lambda v: "+".join(v) or "base")
@settings(max_examples=200, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_keep_the_invariants(variants: tuple[str, ...], seed: int) -> None:
    state = play_checked(seed, variants)
    assert state.hand_no <= MAX_HANDS[variants], "the game ends within its deck timer"
    result = GAME.result(state)
    for seat in range(state.players):
        assert result.scores[seat] == removals_in_log(state, seat), "scores match the log"
    if state.end == "timer" and state.players == 2:
        assert state.reshuffles == (3 if "easier" in variants else 2)
        best = max(result.scores)
        assert all(result.scores[w] == best for w in result.winners), "the most dice removed wins"
    if state.end == "elimination":
        assert all(result.scores[w] == 16 for w in result.winners)


def test_two_thousand_random_games_without_an_exception() -> None:
    """2 000 random games over every variant finish with a result."""
    for seed in range(2_000):
        variants = VARIANTS[seed % len(VARIANTS)]
        state = GAME.new_game(variants=variants, seed=seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        assert GAME.result(state).ranking
