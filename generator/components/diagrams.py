"""Drawings of worked examples: the position of each example as a small vector scene.

A rulebook example reads best beside a picture of the table: the cards of the trick
in play order and who played them, the dice before and after, the lanes or the grid.
The pictures use the print-and-play pieces' own vocabulary (suit outlines from
``suits``, die faces from ``pieces``, the game's palette and the shared type scale),
so the reader sees on the page what lies on the table.

This module is the shared vocabulary of those drawings (cards, dice, arrows, captions,
the :class:`Sheet` being laid out); each game's ``diagrams`` module draws its own
examples with it, and ``generator.docs.drawings`` turns the engine's replay of an
example into the finished scene. Everything is a pure function of the example and the
content; the same example always gives the same scene.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from contextvars import ContextVar
from typing import AbstractSet, Any, Callable, Mapping

from ..scene import Item, Rect, Style, Text
from . import pieces
from . import typeset as ts
from .palette import WHITE, Palette

#: Width of every diagram (mm): the text column of the A4 rulebook is 170 mm.
WIDTH = 170.0
#: The smallest text a drawing has (mm): 2.8 mm (8 pt) once the printed rulebook has fitted
#: a full-width drawing inside an example's box (3 % smaller). The site shows drawings at
#: their size in mm (scrolling sideways on a narrow phone), where 2.8 mm is about 10 px.
MIN_TEXT = 2.9
MARGIN = 2.0
#: A small playing card, a small die, and the gaps between them (mm).
CARD_W, CARD_H = 12.0, 16.5
DIE = 7.0
DIE_GAP = 1.2

SYMBOLS: dict[str, str] = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}


@dataclass
class Sheet:
    """Items being laid out on a diagram, and how far down they reach."""

    items: list[Item] = field(default_factory=list)
    bottom: float = 0.0

    def add(self, items: list[Item], bottom: float) -> None:
        self.items.extend(items)
        self.bottom = max(self.bottom, bottom)

    @property
    def right(self) -> float:
        """How far right the drawing reaches (its text included), so a narrow drawing
        is not shown as a wide one with empty space beside it."""
        return max((_right(item) for item in self.items), default=0.0)


def _right(item: Item) -> float:
    from ..layout.text import extent
    from ..scene import Circle, Group, Image, Line, Path

    if isinstance(item, (Rect, Image)):
        return item.x + item.w
    if isinstance(item, Circle):
        return item.cx + item.r
    if isinstance(item, Line):
        return max(item.x1, item.x2)
    if isinstance(item, Path):
        return max((c[i] for c in item.commands for i in range(1, len(c), 2)), default=0.0)
    if isinstance(item, Text):
        return extent(item).right
    if isinstance(item, Group):  # drawings translate groups but never turn or scale them
        return item.dx + max((_right(child) for child in item.children), default=0.0) * item.scale
    return 0.0


def split_card(text: str) -> tuple[str, str]:
    """"10♦" -> ("10", "diamonds"); a card the notation cannot name raises ValueError."""
    text = str(text).strip()
    if not text or text[-1] not in SYMBOLS:
        raise ValueError(f"not a card: {text!r}")
    return text[:-1], SYMBOLS[text[-1]]


def label(x: float, y: float, text: str, name: str, max_width: float, size: float = ts.SMALL,
          anchor: str = "start", bold: bool = False, fill: str = "#1a1a1a") -> Text:
    """One line of diagram text, printable in Vera, fitted to ``max_width`` but never
    smaller than :data:`MIN_TEXT` (a layout must leave room for that)."""
    shown = ts.printable(text)
    size = ts.fit_size(shown, max_width, max(size, MIN_TEXT), bold, floor=MIN_TEXT)
    return Text(x=x, y=y, text=shown, size=size, anchor=anchor, bold=bold, fill=fill, max_width=max_width, name=name)


def card(x: float, y: float, rank: str, suit: str, pal: Palette, name: str,
         w: float = CARD_W, h: float = CARD_H, highlight: bool = False) -> list[Item]:
    """A small face-up card: the rank above the suit's outline, in the suit's colour,
    on a white card with the game's edge colour (a thicker edge when ``highlight``)."""
    edge = Style(fill=WHITE, stroke=pal.accent, stroke_width=0.9 if highlight else 0.35)
    return [Rect(x, y, w, h, edge, radius=1.4),
            label(x + w / 2, y + h * 0.36, rank, f"{name} rank", w - 2.0, ts.HEADING, "middle", True,
                  pal.suit(suit)),
            pal.symbol(suit, x + w / 2, y + h * 0.68, min(w, h) * 0.42, pal.suit(suit))]


def card_back(x: float, y: float, pal: Palette, w: float = CARD_W, h: float = CARD_H,
              highlight: bool = False) -> list[Item]:
    """A small face-down card: the game's back colour with an inner rule."""
    ground = Style(fill=None if pal.bw else pal.accent_tint, stroke=pal.accent, stroke_width=0.9 if highlight else 0.35)
    inner = Style(fill=None, stroke=pal.accent, stroke_width=0.3, dash=(0.8, 0.6))
    return [Rect(x, y, w, h, ground, radius=1.4), Rect(x + 1.5, y + 1.5, w - 3.0, h - 3.0, inner, radius=0.8)]


def die(x: float, y: float, value: int | None, pal: Palette, size: float = DIE, faint: bool = False,
        ring: bool = False) -> list[Item]:
    """A die showing ``value`` (an empty dashed slot for 0 or None); ``ring`` circles a
    die that the example changed, ``faint`` greys one that is out of play."""
    items: list[Item] = []
    if ring:
        items.append(Rect(x - 0.9, y - 0.9, size + 1.8, size + 1.8,
                          Style(fill=None, stroke=pal.accent, stroke_width=0.6), radius=size * 0.25))
    if not value:
        items.append(Rect(x, y, size, size, Style(fill=None, stroke=pal.faint, stroke_width=0.3, dash=(0.8, 0.6)),
                          radius=size * 0.16))
        return items
    return items + pieces.die_face(x, y, size, int(value), pal, faint=faint)


def dice_row(x: float, y: float, values: list[int], pal: Palette, size: float = DIE,
             faint: AbstractSet[int] = frozenset(), ring: AbstractSet[int] = frozenset()) -> tuple[list[Item], float]:
    """Dice side by side from (x, y); ``faint``/``ring`` hold 0-based indexes. Returns
    the items and the x just right of the last die."""
    items: list[Item] = []
    for n, value in enumerate(values):
        items += die(x, y, value, pal, size, faint=n in faint, ring=n in ring)
        x += size + DIE_GAP
    return items, x


def arrow_right(x: float, y: float, length: float, pal: Palette) -> list[Item]:
    """The "becomes" arrow between a before and an after."""
    return pieces.arrow(x, y, x + length, y, pal.accent, width=0.45, head=1.8)


def caption(x: float, y: float, text: str, name: str, max_width: float, pal: Palette, anchor: str = "start") -> Text:
    """A small bold heading in the game's accent colour (BEFORE, AFTER, TRUMP…)."""
    return label(x, y, text.upper(), name, max_width, ts.FINE, anchor, True, pal.accent)


def note(x: float, y: float, text: str, name: str, max_width: float, pal: Palette) -> Text:
    """A one-line explanation in small type."""
    return label(x, y, text, name, max_width, ts.FINE, fill=pal.text)


#: ``replay(slug, example, play)``: the engine's outcome for the example's position after
#: ``play`` (part of its moves), or None where the engine refuses it.
Replayer = Callable[[str, Mapping[str, Any], list[str]], "dict[str, Any] | None"]

#: The replayer of the drawing being made. The pipeline that draws examples
#: (``generator.docs.drawings``) knows the engines and sets it around each drawing; this
#: vocabulary sits below the registry and never imports it.
REPLAYER: ContextVar[Replayer | None] = ContextVar("pipworks_replayer", default=None)


def run(slug: str, example: Mapping[str, Any], play: list[str]) -> dict[str, Any] | None:
    """The engine's outcome for the example's position after ``play`` (None when the
    engine refuses it, or outside a drawing: the drawing then shows only what the
    position says). A drawing uses it for the moments between before and after, such as
    who took each trick."""
    replayer = REPLAYER.get()
    return replayer(slug, example, play) if replayer is not None else None
