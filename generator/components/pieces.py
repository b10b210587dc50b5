"""Pieces every game shares: card frame, die face, die slot, arrows, panels, credits.

All functions are pure: they take positions in mm and a :class:`Palette` and return
scene items. Cards are laid out on their own trim box (0, 0)–(w, h); art that should
survive an imperfect cut runs out to the bleed.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Sequence

from ..content.schema import GameContent
from ..scene import Circle, Group, Item, Line, Path, Rect, Scene, Style, Text
from . import typeset as ts
from .palette import WHITE, Palette

#: Cards: where layouts start their content inside the trim (the safe zone is 3 mm), and
#: the corner radius of panels. Nothing is drawn along the trim itself: a frame a few
#: millimetres wide shows every cutting error (1 mm off changes it by a third).
EDGE = 2.2
CORNER = 2.5
#: Backs may carry a frame, but at least this wide, so 1 mm off still looks intended.
BACK_FRAME = 5.0
#: A 16 mm die needs a slot of at least 20 mm; we give it 22 mm.
DIE_SLOT = 22.0

#: Pip positions on a die face, as fractions of its side (x, y).
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def card_frame(w: float, h: float, pal: Palette, bleed: float, tint: str | None = None) -> list[Item]:
    """A card's ground: one colour (``tint``, white by default) running out to the bleed,
    so a cut a millimetre off shows nothing; in b/w nothing at all (a white edge)."""
    if pal.bw:
        return []
    return [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=tint or WHITE, stroke=None))]


def card_back(w: float, h: float, pal: Palette, bleed: float, title: str, motif: list[Item]) -> list[Item]:
    """A back that looks the same either way up (a duplex back may land turned): the
    accent ground out to the bleed (white in b/w), a frame ``BACK_FRAME`` mm inside the
    trim, ``motif`` (which must itself be symmetric about the card's centre) and the
    title at the top and, turned, at the bottom."""
    ink = pal.text if pal.bw else pal.accent_tint
    items: list[Item] = [] if pal.bw else [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed,
                                                 Style(fill=pal.accent, stroke=None))]
    inset = BACK_FRAME
    items.append(Rect(inset, inset, w - 2 * inset, h - 2 * inset, Style(fill=None, stroke=ink, stroke_width=0.5),
                      radius=CORNER))
    items.extend(motif)
    heading = ts.label(w / 2, inset + 7.5, title, "back title", w - 2 * inset - 4, ts.HEADING, "middle", True, ink)
    items.append(heading)
    items.append(rotated([replace(heading, name="back title (turned)")], w / 2, h / 2))
    return items


def plain_back(game: GameContent, trim: tuple[float, float], bleed: float, pal: Palette) -> Scene:
    """The back of a card the game gives none (a print-on-demand deck needs one on every
    card): the game's title and a ring of dots about the centre, the same either way up."""
    w, h = trim
    ink = pal.text if pal.bw else pal.accent_tint
    cx, cy, r = w / 2, h / 2, min(w, h) * 0.22
    motif: list[Item] = [Circle(cx, cy, r, Style(fill=None, stroke=ink, stroke_width=0.6))]
    for k in range(12):
        angle = math.pi * k / 6
        motif.append(Circle(cx + math.cos(angle) * r * 0.72, cy + math.sin(angle) * r * 0.72, r * 0.08,
                            Style(fill=ink, stroke=None)))
    items = card_back(w, h, pal, bleed, game.title, motif)
    return Scene(name=f"{game.slug} plain back", width=w, height=h, items=tuple(items), title=f"{game.title}: card back")


def die_face(x: float, y: float, size: float, value: int, pal: Palette, faint: bool = False) -> list[Item]:
    """A die showing ``value``, ``size`` mm square at (x, y): pips are circles."""
    colour = pal.faint if faint else pal.text
    body = Rect(x, y, size, size, Style(fill=WHITE, stroke=colour, stroke_width=0.35), radius=size * 0.16)
    pips = [Circle(x + fx * size, y + fy * size, size * 0.085, Style(fill=colour, stroke=None))
            for fx, fy in _PIPS[value]]
    return [body, *pips]


def pips_only(cx: float, cy: float, size: float, value: int, colour: str) -> list[Item]:
    """Just the pips of ``value`` (no outline), centred on (cx, cy): faint setup marks."""
    x, y = cx - size / 2, cy - size / 2
    return [Circle(x + fx * size, y + fy * size, size * 0.085, Style(fill=colour, stroke=None))
            for fx, fy in _PIPS[value]]


def die_slot(x: float, y: float, pal: Palette, size: float = DIE_SLOT, tint: str | None = None) -> list[Item]:
    """A rounded square where a die sits, dashed so it reads as a place, not a piece."""
    style = Style(fill=tint if tint and not pal.bw else None, stroke=pal.line, stroke_width=0.35, dash=(1.2, 0.8))
    return [Rect(x, y, size, size, style, radius=2.5)]


def panel(x: float, y: float, w: float, h: float, pal: Palette, heading: str, name: str,
          fill: str | None = None, heading_size: float = ts.SMALL) -> list[Item]:
    """A ruled panel with a small bold heading inside its top-left corner."""
    style = Style(fill=None if pal.bw else (fill or pal.accent_tint), stroke=pal.accent, stroke_width=0.4)
    return [Rect(x, y, w, h, style, radius=2.0),
            ts.label(x + 3, y + 3 + heading_size * 0.8, heading.upper(), name, w - 6, heading_size, bold=True,
                     fill=pal.accent)]


def arrow(x1: float, y1: float, x2: float, y2: float, colour: str, width: float = 0.5, head: float = 2.0) -> list[Item]:
    """A straight arrow from (x1, y1) to (x2, y2) with a filled head (a path, no glyph)."""
    angle = math.atan2(y2 - y1, x2 - x1)
    bx, by = x2 - head * math.cos(angle), y2 - head * math.sin(angle)
    px, py = -math.sin(angle) * head * 0.45, math.cos(angle) * head * 0.45
    shaft = Line(x1, y1, bx, by, Style(stroke=colour, stroke_width=width))
    tip = Path((("M", x2, y2), ("L", bx + px, by + py), ("L", bx - px, by - py), ("Z",)),
               Style(fill=colour, stroke=None))
    return [shaft, tip]


def rotated(items: Sequence[Item], cx: float, cy: float) -> Group:
    """``items`` turned 180° about (cx, cy): for the opposite player or card corner."""
    return Group(children=(Group(children=tuple(items), dx=-cx, dy=-cy),), dx=cx, dy=cy, rotate=180)


def credit_line(game: GameContent) -> str:
    """The small print on boards: title, designer (when the source names one), Pipworks."""
    parts = [game.title]
    if game.designer:
        parts.append(f"Game design: {game.designer}")
    parts.append("Print-and-play by Pipworks")
    return "  ·  ".join(parts)


def board_header(game: GameContent, piece: str, w: float, pal: Palette, margin: float = 8.0) -> list[Item]:
    """Title band for a board or sheet: game title large, piece name beneath."""
    y = margin + ts.TITLE * 0.8
    return [
        ts.label(w / 2, y, game.title, f"{piece} title", w - 2 * margin, ts.TITLE, "middle", True, pal.accent),
        ts.label(w / 2, y + ts.HEADING + 1.5, piece, f"{piece} subtitle", w - 2 * margin, ts.HEADING - 0.6,
                 "middle", False, pal.text),
    ]


def board_footer(game: GameContent, piece: str, w: float, h: float, pal: Palette, margin: float = 8.0) -> list[Text]:
    """The credit line along a board's bottom edge."""
    return [ts.label(w / 2, h - margin, credit_line(game), f"{piece} credit", w - 2 * margin, ts.CAPTION, "middle",
                     fill=pal.line)]


def border(w: float, h: float, pal: Palette, inset: float = 4.0) -> list[Item]:
    """A board's outline: a rounded rule ``inset`` mm inside its edge (cut along the crop
    marks, not the rule; 4 mm keeps an uneven cut from showing against it)."""
    return [Rect(inset, inset, w - 2 * inset, h - 2 * inset, Style(fill=None, stroke=pal.accent, stroke_width=0.6),
                 radius=4.0)]


def card_credit(game: GameContent, w: float, h: float, pal: Palette, tag: str, size: float = ts.CAPTION) -> list[Text]:
    """The designer's credit along a card's bottom edge (nothing when no designer is named)."""
    if not game.designer:
        return []
    return [ts.label(w / 2, h - EDGE - 2.2, f"Game design: {game.designer}", f"{tag} credit", w - 2 * (EDGE + 3.0),
                     size, "middle", fill=pal.line)]
