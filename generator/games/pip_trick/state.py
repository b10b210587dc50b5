"""Pip Trick's numbers, its immutable state, its events, setting up a game and scoring it.

Cards are ints 0..51, ``suit * 13 + rank_index`` with the suits numbered as the content's
``suits:`` list (hearts, diamonds, spades, clubs) and rank index 0 the 2, 12 the ace; a
hand is a 52-bit mask (13 bits per suit). Each seat's four dice live in flat tuples
(``dice[4 * seat + d]``, pips 1-6) with a status per die: available, used or locked.
The state is a NamedTuple, so it cannot be mutated; it carries its :class:`Numbers`.

Every number ``game.yaml`` states in its ``data:`` block (start dice, trump order,
rounds, active dice per round, tie-break order) is read from there into ``Numbers``;
nothing here repeats them.

Chance is data: the rounds' deck orders and the first dealer are drawn from the seed in
``new_game`` and stored in the state (``setup`` can replace any of them), so a test or a
worked example can fix every deal.
"""

from __future__ import annotations

import random
from functools import cached_property
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping, NamedTuple, Sequence

from ...content.record import record
from ...content.record import parse as parse_record
from ...rules.base import Events, Result, SetupError, implements
from ...rules.chance import shuffle

if TYPE_CHECKING:
    from ...content.schema import GameContent

# --- what the cards and dice are --------------------------------------------------------

#: the suits in the order of the content's ``suits:`` list: a card's suit is its index
SUITS = ("hearts", "diamonds", "spades", "clubs")
HEARTS, DIAMONDS, SPADES, CLUBS = range(4)
RANKS = 13
DECK = 52
#: dice per player (the mat's four slots)
DICE = 4

VARIANTS = {
    "easier-start": "every player starts with four dice showing 4 (the source's Easier Start)",
    "middle-die-exempt": "a 6 cannot be chosen for hearts nor a 1 for diamonds; with no such die, no action",
}

# die status
AVAILABLE, USED, LOCKED = 0, 1, 2
# phases
PLAY, CHANGE, LOCK, OVER = 0, 1, 2, 3
#: a face-down card in a trick is stored as card + DOWN
DOWN = 64
SUIT_BITS = tuple(((1 << RANKS) - 1) << (RANKS * s) for s in range(4))
ALL_CARDS = (1 << DECK) - 1


# --- the game's numbers, from content ---------------------------------------------------


@record
class SuitPower:
    """What one suit does in the middle, as the player mat prints it."""

    name: str
    effect: str


@record
class Numbers:
    """The ``data:`` block of ``content/pip-trick/game.yaml``: the one source of the
    numbers the engine plays by and the player mat prints."""

    trump_order: tuple[str, ...]
    start_dice: tuple[int, ...]
    easier_start_dice: tuple[int, ...]
    rounds: int
    active_dice_by_round: tuple[int, ...]
    suit_powers: dict[str, SuitPower]
    tie_break_order: tuple[int, ...]

    @classmethod
    def from_content(cls, content: GameContent) -> Numbers:
        """The numbers of a loaded game (``record.Invalid`` lists every problem)."""
        if content.suit_names != SUITS:
            raise SetupError(f"Pip Trick's suits are {', '.join(SUITS)} in that order, not {list(content.suit_names)}")
        return parse_record(cls, content.data)

    def __hash__(self) -> int:  # a State holding these numbers stays hashable
        return hash((self.trump_order, self.start_dice, self.easier_start_dice, self.rounds,
                     self.active_dice_by_round, tuple(self.suit_powers.items()), self.tie_break_order))

    @cached_property
    def trumps(self) -> tuple[int, ...]:
        """Trump suit (index) of each round, from ``trump_order``."""
        return tuple(SUITS.index(name) for name in self.trump_order)

    def _problems(self) -> Iterator[tuple[tuple[str | int, ...], str]]:
        """What the rules need of these numbers: one die locked per round, so as many
        rounds as dice at most, one trump per round, pips 1-6."""
        for name in ("start_dice", "easier_start_dice"):
            dice = getattr(self, name)
            if len(dice) != DICE or not all(1 <= v <= 6 for v in dice):
                yield (name,), f"four pips from 1 to 6, got {list(dice)}"
        if not 1 <= self.rounds <= DICE:
            yield ("rounds",), f"a player locks one of {DICE} dice per round, so 1 to {DICE} rounds, got {self.rounds}"
        if len(self.trump_order) != self.rounds or not set(self.trump_order) <= set(SUITS):
            yield ("trump_order",), f"one of {', '.join(SUITS)} for each of the {self.rounds} rounds"
        if list(self.active_dice_by_round) != [DICE - r for r in range(self.rounds)]:
            yield ("active_dice_by_round",), f"one die fewer each round: {[DICE - r for r in range(self.rounds)]}"
        if sorted(self.tie_break_order) != [1, 2, 3, 4, 5, 6]:
            yield ("tie_break_order",), "each pip value 1-6 once"
        if sorted(self.suit_powers) != sorted(SUITS):
            yield ("suit_powers",), f"one power for each of {', '.join(SUITS)}"


# --- actions: plain tuples, a verb then ints, made once ----------------------------------

#: ``("play", card)``, ``("down", card)``, ``("raise"|"lower"|"flip", die)``,
#: ``("swap", available die, used die)``, ``("pass",)``, ``("lock", die)``
Action = tuple[Any, ...]

PLAY_UP = tuple(("play", c) for c in range(DECK))
PLAY_DOWN = tuple(("down", c) for c in range(DECK))
RAISE = tuple(("raise", d) for d in range(DICE))
LOWER = tuple(("lower", d) for d in range(DICE))
FLIP = tuple(("flip", d) for d in range(DICE))
SWAP = {(a, u): ("swap", a, u) for a in range(DICE) for u in range(DICE) if a != u}
PASS = ("pass",)
LOCK_DIE = tuple(("lock", d) for d in range(DICE))


# --- events: what happened, one record per kind (the log's raw material) -----------------


class CardPlayed(NamedTuple):
    seat: int
    card: int
    down: bool
    lead: bool


class TrickRanked(NamedTuple):
    #: ((seat, card code), ...) from first place to last (face down: code >= DOWN)
    ranking: tuple[tuple[int, int], ...]
    trump: int


class NoDieAction(NamedTuple):
    """A middle place that does nothing; ``reason`` is face-down, no-used-die or exempt."""

    seat: int
    place: int
    card: int
    reason: str


class DieChanged(NamedTuple):
    seat: int
    place: int
    die: int
    verb: str
    before: int
    after: int


class NewCycle(NamedTuple):
    seat: int


class DiceSwapped(NamedTuple):
    seat: int
    place: int
    available: int
    used: int
    available_pips: int
    used_pips: int


class ClubsPassed(NamedTuple):
    seat: int
    place: int


class RoundEnded(NamedTuple):
    round: int


class DieLocked(NamedTuple):
    seat: int
    die: int
    pips: int


class RoundStarted(NamedTuple):
    round: int
    dealer: int


class GameOver(NamedTuple):
    pass


Event = (CardPlayed | TrickRanked | NoDieAction | DieChanged | NewCycle | DiceSwapped | ClubsPassed | RoundEnded
         | DieLocked | RoundStarted | GameOver)


# --- the state ---------------------------------------------------------------------------


class State(NamedTuple):
    """Everything about a game in progress; immutable. Seats are 0..n-1 clockwise."""

    numbers: Numbers
    players: int
    exempt: bool  # variant middle-die-exempt in force
    round: int  # 0..rounds-1
    dealer: int
    decks: tuple[tuple[int, ...], ...]  # the deck order for each round
    hands: tuple[int, ...]  # card bitmask per seat
    set_aside: int  # bitmask of cards out of play this round
    leader: int  # who leads the current trick (or the next, between tricks)
    trick: tuple[int, ...]  # cards played so far this trick (face down: + DOWN)
    shown: int  # 4-bit mask of suits played face up this trick
    phase: int
    pending: tuple[Any, ...]  # CHANGE: ((seat, suit, place), ...); LOCK: (seat, ...)
    dice: tuple[int, ...]  # pips, 4 per seat
    status: tuple[int, ...]  # AVAILABLE / USED / LOCKED, 4 per seat
    tricks: tuple[int, ...]  # tricks won this round, per seat
    last: tuple[tuple[int, int], ...]  # the last completed trick's ranking: ((seat, card code), ...)
    history: Events  # the actions so far, newest first (the log replays them)
    start: State | None  # the state this game started from (for replaying the log)

    def __repr__(self) -> str:
        hands = " ".join(f"{bin(h).count('1')}" for h in self.hands)
        return (f"<Pip Trick round {self.round + 1} phase {self.phase} leader {self.leader} trick {self.trick} "
                f"cards {hands} dice {self.dice} status {self.status} pending {self.pending}>")


# --- setting up ---------------------------------------------------------------------


def card_bits(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def hand_size(players: int) -> int:
    """The whole deck shared out as evenly as it goes: 13 each with four, 17 with three."""
    return DECK // players


@implements("deal", "three-player-leftover", "play-time-estimate")
def deal(deck: Sequence[int], players: int, dealer: int) -> tuple[tuple[int, ...], int]:
    """Rule ``deal``: one card at a time clockwise from the dealer's left; with three
    players the 52nd card stays out of play (ruling ``three-player-leftover``). The
    hand size is the number of tricks in a round, which with the rounds is what the
    ``play-time-estimate`` rests on."""
    hands = [0] * players
    size = hand_size(players)
    for i in range(size * players):
        hands[(dealer + 1 + i) % players] |= 1 << deck[i]
    return tuple(hands), card_bits(deck[size * players:])


@implements("give-dice", "easier-start")
def start_dice(numbers: Numbers, variants: Iterable[str]) -> tuple[int, ...]:
    """Rule ``give-dice``: the content's start dice (2, 3, 4, 5), or its easier-start
    dice (four 4s) with the ``easier-start`` variant."""
    return numbers.easier_start_dice if "easier-start" in variants else numbers.start_dice


def check_variants(variants: Iterable[str]) -> frozenset[str]:
    chosen = frozenset(variants)
    unknown = sorted(chosen - set(VARIANTS))
    if unknown:
        raise SetupError(f"unknown Pip Trick variant(s) {', '.join(unknown)}; known: {', '.join(VARIANTS)}")
    return chosen


@implements("choose-dealer")
def new_game(numbers: Numbers, players: int | None = None, variants: Sequence[str] = (), seed: int = 0,
             setup: Mapping[str, Any] | None = None) -> State:
    """A new game: the seed picks the first dealer and shuffles a deck for each round.

    ``setup`` may fix any of it: ``dealer`` (seat) or ``leader`` (the seat that leads
    first; the dealer is then on its right), ``decks`` (a deck order of 52 card numbers
    per round, dealt from the dealer's left), ``hands`` (round 1's hands, a list of card
    numbers per seat; what no hand holds is set aside) and ``dice`` (four pips for every
    seat, or one list of four per seat).
    """
    n = 4 if players is None else players
    if n not in (3, 4):
        raise SetupError(f"Pip Trick is for 3 or 4 players, not {n}")
    chosen = check_variants(variants)
    setup = dict(setup or {})
    rng = random.Random(seed)
    dealer = rng.randrange(n)
    decks = []
    for _ in range(numbers.rounds):
        deck = list(range(DECK))
        shuffle(deck, rng)  # rng.shuffle's order, faster
        decks.append(tuple(deck))
    dealer = int(setup.pop("dealer", dealer)) % n
    if "leader" in setup:
        dealer = (int(setup.pop("leader")) - 1) % n
    for index, deck in enumerate(setup.pop("decks", [])):
        if sorted(deck) != list(range(DECK)):
            raise SetupError(f"deck for round {index + 1} must hold each of the 52 cards once")
        decks[index] = tuple(deck)
    dice = _setup_dice(setup.pop("dice", None), n, start_dice(numbers, chosen))
    given_hands = setup.pop("hands", None)
    if setup:
        raise SetupError(f"unknown setup key(s): {', '.join(sorted(setup))}")
    hands, aside = deal(decks[0], n, dealer) if given_hands is None else _setup_hands(given_hands, n)
    state = State(numbers, n, "middle-die-exempt" in chosen, 0, dealer, tuple(decks), hands, aside, (dealer + 1) % n,
                  (), 0, PLAY, (), dice, (AVAILABLE,) * (DICE * n), (0,) * n, (), None, None)
    return state._replace(start=state)


def _setup_hands(given: Any, n: int) -> tuple[tuple[int, ...], int]:
    """Round 1's hands as given: a full hand for each seat, no card twice."""
    rows = [list(row) for row in given]
    size = hand_size(n)
    if len(rows) != n or any(len(row) != size for row in rows):
        raise SetupError(f"hands: {n} players hold {size} cards each")
    cards = [c for row in rows for c in row]
    if len(set(cards)) != len(cards) or not all(isinstance(c, int) and 0 <= c < DECK for c in cards):
        raise SetupError("hands: every card is a number 0-51 and appears once")
    hands = tuple(card_bits(row) for row in rows)
    return hands, ALL_CARDS ^ card_bits(cards)


def _setup_dice(given: Any, n: int, default: tuple[int, ...]) -> tuple[int, ...]:
    if given is None:
        return default * n
    rows = [given] * n if given and isinstance(given[0], int) else list(given)
    if len(rows) != n or any(len(row) != DICE or not all(1 <= v <= 6 for v in row) for row in rows):
        raise SetupError("dice must be four pips from 1 to 6, for every player")
    return tuple(int(v) for row in rows for v in row)


# --- scoring ------------------------------------------------------------------------


def locked_pips(s: State, seat: int) -> list[int]:
    base = DICE * seat
    return [s.dice[base + d] for d in range(DICE) if s.status[base + d] == LOCKED]


@implements("final-score", "ties")
def score_key(pips: Sequence[int], tie_break_order: Sequence[int]) -> tuple[int, ...]:
    """Rules ``final-score`` and ``ties``: the total, then how many of each pip value in
    the content's tie-break order (6s, 5s, ... 1s)."""
    return (sum(pips),) + tuple(pips.count(v) for v in tie_break_order)


@implements("end-of-game")
def result(s: State) -> Result:
    """Scores are the locked pips (partial before the end); the ranking groups seats
    whose totals and tie-break counts are all equal (a shared place)."""
    order = s.numbers.tie_break_order
    keys = [score_key(locked_pips(s, seat), order) for seat in range(s.players)]
    groups: dict[tuple[int, ...], list[int]] = {}
    for seat, key in enumerate(keys):
        groups.setdefault(key, []).append(seat)
    ranking = tuple(tuple(groups[k]) for k in sorted(groups, reverse=True))
    top = [keys[seat] for seat in range(s.players) if keys[seat][0] == keys[ranking[0][0]][0]]
    details = {
        "locked": tuple(tuple(locked_pips(s, seat)) for seat in range(s.players)),
        "tie_break_used": len(top) > 1,
        "shared_victory": len(ranking[0]) > 1,
    }
    return Result(tuple(float(k[0]) for k in keys), ranking, details)
