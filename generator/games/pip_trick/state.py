"""Pip Trick's numbers, its immutable state, setting up a game and scoring it.

Cards are ints 0..51 (``suit * 13 + rank - 2``; suits in trump order: hearts, diamonds,
spades, clubs), a hand is a 52-bit mask, and each seat's four dice live in flat tuples
(``dice[4 * seat + d]``) with a status per die: available, used or locked. The state is
a NamedTuple, so it cannot be mutated.

Chance is data: the four rounds' deck orders and the first dealer are drawn from the
seed in ``new_game`` and stored in the state (``setup`` can replace any of them), so a
test or worked example can fix every deal.
"""

from __future__ import annotations

import random
from typing import Any, Iterable, Mapping, NamedTuple, Sequence

from ...rules.base import Result, SetupError

# --- the game's numbers -------------------------------------------------------------

SUITS = ("hearts", "diamonds", "spades", "clubs")
HEARTS, DIAMONDS, SPADES, CLUBS = range(4)
#: trump for rounds 1-4 (rule ``trump-order``): suit index == round index.
TRUMP_ORDER = (HEARTS, DIAMONDS, SPADES, CLUBS)
ROUNDS = 4
START_DICE = (2, 3, 4, 5)
EASIER_START_DICE = (4, 4, 4, 4)
ACTIVE_DICE_BY_ROUND = (4, 3, 2, 1)
TIE_BREAK_ORDER = (6, 5, 4, 3, 2, 1)
#: places (0 = first) that must change a die (``middle-four-players`` / ``-three-``).
MIDDLE_PLACES = {4: (1, 2), 3: (1,)}
HAND_SIZE = {4: 13, 3: 17}
SEATS = {4: ("North", "East", "South", "West"), 3: ("North", "East", "South")}

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
SUIT_BITS = tuple(0x1FFF << (13 * s) for s in range(4))
ALL_CARDS = (1 << 52) - 1

# --- actions: small hashable tuples, made once ----------------------------------------

PLAY_UP = tuple(("play", c) for c in range(52))
PLAY_DOWN = tuple(("down", c) for c in range(52))
RAISE = tuple(("raise", d) for d in range(4))
LOWER = tuple(("lower", d) for d in range(4))
FLIP = tuple(("flip", d) for d in range(4))
SWAP = {(a, u): ("swap", a, u) for a in range(4) for u in range(4) if a != u}
PASS = ("pass",)
LOCK_DIE = tuple(("lock", d) for d in range(4))
#: the die action each suit's power asks for (clubs handled apart)
POWER_ACTIONS = {HEARTS: RAISE, DIAMONDS: LOWER, SPADES: FLIP}


class SuitActions(dict):
    """Rank mask (13 bits) of one suit -> the actions on those cards, filled on first use
    so importing stays instant while random play soon reads every list from memory."""

    def __init__(self, actions: tuple, suit: int) -> None:
        super().__init__()
        self.actions = actions[13 * suit:13 * suit + 13]

    def __missing__(self, mask: int) -> tuple:
        found = self[mask] = tuple(self.actions[r] for r in range(13) if mask >> r & 1)
        return found


UP_TABLE = tuple(SuitActions(PLAY_UP, suit) for suit in range(4))
DOWN_TABLE = tuple(SuitActions(PLAY_DOWN, suit) for suit in range(4))
#: suits still allowed in a trick, by the 4-bit mask of suits shown face up
ALLOWED = tuple(sum(SUIT_BITS[s] for s in range(4) if not shown >> s & 1) for shown in range(16))


class State(NamedTuple):
    """Everything about a game in progress; immutable. Seats are 0..n-1 clockwise."""

    players: int
    exempt: bool  # variant middle-die-exempt in force
    round: int  # 0..3
    dealer: int
    decks: tuple[tuple[int, ...], ...]  # the deck order for each round
    hands: tuple[int, ...]  # card bitmask per seat
    set_aside: int  # bitmask of cards out of play this round
    leader: int  # who leads the current trick (or the next, between tricks)
    trick: tuple[int, ...]  # cards played so far this trick (face down: + DOWN)
    shown: int  # 4-bit mask of suits played face up this trick
    phase: int
    pending: tuple  # CHANGE: ((seat, suit, place), ...); LOCK: (seat, ...)
    dice: tuple[int, ...]  # pips, 4 per seat
    status: tuple[int, ...]  # AVAILABLE / USED / LOCKED, 4 per seat
    tricks: tuple[int, ...]  # tricks won this round, per seat
    last: tuple  # the last completed trick's ranking: ((seat, card code), ...)
    history: tuple | None  # (previous history, action) cons list
    start: "State | None"  # the state this game started from (for replaying the log)

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


def deal(deck: Sequence[int], players: int, dealer: int) -> tuple[tuple[int, ...], int]:
    """Rule ``deal``: one card at a time clockwise from the dealer's left; with three
    players the 52nd card stays out of play (ruling ``three-player-leftover``)."""
    hands = [0] * players
    size = HAND_SIZE[players]
    for i in range(size * players):
        hands[(dealer + 1 + i) % players] |= 1 << deck[i]
    return tuple(hands), card_bits(deck[size * players:])


def start_dice(variants: Iterable[str]) -> tuple[int, ...]:
    """Rule ``give-dice``: 2, 3, 4, 5 each, or four 4s with ``easier-start``."""
    return EASIER_START_DICE if "easier-start" in variants else START_DICE


def check_variants(variants: Iterable[str]) -> frozenset[str]:
    chosen = frozenset(variants)
    unknown = sorted(chosen - set(VARIANTS))
    if unknown:
        raise SetupError(f"unknown Pip Trick variant(s) {', '.join(unknown)}; known: {', '.join(VARIANTS)}")
    return chosen


def new_game(players: int | None = None, variants: Sequence[str] = (), seed: int = 0,
             setup: Mapping[str, Any] | None = None) -> State:
    """A new game: the seed picks the first dealer and shuffles a deck for each round.

    ``setup`` may fix any of it: ``dealer`` (seat) or ``leader`` (the seat that leads
    first; the dealer is then on its right), ``decks`` (up to four deck orders of 52 card
    numbers, dealt from the dealer's left), ``hands`` (round 1's hands, a list of card
    numbers per seat; what no hand holds is set aside) and ``dice`` (four pips for every
    seat, or one list of four per seat).
    """
    n = 4 if players is None else players
    if n not in HAND_SIZE:
        raise SetupError(f"Pip Trick is for 3 or 4 players, not {n}")
    chosen = check_variants(variants)
    setup = dict(setup or {})
    rng = random.Random(seed)
    dealer = rng.randrange(n)
    decks = []
    for _ in range(ROUNDS):
        deck = list(range(52))
        rng.shuffle(deck)
        decks.append(tuple(deck))
    dealer = int(setup.pop("dealer", dealer)) % n
    if "leader" in setup:
        dealer = (int(setup.pop("leader")) - 1) % n
    for index, deck in enumerate(setup.pop("decks", [])):
        if sorted(deck) != list(range(52)):
            raise SetupError(f"deck for round {index + 1} must hold each of the 52 cards once")
        decks[index] = tuple(deck)
    dice = _setup_dice(setup.pop("dice", None), n, start_dice(chosen))
    given_hands = setup.pop("hands", None)
    if setup:
        raise SetupError(f"unknown setup key(s): {', '.join(sorted(setup))}")
    hands, aside = deal(decks[0], n, dealer) if given_hands is None else _setup_hands(given_hands, n)
    state = State(n, "middle-die-exempt" in chosen, 0, dealer, tuple(decks), hands, aside, (dealer + 1) % n,
                  (), 0, PLAY, (), dice, (AVAILABLE,) * (4 * n), (0,) * n, (), None, None)
    return state._replace(start=state)


def _setup_hands(given: Any, n: int) -> tuple[tuple[int, ...], int]:
    """Round 1's hands as given: HAND_SIZE cards for each seat, no card twice."""
    rows = [list(row) for row in given]
    if len(rows) != n or any(len(row) != HAND_SIZE[n] for row in rows):
        raise SetupError(f"hands: {n} players hold {HAND_SIZE[n]} cards each")
    cards = [c for row in rows for c in row]
    if len(set(cards)) != len(cards) or not all(isinstance(c, int) and 0 <= c < 52 for c in cards):
        raise SetupError("hands: every card is a number 0-51 and appears once")
    hands = tuple(card_bits(row) for row in rows)
    return hands, ALL_CARDS ^ card_bits(cards)


def _setup_dice(given: Any, n: int, default: tuple[int, ...]) -> tuple[int, ...]:
    if given is None:
        return default * n
    rows = [given] * n if given and isinstance(given[0], int) else list(given)
    if len(rows) != n or any(len(row) != 4 or not all(1 <= v <= 6 for v in row) for row in rows):
        raise SetupError("dice must be four pips from 1 to 6, for every player")
    return tuple(int(v) for row in rows for v in row)


# --- scoring ------------------------------------------------------------------------


def locked_pips(s: State, seat: int) -> list[int]:
    base = 4 * seat
    return [s.dice[base + d] for d in range(4) if s.status[base + d] == LOCKED]


def score_key(pips: Sequence[int]) -> tuple[int, ...]:
    """Rules ``final-score`` and ``ties``: the total, then how many 6s, 5s, ... 1s."""
    return (sum(pips),) + tuple(pips.count(v) for v in TIE_BREAK_ORDER)


def result(s: State) -> Result:
    """Scores are the locked pips (partial before the end); the ranking groups seats
    whose totals and 6s-to-1s counts are all equal (a shared place)."""
    keys = [score_key(locked_pips(s, seat)) for seat in range(s.players)]
    groups: dict[tuple, list[int]] = {}
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
