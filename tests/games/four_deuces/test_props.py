"""The Four Deuces under random legal play: invariants that must hold in every game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games import find_game
from generator.games.four_deuces import state as fd
from generator.games.four_deuces.play import climb_track, events
from generator.games.four_deuces.state import Climbed, RoundBegins, RoundWon, TrackKept, TrackPlaced
from generator.rules.base import IllegalAction

GAME = find_game("four-deuces")
N = GAME.numbers
VARIANT_SETS = [(), ("lead-player-leads",), ("reshuffle-track",), ("lead-player-leads", "reshuffle-track")]
#: a game is at most 3 rounds; each has 1 character choice at most, 14 card plays,
#: 2 abilities (Al Capone takes two decisions) and one concession.
MAX_DECISIONS = N.max_rounds * (1 + 2 * N.tricks_per_round + 3 + 1)


def cards_in_play(state) -> list[int]:
    """Every card's place summed per suit: hands, reserves, removed, piles, table."""
    total = [0, 0, 0, 0]
    for group in (state.hands[0], state.hands[1], state.reserves[0], state.reserves[1],
                  state.removed, state.piles[0], state.piles[1]):
        for s in range(4):
            total[s] += group[s]
    if state.led is not None:
        total[state.led[0]] += 1
    return total


def check_invariants(state) -> None:
    assert cards_in_play(state) == [N.per_suit] * N.track_places, GAME.describe(state)
    assert GAME.is_over(state) is (state.phase == fd.PHASE_OVER) is (state.turn is None), "over exactly when finished"
    if GAME.is_over(state):
        return
    for seat in (0, 1):
        dice = state.dice[seat]
        on_table = 1 if state.led is not None and seat == state.leader else 0
        assert len(dice) == N.dice_per_player - state.trick - on_table, "used dice must leave the round"
        assert all(1 <= v <= 6 for v in dice) and list(dice) == sorted(dice)
        in_hand = (N.hand - state.trick) if state.trick < N.hand else (N.tricks_per_round - state.trick)
        # while Al Capone waits for the return, the card given sits in the other hand
        lent = 0 if state.capone is None else (1 if seat == state.turn else -1)
        assert sum(state.hands[seat]) == in_hand - on_table + lent
        assert sum(state.reserves[seat]) == (N.reserve if state.trick < N.hand else 0)
        assert state.tricks_won[seat] < N.fifth
    assert sum(state.tricks_won) == state.trick
    assert sorted(state.track) == [0, 1, 2, 3]


def an_illegal_action(state, rng: random.Random):
    """Something the rules forbid now: a card not held, a die not owned, or junk."""
    seat = state.turn
    missing = [s for s in range(4) if not state.hands[seat][s]]
    if missing:
        return ("play", rng.choice(missing), 1)
    absent = [v for v in range(1, 7) if v not in state.dice[seat]]
    if absent:
        return ("play", 0, rng.choice(absent))
    return ("play", 0, 9)


def play_random_game(seed: int, variants=(), check=True):
    state = GAME.new_game(seed=seed, variants=variants)
    rng = random.Random(seed)
    decisions = 0
    while not GAME.is_over(state):
        actions = GAME.legal_actions(state)
        assert actions, f"no legal action while the game is not over:\n{GAME.describe(state)}"
        if check:
            bad = an_illegal_action(state, rng)
            if bad not in actions:
                with pytest.raises(IllegalAction):
                    GAME.apply(state, bad)
        state = GAME.apply(state, rng.choice(actions))
        decisions += 1
        if check:
            check_invariants(state)
        assert decisions <= MAX_DECISIONS, "the game must end within its bound"
    return state, decisions


def check_result_matches_log(state) -> None:
    result = GAME.result(state)
    rounds = [e for e in events(state) if isinstance(e, RoundWon)]
    assert result.scores == (float(sum(e.winner == 0 for e in rounds)), float(sum(e.winner == 1 for e in rounds)))
    assert max(result.scores) == N.rounds_to_win and N.rounds_to_win <= len(rounds) <= N.max_rounds
    assert result.details["round_endings"] == [e.how for e in rounds]
    lines = GAME.log(state)
    winner = fd.SEATS[result.winners[0]]
    assert lines[-1].startswith(f"{winner} wins the game")
    assert sum(" wins round " in line for line in lines) == len(rounds)
    for winner_seat, how, tricks, _ in rounds:
        if how == fd.BY_FOUR:
            assert tricks[winner_seat] == 4 and tricks[1 - winner_seat] == 3, "seven tricks split 4–3 (nobody-on-four)"
        elif how == fd.BY_FIFTH:
            assert tricks[1 - winner_seat] == 5
        else:
            assert max(tricks) <= 4 and sum(tricks) < 7


@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: "+".join(v) or "standard")
@settings(max_examples=200, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_keep_every_invariant(variants, seed):
    """Cards conserved, dice in range or removed, bounded length, result matches the log."""
    state, _ = play_random_game(seed, variants)
    check_result_matches_log(state)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_lead_player_leads_every_trick_in_the_variant(seed):
    """lead-player-leads: in every trick the leader is the round's lead player."""
    state = GAME.new_game(seed=seed, variants=("lead-player-leads",))
    rng = random.Random(seed)
    while not GAME.is_over(state):
        if state.led is None and state.phase == fd.PHASE_PLAY:
            assert state.leader == state.round_lead
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))


@pytest.mark.parametrize("reshuffle", [False, True], ids=["kept", "reshuffle-track"])
@settings(max_examples=200, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_track_between_rounds(reshuffle, seed):
    """between-rounds / reshuffle-track: the track carries over unless reshuffled."""
    state, _ = play_random_game(seed, ("reshuffle-track",) if reshuffle else (), check=False)
    track = None
    placed = 0
    for event in events(state):
        if isinstance(event, TrackPlaced):
            assert event.order == state.chance[placed].track
            track, placed = event.order, placed + 1
        elif isinstance(event, Climbed):
            track = climb_track(track, event.suit)
        elif isinstance(event, TrackKept):
            assert not reshuffle and event.order == track
    rounds = sum(isinstance(e, RoundBegins) for e in events(state))
    assert placed == (rounds if reshuffle else 1)


def test_two_thousand_random_games_run_clean():
    """2 000 random games (500 in each rule set) finish without an exception."""
    for variants in VARIANT_SETS:
        for seed in range(500):
            state, _ = play_random_game(seed, variants, check=False)
            assert GAME.is_over(state)


def test_same_seed_same_game():
    """All chance comes from the seed: one seed, one game."""
    a, _ = play_random_game(99, check=False)
    b, _ = play_random_game(99, check=False)
    assert GAME.log(a) == GAME.log(b)


@given(st.integers(0, 10_000))
@settings(max_examples=25, deadline=None)
def test_apply_judges_an_action_by_the_rules_whatever_was_asked_before(seed: int) -> None:
    """``apply`` remembers the legal actions it was last asked for (random play and the
    searches ask, then apply one of them); whether it was asked about this state or
    another, the same action gives the same state and an illegal one is refused."""
    state = GAME.new_game(seed=seed)
    elsewhere = GAME.new_game(seed=seed + 1)
    rng = random.Random(seed)
    while not GAME.is_over(state):
        actions = GAME.legal_actions(state)
        action, bad = rng.choice(actions), an_illegal_action(state, rng)
        after = GAME.apply(state, action)
        GAME.legal_actions(elsewhere)
        assert GAME.apply(state, tuple(action)) == after
        if bad not in actions:
            with pytest.raises(IllegalAction):
                GAME.apply(state, bad)
        state = after
