"""Dice Lanes rules as pure functions (content/dice-lanes/game.yaml; seed 001).

Two players program one card to every active lane, then resolve the cards alternately
from opposite ends of the board: a card bends its die with its suit power or, on a
rank match, Draws the die one slot toward its owner. Dice in a Draw 2 slot after the
hand are claimed; after the last round the player with more claimed dice wins, pips
breaking a tie.

``apply`` copies the flat state into a list, changes the copy and returns a new state;
the steps between decisions (claim, refill, the end of a round) work on that list in
order. Reasons for refusing an action speak in rules terms (the Start Player, lanes,
slots, ranks); ``notation.parse_action`` says the same in a player's own words.
"""

from __future__ import annotations

from typing import Any, Sequence

from ...rules.base import IllegalAction, implements
from .state import (
    CLAIMED, DECKS, DISCARD, EVENTS, HAND, HANDS, ORDER, OVER, PHASE, PILE, PIPS, POOL, POWERS, PROG, PROGRAM,
    RESOLVE, ROUND, ROUNDS, SLOTS, START, STEP, SWAP, TABLES, TOWARD, Action, AllClaimed, Claimed, Drawn, GameOver, Kept,
    NewDie, NothingToSwap, PoolEmpty, PowerUsed, Refilled, Rerolled, ShortOfCards, StartPassed, State,
    Swapped, Tables, add_event, build, deal_round, open_hand, resolve_order, roll,
)

_ROLE = ("the Start Player", "the other player")


def _role(start: int, seat: int) -> str:
    """How the rules call ``seat`` in a hand that ``start`` starts."""
    return _ROLE[seat != start]


# --- decisions -------------------------------------------------------------------------
def to_move(state: State) -> int | None:
    """The seat that decides next: in Program the Start Player fills every lane first."""
    phase = state.phase
    if phase == RESOLVE:
        return state.order[state.step][0]
    if phase == PROGRAM:
        lanes = state.tables.lanes - state.pips.count(0)
        return state.start if state.step < lanes else 1 - state.start
    return None


def legal_actions(state: State) -> Sequence[Action]:
    """Every legal decision for the seat to move (never empty while the game is on):
    a fresh list or one of the shared tuples of the tables, so never change it."""
    phase = state.phase
    if phase == PROGRAM:
        tables = state.tables
        pips = state.pips
        # In Program the Start Player fills every active lane first (as in to_move).
        seat = state.start if state.step < tables.lanes - pips.count(0) else 1 - state.start
        program, base, table = state.program, tables.lanes * seat, tables.program_actions
        hand = state.hands[seat]
        return [table[lane][card] for lane in tables.lane_range if pips[lane] and program[base + lane] < 0
                for card in hand]
    if phase == RESOLVE:
        return resolve_actions(state)
    return []


@implements("card-actions", "clubs-swap-choice", "own-draw-2-limit")
def resolve_actions(state: State) -> Sequence[Action]:
    """The choices for the card now resolving (rules card-actions, draw, suit-clubs).

    The suit power is always possible. A Swap card names which other active die it
    swaps with (clarification clubs-swap-choice); alone on the board it does nothing.
    A Draw needs the rank to equal the die's pips now, and the die not already in the
    resolving player's Draw 2 (clarification own-draw-2-limit).
    """
    tables = state.tables
    seat, lane = state.order[state.step]
    card = state.program[tables.lanes * seat + lane]
    pips = state.pips
    can_draw = tables.rank_of[card] == pips[lane] and state.slots[lane] != tables.draw_2[seat]
    if tables.power_of[card] != SWAP:
        return tables.resolve_choices[lane][card][can_draw]
    swaps = tables.swap_actions[lane][card]
    actions = [swaps[other] for other in tables.lane_range if other != lane and pips[other]]
    if not actions:
        return tables.resolve_choices[lane][card][can_draw]
    if can_draw:
        actions.append(tables.draw_actions[lane][card])
    return actions


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises IllegalAction saying why it is not allowed."""
    phase = state.phase
    if phase == PROGRAM:
        return apply_program(state, action)
    if phase == RESOLVE:
        return apply_resolve(state, action)
    raise IllegalAction("the game is over: no action is possible", "game-length")


def _not_an_action(action: Any) -> IllegalAction:
    return IllegalAction(f"{action!r} is not a Dice Lanes action: write (verb, lane, card), e.g. ('program', 0, 5)")


@implements("program", "program-face-down")
def apply_program(state: State, action: Action) -> State:
    """Put a card from hand face down on an active lane (rules program, clarification
    program-face-down: the Start Player's cards are taken first; nobody sees them)."""
    tables = state.tables
    pips, start, step = state.pips, state.start, state.step
    lanes = tables.lanes - pips.count(0)
    seat = start if step < lanes else 1 - start  # the Start Player programs first
    if type(action) is not tuple or len(action) != 3 or action[0] != "program":
        if type(action) is not tuple or len(action) < 3:
            raise _not_an_action(action)
        raise IllegalAction(f"cards are being programmed now: {_role(start, seat)} programs a card, not {action[0]!r}", "program")
    _, lane, card = action
    if lane not in tables.lane_range:
        raise IllegalAction(f"{lane!r} is not a lane: lanes are 0 to {tables.lanes - 1} (shown as 1 to {tables.lanes})")
    if not pips[lane]:
        raise IllegalAction(f"lane {lane + 1} has no active die, so no card may be programmed there", "program")
    index = tables.lanes * seat + lane
    program = state.program
    if program[index] >= 0:
        raise IllegalAction(f"{_role(start, seat)} has already programmed a card to lane {lane + 1}", "program")
    hands = state.hands
    hand = hands[seat]
    if card not in hand:
        raise IllegalAction(f"{_role(start, seat)} does not hold that card", "program")
    fields: list[Any] = list(state)
    cut = hand.index(card)
    held = hand[:cut] + hand[cut + 1 :]
    fields[HANDS] = (held, hands[1]) if seat == 0 else (hands[0], held)
    fields[PROG] = program[:index] + (card,) + program[index + 1 :]
    fields[EVENTS] = (tables.programmed[seat][lane][card], state.events)
    step += 1
    if step == 2 * lanes:
        fields[PHASE], fields[STEP] = RESOLVE, 0
        fields[ORDER] = resolve_order(tables, start, pips)
    else:
        fields[STEP] = step
    return build(State, fields)


@implements("resolve", "cards-follow-lanes")
def apply_resolve(state: State, action: Action) -> State:
    """Carry out the next programmed card on whatever die is in its lane now.

    One action per card, suit power or Draw, never both; then the card is discarded
    (rule card-actions). Cards stay with their lanes, so an earlier swap changes the
    die a card acts on (clarification cards-follow-lanes).
    """
    if type(action) is not tuple or len(action) < 3:
        raise _not_an_action(action)
    verb, lane, card = action[0], action[1], action[2]
    tables = state.tables
    order, step, program = state.order, state.step, state.program
    seat, due_lane = order[step]
    index = tables.lanes * seat + due_lane
    if lane != due_lane or card != program[index]:
        raise IllegalAction(f"the card {_role(state.start, seat)} programmed to lane {due_lane + 1} resolves now "
                            f"(rule resolve-order)", "resolve-order")
    fields: list[Any] = list(state)
    if verb == "draw" and len(action) == 3:
        event: tuple = draw_die(fields, tables, seat, lane, card)
    elif verb in POWERS:
        event = suit_power(fields, tables, seat, lane, card, action)
    else:
        raise IllegalAction(f"a card resolves by its suit power or a Draw, not {verb!r}", "card-actions")
    fields[PROG] = program[:index] + (-1,) + program[index + 1 :]
    fields[DISCARD] = state.discard + (card,)
    fields[EVENTS] = (event, state.events)
    fields[STEP] = step + 1
    if step + 1 == len(order):
        finish_hand(fields)
    return build(State, fields)


@implements("draw", "draw-from-opponent-side", "board")
def draw_die(fields: list, tables: Tables, seat: int, lane: int, card: int) -> Drawn:
    """Move the die one slot along its lane toward ``seat``'s end, from wherever it is
    (rule draw; the slots of the board run from one player's end to the other's).

    Needs the card's rank to equal the die's pips; a die in the player's own Draw 2
    cannot be drawn by them (ruling draw-from-opponent-side).
    """
    pip, slot = fields[PIPS][lane], fields[SLOTS][lane]
    if tables.rank_of[card] != pip:
        raise IllegalAction(f"that card cannot Draw: its rank {tables.rank_of[card]} does not match the die's {pip}", "draw")
    if slot == tables.draw_2[seat]:
        raise IllegalAction(f"the die in lane {lane + 1} is already in {tables.slot_names[slot]} and cannot move "
                            "further toward that player", "own-draw-2-limit")
    slots = list(fields[SLOTS])
    slots[lane] = slot + TOWARD[seat]
    fields[SLOTS] = tuple(slots)
    return Drawn(seat, lane, card, pip, slot, slots[lane])


@implements("suit-powers")
def suit_power(fields: list, tables: Tables, seat: int, lane: int, card: int,
               action: Action) -> PowerUsed | Swapped | NothingToSwap:
    """Use the card's suit power on the die in its lane (rule suit-powers)."""
    power = tables.power_of[card]
    if power == SWAP:
        if action[0] != "swap":
            raise IllegalAction(f"that card's suit power is Swap, not {action[0].capitalize()}", "suit-powers")
        return swap(fields, tables, seat, lane, card, action[3] if len(action) == 4 else None)
    if action[0] != POWERS[power] or len(action) != 3:
        raise IllegalAction(f"that card's suit power is {POWERS[power].capitalize()}, not {action[0].capitalize()}",
                            "suit-powers")
    pips = list(fields[PIPS])
    old = pips[lane]
    new = _CHANGES[power](old)
    pips[lane] = new
    fields[PIPS] = tuple(pips)
    return build(PowerUsed, (seat, lane, card, POWERS[power], old, new))  # PowerUsed(...), minus a call


@implements("suit-hearts")
def increase(pip: int) -> int:
    """Increase: one pip more; a 6 stays a 6 (rule suit-hearts)."""
    return pip + 1 if pip < 6 else 6


@implements("suit-diamonds")
def decrease(pip: int) -> int:
    """Decrease: one pip less; a 1 stays a 1 (rule suit-diamonds)."""
    return pip - 1 if pip > 1 else 1


@implements("suit-spades", "spades-opposite-face")
def flip(pip: int) -> int:
    """Flip: the opposite face, 7 minus the pips (clarification spades-opposite-face)."""
    return 7 - pip


#: The die changes of the powers INCREASE, DECREASE and FLIP, in that order.
_CHANGES = (increase, decrease, flip)


@implements("suit-clubs", "clubs-whole-position")
def swap(fields: list, tables: Tables, seat: int, lane: int, card: int, target: int | None) -> Swapped | NothingToSwap:
    """Swap: this lane's die and another active die trade lane and slot, pips kept.

    The whole position moves (ruling clubs-whole-position); with no other active die
    the power does nothing (rule suit-clubs).
    """
    pips, slots = list(fields[PIPS]), fields[SLOTS]
    others = [other for other in tables.lane_range if other != lane and pips[other]]
    if target is None:
        if others:
            raise IllegalAction(f"a Swap must name the lane it swaps with: lane {' or '.join(str(o + 1) for o in others)}",
                                   "suit-clubs")
        return NothingToSwap(seat, lane, card)
    if target not in others:
        where = f"lane {target + 1}" if type(target) is int else repr(target)
        raise IllegalAction(f"{where} holds no other active die to swap with", "suit-clubs")
    event = Swapped(seat, lane, card, target, pips[lane], slots[lane], pips[target], slots[target])
    # Each die lands exactly where the other stood: the slots stay with the lanes and
    # only the dice (their pips) change places.
    pips[lane], pips[target] = pips[target], pips[lane]
    fields[PIPS] = tuple(pips)
    return event


# --- between hands and rounds -----------------------------------------------------------
@implements("program-short", "start-after-short-round")
def begin_hand(fields: list) -> None:
    """Start a hand's Program phase, or end the round when it cannot be played.

    The round ends at once when a player holds fewer cards than there are active
    lanes (rule program-short); that unplayed hand does not pass the start, so its
    Start Player starts the next round (clarification start-after-short-round).
    """
    pips = fields[PIPS]
    lanes = fields[TABLES].lanes - pips.count(0)
    if lanes == 0:
        end_round(fields, AllClaimed(fields[ROUND]))
        return
    hands = fields[HANDS]
    short = [seat for seat in (0, 1) if len(hands[seat]) < lanes]
    if short:
        end_round(fields, ShortOfCards(fields[ROUND], short[0], len(hands[short[0]]), lanes))
        return
    open_hand(fields)


@implements("claim-check", "draw-two-stays-in-play")
def claim_check(fields: list) -> None:
    """Every die in a Draw 2 goes to that player's scoring area at its pips (claim-check).

    Until this check a die in a Draw 2 is still in play (clarification
    draw-two-stays-in-play).
    """
    tables: Tables = fields[TABLES]
    ends = tables.draw_2
    pips, slots = fields[PIPS], fields[SLOTS]
    for lane in tables.lane_range:
        if pips[lane] and slots[lane] in ends:
            break
    else:
        return  # nothing to claim: the common case, so nothing is copied
    pips, slots, claimed = list(pips), list(slots), list(fields[CLAIMED])
    for lane in tables.lane_range:
        if pips[lane] and slots[lane] in ends:
            seat = 0 if slots[lane] < 0 else 1
            claimed[seat] += (pips[lane],)
            add_event(fields, Claimed(seat, lane, pips[lane]))
            pips[lane], slots[lane] = 0, 0
    fields[PIPS], fields[SLOTS], fields[CLAIMED] = tuple(pips), tuple(slots), (claimed[0], claimed[1])


@implements("refill")
def refill(fields: list) -> None:
    """Alternate draws, Start Player first, up to a full hand each, always equal numbers
    (rule refill). With fewer than 2 cards in the pile nobody draws."""
    hands, pile, start = fields[HANDS], fields[PILE], fields[START]
    each = min(fields[TABLES].hand_size - max(len(hands[0]), len(hands[1])), len(pile) // 2)
    if each > 0:
        new: list[tuple[int, ...]] = [(), ()]
        new[start] = hands[start] + pile[0 : 2 * each : 2]
        new[1 - start] = hands[1 - start] + pile[1 : 2 * each : 2]
        fields[HANDS], fields[PILE] = (new[0], new[1]), pile[2 * each :]
    add_event(fields, Refilled(start, max(each, 0), len(fields[PILE])))


@implements("claim-refill", "next-start-player", "start-player-alternates", "no-refill-after-last-claim")
def finish_hand(fields: list) -> None:
    """Claim and Refill, then pass the start (rules claim-refill, next-start-player).

    The start alternates after every hand, across rounds too (start-player-alternates).
    When the Claim Check took the last die the round ends with no refill
    (clarification no-refill-after-last-claim).
    """
    claim_check(fields)
    if not any(fields[PIPS]):
        fields[START] = 1 - fields[START]
        end_round(fields, AllClaimed(fields[ROUND]))
        return
    refill(fields)
    fields[START] = 1 - fields[START]
    add_event(fields, StartPassed(fields[START]))
    begin_hand(fields)


@implements("round-end")
def end_round(fields: list, reason: AllClaimed | ShortOfCards) -> None:
    """The round is over: final Claim Check, then the next round or the game's end (round-end)."""
    add_event(fields, reason)
    final_claim_check(fields)
    if fields[ROUND] < fields[ROUNDS]:
        start_next_round(fields)
    else:
        fields[PHASE], fields[STEP] = OVER, 0
        add_event(fields, GameOver(fields[CLAIMED]))


@implements("final-claim", "no-rerolls", "dice-pool-exhausted", "last-round-check")
def final_claim_check(fields: list) -> None:
    """Claim the Draw 2 dice; if a round follows, ready every lane for it (final-claim).

    Only here, between rounds, is a die rolled again (no-rerolls). A Draw 1 die stays as
    it is, a Center die is rolled again, an empty lane gets a new rolled die from the
    pool in its Center, or stays empty if the pool is out (ruling dice-pool-exhausted).
    After the last round nothing is rolled (last-round-check).
    """
    claim_check(fields)
    if fields[ROUND] >= fields[ROUNDS]:
        return
    pips, slots = list(fields[PIPS]), list(fields[SLOTS])
    for lane in fields[TABLES].lane_range:
        if not pips[lane]:
            if fields[POOL] > 0:
                fields[POOL] -= 1
                pips[lane], slots[lane] = roll(fields), 0
                add_event(fields, NewDie(lane, pips[lane]))
            else:
                add_event(fields, PoolEmpty(lane))
        elif slots[lane] == 0:
            old, pips[lane] = pips[lane], roll(fields)
            add_event(fields, Rerolled(lane, old, pips[lane]))
        else:
            add_event(fields, Kept(lane, pips[lane], slots[lane]))
    fields[PIPS], fields[SLOTS] = tuple(pips), tuple(slots)


@implements("next-round")
def start_next_round(fields: list) -> None:
    """Shuffle the whole deck, deal fresh hands, play on with the next Start Player (next-round)."""
    fields[ROUND] += 1
    fields[HAND] = 0
    deal_round(fields, fields[DECKS][fields[ROUND] - 1])
    begin_hand(fields)


# --- the end -----------------------------------------------------------------------
def is_over(state: State) -> bool:
    return state.phase == OVER
