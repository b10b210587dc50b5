"""Dice Lanes reference rules engine (content/dice-lanes/game.yaml; seed 001).

Two players program one card to every active lane, then resolve the cards alternately
from opposite ends of the board: a card bends its die with its suit power or, on a
rank match, Draws the die one slot toward its owner. Dice in a Draw 2 slot after the
hand are claimed; after the last round the player with more claimed dice wins, pips
breaking a tie.

The engine is pure: ``apply`` copies the flat state into a list, changes the copy and
returns a new state. All chance (every round's shuffled deck, every die roll, the first
Start Player) is drawn from the seed into the state by ``new_game``, so a ``setup``
mapping or a worked example can fix it. Notation, logs and the state picture are in
``dice_lanes_text``; worked examples in ``dice_lanes_examples``.
"""

from __future__ import annotations

import random
from typing import Any, Hashable, Mapping, Sequence

from .base import IllegalAction, Result, SetupError, engine
from .dice_lanes_round import (
    begin_hand, choose_start_player, claim_check, deal_round, end_round, final_claim_check, finish_hand,
    game_length, refill, roll_first_dice, shuffled_decks, start_next_round,
)
from .dice_lanes_state import (  # noqa: F401  (rule_map names some of these)
    CLUBS, DIAMONDS, DICE_POOL, DISCARD, DRAW_2, DRAW_ACTIONS, EVENTS, FIRST_DICE, HANDS, HEARTS, LANES, NO_PROGRAM, ORDER, OVER, PHASE,
    PIPS, PROG, PROGRAM, PROGRAM_ACTIONS, RANK_OF, RESOLVE, RESOLVE_ORDERS, ROUNDS, SLOT_NAMES, SLOTS, STEP,
    SUIT_ACTIONS, SUIT_OF, SWAP_ACTIONS, TOWARD, VARIANTS, Action, State, active_mask, build, resolve_order,
)
from . import dice_lanes_text as text

#: The content's play-time estimate in minutes (clarification play-time-estimate): the
#: source is silent; three rounds of three to four hands each.
PLAY_TIME_ESTIMATE = (20, 30)


def new_game(
    players: int | None = None, variants: Sequence[str] = (), seed: int = 0, setup: Mapping[str, Any] | None = None
) -> State:
    """A fresh game: chance drawn from ``seed``, then overridden by ``setup``.

    ``setup`` keys (all optional): ``start_player`` (1 or 2, or "P1"/"P2"), ``decks``
    (each round's deck, top card first, cards as "5♥" or ints), ``deck`` (round 1's
    deck only), ``dice`` (the 3 first rolls), ``rolls`` (the rolls after those: rerolls
    and new dice at round ends, in lane order).
    """
    if players not in (None, 2):
        raise SetupError(f"Dice Lanes is for exactly 2 players, not {players}")
    length = game_length(variants)
    rounds = ROUNDS[length]
    rng = random.Random(seed)
    start = choose_start_player(rng)
    decks = shuffled_decks(rng, rounds)
    rolls = tuple(rng.randint(1, 6) for _ in range(FIRST_DICE * rounds))
    if setup:
        start, decks, rolls = text.apply_setup(setup, start, decks, rolls)
    fields = list(State(rounds, 1, 0, start, PROGRAM, 0, (0, 0, 0), (0, 0, 0), ((), ()), NO_PROGRAM, (), (), (),
                        decks, rolls, 0, DICE_POOL[length], ((), ()), ()))
    roll_first_dice(fields, DICE_POOL[length])
    deal_round(fields, decks[0])
    begin_hand(fields)
    return build(fields)


# --- decisions -------------------------------------------------------------------------
def to_move(state: State) -> int | None:
    """The seat that decides next: in Program the Start Player fills every lane first."""
    phase = state.phase
    if phase == RESOLVE:
        return state.order[state.step][0]
    if phase == PROGRAM:
        lanes = LANES - state.pips.count(0)
        return state.start if state.step < lanes else 1 - state.start
    return None


def legal_actions(state: State) -> list[Action]:
    """Every legal decision for the seat to move (never empty while the game is on)."""
    phase = state.phase
    if phase == PROGRAM:
        # In Program the Start Player fills every active lane first (as in to_move).
        seat = state.start if state.step < LANES - state.pips.count(0) else 1 - state.start
        program, pips, base = state.program, state.pips, 3 * seat
        hand = state.hands[seat]
        return [PROGRAM_ACTIONS[lane][card] for lane in range(LANES) if pips[lane] and program[base + lane] < 0 for card in hand]
    if phase == RESOLVE:
        return resolve_actions(state)
    return []


def resolve_actions(state: State) -> list[Action]:
    """The choices for the card now resolving (rules card-actions, draw, suit-clubs).

    The suit power is always possible. A Clubs card names which other active die it
    swaps with (clarification clubs-swap-choice); alone on the board it does nothing.
    A Draw needs the rank to equal the die's pips now, and the die not already in the
    resolving player's Draw 2.
    """
    seat, lane = state.order[state.step]
    card = state.program[3 * seat + lane]
    pips = state.pips
    if SUIT_OF[card] == CLUBS:
        swaps = SWAP_ACTIONS[lane][card]
        actions = [swaps[other] for other in range(LANES) if other != lane and pips[other]]
        if not actions:
            actions = [SUIT_ACTIONS[lane][card]]
    else:
        actions = [SUIT_ACTIONS[lane][card]]
    if RANK_OF[card] == pips[lane] and state.slots[lane] != DRAW_2[seat]:
        actions.append(DRAW_ACTIONS[lane][card])
    return actions


def apply(state: State, action: Hashable) -> State:
    """The state after ``action``; raises IllegalAction saying why it is not allowed."""
    if state.phase == PROGRAM:
        return apply_program(state, action)
    if state.phase == RESOLVE:
        return apply_resolve(state, action)
    raise IllegalAction("the game is over: no action is possible")


def _unpack(state: State, action: Hashable) -> tuple[str, int, int, int]:
    if type(action) is Action:
        return action  # type: ignore[return-value]
    if isinstance(action, tuple) and len(action) == 4 and all(isinstance(x, int) for x in action[1:]):
        return Action(*action)  # type: ignore[arg-type]
    raise IllegalAction(f"{action!r} is not a Dice Lanes action; legal now: {text.legal_summary(state)}")


def apply_program(state: State, action: Hashable) -> State:
    """Put a card from hand face down on an active lane (rules program, clarification program-face-down)."""
    kind, lane, card, _ = action if type(action) is Action else _unpack(state, action)  # type: ignore[misc]
    pips, start, step = state.pips, state.start, state.step
    lanes = LANES - pips.count(0)
    seat = start if step < lanes else 1 - start  # the Start Player programs first
    if kind != "program":
        raise IllegalAction(f"{text.who(seat)} must program a card now, not {kind}")
    if not 0 <= lane < LANES or not pips[lane]:
        raise IllegalAction(f"lane {lane + 1} has no active die, so no card may be programmed there")
    index = 3 * seat + lane
    program = state.program
    if program[index] >= 0:
        raise IllegalAction(f"{text.who(seat)} has already programmed a card to lane {lane + 1}")
    hands = state.hands
    hand = hands[seat]
    if card not in hand:
        raise IllegalAction(f"{text.who(seat)} does not hold {text.card_text(card)}")
    fields = list(state)
    cut = hand.index(card)
    held = hand[:cut] + hand[cut + 1 :]
    fields[HANDS] = (held, hands[1]) if seat == 0 else (hands[0], held)
    fields[PROG] = program[:index] + (card,) + program[index + 1 :]
    fields[EVENTS] = state.events + (("program", seat, lane, card),)
    step += 1
    if step == 2 * lanes:
        fields[PHASE], fields[STEP] = RESOLVE, 0
        fields[ORDER] = RESOLVE_ORDERS[start][active_mask(pips)]
    else:
        fields[STEP] = step
    return build(fields)


def apply_resolve(state: State, action: Hashable) -> State:
    """Carry out the next programmed card on whatever die is in its lane now.

    One action per card, suit power or Draw, never both; then the card is discarded
    (rule card-actions). Cards stay with their lanes, so an earlier swap changes the
    die a card acts on (clarification cards-follow-lanes).
    """
    kind, lane, card, target = action if type(action) is Action else _unpack(state, action)  # type: ignore[misc]
    order, step, program = state.order, state.step, state.program
    seat, due_lane = order[step]
    index = 3 * seat + due_lane
    if lane != due_lane or card != program[index] or kind not in ("suit", "draw"):
        raise IllegalAction(f"{text.who(seat)} must now resolve {text.card_text(program[index])} in lane {due_lane + 1}")
    fields = list(state)
    if kind == "draw":
        event = draw_die(fields, seat, lane, card)
    else:
        event = suit_power(fields, seat, lane, card, target)
    fields[PROG] = program[:index] + (-1,) + program[index + 1 :]
    fields[DISCARD] = state.discard + (card,)
    fields[EVENTS] = state.events + (event,)
    fields[STEP] = step + 1
    if step + 1 == len(order):
        finish_hand(fields)
    return build(fields)


def draw_die(fields: list, seat: int, lane: int, card: int) -> tuple:
    """Move the die one slot toward ``seat``'s end, from wherever it is (rule draw).

    Needs the card's rank to equal the die's pips; a die in the player's own Draw 2
    cannot be drawn by them (ruling draw-from-opponent-side).
    """
    pip, slot = fields[PIPS][lane], fields[SLOTS][lane]
    if RANK_OF[card] != pip:
        raise IllegalAction(f"{text.card_text(card)} cannot Draw: its rank {RANK_OF[card]} does not match the die's {pip}")
    if slot == DRAW_2[seat]:
        raise IllegalAction(f"the die in lane {lane + 1} is already in {text.who(seat)}'s Draw 2 and cannot move further")
    slots = list(fields[SLOTS])
    slots[lane] = slot + TOWARD[seat]
    fields[SLOTS] = tuple(slots)
    return ("draw", seat, lane, card, pip, slot, slots[lane])


def suit_power(fields: list, seat: int, lane: int, card: int, target: int) -> tuple:
    """Use the card's suit power on the die in its lane (rule suit-powers)."""
    suit = SUIT_OF[card]
    if suit == CLUBS:
        return swap(fields, seat, lane, card, target)
    if target != -1:
        raise IllegalAction(f"only a Clubs card swaps dice; {text.card_text(card)} is not a Club")
    pips = list(fields[PIPS])
    old = pips[lane]
    if suit == HEARTS:
        new, name = increase(old), "increase"
    elif suit == DIAMONDS:
        new, name = decrease(old), "decrease"
    else:
        new, name = flip(old), "flip"
    pips[lane] = new
    fields[PIPS] = tuple(pips)
    return (name, seat, lane, card, old, new)


def increase(pip: int) -> int:
    """Hearts: one pip more; a 6 stays a 6 (rule suit-hearts)."""
    return pip + 1 if pip < 6 else 6


def decrease(pip: int) -> int:
    """Diamonds: one pip less; a 1 stays a 1 (rule suit-diamonds)."""
    return pip - 1 if pip > 1 else 1


def flip(pip: int) -> int:
    """Spades: the opposite face, 7 minus the pips (clarification spades-opposite-face)."""
    return 7 - pip


def swap(fields: list, seat: int, lane: int, card: int, target: int) -> tuple:
    """Clubs: this lane's die and another active die trade lane and slot, pips kept.

    The whole position moves (ruling clubs-whole-position); with no other active die
    the power does nothing (rule suit-clubs).
    """
    pips, slots = list(fields[PIPS]), fields[SLOTS]
    others = [other for other in range(LANES) if other != lane and pips[other]]
    if target == -1:
        if others:
            raise IllegalAction(f"{text.card_text(card)} must name the lane it swaps with: lane {' or '.join(str(o + 1) for o in others)}")
        return ("swap-none", seat, lane, card)
    if target not in others:
        raise IllegalAction(f"lane {target + 1} holds no other active die to swap with")
    before = (pips[lane], slots[lane], pips[target], slots[target])
    # Each die lands exactly where the other stood: the slots stay with the lanes and
    # only the dice (their pips) change places.
    pips[lane], pips[target] = pips[target], pips[lane]
    fields[PIPS] = tuple(pips)
    return ("swap", seat, lane, card, target) + before


# --- the end -----------------------------------------------------------------------
def is_over(state: State) -> bool:
    return state.phase == OVER


def score(state: State) -> Result:
    """More claimed dice wins; then the higher pip total; else a shared victory (scoring)."""
    counts = tuple(len(c) for c in state.claimed)
    totals = tuple(sum(c) for c in state.claimed)
    if counts[0] != counts[1]:
        decided, better = "dice", 0 if counts[0] > counts[1] else 1
    elif totals[0] != totals[1]:
        decided, better = "pips", 0 if totals[0] > totals[1] else 1
    else:
        decided, better = "shared", -1
    ranking = ((0, 1),) if better < 0 else ((better,), (1 - better,))
    return Result(scores=(float(counts[0]), float(counts[1])), ranking=ranking,
                  details={"claimed": counts, "pips": totals, "decided_by": decided})


def result(state: State) -> Result:
    """Scores (claimed dice per seat) and ranking; the standings so far if not over."""
    return score(state)


#: Rule section, variant and clarification ids of content/dice-lanes/game.yaml -> the
#: function or constant that implements each (checked by the traceability test).
RULE_MAP: dict[str, str] = {
    "setup-deck": "shuffled_decks",
    "setup-dice": "roll_first_dice",
    "setup-deal": "deal_round",
    "setup-start-player": "choose_start_player",
    "board": "SLOT_NAMES",
    "lane-numbers": "resolve_order",
    "active-dice": "active_mask",
    "no-rerolls": "final_claim_check",
    "game-length": "ROUNDS",
    "start-player-alternates": "finish_hand",
    "program": "apply_program",
    "program-short": "begin_hand",
    "resolve": "apply_resolve",
    "resolve-order": "RESOLVE_ORDERS",
    "card-actions": "resolve_actions",
    "draw": "draw_die",
    "suit-powers": "suit_power",
    "suit-hearts": "increase",
    "suit-diamonds": "decrease",
    "suit-spades": "flip",
    "suit-clubs": "swap",
    "claim-refill": "finish_hand",
    "claim-check": "claim_check",
    "refill": "refill",
    "next-start-player": "finish_hand",
    "round-end": "end_round",
    "final-claim": "final_claim_check",
    "next-round": "start_next_round",
    "scoring": "score",
    "extended-game": "VARIANTS",
    "seating-and-lanes": "RESOLVE_ORDERS",
    "resolve-order-exact": "resolve_order",
    "draw-from-opponent-side": "draw_die",
    "clubs-whole-position": "swap",
    "dice-pool-exhausted": "final_claim_check",
    "new-round-reshuffle": "deal_round",
    "cards-follow-lanes": "apply_resolve",
    "program-face-down": "apply_program",
    "draw-two-stays-in-play": "claim_check",
    "spades-opposite-face": "flip",
    "clubs-swap-choice": "resolve_actions",
    "own-draw-2-limit": "resolve_actions",
    "no-refill-after-last-claim": "finish_hand",
    "start-after-short-round": "begin_hand",
    "last-round-check": "final_claim_check",
    "play-time-estimate": "PLAY_TIME_ESTIMATE",
}


@engine
class DiceLanes:
    """The Dice Lanes engine behind the common protocol (generator.rules.base.Game)."""

    slug = "dice-lanes"
    title = "Dice Lanes"
    player_counts = (2,)
    variants = VARIANTS
    rule_map = RULE_MAP

    @staticmethod
    def log(state: State, viewer: int | None = None) -> list[str]:
        return text.log_lines(state.events, viewer)

    describe = staticmethod(text.describe)
    action_text = staticmethod(text.action_text)

    @staticmethod
    def parse_action(state: State, notation: str) -> Action:
        return text.parse_action(state, notation, legal_actions(state), apply)

    @staticmethod
    def run_example(position: Mapping[str, Any], play: Sequence[str], variants: Sequence[str]) -> dict[str, Any]:
        from .dice_lanes_examples import run_example

        return run_example(position, play, variants)


GAME = DiceLanes()
