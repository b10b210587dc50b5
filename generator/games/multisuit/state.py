"""Multisuit's numbers, state, events and actions, and setting up a session.

Four players in two partnerships (North-South against East-West; seats 0..3 run
clockwise, so "the player on the left" is the next seat). A deal is: 9 cards each, a
simultaneous exchange of three cards with partner, then nine tricks. Modes: the
``rubber`` (the default: games until a team has won the rubber's games, as the source
has it), ``game`` (variant one-game: deals until a team has the target points) and
``deal`` (variant single-deal: one deal, the unit a designer may simulate).

Conventions (the same in every game package):

- a **card** is its row in the deck file (0-based); a hand is a bitmask over rows, so
  following suit is a couple of ``&`` operations. Ranks are held as strengths 1..n in
  the order content lists them (``Numbers.ranks``, lowest first), 0 for the hyphen;
- an **action** is a verb tuple, built once below: ``("give", card)``,
  ``("lead", card, suit)`` (suit 0 spades, 1 diamonds, 2 clubs: the deck file's
  columns), ``("play", card)``;
- **events** are one NamedTuple per kind, newest first in an ``Events`` list;
- **chance is data**: the first dealer and every deal's shuffled order are drawn from
  the seed in ``new_game`` and stored in ``State.orders``; ``setup`` may fix them.

Every number comes from content: the ``data:`` block of game.yaml (:class:`Numbers`),
the deck file (``generator.content.deck``) and the deck's per-suit counts
(``generator.content.deck_rules``); :class:`Table` holds what derives from them.
"""

from __future__ import annotations

import random
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Annotated, Any, Iterable, Iterator, Mapping, NamedTuple, Sequence

from ...content.deck import RANK_VALUES, SUITS
from ...content.record import AtLeast, Invalid, Loc, NotEmpty, parse, record
from ...rules.base import Events, Result, SetupError, implements
from ...rules.cards import bits

if TYPE_CHECKING:
    from ...content.schema import GameContent

#: Players, always four: two partnerships sitting opposite.
SEATS = 4
#: The partnerships as the result's details name them (North and South are seats 0, 2).
TEAMS: tuple[str, ...] = ("North-South", "East-West")
#: Cards each player sets aside for the exchange.
EXCHANGE_SIZE = 3
EXCHANGE, TRICKS, OVER = 0, 1, 2
#: Variant ids (``--variant``) and the mode each plays; without one, the rubber (the game
#: as the source describes it: several deals make a game, two games win the rubber).
MODES: dict[str, str] = {"one-game": "game", "single-deal": "deal"}

# --- the numbers content states --------------------------------------------------------


@record
class RubberGames:
    """Games that win the rubber, and the most games a rubber can take."""

    win: Annotated[int, AtLeast(1)]
    best_of: Annotated[int, AtLeast(1)]


@record
class Numbers:
    """The ``data:`` block of content/multisuit/game.yaml, and what follows from it.

    The engine (``engine.make``) and the printed faces both read this one record, so a
    number changed in content changes both."""

    #: rank labels as the faces print them, lowest first (4 5 6 7 8 9 10 J Q K A)
    ranks: Annotated[tuple[str, ...], NotEmpty()]
    deck_size: Annotated[int, AtLeast(SEATS)]
    #: the marker cards, one per suit of the deck
    markers: Annotated[tuple[str, ...], NotEmpty()]
    #: points that win a game
    target_points: Annotated[int, AtLeast(1)]
    rubber_games: RubberGames

    def _problems(self) -> Iterator[tuple[Loc, str]]:
        unknown = [label for label in self.ranks if label not in RANK_VALUES]
        if unknown:
            yield ("ranks",), f"{unknown} cannot be written in a deck file (ranks are {', '.join(RANK_VALUES)})"
        if len(set(self.ranks)) != len(self.ranks):
            yield ("ranks",), "a rank is listed twice"
        if self.deck_size % SEATS or self.deck_size > MAX_CARDS:
            yield ("deck_size",), f"must deal evenly to {SEATS} players and be at most {MAX_CARDS} cards"
        if sorted(self.markers) != sorted(SUITS):
            yield ("markers",), f"one marker per suit of the deck: {', '.join(SUITS)}"

    @classmethod
    def from_content(cls, content: GameContent) -> Numbers:
        """The numbers of a game's content; SetupError says what is wrong with them."""
        try:
            return parse(cls, content.data)
        except Invalid as exc:
            raise SetupError(f"{content.slug}: data: {exc}") from None

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: the whole deck, shared out."""
        return self.deck_size // SEATS

    @property
    def tricks_per_deal(self) -> int:
        return self.hand_size

    @property
    def book(self) -> int:
        """Tricks that score nothing (four of nine): one point per trick beyond them."""
        return self.tricks_per_deal // 2

    @cached_property
    def strength(self) -> dict[int, int]:
        """A deck file's rank value (``generator.content.deck``) -> its strength here,
        1 for the lowest rank content lists."""
        return {RANK_VALUES[label]: n for n, label in enumerate(self.ranks, start=1)}


def variants(numbers: Numbers) -> dict[str, str]:
    """Variant id -> what it plays, in the numbers of this content (without a variant:
    the rubber)."""
    return {
        "one-game": f"one game: deals until a team reaches {numbers.target_points} points",
        "single-deal": "one deal on its own, scored as usual",
    }


@implements("play-a-rubber", "one-game", "single-deal")
def game_mode(chosen: Sequence[str]) -> str:
    """'rubber' (no variant: the game itself), 'game' (one-game) or 'deal'
    (single-deal); unknown ids, and both at once, are refused."""
    unknown = [v for v in chosen if v not in MODES]
    if unknown:
        raise SetupError(f"unknown Multisuit variant(s) {unknown}; known: {', '.join(MODES)}")
    modes = {MODES[v] for v in chosen}
    if len(modes) > 1:
        raise SetupError("choose one of one-game and single-deal: each is a shorter session than the rubber")
    return modes.pop() if modes else "rubber"


@implements("play-time-estimate")
def deals_at_most(numbers: Numbers, mode: str) -> int:
    """Most deals a mode can take (what our play-time estimate rests on): each deal
    gives one team at least a point, so a game to 5 lasts at most 4 + 4 + 1 deals, and
    a rubber to two games at most three games."""
    game = 2 * (numbers.target_points - 1) + 1
    if mode == "deal":
        return 1
    return game if mode == "game" else (2 * numbers.rubber_games.win - 1) * game


# --- seats and teams --------------------------------------------------------------------


@implements("partnerships")
def team_of(seat: int) -> int:
    """0 for North and South, 1 for East and West: partners sit opposite."""
    return seat & 1


def partner(seat: int) -> int:
    return (seat + 2) & 3


@implements("order-of-play")
def next_seat(seat: int) -> int:
    """The player on ``seat``'s left: play and the deal both move clockwise."""
    return (seat + 1) & 3


# --- actions ------------------------------------------------------------------------------

#: ``("give", card)`` | ``("lead", card, suit)`` | ``("play", card)``
Action = tuple[Any, ...]

#: Hands are read CHUNK cards at a time: every subset of a chunk has its actions ready,
#: so listing a hand's actions is four lookups instead of a loop over its cards.
CHUNK, CHUNKS = 9, 4
MAX_CARDS = CHUNK * CHUNKS

GIVE: tuple[Action, ...] = tuple(("give", c) for c in range(MAX_CARDS))
PLAY: tuple[Action, ...] = tuple(("play", c) for c in range(MAX_CARDS))
LEAD: tuple[tuple[Action, ...], ...] = tuple(tuple(("lead", c, s) for c in range(MAX_CARDS)) for s in range(len(SUITS)))

Chunks = tuple[tuple[tuple[Action, ...], ...], ...]


def _chunked(per_card: list[tuple[Action, ...]]) -> Chunks:
    """For each chunk of CHUNK cards, subset mask -> the actions of those cards in order."""
    chunks = []
    for k in range(CHUNKS):
        subsets: list[tuple[Action, ...]] = [()]
        for mask in range(1, 1 << CHUNK):
            low = mask & -mask
            card = k * CHUNK + low.bit_length() - 1
            mine = per_card[card] if card < len(per_card) else ()
            subsets.append(mine + subsets[mask ^ low])
        chunks.append(tuple(subsets))
    return tuple(chunks)


def chunk_actions(chunks: Chunks, mask: int) -> list[Action]:
    """The actions of every card in ``mask``, lowest card first."""
    c0, c1, c2, c3 = chunks
    return [*c0[mask & 511], *c1[mask >> 9 & 511], *c2[mask >> 18 & 511], *c3[mask >> 27]]


#: Card numbers in a hand mask, lowest first.
cards_of = bits


# --- the deck -----------------------------------------------------------------------------

#: One card as a deck file holds it: its id and its rank value in each suit
#: (``generator.content.deck``: 4..14, None for the hyphen), in the deck's suit order.
DeckCard = tuple[Any, tuple[int | None, ...]]
#: What each suit must hold of some ranks, as (rank label, count) pairs (deck-rules.yaml).
MakeUp = tuple[tuple[str, int], ...]


def normalise_deck(cards: Iterable[Any]) -> tuple[DeckCard, ...]:
    """Accept ``(id, ranks)`` pairs or objects with ``.id`` and ``.ranks`` (the deck
    reader's Card), giving plain hashable pairs."""
    out: list[DeckCard] = []
    for card in cards:
        ident, ranks = (card.id, card.ranks) if hasattr(card, "ranks") else card
        ranks = tuple(None if r in (None, 0) else int(r) for r in ranks)
        if len(ranks) != len(SUITS):
            raise SetupError(f"card {ident!r} must have a rank (or None) for each of spades, diamonds, clubs")
        out.append((ident, ranks))
    return tuple(out)


@implements("the-deck", "deck-make-up", "always-a-lead")
def check_deck(numbers: Numbers, make_up: MakeUp, deck: Sequence[DeckCard]) -> None:
    """Refuse a deck the rules do not describe: the content's number of cards, unique
    ids, ranks the game has, at least one rank per card (so every card can be led), and
    in each suit the counts deck-rules.yaml states (2 aces, 4 kings, 1 queen, 4 jacks)."""
    problems: list[str] = []
    if len(deck) != numbers.deck_size:
        problems.append(f"the deck has {len(deck)} cards, the rules need {numbers.deck_size}")
    ids = [ident for ident, _ in deck]
    if len(set(ids)) != len(ids):
        problems.append("card ids repeat")
    for ident, ranks in deck:
        if all(r is None for r in ranks):
            problems.append(f"card {ident!r} has no rank in any suit")
        bad = [r for r in ranks if r is not None and r not in numbers.strength]
        if bad:
            problems.append(f"card {ident!r} has ranks outside {numbers.ranks[0]}..{numbers.ranks[-1]}: {bad}")
    for s, suit in enumerate(SUITS):
        for label, need in make_up:
            have = sum(1 for _, ranks in deck if ranks[s] == RANK_VALUES[label])
            if have != need:
                problems.append(f"{suit} has {have} × {label}, the rules need {need}")
    if problems:
        raise SetupError("not a Multisuit deck: " + "; ".join(problems))


class Table:
    """Everything derived from one deck and the game's numbers, built once and shared
    by reference by every state that plays with that deck.

    ``rank[s][c]`` is card c's strength in suit s (0 = hyphen); ``in_suit[s]`` the mask
    of cards with a rank in s; ``at_least[s][r]`` the mask of cards whose strength in s
    is r or more, which is exactly the "match or beat the best so far" set. The actions
    of every subset of cards are ready in the chunks, so ``legal_actions`` picks them
    out instead of building them.
    """

    def __init__(self, numbers: Numbers, deck: tuple[DeckCard, ...], make_up: MakeUp = ()) -> None:
        self.numbers = numbers
        self.make_up = make_up
        self.deck = deck
        self.size = len(deck)
        if self.size > MAX_CARDS:
            raise SetupError(f"a deck of {self.size} cards is too large (at most {MAX_CARDS})")
        self.full = (1 << self.size) - 1
        self.ids = tuple(ident for ident, _ in deck)
        self.index = {ident: c for c, ident in enumerate(self.ids)}
        strength = numbers.strength
        try:
            self.rank = tuple(tuple(0 if r is None else strength[r] for r in (ranks[s] for _, ranks in deck))
                              for s in range(len(SUITS)))
        except KeyError as exc:
            raise SetupError(f"rank {exc.args[0]!r} is not one of the game's ranks ({', '.join(numbers.ranks)})") from None
        self.tricks_per_deal = numbers.tricks_per_deal
        self.in_suit = tuple(sum(1 << c for c in range(self.size) if self.rank[s][c]) for s in range(len(SUITS)))
        self.at_least = tuple(
            tuple(sum(1 << c for c in range(self.size) if self.rank[s][c] >= max(r, 1))
                  for r in range(len(numbers.ranks) + 2))
            for s in range(len(SUITS))
        )
        #: cards with the same three ranks are the same card in play; only the first
        #: of such twins is offered, so every action's text names exactly one action.
        self.same = tuple((self.rank[0][c], self.rank[1][c], self.rank[2][c]) for c in range(self.size))
        self.has_twins = len(set(self.same)) != self.size
        self.give_chunks = _chunked([(GIVE[c],) for c in range(self.size)])
        self.play_chunks = _chunked([(PLAY[c],) for c in range(self.size)])
        self.lead_chunks = _chunked([tuple(LEAD[s][c] for s in range(len(SUITS)) if self.rank[s][c])
                                     for c in range(self.size)])


@lru_cache(maxsize=8)
def table_for(numbers: Numbers, deck: tuple[DeckCard, ...], make_up: MakeUp = ()) -> Table:
    """The (shared) table of ``deck`` under ``numbers``."""
    return Table(numbers, deck, make_up)


# --- events: the log's raw material ------------------------------------------------------


class Dealt(NamedTuple):
    deal: int  # 0 for the first deal of the session
    dealer: int


class SetAside(NamedTuple):
    """A card set face down for the exchange (only its owner knows which)."""

    seat: int
    card: int


class Exchanged(NamedTuple):
    """The cards set aside, as one mask per seat, handed to the partners together."""

    given: tuple[int, ...]


class Led(NamedTuple):
    seat: int
    card: int
    suit: int


class Played(NamedTuple):
    """A follow: the card's strength in the trick's suit, against the best so far."""

    seat: int
    card: int
    rank: int
    best: int
    suit: int


class TrickWon(NamedTuple):
    seat: int
    suit: int
    rank: int
    #: won because equal ranks go to the later card
    tie: bool
    #: (seat, card) in the order played
    trick: tuple[tuple[int, int], ...]


class DealScored(NamedTuple):
    team: int
    scored: int
    tricks: tuple[int, int]
    #: the teams' points after the deal
    points: tuple[int, int]


class GameWon(NamedTuple):
    team: int
    points: tuple[int, int]
    games: tuple[int, int]


class RubberWon(NamedTuple):
    team: int
    games: tuple[int, int]


Event = Dealt | SetAside | Exchanged | Led | Played | TrickWon | DealScored | GameWon | RubberWon

# --- the state ------------------------------------------------------------------------------


class State(NamedTuple):
    """One moment of a Multisuit session; never mutated (``apply`` builds a new one)."""

    #: the deck's lookups and the game's numbers (shared by every state of a session)
    table: Table
    mode: str
    phase: int
    to_move: int
    dealer: int
    #: cards in each seat's hand (bitmask over card numbers)
    hands: tuple[int, ...]
    #: cards each seat has set face down for the exchange, not yet handed over
    given: tuple[int, ...]
    leader: int
    #: the trick's suit, -1 before the lead
    suit: int
    #: (seat, card) in the order played to the current trick
    trick: tuple[tuple[int, int], ...]
    #: the best so far: highest strength in the trick's suit played to this trick
    best: int
    best_seat: int
    #: tricks taken this deal, and the cards in each team's pile
    tricks: tuple[int, int]
    won: tuple[int, int]
    points: tuple[int, int]
    games: tuple[int, int]
    deal_no: int
    #: the shuffled deck order of every deal, drawn from the seed up front
    orders: tuple[tuple[int, ...], ...]
    events: Events


_PHASE = State._fields.index("phase")
_TO_MOVE = State._fields.index("to_move")
_DEALER = State._fields.index("dealer")
_HANDS = State._fields.index("hands")
_GIVEN = State._fields.index("given")
_LEADER = State._fields.index("leader")
_SUIT = State._fields.index("suit")
_TRICK = State._fields.index("trick")
_BEST = State._fields.index("best")
_BEST_SEAT = State._fields.index("best_seat")
_TRICKS = State._fields.index("tricks")
_WON = State._fields.index("won")
_DEAL_NO = State._fields.index("deal_no")
_EVENTS = State._fields.index("events")

# --- setting up -------------------------------------------------------------------------------


@implements("shuffle-and-deal", "dealing-order")
def deal_hands(dealer: int, order: Sequence[int]) -> tuple[int, int, int, int]:
    """Deal ``order`` one card at a time, clockwise from the dealer's left."""
    hands = [0, 0, 0, 0]
    seat = dealer
    for card in order:
        seat = (seat + 1) & 3
        hands[seat] |= 1 << card
    return hands[0], hands[1], hands[2], hands[3]


@implements("play-a-deal")
def start_deal(state: State, dealer: int, deal_no: int) -> State:
    """Shuffle-and-deal: the stored order for this deal, a hand each; the exchange
    starts with the player on the dealer's left."""
    first = next_seat(dealer)
    f = list(state)
    f[_PHASE], f[_TO_MOVE], f[_DEALER], f[_LEADER] = EXCHANGE, first, dealer, first
    f[_HANDS] = deal_hands(dealer, state.orders[deal_no])
    f[_GIVEN] = (0, 0, 0, 0)
    f[_SUIT], f[_TRICK], f[_BEST], f[_BEST_SEAT] = -1, (), 0, -1
    f[_TRICKS], f[_WON], f[_DEAL_NO] = (0, 0), (0, 0), deal_no
    f[_EVENTS] = (Dealt(deal_no, dealer), state.events)
    return tuple.__new__(State, f)


def _seat(value: Any, what: str) -> int:
    if type(value) is not int or not 0 <= value < SEATS:
        raise SetupError(f"{what}: {value!r} is not a seat (0..{SEATS - 1})")
    return value


def _order(table: Table, ids: Sequence[Any], what: str) -> tuple[int, ...]:
    try:
        order = tuple(table.index[i] for i in ids)
    except KeyError as exc:
        raise SetupError(f"{what}: no card with id {exc.args[0]!r} in the deck") from None
    if sorted(order) != list(range(table.size)):
        raise SetupError(f"{what}: must list every card of the deck exactly once")
    return order


def _setup_hands(table: Table, hands: Mapping[int, Sequence[Any]]) -> tuple[int, int, int, int]:
    masks = [0, 0, 0, 0]
    size = table.numbers.hand_size
    for seat, ids in hands.items():
        index = _seat(seat, "hands")
        masks[index] = sum(1 << table.index[i] for i in ids if i in table.index)
        if len(ids) != size or masks[index].bit_count() != size:
            raise SetupError(f"hands: seat {seat} must get {size} different cards of the deck")
    if sum(masks) != table.full or len(hands) != SEATS:
        raise SetupError("hands: the four hands must share out the whole deck")
    return masks[0], masks[1], masks[2], masks[3]


@implements("first-dealer", "deck-not-in-source")
def new_game(table: Table, players: int | None = None, chosen: Sequence[str] = (), seed: int = 0,
             setup: Mapping[str, Any] | None = None) -> State:
    """A new session at the start of the first deal's exchange, with ``table``'s deck.

    ``setup`` may give ``deck`` (another deck to play, as (id, ranks) pairs or deck
    file cards; it is checked against the rules), ``dealer`` (a seat number),
    ``orders`` (one shuffled order of card ids per deal), ``deck_order`` (the first
    deal's order) or ``hands`` ({seat number: card ids}). Anything not given is drawn
    from ``random.Random(seed)``.
    """
    if players not in (None, SEATS):
        raise SetupError(f"Multisuit is for exactly {SEATS} players, not {players}")
    mode = game_mode(chosen)
    setup = setup or {}
    if "deck" in setup:
        deck = normalise_deck(setup["deck"])
        check_deck(table.numbers, table.make_up, deck)
        table = table_for(table.numbers, deck, table.make_up)
    rng = random.Random(seed)
    dealer = _seat(setup["dealer"], "dealer") if "dealer" in setup else rng.randrange(SEATS)
    given = [_order(table, o, f"orders[{i}]") for i, o in enumerate(setup.get("orders", ()))]
    if "deck_order" in setup:
        given[:1] = [_order(table, setup["deck_order"], "deck_order")]
    size = table.size
    deals = deals_at_most(table.numbers, mode)
    orders = tuple(given) + tuple(tuple(rng.sample(range(size), size)) for _ in range(deals - len(given)))
    state = State(table, mode, EXCHANGE, 0, dealer, (0, 0, 0, 0), (0, 0, 0, 0), 0, -1, (), 0, -1,
                  (0, 0), (0, 0), (0, 0), (0, 0), -1, orders, None)
    state = start_deal(state, dealer, 0)
    if "hands" in setup:
        f = list(state)
        f[_HANDS] = _setup_hands(table, setup["hands"])
        state = tuple.__new__(State, f)
    return state


# --- scoring ---------------------------------------------------------------------------------


def standing(state: State) -> tuple[int, int]:
    """What each team has in the mode's own currency: deal points, game points or games."""
    return state.games if state.mode == "rubber" else state.points


def result(state: State) -> Result:
    """Scores per seat (deal points, game points or games won, by mode), teams ranked."""
    ns, ew = standing(state)
    if state.mode == "deal" and state.phase != OVER:
        ns, ew = state.tricks
    scores = (float(ns), float(ew), float(ns), float(ew))
    if ns == ew:
        ranking: tuple[tuple[int, ...], ...] = ((0, 1, 2, 3),)
    else:
        ranking = ((0, 2), (1, 3)) if ns > ew else ((1, 3), (0, 2))
    details = {"tricks": {TEAMS[0]: state.tricks[0], TEAMS[1]: state.tricks[1]},
               "points": {TEAMS[0]: state.points[0], TEAMS[1]: state.points[1]},
               "games": {TEAMS[0]: state.games[0], TEAMS[1]: state.games[1]},
               "deals": state.deal_no + 1, "mode": state.mode}
    return Result(scores, ranking, details)
