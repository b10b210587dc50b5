"""Dice Lanes as data: its numbers, the state, the events, setting up and scoring.

Every number the rules use comes from the ``data:`` block of ``game.yaml`` through
:class:`Numbers` (lanes, slots, the suit powers, the deck's ranks, rounds and dice per
game length, the hand size), and the suits from its ``suits:`` list; the engine and the
printed board read the same record.

Conventions (the same in every Pipworks game):

* a card is an int, ``suit * ranks + rank_index``: suits in the order of the content's
  ``suits:`` list, ``rank_index`` 0 for the lowest rank (the ace, worth 1 pip);
* a die shows 1..6 pips, 0 is an empty lane; seats are 0 (Player 1) and 1 (Player 2);
* a die's slot is an int from ``-depth`` (Player 1's Draw 2) through 0 (the Center) to
  ``+depth`` (Player 2's Draw 2), so a Draw is one step of ``TOWARD[seat]``;
* an action is a plain tuple, a verb then ints: ``("program", lane, card)``, a suit
  power ``("increase" | "decrease" | "flip", lane, card)``, ``("swap", lane, card,
  other_lane)`` or ``("swap", lane, card)`` with no other die, ``("draw", lane, card)``.
  Every action value is built once per :class:`Numbers` so ``legal_actions`` only picks;
* the state is one flat NamedTuple that ``play.apply`` rebuilds from a list; its events
  are NamedTuples, newest first in the ``Events`` list of ``rules.base``.
"""

from __future__ import annotations

import random
from functools import cached_property
from typing import Annotated, Any, Iterator, NamedTuple, Sequence

from ...content.errors import PathPart
from ...content.record import AtLeast, Invalid, NotEmpty, parse, record
from ...content.schema import GameContent
from ...rules.base import Events, Result, SetupError, implements

#: The suit powers the rules know, by the name the content gives them (``suit_effects``).
POWERS: tuple[str, ...] = ("increase", "decrease", "flip", "swap")
INCREASE, DECREASE, FLIP, SWAP = range(4)
#: One Draw step toward each seat's own end (rule draw).
TOWARD: tuple[int, int] = (-1, 1)
#: The variants the engine takes, by their rulebook ids: ``extended-game``, the longer game.
VARIANTS: tuple[str, ...] = ("extended-game",)

Action = tuple[Any, ...]


# --- the numbers ----------------------------------------------------------------------
@record
class SuitEffect:
    """A suit's power as the board and the rules name it."""

    name: Annotated[str, NotEmpty()]
    effect: Annotated[str, NotEmpty()]


@record
class ByLength:
    """One number for each game length: the standard game and the extended variant."""

    standard: Annotated[int, AtLeast(1)]
    extended: Annotated[int, AtLeast(1)]


@record
class Numbers:
    """The ``data:`` block of ``content/dice-lanes/game.yaml``, and what follows from it.

    ``suits`` is not written in the data block: :meth:`from_content` fills it from the
    content's ``suits:`` list, the order that numbers the cards.
    """

    lanes: Annotated[int, AtLeast(1)]
    #: the slots of a lane from Player 1's end: Draw slots, the Center, Draw slots.
    slots: Annotated[tuple[str, ...], NotEmpty()]
    suit_effects: dict[str, SuitEffect]
    deck_ranks: Annotated[tuple[str, ...], NotEmpty()]
    rounds: ByLength
    dice: ByLength
    hand_size: Annotated[int, AtLeast(1)]
    suits: tuple[str, ...] = ()

    @classmethod
    def from_content(cls, content: GameContent) -> Numbers:
        """The numbers of a loaded game (SetupError naming the field when one is wrong)."""
        try:
            return parse(cls, {**content.data, "suits": list(content.suit_names)})
        except Invalid as exc:
            raise SetupError(f"{content.slug}: game.yaml data: {exc}") from None

    def _problems(self) -> Iterator[tuple[tuple[PathPart, ...], str]]:
        if len(self.slots) % 2 == 0 or len(self.slots) < 3:
            yield ("slots",), "needs a Center and as many Draw slots on each side (an odd number, at least 3)"
        for suit, effect in self.suit_effects.items():
            if effect.name.lower() not in POWERS:
                yield ("suit_effects", suit, "name"), f"{effect.name!r} is not a power the rules know ({', '.join(POWERS)})"
        for suit in self.suits:
            if suit not in self.suit_effects:
                yield ("suit_effects",), f"the suit {suit!r} has no effect"
        if self.hand_size < self.lanes:
            yield ("hand_size",), f"must be at least the {self.lanes} lanes, or the first hand cannot be programmed"
        if self.suits and 2 * self.hand_size > len(self.suits) * len(self.deck_ranks):
            yield ("hand_size",), "the deck is too small to deal two such hands"
        for length in ("standard", "extended"):
            if getattr(self.dice, length) < self.lanes:
                yield ("dice", length), f"the pool needs a die for each of the {self.lanes} lanes"

    # -- what follows from the numbers (computed once, then plain attributes) --------
    @cached_property
    def ranks(self) -> int:
        return len(self.deck_ranks)

    @cached_property
    def deck(self) -> tuple[int, ...]:
        """The game deck, every card once (rule setup-deck)."""
        return tuple(range(len(self.suits) * self.ranks))

    @cached_property
    def suit_of(self) -> tuple[int, ...]:
        return tuple(card // self.ranks for card in self.deck)

    @cached_property
    def rank_of(self) -> tuple[int, ...]:
        """The pips a card matches: its rank, an ace counting 1 (rule draw)."""
        return tuple(card % self.ranks + 1 for card in self.deck)

    @cached_property
    def power_of(self) -> tuple[int, ...]:
        """Each card's suit power, an index into POWERS (rule suit-powers)."""
        by_suit = [POWERS.index(self.suit_effects[suit].name.lower()) for suit in self.suits]
        return tuple(by_suit[suit] for suit in self.suit_of)

    @cached_property
    def lane_range(self) -> range:
        return range(self.lanes)

    @cached_property
    def depth(self) -> int:
        """Draw slots on each side of the Center."""
        return len(self.slots) // 2

    @cached_property
    def draw_2(self) -> tuple[int, int]:
        """Each seat's end slot: a die there at the Claim Check is theirs (rule claim-check)."""
        return (-self.depth, self.depth)

    @cached_property
    def slot_names(self) -> dict[int, str]:
        """Slot int -> its name in the content, from Player 1's end to Player 2's."""
        return {n - self.depth: name for n, name in enumerate(self.slots)}

    @cached_property
    def empty(self) -> tuple[int, ...]:
        """No die in any lane (pips), or every die in its Center (slots)."""
        return (0,) * self.lanes

    @cached_property
    def no_program(self) -> tuple[int, ...]:
        """No card programmed: one -1 per seat and lane (``seat * lanes + lane``)."""
        return (-1,) * (2 * self.lanes)

    @cached_property
    def program_actions(self) -> tuple[tuple[Action, ...], ...]:
        """``program_actions[lane][card]``: program ``card`` to ``lane``."""
        return tuple(tuple(("program", lane, card) for card in self.deck) for lane in self.lane_range)

    @cached_property
    def power_actions(self) -> tuple[tuple[Action, ...], ...]:
        """``power_actions[lane][card]``: the card's suit power (a Swap with no other die)."""
        return tuple(tuple((POWERS[self.power_of[card]], lane, card) for card in self.deck) for lane in self.lane_range)

    @cached_property
    def resolve_choices(self) -> tuple[tuple[tuple[tuple[Action, ...], tuple[Action, ...]], ...], ...]:
        """``resolve_choices[lane][card][can_draw]``: the suit power alone, or the power
        and a Draw; shared tuples, so ``legal_actions`` builds nothing for most cards."""
        return tuple(tuple(((power,), (power, draw)) for power, draw in zip(powers, draws))
                     for powers, draws in zip(self.power_actions, self.draw_actions))

    @cached_property
    def swap_actions(self) -> tuple[tuple[tuple[Action, ...], ...], ...]:
        """``swap_actions[lane][card][other]``: swap with the die in lane ``other``."""
        return tuple(tuple(tuple(("swap", lane, card, other) for other in self.lane_range) for card in self.deck)
                     for lane in self.lane_range)

    @cached_property
    def draw_actions(self) -> tuple[tuple[Action, ...], ...]:
        """``draw_actions[lane][card]``: Draw the die with ``card``."""
        return tuple(tuple(("draw", lane, card) for card in self.deck) for lane in self.lane_range)

    @cached_property
    def resolve_orders(self) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
        """``resolve_orders[start][active-lane mask]``: (seat, lane) pairs, every case."""
        return tuple(tuple(order_of_resolution(self.lanes, start, mask) for mask in range(1 << self.lanes))
                     for start in (0, 1))

    @cached_property
    def programmed(self) -> tuple[tuple[tuple[Programmed, ...], ...], ...]:
        """``programmed[seat][lane][card]``: the event of programming ``card``, built once."""
        return tuple(tuple(tuple(Programmed(seat, lane, card) for card in self.deck) for lane in self.lane_range)
                     for seat in (0, 1))

    @cached_property
    def tables(self) -> Tables:
        """The tables above that the rules read on every decision, in slots."""
        return Tables(self)


class Tables:
    """A Numbers' tables for the rules' hot path, the same objects, held in slots: an
    attribute of a slotted object reads about as fast as a module constant, one of a
    record (through its dict) several times slower, on every decision."""

    __slots__ = ("lanes", "lane_range", "hand_size", "rank_of", "power_of", "draw_2", "slot_names", "no_program",
                 "program_actions", "resolve_choices", "swap_actions", "draw_actions", "resolve_orders", "programmed")
    lanes: int
    lane_range: range
    hand_size: int
    rank_of: tuple[int, ...]
    power_of: tuple[int, ...]
    draw_2: tuple[int, int]
    slot_names: dict[int, str]
    no_program: tuple[int, ...]
    program_actions: tuple[tuple[Action, ...], ...]
    resolve_choices: tuple[tuple[tuple[tuple[Action, ...], tuple[Action, ...]], ...], ...]
    swap_actions: tuple[tuple[tuple[Action, ...], ...], ...]
    draw_actions: tuple[tuple[Action, ...], ...]
    resolve_orders: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
    programmed: tuple[tuple[tuple[Programmed, ...], ...], ...]

    def __init__(self, numbers: Numbers) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(numbers, name))


def variants(numbers: Numbers) -> dict[str, str]:
    """Variant id -> one line, as ``--variant`` takes it."""
    return {"extended-game": f"Extended game: {numbers.rounds.extended} rounds with a pool of {numbers.dice.extended} dice."}


# --- the state ------------------------------------------------------------------------
PROGRAM, RESOLVE, OVER = 0, 1, 2
PHASE_NAMES: tuple[str, str, str] = ("program", "resolve", "over")


class State(NamedTuple):
    """Everything about a game in progress, chance included.

    ``decks`` holds every round's shuffled deck and ``rolls`` every die roll the game
    will use, so the seed's randomness is explicit data a test can replace.
    ``program`` has one entry per seat and lane (``seat * lanes + lane``): the card
    programmed there, or -1. ``step`` counts cards programmed (Program) or resolved
    (Resolve) in the current hand. ``pips`` is 0 for an empty lane. ``numbers`` are the
    game's numbers and ``tables`` what the rules look up in them on every decision.
    """

    numbers: Numbers
    tables: Tables
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
    events: Events


#: Field positions, for editing the list ``apply`` rebuilds a state from.
NUMBERS, TABLES, ROUNDS, ROUND, HAND, START, PHASE, STEP, PIPS, SLOTS, HANDS, PROG, ORDER, PILE, DISCARD, DECKS, ROLLS, \
    NEXT_ROLL, POOL, CLAIMED, EVENTS = map(State._fields.index, (
        "numbers", "tables", "rounds", "round", "hand", "start", "phase", "step", "pips", "slots", "hands", "program",
        "order", "pile", "discard", "decks", "rolls", "next_roll", "pool", "claimed", "events"))
build = tuple.__new__  # build(State, fields): the fast path from a full list of fields


def add_event(fields: list, event: tuple) -> None:
    """Add ``event`` to the history being built (newest first, the past shared)."""
    fields[EVENTS] = (event, fields[EVENTS])


# --- events ---------------------------------------------------------------------------
class Dealt(NamedTuple):
    """A round's hands are dealt; the dice stand as shown."""

    round: int
    start: int
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    pips: tuple[int, ...]
    slots: tuple[int, ...]


class HandBegun(NamedTuple):
    round: int
    hand: int
    start: int


class Programmed(NamedTuple):
    seat: int
    lane: int
    card: int


class PowerUsed(NamedTuple):
    """Increase, Decrease or Flip (``power`` names which) took the die from old to new."""

    seat: int
    lane: int
    card: int
    power: str
    old: int
    new: int


class Swapped(NamedTuple):
    """The dice of ``lane`` and ``other`` traded places; pips and slots before the swap."""

    seat: int
    lane: int
    card: int
    other: int
    pip: int
    slot: int
    other_pip: int
    other_slot: int


class NothingToSwap(NamedTuple):
    seat: int
    lane: int
    card: int


class Drawn(NamedTuple):
    seat: int
    lane: int
    card: int
    pip: int
    old_slot: int
    new_slot: int


class Claimed(NamedTuple):
    seat: int
    lane: int
    pip: int


class Refilled(NamedTuple):
    """Each player drew ``each`` cards, the Start Player first; ``left`` in the pile."""

    start: int
    each: int
    left: int


class StartPassed(NamedTuple):
    start: int


class AllClaimed(NamedTuple):
    """The round ended because every die was claimed."""

    round: int


class ShortOfCards(NamedTuple):
    """The round ended because ``seat`` held ``held`` cards for ``lanes`` active lanes."""

    round: int
    seat: int
    held: int
    lanes: int


class Kept(NamedTuple):
    lane: int
    pip: int
    slot: int


class Rerolled(NamedTuple):
    lane: int
    old: int
    new: int


class NewDie(NamedTuple):
    lane: int
    pip: int


class PoolEmpty(NamedTuple):
    lane: int


class GameOver(NamedTuple):
    claimed: tuple[tuple[int, ...], tuple[int, ...]]


ROUND_ENDS = (AllClaimed, ShortOfCards)


# --- the board ------------------------------------------------------------------------
@implements("active-dice")
def active_mask(pips: Sequence[int]) -> int:
    """Bit ``lane`` set for every lane holding an active (unclaimed) die."""
    mask = 0
    for lane, pip in enumerate(pips):
        if pip:
            mask |= 1 << lane
    return mask


def order_of_resolution(lanes: int, start: int, mask: int) -> tuple[tuple[int, int], ...]:
    """(seat, lane) pairs in resolve order for the active lanes of ``mask``.

    Each seat works from its own left: Player 1 lanes 1→3, Player 2 lanes 3→1; the
    Start Player goes first and the two alternate; empty lanes are skipped.
    """
    own = {0: [lane for lane in range(lanes) if mask >> lane & 1]}
    own[1] = own[0][::-1]
    first, second = start, 1 - start
    order: list[tuple[int, int]] = []
    for a, b in zip(own[first], own[second]):
        order += [(first, a), (second, b)]
    return tuple(order)


@implements("resolve-order", "lane-numbers", "seating-and-lanes", "resolve-order-exact")
def resolve_order(tables: Tables, start: int, pips: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Who resolves which card when (rule resolve-order, ruling resolve-order-exact).

    Lanes are numbered from Player 1's left, so Player 2's own left-to-right is lane 3
    to lane 1 (lane-numbers, seating-and-lanes): the two start from opposite ends.
    """
    return tables.resolve_orders[start][active_mask(pips)]


# --- setting up -----------------------------------------------------------------------
@implements("game-length", "extended-game", "play-time-estimate")
def game_length(variants: Sequence[str]) -> str:
    """``"standard"`` or ``"extended"`` (the extended-game variant); refuses unknown names.

    The rounds and dice of each length are numbers of the content; so is the play time
    estimate, which follows from three rounds of three to four hands.
    """
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        raise SetupError(f"unknown Dice Lanes variant {unknown[0]!r}; known: {', '.join(VARIANTS)}")
    return "extended" if "extended-game" in variants else "standard"


@implements("setup-deck", "new-round-reshuffle")
def shuffled_decks(numbers: Numbers, rng: random.Random, rounds: int) -> tuple[tuple[int, ...], ...]:
    """One shuffled game deck per round, all cards each time (setup-deck, next-round)."""
    deck = numbers.deck
    return tuple(tuple(rng.sample(deck, len(deck))) for _ in range(rounds))


@implements("setup-start-player")
def choose_start_player(rng: random.Random) -> int:
    """The first hand's Start Player, at random (rule setup-start-player)."""
    return rng.randrange(2)


class Setup(NamedTuple):
    """Chance fixed by hand instead of by the seed (None or empty: the seed's draw)."""

    start: int | None = None
    #: the decks of the first rounds, top card first
    decks: tuple[tuple[int, ...], ...] = ()
    #: the first rolls, one die per lane
    dice: tuple[int, ...] | None = None
    #: every roll after those: rerolls and new dice at round ends, in lane order
    rolls: tuple[int, ...] | None = None


def new_game(numbers: Numbers, players: int | None = None, variants: Sequence[str] = (), seed: int = 0,
             setup: Setup | None = None) -> State:
    """A fresh game: the Start Player, every round's deck and every roll drawn from
    ``seed`` (in that order), then replaced by what ``setup`` fixes."""
    if players not in (None, 2):
        raise SetupError(f"Dice Lanes is for exactly 2 players, not {players}")
    length = game_length(variants)
    rounds = getattr(numbers.rounds, length)
    rng = random.Random(seed)
    start = choose_start_player(rng)
    decks = shuffled_decks(numbers, rng, rounds)
    rolls = tuple(rng.randint(1, 6) for _ in range(numbers.lanes * rounds))
    if setup is not None:
        start = start if setup.start is None else setup.start
        decks = setup.decks + decks[len(setup.decks):]
        first, later = rolls[:numbers.lanes], rolls[numbers.lanes:]
        rolls = (first if setup.dice is None else setup.dice) + (later if setup.rolls is None else setup.rolls)
    fields = list(State(numbers, numbers.tables, rounds, 1, 0, start, PROGRAM, 0, numbers.empty, numbers.empty, ((), ()),
                        numbers.no_program, (), (), (), decks, rolls, 0, getattr(numbers.dice, length), ((), ()), None))
    roll_first_dice(fields)
    deal_round(fields, decks[0])
    open_hand(fields)
    return build(State, fields)


def roll(fields: list) -> int:
    """The next die roll of the game's pre-rolled stream."""
    index = fields[NEXT_ROLL]
    rolls = fields[ROLLS]
    if index >= len(rolls):
        raise SetupError("a die must be rolled but no roll is left: give more rolls in the setup")
    fields[NEXT_ROLL] = index + 1
    return rolls[index]


@implements("setup-dice")
def roll_first_dice(fields: list) -> None:
    """Take a die per lane from the pool, roll it, put it in the lane's Center (setup-dice)."""
    numbers: Numbers = fields[NUMBERS]
    fields[PIPS] = tuple(roll(fields) for _ in numbers.lane_range)
    fields[SLOTS], fields[POOL] = numbers.empty, fields[POOL] - numbers.lanes


@implements("setup-deal")
def deal_round(fields: list, deck: tuple[int, ...]) -> None:
    """Deal a hand to each, one card at a time from the top, Start Player first (setup-deal).

    Every round uses the whole deck, hands included (ruling new-round-reshuffle).
    """
    start, size = fields[START], fields[NUMBERS].hand_size
    dealt = deck[: 2 * size]
    hands: list[tuple[int, ...]] = [(), ()]
    hands[start], hands[1 - start] = dealt[0::2], dealt[1::2]
    fields[HANDS] = (hands[0], hands[1])
    fields[PILE], fields[DISCARD], fields[PROG] = deck[2 * size :], (), fields[NUMBERS].no_program
    add_event(fields, Dealt(fields[ROUND], start, fields[HANDS], fields[PIPS], fields[SLOTS]))


def open_hand(fields: list) -> None:
    """The next hand of the round begins with its Program phase."""
    fields[HAND] += 1
    fields[PHASE], fields[STEP] = PROGRAM, 0
    add_event(fields, HandBegun(fields[ROUND], fields[HAND], fields[START]))


# --- scoring --------------------------------------------------------------------------
@implements("scoring")
def result(state: State) -> Result:
    """More claimed dice wins; then the higher pip total; else a shared victory (scoring).
    Before the end: the standings so far."""
    counts = (len(state.claimed[0]), len(state.claimed[1]))
    totals = (sum(state.claimed[0]), sum(state.claimed[1]))
    if counts[0] != counts[1]:
        decided, better = "dice", 0 if counts[0] > counts[1] else 1
    elif totals[0] != totals[1]:
        decided, better = "pips", 0 if totals[0] > totals[1] else 1
    else:
        decided, better = "shared", -1
    ranking = ((0, 1),) if better < 0 else ((better,), (1 - better,))
    return Result(scores=(float(counts[0]), float(counts[1])), ranking=ranking,
                  details={"claimed": counts, "pips": totals, "decided_by": decided})
