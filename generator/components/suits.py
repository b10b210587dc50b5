"""Suit symbols drawn as vector outlines (a designer's text symbol aside), not font glyphs.

A glyph depends on the font a printer or viewer has; an outline prints the same
everywhere. Each symbol is one or more closed contours in a unit box centred on the
origin (x and y in -0.5..0.5, y down), built from lines and cubic Béziers only, the
subset both backends draw identically. Holes (a game's symbols may have them: a label,
a ring) run opposite to their outline, so the non-zero and even-odd fill rules
agree and either backend fills the same area.

Pipworks keeps the four standard shapes (hearts, diamonds, clubs, spades) and their
four-colour scheme. Every other suit is the game's own: declared in its game.yaml
(``suits:``, a name, a symbol and a colour). A symbol is a standard shape, a shape the
game's package draws (``GameSpec.symbols``) or a short
text such as a letter or ``Ω``. :func:`suit_set` resolves a game's declarations into a
:class:`SuitSet`, which the game's palette carries to everything that draws a suit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Mapping

from ..scene import Item, Path, Style, Text

Command = tuple


def arc(cx: float, cy: float, r: float, a0: float, a1: float) -> list[Command]:
    """Cubic segments (no initial move) along a circle from angle ``a0`` to ``a1``
    (radians, y down, so increasing angles turn clockwise on the page)."""
    steps = max(1, math.ceil(abs(a1 - a0) / (math.pi / 2)))
    step = (a1 - a0) / steps
    k = 4.0 / 3.0 * math.tan(step / 4.0)
    out: list[Command] = []
    for i in range(steps):
        t0, t1 = a0 + i * step, a0 + (i + 1) * step
        x0, y0 = cx + r * math.cos(t0), cy + r * math.sin(t0)
        x1, y1 = cx + r * math.cos(t1), cy + r * math.sin(t1)
        out.append(("C", x0 - k * r * math.sin(t0), y0 + k * r * math.cos(t0),
                    x1 + k * r * math.sin(t1), y1 - k * r * math.cos(t1), x1, y1))
    return out


def circle(cx: float, cy: float, r: float, clockwise: bool = True) -> list[Command]:
    """A full circle as one closed contour; ``clockwise=False`` makes it a hole."""
    a1 = 2 * math.pi if clockwise else -2 * math.pi
    return [("M", cx + r, cy), *arc(cx, cy, r, 0.0, a1), ("Z",)]


def _angle(cx: float, cy: float, x: float, y: float) -> float:
    return math.atan2(y - cy, x - cx)


def _outer_meeting(c1: tuple[float, float], c2: tuple[float, float], r: float) -> tuple[float, float]:
    """Where two equal circles cross, the crossing farther from the origin."""
    (x1, y1), (x2, y2) = c1, c2
    d = math.hypot(x2 - x1, y2 - y1)
    a = d / 2
    h = math.sqrt(r * r - a * a)
    mx, my = x1 + (x2 - x1) / 2, y1 + (y2 - y1) / 2
    ox, oy = -(y2 - y1) / d * h, (x2 - x1) / d * h
    p, q = (mx + ox, my + oy), (mx - ox, my - oy)
    return p if math.hypot(*p) > math.hypot(*q) else q


def _heart() -> tuple[Command, ...]:
    return (
        ("M", 0.0, -0.26),
        ("C", 0.09, -0.52, 0.5, -0.52, 0.5, -0.19),
        ("C", 0.5, 0.08, 0.16, 0.26, 0.0, 0.5),
        ("C", -0.16, 0.26, -0.5, 0.08, -0.5, -0.19),
        ("C", -0.5, -0.52, -0.09, -0.52, 0.0, -0.26),
        ("Z",),
    )


def _diamond() -> tuple[Command, ...]:
    return (
        ("M", 0.0, -0.5),
        ("C", 0.12, -0.3, 0.26, -0.13, 0.4, 0.0),
        ("C", 0.26, 0.13, 0.12, 0.3, 0.0, 0.5),
        ("C", -0.12, 0.3, -0.26, 0.13, -0.4, 0.0),
        ("C", -0.26, -0.13, -0.12, -0.3, 0.0, -0.5),
        ("Z",),
    )


def _spade() -> tuple[Command, ...]:
    return (
        ("M", 0.0, -0.5),
        ("C", 0.1, -0.34, 0.48, -0.16, 0.48, 0.1),
        ("C", 0.48, 0.36, 0.15, 0.4, 0.05, 0.21),
        ("C", 0.07, 0.35, 0.12, 0.45, 0.21, 0.5),
        ("L", -0.21, 0.5),
        ("C", -0.12, 0.45, -0.07, 0.35, -0.05, 0.21),
        ("C", -0.15, 0.4, -0.48, 0.36, -0.48, 0.1),
        ("C", -0.48, -0.16, -0.1, -0.34, 0.0, -0.5),
        ("Z",),
    )


def _club() -> tuple[Command, ...]:
    """Three leaves (equal circles) and a flared stem, traced as one outline."""
    r = 0.232
    top, left, right = (0.0, -0.268), (-0.268, 0.085), (0.268, 0.085)
    stem_x = 0.055  # stem half-width where it leaves the leaves
    tl = _outer_meeting(top, left, r)
    tr = _outer_meeting(top, right, r)
    # where each side leaf meets the stem edge (lower crossing with x = ±stem_x)
    drop = math.sqrt(r * r - (right[0] - stem_x) ** 2)
    jr, jl = (stem_x, right[1] + drop), (-stem_x, left[1] + drop)
    a_top0, a_top1 = _angle(*top, *tl), _angle(*top, *tr)
    a_r0, a_r1 = _angle(*right, *tr), _angle(*right, *jr)
    a_l0, a_l1 = _angle(*left, *jl), _angle(*left, *tl)
    if a_top1 < a_top0:
        a_top1 += 2 * math.pi
    if a_r1 < a_r0:
        a_r1 += 2 * math.pi
    if a_l1 < a_l0:
        a_l1 += 2 * math.pi
    return (
        ("M", *tl),
        *arc(*top, r, a_top0, a_top1),
        *arc(*right, r, a_r0, a_r1),
        ("C", jr[0] + 0.01, jr[1] + 0.12, 0.1, 0.45, 0.21, 0.5),
        ("L", -0.21, 0.5),
        ("C", -0.1, 0.45, jl[0] - 0.01, jl[1] + 0.12, *jl),
        *arc(*left, r, a_l0, a_l1),
        ("Z",),
    )


@dataclass(frozen=True, eq=False)
class Shape:
    """A symbol's outline in the unit box (centre at the origin, height 1). Compared and
    hashed by identity: each shape is made once, and placing it is cached by shape."""

    name: str
    commands: tuple[Command, ...]


#: The standard suits' shapes, by suit name: Pipworks' own, for any game.
STANDARD_SHAPES: dict[str, Shape] = {name: Shape(name, make()) for name, make in (
    ("hearts", _heart), ("diamonds", _diamond), ("spades", _spade), ("clubs", _club))}

#: The standard suits, which a game may name without declaring them.
SUITS: tuple[str, ...] = tuple(STANDARD_SHAPES)

#: The four-colour scheme players of four-colour decks know (hue and lightness differ).
STANDARD_COLOURS: dict[str, str] = {"spades": "#1a1a1a", "hearts": "#c8102e", "diamonds": "#0b5cad", "clubs": "#176f34"}
#: Light tints of each standard suit for panels behind suit content.
STANDARD_TINTS: dict[str, str] = {"spades": "#e6e6e6", "hearts": "#f8dde1", "diamonds": "#dce9f7", "clubs": "#dcefe2"}
#: A suit of the game's own with no colour declared prints in ink.
DEFAULT_COLOUR = "#1a1a1a"
#: The longest text a symbol may be (a letter, a digit pair, a glyph such as ``Ω``).
TEXT_SYMBOL_MAX = 2


def unit_shape(suit: str) -> tuple[Command, ...]:
    """The standard symbol of ``suit`` in the unit box (centre at the origin, height 1)."""
    try:
        return STANDARD_SHAPES[suit].commands
    except KeyError:
        raise ValueError(f"no standard symbol {suit!r}; standard: {', '.join(SUITS)}") from None


def _place(command: Command, cx: float, cy: float, size: float) -> Command:
    op, *coords = command
    placed = [round(c * size + (cx if i % 2 == 0 else cy), 4) for i, c in enumerate(coords)]
    return (op, *placed)


@lru_cache(maxsize=4096)
def _placed(shape: Shape, cx: float, cy: float, size: float) -> tuple[Command, ...]:
    """The symbol's commands at a place and size: a deck draws the same pips at the
    same places on many cards, so each is worked out once."""
    return tuple(_place(c, cx, cy, size) for c in shape.commands)


def suit_symbol(suit: str | Shape, cx: float, cy: float, size: float, fill: str,
                stroke: str | None = None, stroke_width: float = 0.2) -> Path:
    """A standard suit's symbol (or ``suit`` itself, a Shape), ``size`` mm tall,
    centred on (``cx``, ``cy``)."""
    shape = suit if isinstance(suit, Shape) else STANDARD_SHAPES.get(suit)
    if shape is None:
        raise ValueError(f"no standard symbol {suit!r}; standard: {', '.join(SUITS)}")
    return Path(commands=_placed(shape, cx, cy, size), style=Style(fill=fill, stroke=stroke, stroke_width=stroke_width))


def is_text_symbol(symbol: str) -> bool:
    """A symbol that is printed as text: a letter or two, or a glyph (``A``, ``Ω``)."""
    return 0 < len(symbol) <= TEXT_SYMBOL_MAX and not symbol.isspace()


@dataclass(frozen=True)
class SuitStyle:
    """One suit as it prints: its name, its symbol (a Shape, or text) and its colours."""

    name: str
    symbol: Shape | str
    colour: str
    tint: str

    def draw(self, cx: float, cy: float, size: float, fill: str, stroke: str | None = None,
             stroke_width: float = 0.2) -> Item:
        """The symbol, ``size`` mm tall, centred on (``cx``, ``cy``)."""
        if isinstance(self.symbol, Shape):
            return suit_symbol(self.symbol, cx, cy, size, fill, stroke, stroke_width)
        if not is_text_symbol(self.symbol):
            raise ValueError(f"suit {self.name!r}: no symbol {self.symbol!r} (the game's package draws it: "
                             "give suit_set the package's symbols)")
        # text: its cap height about 0.72 of the size, so the baseline sits that far below centre
        return Text(round(cx, 4), round(cy + size * 0.36, 4), self.symbol, round(size, 4), "middle", True, fill,
                    round(size * len(self.symbol), 4), name=f"{self.name} symbol")


@dataclass(frozen=True)
class SuitSet:
    """A game's suits, in its order, as they print."""

    styles: tuple[SuitStyle, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.styles)

    def style(self, suit: str) -> SuitStyle:
        for style in self.styles:
            if style.name == suit:
                return style
        raise KeyError(suit)

    def colour(self, suit: str) -> str:
        return self.style(suit).colour

    def tint(self, suit: str) -> str:
        return self.style(suit).tint

    def __contains__(self, suit: object) -> bool:
        return any(s.name == suit for s in self.styles)


def _tint_of(colour: str) -> str:
    """A pale panel colour of ``colour``: 15 % of it on white."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - (255 - c) * 0.15):02x}" for c in rgb)


def resolve(suit: Any, shapes: Mapping[str, Shape] = {}) -> SuitStyle:
    """One entry of a game's ``suits:`` (a standard suit's name, or a declared suit with
    ``name``, ``symbol``, ``colour``, ``tint``) as it prints. ``shapes`` are the game's
    own symbols by name. A symbol neither finds stays a name, and drawing it is a
    ValueError (content checks report it first, with its line); its colours still hold."""
    if isinstance(suit, str):
        name, symbol, colour, tint = suit, suit, None, None
    else:
        name, symbol = suit.name, suit.symbol or suit.name
        colour, tint = suit.colour, suit.tint
    shape = shapes.get(symbol) or STANDARD_SHAPES.get(symbol)
    # an undeclared colour: the standard suit's (by name, then by its standard shape)
    standard = name if name in STANDARD_COLOURS else symbol
    colour = colour or STANDARD_COLOURS.get(standard, DEFAULT_COLOUR)
    tint = tint or (STANDARD_TINTS[standard] if standard in STANDARD_TINTS and colour == STANDARD_COLOURS[standard]
                    else _tint_of(colour))
    return SuitStyle(name, shape if shape is not None else symbol, colour.lower(), tint.lower())


def suit_set(suits: Iterable[Any], shapes: Mapping[str, Shape] = {}) -> SuitSet:
    """A game's ``suits:`` (``GameContent.suits``) as they print; see :func:`resolve`."""
    return SuitSet(tuple(resolve(suit, shapes) for suit in suits))


#: The standard four, for what draws without a game (tests, plain backs).
STANDARD_SET = suit_set(SUITS)
