"""The Four Deuces as data: its numbers, the state, the events, the actions, setting up
a game (from a seed or from a setup mapping) and scoring it.

Compact on purpose, for speed: a card is its suit's index (0–3, in the order of the
content's ``suits:`` list, :data:`SUITS`); cards have no rank, so a hand is a tuple of
counts per suit. Dice are sorted tuples of pips 1–6, seats are 0 (North) and 1 (South).
Every chance event (track order, dice rolls and tie rerolls, the deal of each round) is
drawn from the seed up front and kept in the state as :class:`RoundChance` records, so a
test or a worked example can fix it. Every number ``game.yaml`` states is read from its
``data:`` block into :class:`Numbers`, which the state carries.
"""

from __future__ import annotations

import random
from functools import cached_property
from itertools import repeat, starmap
from math import floor
from typing import TYPE_CHECKING, Annotated, Any, Iterator, Mapping, NamedTuple, Sequence

from ...content.record import AtLeast, AtMost, NotEmpty, parse, record
from ...rules.base import Events, Result, SetupError, implements, oldest_first
from ...rules.chance import shuffle

if TYPE_CHECKING:
    from ...content.schema import GameContent

#: the suits (rackets) in the order of the content's ``suits:`` list: card = index here.
SUITS = ("Bootlegging", "Gambling", "Prostitution", "Murder")
SEATS = ("North", "South")
#: the characters, in the order of the content's ``data.characters`` (checked by Numbers).
CHARACTERS = ("Al Capone", "Bugs Moran")
AL_CAPONE, BUGS_MORAN = 0, 1
#: the engine's variant names (``--variant``), from RULINGS.md's alternative readings.
VARIANTS = {
    "lead-player-leads": "the round's lead player leads every trick, whoever wins",
    "reshuffle-track": "the suit tokens are placed in a new random order before each round",
}
PHASE_CHOOSE, PHASE_PLAY, PHASE_OVER = 0, 1, 2
#: how a round ended (events and result details).
BY_FIFTH, BY_FOUR, BY_STUCK = "fifth trick", "exactly four", "cannot place"
_FACES = (1, 2, 3, 4, 5, 6)
_SIX = 6.0


# --- the numbers (content's data: block) -------------------------------------------


@record
class Character:
    """A character card: its name and the ability text printed on it."""

    name: Annotated[str, NotEmpty()]
    ability: Annotated[str, NotEmpty()]


@record
class Numbers:
    """The ``data:`` block of ``content/four-deuces/game.yaml``, and what follows from it.

    The one reader of those numbers: the engine (through the state) and the printed
    components both use this record."""

    #: places on the Suit Power Track: one per suit token, so also the suits in play.
    track_places: Annotated[int, AtLeast(2), AtMost(len(SUITS))]
    characters: tuple[Character, ...]
    dice_per_player: Annotated[int, AtLeast(1)]
    tricks_per_round: Annotated[int, AtLeast(1)]
    hand: Annotated[int, AtLeast(1)]
    reserve: Annotated[int, AtLeast(0)]
    removed: Annotated[int, AtLeast(0)]
    rounds_to_win: Annotated[int, AtLeast(1)]

    def _problems(self) -> Iterator[tuple[tuple[str, ...], str]]:
        if tuple(c.name for c in self.characters) != CHARACTERS:
            yield ("characters",), f"the engine knows the characters {' and '.join(CHARACTERS)}, in that order"
        if self.tricks_per_round % 2 == 0:
            yield ("tricks_per_round",), "must be odd, so that a round splits with one player on exactly a majority"
        if self.hand + self.reserve != self.tricks_per_round:
            yield ("reserve",), "hand and reserve together must hold one card per trick"
        if self.dice_per_player < self.tricks_per_round:
            yield ("dice_per_player",), "a player needs a die for every trick"
        if self.deck % self.track_places:
            yield ("removed",), f"the deck ({self.deck} cards) must split evenly into {self.track_places} suits"

    @classmethod
    def from_content(cls, content: GameContent) -> Numbers:
        """The numbers of a loaded game.yaml (raises ``record.Invalid`` naming each problem)."""
        return parse(cls, content.data)

    @cached_property
    def deck(self) -> int:
        """Cards in the deck: two hands, two reserves and the removed cards."""
        return 2 * (self.hand + self.reserve) + self.removed

    @cached_property
    def per_suit(self) -> int:
        return self.deck // self.track_places

    @cached_property
    def cards(self) -> tuple[int, ...]:
        """The deck in suit order (suit indexes), before a shuffle: the same for every game."""
        return tuple(s for s in range(self.track_places) for _ in range(self.per_suit))

    @cached_property
    def exactly(self) -> int:
        """Tricks that win a round: a majority of the round's tricks, exactly."""
        return self.tricks_per_round // 2 + 1

    @cached_property
    def fifth(self) -> int:
        """The trick count that loses the round at once (one more than ``exactly``)."""
        return self.exactly + 1

    @cached_property
    def max_rounds(self) -> int:
        """Rounds a game can last: a best of ``2 * rounds_to_win - 1``."""
        return 2 * self.rounds_to_win - 1


# --- chance, the state, events, actions --------------------------------------------


class RoundChance(NamedTuple):
    """Everything chance decides for one round, fixed in advance.

    ``track`` is the token order top first (used in round 1, and every round under
    reshuffle-track); ``rolls`` is each roll of both gangs, ties first, the last one
    decisive; ``deck`` is the shuffled deck dealt as: North's hand, South's hand, North's
    reserve, South's reserve, and the rest removed unseen.
    """

    track: tuple[int, ...]
    rolls: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    deck: tuple[int, ...]


class State(NamedTuple):
    """One moment of a game; immutable (``play.apply`` builds the next one)."""

    numbers: Numbers
    lead_leads: bool  # variant lead-player-leads
    keep_track: bool  # not variant reshuffle-track
    chance: tuple[Chance, ...]
    round: int  # 0-based
    rounds_won: tuple[int, int]
    endings: tuple[str, ...]  # how each finished round ended (BY_FIFTH, BY_FOUR, BY_STUCK)
    track: tuple[int, ...]  # suits, top place first
    reserves: tuple[tuple[int, ...], tuple[int, ...]]  # counts per suit
    removed: tuple[int, ...]
    piles: tuple[tuple[int, ...], tuple[int, ...]]
    tricks_won: tuple[int, int]
    trick: int  # tricks finished this round
    round_lead: int
    leader: int
    # what the player to move may do depends on these eight, kept together (TO_MOVE)
    phase: int
    turn: int | None  # None once the game is over
    hands: tuple[tuple[int, ...], tuple[int, ...]]  # counts per suit
    dice: tuple[tuple[int, ...], tuple[int, ...]]  # unused dice, sorted pips
    led: tuple[int, int] | None  # (suit, pip) of the card waiting on the table
    used: tuple[bool, bool]  # ability spent this round
    characters: tuple[int, int] | None  # None until the lead player has chosen
    capone: int | None  # suit given by Al Capone, waiting for its return
    opening: bool  # set up by new_game: the log begins with round 1's setting up
    history: Events  # the actions since ``start``, newest first
    start: State | None  # the state the actions were taken from (None: this one)
    #: phase == PHASE_OVER, kept as a field so that ``play.is_over``, asked after every
    #: move, is an ``itemgetter`` (no Python code runs) rather than a function.
    over: bool = False

    def __repr__(self) -> str:
        skip = ("numbers", "chance", "history", "start", "over")
        fields = ", ".join(f"{k}={v!r}" for k, v in zip(self._fields, self) if k not in skip)
        return f"State({fields}, actions={len(oldest_first(self.history))})"


#: positions of the fields in the list ``apply`` edits.
_NUMBERS = State._fields.index("numbers")
_LEAD_LEADS = State._fields.index("lead_leads")
_KEEP_TRACK = State._fields.index("keep_track")
_CHANCE = State._fields.index("chance")
_ROUND = State._fields.index("round")
_ROUNDS_WON = State._fields.index("rounds_won")
_ENDINGS = State._fields.index("endings")
_CHARACTERS = State._fields.index("characters")
_PHASE = State._fields.index("phase")
_TRACK = State._fields.index("track")
_HANDS = State._fields.index("hands")
_RESERVES = State._fields.index("reserves")
_REMOVED = State._fields.index("removed")
_PILES = State._fields.index("piles")
_DICE = State._fields.index("dice")
_TRICKS_WON = State._fields.index("tricks_won")
_TRICK = State._fields.index("trick")
_ROUND_LEAD = State._fields.index("round_lead")
_LEADER = State._fields.index("leader")
_TURN = State._fields.index("turn")
_LED = State._fields.index("led")
_USED = State._fields.index("used")
_CAPONE = State._fields.index("capone")
_HISTORY = State._fields.index("history")
_START = State._fields.index("start")
_OVER = State._fields.index("over")
#: the fields that decide what the player to move may do, in one slice: reading a
#: NamedTuple's fields one by one costs twice as much as slicing them out together.
TO_MOVE = slice(_PHASE, _CAPONE + 1)
assert State._fields[TO_MOVE] == ("phase", "turn", "hands", "dice", "led", "used", "characters", "capone")


class RoundBegins(NamedTuple):
    number: int  # 0-based


class TrackPlaced(NamedTuple):
    order: tuple[int, ...]


class TrackKept(NamedTuple):
    order: tuple[int, ...]


class Rolled(NamedTuple):
    north: tuple[int, ...]
    south: tuple[int, ...]


class Tie(NamedTuple):
    total: int


class LeadPlayer(NamedTuple):
    seat: int
    totals: tuple[int, int]


class CharacterChosen(NamedTuple):
    seat: int
    character: int


class CardPlayed(NamedTuple):
    seat: int
    suit: int
    pip: int


class SameSuit(NamedTuple):
    winner: int
    suit: int
    high: int
    low: int


class Climbed(NamedTuple):
    suit: int
    before: int  # place (0 = top) before and after the climb
    after: int
    high: int
    low: int


class Level(NamedTuple):
    pip: int


class TrackWins(NamedTuple):
    winner: int
    high: int  # the suit standing higher, then the lower one
    low: int
    high_place: int
    low_place: int


class TrickWon(NamedTuple):
    number: int  # 1-based
    winner: int
    tricks_won: tuple[int, int]


class ReserveJoins(NamedTuple):
    first: int  # the tricks played with the joined hand, 1-based
    last: int


class CardGiven(NamedTuple):
    seat: int
    suit: int


class CardReturned(NamedTuple):
    seat: int
    suit: int


class DiceTraded(NamedTuple):
    seat: int
    mine: int
    theirs: int


class CannotPlace(NamedTuple):
    seat: int
    pip: int


class RoundWon(NamedTuple):
    winner: int
    how: str  # BY_FIFTH, BY_FOUR or BY_STUCK
    tricks_won: tuple[int, int]
    rounds_won: tuple[int, int]


class GameWon(NamedTuple):
    winner: int
    rounds_won: tuple[int, int]


#: an action: a verb, then ints (see ``notation`` for how each reads).
Action = tuple[Any, ...]
CHOOSE, PLAY, GIVE, RETURN, SWAP, STUCK = "choose", "play", "give", "return", "swap", "stuck"
#: every action, built once so ``legal_actions`` allocates none (plays and swaps are
#: indexed by pip, 1–6).
PLAYS = tuple(tuple((PLAY, s, v) for v in range(7)) for s in range(len(SUITS)))
GIVES = tuple((GIVE, s) for s in range(len(SUITS)))
RETURNS = tuple((RETURN, s) for s in range(len(SUITS)))
SWAPS = tuple(tuple((SWAP, a, b) for b in range(7)) for a in range(7))
CHOICES = ((CHOOSE, AL_CAPONE), (CHOOSE, BUGS_MORAN))
STUCK_ACTION = (STUCK,)


# --- small helpers over plain data -------------------------------------------------


#: ``_new(Record, (fields...))`` builds a NamedTuple record without its Python-level
#: ``__new__``: the same tuple, for a third of the cost.
_new = tuple.__new__


#: where the steps of a move record what happened: a list while the log is being rebuilt
#: (``play.events``), None while playing (no event is built on the fast path).
Collector = list | None


def with_seat(pair: tuple, seat: int, value: Any) -> Any:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def bump(counts: tuple[int, ...], suit: int, by: int) -> tuple[int, ...]:
    c = list(counts)
    c[suit] += by
    return tuple(c)


def no_cards(numbers: Numbers) -> tuple[int, ...]:
    return (0,) * numbers.track_places


def counts_of(cards: Sequence[int], suits: int) -> tuple[int, ...]:
    """Cards (suit indexes) as counts per suit."""
    c = [0] * suits
    for s in cards:
        c[s] += 1
    return tuple(c)


class _DealtCounts(dict[tuple[int, ...], tuple[int, ...]]):
    """``counts_of`` for the slices of a deal with ``suits`` suits, worked out once each:
    a deal has few of them, and a dict lookup costs less than counting."""

    def __init__(self, suits: int) -> None:
        super().__init__()
        self.suits = suits

    def __missing__(self, cards: tuple[int, ...]) -> tuple[int, ...]:
        found = self[cards] = counts_of(cards, self.suits)
        return found


#: ``DEALT[suits][cards]``: the counts per suit of the dealt ``cards``.
DEALT = tuple(_DealtCounts(suits) for suits in range(len(SUITS) + 1))


def dealt_counts(cards: tuple[int, ...], suits: int) -> tuple[int, ...]:
    """``counts_of`` for the slices of a deal, remembered (:data:`DEALT`)."""
    return DEALT[suits][cards]


_PLAYED: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}


def without_card(hand: tuple[int, ...], suit: int) -> tuple[int, ...]:
    """The counts of ``hand`` with one card of ``suit`` played (cached: few hands)."""
    key = (hand, suit)
    found = _PLAYED.get(key)
    if found is None:
        found = _PLAYED[key] = bump(hand, suit, -1)
    return found


_WITHOUT: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}


def without_die(dice: tuple[int, ...], pip: int) -> tuple[int, ...]:
    """The sorted dice with one ``pip`` taken out (cached, like ``distinct``)."""
    key = (dice, pip)
    found = _WITHOUT.get(key)
    if found is None:
        d = list(dice)
        d.remove(pip)
        found = _WITHOUT[key] = tuple(d)
    return found


_DISTINCT: dict[tuple[int, ...], tuple[int, ...]] = {}


def distinct(dice: tuple[int, ...]) -> tuple[int, ...]:
    """The different numbers among sorted dice (cached: there are few multisets)."""
    found = _DISTINCT.get(dice)
    if found is None:
        found = _DISTINCT[dice] = tuple(dict.fromkeys(dice))
    return found


# --- chance: drawn from the seed, or fixed by a setup mapping ------------------------


def roll(rng: random.Random, dice: int) -> list[int]:
    """``rng.choices(_FACES, k=dice)``: the same pips from the same generator, without
    its call overhead (the dice are rolled twice a round, and a game is short).
    ``floor`` rather than ``int``: the same number for a float from 0 up, at a third of
    the cost. The calls are chained in C (``map`` over ``starmap``): no Python code runs
    per die; ``6.0 * x`` is ``x * 6`` (a product of floats does not depend on the order)."""
    return list(map(_FACES.__getitem__, map(floor, map(_SIX.__mul__, starmap(rng.random, repeat((), dice))))))


def draw_round(rng: random.Random, numbers: Numbers, cards: Sequence[int]) -> RoundChance:
    """One round's track order, rolls (rerolling ties) and shuffled deck (of ``cards``,
    the deck in suit order), in that order."""
    places, dice = numbers.track_places, numbers.dice_per_player
    track = list(range(places))
    shuffle(track, rng)  # rng.shuffle's order, faster
    rolls = []
    while True:
        pips = roll(rng, 2 * dice)  # North's dice, then South's
        a, b = pips[:dice], pips[dice:]
        a.sort()
        b.sort()
        rolls.append((tuple(a), tuple(b)))
        if sum(a) != sum(b):
            break
    deck = list(cards)
    shuffle(deck, rng)
    return _new(RoundChance, (tuple(track), tuple(rolls), tuple(deck)))


def draw_chance(rng: random.Random, numbers: Numbers, later_when_needed: bool = False) -> tuple[Chance, ...]:
    """Track orders, rolls and shuffled decks for every possible round.

    With ``later_when_needed`` (``new_game``, whose generator is the game's own), the
    rounds a game may never reach (after ``rounds_to_win``) are drawn from that generator
    only when first read (:class:`LaterRound`): the same chance, without drawing the third
    round that half of all games never play."""
    cards = numbers.cards
    sure = numbers.rounds_to_win if later_when_needed else numbers.max_rounds
    rounds: list[Chance] = [draw_round(rng, numbers, cards) for _ in range(sure)]
    before = None
    for _ in range(sure, numbers.max_rounds):
        before = LaterRound(rng, numbers, cards, before)
        rounds.append(before)
    return tuple(rounds)


class LaterRound:
    """A round's chance drawn when first read, from the game's own generator once the
    rounds before it are drawn, so it is the chance an eager draw gives. It reads,
    compares and hashes as that :class:`RoundChance` (``drawn``), and never changes."""

    __slots__ = ("_rng", "_numbers", "_cards", "_before", "_drawn")

    def __init__(self, rng: random.Random, numbers: Numbers, cards: Sequence[int], before: LaterRound | None) -> None:
        self._rng, self._numbers, self._cards, self._before = rng, numbers, cards, before
        self._drawn: RoundChance | None = None

    @property
    def drawn(self) -> RoundChance:
        return self._drawn if self._drawn is not None else self._draw()

    def _draw(self) -> RoundChance:
        if self._drawn is None:
            if self._before is not None:  # the rounds before it come first from the generator
                self._before._draw()
            self._drawn = draw_round(self._rng, self._numbers, self._cards)
        return self._drawn

    @property
    def track(self) -> tuple[int, ...]:
        return self.drawn.track

    @property
    def rolls(self) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
        return self.drawn.rolls

    @property
    def deck(self) -> tuple[int, ...]:
        return self.drawn.deck

    def __iter__(self) -> Iterator[Any]:
        return iter(self.drawn)

    def __eq__(self, other: object) -> bool:
        return self.drawn == (other.drawn if isinstance(other, LaterRound) else other)

    def __hash__(self) -> int:
        return hash(self.drawn)

    def __repr__(self) -> str:
        return repr(self.drawn)


#: one round's chance: drawn (or fixed by a setup), or drawn when first read.
Chance = RoundChance | LaterRound


def seat_of(name: Any) -> int:
    """A seat named in rules terms (``North``/``South``)."""
    text = str(name).strip().capitalize()
    if text not in SEATS:
        raise SetupError(f"no player {name!r}; the players are North and South")
    return SEATS.index(text)


def suit_of(name: Any, numbers: Numbers) -> int:
    """A suit named in rules terms (its name or initial, any case)."""
    for i, suit in enumerate(SUITS[:numbers.track_places]):
        if str(name).strip().lower() in (suit.lower(), suit[0].lower()):
            return i
    raise SetupError(f"no suit {name!r}; the suits are {', '.join(SUITS[:numbers.track_places])}")


def per_seat(value: Any, what: str) -> dict[int, Any]:
    if not isinstance(value, Mapping):
        raise SetupError(f"{what} must name each player, e.g. {{North: ..., South: ...}}")
    return {seat_of(k): v for k, v in value.items()}


def pips_of(values: Any, what: str) -> tuple[int, ...]:
    if not isinstance(values, Sequence) or isinstance(values, str):
        raise SetupError(f"{what} must be a list of pips")
    out = []
    for v in values:
        if not isinstance(v, int) or not 1 <= v <= 6:
            raise SetupError(f"{what}: {v!r} is not a die face 1–6")
        out.append(v)
    return tuple(sorted(out))


def cards_of(values: Any, what: str, numbers: Numbers) -> tuple[int, ...]:
    if values is None:
        return no_cards(numbers)
    if not isinstance(values, Sequence) or isinstance(values, str):
        raise SetupError(f"{what} must be a list of suits")
    return counts_of([suit_of(v, numbers) for v in values], numbers.track_places)


def track_of(values: Any, numbers: Numbers) -> tuple[int, ...]:
    track = tuple(suit_of(v, numbers) for v in values or ())
    if sorted(track) != list(range(numbers.track_places)):
        raise SetupError(f"the track must list each of the {numbers.track_places} suits once, top first; got {values!r}")
    return track


def _roll(value: Any, what: str, numbers: Numbers) -> tuple[tuple[int, ...], tuple[int, ...]]:
    dice = per_seat(value, what)
    pair = (pips_of(dice.get(0, ()), f"{what} for North"), pips_of(dice.get(1, ()), f"{what} for South"))
    for seat in (0, 1):
        if len(pair[seat]) != numbers.dice_per_player:
            raise SetupError(f"{what}: {SEATS[seat]} rolls {numbers.dice_per_player} dice, not {len(pair[seat])}")
    return pair


def _deck(spec: Mapping[str, Any], fallback: tuple[int, ...], numbers: Numbers) -> tuple[int, ...]:
    places, per_suit = numbers.track_places, numbers.per_suit
    if "deck" in spec:
        deck = tuple(suit_of(s, numbers) for s in spec["deck"])
        if counts_of(deck, places) != (per_suit,) * places:
            raise SetupError(f"the deck must hold {numbers.deck} cards, {per_suit} of each suit")
        return deck
    if not any(k in spec for k in ("hands", "reserves", "removed")):
        return fallback
    hands = per_seat(spec.get("hands", {}), "hands")
    reserves = per_seat(spec.get("reserves", {}), "reserves")
    parts = [[suit_of(s, numbers) for s in cards] for cards in (
        hands.get(0, ()), hands.get(1, ()), reserves.get(0, ()), reserves.get(1, ()), spec.get("removed", ()))]
    sizes = (numbers.hand, numbers.hand, numbers.reserve, numbers.reserve, numbers.removed)
    left = [per_suit] * places
    for part in parts:
        for s in part:
            left[s] -= 1
    if min(left) < 0:
        raise SetupError(f"more than {per_suit} cards of {SUITS[left.index(min(left))]} in hands, reserves and "
                         "removed cards")
    spare = [s for s in range(places) for _ in range(left[s])]
    for part, size in zip(parts, sizes):
        if len(part) > size:
            raise SetupError(f"a deal gives {size} cards there, not {len(part)}")
        while len(part) < size:
            part.append(spare.pop(0))
    return tuple(s for part in parts for s in part)


def round_chance(spec: Mapping[str, Any], fallback: Chance, numbers: Numbers) -> RoundChance:
    """One round's chance from a setup mapping, falling back to the seeded draw."""
    track = track_of(spec["track"], numbers) if "track" in spec else fallback.track
    rolls = fallback.rolls
    if "dice" in spec:
        rolls = tuple([_roll(spec["dice"], "dice", numbers)] + [_roll(r, "rerolls", numbers)
                                                                 for r in spec.get("rerolls", ())])
        if sum(rolls[-1][0]) == sum(rolls[-1][1]):
            raise SetupError("the last roll is a tie; add the reroll that decides the lead player under 'rerolls'")
        for number, (a, b) in enumerate(rolls[:-1], start=1):
            if sum(a) != sum(b):
                raise SetupError(f"roll {number} ({sum(a)} against {sum(b)} pips) already decides the lead player; "
                                 "only a tie is rerolled, so no roll may follow it")
    return RoundChance(track, rolls, _deck(spec, fallback.deck, numbers))


def chance_from_setup(setup: Mapping[str, Any], chance: tuple[Chance, ...],
                      numbers: Numbers) -> tuple[Chance, ...]:
    """``new_game(setup=...)`` keys (each optional, the seed fills the rest): ``track``
    (round 1 order), ``dice`` {North: [pips], South: [...]} (the round-1 roll),
    ``rerolls`` (later rolls after a tie; the last roll must not tie), ``deck`` (suits in
    deal order) or ``hands`` / ``reserves`` / ``removed``, and ``rounds``: a list of the
    same mappings for the later rounds."""
    known = {"track", "dice", "rerolls", "deck", "hands", "reserves", "removed", "rounds"}
    unknown = set(setup) - known
    if unknown:
        raise SetupError(f"unknown setup key(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(known))}")
    rounds: list[Chance] = [round_chance(setup, chance[0], numbers)]
    later = list(setup.get("rounds", ()))
    for number in range(1, numbers.max_rounds):
        rounds.append(round_chance(later[number - 1], chance[number], numbers)
                      if number - 1 < len(later) else chance[number])
    return tuple(rounds)


# --- setting up a game and each round ----------------------------------------------


@implements("setup-track", "reshuffle-track")
def place_tokens(f: list[Any], chance: Chance, ev: Collector) -> None:
    """Setup: the suit tokens go on the track in the (random) order chance gave.

    Later rounds keep the track as it stands (ruling between-rounds) unless the
    reshuffle-track variant is in force."""
    if f[_ROUND] == 0 or not f[_KEEP_TRACK]:
        f[_TRACK] = chance.track
        if ev is not None:
            ev.append(TrackPlaced(chance.track))
    elif ev is not None:
        ev.append(TrackKept(f[_TRACK]))


@implements("setup-dice", "round-tie-reroll", "tie-reroll-both")
def roll_gang(f: list[Any], chance: Chance, ev: Collector) -> tuple[int, int]:
    """Both players roll their dice; equal pip totals mean both reroll everything,
    as often as needed (ruling tie-reroll-both). Returns the decisive totals."""
    for a, b in chance.rolls:
        if ev is not None:
            ev.append(Rolled(a, b))
        if sum(a) != sum(b):
            f[_DICE] = (a, b)
            return sum(a), sum(b)
        if ev is not None:
            ev.append(Tie(sum(a)))
    raise SetupError("every roll of this round is a tie; the last roll must decide the lead")


@implements("round-lead")
def find_lead_player(totals: tuple[int, int]) -> int:
    """The lower pip total leads the round."""
    return 0 if totals[0] < totals[1] else 1


@implements("setup-deal", "setup-reserve", "setup-remove")
def deal_cards(f: list[Any], deck: tuple[int, ...], numbers: Numbers) -> None:
    """A hand to each player, a reserve face down to each, the rest removed unseen."""
    hand, reserve = numbers.hand, numbers.reserve
    counts = DEALT[numbers.track_places]  # dealt_counts, its table read here
    f[_HANDS] = (counts[deck[0:hand]], counts[deck[hand:2 * hand]])
    top = 2 * hand
    f[_RESERVES] = (counts[deck[top:top + reserve]], counts[deck[top + reserve:top + 2 * reserve]])
    f[_REMOVED] = counts[deck[top + 2 * reserve:]]


@implements("round", "next-round", "between-rounds", "ability-per-round")
def start_round(f: list[Any], number: int, ev: Collector) -> None:
    """A fresh round: track (kept or reshuffled), rolls, lead player, deal; abilities
    fresh and characters kept (rulings between-rounds and ability-per-round)."""
    numbers: Numbers = f[_NUMBERS]
    chance = f[_CHANCE][number]
    if type(chance) is LaterRound:
        chance = chance.drawn
    f[_ROUND] = number
    if ev is not None:
        ev.append(RoundBegins(number))
    place_tokens(f, chance, ev)
    totals = roll_gang(f, chance, ev)
    lead = find_lead_player(totals)
    if ev is not None:
        ev.append(LeadPlayer(lead, totals))
    deal_cards(f, chance.deck, numbers)
    f[_PILES] = (no_cards(numbers), no_cards(numbers))
    f[_TRICKS_WON] = (0, 0)
    f[_TRICK] = 0
    f[_ROUND_LEAD] = f[_LEADER] = f[_TURN] = lead
    f[_LED] = None
    f[_USED] = (False, False)
    f[_CAPONE] = None
    f[_PHASE] = PHASE_CHOOSE if f[_CHARACTERS] is None else PHASE_PLAY


#: a game's fields before its first round is set up (``new_game`` fills in the rest).
_BEFORE_SETUP: dict[str, Any] = {
    "numbers": None, "lead_leads": False, "keep_track": True, "chance": (), "round": 0, "rounds_won": (0, 0),
    "endings": (), "track": (), "reserves": ((), ()), "removed": (), "piles": ((), ()), "tricks_won": (0, 0),
    "trick": 0, "round_lead": 0, "leader": 0, "phase": PHASE_CHOOSE, "turn": 0, "hands": ((), ()),
    "dice": ((), ()), "led": None, "used": (False, False), "characters": None, "capone": None, "opening": True,
    "history": None, "start": None, "over": False,
}
assert tuple(_BEFORE_SETUP) == State._fields


def new_game(numbers: Numbers, players: int | None = None, variants: Sequence[str] = (), seed: int = 0,
             setup: Mapping[str, Any] | None = None) -> State:
    """A new game for two players; ``setup`` may fix the chance (:func:`chance_from_setup`)."""
    if players not in (None, 2):
        raise SetupError(f"The Four Deuces is for 2 players, not {players}")
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        raise SetupError(f"unknown variant(s) {', '.join(unknown)}; known: {', '.join(VARIANTS)}")
    chance = draw_chance(random.Random(seed), numbers, later_when_needed=True)
    if setup:
        chance = chance_from_setup(setup, chance, numbers)
    return game_from_chance(numbers, variants, chance)


def game_from_chance(numbers: Numbers, variants: Sequence[str], chance: tuple[Chance, ...]) -> State:
    """A new game whose every chance event is ``chance`` (``new_game`` draws it from the
    seed; the bots deal again from what a player has seen)."""
    f = list(_BEFORE_SETUP.values())
    f[_NUMBERS] = numbers
    f[_LEAD_LEADS] = "lead-player-leads" in variants
    f[_KEEP_TRACK] = "reshuffle-track" not in variants
    f[_CHANCE] = chance
    start_round(f, 0, None)
    return _new(State, f)


# --- scoring -----------------------------------------------------------------------


@implements("victory")
def result(state: State) -> Result:
    """Rounds won per seat; the first to ``rounds_to_win`` is first, so a game lasts at
    most ``max_rounds`` rounds (which bounds the play time). Details say how each round
    ended (fifth trick, exactly four, cannot place) for `pipworks simulate`."""
    won = state.rounds_won
    hows = list(state.endings)
    ranking: tuple[tuple[int, ...], ...]
    if state.phase != PHASE_OVER:
        ranking = ((0, 1),) if won[0] == won[1] else ((0,), (1,)) if won[0] > won[1] else ((1,), (0,))
    else:
        winner = 0 if won[0] == state.numbers.rounds_to_win else 1
        ranking = ((winner,), (1 - winner,))
    details: dict[str, Any] = {"round_endings": hows, "rounds_played": len(hows), "score": f"{max(won)}-{min(won)}"}
    for number in range(state.numbers.max_rounds):
        details[f"round_{number + 1}_end"] = hows[number] if number < len(hows) else "not played"
    return Result(scores=(float(won[0]), float(won[1])), ranking=ranking, details=details)
