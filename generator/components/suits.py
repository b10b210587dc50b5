"""Suit symbols drawn as vector outlines, never as font glyphs.

A glyph depends on the font a printer or viewer has; an outline prints the same
everywhere. Each symbol is one or more closed contours in a unit box centred on the
origin (x and y in -0.5..0.5, y down), built from lines and cubic Béziers only, the
subset both backends draw identically. Holes (the bottle's label, the chip's ring, the
mouth line) run opposite to their outline, so the non-zero and even-odd fill rules
agree and either backend fills the same area.

Standard suits keep their familiar shapes; The Four Deuces' suits get shapes of their
own: a bottle (bootlegging), a poker chip (gambling), lips (prostitution) and a dagger
(murder).
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..scene import Path, Style

Command = tuple


def _arc(cx: float, cy: float, r: float, a0: float, a1: float) -> list[Command]:
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


def _circle(cx: float, cy: float, r: float, clockwise: bool = True) -> list[Command]:
    """A full circle as one closed contour; ``clockwise=False`` makes it a hole."""
    a1 = 2 * math.pi if clockwise else -2 * math.pi
    return [("M", cx + r, cy), *_arc(cx, cy, r, 0.0, a1), ("Z",)]


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
        *_arc(*top, r, a_top0, a_top1),
        *_arc(*right, r, a_r0, a_r1),
        ("C", jr[0] + 0.01, jr[1] + 0.12, 0.1, 0.45, 0.21, 0.5),
        ("L", -0.21, 0.5),
        ("C", -0.1, 0.45, jl[0] - 0.01, jl[1] + 0.12, *jl),
        *_arc(*left, r, a_l0, a_l1),
        ("Z",),
    )


def _bottle() -> tuple[Command, ...]:
    outline = (
        ("M", -0.1, -0.5), ("L", 0.1, -0.5), ("L", 0.1, -0.43), ("L", 0.08, -0.41),
        ("L", 0.08, -0.22), ("C", 0.08, -0.1, 0.26, -0.11, 0.26, 0.05),
        ("L", 0.26, 0.43), ("C", 0.26, 0.47, 0.23, 0.5, 0.19, 0.5),
        ("L", -0.19, 0.5), ("C", -0.23, 0.5, -0.26, 0.47, -0.26, 0.43),
        ("L", -0.26, 0.05), ("C", -0.26, -0.11, -0.08, -0.1, -0.08, -0.22),
        ("L", -0.08, -0.41), ("L", -0.1, -0.43), ("Z",),
    )
    label_hole = (("M", -0.18, 0.1), ("L", -0.18, 0.34), ("L", 0.18, 0.34), ("L", 0.18, 0.1), ("Z",))
    return outline + label_hole


def _chip() -> tuple[Command, ...]:
    """A poker chip: a disc with a ring cut out and six edge notches."""
    commands: list[Command] = [*_circle(0, 0, 0.5), *_circle(0, 0, 0.31, clockwise=False),
                               *_circle(0, 0, 0.24)]
    for i in range(6):
        a = i * math.pi / 3
        c, s = math.cos(a), math.sin(a)
        corners = [(0.36, -0.055), (0.47, -0.055), (0.47, 0.055), (0.36, 0.055)]
        pts = [(x * c - y * s, x * s + y * c) for x, y in reversed(corners)]
        commands += [("M", *pts[0]), *(("L", *p) for p in pts[1:]), ("Z",)]
    return tuple(commands)


def _lips() -> tuple[Command, ...]:
    outline = (
        ("M", -0.5, 0.0),
        ("C", -0.36, -0.2, -0.21, -0.32, -0.1, -0.3),
        ("C", -0.05, -0.29, -0.02, -0.25, 0.0, -0.21),
        ("C", 0.02, -0.25, 0.05, -0.29, 0.1, -0.3),
        ("C", 0.21, -0.32, 0.36, -0.2, 0.5, 0.0),
        ("C", 0.36, 0.22, 0.21, 0.32, 0.0, 0.32),
        ("C", -0.21, 0.32, -0.36, 0.22, -0.5, 0.0),
        ("Z",),
    )
    mouth_line = (
        ("M", -0.43, 0.0),
        ("C", -0.15, 0.09, 0.15, 0.09, 0.43, 0.0),
        ("C", 0.15, 0.035, -0.15, 0.035, -0.43, 0.0),
        ("Z",),
    )
    return outline + mouth_line


def _dagger() -> tuple[Command, ...]:
    pts = [(-0.1, -0.5), (0.1, -0.5), (0.1, -0.42), (0.055, -0.42), (0.055, -0.23),
           (0.3, -0.23), (0.3, -0.13), (0.11, -0.13), (0.11, 0.28), (0.0, 0.5),
           (-0.11, 0.28), (-0.11, -0.13), (-0.3, -0.13), (-0.3, -0.23), (-0.055, -0.23),
           (-0.055, -0.42), (-0.1, -0.42)]
    return (("M", *pts[0]), *(("L", *p) for p in pts[1:]), ("Z",))


_SHAPES = {
    "hearts": _heart,
    "diamonds": _diamond,
    "spades": _spade,
    "clubs": _club,
    "bootlegging": _bottle,
    "gambling": _chip,
    "prostitution": _lips,
    "murder": _dagger,
}

#: Every suit that has a drawn symbol.
SUITS: tuple[str, ...] = tuple(_SHAPES)


@lru_cache(maxsize=None)
def unit_shape(suit: str) -> tuple[Command, ...]:
    """The symbol of ``suit`` in the unit box (centre at the origin, height 1)."""
    try:
        return _SHAPES[suit]()
    except KeyError:
        raise ValueError(f"no symbol for suit {suit!r}; known: {', '.join(SUITS)}") from None


def _place(command: Command, cx: float, cy: float, size: float) -> Command:
    op, *coords = command
    placed = [round(c * size + (cx if i % 2 == 0 else cy), 4) for i, c in enumerate(coords)]
    return (op, *placed)


@lru_cache(maxsize=4096)
def _placed(suit: str, cx: float, cy: float, size: float) -> tuple[Command, ...]:
    """The symbol's commands at a place and size: a deck draws the same pips at the
    same places on many cards, so each is worked out once."""
    return tuple(_place(c, cx, cy, size) for c in unit_shape(suit))


def suit_symbol(suit: str, cx: float, cy: float, size: float, fill: str,
                stroke: str | None = None, stroke_width: float = 0.2) -> Path:
    """``suit``'s symbol, ``size`` mm tall, centred on (``cx``, ``cy``)."""
    return Path(commands=_placed(suit, cx, cy, size), style=Style(fill=fill, stroke=stroke, stroke_width=stroke_width))
