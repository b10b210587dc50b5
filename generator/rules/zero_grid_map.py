"""Traceability for Zero Grid: every rule section, variant and clarification id of
``content/zero-grid/game.yaml`` -> the name, in :mod:`generator.rules.zero_grid`, of the
function or constant that implements it. A test fails when an id is missing here or a
name does not exist in the engine module."""

from __future__ import annotations

RULE_MAP: dict[str, str] = {
    # setup
    "setup-grid": "SETUP_GRID",
    "setup-deck": "setup_deck",
    "setup-start-player": "setup_start_player",
    # the hand
    "hand-structure": "apply",
    "deal-and-program": "deal_and_program",
    "initiative-reveal": "initiative_reveal",
    "column-4-access": "resolves_column_4",
    "action-resolution": "action_resolution",
    "targeting": "target_column",
    "column-activation-limit": "activate",
    "die-eligibility": "activate",
    "selecting-a-die": "select_die",
    "action-choice": "select_die",
    "resolvable-die": "select_die",
    "swap-movement": "swap_movement",
    "suit-powers": "suit_power",
    "power-hearts": "suit_power",
    "power-diamonds": "suit_power",
    "power-spades": "suit_power",
    "power-clubs": "apply_power",
    "removal": "EMPTY",
    "column-4": "resolves_column_4",
    "fizzles": "fizzle",
    "cleanup": "cleanup",
    "reshuffle": "reshuffle",
    # the end
    "end-of-game": "cleanup",
    "elimination": "cleanup",
    "two-player-timer": "allowed_reshuffles",
    "solo-timer": "solo_timer_expired",
    "timer-scoring": "result",
    "scoring-titles": "score_title",
    # variants
    "solo-mode": "adversary_favor",
    "easier": "resolves_column_4",
    "hardcore": "hardcore_penalty",
    "hardcore-rule-text": "rule_text_penalty",
    "favor-at-reveal": "favor_at_reveal",
    # clarifications (RULINGS.md, then ours)
    "zg-hand-size": "HAND_SIZE",
    "zg-action-choice": "select_die",
    "zg-equal-pips": "select_die",
    "zg-swap-target": "swap_movement",
    "zg-decay-removal": "swap_movement",
    "zg-hearts-on-six": "select_die",
    "zg-clubs-hold": "apply_power",
    "zg-hardcore-penalty": "hardcore_penalty",
    "zg-two-player-timer": "cleanup",
    "zg-solo-timer": "solo_timer_expired",
    "zg-must-resolve": "action_resolution",
    "zg-deal-in-hand": "deal_and_program",
    "zg-start-player": "setup_start_player",
    "zg-favor-timing": "adversary_favor",
    "zg-solo-reveal": "initiative_reveal",
    "zg-penalty-details": "raise_pip",
    "zg-rule-text-penalty": "rule_text_penalty",
    "zg-easier-details": "allowed_reshuffles",
    "zg-elimination-timing": "cleanup",
    "zg-shifted-card-limit": "action_resolution",
}
