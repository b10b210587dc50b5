"""Zero Grid example drawings: each player's 4 × 4 grid of dice and the column cards.

Each player gets a block: the four cards they programmed stand above the columns they
resolve on (Columns 1 to 3, then the Initiative card on Column 4), the grid as the
position gives it, an arrow, and the grid after the moves with a ring round every die
that changed (an empty dashed cell is a removed die). The engine's result line for
each card is printed beneath, so the drawing and the outcome read together. The solo
Adversary's revealed card stands in for the second player's cards.
"""

from __future__ import annotations

import re
from typing import AbstractSet, Any, Mapping

from ...components import typeset as ts
from ...components.diagrams import MIN_TEXT, Sheet, arrow_right, caption, card, die, label, note, split_card
from ...components.palette import Palette
from ...scene import Item

_PROGRAMS = re.compile(r"^\s*(P\d)\s+programs\s+(.+?)\s*,\s*initiative\s+(\S+)", re.IGNORECASE)
CELL = 8.0
DIE = 6.8
CW, CH = 7.6, 10.6
GRID_W = 4 * CELL
BLOCK_W = 83.0
RESULT_LINES = 4


def programmed(play: list[str]) -> dict[str, list[str]]:
    """Player -> the four cards of their program, Column 1 to Column 4 (Initiative)."""
    found: dict[str, list[str]] = {}
    for move in play:
        if match := _PROGRAMS.match(move):
            found[match[1].upper()] = [*match[2].split(), match[3]]
    return found


def grid(x: float, y: float, columns: list[list[int]], pal: Palette,
         ring: AbstractSet[tuple[int, int]] = frozenset()) -> list[Item]:
    """A 4 × 4 grid of dice, ``columns[c][r]`` pips at column c, row r (0: removed)."""
    items: list = []
    for c, column in enumerate(columns):
        for r, pips in enumerate(column):
            items += die(x + c * CELL + (CELL - DIE) / 2, y + r * CELL + (CELL - DIE) / 2, int(pips), pal, DIE,
                         ring=(c, r) in ring)
    return items


def changes(old: list[list[int]], new: list[list[int]]) -> set[tuple[int, int]]:
    """(column, row) of every die whose pips differ."""
    return {(c, r) for c, column in enumerate(new) for r, pips in enumerate(column)
            if c >= len(old) or r >= len(old[c]) or old[c][r] != pips}


RESULT_LEADING = 3.8


def _result(x: float, y: float, line: str, name: str, pal: Palette) -> tuple[list, float]:
    """One engine result line, "J♠: spades C2R4 6→1": the card as its rank and the
    suit's outline (the font has no suit glyphs), then the words, wrapped to the block.
    Returns the items and the baseline after them."""
    head, _, rest = line.partition(":")
    try:
        rank, suit = split_card(head)
    except ValueError:
        rank, suit, rest = "", "", line
    size = MIN_TEXT
    words = ts.wrap(rest.strip(), BLOCK_W - 9.0, size)
    items: list = [note(x + 8.0, y + n * RESULT_LEADING, part, f"{name}" + (f" part {n + 1}" if n else ""),
                        BLOCK_W - 9.0, pal) for n, part in enumerate(words)]
    if rank:
        width = ts.text_width(rank, size, True)
        items += [label(x, y, rank, f"{name} card", width + 0.5, size, bold=True, fill=pal.suit(suit)),
                  pal.symbol(suit, x + width + 1.7, y - size * 0.33, size * 0.95, pal.suit(suit))]
    return items, y + len(words) * RESULT_LEADING


def _column_cards(x: float, y: float, cards: list[str], pal: Palette, tag: str) -> list:
    items: list = []
    for c, text in enumerate(cards[:4]):
        rank, suit = split_card(text)
        items += card(x + c * CELL + (CELL - CW) / 2, y, rank, suit, pal, f"{tag} column {c + 1} card", CW, CH,
                      highlight=c == 3)
    return items


def _block(x: float, player: str, before: Mapping[str, Any], after: Mapping[str, Any], cards: list[str],
           pal: Palette, moved: bool) -> tuple[list, float]:
    """One player's cards, grid before and grid after, and result lines."""
    tag = player.lower()
    old = [list(c) for c in (before.get("grid") or {}).get(player, [])]
    new = [list(c) for c in (after.get("grid") or {}).get(player, old)]
    items: list = [label(x, 4.0, player, f"{tag} name", 10.0, ts.SMALL, bold=True, fill=pal.text)]
    y = 6.0
    if cards:
        items.append(note(x + 12.0, 4.0, "programmed cards (4th: Initiative)", f"{tag} cards caption", 58.0, pal))
        items += _column_cards(x, y, cards, pal, tag)
        y += CH + 2.0
    items.append(caption(x, y + 2.4, "Before" if moved else "Grid", f"{tag} before caption", GRID_W, pal))
    items += grid(x, y + 3.4, old, pal)
    if moved:
        ax = x + GRID_W + 2.0
        items.append(caption(ax + 9.0, y + 2.4, "After", f"{tag} after caption", GRID_W, pal))
        items += arrow_right(ax, y + 3.4 + 2 * CELL, 5.5, pal)
        items += grid(ax + 9.0, y + 3.4, new, pal, ring=changes(old, new))
    y += 3.4 + 4 * CELL + 1.0
    for n, line in enumerate(((after.get("results") or {}).get(player) or [])[:RESULT_LINES], start=1):
        drawn, y = _result(x, y + 3.2, str(line), f"{tag} result {n}", pal)
        items += drawn
        y -= 3.2
    return items, y + 1.0


def draw(example: Mapping[str, Any], before: Mapping[str, Any] | None, after: Mapping[str, Any] | None,
         game: Any, pal: Palette) -> Sheet:
    """The Zero Grid drawing of one example (see the module docstring)."""
    before = before or {"grid": (example.get("position") or {}).get("grid") or {}}
    after = after or before
    play = [str(m) for m in example.get("play") or []]
    cards = programmed(play)
    moved = bool(play)
    sheet = Sheet()
    players = list((before.get("grid") or {}).keys())[:2]
    for n, player in enumerate(players):
        sheet.add(*_block(2.0 + n * (BLOCK_W + 2.0), player, before, after, cards.get(player, []), pal, moved))
    reveal = (example.get("position") or {}).get("reveal")
    if reveal and len(players) == 1:
        x = 2.0 + BLOCK_W + 2.0
        rank, suit = split_card(str(reveal))
        items: list[Item] = [label(x, 4.0, "Adversary's card", "adversary caption", 40.0, ts.SMALL, bold=True, fill=pal.text)]
        items += card(x, 6.0, rank, suit, pal, "adversary card")
        sheet.add(items, 6.0 + 16.5)
    return sheet


# -- the table after setup ------------------------------------------------------------


def setup_table(content: Any, components: Any, pal: Palette) -> Any:
    """Two players, each with a player grid of sixteen dice in the setup pattern
    (read each column top to bottom), the shuffled deck between them and the first
    player marker with the player who starts."""
    from ...components import pieces
    from ...components import tabletop as tt
    from ...scene import Rect
    from .faces import CELL
    from .state import Numbers

    columns = Numbers.from_content(content).setup_grid
    grid = next(c for c in components if c.id == "player-grid").faces[0].front
    marker = next(c for c in components if c.id == "first-player-marker").faces[0].front
    w, h = tt.WIDTH, 92.0
    items: list = [tt.table(w, h, pal)]
    grid_w = 46.0
    scale = grid_w / grid.width
    cells = sorted(tt.spots(grid, Rect, CELL - 2.0), key=lambda r: (r.x, r.y))
    rows = len(columns[0])
    for seat, gx in enumerate((6.0, w - 6.0 - grid_w)):
        gy = 12.0
        items.append(tt.miniature(grid, gx, gy, grid_w)[0])
        for index, cell in enumerate(cells):
            value = columns[index // rows][index % rows]
            size = (CELL - 2.0) * scale * 0.8
            x = gx + (cell.x + (CELL - 2.0) * 0.1) * scale
            y = gy + (cell.y + (CELL - 2.0) * 0.1) * scale
            items += pieces.die_face(x, y, size, value, pal)
        name = "Player 1 · starts" if seat == 0 else "Player 2"
        items.append(tt.label(gx + grid_w / 2, 8.0, name, f"seat {seat + 1}", grid_w + 4, pal))
    items += tt.pile(w / 2 - 5.0, 30.0, pal, w=10.0, h=14.0, depth=4)
    items.append(tt.label(w / 2, 52.0, "deck", "deck", 16.0, pal, bold=False))
    items.append(tt.miniature(marker, 6.0 + grid_w / 2 - 6.0, h - 16.0, 12.0)[0])
    items.append(tt.label(6.0 + grid_w / 2 + 8.0, h - 7.0, "first player marker", "marker", 60.0, pal, "start",
                          bold=False))
    pattern = "; ".join(f"column {n} shows {', '.join(map(str, column))}" for n, column in enumerate(columns, 1))
    return tt.picture("zero-grid", content.title, items, h,
                      f"Two players sit side by side at their own player grids, each holding sixteen dice in four "
                      f"columns, read top to bottom: {pattern}. The shuffled deck lies between the grids; the player "
                      f"who starts has the first player marker.")


# -- the labelled drawing of "Reading the examples" -----------------------------------


def legend(content: Any, pal: Palette) -> tuple[Sheet, str]:
    """A player's grid in the setup pattern with its columns (C1–C4) and rows (R1–R4)
    named, one die ringed and named as the examples write it (C2R1)."""
    from .state import Numbers

    columns = [list(c) for c in Numbers.from_content(content).setup_grid]
    x, y = 10.0, 10.0
    items: list[Item] = [caption(2.0, 4.0, "A player's grid", "legend caption", 60.0, pal)]
    for c in range(len(columns)):
        items.append(label(x + c * CELL + CELL / 2, y - 1.2, f"C{c + 1}", f"legend column {c + 1}", CELL, ts.SMALL,
                           "middle", True, pal.accent))
    for r in range(len(columns[0])):
        items.append(label(x - 1.2, y + r * CELL + CELL / 2 + 1.1, f"R{r + 1}", f"legend row {r + 1}", 8.0, ts.SMALL,
                           "end", True, pal.accent))
    items += grid(x, y, columns, pal, ring={(1, 0)})
    items.append(note(x + CELL + CELL / 2, y + 4 * CELL + 4.0, "ringed: C2R1", "legend ring", 40.0, pal))
    written = " | ".join(" ".join(str(p) for p in column) for column in columns)
    sheet = Sheet()
    sheet.add(items, y + 4 * CELL + 5.0)
    return sheet, (f"A player's grid of sixteen dice in the setup pattern, columns named C1 to C4 from the left and "
                   f"rows R1 to R4 from the top; the die in column 2, row 1 is ringed and called C2R1. "
                   f"The grid is written column by column, top die first: {written}.")
