"""Pip Trick (slug ``pip-trick``): the reference rules engine.

Three or four players, four rounds with trump rotating hearts, diamonds, spades, clubs;
each follower must show a suit new to the trick (or play face down); the middle places
change one of their own dice with their card's suit; each round ends with every player
locking a die; the highest total of four locked dice wins, ties broken by 6s, 5s, ...

The rules live in ``pip_trick_rules`` (state and pure functions), the notation and log
in ``pip_trick_text``, worked examples in ``pip_trick_examples``; this module gathers
them into ``GAME`` and maps every rule id of ``content/pip-trick/game.yaml`` to the code
that implements it.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...rules.base import engine
from .examples import outcomes, position_state, run_example
from .play import (  # noqa: F401  (the rule map's targets are imported here by name)
    after_changes, apply, can_change, change_die, change_pips, clubs_options, die_options, end_trick, is_over,
    legal_actions, lock_die, lock_options, new_cycle, next_round, no_action_reason, play_options, play_problem,
    rank_trick, to_move,
)
from .state import (  # noqa: F401
    ACTIVE_DICE_BY_ROUND, ALLOWED, MIDDLE_PLACES, ROUNDS, START_DICE, TRUMP_ORDER, VARIANTS, State, deal, new_game,
    result, score_key, start_dice,
)
from .notation import action_text, describe, log, parse_action

#: Our estimate of a game's length (the source gives none; clarification
#: ``play-time-estimate``): minutes, for a table that knows the rules.
PLAY_TIME_ESTIMATE = (30, 45)

#: rule / variant / clarification id in game.yaml -> the name here that implements it.
RULE_MAP: dict[str, str] = {
    # setup
    "give-dice": "start_dice",
    "choose-dealer": "new_game",
    "deal": "deal",
    # rounds and trump
    "rounds-and-trump": "ROUNDS",
    "trump-order": "TRUMP_ORDER",
    "trump-outranks": "rank_trick",
    "dealer-passes": "next_round",
    # playing a trick
    "playing-a-trick": "play_options",
    "lead": "play_options",
    "new-suit-rule": "ALLOWED",
    "no-legal-suit": "play_options",
    "face-down-cards": "rank_trick",
    # ranking
    "ranking-the-trick": "rank_trick",
    "trump-beats-plain": "rank_trick",
    "highest-rank": "rank_trick",
    "equal-rank-later": "rank_trick",
    "face-down-order": "rank_trick",
    "trick-winner-leads": "end_trick",
    # the middle and the suit powers
    "the-middle": "MIDDLE_PLACES",
    "middle-four-players": "MIDDLE_PLACES",
    "middle-three-players": "MIDDLE_PLACES",
    "suit-powers": "die_options",
    "hearts-increase": "change_pips",
    "diamonds-decrease": "change_pips",
    "spades-flip": "change_pips",
    "clubs-swap": "clubs_options",
    # the used/available cycle
    "using-dice": "die_options",
    "used-dice": "change_die",
    "new-cycle": "new_cycle",
    # end of a round, end of the game
    "end-of-round": "after_changes",
    "lock-a-die": "lock_options",
    "locked-dice": "lock_die",
    "carry-over": "next_round",
    "active-dice-by-round": "ACTIVE_DICE_BY_ROUND",
    "end-of-game": "result",
    "final-score": "score_key",
    "ties": "score_key",
    # variants
    "easier-start": "start_dice",
    "middle-die-exempt": "can_change",
    # clarifications
    "whose-dice": "die_options",
    "change-at-the-limit": "can_change",
    "clubs-may-pass": "clubs_options",
    "face-down-in-the-middle": "no_action_reason",
    "three-player-leftover": "deal",
    "locking-order": "after_changes",
    "fresh-deal-each-round": "next_round",
    "first-lead-each-round": "next_round",
    "face-down-only-when-stuck": "play_problem",
    "middle-order": "end_trick",
    "cycle-resets-at-once": "new_cycle",
    "lock-a-used-die": "lock_options",
    "one-trump-per-trick": "ALLOWED",
    "play-time-estimate": "PLAY_TIME_ESTIMATE",
}


@engine
class PipTrick:
    """The engine behind the common protocol (``generator.rules.base.Game``)."""

    slug = "pip-trick"
    title = "Pip Trick"
    player_counts = (3, 4)
    variants: Mapping[str, str] = VARIANTS
    rule_map: Mapping[str, str] = RULE_MAP

    # Protocol functions come from this module via @engine (attached as they are);
    # the two helpers below serve the example drawings and tests.

    def position(self, position: Mapping[str, Any], play: Sequence[str] = (), variants: Sequence[str] = ()) -> State:
        """The state a worked example's ``position`` describes (for tests and `play`)."""
        return position_state(position, play, variants)

    def outcomes(self, state: State) -> dict[str, Any]:
        return outcomes(state)


GAME = PipTrick()
