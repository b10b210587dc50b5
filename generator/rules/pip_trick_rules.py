"""Pip Trick's rules as pure functions over a small immutable state.

Cards are ints 0..51 (``suit * 13 + rank - 2``; suits in trump order: hearts, diamonds,
spades, clubs), a hand is a 52-bit mask, and each seat's four dice live in flat tuples
(``dice[4 * seat + d]``) with a status per die: available, used or locked. The state is
a NamedTuple, so it cannot be mutated; ``apply`` builds the next one from a list copy.

Chance is data: the four rounds' deck orders and the first dealer are drawn from the
seed in ``new_game`` and stored in the state (``setup`` can replace any of them), so a
test or worked example can fix every deal. The history is kept as a cons list of actions
so the readable log can be rebuilt by replaying it (see ``pip_trick_text``) without
formatting strings on the fast path.
"""

from __future__ import annotations

import random
from typing import Any, Hashable, Iterable, Mapping, NamedTuple, Sequence

from .base import IllegalAction, Result, SetupError

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


def _suit_table(actions: tuple) -> tuple[tuple[tuple, ...], ...]:
    """For each suit and 13-bit rank mask, the actions on those cards (a lookup table)."""
    table = []
    for suit in range(4):
        row = [tuple(actions[suit * 13 + r] for r in range(13) if mask >> r & 1) for mask in range(8192)]
        table.append(tuple(row))
    return tuple(table)


_UP_TABLE = _suit_table(PLAY_UP)
_DOWN_TABLE = _suit_table(PLAY_DOWN)
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
    pending: tuple  # CHANGE: ((seat, suit), ...); LOCK: (seat, ...)
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

    ``setup`` may fix any of it: ``dealer`` (seat), ``decks`` (up to four deck orders of
    52 card numbers, dealt from the dealer's left) and ``dice`` (four pips for every
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
    for index, deck in enumerate(setup.pop("decks", [])):
        if sorted(deck) != list(range(52)):
            raise SetupError(f"deck for round {index + 1} must hold each of the 52 cards once")
        decks[index] = tuple(deck)
    dice = _setup_dice(setup.pop("dice", None), n, start_dice(chosen))
    if setup:
        raise SetupError(f"unknown setup key(s): {', '.join(sorted(setup))}")
    hands, aside = deal(decks[0], n, dealer)
    state = State(n, "middle-die-exempt" in chosen, 0, dealer, tuple(decks), hands, aside, (dealer + 1) % n,
                  (), 0, PLAY, (), dice, (AVAILABLE,) * (4 * n), (0,) * n, (), None, None)
    return state._replace(start=state)


def _setup_dice(given: Any, n: int, default: tuple[int, ...]) -> tuple[int, ...]:
    if given is None:
        return default * n
    rows = [given] * n if given and isinstance(given[0], int) else list(given)
    if len(rows) != n or any(len(row) != 4 or not all(1 <= v <= 6 for v in row) for row in rows):
        raise SetupError("dice must be four pips from 1 to 6, for every player")
    return tuple(int(v) for row in rows for v in row)


# --- whose turn ---------------------------------------------------------------------


def to_move(s: State) -> int | None:
    """Who decides next: the next card in the trick, a middle player, a locking player."""
    if s.phase == PLAY:
        return (s.leader + len(s.trick)) % s.players
    if s.phase == OVER:
        return None
    head = s.pending[0]
    return head[0] if s.phase == CHANGE else head


def is_over(s: State) -> bool:
    return s.phase == OVER


def trump(s: State) -> int:
    """Rule ``trump-order``: the suit trump this round."""
    return TRUMP_ORDER[s.round]


# --- legal actions ------------------------------------------------------------------


def legal_actions(s: State) -> list[Hashable]:
    """Every legal decision of the player to move (never empty unless the game is over)."""
    if s.phase == PLAY:
        return play_options(s)
    if s.phase == CHANGE:
        seat, suit = s.pending[0]
        return die_options(s, seat, suit)
    if s.phase == LOCK:
        return lock_options(s, s.pending[0])
    return []


def play_options(s: State) -> list[Hashable]:
    """Rules ``lead``, ``new-suit-rule`` and ``no-legal-suit``: any card to lead; then a
    card of a suit not yet shown face up; with none, any card face down."""
    hand = s.hands[(s.leader + len(s.trick)) % s.players]
    table = _UP_TABLE
    cards = hand & ALLOWED[s.shown] if s.trick else hand
    if not cards:
        cards, table = hand, _DOWN_TABLE
    out: list[Hashable] = []
    for suit in range(4):
        bits = cards >> (13 * suit) & 0x1FFF
        if bits:
            out += table[suit][bits]
    return out


def die_options(s: State, seat: int, suit: int) -> list[Hashable]:
    """Rules ``suit-powers`` and ``used-dice``: a power acts on one of the player's own
    available dice (ruling ``whose-dice``); clubs may swap with a used die or pass."""
    base = 4 * seat
    status = s.status[base:base + 4]
    if suit == CLUBS:
        return clubs_options(status)
    free = [d for d in range(4) if status[d] == AVAILABLE and can_change(s, suit, s.dice[base + d])]
    actions = POWER_ACTIONS[suit]
    return [actions[d] for d in free]


def clubs_options(status: Sequence[int]) -> list[Hashable]:
    """Rule ``clubs-swap``: each (available, used) pair, or no action (ruling
    ``clubs-may-pass``: passing is for clubs only)."""
    used = [u for u in range(4) if status[u] == USED]
    out: list[Hashable] = [SWAP[a, u] for a in range(4) if status[a] == AVAILABLE for u in used]
    out.append(PASS)
    return out


def can_change(s: State, suit: int, pips: int) -> bool:
    """Ruling ``change-at-the-limit``: by default a 6 may be chosen for hearts (and a 1 for
    diamonds) and simply stays; the ``middle-die-exempt`` variant forbids such a choice."""
    if not s.exempt:
        return True
    return not ((suit == HEARTS and pips == 6) or (suit == DIAMONDS and pips == 1))


def lock_options(s: State, seat: int) -> list[Hashable]:
    """Rule ``lock-a-die``: any active die, available or used (ruling ``lock-a-used-die``)."""
    base = 4 * seat
    return [LOCK_DIE[d] for d in range(4) if s.status[base + d] != LOCKED]


# --- applying an action -------------------------------------------------------------

Events = list | None


def apply(s: State, action: Hashable) -> State:
    """The state after ``action``; the given state is left untouched."""
    return step(s, action, None)


def step(s: State, action: Hashable, events: Events) -> State:
    """Apply ``action`` and, when ``events`` is a list, append what happened to it as
    plain tuples (``pip_trick_text`` turns them into sentences)."""
    why = illegal_reason(s, action)
    if why:
        raise IllegalAction(why)
    f = list(s)
    f[16] = (s.history, action)
    kind = action[0]  # type: ignore[index]
    if kind == "play" or kind == "down":
        play_card(s, f, action[1], kind == "down", events)  # type: ignore[index]
    elif kind == "lock":
        lock_die(s, f, action[1], events)  # type: ignore[index]
    else:
        change_die(s, f, action, events)
    return State._make(f)


def illegal_reason(s: State, action: Any) -> str:
    """Why ``action`` is not allowed now ('' when it is). Play actions are checked
    directly (fast); die and lock actions against the short list of options."""
    if s.phase == OVER:
        return "the game is over"
    if not isinstance(action, tuple) or not action:
        return f"{action!r} is not a Pip Trick action"
    kind = action[0]
    if s.phase == PLAY:
        if kind not in ("play", "down") or len(action) != 2 or action[1] not in range(52):
            return "a card must be played now"
        return play_problem(s, action[1], kind == "down")
    if action in legal_actions(s):
        return ""
    if s.phase == CHANGE:
        return "that die action is not available now"
    return "a die must be locked now (one of the player's active dice)"


def play_problem(s: State, card: int, down: bool) -> str:
    seat = (s.leader + len(s.trick)) % s.players
    hand = s.hands[seat]
    if not hand >> card & 1:
        return "that card is not in the player's hand"
    if not s.trick:
        return "the lead is always played face up (rule lead)" if down else ""
    open_suits = hand & ALLOWED[s.shown]
    if down:
        return "the player holds a suit not yet shown in this trick and must play it face up (rule new-suit-rule)" if open_suits else ""
    if not open_suits:
        return "the player has no suit missing from this trick, so the card must go face down (rule no-legal-suit)"
    if not ALLOWED[s.shown] >> card & 1:
        return "that suit was already played face up in this trick (rule new-suit-rule)"
    return ""


def play_card(s: State, f: list, card: int, down: bool, events: Events) -> None:
    seat = (s.leader + len(s.trick)) % s.players
    hands = list(s.hands)
    hands[seat] ^= 1 << card
    f[5] = tuple(hands)
    trick = s.trick + (card + DOWN if down else card,)
    if events is not None:
        events.append(("play", seat, card, down, not s.trick))
    if down:
        f[8] = trick
    else:
        f[8] = trick
        f[9] = s.shown | 1 << (card // 13)
    if len(trick) == s.players:
        end_trick(s, f, trick, events)


def rank_trick(leader: int, players: int, trick: Sequence[int], trump_suit: int) -> list[tuple[int, int]]:
    """Rules ``ranking-the-trick``: order the played cards from first place to last.

    Face-up cards: a trump above every other suit (``trump-beats-plain``), then the
    higher rank whatever the suit, ace high (``highest-rank``), equal ranks to the later
    card (``equal-rank-later``). Face-down cards come last, later above earlier
    (``face-down-order``). Returns ((seat, card code), ...) best first.
    """
    keyed = []
    for i, code in enumerate(trick):
        if code >= DOWN:
            key = i
        else:
            key = 1024 | (512 if code // 13 == trump_suit else 0) | (code % 13) << 4 | i
        keyed.append((key, (leader + i) % players, code))
    keyed.sort(reverse=True)
    return [(seat, code) for _, seat, code in keyed]


def end_trick(s: State, f: list, trick: tuple, events: Events) -> None:
    """Rules ``trick-winner-leads`` and ``the-middle``: first place leads next; the middle
    places with a face-up card get their suit power (ruling ``face-down-in-the-middle``)."""
    ranking = rank_trick(s.leader, s.players, trick, TRUMP_ORDER[s.round])
    winner = ranking[0][0]
    tricks = list(s.tricks)
    tricks[winner] += 1
    f[14] = tuple(tricks)
    f[15] = tuple(ranking)
    f[7] = winner
    f[8] = ()
    f[9] = 0
    if events is not None:
        events.append(("trick", ranking, TRUMP_ORDER[s.round]))
    pending = []
    for place in MIDDLE_PLACES[s.players]:
        seat, code = ranking[place]
        reason = no_action_reason(s, seat, code)
        if reason:
            if events is not None:
                events.append(("idle", seat, place, code, reason))
        else:
            pending.append((seat, code // 13))
    f[11] = tuple(pending)
    f[10] = CHANGE if pending else PLAY
    if not pending:
        after_changes(s, f, events)


def no_action_reason(s: State, seat: int, code: int) -> str:
    """Why a middle place does nothing, or '' when it must (or may) act."""
    if code >= DOWN:
        return "face-down"
    suit = code // 13
    base = 4 * seat
    if suit == CLUBS:
        return "" if USED in s.status[base:base + 4] else "no-used-die"
    if not any(st == AVAILABLE and can_change(s, suit, s.dice[base + d])
               for d, st in enumerate(s.status[base:base + 4])):
        return "exempt"
    return ""


def change_die(s: State, f: list, action: Any, events: Events) -> None:
    """Rules ``hearts-increase``, ``diamonds-decrease``, ``spades-flip``, ``clubs-swap``,
    then ``used-dice`` and ``new-cycle`` for that player's dice."""
    seat, suit = s.pending[0]
    base = 4 * seat
    dice = list(s.dice)
    status = list(s.status)
    kind = action[0]
    if kind == "swap":
        a, u = base + action[1], base + action[2]
        status[a], status[u] = USED, AVAILABLE
        if events is not None:
            events.append(("swap", seat, action[1], action[2], dice[a], dice[u]))
    elif kind == "pass":
        if events is not None:
            events.append(("pass", seat))
    else:
        d = base + action[1]
        before = dice[d]
        dice[d] = change_pips(kind, before)
        status[d] = USED
        if events is not None:
            events.append(("change", seat, action[1], kind, before, dice[d]))
        if AVAILABLE not in status[base:base + 4]:
            new_cycle(status, base)
            if events is not None:
                events.append(("cycle", seat))
    f[12] = tuple(dice)
    f[13] = tuple(status)
    f[11] = pending = s.pending[1:]
    if not pending:
        after_changes(s, f, events)


def change_pips(kind: str, pips: int) -> int:
    """Hearts raise by one up to 6, diamonds lower by one down to 1, spades flip 1↔6,
    2↔5, 3↔4 (a raise on 6 or lower on 1 leaves the die as it is)."""
    if kind == "raise":
        return pips + 1 if pips < 6 else 6
    if kind == "lower":
        return pips - 1 if pips > 1 else 1
    return 7 - pips


def new_cycle(status: list, base: int) -> None:
    """Rule ``new-cycle``: once every active die is used, all return to available at
    once (ruling ``cycle-resets-at-once``); locked dice stay locked."""
    for d in range(base, base + 4):
        if status[d] == USED:
            status[d] = AVAILABLE


def after_changes(s: State, f: list, events: Events) -> None:
    """After a trick's die actions: the winner leads on, or the round ends (rule
    ``end-of-round``) and everyone locks a die, from the dealer's left (``locking-order``)."""
    if f[5][f[7]]:
        f[10] = PLAY
        return
    n = s.players
    f[10] = LOCK
    f[11] = tuple((s.dealer + 1 + i) % n for i in range(n))
    if events is not None:
        events.append(("round-end", s.round))


def lock_die(s: State, f: list, die: int, events: Events) -> None:
    """Rules ``lock-a-die`` and ``locked-dice``: the chosen die is out of play for good."""
    seat = s.pending[0]
    status = list(s.status)
    status[4 * seat + die] = LOCKED
    f[13] = tuple(status)
    f[11] = pending = s.pending[1:]
    if events is not None:
        events.append(("lock", seat, die, s.dice[4 * seat + die]))
    if pending:
        return
    if s.round == ROUNDS - 1:
        f[10] = OVER
        if events is not None:
            events.append(("over",))
        return
    next_round(s, f, status, events)


def next_round(s: State, f: list, status: list, events: Events) -> None:
    """Rules ``dealer-passes`` and ``carry-over``: the deal passes clockwise, all 52
    cards are dealt again (ruling ``fresh-deal-each-round``), the new dealer's left
    leads (``first-lead-each-round``) and every active die is available again with its
    pips unchanged."""
    n = s.players
    rnd = s.round + 1
    dealer = (s.dealer + 1) % n
    f[13] = tuple(AVAILABLE if st == USED else st for st in status)
    f[2], f[3] = rnd, dealer
    f[5], f[6] = deal(s.decks[rnd], n, dealer)
    f[7] = (dealer + 1) % n
    f[10], f[11], f[14] = PLAY, (), (0,) * n
    if events is not None:
        events.append(("round", rnd, dealer))


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
