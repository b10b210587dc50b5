"""Random legal Multisuit games keep every invariant (hypothesis, 200 games per mode).

Each step checks: the 36 cards are all somewhere exactly once, the legal list is never
empty before the end, an action for a card not held is refused, and the follow rules
agree with a slow, obvious re-statement of them. At the end: every trick went to the
highest (latest on ties) rank in its suit, every deal scored what its tricks say, and
the points, games and result agree with the log.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.multisuit.notation import card_text
from generator.games.multisuit.play import deal_points
from generator.games.multisuit.state import (
    DealScored,
    Dealt,
    GameWon,
    TrickWon,
    cards_of,
    deals_at_most,
    team_of,
)
from generator.rules.base import IllegalAction, oldest_first

from tests.games.multisuit.helpers import GAME, NUMBERS, TEST_DECK

MODES = [("single-deal",), ("one-game",), ()]


def obvious_follows(state) -> set[str]:
    """The follow rules read plainly off the hand, to compare with the fast masks."""
    table, suit = state.table, state.suit
    hand = cards_of(state.hands[state.to_move])
    ranked = [c for c in hand if table.rank[suit][c]]
    best = max(table.rank[suit][c] for _, c in state.trick)
    beat = [c for c in ranked if table.rank[suit][c] >= best]
    allowed = beat or ranked or hand
    return {card_text(table, c) for c in allowed}


def check_step(state) -> None:
    table = state.table
    trick = sum(1 << c for _, c in state.trick)
    piles = [*state.hands, *state.given, trick, *state.won]
    assert sum(p.bit_count() for p in piles) == 36, "a card was lost or duplicated"
    combined = 0
    for pile in piles:
        combined |= pile
    assert combined == table.full
    actions = GAME.legal_actions(state)
    assert actions, "no legal action while the game is not over"
    if state.phase == 1 and state.trick:
        assert {card_text(table, a[1]) for a in actions} == obvious_follows(state)
        assert all(a[0] == "play" and len(a) == 2 for a in actions)
    if state.phase == 1 and not state.trick:
        assert all(a[0] == "lead" and table.rank[a[2]][a[1]] for a in actions)
    missing = next((c for c in range(36) if not state.hands[state.to_move] >> c & 1), None)
    if missing is not None:
        for bad in (("give", missing), ("play", missing), ("lead", missing, 0)):
            with pytest.raises(IllegalAction):
                GAME.apply(state, bad)


def check_log(state) -> None:
    """Replay the log: trick winners, deal scores, game wins, and the final score."""
    table = state.table
    points, games, deal_tricks = [0, 0], [0, 0], [0, 0]
    previous = None
    for event in oldest_first(state.events):
        if isinstance(event, TrickWon):
            ranks = [table.rank[event.suit][c] for _, c in event.trick]
            top = max(ranks)
            latest = max(i for i, r in enumerate(ranks) if r == top)
            assert event.trick[latest][0] == event.seat and event.rank == top
            deal_tricks[team_of(event.seat)] += 1
        elif isinstance(event, DealScored):
            team, scored, tricks = event.team, event.scored, event.tricks
            assert tuple(deal_tricks) == tuple(tricks) and sum(tricks) == 9
            assert deal_points(NUMBERS, tricks)[team] == scored and scored >= 1
            points[team] += scored
            assert tuple(points) == tuple(event.points)
            deal_tricks = [0, 0]
        elif isinstance(event, GameWon):
            team = event.team
            assert points[team] >= 5 and points[1 - team] < 5
            games[team] += 1
        elif isinstance(event, Dealt) and isinstance(previous, GameWon):
            points = [0, 0]  # a new game starts from zero
        previous = event
    assert tuple(games) == state.games
    assert tuple(points) == state.points


def play(seed: int, variants: tuple[str, ...], deck) -> None:
    setup = {"deck": deck} if deck is not None else None
    state = GAME.new_game(seed=seed, variants=variants, setup=setup)
    rng = random.Random(seed)
    bound = 48 * deals_at_most(NUMBERS, state.mode)
    decisions = 0
    while not GAME.is_over(state):
        check_step(state)
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        decisions += 1
        assert decisions <= bound, "the game did not end within its bound"
    assert GAME.legal_actions(state) == [] and GAME.to_move(state) is None
    check_log(state)
    result = GAME.result(state)
    ns, ew = result.scores[0], result.scores[1]
    assert ns != ew and result.winners == ((0, 2) if ns > ew else (1, 3))
    if state.mode == "deal":
        assert (ns, ew) == deal_points(NUMBERS, state.tricks)
    elif state.mode == "game":
        assert max(ns, ew) >= 5 > min(ns, ew)
    else:
        assert max(ns, ew) == 2 and min(ns, ew) in (0, 1)


@pytest.mark.parametrize("variants", MODES, ids=["deal", "game", "rubber"])
@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), test_deck=st.booleans())
def test_random_games_keep_every_invariant(variants, seed: int, test_deck: bool) -> None:
    play(seed, variants, TEST_DECK if test_deck else None)


def test_two_thousand_random_deals_without_an_exception() -> None:
    for seed in range(2000):
        state = GAME.new_game(seed=seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        assert sum(state.tricks) == 9
