"""Pip Trick's rules as pure functions: whose turn, legal actions, applying an action.

``apply`` never mutates its input: it copies the state's fields into a list, changes
what the action changes and builds a new state. The history keeps the actions (newest
first), so the readable log is rebuilt by replaying them (see ``notation``) without
building events on the fast path; ``apply`` reports events only when given a list.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from ...rules.base import IllegalAction, implements
from .state import (
    AVAILABLE, CHANGE, CLUBS, DECK, DIAMONDS, DICE, DOWN, FLIP, HEARTS, LOCK, LOCK_DIE, LOCKED, LOWER, OVER, PASS, PLAY,
    PLAY_DOWN, PLAY_UP, RAISE, RANKS, SPADES, SUIT_BITS, SUITS, SWAP, USED, Action, CardPlayed, ClubsPassed,
    DiceSwapped, DieChanged, DieLocked, Event, GameOver, NewCycle, NoDieAction, RoundEnded, RoundStarted, State,
    TrickRanked, deal,
)

#: positions of the state's fields in the list ``apply`` edits (State is a NamedTuple)
_ROUND = State._fields.index("round")
_DEALER = State._fields.index("dealer")
_HANDS = State._fields.index("hands")
_SET_ASIDE = State._fields.index("set_aside")
_LEADER = State._fields.index("leader")
_TRICK = State._fields.index("trick")
_SHOWN = State._fields.index("shown")
_PHASE = State._fields.index("phase")
_PENDING = State._fields.index("pending")
_DICE = State._fields.index("dice")
_STATUS = State._fields.index("status")
_TRICKS = State._fields.index("tricks")
_LAST = State._fields.index("last")
_HISTORY = State._fields.index("history")

#: the die action each suit's power asks for (clubs handled apart)
POWER_ACTIONS = {HEARTS: RAISE, DIAMONDS: LOWER, SPADES: FLIP}
_VERB_OF = {HEARTS: "raise", DIAMONDS: "lower", SPADES: "flip"}
_CARDS = range(DECK)
_RANK_MASK = (1 << RANKS) - 1
#: pips 1-6 as a bit mask (bit p for p pips)
_ANY_PIPS = 0b1111110


class SuitActions(dict[int, tuple[Action, ...]]):
    """Rank mask (13 bits) of one suit -> the actions on those cards, filled on first use
    so importing stays instant while random play soon reads every list from memory."""

    def __init__(self, actions: tuple[Action, ...], suit: int) -> None:
        super().__init__()
        self.actions = actions[RANKS * suit:RANKS * suit + RANKS]
        self[0] = ()  # no card of the suit

    def __missing__(self, mask: int) -> tuple[Action, ...]:
        """The actions of ``mask``'s lower ranks (themselves filled on first use), then
        the action of its highest rank: rank order, low to high."""
        top = mask.bit_length() - 1
        found = self[mask] = self[mask ^ 1 << top] + (self.actions[top],)
        return found


UP_TABLE = tuple(SuitActions(PLAY_UP, suit) for suit in range(4))
DOWN_TABLE = tuple(SuitActions(PLAY_DOWN, suit) for suit in range(4))
#: cards of the suits still allowed in a trick, by the 4-bit mask of suits shown face up
ALLOWED = tuple(sum(SUIT_BITS[s] for s in range(4) if not shown >> s & 1) for shown in range(16))


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


@implements("trump-order")
def trump(s: State) -> int:
    """Rule ``trump-order``: the suit trump this round (the content's trump order)."""
    return s.numbers.trumps[s.round]


# --- legal actions ------------------------------------------------------------------


def legal_actions(s: State) -> list[Action]:
    """Every legal decision of the player to move (never empty unless the game is over)."""
    if s.phase == PLAY:
        return play_options(s)
    if s.phase == CHANGE:
        seat, suit, _ = s.pending[0]
        return die_options(s, seat, suit)
    if s.phase == LOCK:
        return lock_options(s, s.pending[0])
    return []


@implements("playing-a-trick", "lead", "new-suit-rule", "no-legal-suit", "one-trump-per-trick")
def play_options(s: State) -> list[Action]:
    """Rules ``lead``, ``new-suit-rule`` and ``no-legal-suit``: any card to lead; then a
    card of a suit not yet shown face up; with none, any card face down."""
    hand = s.hands[(s.leader + len(s.trick)) % s.players]
    table = UP_TABLE
    cards = hand & ALLOWED[s.shown] if s.trick else hand
    if not cards:
        cards, table = hand, DOWN_TABLE
    hearts, diamonds, spades, clubs = table
    return [*hearts[cards & _RANK_MASK], *diamonds[cards >> RANKS & _RANK_MASK],
            *spades[cards >> 2 * RANKS & _RANK_MASK], *clubs[cards >> 3 * RANKS]]


@implements("suit-powers", "using-dice", "whose-dice")
def die_options(s: State, seat: int, suit: int) -> list[Action]:
    """Rules ``suit-powers`` and ``used-dice``: a power acts on one of the player's own
    available dice (ruling ``whose-dice``); clubs may swap with a used die or pass."""
    base = DICE * seat
    status = s.status[base:base + DICE]
    if suit == CLUBS:
        return clubs_options(status)
    pips = changeable(s, suit)
    dice = s.dice
    actions = POWER_ACTIONS[suit]
    return [actions[d] for d in range(DICE) if status[d] == AVAILABLE and pips >> dice[base + d] & 1]


@implements("clubs-swap", "clubs-may-pass")
def clubs_options(status: Sequence[int]) -> list[Action]:
    """Rule ``clubs-swap``: each (available, used) pair, or no action (ruling
    ``clubs-may-pass``: passing is for clubs only)."""
    used = [u for u in range(DICE) if status[u] == USED]
    out: list[Action] = [SWAP[a, u] for a in range(DICE) if status[a] == AVAILABLE for u in used]
    out.append(PASS)
    return out


@implements("middle-die-exempt", "change-at-the-limit")
def changeable(s: State, suit: int) -> int:
    """The pips a die may show to be chosen for ``suit``, as a mask (bit p: p pips).
    Ruling ``change-at-the-limit``: by default any die, so a 6 may be chosen for hearts
    (and a 1 for diamonds) and simply stays; the ``middle-die-exempt`` variant forbids
    such a choice."""
    if not s.exempt:
        return _ANY_PIPS
    return _ANY_PIPS & ~(1 << 6 if suit == HEARTS else 1 << 1 if suit == DIAMONDS else 0)


@implements("lock-a-die", "lock-a-used-die")
def lock_options(s: State, seat: int) -> list[Action]:
    """Rule ``lock-a-die``: any active die, available or used (ruling ``lock-a-used-die``)."""
    base = DICE * seat
    return [LOCK_DIE[d] for d in range(DICE) if s.status[base + d] != LOCKED]


# --- applying an action -------------------------------------------------------------

#: where ``apply`` reports what happened (None on the fast path)
Sink = list[Event] | None


def apply(s: State, action: Action, events: Sink = None) -> State:
    """The state after ``action``; the given state is left untouched. When ``events`` is
    a list, what happened is appended to it (the event records of ``state``; ``notation``
    turns them into sentences)."""
    why = play_problem(s, action) if s.phase == PLAY else illegal_reason(s, action)
    if why:
        raise IllegalAction(why, rule_named(why))
    f = list(s)
    f[_HISTORY] = (action, s.history)
    kind = action[0]
    if kind == "play" or kind == "down":
        play_card(s, f, action[1], kind == "down", events)
    elif kind == "lock":
        lock_die(s, f, action[1], events)
    else:
        change_die(s, f, action, events)
    return tuple.__new__(State, f)


_RULE = re.compile(r"\(rule ([a-z0-9-]+)\)")


def rule_named(why: str) -> str | None:
    """The rule id a refusal's words name (``... (rule new-suit-rule)``), if any."""
    found = _RULE.search(why)
    return found[1] if found else None


def illegal_reason(s: State, action: Any) -> str:
    """Why ``action`` is not allowed now ('' when it is), naming the rule it breaks.
    Checked directly rather than by building the legal list, to keep ``apply`` fast."""
    phase = s.phase
    if phase == OVER:
        return "the game is over (rule end-of-game)"
    if not isinstance(action, tuple) or not action:
        return f"{action!r} is not a Pip Trick action"
    if phase == PLAY:
        return play_problem(s, action)
    kind = action[0]
    if phase == CHANGE:
        return change_problem(s, action)
    if kind != "lock" or len(action) != 2 or action[1] not in range(DICE):
        return "each player now locks one of their active dice (rule lock-a-die)"
    if s.status[DICE * s.pending[0] + action[1]] == LOCKED:
        return f"die {action[1] + 1} is already locked (rule locked-dice)"
    return ""


def change_problem(s: State, action: Action) -> str:
    """Why a die action does not fit the suit played and the player's dice ('' if it does)."""
    seat, suit, _ = s.pending[0]
    kind = action[0]
    if suit == CLUBS:
        if kind == "pass" and len(action) == 1:
            return ""
        if kind != "swap" or len(action) != 3 or action[1] not in range(DICE) or action[2] not in range(DICE):
            return "clubs swaps an available die with a used one, or takes no die action (rule clubs-swap)"
        a, u = DICE * seat + action[1], DICE * seat + action[2]
        if s.status[a] != AVAILABLE or s.status[u] != USED:
            return "a club swap takes an available die and a die used in this cycle (rule clubs-swap)"
        return ""
    verb = _VERB_OF[suit]
    if kind != verb or len(action) != 2 or action[1] not in range(DICE):
        return f"{SUITS[suit]} must {verb} one available die (rule suit-powers); no other die action"
    d = DICE * seat + action[1]
    if s.status[d] != AVAILABLE:
        what = "locked" if s.status[d] == LOCKED else "used in this cycle"
        return f"die {action[1] + 1} is {what}, so it is not available (rule used-dice)"
    if not changeable(s, suit) >> s.dice[d] & 1:
        return (f"die {action[1] + 1} shows {s.dice[d]} and cannot be chosen for {SUITS[suit]} "
                "(rule middle-die-exempt)")
    return ""


@implements("lead", "new-suit-rule", "no-legal-suit", "face-down-only-when-stuck", "one-trump-per-trick")
def play_problem(s: State, action: Action) -> str:
    """Why ``action`` may not be played now ('' if it may): it must play a card of the
    player's hand, face up or down. Ruling ``face-down-only-when-stuck``: face down only
    without a suit missing from the trick. A suit shown face up cannot follow face up,
    so neither can a second trump (``one-trump-per-trick``)."""
    if not isinstance(action, tuple) or not action:
        return f"{action!r} is not a Pip Trick action"
    kind = action[0]
    if (kind != "play" and kind != "down") or len(action) != 2 or action[1] not in _CARDS:
        return "a card must be played now (rule playing-a-trick)"
    card = action[1]
    down = kind == "down"
    hand = s.hands[(s.leader + len(s.trick)) % s.players]
    if not hand >> card & 1:
        return "that card is not in the player's hand (rule playing-a-trick)"
    if not s.trick:
        return "the lead is always played face up (rule lead)" if down else ""
    open_suits = hand & ALLOWED[s.shown]
    if down:
        if open_suits:
            return "the player holds a suit not yet shown in this trick and must play it face up (rule new-suit-rule)"
        return ""
    if not open_suits:
        return "the player has no suit missing from this trick, so the card must go face down (rule no-legal-suit)"
    if not ALLOWED[s.shown] >> card & 1:
        return "that suit was already played face up in this trick (rule new-suit-rule)"
    return ""


@implements("face-down-cards")
def play_card(s: State, f: list[Any], card: int, down: bool, events: Sink) -> None:
    """The card leaves the hand and joins the trick (a face-down card shows no suit);
    the last card of a trick ends it."""
    seat = (s.leader + len(s.trick)) % s.players
    hands = list(s.hands)
    hands[seat] ^= 1 << card
    f[_HANDS] = tuple(hands)
    trick = s.trick + (card + DOWN if down else card,)
    if events is not None:
        events.append(CardPlayed(seat, card, down, not s.trick))
    f[_TRICK] = trick
    if not down:
        f[_SHOWN] = s.shown | 1 << (card // RANKS)
    if len(trick) == s.players:
        end_trick(s, f, trick, events)


@implements("ranking-the-trick", "trump-outranks", "trump-beats-plain", "highest-rank", "equal-rank-later",
            "face-down-cards", "face-down-order")
def rank_trick(leader: int, players: int, trick: Sequence[int], trump_suit: int) -> list[tuple[int, int]]:
    """Rules ``ranking-the-trick``: order the played cards from first place to last.

    Face-up cards: a trump above every other suit (``trump-beats-plain``), then the
    higher rank whatever the suit, ace high (``highest-rank``), equal ranks to the later
    card (``equal-rank-later``). Face-down cards come last, later above earlier
    (``face-down-order``). Returns ((seat, card code), ...) best first.
    """
    # One int per card sorts fastest: face up (bit 17), trump (16), rank (11-14), order of
    # play (7-10: later is better), and the card code itself in the low 7 bits.
    keyed = []
    for i, code in enumerate(trick):
        if code >= DOWN:
            keyed.append(i << 7 | code)
        else:
            keyed.append(1 << 17 | (code // RANKS == trump_suit) << 16 | (code % RANKS) << 11 | i << 7 | code)
    keyed.sort(reverse=True)
    return [((leader + (key >> 7 & 15)) % players, key & 127) for key in keyed]


@implements("trick-winner-leads", "the-middle", "middle-four-players", "middle-three-players", "middle-order")
def end_trick(s: State, f: list[Any], trick: tuple[int, ...], events: Sink) -> None:
    """Rules ``trick-winner-leads`` and ``the-middle``: first place leads next; the places
    between first and last (2nd and 3rd of four, 2nd of three) with a face-up card get
    their suit power, in the order of the ranking (ruling ``middle-order``; a face-down
    card does nothing, ``face-down-in-the-middle``)."""
    trump_suit = trump(s)
    ranking = rank_trick(s.leader, s.players, trick, trump_suit)
    winner = ranking[0][0]
    tricks = list(s.tricks)
    tricks[winner] += 1
    f[_TRICKS] = tuple(tricks)
    f[_LAST] = tuple(ranking)
    f[_LEADER] = winner
    f[_TRICK] = ()
    f[_SHOWN] = 0
    if events is not None:
        events.append(TrickRanked(tuple(ranking), trump_suit))
    pending = []
    for place in range(1, s.players - 1):
        seat, code = ranking[place]
        reason = no_action_reason(s, seat, code)
        if reason:
            if events is not None:
                events.append(NoDieAction(seat, place, code, reason))
        else:
            pending.append((seat, code // RANKS, place))
    f[_PENDING] = tuple(pending)
    f[_PHASE] = CHANGE if pending else PLAY
    if not pending:
        after_changes(s, f, events)


@implements("face-down-in-the-middle", "clubs-may-pass")
def no_action_reason(s: State, seat: int, code: int) -> str:
    """Why a middle place does nothing, or '' when it must (or may) act: a face-down
    card, clubs with no used die to swap with, or (``middle-die-exempt``) no die the
    suit may change."""
    if code >= DOWN:
        return "face-down"
    suit = code // RANKS
    base = DICE * seat
    if suit == CLUBS:
        return "" if USED in s.status[base:base + DICE] else "no-used-die"
    pips = changeable(s, suit)
    status, dice = s.status, s.dice
    for d in range(base, base + DICE):
        if status[d] == AVAILABLE and pips >> dice[d] & 1:
            return ""
    return "exempt"


@implements("used-dice", "clubs-swap")
def change_die(s: State, f: list[Any], action: Action, events: Sink) -> None:
    """Rules ``hearts-increase``, ``diamonds-decrease``, ``spades-flip``, ``clubs-swap``,
    then ``used-dice`` and ``new-cycle`` for that player's dice."""
    seat, suit, place = s.pending[0]
    base = DICE * seat
    dice = list(s.dice)
    status = list(s.status)
    kind = action[0]
    if kind == "swap":
        a, u = base + action[1], base + action[2]
        status[a], status[u] = USED, AVAILABLE
        if events is not None:
            events.append(DiceSwapped(seat, place, action[1], action[2], dice[a], dice[u]))
    elif kind == "pass":
        if events is not None:
            events.append(ClubsPassed(seat, place))
    else:
        d = base + action[1]
        before = dice[d]
        dice[d] = change_pips(kind, before)
        status[d] = USED
        if events is not None:
            events.append(DieChanged(seat, place, action[1], kind, before, dice[d]))
        if AVAILABLE not in status[base:base + DICE]:
            new_cycle(status, base)
            if events is not None:
                events.append(NewCycle(seat))
    f[_DICE] = tuple(dice)
    f[_STATUS] = tuple(status)
    f[_PENDING] = pending = s.pending[1:]
    if not pending:
        after_changes(s, f, events)


@implements("hearts-increase", "diamonds-decrease", "spades-flip")
def change_pips(kind: str, pips: int) -> int:
    """Hearts raise by one up to 6, diamonds lower by one down to 1, spades flip 1↔6,
    2↔5, 3↔4 (a raise on 6 or lower on 1 leaves the die as it is)."""
    if kind == "raise":
        return pips + 1 if pips < 6 else 6
    if kind == "lower":
        return pips - 1 if pips > 1 else 1
    return 7 - pips


@implements("new-cycle", "cycle-resets-at-once")
def new_cycle(status: list[int], base: int) -> None:
    """Rule ``new-cycle``: once every active die is used, all return to available at
    once (ruling ``cycle-resets-at-once``); locked dice stay locked. (``status`` is the
    list ``change_die`` is building, never a state's.)"""
    for d in range(base, base + DICE):
        if status[d] == USED:
            status[d] = AVAILABLE


@implements("end-of-round", "locking-order")
def after_changes(s: State, f: list[Any], events: Sink) -> None:
    """After a trick's die actions: the winner leads on, or the round ends (rule
    ``end-of-round``) and everyone locks a die, from the dealer's left (``locking-order``)."""
    if f[_HANDS][f[_LEADER]]:
        f[_PHASE] = PLAY
        return
    n = s.players
    f[_PHASE] = LOCK
    f[_PENDING] = tuple((s.dealer + 1 + i) % n for i in range(n))
    if events is not None:
        events.append(RoundEnded(s.round))


@implements("lock-a-die", "locked-dice", "rounds-and-trump")
def lock_die(s: State, f: list[Any], die: int, events: Sink) -> None:
    """Rules ``lock-a-die`` and ``locked-dice``: the chosen die is out of play for good;
    after the last player locks, the next round starts, or the game ends after the
    content's number of rounds (``rounds-and-trump``)."""
    seat = s.pending[0]
    status = list(s.status)
    status[DICE * seat + die] = LOCKED
    f[_STATUS] = tuple(status)
    f[_PENDING] = pending = s.pending[1:]
    if events is not None:
        events.append(DieLocked(seat, die, s.dice[DICE * seat + die]))
    if pending:
        return
    if s.round == s.numbers.rounds - 1:
        f[_PHASE] = OVER
        if events is not None:
            events.append(GameOver())
        return
    next_round(s, f, status, events)


@implements("dealer-passes", "carry-over", "fresh-deal-each-round", "first-lead-each-round", "active-dice-by-round")
def next_round(s: State, f: list[Any], status: list[int], events: Sink) -> None:
    """Rules ``dealer-passes`` and ``carry-over``: the deal passes clockwise, all 52
    cards are dealt again (ruling ``fresh-deal-each-round``), the new dealer's left
    leads (``first-lead-each-round``) and every active die is available again with its
    pips unchanged; locked dice stay locked, one more each round
    (``active-dice-by-round``)."""
    n = s.players
    rnd = s.round + 1
    dealer = (s.dealer + 1) % n
    f[_STATUS] = tuple(AVAILABLE if st == USED else st for st in status)
    f[_ROUND], f[_DEALER] = rnd, dealer
    f[_HANDS], f[_SET_ASIDE] = deal(s.decks[rnd], n, dealer)
    f[_LEADER] = (dealer + 1) % n
    f[_PHASE], f[_PENDING], f[_TRICKS] = PLAY, (), (0,) * n
    if events is not None:
        events.append(RoundStarted(rnd, dealer))
