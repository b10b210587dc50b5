"""Zero Grid reference engine (design: David McDougal; "Zero Grid" is our working title).

Every player owns a 4×4 grid of dice and programs four cards per hand; cards pick their
die by rule (targeting, dynamic shift, activation limits, highest resolvable die), so
the only decisions are the programming and, for a 2–10 card, Movement or suit power
and the swap target (RULINGS 2, 4). A step with one legal outcome is played at once.

The state is compact and immutable from the outside: tuples of small ints (cards are
ints from :mod:`zero_grid_cards`, grids are 16-tuples indexed ``column * 4 + row``),
copied field by field in :func:`apply`. Chance is data in the state: the deck order,
the discard pile and one seed per future reshuffle, all overridable through ``setup``.

Seats are P1, P2 in text. In solo the rival Initiative card is the top of the deck.
"""

from __future__ import annotations

import random
from operator import itemgetter
from typing import Any, Hashable, Mapping, Sequence

from .base import IllegalAction, Result, SetupError, engine
from .zero_grid_cards import DECK, grid_from_columns
from .zero_grid_resolve import (  # noqa: F401  (re-exported: rule_map names them here)
    RIGHT_OF, Desk, action_resolution, activate, adversary_favor, apply_power, favor_at_reveal, fizzle, hardcore_penalty, raise_pip,
    resolves_column_4, rule_text_penalty, select_die, suit_power, swap_movement, target_column,
)
from .zero_grid_state import (  # noqa: F401  (EMPTY, SETUP_GRID, HAND_SIZE: rule_map names)
    EASIER, EMPTY, FAVOR_AT_REVEAL, HAND_SIZE, HARDCORE, HARDCORE_TEXT, MOVE, OVER, POWER, PROGRAM, RESOLVE, SETUP_GRID, SOLO, VARIANTS,
    State, column_4_pips, emit, event_list, removed, score_title, variant_flags, _PERMS, _SEEDS,
)

#: One itemgetter per ordering of the four cards (Columns 1-3, then Initiative).
_PICKS = tuple(itemgetter(*perm) for perm in _PERMS)

# --- setup -----------------------------------------------------------------------------

def new_game(players: int | None = None, variants: Sequence[str] = (), seed: int = 0,
             setup: Mapping[str, Any] | None = None) -> State:
    """A game ready for the first decision (setup-grid, setup-deck, setup-start-player).

    ``setup`` may fix: ``grids`` (per seat, four columns top to bottom), ``deck`` (top
    first), ``discard``, ``hands`` (per seat, the four cards of the current hand),
    ``reveal`` (solo: the card put on top of the deck), ``start``, ``reshuffles`` (done so
    far), ``reshuffle_seeds`` and ``hand``. Anything not given comes from ``seed``.
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
        raise SetupError("the solo variant is for one player")
    rng = random.Random(seed)
    s = State.__new__(State)
    s.n, s.flags = players, flags
    s.grids = setup_grids(setup.get("grids"), players)
    s.deck, s.discard, hands = setup_deck(setup, players, rng)
    s.seeds = tuple(setup.get("reshuffle_seeds") or [rng.randrange(1 << 30) for _ in range(_SEEDS)])
    s.reshuffles = int(setup.get("reshuffles", 0))
    s.start = setup_start_player(setup.get("start"), players, rng)
    s.hand_no = int(setup.get("hand", 1)) - (0 if hands else 1)
    s.hands, s.programs, s.reveal, s.winner = (), (), -1, -2
    s.phase, s.seat, s.step, s.pending, s.ctx = PROGRAM, 0, 0, (), ()
    s.spent, s.used = (0,) * players, (0,) * players
    s.events, s.end = None, ""
    if hands:
        s.hands = hands
        emit(s, ("deal", s.hand_no, hands))
        _begin_programming(s)
    else:
        deal_and_program(s)
    return s


def setup_grids(grids: Any, players: int) -> tuple[tuple[int, ...], ...]:
    """setup-grid: every player starts from the printed pattern unless told otherwise."""
    if grids is None:
        return (SETUP_GRID,) * players
    if len(grids) != players:
        raise SetupError(f"give one grid per player ({players}), not {len(grids)}")
    try:
        return tuple(g if isinstance(g, tuple) and len(g) == 16 else grid_from_columns(g, f"P{i + 1}'s grid")
                     for i, g in enumerate(grids))
    except ValueError as exc:
        raise SetupError(str(exc)) from None


def setup_deck(setup: Mapping[str, Any], players: int, rng: random.Random) -> tuple[tuple, tuple, tuple]:
    """setup-deck: a shuffled deck, unless the deck, discard or hands are given."""
    hands = tuple(tuple(h) for h in setup.get("hands") or ())
    if hands and (len(hands) != players or any(len(h) != HAND_SIZE for h in hands)):
        raise SetupError(f"hands: give {players} hand(s) of {HAND_SIZE} cards")
    held = [c for h in hands for c in h]
    deck = list(setup.get("deck") or ())
    discard = list(setup.get("discard") or ())
    if "reveal" in setup:
        deck.insert(0, setup["reveal"])
    named = held + deck + discard
    if len(set(named)) != len(named) or not all(isinstance(c, int) and 0 <= c < 52 for c in named):
        raise SetupError("each card may appear only once among hands, deck, reveal and discard")
    rest = [c for c in DECK if c not in set(named)]
    if "deck" not in setup:
        if setup.get("deck_order") == "neutral" or held or "reveal" in setup:
            deck += rest
        else:
            rng.shuffle(rest)
            deck = rest
    elif "discard" not in setup:
        discard += rest
    elif rest:
        raise SetupError(f"{len(rest)} card(s) are in no hand, deck or discard pile")
    return tuple(deck), tuple(discard), hands


def setup_start_player(start: Any, players: int, rng: random.Random) -> int:
    """setup-start-player: chosen at random by the seed unless given; deals first (ours)."""
    if start is None:
        return rng.randrange(players)
    if not isinstance(start, int) or not 0 <= start < players:
        raise SetupError(f"start must be a seat from 0 to {players - 1}")
    return start


# --- dealing, reshuffles and the deck timers -------------------------------------------

def allowed_reshuffles(flags: int) -> int:
    """two-player-timer / solo-timer: reshuffles the clock allows (Easier: one more)."""
    if flags & SOLO:
        return 1 if flags & EASIER else 0
    return 3 if flags & EASIER else 2


def reshuffle(s: State) -> bool:
    """reshuffle: the discard pile, shuffled by the stored seed, becomes the deck."""
    if not s.discard:
        return False
    pile = sorted(s.discard)
    random.Random(s.seeds[s.reshuffles % len(s.seeds)]).shuffle(pile)
    s.deck, s.discard = tuple(pile), ()
    s.reshuffles += 1
    emit(s, ("reshuffle", s.reshuffles, len(pile)))
    return True


def _draw(s: State, count: int) -> list[int] | None:
    """``count`` cards from the top, reshuffling when the deck runs out (None: cannot)."""
    out: list[int] = []
    while len(out) < count:
        if not s.deck and not reshuffle(s):
            return None
        take = min(count - len(out), len(s.deck))
        out += s.deck[:take]
        s.deck = s.deck[take:]
    return out


def deal_and_program(s: State) -> None:
    """Deal four cards to each player (RULINGS 1), one at a time from the first player;
    the programming decisions follow. Dealing opens the hand, so a hand whose deal needed
    a reshuffle is played (ours)."""
    if s.n == 1 and solo_timer_expired(s):
        _finish(s, "timer")
        return
    cards = _draw(s, HAND_SIZE * s.n)
    if cards is None:
        _finish(s, "timer")
        return
    s.hand_no += 1
    order = [(s.start + i) % s.n for i in range(s.n)]
    hands: list[list[int]] = [[] for _ in range(s.n)]
    for i, card in enumerate(cards):
        hands[order[i % s.n]].append(card)
    s.hands = tuple(tuple(h) for h in hands)
    emit(s, ("deal", s.hand_no, s.hands))
    _begin_programming(s)


def solo_timer_expired(s: State) -> bool:
    """solo-timer (RULINGS 10): a solo hand needs 4 cards dealt plus 1 revealed; when the
    deck cannot give them and no reshuffle is left, the last card is (or would be) dealt
    and the game is over before the hand is played."""
    return len(s.deck) < HAND_SIZE + 1 and s.reshuffles >= allowed_reshuffles(s.flags)


def _begin_programming(s: State) -> None:
    s.phase, s.seat, s.step, s.programs = PROGRAM, 0, 0, ()
    s.reveal, s.winner, s.pending, s.ctx = -1, -2, (), ()
    s.spent, s.used = (0,) * s.n, (0,) * s.n


# --- programming and Initiative ---------------------------------------------------------

def program_actions(s: State) -> list[tuple]:
    """deal-and-program: every way to put the hand on Columns 1–3 and Initiative."""
    hand, head = s.hands[s.seat], (PROGRAM, s.seat)
    return [head + pick(hand) for pick in _PICKS]


def _apply_program(s: State, action: tuple) -> None:
    cards = action[2:]
    if (len(action) != 6 or action[1] != s.seat or not all(type(c) is int for c in cards)
            or sorted(cards) != sorted(s.hands[s.seat])):
        raise IllegalAction(f"P{s.seat + 1} must program exactly the four cards of their hand")
    s.programs = s.programs + (action[2:],)
    emit(s, ("program", s.seat, action[2:]))
    if len(s.programs) < s.n:
        s.seat += 1
        return
    initiative_reveal(s)
    s.phase, s.seat, s.step = RESOLVE, 0, 0


def initiative_reveal(s: State) -> None:
    """Initiative: the higher card wins, rank first, then Spades > Hearts > Diamonds > Clubs.
    The card int order is exactly that comparison. Solo: the deck's top card contests it."""
    cards = tuple(p[3] for p in s.programs)
    if s.n == 1:
        drawn = _draw(s, 1)
        s.reveal = drawn[0] if drawn else -1
        s.winner = 0 if cards[0] > s.reveal else -1
    else:
        s.winner = 0 if cards[0] > cards[1] else 1
    emit(s, ("initiative", cards, s.reveal, s.winner))


# --- cleanup and the end ----------------------------------------------------------------

def cleanup(s: State) -> None:
    """cleanup: every card of the hand to the discard pile; then the end checks (at the end
    of a hand: elimination, the two-player timer) and the next deal."""
    spent_cards = tuple(c for p in s.programs for c in p) + ((s.reveal,) if s.reveal >= 0 else ())
    s.discard = s.discard + spent_cards
    s.hands, s.programs, s.reveal, s.pending, s.ctx = (), (), -1, (), ()
    if any(g.count(0) == 16 for g in s.grids):
        _finish(s, "elimination")
    elif s.n == 2 and s.reshuffles >= allowed_reshuffles(s.flags):
        _finish(s, "timer")
    else:
        deal_and_program(s)


def _finish(s: State, why: str) -> None:
    s.phase, s.end, s.pending, s.ctx = OVER, why, (), ()
    emit(s, ("over", why))


def result(s: State) -> Result:
    """elimination / timer-scoring: cleared grids win (two cleared: a tie); on the clock,
    most dice removed, then the lowest Column 4 total, then a shared victory."""
    counts = tuple(removed(g) for g in s.grids)
    details: dict[str, Any] = {"end": s.end, "hands": s.hand_no, "column_4_pips": tuple(column_4_pips(g) for g in s.grids),
                               "titles": tuple(score_title(c) for c in counts)}
    if s.n == 1:
        return Result(tuple(float(c) for c in counts), ((0,),), details)
    keys = [(-counts[i], column_4_pips(s.grids[i])) for i in range(2)]
    if s.end == "elimination":
        keys = [(-counts[i], 0) for i in range(2)]
    ranking = ((0, 1),) if keys[0] == keys[1] else ((0,), (1,)) if keys[0] < keys[1] else ((1,), (0,))
    return Result(tuple(float(c) for c in counts), ranking, details)


# --- the protocol -----------------------------------------------------------------------

def legal_actions(s: State) -> list[Hashable]:
    if s.phase == RESOLVE:
        return list(s.pending)
    if s.phase == PROGRAM:
        return program_actions(s)  # type: ignore[return-value]
    return []


def apply(s: State, action: Hashable) -> State:
    """The next state; refuses (IllegalAction) anything not legal here, saying why."""
    if s.phase == OVER:
        raise IllegalAction("the game is over")
    if not isinstance(action, tuple) or not action or action[0] != s.phase:
        raise IllegalAction(f"{action!r} is not a legal action now; {_expected(s)}")
    nxt = s.clone()
    if s.phase == PROGRAM:
        _apply_program(nxt, action)
        if nxt.phase == RESOLVE and action_resolution(nxt):
            cleanup(nxt)
        return nxt
    if action not in s.pending:
        raise IllegalAction(f"{action!r} is not a legal action now; {_expected(s)}")
    if action_resolution(nxt, action):
        cleanup(nxt)
    return nxt


def _expected(s: State) -> str:
    if s.phase == PROGRAM:
        return f"P{s.seat + 1} must program their four cards"
    return f"P{s.seat + 1} must choose Movement or suit power for Column {s.step + 1}"


def to_move(s: State) -> int | None:
    return None if s.phase == OVER else s.seat


def is_over(s: State) -> bool:
    return s.phase == OVER


from .zero_grid_text import (  # noqa: E402  (the text layer reads the names above)
    action_text, describe, log, parse_action, run_example,
)
from .zero_grid_map import RULE_MAP  # noqa: E402


@engine
class ZeroGrid:
    """The module's engine object (see :class:`generator.rules.base.Game`)."""

    slug = "zero-grid"
    title = "Zero Grid"
    player_counts = (2, 1)
    variants = VARIANTS
    rule_map = RULE_MAP


GAME = ZeroGrid()
