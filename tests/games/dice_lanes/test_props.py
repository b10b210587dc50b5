"""Dice Lanes property tests: random legal games keep every invariant of the rules.

Hypothesis draws the seed (the deal, the dice and the start player) and the random
player's choices; each variant plays at least 200 games. Invariants checked after every
decision: the 24 cards are all somewhere exactly once, hands stay equal and at most 4,
dice show 1–6 or are gone, nothing waits in a Draw 2 outside the Resolve phase, the
pool never goes negative, the game ends within its bound, claims in the log add up to
the score, and an illegal action is refused.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from generator.games import find_game
from generator.games.dice_lanes.play import apply, legal_actions, to_move
from generator.games.dice_lanes.state import OVER, PROGRAM, RESOLVE, Claimed, Dealt, PoolEmpty, State
from generator.rules.base import IllegalAction, oldest_first

GAME = find_game("dice-lanes")
NUMBERS = GAME.numbers
GAME_DECK, LANES = NUMBERS.deck, NUMBERS.lanes

#: Each player holds at most 4 + 16 / 2 = 12 cards in a round; a card is programmed once
#: and resolved once, so a round has at most 2 players × 12 cards × 2 decisions.
DECISIONS_PER_ROUND = 48
ALL_ACTIONS = [a for lane in range(LANES) for table in (NUMBERS.program_actions, NUMBERS.power_actions,
                                                        NUMBERS.draw_actions) for a in table[lane]]
ALL_ACTIONS += [a for lane in range(LANES) for per_card in NUMBERS.swap_actions[lane] for a in per_card]
# a verb naming the wrong power for its card, and a Swap with no lane while others are active
ALL_ACTIONS += [(verb, lane, card) for verb in ("increase", "decrease", "flip", "swap") for lane in range(LANES)
                for card in GAME_DECK]


def check_invariants(state: State) -> None:
    cards = list(state.hands[0] + state.hands[1] + state.pile + state.discard) + [c for c in state.program if c >= 0]
    assert sorted(cards) == list(GAME_DECK), "every card of the game deck is somewhere, exactly once"
    # cards in hand, plus those programmed while the Program phase is under way
    held = [len(state.hands[seat]) for seat in (0, 1)]
    if state.phase == PROGRAM:
        held = [held[seat] + sum(1 for c in state.program[LANES * seat : LANES * seat + LANES] if c >= 0)
                for seat in (0, 1)]
    assert held[0] == held[1] <= 4, "both players always hold equally many cards"
    for lane in range(LANES):
        pip, slot = state.pips[lane], state.slots[lane]
        assert pip == 0 and slot == 0 or 1 <= pip <= 6 and -2 <= slot <= 2
        if state.phase != RESOLVE:
            assert abs(slot) < 2, "a die in a Draw 2 is claimed at the Claim Check"
    assert state.pool >= 0
    assert all(1 <= p <= 6 for seat in state.claimed for p in seat)
    if state.phase == PROGRAM:
        assert held[0] >= LANES - state.pips.count(0) > 0, "a hand is only played with a card for every active lane"
    if state.phase == RESOLVE:
        assert len(state.order) == 2 * (LANES - state.pips.count(0))


def play_checked(seed: int, variants: tuple[str, ...]) -> tuple[State, int]:
    state = GAME.new_game(variants=variants, seed=seed)
    rng = random.Random(seed)
    decisions = 0
    bound = DECISIONS_PER_ROUND * state.rounds
    while not GAME.is_over(state):
        check_invariants(state)
        actions = legal_actions(state)
        assert actions, "a legal action exists while the game is on"
        illegal = rng.choice(ALL_ACTIONS)
        if illegal not in actions:
            with pytest.raises(IllegalAction):
                apply(state, illegal)
        action = rng.choice(actions)
        assert GAME.parse_action(state, GAME.action_text(state, action)) == action
        state = apply(state, action)
        decisions += 1
        assert decisions <= bound, "the game ends within its bound"
    check_invariants(state)
    assert state.phase == OVER and to_move(state) is None and legal_actions(state) == []
    return state, decisions


def check_score_matches_log(state: State) -> None:
    claims = [e for e in oldest_first(state.events) if isinstance(e, Claimed)]
    for seat in (0, 1):
        mine = [e.pip for e in claims if e.seat == seat]
        assert tuple(mine) == state.claimed[seat]
    result = GAME.result(state)
    assert result.scores == (len(state.claimed[0]), len(state.claimed[1]))
    assert sorted(s for group in result.ranking for s in group) == [0, 1]
    lines = GAME.log(state)
    assert sum(1 for line in lines if " claims the " in line) == len(claims)
    winners = GAME.result(state).winners
    assert lines[-1].startswith("Game over: ")
    assert ("shared victory" in lines[-1]) == (len(winners) == 2)
    if len(winners) == 1:
        assert f"P{winners[0] + 1} wins" in lines[-1]


def check_dice_supply(state: State, pool_size: int) -> None:
    """The pool is never exhausted in the standard and extended games (ruling 5)."""
    events = oldest_first(state.events)
    assert not any(isinstance(e, PoolEmpty) for e in events)
    deals = [e for e in events if isinstance(e, Dealt)]
    assert len(deals) == state.rounds and all(0 not in e.pips for e in deals), "every round starts with 3 dice"
    used = pool_size - state.pool
    assert used <= 3 * state.rounds


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_standard_games_keep_the_invariants(seed: int) -> None:
    state, _ = play_checked(seed, ())
    assert state.rounds == 3
    check_score_matches_log(state)
    check_dice_supply(state, 9)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_extended_games_keep_the_invariants(seed: int) -> None:
    state, _ = play_checked(seed, ("extended-game",))
    assert state.rounds == 4
    check_score_matches_log(state)
    check_dice_supply(state, 12)


def test_two_thousand_random_games_without_an_exception() -> None:
    """Plain random play, both game lengths, no checks but the game's own."""
    seen = {"dice": 0, "pips": 0, "shared": 0}
    for seed in range(2000):
        state = GAME.new_game(seed=seed, variants=("extended-game",) if seed % 4 == 0 else ())
        rng = random.Random(seed)
        while not GAME.is_over(state):
            state = apply(state, rng.choice(legal_actions(state)))
        seen[GAME.result(state).details["decided_by"]] += 1
    assert all(seen.values()), f"every way of deciding a game happens: {seen}"
