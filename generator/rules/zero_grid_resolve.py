"""Zero Grid action resolution: which column and die a card acts on, and what it does.

Design: David McDougal. Pure rules over a :class:`Desk` (mutable working copies of the
grids made inside one ``apply`` call and written back to the new state), emitting
readable events into the state's log. Names here are re-exported by
:mod:`generator.rules.zero_grid`, whose ``rule_map`` points at them.
"""

from __future__ import annotations

from typing import Sequence

from .zero_grid_cards import DIAMONDS, FIRST_FACE, HEARTS, SPADES
from .zero_grid_state import EASIER, FAVOR_AT_REVEAL, HARDCORE, HARDCORE_TEXT, MOVE, POWER, RESOLVE, State, emit


def resolves_column_4(s: State, seat: int) -> bool:
    """column-4-access: only the Initiative winner resolves Column 4 (Easier: everyone)."""
    return seat == s.winner or bool(s.flags & EASIER)


def target_column(grid: Sequence[int], column: int) -> int:
    """targeting / dynamic shift: the assigned column if it holds any die, else the next
    column to the right that does; -1 when none does (the card fizzles). Spent columns
    hold dice, so they never cause a shift."""
    for col in range(column, 4):
        b = col * 4
        if grid[b] or grid[b + 1] or grid[b + 2] or grid[b + 3]:
            return col
    return -1


#: For each cell, the (column, cell) pairs to its right in the same row: swap targets.
RIGHT_OF: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((c, c * 4 + (cell & 3)) for c in range((cell >> 2) + 1, 4)) for cell in range(16))


def select_die(grid: Sequence[int], used: int, column: int, card: int) -> tuple[int, int, tuple[int, ...]]:
    """selecting-a-die: for each action, the highest-pip die of ``column`` that has not
    activated this hand and is resolvable for it, topmost among equals (RULINGS 3).
    Returns (suit-power die cell, Movement die cell, its swap target columns); -1 = none.
    Hearts cannot take a six (RULINGS 6); Movement needs a die to the right in the row;
    a face card has no Movement."""
    no_six = (card & 3) == HEARTS
    movable = card < FIRST_FACE
    power_cell = move_cell = -1
    power_best = move_best = 0
    targets: tuple[int, ...] = ()
    for cell in range(column * 4, column * 4 + 4):
        v = grid[cell]
        if not v or (used >> cell) & 1:
            continue
        if v > power_best and not (no_six and v == 6):
            power_cell, power_best = cell, v
        if movable and v > move_best:
            found = tuple([c for c, other in RIGHT_OF[cell] if grid[other]])
            if found:
                move_cell, move_best, targets = cell, v, found
    return power_cell, move_cell, targets


def suit_power(card: int, pips: int, flags: int) -> int:
    """suit-powers: Hearts +2 up to 6; Diamonds -2 (Hardcore: -1), zero is removal;
    Spades flip to the opposite face; Clubs hold."""
    suit = card & 3
    if suit == HEARTS:
        return 6 if pips > 3 else pips + 2
    if suit == DIAMONDS:
        after = pips - (1 if flags & (HARDCORE | HARDCORE_TEXT) else 2)
        return after if after > 0 else 0
    if suit == SPADES:
        return 7 - pips
    return pips


class Desk:
    """The grids and activation marks as mutable working copies while cards resolve inside
    one :func:`apply` call; :meth:`commit` writes them back as tuples to the new state, so
    states stay immutable from the outside (copy-on-write, for speed)."""

    __slots__ = ("grids", "used", "spent")

    def __init__(self, s: State) -> None:
        self.grids = list(map(list, s.grids))
        self.used = list(s.used)
        self.spent = list(s.spent)

    def commit(self, s: State) -> None:
        s.grids = tuple(map(tuple, self.grids))
        s.used, s.spent = tuple(self.used), tuple(self.spent)


def apply_power(s: State, d: Desk, seat: int, card: int, cell: int) -> None:
    """The suit power on ``cell``; the die and its column are now activated (a Clubs hold
    activates too, RULINGS 7); a die brought to zero is removed (removal)."""
    grid = d.grids[seat]
    before = grid[cell]
    after = grid[cell] = suit_power(card, before, s.flags)
    activate(d, seat, cell >> 2, cell if after else -1)
    emit(s, ("power", seat, card, cell, before, after))


def swap_movement(s: State, d: Desk, seat: int, card: int, cell: int, target_col: int) -> None:
    """swap-movement: the activated die trades places with the die at ``target_col`` in
    its row, then loses one pip (pip decay; zero removes it, RULINGS 5). The other die
    keeps its pips, and both dice keep their activated marks as they move."""
    grid = d.grids[seat]
    other = target_col * 4 + (cell & 3)
    before, partner = grid[cell], grid[other]
    after = before - 1
    grid[cell], grid[other] = partner, after
    used = d.used[seat]
    partner_used = (used >> other) & 1
    d.used[seat] = (used & ~((1 << cell) | (1 << other))) | (partner_used << cell)
    activate(d, seat, cell >> 2, other if after else -1)
    emit(s, ("move", seat, card, cell, other, before, partner, after))


def activate(d: Desk, seat: int, column: int, die_cell: int) -> None:
    """column-activation-limit and die-eligibility: the column is spent and the die used."""
    d.spent[seat] |= 1 << column
    if die_cell >= 0:
        d.used[seat] |= 1 << die_cell


def fizzle(s: State, d: Desk, seat: int, card: int, column: int, why: str) -> None:
    """fizzles: the card does nothing; in Hardcore a penalty follows at once."""
    emit(s, ("fizzle", seat, card, column, why))
    if s.flags & HARDCORE:
        hardcore_penalty(s, d, seat)
    elif s.flags & HARDCORE_TEXT and card >= FIRST_FACE:
        rule_text_penalty(s, d, seat)


def raise_pip(s: State, d: Desk, seat: int, cell: int, kind: str) -> None:
    """A penalty or favor pip: +1, never above six, and not an activation."""
    grid = d.grids[seat]
    before = grid[cell]
    after = grid[cell] = before + 1 if before < 6 else 6
    emit(s, (kind, seat, cell, before, after))


def hardcore_penalty(s: State, d: Desk, seat: int) -> None:
    """Hardcore, the FAQ's penalty (RULINGS 8): +1 pip to the highest die of Column 1, or of
    the next column with dice; topmost among equals, never above six, no activation."""
    grid = d.grids[seat]
    column = target_column(grid, 0)
    if column < 0:
        return
    cells = range(column * 4, column * 4 + 4)
    raise_pip(s, d, seat, max(cells, key=lambda c: (grid[c], -c)), "penalty")


def rule_text_penalty(s: State, d: Desk, seat: int) -> None:
    """Hardcore, the rule text's penalty: the two lowest dice, one per column, gain 1 pip
    (lowest first; leftmost column then topmost among equals)."""
    grid = d.grids[seat]
    dice = sorted((grid[c], c) for c in range(16) if grid[c])
    if not dice:
        return
    first = dice[0][1]
    raise_pip(s, d, seat, first, "penalty")
    for _, cell in dice[1:]:
        if cell >> 2 != first >> 2:
            raise_pip(s, d, seat, cell, "penalty")
            break


def adversary_favor(s: State, d: Desk) -> None:
    """Solo, Adversary Favor: on losing Initiative the lowest die in Column 4 gains 1 pip,
    at the moment Column 4 would resolve (topmost among equals, never above six)."""
    grid = d.grids[0]
    cells = [c for c in range(12, 16) if grid[c]]
    if cells:
        raise_pip(s, d, 0, min(cells, key=lambda c: (grid[c], c)), "favor")


def favor_at_reveal(s: State, d: Desk) -> None:
    """The favor-at-reveal variant (the other reading of RULINGS 11): a solo player who
    loses Initiative gives Adversary Favor at the reveal, before any column resolves."""
    adversary_favor(s, d)


def action_resolution(s: State, decision: tuple | None = None) -> bool:
    """action-resolution: each player resolves Columns 1, 2, 3 (and 4 when allowed) in
    order, after applying ``decision`` (a choice for the pending card) if given. Steps
    with a single legal outcome play at once (zg-must-resolve: an action no die can take
    is never offered); the loop stops at the first real choice (Movement or power, and
    which swap target), returning False, or when every card is resolved, returning True
    (the caller then runs cleanup)."""
    d = Desk(s)
    if decision is None and s.n == 1 and s.winner < 0 and s.flags & FAVOR_AT_REVEAL:
        favor_at_reveal(s, d)
    if decision is not None:
        card, power_cell, move_cell = s.ctx
        s.pending, s.ctx, s.step = (), (), s.step + 1
        _resolve(s, d, s.seat, card, decision, power_cell, move_cell)
    n, programs = s.n, s.programs
    while True:
        seat, step = s.seat, s.step
        if step == 4:
            if seat + 1 < n:
                s.seat, s.step = seat + 1, 0
                continue
            d.commit(s)
            return True
        card = programs[seat][step]
        s.step = step + 1
        if step == 3:
            if n == 1 and s.winner < 0 and not s.flags & FAVOR_AT_REVEAL:
                adversary_favor(s, d)
            if not resolves_column_4(s, seat):
                emit(s, ("unplayed", seat, card))
                continue
        grid = d.grids[seat]
        column = target_column(grid, step)
        if column < 0:
            fizzle(s, d, seat, card, step, "empty")
            continue
        if column != step:
            emit(s, ("shift", seat, card, step, column))
        if (d.spent[seat] >> column) & 1:
            fizzle(s, d, seat, card, column, "spent")
            continue
        power_cell, move_cell, targets = select_die(grid, d.used[seat], column, card)
        if not targets:
            if power_cell >= 0:
                apply_power(s, d, seat, card, power_cell)
            else:
                fizzle(s, d, seat, card, column, "none")
        elif power_cell < 0 and len(targets) == 1:
            swap_movement(s, d, seat, card, move_cell, targets[0])
        else:
            choices = [(RESOLVE, seat, MOVE, t) for t in targets]
            if power_cell >= 0:
                choices.insert(0, (RESOLVE, seat, POWER, -1))
            s.step = step
            s.pending, s.ctx = tuple(choices), (card, power_cell, move_cell)
            d.commit(s)
            return False


def _resolve(s: State, d: Desk, seat: int, card: int, action: tuple, power_cell: int, move_cell: int) -> None:
    if action[2] == POWER:
        apply_power(s, d, seat, card, power_cell)
    else:
        swap_movement(s, d, seat, card, move_cell, action[3])
