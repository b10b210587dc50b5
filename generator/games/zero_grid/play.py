"""Zero Grid rules as pure functions: who decides, what is legal, what an action does.

Every player owns a 4×4 grid of dice and programs four cards per hand; cards pick their
die by rule (targeting, dynamic shift, activation limits, highest resolvable die), so
the only decisions are the programming and, for a 2–10 card, Movement or suit power
and the swap target (RULINGS 2, 4). A step with one legal outcome is played at once.

:func:`apply` copies the state's fields into a list, lets the rules edit that list by
named index, and returns a new :class:`State`; the grids and activation marks being
resolved live in a :class:`Desk`, a scratch made and dropped inside the one call, so no
state is ever changed once built.
"""

from __future__ import annotations

from typing import Any, Sequence

from ...rules.base import IllegalAction, implements
from .state import (
    DIAMONDS, EASIER, FACE, FAVOR_AT_REVEAL, HARDCORE, HARDCORE_TEXT, HEARTS, OVER, POWER, PROGRAM, RESOLVE,
    SPADES, SUIT_OF, SWAPS, Action, Favor, Fizzled, Penalty, PowerUsed, Programmed, Revealed, Shifted, State,
    Swapped, Unplayed, allowed_reshuffles, deal_and_program, draw, emit, finish, program_choices,
)

#: ``_new(Event, (fields...))`` builds an event record without NamedTuple's Python-level
#: ``__new__``: the same tuple, a third of the cost, for the events of every card.
_new = tuple.__new__

#: Field indexes of State, for building the next state in a list.
(_PLAYERS, _FLAGS, _GRIDS, _DISCARD, _RESHUFFLES, _HANDS, _PROGRAMS, _REVEAL, _WINNER, _PHASE, _SEAT, _STEP,
 _SPENT, _USED, _PENDING, _CTX, _EVENTS, _NUMBERS) = map(State._fields.index, (
    "players", "flags", "grids", "discard", "reshuffles", "hands", "programs", "reveal", "winner", "phase", "seat",
    "step", "spent", "used", "pending", "ctx", "events", "numbers"))


# --- the protocol -------------------------------------------------------------------------

def to_move(s: State) -> int | None:
    return None if s.phase == OVER else s.seat


def is_over(s: State) -> bool:
    return s.phase == OVER


def legal_actions(s: State) -> tuple[Action, ...]:
    """The programming orders of the hand, or the choices for the card resolving."""
    return s.pending


@implements("hand-structure")
def apply(s: State, action: Action) -> State:
    """The next state: programming, then each seat's cards resolve (deal and program,
    Initiative, action resolution, cleanup); refuses anything not legal, saying why."""
    if action not in s.pending:
        raise IllegalAction(f"{action!r} is not a legal action now; {_expected(s)}",
                            None if s.phase == OVER else "deal-and-program" if s.phase == PROGRAM else "action-choice")
    f: list[Any] = list(s)
    if s.phase == RESOLVE:
        d = Desk(f)
        card, power_cell, move_cell = s.ctx
        f[_PENDING], f[_CTX], f[_STEP] = (), (), s.step + 1
        if action == POWER:
            apply_power(d, s.seat, card, power_cell)
        else:
            swap_movement(d, s.seat, card, move_cell, action[1])
    else:
        f[_PROGRAMS] = s.programs + (action[1:],)
        emit(f, Programmed(s.seat, action[1:]))
        if len(f[_PROGRAMS]) < s.players:
            f[_SEAT] = s.seat + 1
            f[_PENDING] = program_choices(s.hands[s.seat + 1])
            return tuple.__new__(State, f)
        f[_PENDING] = ()
        initiative_reveal(f)
        d = Desk(f)
        if f[_WINNER] < 0 and f[_FLAGS] & FAVOR_AT_REVEAL:
            favor_at_reveal(d)
    done = resolve_cards(f, d)
    d.commit(f)
    if done:
        cleanup(f)
    return tuple.__new__(State, f)


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
    cards = tuple(p[3] for p in f[_PROGRAMS])
    if f[_PLAYERS] == 1:
        drawn = draw(f, 1)
        f[_REVEAL] = drawn[0] if drawn else -1
        f[_WINNER] = 0 if f[_REVEAL] < 0 or key[cards[0]] > key[f[_REVEAL]] else -1
    else:
        f[_WINNER] = 0 if key[cards[0]] > key[cards[1]] else 1
    emit(f, Revealed(cards, f[_REVEAL], f[_WINNER]))
    f[_PHASE], f[_SEAT], f[_STEP] = RESOLVE, 0, 0


# --- resolving the cards ------------------------------------------------------------------

class Desk:
    """Scratch for one :func:`apply` call: each seat's grid (a tuple, replaced when a die
    changes) and activation marks while cards resolve, and the events they add;
    :meth:`commit` writes them to the state being built. Never kept: states stay immutable."""

    __slots__ = ("grids", "used", "spent", "events", "flags")

    def __init__(self, f: list[Any]) -> None:
        self.grids: list[tuple[int, ...]] = list(f[_GRIDS])
        self.used = list(f[_USED])
        self.spent = list(f[_SPENT])
        self.events = f[_EVENTS]
        self.flags = f[_FLAGS]

    def emit(self, event: tuple[Any, ...]) -> None:
        self.events = (event, self.events)

    def commit(self, f: list[Any]) -> None:
        f[_GRIDS] = tuple(self.grids)
        f[_USED], f[_SPENT], f[_EVENTS] = tuple(self.used), tuple(self.spent), self.events


@implements("column-4-access", "column-4", "easier")
def resolves_column_4(winner: int, flags: int, seat: int) -> bool:
    """column-4-access: only the Initiative winner resolves Column 4 (Easier: everyone)."""
    return seat == winner or bool(flags & EASIER)


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
#: row, from the row's mask (bit c: a die in column c). A table lookup instead of a
#: loop, on every card resolved.
TARGETS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(c for c in range(column + 1, 4) if mask >> c & 1) for mask in range(16)) for column in range(4))
#: the four cells of each column, top to bottom
CELLS: tuple[tuple[int, ...], ...] = tuple(tuple(range(column * 4, column * 4 + 4)) for column in range(4))


@implements("selecting-a-die", "action-choice", "resolvable-die", "zg-action-choice", "zg-equal-pips",
            "zg-hearts-on-six")
def select_die(grid: Sequence[int], used: int, column: int, card: int) -> tuple[int, int, tuple[int, ...]]:
    """selecting-a-die: for each action, the highest-pip die of ``column`` that has not
    activated this hand and is resolvable for it, topmost among equals (RULINGS 3).
    Returns (suit-power die cell, Movement die cell, its swap target columns); -1 = none.
    Hearts cannot take a six (RULINGS 6); Movement needs a die to the right in the row;
    a face card has no Movement."""
    no_six = SUIT_OF[card] == HEARTS
    movable = not FACE[card] and column < 3
    power_cell = move_cell = -1
    power_best = move_best = 0
    targets: tuple[int, ...] = ()
    right = TARGETS[column]
    for cell in CELLS[column]:
        v = grid[cell]
        if not v or (used >> cell) & 1:
            continue
        if v > power_best and not (no_six and v == 6):
            power_cell, power_best = cell, v
        if movable and v > move_best:
            row = cell & 3
            found = right[(grid[4 + row] != 0) << 1 | (grid[8 + row] != 0) << 2 | (grid[12 + row] != 0) << 3]
            if found:
                move_cell, move_best, targets = cell, v, found
    return power_cell, move_cell, targets


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


@implements("power-clubs", "zg-clubs-hold", "removal")
def apply_power(d: Desk, seat: int, card: int, cell: int) -> None:
    """The suit power on ``cell``; the die and its column are now activated (a Clubs hold
    activates too, RULINGS 7); a die brought to zero is removed (removal)."""
    grid = d.grids[seat]
    before = grid[cell]
    after = suit_power(card, before, d.flags)
    if after != before:
        d.grids[seat] = grid[:cell] + (after,) + grid[cell + 1:]
    activate(d, seat, cell >> 2, cell if after else -1)
    d.emit(_new(PowerUsed, (seat, card, cell, before, after)))


@implements("swap-movement", "zg-swap-target", "zg-decay-removal")
def swap_movement(d: Desk, seat: int, card: int, cell: int, target_col: int) -> None:
    """swap-movement: the activated die trades places with the die at ``target_col`` in
    its row, then loses one pip (pip decay; zero removes it, RULINGS 5). The other die
    keeps its pips, and both dice keep their activated marks as they move."""
    grid = list(d.grids[seat])
    other = target_col * 4 + (cell & 3)
    before, partner = grid[cell], grid[other]
    after = before - 1
    grid[cell], grid[other] = partner, after
    d.grids[seat] = tuple(grid)
    used = d.used[seat]
    partner_used = (used >> other) & 1
    d.used[seat] = (used & ~((1 << cell) | (1 << other))) | (partner_used << cell)
    activate(d, seat, cell >> 2, other if after else -1)
    d.emit(_new(Swapped, (seat, card, cell, other, before, partner, after)))


@implements("column-activation-limit", "die-eligibility")
def activate(d: Desk, seat: int, column: int, die_cell: int) -> None:
    """column-activation-limit and die-eligibility: the column is spent and the die used."""
    d.spent[seat] |= 1 << column
    if die_cell >= 0:
        d.used[seat] |= 1 << die_cell


@implements("fizzles")
def fizzle(d: Desk, seat: int, card: int, column: int, why: str) -> None:
    """fizzles: the card does nothing; in Hardcore a penalty follows at once."""
    d.emit(_new(Fizzled, (seat, card, column, why)))
    if d.flags & HARDCORE:
        hardcore_penalty(d, seat)
    elif d.flags & HARDCORE_TEXT and FACE[card]:
        rule_text_penalty(d, seat)


@implements("zg-penalty-details")
def raise_pip(d: Desk, seat: int, cell: int) -> tuple[int, int]:
    """A penalty or favor pip: +1, never above six, and not an activation. Returns the
    pips before and after."""
    grid = d.grids[seat]
    before = grid[cell]
    after = before + 1 if before < 6 else 6
    d.grids[seat] = grid[:cell] + (after,) + grid[cell + 1:]
    return before, after


@implements("hardcore", "zg-hardcore-penalty")
def hardcore_penalty(d: Desk, seat: int) -> None:
    """Hardcore, the FAQ's penalty (RULINGS 8): +1 pip to the highest die of Column 1, or of
    the next column with dice; topmost among equals, never above six, no activation."""
    grid = d.grids[seat]
    column = target_column(grid, 0)
    if column < 0:
        return
    cells = range(column * 4, column * 4 + 4)
    cell = max(cells, key=lambda c: (grid[c], -c))
    d.emit(Penalty(seat, cell, *raise_pip(d, seat, cell)))


@implements("hardcore-rule-text", "zg-rule-text-penalty")
def rule_text_penalty(d: Desk, seat: int) -> None:
    """Hardcore, the rule text's penalty: the two lowest dice, one per column, gain 1 pip
    (lowest first; leftmost column then topmost among equals)."""
    grid = d.grids[seat]
    dice = sorted((grid[c], c) for c in range(16) if grid[c])
    if not dice:
        return
    first = dice[0][1]
    d.emit(Penalty(seat, first, *raise_pip(d, seat, first)))
    for _, cell in dice[1:]:
        if cell >> 2 != first >> 2:
            d.emit(Penalty(seat, cell, *raise_pip(d, seat, cell)))
            break


@implements("solo-mode", "zg-favor-timing")
def adversary_favor(d: Desk) -> None:
    """Solo, Adversary Favor: on losing Initiative the lowest die in Column 4 gains 1 pip,
    at the moment Column 4 would resolve (topmost among equals, never above six)."""
    grid = d.grids[0]
    cells = [c for c in range(12, 16) if grid[c]]
    if cells:
        cell = min(cells, key=lambda c: (grid[c], c))
        d.emit(Favor(0, cell, *raise_pip(d, 0, cell)))


@implements("favor-at-reveal")
def favor_at_reveal(d: Desk) -> None:
    """The favor-at-reveal variant (the other reading of RULINGS 11): a solo player who
    loses Initiative gives Adversary Favor at the reveal, before any column resolves."""
    adversary_favor(d)


#: The choices for a card: (suit power possible, swap target columns) -> legal actions.
_CHOICES: dict[tuple[bool, tuple[int, ...]], tuple[Action, ...]] = {
    (power, targets): ((POWER,) if power else ()) + tuple(SWAPS[t] for t in targets)
    for power in (False, True)
    for targets in [(), (1,), (2,), (3,), (1, 2), (1, 3), (2, 3), (1, 2, 3)]}


@implements("action-resolution", "zg-must-resolve", "zg-shifted-card-limit")
def resolve_cards(f: list[Any], d: Desk) -> bool:
    """action-resolution: each player resolves Columns 1, 2, 3 (and 4 when allowed) in
    order. Steps with a single legal outcome play at once (zg-must-resolve: an action no
    die can take is never offered); stops at the first real choice (Movement or power,
    and which swap target), returning False, or when every card is resolved, returning
    True (the caller then runs cleanup)."""
    players, programs, winner, flags = f[_PLAYERS], f[_PROGRAMS], f[_WINNER], d.flags
    seat, step = f[_SEAT], f[_STEP]
    while True:
        if step == 4:
            if seat + 1 < players:
                seat, step = seat + 1, 0
                continue
            f[_SEAT], f[_STEP] = seat, step
            return True
        card = programs[seat][step]
        if step == 3:
            if winner == -1 and not flags & FAVOR_AT_REVEAL:
                adversary_favor(d)
            if not resolves_column_4(winner, flags, seat):
                d.emit(_new(Unplayed, (seat, card)))
                step = 4
                continue
        grid = d.grids[seat]
        column = target_column(grid, step)
        if column < 0:
            fizzle(d, seat, card, step, "empty")
            step += 1
            continue
        if column != step:
            d.emit(_new(Shifted, (seat, card, step, column)))
        if (d.spent[seat] >> column) & 1:
            fizzle(d, seat, card, column, "spent")
            step += 1
            continue
        power_cell, move_cell, targets = select_die(grid, d.used[seat], column, card)
        if not targets:
            if power_cell >= 0:
                apply_power(d, seat, card, power_cell)
            else:
                fizzle(d, seat, card, column, "none")
        elif power_cell < 0 and len(targets) == 1:
            swap_movement(d, seat, card, move_cell, targets[0])
        else:
            f[_SEAT], f[_STEP] = seat, step
            f[_PENDING], f[_CTX] = _CHOICES[power_cell >= 0, targets], (card, power_cell, move_cell)
            return False
        step += 1


# --- cleanup and the end ------------------------------------------------------------------

@implements("cleanup", "end-of-game", "elimination", "zg-two-player-timer", "zg-elimination-timing")
def cleanup(f: list[Any]) -> None:
    """cleanup: every card of the hand to the discard pile; then the end checks (at the end
    of a hand: elimination, the two-player timer) and the next deal."""
    spent_cards = tuple(c for p in f[_PROGRAMS] for c in p) + ((f[_REVEAL],) if f[_REVEAL] >= 0 else ())
    f[_DISCARD] = f[_DISCARD] + spent_cards
    f[_HANDS], f[_PROGRAMS], f[_REVEAL], f[_PENDING], f[_CTX] = (), (), -1, (), ()
    if any(g.count(0) == 16 for g in f[_GRIDS]):
        finish(f, "elimination")
    elif f[_PLAYERS] == 2 and f[_RESHUFFLES] >= allowed_reshuffles(f[_FLAGS]):
        finish(f, "timer")
    else:
        deal_and_program(f)
