"""Dice Lanes: the pieces of the game as plain data (cards, slots, actions, the state).

Cards are small ints 0..23 (``suit * 6 + rank - 1``; suits in the order hearts,
diamonds, spades, clubs; an ace is rank 1). Seats are 0 for Player 1 and 1 for Player 2.
Lanes are indexed 0..2 here and shown as lanes 1..3 from Player 1's left (ruling 1).
A die's slot is an int from -2 (Player 1's Draw 2) through 0 (the Center) to +2
(Player 2's Draw 2), so a Draw is one step of ``TOWARD[seat]``.

Every action value is built once, at import time, so ``legal_actions`` only picks from
tables; the state is one flat named tuple that ``apply`` rebuilds from a list.
"""

from __future__ import annotations

from typing import NamedTuple

# --- cards -------------------------------------------------------------------------
HEARTS, DIAMONDS, SPADES, CLUBS = range(4)
SUITS: tuple[str, ...] = ("hearts", "diamonds", "spades", "clubs")
SUIT_SYMBOLS: tuple[str, ...] = ("♥", "♦", "♠", "♣")
SUIT_LETTERS: tuple[str, ...] = ("H", "D", "S", "C")
RANK_NAMES: tuple[str, ...] = ("A", "2", "3", "4", "5", "6")
#: The 24-card game deck: A(1) to 6 of each of the four suits (rule setup-deck).
GAME_DECK: tuple[int, ...] = tuple(range(24))
SUIT_OF: tuple[int, ...] = tuple(card // 6 for card in GAME_DECK)
RANK_OF: tuple[int, ...] = tuple(card % 6 + 1 for card in GAME_DECK)


def card_of(suit: int, rank: int) -> int:
    """The card int for a suit index and a rank 1..6."""
    return suit * 6 + rank - 1


# --- board -------------------------------------------------------------------------
#: Three lanes on the board (rule board).
LANES = 3
#: The five slots of a lane, from Player 1's end to Player 2's (rule board).
SLOT_NAMES: dict[int, str] = {-2: "P1 Draw 2", -1: "P1 Draw 1", 0: "Center", 1: "P2 Draw 1", 2: "P2 Draw 2"}
CENTER = 0
#: One Draw step toward each seat's own end (rule draw).
TOWARD: tuple[int, int] = (-1, 1)
#: Each seat's Draw 2 slot: a die there at the Claim Check is that seat's (rule claim-check).
DRAW_2: tuple[int, int] = (-2, 2)
PLAYER_NAMES: tuple[str, str] = ("P1", "P2")
#: Cards a player is refilled up to, and dealt at each round's start (rules setup-deal, refill).
HAND_SIZE = 4
#: Dice taken from the pool and rolled at the start of the game (rule setup-dice).
FIRST_DICE = 3

# --- variants ----------------------------------------------------------------------
#: Rounds and dice pool of each game length (rule game-length, variant extended-game).
ROUNDS: dict[str, int] = {"standard": 3, "extended": 4}
DICE_POOL: dict[str, int] = {"standard": 9, "extended": 12}
VARIANTS: dict[str, str] = {"extended": "Extended game: 4 rounds with a pool of 12 dice."}

# --- phases ------------------------------------------------------------------------
PROGRAM, RESOLVE, OVER = 0, 1, 2
PHASE_NAMES: tuple[str, str, str] = ("program", "resolve", "over")


class Action(NamedTuple):
    """One decision: program ``card`` to ``lane``, or resolve it by suit power or Draw.

    ``kind`` is ``"program"``, ``"suit"`` or ``"draw"``; ``lane`` and ``target`` are lane
    indexes 0..2 (``target`` is the lane a Clubs swap trades with, -1 otherwise).
    """

    kind: str
    lane: int
    card: int
    target: int = -1


#: Every action value, built once: PROGRAM_ACTIONS[lane][card] and so on.
PROGRAM_ACTIONS = tuple(tuple(Action("program", lane, card) for card in GAME_DECK) for lane in range(LANES))
SUIT_ACTIONS = tuple(tuple(Action("suit", lane, card) for card in GAME_DECK) for lane in range(LANES))
DRAW_ACTIONS = tuple(tuple(Action("draw", lane, card) for card in GAME_DECK) for lane in range(LANES))
SWAP_ACTIONS = tuple(
    tuple(tuple(Action("suit", lane, card, target) for target in range(LANES)) for card in GAME_DECK)
    for lane in range(LANES)
)


def resolve_order(start: int, active: tuple[bool, ...]) -> tuple[tuple[int, int], ...]:
    """(seat, lane) pairs in resolve order (rule resolve-order, ruling resolve-order-exact).

    Each seat works from its own left: Player 1 lanes 1→3, Player 2 lanes 3→1; the
    Start Player goes first and the two alternate; empty lanes are skipped.
    """
    own = {0: [lane for lane in range(LANES) if active[lane]]}
    own[1] = own[0][::-1]
    first, second = start, 1 - start
    order: list[tuple[int, int]] = []
    for a, b in zip(own[first], own[second]):
        order += [(first, a), (second, b)]
    return tuple(order)


def _mask_tuple(mask: int) -> tuple[bool, ...]:
    return tuple(bool(mask >> lane & 1) for lane in range(LANES))


#: RESOLVE_ORDERS[start][active-lane mask], precomputed for every case.
RESOLVE_ORDERS = tuple(tuple(resolve_order(start, _mask_tuple(mask)) for mask in range(1 << LANES)) for start in (0, 1))


class State(NamedTuple):
    """Everything about a game in progress, chance included.

    ``decks`` holds every round's shuffled deck and ``rolls`` every die roll the game
    will use, so the seed's randomness is explicit data a test can replace.
    ``program`` has one entry per seat and lane (``seat * 3 + lane``): the card
    programmed there, or -1. ``step`` counts cards programmed (Program) or resolved
    (Resolve) in the current hand. ``pips`` is 0 for an empty lane.
    """

    rounds: int
    round: int
    hand: int
    start: int
    phase: int
    step: int
    pips: tuple[int, ...]  # one per lane
    slots: tuple[int, ...]
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    program: tuple[int, ...]
    order: tuple[tuple[int, int], ...]
    pile: tuple[int, ...]
    discard: tuple[int, ...]
    decks: tuple[tuple[int, ...], ...]
    rolls: tuple[int, ...]
    next_roll: int
    pool: int
    claimed: tuple[tuple[int, ...], tuple[int, ...]]
    events: tuple[tuple, ...]


#: Field positions, for rebuilding a state from a list in one step.
F = {name: index for index, name in enumerate(State._fields)}
ROUND, HAND, START, PHASE, STEP = F["round"], F["hand"], F["start"], F["phase"], F["step"]
PIPS, SLOTS, HANDS, PROG, ORDER = F["pips"], F["slots"], F["hands"], F["program"], F["order"]
PILE, DISCARD, NEXT_ROLL, POOL, CLAIMED, EVENTS = (
    F["pile"], F["discard"], F["next_roll"], F["pool"], F["claimed"], F["events"]
)
NO_PROGRAM: tuple[int, ...] = (-1,) * (2 * LANES)
make_state = tuple.__new__


def build(fields: list) -> State:
    """A State from a full list of field values (the fast path ``apply`` uses)."""
    return make_state(State, fields)


def active_mask(pips: tuple[int, ...]) -> int:
    """Bit ``lane`` set for every lane holding an active die."""
    return (pips[0] > 0) | (pips[1] > 0) << 1 | (pips[2] > 0) << 2
