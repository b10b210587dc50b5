"""Zero Grid state: its numbers, cards, the state, events, actions, setting up, dealing
and scoring (design: David McDougal; "Zero Grid" is our working title).

Every number the content states (the setup grid, the scoring chart, the Initiative suit
order) is read from the ``data:`` block of game.yaml into :class:`Numbers`; the state
carries its Numbers, so the rules and the printed grid read the same pattern.

Cards follow the Pipworks convention: ``card = suit * 13 + rank_index`` with suits
numbered in the order of the content's ``suits:`` (Spades 0, Hearts 1, Diamonds 2,
Clubs 3) and rank_index 0 the two, 12 the ace. Initiative compares cards through a key
table built from the content's ``initiative_suit_order`` (:attr:`Numbers.initiative`).

A grid is a tuple of 16 pips indexed ``column * 4 + row`` (columns and rows from 0
here, from 1 in text); 0 is an empty space. Chance is data in the state: the deck
order, the discard pile and one seed per future reshuffle, all overridable by ``setup``.
"""

from __future__ import annotations

import random
from functools import cached_property
from itertools import permutations
from typing import TYPE_CHECKING, Any, Iterator, Mapping, NamedTuple, Sequence, overload

from ...content.record import Invalid, Loc, parse, record
from ...rules.base import Events, Result, SetupError, implements
from ...rules.chance import shuffle

if TYPE_CHECKING:
    from ...content.schema import GameContent

# --- cards --------------------------------------------------------------------------------

#: Suits in the order of the content's ``suits:`` list: a card's suit is ``card // 13``.
SUITS = ("spades", "hearts", "diamonds", "clubs")
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
RANKS = 13
DECK: tuple[int, ...] = tuple(range(len(SUITS) * RANKS))
#: Per card: its suit, its rank (2..14, ace 14), and whether it is a face card (J, Q, K,
#: A: suit power only). Tables, so the hot path reads them with one index.
SUIT_OF: tuple[int, ...] = tuple(card // RANKS for card in DECK)
RANK_OF: tuple[int, ...] = tuple(card % RANKS + 2 for card in DECK)
FACE: tuple[bool, ...] = tuple(rank >= 11 for rank in RANK_OF)
HAND_SIZE = 4


def card_of(rank: int, suit: int) -> int:
    """The card of ``rank`` (2..14, ace 14) and ``suit`` (SPADES..CLUBS)."""
    return suit * RANKS + rank - 2


# --- the numbers of the content -----------------------------------------------------------

@record
class Band:
    """One row of the scoring chart: dice removed from ``min`` to ``max`` earn ``title``."""

    min: int
    max: int
    title: str


@record
class SuitPower:
    name: str
    effect: str


@record
class Numbers:
    """The ``data:`` block of ``content/zero-grid/game.yaml``: one reader for the engine
    and the printed components, so a number stated in content has one source."""

    #: four columns of four pips, each read top to bottom (setup-grid).
    setup_grid: tuple[tuple[int, ...], ...]
    #: dice removed -> title, bands in order from 0 to 16 (scoring-titles).
    scoring_chart: tuple[Band, ...]
    #: Initiative ties: strongest suit first (initiative-reveal).
    initiative_suit_order: tuple[str, ...]
    player_aid: tuple[str, ...] = ()
    suit_powers: dict[str, SuitPower] | None = None

    def _problems(self) -> Iterator[tuple[Loc, str]]:
        if len(self.setup_grid) != 4 or any(len(column) != 4 for column in self.setup_grid):
            yield ("setup_grid",), "give four columns of four pips, each read top to bottom"
        elif not all(1 <= pip <= 6 for column in self.setup_grid for pip in column):
            yield ("setup_grid",), "a pip is 1 to 6"
        low = 0
        for index, band in enumerate(self.scoring_chart):
            if band.min != low or band.max < band.min:
                yield ("scoring_chart", index), f"bands must run on from {low} dice removed, in order"
                return
            low = band.max + 1
        if low != 17:
            yield ("scoring_chart",), "the bands must cover 0 to 16 dice removed"
        if sorted(self.initiative_suit_order) != sorted(SUITS):
            yield ("initiative_suit_order",), f"name each of {', '.join(SUITS)} once"

    def __hash__(self) -> int:
        return hash((self.setup_grid, self.scoring_chart, self.initiative_suit_order))

    @classmethod
    def from_content(cls, content: GameContent) -> Numbers:
        """The numbers of ``content`` (a GameContent); SetupError names every problem.
        The suits and deals are checked too: the card numbering follows the suit order,
        and a hand is one card per column of a 52-card deck, which the rules build on."""
        if content.suit_names != SUITS:
            raise SetupError(f"{content.slug}: suits must be {', '.join(SUITS)} in that order (the card numbering)")
        if any(deal.hand != HAND_SIZE or deal.deck != len(DECK) for deal in content.deals):
            raise SetupError(f"{content.slug}: deals: a hand is {HAND_SIZE} cards (one per column) "
                             f"from a {len(DECK)}-card deck")
        try:
            return parse(cls, content.data)
        except Invalid as exc:
            raise SetupError(f"{content.slug}: data: {exc}") from None

    @cached_property
    def grid(self) -> tuple[int, ...]:
        """The setup pattern as a grid (``column * 4 + row``)."""
        return tuple(pip for column in self.setup_grid for pip in column)

    @cached_property
    def initiative(self) -> tuple[int, ...]:
        """Per card, its Initiative strength: rank first, then the suit order; higher wins."""
        strength = {suit: len(SUITS) - 1 - i for i, suit in enumerate(self.initiative_suit_order)}
        return tuple((RANK_OF[card] - 2) * len(SUITS) + strength[SUITS[SUIT_OF[card]]] for card in DECK)

    @cached_property
    def neutral_deck(self) -> tuple[int, ...]:
        """Every card from the weakest Initiative card up (2♣ first): the order of an
        unshuffled deck, and of a discard pile before its reshuffle."""
        return tuple(sorted(DECK, key=self.initiative.__getitem__))


# --- actions, variants and phases ---------------------------------------------------------

#: ``("program", c1, c2, c3, initiative)``: the hand on Columns 1–3 and Initiative;
#: ``("power",)``: the card's suit power; ``("swap", column)``: Movement, swapping with
#: the die of that column (0-based) in the row.
Action = tuple[Any, ...]
POWER: Action = ("power",)
SWAPS: tuple[Action, ...] = tuple(("swap", column) for column in range(4))

EASIER, HARDCORE, HARDCORE_TEXT, SOLO, FAVOR_AT_REVEAL = 1, 2, 4, 8, 16
VARIANTS: dict[str, str] = {
    "solo-mode": "one player; the deck's top card contests Initiative, and Adversary Favor when you lose it",
    "easier": "resolve all four cards every hand and allow one extra reshuffle",
    "hardcore": "Diamonds take 1; each fizzle adds 1 pip to the highest die in Column 1 (the FAQ, RULINGS 8)",
    "hardcore-rule-text": "Diamonds take 1; an unresolved face card adds 1 pip to your two lowest dice, one per column",
    "favor-at-reveal": "solo; Adversary Favor comes at the Initiative reveal, before any column resolves (RULINGS 11)",
}
_VARIANT_FLAGS = {"solo-mode": SOLO, "easier": EASIER, "hardcore": HARDCORE, "hardcore-rule-text": HARDCORE_TEXT,
          "favor-at-reveal": FAVOR_AT_REVEAL}

PROGRAM, RESOLVE, OVER = 0, 1, 2
#: Reshuffle seeds kept in the state: more than any timer allows (two players, Easier: 3).
RESHUFFLE_SEEDS = 4


# --- events (the log's raw material, newest first in State.events) ----------------------

class Dealt(NamedTuple):
    hand: int
    hands: tuple[tuple[int, ...], ...]


class Reshuffled(NamedTuple):
    number: int
    cards: int


class Programmed(NamedTuple):
    seat: int
    cards: tuple[int, ...]


class Revealed(NamedTuple):
    """The Initiative reveal: each seat's Initiative card, the solo deck card (-1: none)
    and the winner (-1: the deck)."""

    cards: tuple[int, ...]
    reveal: int
    winner: int


class Shifted(NamedTuple):
    seat: int
    card: int
    column: int
    to: int


class Fizzled(NamedTuple):
    """``why``: "empty" (no column with dice from here on), "spent" or "none" (no die)."""

    seat: int
    card: int
    column: int
    why: str


class PowerUsed(NamedTuple):
    seat: int
    card: int
    cell: int
    before: int
    after: int


class Swapped(NamedTuple):
    """Movement: the die at ``cell`` (``before`` pips) trades places with the ``partner``
    at ``other``, then decays to ``after``."""

    seat: int
    card: int
    cell: int
    other: int
    before: int
    partner: int
    after: int


class Unplayed(NamedTuple):
    seat: int
    card: int


class Penalty(NamedTuple):
    seat: int
    cell: int
    before: int
    after: int


class Favor(NamedTuple):
    seat: int
    cell: int
    before: int
    after: int


class GameOver(NamedTuple):
    why: str


# --- the state ----------------------------------------------------------------------------

class State(NamedTuple):
    """One moment of a game; immutable. The rules build the next one in a list."""

    numbers: Numbers
    players: int
    flags: int
    grids: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    reshuffles: int
    seeds: tuple[int, ...]
    hand_no: int
    start: int
    hands: tuple[tuple[int, ...], ...]
    #: per seat that has programmed: Columns 1–3, then the Initiative card.
    programs: tuple[tuple[int, ...], ...]
    #: solo: the deck card contesting Initiative (-1: none).
    reveal: int
    #: the Initiative winner (-1: the solo deck; -2: not revealed yet).
    winner: int
    phase: int
    seat: int
    #: the column of the card resolving (0..3; 4: the seat is done).
    step: int
    #: per seat, bit c: column c has activated a die this hand.
    spent: tuple[int, ...]
    #: per seat, bit cell: that die has activated this hand.
    used: tuple[int, ...]
    #: the legal actions of the seat to move.
    pending: Sequence[Action]
    #: the card awaiting a choice: (card, suit-power die cell, Movement die cell).
    ctx: tuple[int, ...]
    #: the events so far (newest first), or, for a state made by a move, the move that
    #: made it: a :class:`Later`, whose events are worked out when first read. Read
    #: :attr:`events`, never this.
    history: History
    end: str
    #: phase == OVER, kept as a field so that ``play.is_over``, asked after every move, is
    #: an ``itemgetter`` (no Python code runs) rather than a function.
    over: bool = False

    @property
    def events(self) -> Events:
        """What has happened so far, newest first (the log's raw material): the events of
        a move are built when first read, then kept (:func:`events_of`)."""
        history: History = self.history
        return events_of(history) if type(history) is list else history

    def _with_events(self) -> tuple[Any, ...]:
        """The fields, the history as its events: what a state is, compared and hashed."""
        return (*self[:_HISTORY], self.events, *self[_HISTORY + 1:])

    def __eq__(self, other: object) -> bool:
        if type(other) is State:
            return self._with_events() == other._with_events()
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self._with_events())

    def __repr__(self) -> str:
        """As a NamedTuple shows itself, the history shown as its events."""
        fields = ", ".join(f"{k}={v!r}" for k, v in zip(_SHOWN, self._with_events()))
        return f"State({fields})"

    def __reduce__(self) -> tuple[Any, ...]:
        return _restore, (self._with_events(),)


def _restore(fields: tuple[Any, ...]) -> State:
    return State._make(fields)


#: A move's events until first read: ``[state before, action, apply]`` (``apply`` is
#: :func:`.play.apply`, which this module cannot import); once read, ``[the events after
#: the move]``, kept, found by applying the action again to the state before with its
#: history as events (then the rules record them). Random play and the searches read no
#: events, and building them was a tenth of a move's cost.
Later = list
#: What the rules carry as the history: the events when they record them, else a Later.
History = Any

#: The field names as the state shows itself (``history`` shown as ``events``).
_SHOWN = tuple("events" if k == "history" else k for k in State._fields)


#: Field indexes of State, for building the next state in a list.
(_PLAYERS, _FLAGS, _GRIDS, _DECK, _DISCARD, _RESHUFFLES, _SEEDS, _HAND_NO, _START, _HANDS, _PROGRAMS, _REVEAL,
 _WINNER, _PHASE, _SEAT, _STEP, _SPENT, _USED, _PENDING, _CTX, _HISTORY, _END) = map(State._fields.index, (
    "players", "flags", "grids", "deck", "discard", "reshuffles", "seeds", "hand_no", "start", "hands", "programs",
    "reveal", "winner", "phase", "seat", "step", "spent", "used", "pending", "ctx", "history", "end"))
_NUMBERS, _OVER = State._fields.index("numbers"), State._fields.index("over")


#: ``_new(Event, (fields...))`` builds a record without NamedTuple's Python-level
#: ``__new__`` (the same tuple, a quarter of the cost), for events of every hand.
_new = tuple.__new__


def emit(f: list[Any], event: tuple[Any, ...]) -> None:
    """Add ``event`` to the history of the state being built in ``f``, when it records
    events (not on a move's first run: :data:`Later`)."""
    history = f[_HISTORY]
    if type(history) is not list:
        f[_HISTORY] = (event, history)


def events_of(later: Later) -> Events:
    """The events after a :data:`Later` move: the moves since the last state whose
    events are known carried out again, each recording its events, which are kept (the
    state before is then let go)."""
    chain = []
    history: History = later
    while type(history) is list and len(history) == 3:
        chain.append(history)
        history = history[0].history
    events: Events = history[0] if type(history) is list else history
    for move in reversed(chain):
        before, action, apply = move
        after = apply(State._make((*before[:_HISTORY], events, *before[_HISTORY + 1:])), action)
        events = after.history
        move[:] = [events]
    return events


def variant_flags(variants: Sequence[str]) -> int:
    """Variant names -> flags; unknown names and both Hardcore readings are refused."""
    flags = 0
    for name in variants:
        if name not in _VARIANT_FLAGS:
            raise SetupError(f"unknown Zero Grid variant {name!r}; known: {', '.join(VARIANTS)}")
        flags |= _VARIANT_FLAGS[name]
    if flags & HARDCORE and flags & HARDCORE_TEXT:
        raise SetupError("choose one Hardcore penalty: 'hardcore' (the FAQ's) or 'hardcore-rule-text'")
    return flags


# --- setting up ---------------------------------------------------------------------------

def new_game(numbers: Numbers, players: int | None = None, variants: Sequence[str] = (), seed: int = 0,
             setup: Mapping[str, Any] | None = None) -> State:
    """A game ready for the first decision (setup-grid, setup-deck, setup-start-player).

    ``setup`` may fix: ``grids`` (per seat, 16 pips indexed ``column * 4 + row``), ``deck`` (top first), ``discard``, ``hands`` (per seat, the four cards of
    the current hand), ``reveal`` (solo: the card put on top of the deck), ``start``,
    ``reshuffles`` (done so far), ``reshuffle_seeds``, ``hand`` and ``deck_order``
    ("neutral": cards not named stay in Initiative order instead of being shuffled).
    Anything not given comes from ``seed``.
    """
    setup = dict(setup or {})
    flags = variant_flags(variants)
    if players is None:
        players = 1 if flags & (SOLO | FAVOR_AT_REVEAL) else 2
    if players not in (1, 2):
        raise SetupError(f"Zero Grid is for 1 or 2 players, not {players}")
    if players == 1:
        flags |= SOLO
    elif flags & SOLO:
        raise SetupError("the solo-mode variant is for one player")
    rng = random.Random(seed)
    grids = setup_grids(numbers, setup.get("grids"), players)
    deck, discard, hands = setup_deck(numbers, setup, players, rng)
    seeds = tuple(setup.get("reshuffle_seeds") or reshuffle_seeds(rng))
    start = setup_start_player(setup.get("start"), players, rng)
    hand_no = int(setup.get("hand", 1)) - (0 if hands else 1)
    f: list[Any] = list(State(numbers, players, flags, grids, deck, discard, int(setup.get("reshuffles", 0)), seeds,
                              hand_no, start, hands=(), programs=(), reveal=-1, winner=-2, phase=PROGRAM, seat=0,
                              step=0, spent=(0,) * players, used=(0,) * players, pending=(), ctx=(), history=None,
                              end=""))
    if hands:
        f[_HANDS] = hands
        emit(f, Dealt(hand_no, hands))
        begin_programming(f)
    else:
        deal_and_program(f)
    f[_HISTORY] = [f[_HISTORY]]  # kept as read (Later): the moves from here record no events
    return State._make(f)


@implements("setup-grid")
def setup_grids(numbers: Numbers, grids: Any, players: int) -> tuple[tuple[int, ...], ...]:
    """setup-grid: every player starts from the content's pattern unless told otherwise."""
    if grids is None:
        return (numbers.grid,) * players
    if len(grids) != players:
        raise SetupError(f"give one grid per player ({players}), not {len(grids)}")
    out = tuple(tuple(grid) for grid in grids)
    if any(len(grid) != 16 or not all(type(pip) is int and 0 <= pip <= 6 for pip in grid) for grid in out):
        raise SetupError("a grid is 16 pips, column * 4 + row, each 1 to 6 or 0 for an empty space")
    return out


@implements("setup-deck")
def setup_deck(numbers: Numbers, setup: Mapping[str, Any], players: int,
               rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """setup-deck: a shuffled deck, unless the deck, discard or hands are given."""
    if not setup:  # a random game: the whole deck, shuffled (the draws of the general way below)
        deck = list(numbers.neutral_deck)
        shuffle(deck, rng)  # rng.shuffle's order, faster
        return tuple(deck), (), ()
    hands = tuple(tuple(h) for h in setup.get("hands") or ())
    if hands and (len(hands) != players or any(len(h) != HAND_SIZE for h in hands)):
        raise SetupError(f"hands: give {players} hand(s) of {HAND_SIZE} cards")
    held = [c for h in hands for c in h]
    deck = list(setup.get("deck") or ())
    discard = list(setup.get("discard") or ())
    if "reveal" in setup:
        deck.insert(0, setup["reveal"])
    named = held + deck + discard
    if len(set(named)) != len(named) or not all(isinstance(c, int) and 0 <= c < len(DECK) for c in named):
        raise SetupError("each card may appear only once among hands, deck, reveal and discard")
    taken = set(named)
    rest = [c for c in numbers.neutral_deck if c not in taken] if taken else list(numbers.neutral_deck)
    if "deck" not in setup:
        if setup.get("deck_order") == "neutral" or held or "reveal" in setup:
            deck += rest
        else:
            shuffle(rest, rng)  # rng.shuffle's order, faster
            deck = rest
    elif "discard" not in setup:
        discard += rest
    elif rest:
        raise SetupError(f"{len(rest)} card(s) are in no hand, deck or discard pile")
    return tuple(deck), tuple(discard), hands


def reshuffle_seeds(rng: random.Random) -> list[int]:
    """The seeds of the reshuffles: ``rng.randrange(1 << 30)`` four times, drawn as it
    draws them (31 random bits, again while the number is too big), without its checks."""
    bits, out = rng.getrandbits, []
    for _ in range(RESHUFFLE_SEEDS):
        seed = bits(31)
        while seed >= 1 << 30:
            seed = bits(31)
        out.append(seed)
    return out


@implements("setup-start-player", "zg-start-player")
def setup_start_player(start: Any, players: int, rng: random.Random) -> int:
    """setup-start-player: chosen at random by the seed unless given; deals first (ours)."""
    if start is None:
        return rng.randrange(players)
    if not isinstance(start, int) or not 0 <= start < players:
        raise SetupError(f"start must be a seat from 0 to {players - 1}")
    return start


# --- dealing, reshuffles and the deck timers ----------------------------------------------

@implements("two-player-timer", "easier", "zg-easier-details")
def allowed_reshuffles(flags: int) -> int:
    """two-player-timer / solo-timer: reshuffles the clock allows (Easier: one more)."""
    if flags & SOLO:
        return 1 if flags & EASIER else 0
    return 3 if flags & EASIER else 2


@implements("reshuffle")
def reshuffle(f: list[Any]) -> bool:
    """reshuffle: the discard pile, shuffled by the stored seed, becomes the deck."""
    if not f[_DISCARD]:
        return False
    pile = sorted(f[_DISCARD], key=f[_NUMBERS].initiative.__getitem__)
    seeds = f[_SEEDS]
    shuffle(pile, random.Random(seeds[f[_RESHUFFLES] % len(seeds)]))  # rng.shuffle's order, faster
    f[_DECK], f[_DISCARD] = tuple(pile), ()
    f[_RESHUFFLES] += 1
    emit(f, Reshuffled(f[_RESHUFFLES], len(pile)))
    return True


def draw(f: list[Any], count: int) -> list[int] | None:
    """``count`` cards from the top, reshuffling when the deck runs out (None: cannot)."""
    out: list[int] = []
    while len(out) < count:
        if not f[_DECK] and not reshuffle(f):
            return None
        deck = f[_DECK]
        take = min(count - len(out), len(deck))
        out += deck[:take]
        f[_DECK] = deck[take:]
    return out


@implements("deal-and-program", "zg-hand-size", "zg-deal-in-hand")
def deal_and_program(f: list[Any]) -> None:
    """Deal four cards to each player (RULINGS 1), one at a time from the first player;
    the programming decisions follow. Dealing opens the hand, so a hand whose deal needed
    a reshuffle is played (ours)."""
    players = f[_PLAYERS]
    if players == 1 and solo_timer_expired(f):
        finish(f, "timer")
        return
    need, deck = HAND_SIZE * players, f[_DECK]
    if len(deck) >= need:  # most hands: no reshuffle
        cards, f[_DECK] = deck[:need], deck[need:]
    else:
        drawn = draw(f, need)
        if drawn is None:
            finish(f, "timer")
            return
        cards = tuple(drawn)
    f[_HAND_NO] = hand_no = f[_HAND_NO] + 1
    if players == 1:
        hands: tuple[tuple[int, ...], ...] = (cards,)
    else:  # one at a time from the first player
        hands = (cards[0::2], cards[1::2]) if f[_START] == 0 else (cards[1::2], cards[0::2])
    f[_HANDS] = hands
    history = f[_HISTORY]
    if type(history) is not list:  # emit, without building the event when not recording
        f[_HISTORY] = (_new(Dealt, (hand_no, hands)), history)
    begin_programming(f)


@implements("solo-timer", "zg-solo-timer")
def solo_timer_expired(f: list[Any]) -> bool:
    """solo-timer (RULINGS 10): a solo hand needs 4 cards dealt plus 1 revealed; when the
    deck cannot give them and no reshuffle is left, the last card is (or would be) dealt
    and the game is over before the hand is played."""
    return len(f[_DECK]) < HAND_SIZE + 1 and f[_RESHUFFLES] >= allowed_reshuffles(f[_FLAGS])


def program_orders(hand: Sequence[int]) -> tuple[Action, ...]:
    """deal-and-program: every way to put the hand on Columns 1–3 and Initiative, in the
    order of ``itertools.permutations`` (written out: a loop costs twice as much)."""
    a, b, c, d = hand
    p = "program"
    return ((p, a, b, c, d), (p, a, b, d, c), (p, a, c, b, d), (p, a, c, d, b), (p, a, d, b, c), (p, a, d, c, b),
            (p, b, a, c, d), (p, b, a, d, c), (p, b, c, a, d), (p, b, c, d, a), (p, b, d, a, c), (p, b, d, c, a),
            (p, c, a, b, d), (p, c, a, d, b), (p, c, b, a, d), (p, c, b, d, a), (p, c, d, a, b), (p, c, d, b, a),
            (p, d, a, b, c), (p, d, a, c, b), (p, d, b, a, c), (p, d, b, c, a), (p, d, c, a, b), (p, d, c, b, a))


#: ``_ORDERS[i]``: which cards of the hand the ``i``-th programming order puts on
#: Columns 1–3 and Initiative (the order of :func:`program_orders`).
_ORDERS = tuple(permutations(range(HAND_SIZE)))


class ProgramChoices(Sequence[Action]):
    """The legal programming orders of a hand: the 24 actions of :func:`program_orders`,
    each made when it is read. A player picks one of them, so building all 24 for every
    programming decision would cost more than the rest of the decision; this reads, and
    compares, as the tuple of them."""

    __slots__ = ("hand", "given")

    def __init__(self, hand: tuple[int, ...]) -> None:
        self.hand = hand
        #: the order last read: a player usually plays the one just read, and it is
        #: known to be legal without comparing the cards (a hint; never changes a result).
        self.given: object = None

    def __len__(self) -> int:
        return len(_ORDERS)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        if isinstance(index, slice):
            return program_orders(self.hand)[index]
        a, b, c, d = _ORDERS[index]
        hand = self.hand
        self.given = order = ("program", hand[a], hand[b], hand[c], hand[d])
        return order

    def __iter__(self) -> Iterator[Action]:
        return iter(program_orders(self.hand))

    def __contains__(self, action: object) -> bool:
        """Whether ``action`` programs exactly this hand's four cards, in any order."""
        if action is self.given:
            return True
        try:
            return (type(action) is tuple and len(action) == 5 and action[0] == "program"
                    and set(action[1:]) == set(self.hand))
        except TypeError:  # an unhashable card: no card of the hand
            return False

    def __eq__(self, other: object) -> bool:
        if type(other) is ProgramChoices:
            return self.hand == other.hand
        return program_orders(self.hand) == other if isinstance(other, tuple) else NotImplemented

    def __hash__(self) -> int:
        return hash(program_orders(self.hand))

    def __repr__(self) -> str:
        return repr(program_orders(self.hand))


def program_choices(hand: tuple[int, ...]) -> ProgramChoices:
    """deal-and-program: the legal actions of a player programming ``hand``."""
    return ProgramChoices(hand)


#: Activation marks at the start of a hand, by the number of players.
_NONE_YET = ((), (0,), (0, 0))


def begin_programming(f: list[Any]) -> None:
    players = f[_PLAYERS]
    f[_PHASE], f[_SEAT], f[_STEP], f[_PROGRAMS] = PROGRAM, 0, 0, ()
    f[_REVEAL], f[_WINNER], f[_CTX] = -1, -2, ()
    f[_SPENT] = f[_USED] = _NONE_YET[players]
    f[_PENDING] = program_choices(f[_HANDS][0])


def finish(f: list[Any], why: str) -> None:
    f[_PHASE], f[_END], f[_PENDING], f[_CTX], f[_OVER] = OVER, why, (), (), True
    emit(f, GameOver(why))


# --- scoring ------------------------------------------------------------------------------

def removed(grid: Sequence[int]) -> int:
    """Dice removed so far: empty spaces on the grid."""
    return grid.count(0)


def column_4_pips(grid: Sequence[int]) -> int:
    return sum(grid[12:16])


@implements("scoring-titles")
def score_title(numbers: Numbers, dice_removed: int) -> str:
    """scoring-titles: the scoring chart's title for a number of removed dice."""
    for band in numbers.scoring_chart:
        if band.min <= dice_removed <= band.max:
            return band.title
    raise ValueError(f"{dice_removed} dice removed is off the chart")


@implements("timer-scoring")
def result(s: State) -> Result:
    """elimination / timer-scoring: cleared grids win (two cleared: a tie); on the clock,
    most dice removed, then the lowest Column 4 total, then a shared victory."""
    counts = tuple(removed(g) for g in s.grids)
    details: dict[str, Any] = {"end": s.end, "hands": s.hand_no, "column_4_pips": tuple(column_4_pips(g) for g in s.grids),
                               "titles": tuple(score_title(s.numbers, c) for c in counts)}
    if s.players == 1:
        return Result(tuple(float(c) for c in counts), ((0,),), details)
    keys = [(-counts[i], column_4_pips(s.grids[i])) for i in range(2)]
    if s.end == "elimination":
        keys = [(-counts[i], 0) for i in range(2)]
    ranking = ((0, 1),) if keys[0] == keys[1] else ((0,), (1,)) if keys[0] < keys[1] else ((1,), (0,))
    return Result(tuple(float(c) for c in counts), ranking, details)
