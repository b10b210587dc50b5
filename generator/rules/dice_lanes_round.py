"""Dice Lanes: setting up and running a round, from the deal to the final Claim Check.

These steps happen between decisions, so they work on the list of state fields that
``apply`` (or ``new_game``) is building, in order; nothing here is visible outside the
engine until that list becomes a new ``State``.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from .base import SetupError
from .dice_lanes_state import (
    CLAIMED, DISCARD, DRAW_2, EVENTS, FIRST_DICE, GAME_DECK, HAND, HAND_SIZE, HANDS, LANES, NEXT_ROLL,
    NO_PROGRAM, OVER, PHASE, PILE, PIPS, POOL, PROG, PROGRAM, ROUND, SLOTS, START, STEP, VARIANTS, State,
)

# --- setup -------------------------------------------------------------------------
def game_length(variants: Sequence[str]) -> str:
    """``"standard"`` or ``"extended"`` (variant extended-game); refuses unknown names."""
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        raise SetupError(f"unknown Dice Lanes variant {unknown[0]!r}; known: {', '.join(VARIANTS)}")
    return "extended" if "extended" in variants else "standard"


def shuffled_decks(rng: random.Random, rounds: int) -> tuple[tuple[int, ...], ...]:
    """One shuffled 24-card game deck per round (rules setup-deck and next-round)."""
    return tuple(tuple(rng.sample(GAME_DECK, len(GAME_DECK))) for _ in range(rounds))


def choose_start_player(rng: random.Random) -> int:
    """The first hand's Start Player, at random (rule setup-start-player)."""
    return rng.randrange(2)


def roll_first_dice(fields: list, pool_size: int) -> None:
    """Take 3 dice from the pool, roll them, put each in a lane's Center (setup-dice)."""
    pips = tuple(roll(fields) for _ in range(FIRST_DICE))
    fields[PIPS], fields[SLOTS], fields[POOL] = pips, (0, 0, 0), pool_size - FIRST_DICE


def deal_round(fields: list, deck: tuple[int, ...]) -> None:
    """Deal 4 cards each, one at a time from the top, Start Player first (setup-deal).

    Every round uses all 24 cards, hands included (ruling new-round-reshuffle).
    """
    start = fields[START]
    dealt = deck[: 2 * HAND_SIZE]
    hands: list[tuple[int, ...]] = [(), ()]
    hands[start], hands[1 - start] = dealt[0::2], dealt[1::2]
    fields[HANDS] = (hands[0], hands[1])
    fields[PILE], fields[DISCARD], fields[PROG] = deck[2 * HAND_SIZE :], (), NO_PROGRAM
    fields[EVENTS] += (("deal", fields[ROUND], start, fields[HANDS], fields[PIPS], fields[SLOTS]),)


def roll(fields: list) -> int:
    """The next die roll of the game's pre-rolled stream."""
    index = fields[NEXT_ROLL]
    rolls = fields[F_ROLLS]
    if index >= len(rolls):
        raise SetupError("a die must be rolled but no roll is left: give more rolls in the setup")
    fields[NEXT_ROLL] = index + 1
    return rolls[index]


F_ROLLS = State._fields.index("rolls")
F_DECKS = State._fields.index("decks")



# --- the flow of a round --------------------------------------------------------------
def begin_hand(fields: list) -> None:
    """Start a hand's Program phase, or end the round when it cannot be played.

    The round ends at once when a player holds fewer cards than there are active
    lanes (rule program-short); that unplayed hand does not pass the start, so its
    Start Player starts the next round (clarification start-after-short-round).
    """
    pips = fields[PIPS]
    lanes = LANES - pips.count(0)
    if lanes == 0:
        end_round(fields, ("claimed",))
        return
    hands = fields[HANDS]
    short = [seat for seat in (0, 1) if len(hands[seat]) < lanes]
    if short:
        end_round(fields, ("short", short[0], len(hands[short[0]]), lanes))
        return
    fields[HAND] += 1
    fields[PHASE], fields[STEP] = PROGRAM, 0
    fields[EVENTS] += (("hand", fields[ROUND], fields[HAND], fields[START]),)


def claim_check(fields: list) -> None:
    """Every die in a Draw 2 goes to that player's scoring area at its pips (claim-check).

    Until this check a die in a Draw 2 is still in play (clarification
    draw-two-stays-in-play).
    """
    pips, slots = list(fields[PIPS]), list(fields[SLOTS])
    claimed = list(fields[CLAIMED])
    events: list[tuple[Any, ...]] = []
    for lane in range(LANES):
        if pips[lane] and slots[lane] in DRAW_2:
            seat = 0 if slots[lane] < 0 else 1
            claimed[seat] += (pips[lane],)
            events.append(("claim", seat, lane, pips[lane]))
            pips[lane], slots[lane] = 0, 0
    if events:
        fields[PIPS], fields[SLOTS], fields[CLAIMED] = tuple(pips), tuple(slots), tuple(claimed)
        fields[EVENTS] += tuple(events)


def refill(fields: list) -> None:
    """Alternate draws, Start Player first, up to 4 cards each, always equal numbers (refill).

    With fewer than 2 cards in the pile nobody draws.
    """
    hands, pile, start = fields[HANDS], fields[PILE], fields[START]
    each = min(HAND_SIZE - max(len(hands[0]), len(hands[1])), len(pile) // 2)
    if each > 0:
        new = [(), ()]
        new[start] = hands[start] + pile[0 : 2 * each : 2]
        new[1 - start] = hands[1 - start] + pile[1 : 2 * each : 2]
        fields[HANDS], fields[PILE] = (new[0], new[1]), pile[2 * each :]
    fields[EVENTS] += (("refill", start, max(each, 0), len(fields[PILE])),)


def finish_hand(fields: list) -> None:
    """Claim and Refill, then pass the start (rules claim-refill, next-start-player).

    The start alternates after every hand, across rounds too (start-player-alternates).
    When the Claim Check took the last die the round ends with no refill
    (clarification no-refill-after-last-claim).
    """
    claim_check(fields)
    if fields[PIPS] == (0, 0, 0):
        fields[START] = 1 - fields[START]
        end_round(fields, ("claimed",))
        return
    refill(fields)
    fields[START] = 1 - fields[START]
    fields[EVENTS] += (("start", fields[START]),)
    begin_hand(fields)


def end_round(fields: list, reason: tuple) -> None:
    """The round is over: final Claim Check, then the next round or the game's end (round-end)."""
    fields[EVENTS] += (("round-end", fields[ROUND]) + reason,)
    final_claim_check(fields)
    if fields[ROUND] < fields[F_ROUNDS]:
        start_next_round(fields)
    else:
        fields[PHASE], fields[STEP] = OVER, 0
        fields[EVENTS] += (("game-over", fields[CLAIMED]),)


F_ROUNDS = State._fields.index("rounds")


def final_claim_check(fields: list) -> None:
    """Claim the Draw 2 dice; if a round follows, ready every lane for it (final-claim).

    A Draw 1 die stays as it is, a Center die is rolled again, an empty lane gets a new
    rolled die from the pool in its Center, or stays empty if the pool is out (ruling
    dice-pool-exhausted). After the last round nothing is rolled (last-round-check).
    """
    claim_check(fields)
    if fields[ROUND] >= fields[F_ROUNDS]:
        return
    pips, slots = list(fields[PIPS]), list(fields[SLOTS])
    events: list[tuple[Any, ...]] = []
    for lane in range(LANES):
        if not pips[lane]:
            if fields[POOL] > 0:
                fields[POOL] -= 1
                pips[lane], slots[lane] = roll(fields), 0
                events.append(("new-die", lane, pips[lane]))
            else:
                events.append(("pool-empty", lane))
        elif slots[lane] == 0:
            old, pips[lane] = pips[lane], roll(fields)
            events.append(("reroll", lane, old, pips[lane]))
        else:
            events.append(("keep", lane, pips[lane], slots[lane]))
    fields[PIPS], fields[SLOTS] = tuple(pips), tuple(slots)
    fields[EVENTS] += tuple(events)


def start_next_round(fields: list) -> None:
    """Shuffle all 24 cards, deal 4 each, play on with the next Start Player (next-round)."""
    fields[ROUND] += 1
    fields[HAND] = 0
    deal_round(fields, fields[F_DECKS][fields[ROUND] - 1])
    begin_hand(fields)
