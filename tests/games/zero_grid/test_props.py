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
from generator.games.zero_grid.state import OVER, PowerUsed, State, Swapped, removed
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
    assert GAME.is_over(s) is (s.phase == OVER) is (GAME.to_move(s) is None), "over exactly when finished"
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


@given(hand=st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True).map(tuple),
       index=st.integers(-24, 23))
def test_the_programming_choices_read_and_compare_as_every_order_of_the_hand(hand: tuple[int, ...], index: int) -> None:
    """The 24 programming orders are made when read (a player picks one): read one by
    one, in a slice, in a loop or compared, they are the orders of the hand, and only
    those four cards in some order are in them."""
    from itertools import permutations

    from generator.games.zero_grid.state import program_choices

    choices = program_choices(hand)
    orders = tuple(("program", *order) for order in permutations(hand))
    assert len(choices) == 24 and tuple(choices) == orders and choices == orders
    assert choices[index] == orders[index] and choices[3:9] == orders[3:9]
    assert all(order in choices for order in orders)
    assert ("program", *hand[:3], 52) not in choices and ("program", *hand[:3]) not in choices
    assert "program" not in choices and ["program", *hand] not in choices


@given(seed=st.integers(0, 10_000))
@settings(max_examples=25, deadline=None)
def test_an_action_equal_to_a_legal_one_gives_the_same_next_state(seed: int) -> None:
    """``apply`` knows the programming order just read from the choices is legal without
    comparing it; the same order built anew (or read back from notation) gives the same
    next state, and a wrong one is still refused."""
    state, rng = GAME.new_game(seed=seed), random.Random(seed)
    while not GAME.is_over(state):
        action = rng.choice(GAME.legal_actions(state))
        after = GAME.apply(state, action)
        assert GAME.apply(state, tuple(action)) == after
        if action[0] == "program":
            with pytest.raises(IllegalAction):
                GAME.apply(state, (*action[:4], action[1]))
        state = after


def select_die_by_reading(grid: tuple[int, ...], used: int, column: int,
                          card: int) -> tuple[int, int, tuple[int, ...]]:
    """The rule as written, cell by cell: the highest unused die (topmost among equals;
    Hearts never a six) for the power; for Movement the highest unused die with a die to
    its right in its row (not for a face card or Column 4), and those columns."""
    from generator.games.zero_grid.state import FACE, HEARTS, SUIT_OF

    power = move = -1
    targets: tuple[int, ...] = ()
    for cell in range(column * 4, column * 4 + 4):
        pips = grid[cell]
        if not pips or used >> cell & 1:
            continue
        if (SUIT_OF[card] != HEARTS or pips != 6) and (power < 0 or pips > grid[power]):
            power = cell
        right = tuple(c for c in range(column + 1, 4) if grid[c * 4 + cell % 4])
        if not FACE[card] and column < 3 and right and (move < 0 or pips > grid[move]):
            move, targets = cell, right
    return power, move, targets


@given(grid=st.lists(st.integers(0, 6), min_size=16, max_size=16).map(tuple), used=st.integers(0, 2**16 - 1),
       column=st.integers(0, 3), card=st.integers(0, 51))
def test_the_die_tables_choose_as_the_rule_reads(grid: tuple[int, ...], used: int, column: int, card: int) -> None:
    """Resolution reads a card's dice from tables (by a column's pips and activation
    marks, by a row's dice); they choose the dice the rule text would, on any grid."""
    from generator.games.zero_grid.play import select_die

    assert select_die(grid, used, column, card) == select_die_by_reading(grid, used, column, card)
