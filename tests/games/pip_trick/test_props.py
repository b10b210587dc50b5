"""Random legal Pip Trick games keep every invariant the rules promise.

Hypothesis draws the seed (which fixes the deal, the first dealer and every random
choice) and the player count; every variant gets at least 200 games.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings, strategies as st

from generator.games import find_game
from generator.games.pip_trick.notation import SEATS
from generator.games.pip_trick.state import CHANGE, DOWN, LOCK, LOCKED, PLAY, PLAY_DOWN, PLAY_UP, USED, hand_size
from generator.rules.base import IllegalAction

GAME = find_game("pip-trick")

VARIANTS = [(), ("easier-start",), ("middle-die-exempt",)]
LOCK_LINE = re.compile(r"^(\w+) locks die \d showing (\d)$")


def decision_bound(players: int) -> int:
    """Most decisions a game can take: every card, two (or one) die actions per trick,
    and one lock per player, in each of four rounds."""
    tricks = hand_size(players)
    return 4 * (tricks * players + tricks * (players - 2) + players)


def check_state(state, before) -> None:
    n = state.players
    # cards conserved: hands, the trick and the set-aside card never overlap, and the
    # cards still out are exactly those of the tricks not yet played
    parts = list(state.hands) + [1 << (code % DOWN) for code in state.trick] + [state.set_aside]
    union = 0
    for part in parts:
        union |= part
    assert union.bit_count() == sum(part.bit_count() for part in parts), "a card is in two places"
    if state.phase != 3:
        in_hands = sum(h.bit_count() for h in state.hands)
        assert in_hands + len(state.trick) == n * (hand_size(n) - sum(state.tricks))
    # dice: pips 1..6; locked dice never change; never every active die used at once
    assert min(state.dice) >= 1 and max(state.dice) <= 6
    if state.phase in (PLAY, CHANGE):  # (a lock may leave only used dice until the next round)
        for seat in range(n):
            active = [s for s in state.status[4 * seat:4 * seat + 4] if s != LOCKED]
            assert any(s != USED for s in active), "a full cycle must have reset"
            assert len(active) == 4 - state.round
    if state.status != before.status or state.dice != before.dice:
        for i, old in enumerate(before.status):
            if old == LOCKED:
                assert state.status[i] == LOCKED and before.dice[i] == state.dice[i], "a locked die changed"


def an_illegal_action(state, rng: random.Random):
    """An action the rules forbid now: a card not held, or the wrong kind of decision."""
    if state.phase == PLAY:
        hand = state.hands[GAME.to_move(state)]
        card = rng.randrange(52)
        while hand >> card & 1:
            card = rng.randrange(52)
        return rng.choice([PLAY_UP[card], PLAY_DOWN[card], ("lock", 0)])
    if state.phase in (CHANGE, LOCK):
        return PLAY_UP[0]
    return ("pass",)


def play_checked(seed: int, players: int, variants) -> None:
    state = GAME.new_game(players, variants, seed)
    rng = random.Random(seed)
    decisions = 0
    while not GAME.is_over(state):
        actions = GAME.legal_actions(state)
        assert actions, "no legal action while the game is not over"
        with pytest.raises(IllegalAction):
            GAME.apply(state, an_illegal_action(state, rng))
        nxt = GAME.apply(state, rng.choice(actions))
        check_state(nxt, state)
        state = nxt
        decisions += 1
        assert decisions <= decision_bound(players)
    assert GAME.to_move(state) is None and GAME.legal_actions(state) == []
    # scores agree with the log's locks; every player locked exactly four dice
    res = GAME.result(state)
    locked: dict[str, list[int]] = {name: [] for name in SEATS[players]}
    for line in GAME.log(state):
        match = LOCK_LINE.match(line)
        if match:
            locked[match[1]].append(int(match[2]))
    assert [len(v) for v in locked.values()] == [4] * players
    assert [float(sum(locked[name])) for name in SEATS[players]] == list(res.scores)
    assert sorted(seat for group in res.ranking for seat in group) == list(range(players))
    assert GAME.log(state)[-1].startswith("Final totals:")


@pytest.mark.parametrize("variants", VARIANTS, ids=lambda v: v[0] if v else "standard")
@settings(max_examples=200, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), players=st.sampled_from([3, 4]))
def test_random_games_keep_every_invariant(variants, seed: int, players: int) -> None:
    play_checked(seed, players, variants)


def test_two_thousand_random_games_finish() -> None:
    """2 000 random games (both player counts, every variant) end with a full ranking."""
    for seed in range(2000):
        players = 3 + seed % 2
        state = GAME.new_game(players, VARIANTS[seed % 3], seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        assert sorted(s for g in GAME.result(state).ranking for s in g) == list(range(players))


def test_same_seed_same_game_different_seed_different_deal() -> None:
    """All chance comes from the seed: equal seeds replay exactly."""
    a, b = GAME.new_game(4, seed=8), GAME.new_game(4, seed=8)
    assert a == b and GAME.new_game(4, seed=9).hands != a.hands
