"""Zero Grid (game design: David McDougal): player grids, first-player marker, player
aid, scoring chart and quick reference.

Each player's grid is 4 × 4 cells of 24 mm (a 16 mm die sits with room to spare).
Columns are numbered; Column 4 is tinted and marked Initiative, since only the
Initiative winner resolves it. The setup pattern is printed faintly as pips in each
cell, so setting up is copying the grid. The credit line names the designer.
"""

from __future__ import annotations

from pathlib import Path

from ...components import pieces
from ...components import typeset as ts
from ...components.base import Component, Face, FaceOptions
from ...components.suits import suit_set
from ...components.palette import WHITE, Palette, palette
from ...components.reference import count_of, lines_card_component, quickref_component
from ...content.schema import GameContent, QuickRefLine
from ...scene import Circle, Item, Line, Rect, Scene, Style
from .state import Numbers

CELL = 24.0
GRID_W, GRID_H = 132.0, 170.0
MARKER = 44.0
RING = 4.5
SUIT_WORDS = {"hearts": "hearts", "diamonds": "diamonds", "spades": "spades", "clubs": "clubs"}


def player_grid(game: GameContent, numbers: Numbers, pal: Palette) -> Scene:
    """One player's 4 × 4 grid with numbered columns, Column 4 marked Initiative and
    the setup pips printed faintly (the content's setup pattern, as the engine reads it)."""
    columns = numbers.setup_grid
    n_cols = max(4, len(columns))
    n_rows = max([4] + [len(c) for c in columns])
    items: list[Item] = [*pieces.border(GRID_W, GRID_H, pal), *pieces.board_header(game, "Player grid", GRID_W, pal)]
    x0 = (GRID_W - n_cols * CELL) / 2
    y0 = 44.0
    initiative = n_cols - 1
    tint = None if pal.bw else pal.accent_tint
    items.append(Rect(x0 + initiative * CELL + 0.3, y0 - 15.0, CELL - 0.6, n_rows * CELL + 15.5,
                      Style(fill=tint, stroke=pal.accent, stroke_width=0.5, dash=() if not pal.bw else (1.5, 1.0)),
                      radius=2.5))
    for c in range(n_cols):
        cx = x0 + c * CELL + CELL / 2
        items.append(ts.label(cx, y0 - 6.5, f"{c + 1}", f"column {c + 1} number", CELL - 2, ts.TITLE, "middle", True,
                              pal.accent))
        items.append(ts.label(cx, y0 - 2.0, "INITIATIVE" if c == initiative else "COLUMN",
                              f"column {c + 1} label", CELL - 3, ts.CAPTION, "middle", True, pal.text))
    cell_line = Style(fill=WHITE if not pal.bw else None, stroke=pal.line, stroke_width=0.35)
    for c in range(n_cols):
        for r in range(n_rows):
            x, y = x0 + c * CELL, y0 + r * CELL
            items.append(Rect(x + 1.0, y + 1.0, CELL - 2.0, CELL - 2.0, cell_line, radius=2.5))
            if c < len(columns) and r < len(columns[c]):
                items.extend(pieces.pips_only(x + CELL / 2, y + CELL / 2, 14.0, columns[c][r], pal.faint))
    below = y0 + n_rows * CELL + 7.0
    items.extend(pieces.arrow(x0 + 2.0, below, x0 + 3 * CELL - 4.0, below, pal.accent, width=0.6, head=2.4))
    items.append(ts.label(x0 + 2.0, below + 5.5, "Movement swaps right along a row; the moved die loses 1 pip.",
                          "grid movement hint", n_cols * CELL - 4.0, ts.SMALL, fill=pal.text))
    items.append(ts.label(x0 + 2.0, below + 9.5, "Faint pips: the setup pattern.", "grid setup hint",
                          n_cols * CELL - 4.0, ts.CAPTION, fill=pal.line))
    items.extend(pieces.board_footer(game, "player grid", GRID_W, GRID_H, pal))
    return Scene(name="zero-grid player grid", width=GRID_W, height=GRID_H, items=tuple(items),
                 title=f"{game.title}: player grid")


def first_player_marker(game: GameContent, pal: Palette, bleed: float) -> Scene:
    """A round marker: the title, FIRST PLAYER, and a die showing a one; its ring sits
    ``RING`` mm inside the edge, wide enough that an uneven cut does not show."""
    r = MARKER / 2
    fill = None if pal.bw else pal.accent
    ink = pal.text if pal.bw else WHITE
    disc = Style(fill=fill, stroke=None if fill else pal.text, stroke_width=0.4)
    items: list[Item] = [Circle(r, r, r + (0.0 if pal.bw else bleed), disc),
                         Circle(r, r, r - RING, Style(fill=None, stroke=ink, stroke_width=0.4))]
    items.append(ts.label(r, r - 9.0, "FIRST", "marker first", 24.0, ts.HEADING, "middle", True, ink))
    items.append(ts.label(r, r - 4.5, "PLAYER", "marker player", 24.0, ts.HEADING, "middle", True, ink))
    items.extend(pieces.die_face(r - 6.0, r - 1.5, 12.0, 1, pal))
    items.append(ts.label(r, r + 14.2, game.title, "marker title", 20.0, ts.CAPTION, "middle", False, ink))
    return Scene(name="zero-grid first player marker", width=MARKER, height=MARKER, items=tuple(items),
                 title=f"{game.title}: first-player marker")


def _suit_of(text: str) -> str | None:
    """The suit a player-aid line is about, when it starts with a suit's name."""
    first = text.split(" ", 1)[0].lower().strip(".,:")
    return SUIT_WORDS.get(first)


def player_aid(game: GameContent, numbers: Numbers, options: FaceOptions) -> Component:
    """The player aid card from the content's ``player_aid`` lines."""
    lines = [QuickRefLine(text=t, suit=_suit_of(t)) for t in numbers.player_aid]
    return lines_card_component(game, options, lines, "Player aid", "player-aid", "Player aid",
                                count_of(game, "player-aid", 2), "Cut out; one per player.")


def scoring_chart(game: GameContent, numbers: Numbers, options: FaceOptions) -> Component:
    """The scoring chart card: dice removed → title, one ruled row per band."""
    w, h = options.card_size
    pal = palette(game.slug, options.ink, suit_set(game.suits))
    bleed = 0.0 if pal.bw else options.bleed
    margin = pieces.EDGE + 3.0
    width = w - 2 * margin
    items: list[Item] = list(pieces.card_frame(w, h, pal, bleed))
    items.append(ts.label(w / 2, margin + 4.0, game.title, "chart title", width, ts.HEADING, "middle", True,
                          pal.accent))
    items.append(ts.label(w / 2, margin + 7.6, "Scoring chart", "chart subtitle", width, ts.SMALL, "middle",
                          fill=pal.text))
    items.append(ts.label(margin, margin + 14.0, "DICE REMOVED", "chart column dice", 20.0, ts.CAPTION, bold=True,
                          fill=pal.accent))
    items.append(ts.label(margin + 20.0, margin + 14.0, "YOUR TITLE", "chart column title", width - 20.0, ts.CAPTION,
                          bold=True, fill=pal.accent))
    bands = numbers.scoring_chart
    row_h = min(11.0, (h - 2 * margin - 30.0) / max(1, len(bands)))
    y = margin + 16.5
    for n, band in enumerate(bands, start=1):
        lo, hi = band.min, band.max
        span = f"{lo}" if lo == hi else f"{lo}–{hi}"
        items.append(Line(margin, y, w - margin, y, Style(stroke=pal.line, stroke_width=0.25)))
        base = y + row_h / 2 + ts.BODY * 0.36
        items.append(ts.label(margin + 1.0, base, span, f"chart band {n} dice", 17.0, ts.HEADING, bold=True,
                              fill=pal.text))
        items.append(ts.label(margin + 20.0, base, band.title, f"chart band {n} title", width - 20.0, ts.BODY,
                              fill=pal.text))
        y += row_h
    items.append(Line(margin, y, w - margin, y, Style(stroke=pal.line, stroke_width=0.25)))
    note, _ = ts.paragraph(margin, y + 4.5, "Count the dice you removed at the end of the game.", "chart note",
                           width, ts.CAPTION, fill=pal.line)
    items.extend(note)
    items.extend(pieces.card_credit(game, w, h, pal, "chart"))
    scene = Scene(name="zero-grid scoring chart", width=w, height=h, items=tuple(items),
                  title=f"{game.title}: scoring chart")
    return Component(id="scoring-chart", name="Scoring chart", kind="card",
                     faces=(Face(front=scene, copies=count_of(game, "scoring-chart", 1)),), trim=(w, h), bleed=bleed,
                     safe=options.safe, assembly="Cut out.")


def components(game: GameContent, options: FaceOptions, project_root: Path) -> list[Component]:
    """Every printed Zero Grid piece."""
    numbers = Numbers.from_content(game)
    pal = palette(game.slug, options.ink, suit_set(game.suits))
    bleed = 0.0 if pal.bw else options.bleed
    grid = Face(front=player_grid(game, numbers, pal), copies=count_of(game, "player-grid", game.players.max))
    marker = Face(front=first_player_marker(game, pal, bleed), copies=count_of(game, "first-player-marker", 1))
    return [
        Component(id="player-grid", name="Player grid", kind="board", faces=(grid,), trim=(GRID_W, GRID_H),
                  safe=options.safe, assembly="One per player; cut along the crop marks."),
        Component(id="first-player-marker", name="First-player marker", kind="token", faces=(marker,),
                  trim=(MARKER, MARKER), bleed=bleed, safe=2.0, assembly="Cut out round."),
        player_aid(game, numbers, options),
        scoring_chart(game, numbers, options),
        quickref_component(game, options),
    ]
