"""Zero Grid rules as pure functions: who decides, what is legal, what an action does.

Every player owns a 4×4 grid of dice and programs four cards per hand; cards pick their
die by rule (targeting, dynamic shift, activation limits, highest resolvable die), so
the only decisions are the programming and, for a 2–10 card, Movement or suit power
and the swap target (RULINGS 2, 4). A step with one legal outcome is played at once.

:func:`apply` copies the state's fields into a list, lets the rules edit that list by
named index, and returns a new :class:`State`; the grid and activation marks of the seat
whose cards resolve are locals of :func:`resolve_cards` until it writes them back, so no
state is ever changed once built. A move records its events only when they are asked
for (:data:`.state.Later`): random play and the searches never read them.
"""

from __future__ import annotations

from itertools import product
from operator import itemgetter
from typing import Any, Callable, Sequence

from ...rules.base import IllegalAction, implements
from .state import (
    DIAMONDS, EASIER, FACE, FAVOR_AT_REVEAL, HARDCORE, HARDCORE_TEXT, HEARTS, OVER, POWER, PROGRAM, RESOLVE,
    SPADES, SUIT_OF, SWAPS, Action, Favor, Fizzled, History, Penalty, PowerUsed, ProgramChoices, Programmed, Revealed,
    Shifted, State, Swapped, Unplayed, allowed_reshuffles, deal_and_program, draw, finish, program_choices,
)

#: ``_new(Event, (fields...))`` builds an event record without NamedTuple's Python-level
#: ``__new__``: the same tuple, a third of the cost, for the events of every card.
_new = tuple.__new__

#: Field indexes of State, for building the next state in a list.
(_PLAYERS, _FLAGS, _GRIDS, _DISCARD, _RESHUFFLES, _HANDS, _PROGRAMS, _REVEAL, _WINNER, _PHASE, _SEAT, _STEP,
 _SPENT, _USED, _PENDING, _CTX, _HISTORY, _NUMBERS) = map(State._fields.index, (
    "players", "flags", "grids", "discard", "reshuffles", "hands", "programs", "reveal", "winner", "phase", "seat",
    "step", "spent", "used", "pending", "ctx", "history", "numbers"))
#: The fields :func:`resolve_cards` reads, and those it writes when it stops, each as
#: one slice: a slice and an unpacking cost less than a dozen reads by index.
_READS, _WRITES = slice(_PROGRAMS, _HISTORY + 1), slice(_SEAT, _HISTORY + 1)
assert State._fields[_READS] == ("programs", "reveal", "winner", "phase", "seat", "step", "spent", "used", "pending",
                                 "ctx", "history")


# --- the protocol -------------------------------------------------------------------------

def to_move(s: State) -> int | None:
    return None if s.phase == OVER else s.seat


#: ``is_over(state)``: whether the game is over, read from the state's ``over`` field (set
#: with the phase) by ``itemgetter``: a call that runs no Python code, after every move.
is_over: Callable[[State], bool] = itemgetter(State._fields.index("over"))


#: ``legal_actions(state)``: the programming orders of the hand, or the choices for the
#: card resolving, which every state holds (``pending``): read by ``itemgetter``, a call
#: that runs no Python code, as random play and the bots ask it at every decision.
legal_actions: Callable[[State], Sequence[Action]] = itemgetter(_PENDING)


@implements("hand-structure")
def apply(s: State, action: Action) -> State:
    """The next state: programming, then each seat's cards resolve (deal and program,
    Initiative, action resolution, cleanup); refuses anything not legal, saying why.

    The rules record the move's events only when the state's history holds events (a
    new game's, or a state the events were asked of): otherwise the new state keeps the
    move itself (:data:`.state.Later`), and its events are worked out when first read."""
    pending = s.pending
    f: list[Any] = [*s]  # list(s), faster for a tuple subclass
    if s.phase == RESOLVE:
        if action not in pending:
            raise IllegalAction(f"{action!r} is not a legal action now; {_expected(s)}", "action-choice")
        done = resolve_cards(f, action)
    else:  # programming: the order just read from the choices is legal without a look
        if not (type(pending) is ProgramChoices and action is pending.given) and action not in pending:
            raise IllegalAction(f"{action!r} is not a legal action now; {_expected(s)}",
                                None if s.phase == OVER else "deal-and-program")
        seat = s.seat
        program = action[1:]
        f[_PROGRAMS] = programs = s.programs + (program,)
        history = s.history
        if type(history) is not list:
            f[_HISTORY] = (_new(Programmed, (seat, program)), history)
        if len(programs) < s.players:
            f[_SEAT] = seat + 1
            f[_PENDING] = program_choices(s.hands[seat + 1])
            done = False
        else:
            initiative_reveal(f)
            if f[_WINNER] < 0 and f[_FLAGS] & FAVOR_AT_REVEAL:
                favor_at_reveal(f)
            done = resolve_cards(f, None)
    if done:
        cleanup(f)
    if type(f[_HISTORY]) is list:  # nothing recorded: the events are the move's, when read
        f[_HISTORY] = [s, action, apply]
    return _new(State, f)


def _expected(s: State) -> str:
    if s.phase == OVER:
        return "the game is over"
    if s.phase == PROGRAM:
        return "the player to move must program exactly the four cards of their hand"
    return f"the player to move must choose Movement or the suit power for the card on Column {s.step + 1}"


# --- programming and Initiative -----------------------------------------------------------

@implements("initiative-reveal", "zg-solo-reveal")
def initiative_reveal(f: list[Any]) -> None:
    """Initiative: the higher card wins, rank first, then the content's suit order (Spades,
    Hearts, Diamonds, Clubs). Solo: the deck's top card contests it (turned over, not
    dealt). Resolution follows, each seat from Column 1."""
    key = f[_NUMBERS].initiative
    programs = f[_PROGRAMS]
    if f[_PLAYERS] == 1:
        cards: tuple[int, ...] = (programs[0][3],)
        drawn = draw(f, 1)
        f[_REVEAL] = drawn[0] if drawn else -1
        f[_WINNER] = 0 if f[_REVEAL] < 0 or key[cards[0]] > key[f[_REVEAL]] else -1
    else:
        cards = (programs[0][3], programs[1][3])
        f[_WINNER] = 0 if key[cards[0]] > key[cards[1]] else 1
    history = f[_HISTORY]
    if type(history) is not list:
        f[_HISTORY] = (_new(Revealed, (cards, f[_REVEAL], f[_WINNER])), history)
    f[_PHASE], f[_SEAT], f[_STEP] = RESOLVE, 0, 0


# --- the rules of one card, as pure functions ----------------------------------------------

@implements("targeting")
def target_column(grid: Sequence[int], column: int) -> int:
    """targeting / dynamic shift: the assigned column if it holds any die, else the next
    column to the right that does; -1 when none does (the card fizzles). Spent columns
    hold dice, so they never cause a shift."""
    for col in range(column, 4):
        b = col * 4
        if grid[b] or grid[b + 1] or grid[b + 2] or grid[b + 3]:
            return col
    return -1


#: ``TARGETS[column][row mask]``: the columns right of ``column`` holding a die in the
#: row, from the row's mask (bit c: a die in column c).
TARGETS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(c for c in range(column + 1, 4) if mask >> c & 1) for mask in range(16)) for column in range(4))


@implements("selecting-a-die", "action-choice", "resolvable-die", "zg-action-choice", "zg-equal-pips",
            "zg-hearts-on-six")
def select_die(grid: Sequence[int], used: int, column: int, card: int) -> tuple[int, int, tuple[int, ...]]:
    """selecting-a-die: for each action, the highest-pip die of ``column`` that has not
    activated this hand and is resolvable for it, topmost among equals (RULINGS 3).
    Returns (suit-power die cell, Movement die cell, its swap target columns); -1 = none.
    Hearts cannot take a six (RULINGS 6); Movement needs a die to the right in the row;
    a face card has no Movement."""
    b = column * 4
    first, no_six, ranked = RANKED[used >> b & 15][tuple(grid[b:b + 4])]
    power = no_six if SUIT_OF[card] == HEARTS else first
    if FACE[card] or column == 3:
        return (power + b if power >= 0 else -1), -1, ()
    for row in ranked:
        targets = TARGETS[column][ROW_MASK[tuple(grid[row::4])]]
        if targets:
            return (power + b if power >= 0 else -1), b + row, targets
    return (power + b if power >= 0 else -1), -1, ()


def rank_dice(pips: tuple[int, ...], used: int) -> tuple[int, int, tuple[int, ...]]:
    """The dice of a column (its four pips top to bottom, and which have activated this
    hand) that may activate, best first: highest pips, topmost among equals. Returns
    (the best row, the best row without a six, every such row in order); -1: none."""
    rows = [row for row in _ROWS if pips[row] and not used >> row & 1]
    rows.sort(key=pips.__getitem__, reverse=True)  # a stable sort: topmost first among equals
    ranked = tuple(rows)
    for row in ranked:
        if pips[row] != 6:
            return ranked[0], row, ranked
    return (ranked[0] if ranked else -1), -1, ranked


_ROWS = (0, 1, 2, 3)


class _Ranked(dict[tuple[int, ...], tuple[int, int, tuple[int, ...]]]):
    """:func:`rank_dice` for one activation mask, by the column's pips, worked out once."""

    def __init__(self, used: int) -> None:
        super().__init__()
        self.used = used

    def __missing__(self, pips: tuple[int, ...]) -> tuple[int, int, tuple[int, ...]]:
        found = self[pips] = rank_dice(pips, self.used)
        return found


#: ``KIND[card]``: bit 0, a Hearts card (its power cannot take a six, RULINGS 6); bit 1, a
#: face card (no Movement). Read with :data:`RANKED`'s (best, best without a six, all).
KIND: tuple[int, ...] = tuple((SUIT_OF[card] == HEARTS) | FACE[card] << 1 for card in range(len(SUIT_OF)))


#: ``RANKED[activation mask of the column][its four pips]``: :func:`rank_dice`, and
#: ``ROW_MASK[a row's pips]``: its mask, bit c set when column c holds a die: tables, so
#: resolving a card reads its dice in two lookups.
RANKED = tuple(_Ranked(used) for used in range(16))
ROW_MASK: dict[tuple[int, ...], int] = {
    row: (row[0] > 0) | (row[1] > 0) << 1 | (row[2] > 0) << 2 | (row[3] > 0) << 3
    for row in product(range(7), repeat=4)}


@implements("suit-powers", "power-hearts", "power-diamonds", "power-spades")
def suit_power(card: int, pips: int, flags: int) -> int:
    """suit-powers: Hearts +2 up to 6; Diamonds -2 (Hardcore: -1), zero is removal;
    Spades flip to the opposite face; Clubs hold."""
    suit = SUIT_OF[card]
    if suit == HEARTS:
        return 6 if pips > 3 else pips + 2
    if suit == DIAMONDS:
        after = pips - (1 if flags & (HARDCORE | HARDCORE_TEXT) else 2)
        return after if after > 0 else 0
    if suit == SPADES:
        return 7 - pips
    return pips


#: ``POWERS[flags & _HARD][card][pips]``: :func:`suit_power` as a table (pips 0 unused),
#: by the Hardcore flags of the game (either reading changes the powers alike).
_HARD = HARDCORE | HARDCORE_TEXT
POWERS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(suit_power(card, pips, flags) if pips else 0 for pips in range(7)) for card in range(len(SUIT_OF)))
    for flags in range(_HARD + 1))

#: The choices for a card, by its swap target columns: Movement only, or the suit power too.
_MOVES: dict[tuple[int, ...], tuple[Action, ...]] = {
    targets: tuple(SWAPS[t] for t in targets) for targets in [(1,), (2,), (3,), (1, 2), (1, 3), (2, 3), (1, 2, 3)]}
_POWER_OR_MOVES = {targets: (POWER, *moves) for targets, moves in _MOVES.items()}


# --- resolving the cards ------------------------------------------------------------------

@implements("action-resolution", "column-4-access", "column-4", "easier", "zg-must-resolve", "zg-shifted-card-limit",
            "targeting", "selecting-a-die", "action-choice", "zg-action-choice", "resolvable-die", "zg-equal-pips",
            "zg-hearts-on-six", "suit-powers", "power-hearts", "power-diamonds", "power-spades", "power-clubs",
            "zg-clubs-hold", "removal", "swap-movement", "zg-swap-target", "zg-decay-removal",
            "column-activation-limit", "die-eligibility")
def resolve_cards(f: list[Any], choice: Action | None) -> bool:
    """action-resolution: each player resolves Columns 1, 2, 3 (and 4 when allowed) in
    order, starting with ``choice`` when it is the decision just made for the card
    waiting on one. Steps with a single legal outcome play at once (zg-must-resolve: an
    action no die can take is never offered); stops at the first real choice (Movement
    or power, and which swap target), returning False, or when every card is resolved,
    returning True (the caller then runs cleanup). column-4-access: only the Initiative
    winner resolves Column 4 (Easier: everyone).

    One card: it targets its column, or shifts right past empty ones (targeting); a
    spent column makes it fizzle; else :func:`select_die` picks the die for each action
    (read from the tables it is built on) and the card uses its suit power
    (:func:`suit_power`: the die and its column are now activated, a Clubs hold too,
    RULINGS 7; zero removes the die) or Movement (the die trades places with the die of
    the target column in its row, then loses one pip, zero removing it, RULINGS 5; the
    other die keeps its pips, and both keep their activated marks as they move).

    The rules run here written out, on the one seat's grid and marks kept in locals:
    this is the hot path of every game, and a call or a scratch object per card would
    cost more than the card itself."""
    programs, _, winner, _, seat, step, spent_all, used_all, _, ctx, events = f[_READS]
    recording = type(events) is not list  # a move's first run builds no events
    players, flags, grids = f[_PLAYERS], f[_FLAGS], f[_GRIDS]
    grid, used, spent, program = grids[seat], used_all[seat], spent_all[seat], programs[seat]
    powers = POWERS[flags & _HARD]
    card = cell = target = -1
    if choice is not None:
        card, power_cell, move_cell = ctx
        cell, target = (power_cell, -1) if choice == POWER else (move_cell, choice[1])
        column = cell >> 2
    while True:
        if cell < 0:  # the next card: which die and action, or a choice to make
            if step == 4:  # the seat is done: its grid and marks back among every seat's
                if seat:
                    grids, used_all, spent_all = (grids[0], grid), (used_all[0], used), (spent_all[0], spent)
                elif players == 2:
                    grids, used_all, spent_all = (grid, grids[1]), (used, used_all[1]), (spent, spent_all[1])
                else:
                    grids, used_all, spent_all = (grid,), (used,), (spent,)
                if seat + 1 < players:
                    seat, step = seat + 1, 0
                    grid, used, spent, program = grids[seat], used_all[seat], spent_all[seat], programs[seat]
                    continue
                f[_GRIDS] = grids
                f[_WRITES] = (seat, step, spent_all, used_all, f[_PENDING], f[_CTX], events)
                return True
            card = program[step]
            if step == 3:
                if winner == -1 and not flags & FAVOR_AT_REVEAL:
                    grid, events = adversary_favor(grid, events)
                if seat != winner and not flags & EASIER:  # only the Initiative winner (Easier: all)
                    if recording:
                        events = (_new(Unplayed, (seat, card)), events)
                    step = 4
                    continue
            b = step * 4
            pips = grid[b:b + 4]
            column = step
            if pips == _EMPTY:
                column = target_column(grid, step)
                if column < 0:
                    grid, events = fizzle(grid, seat, card, step, "empty", flags, events)
                    step += 1
                    continue
                if recording:
                    events = (_new(Shifted, (seat, card, step, column)), events)
                b = column * 4
                pips = grid[b:b + 4]
            if spent >> column & 1:
                grid, events = fizzle(grid, seat, card, column, "spent", flags, events)
                step += 1
                continue
            # select_die, from its tables
            ranking, kind = RANKED[used >> b & 15][pips], KIND[card]
            power = ranking[kind & 1]
            targets: tuple[int, ...] = ()
            if kind < 2 and column < 3:
                right = TARGETS[column]
                for row in ranking[2]:
                    targets = right[ROW_MASK[grid[row::4]]]
                    if targets:
                        cell = b + row
                        break
            if not targets:
                if power < 0:
                    grid, events = fizzle(grid, seat, card, column, "none", flags, events)
                    step += 1
                    continue
                cell = b + power
            elif power < 0 and len(targets) == 1:
                target = targets[0]
            else:
                if seat:
                    f[_GRIDS] = (grids[0], grid)
                    spent_all, used_all = (spent_all[0], spent), (used_all[0], used)
                elif players == 2:
                    f[_GRIDS] = (grid, grids[1])
                    spent_all, used_all = (spent, spent_all[1]), (used, used_all[1])
                else:
                    f[_GRIDS], spent_all, used_all = (grid,), (spent,), (used,)
                f[_WRITES] = (seat, step, spent_all, used_all, _MOVES[targets], (card, -1, cell), events) if power < 0 \
                    else (seat, step, spent_all, used_all, _POWER_OR_MOVES[targets], (card, b + power, cell), events)
                return False
        before = grid[cell]
        if target < 0:  # the suit power; the die and its column are activated
            after = powers[card][before]
            if after != before:
                grid = grid[:cell] + (after,) + grid[cell + 1:]
            spent |= 1 << column
            if after:
                used |= 1 << cell
            if recording:
                events = (_new(PowerUsed, (seat, card, cell, before, after)), events)
        else:  # Movement: swap, then decay; activation marks travel with their dice
            other = target * 4 + (cell & 3)
            partner, after = grid[other], before - 1
            g = list(grid)
            g[cell], g[other] = partner, after
            grid = tuple(g)
            used = (used & ~((1 << cell) | (1 << other))) | ((used >> other & 1) << cell)
            spent |= 1 << column
            if after:
                used |= 1 << other
            if recording:
                events = (_new(Swapped, (seat, card, cell, other, before, partner, after)), events)
        step += 1
        cell = target = -1


_EMPTY = (0, 0, 0, 0)



@implements("fizzles")
def fizzle(grid: tuple[int, ...], seat: int, card: int, column: int, why: str, flags: int,
           events: History) -> tuple[tuple[int, ...], History]:
    """fizzles: the card does nothing; in Hardcore a penalty follows at once. Returns the
    grid and the events after."""
    if type(events) is not list:
        events = (_new(Fizzled, (seat, card, column, why)), events)
    if flags & HARDCORE:
        return hardcore_penalty(grid, seat, events)
    if flags & HARDCORE_TEXT and FACE[card]:
        return rule_text_penalty(grid, seat, events)
    return grid, events


def _record(event: tuple[Any, ...], events: History) -> History:
    """``events`` with ``event`` added, when they are recorded (not a :data:`.state.Later`)."""
    return events if type(events) is list else (event, events)


@implements("zg-penalty-details")
def raise_pip(grid: tuple[int, ...], cell: int) -> tuple[tuple[int, ...], int, int]:
    """A penalty or favor pip: +1, never above six, and not an activation. Returns the
    grid after, and the pips before and after."""
    before = grid[cell]
    after = before + 1 if before < 6 else 6
    return grid[:cell] + (after,) + grid[cell + 1:], before, after


@implements("hardcore", "zg-hardcore-penalty")
def hardcore_penalty(grid: tuple[int, ...], seat: int, events: History) -> tuple[tuple[int, ...], History]:
    """Hardcore, the FAQ's penalty (RULINGS 8): +1 pip to the highest die of Column 1, or of
    the next column with dice; topmost among equals, never above six, no activation."""
    column = target_column(grid, 0)
    if column < 0:
        return grid, events
    cells = range(column * 4, column * 4 + 4)
    cell = max(cells, key=lambda c: (grid[c], -c))
    grid, before, after = raise_pip(grid, cell)
    return grid, _record(Penalty(seat, cell, before, after), events)


@implements("hardcore-rule-text", "zg-rule-text-penalty")
def rule_text_penalty(grid: tuple[int, ...], seat: int, events: History) -> tuple[tuple[int, ...], History]:
    """Hardcore, the rule text's penalty: the two lowest dice, one per column, gain 1 pip
    (lowest first; leftmost column then topmost among equals)."""
    dice = sorted((grid[c], c) for c in range(16) if grid[c])
    if not dice:
        return grid, events
    first = dice[0][1]
    grid, before, after = raise_pip(grid, first)
    events = _record(Penalty(seat, first, before, after), events)
    for _, cell in dice[1:]:
        if cell >> 2 != first >> 2:
            grid, before, after = raise_pip(grid, cell)
            return grid, _record(Penalty(seat, cell, before, after), events)
    return grid, events


@implements("solo-mode", "zg-favor-timing")
def adversary_favor(grid: tuple[int, ...], events: History) -> tuple[tuple[int, ...], History]:
    """Solo, Adversary Favor: on losing Initiative the lowest die in Column 4 of the one
    player's ``grid`` gains 1 pip, at the moment Column 4 would resolve (topmost among
    equals, never above six). Returns the grid and the events after."""
    cells = [c for c in range(12, 16) if grid[c]]
    if not cells:
        return grid, events
    cell = min(cells, key=lambda c: (grid[c], c))
    grid, before, after = raise_pip(grid, cell)
    return grid, _record(Favor(0, cell, before, after), events)


@implements("favor-at-reveal")
def favor_at_reveal(f: list[Any]) -> None:
    """The favor-at-reveal variant (the other reading of RULINGS 11): a solo player who
    loses Initiative gives Adversary Favor at the reveal, before any column resolves."""
    grid, f[_HISTORY] = adversary_favor(f[_GRIDS][0], f[_HISTORY])
    f[_GRIDS] = (grid, *f[_GRIDS][1:])


# --- cleanup and the end ------------------------------------------------------------------

@implements("cleanup", "end-of-game", "elimination", "zg-two-player-timer", "zg-elimination-timing")
def cleanup(f: list[Any]) -> None:
    """cleanup: every card of the hand to the discard pile; then the end checks (at the end
    of a hand: elimination, the two-player timer) and the next deal."""
    programs, reveal = f[_PROGRAMS], f[_REVEAL]
    spent_cards = programs[0] + programs[1] if len(programs) == 2 else programs[0]
    f[_DISCARD] = f[_DISCARD] + spent_cards + ((reveal,) if reveal >= 0 else ())
    f[_HANDS], f[_PROGRAMS], f[_REVEAL], f[_PENDING], f[_CTX] = (), (), -1, (), ()
    if not all(map(any, f[_GRIDS])):  # a grid with no die left
        finish(f, "elimination")
    elif f[_PLAYERS] == 2 and f[_RESHUFFLES] >= allowed_reshuffles(f[_FLAGS]):
        finish(f, "timer")
    else:
        deal_and_program(f)
