"""Suit symbols: vector outlines that stay in their box, fill the same under either
fill rule, and differ in shape (not only colour) from every other suit."""

from __future__ import annotations

import itertools

import pytest

from generator.components.palette import SUIT_COLOURS, palette
from generator.components.suits import STANDARD_SHAPES, SUITS, suit_symbol
from generator.games import SHIPPED, suits_of

from .helpers import GAMES, game, layout, scenes, texts

GRID = 48  # sample points per side of the unit box

#: Every symbol Pipworks draws: the standard four and each shipped game's own.
SHAPES = {**STANDARD_SHAPES, **{name: shape for spec in SHIPPED if spec.symbols for name, shape in spec.symbols().items()}}


def _contours(commands: tuple[tuple, ...]) -> list[list[tuple[float, float]]]:
    """Each closed contour flattened to a polygon (Béziers sampled at 24 steps)."""
    contours: list[list[tuple[float, float]]] = []
    current: list[tuple[float, float]] = []
    for op, *c in commands:
        if op == "M":
            current = [(c[0], c[1])]
            contours.append(current)
        elif op == "L":
            current.append((c[0], c[1]))
        elif op == "C":
            (x0, y0), (x1, y1, x2, y2, x3, y3) = current[-1], c
            for i in range(1, 25):
                t = i / 24
                u = 1 - t
                current.append((u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
                                u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3))
    return contours


def _winding(contours: list[list[tuple[float, float]]], x: float, y: float) -> tuple[int, int]:
    """(winding number, crossings) of a ray from (x, y) to the right."""
    winding = crossings = 0
    for poly in contours:
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
            if (y1 <= y) != (y2 <= y):
                xi = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
                if xi > x:
                    crossings += 1
                    winding += 1 if y2 > y1 else -1
    return winding, crossings


def _raster(suit: str, rule: str = "nonzero") -> frozenset[tuple[int, int]]:
    contours = _contours(SHAPES[suit].commands)
    filled = set()
    for i in range(GRID):
        for j in range(GRID):
            x, y = -0.5 + (i + 0.5) / GRID, -0.5 + (j + 0.5) / GRID
            winding, crossings = _winding(contours, x, y)
            if (winding != 0) if rule == "nonzero" else (crossings % 2 == 1):
                filled.add((i, j))
    return frozenset(filled)


def test_every_suit_a_game_uses_has_a_drawn_symbol() -> None:
    for slug in GAMES:
        suits = suits_of(game(slug))
        assert suits.names == game(slug).suit_names, slug
        assert all(style.symbol in SHAPES.values() for style in suits.styles), slug


@pytest.mark.parametrize("suit", SHAPES)
def test_symbol_stays_in_its_unit_box_and_is_closed(suit: str) -> None:
    commands = SHAPES[suit].commands
    assert commands[0][0] == "M" and commands[-1] == ("Z",)
    assert {c[0] for c in commands} <= {"M", "L", "C", "Z"}, "only the subset both backends draw alike"
    points = [p for contour in _contours(commands) for p in contour]
    assert all(-0.5 - 1e-3 <= v <= 0.5 + 1e-3 for p in points for v in p)


@pytest.mark.parametrize("suit", SHAPES)
def test_symbol_fills_the_same_under_both_fill_rules(suit: str) -> None:
    """SVG fills non-zero, PDF paths may fill even-odd: holes must agree in both."""
    nonzero, evenodd = _raster(suit, "nonzero"), _raster(suit, "evenodd")
    assert nonzero == evenodd
    assert 0.15 * GRID * GRID < len(nonzero) < 0.8 * GRID * GRID, "a visible, not boxy, silhouette"


def _profile_gap(a: frozenset[tuple[int, int]], b: frozenset[tuple[int, int]]) -> float:
    """The largest difference, over rows and columns, in how much of that line the two
    silhouettes fill (as a fraction of the symbol's size): where outlines part."""
    gap = 0
    for axis in (0, 1):
        for line in range(GRID):
            fill_a = sum(1 for cell in a if cell[axis] == line)
            fill_b = sum(1 for cell in b if cell[axis] == line)
            gap = max(gap, abs(fill_a - fill_b))
    return gap / GRID


def test_symbols_are_distinct_shapes() -> None:
    """Colour-blind players tell suits apart by shape. Two silhouettes count as distinct
    when at least 10 % of their union differs (IoU below 0.9) and somewhere across a row
    or column their widths differ by at least 15 % of the symbol's size."""
    shapes = {suit: _raster(suit) for suit in SHAPES}
    for a, b in itertools.combinations(SHAPES, 2):
        iou = len(shapes[a] & shapes[b]) / len(shapes[a] | shapes[b])
        gap = _profile_gap(shapes[a], shapes[b])
        assert iou < 0.9 and gap >= 0.15, f"{a} and {b} look alike (IoU {iou:.2f}, widths differ {gap:.2f})"


def test_symbol_is_placed_and_scaled() -> None:
    path = suit_symbol("hearts", 10.0, 20.0, 8.0, "#c8102e")
    xs = [c[i] for c in path.commands for i in range(1, len(c), 2)]
    ys = [c[i] for c in path.commands for i in range(2, len(c), 2)]
    assert 6.0 - 1e-6 <= min(xs) and max(xs) <= 14.0 + 1e-6
    assert min(ys) == pytest.approx(16.0, abs=0.3) and max(ys) == pytest.approx(24.0, abs=1e-6)
    assert path.style.fill == "#c8102e"


def test_four_colour_scheme_and_bw_mode() -> None:
    colour, bw = palette("multisuit", "colour"), palette("multisuit", "bw")
    assert [colour.suit(s) for s in ("spades", "hearts", "diamonds", "clubs")] == [
        SUIT_COLOURS["spades"], SUIT_COLOURS["hearts"], SUIT_COLOURS["diamonds"], SUIT_COLOURS["clubs"]]
    assert len({colour.suit(s) for s in SUITS}) == len(SUITS)
    assert {bw.suit(s) for s in SUITS} == {"#1a1a1a"}
    assert bw.edge() is None
    with pytest.raises(ValueError):
        palette("multisuit", "sepia")


@pytest.mark.parametrize("slug", GAMES)
def test_no_suit_is_a_font_glyph(slug: str) -> None:
    for component in layout(game(slug)):
        for scene in scenes(component):
            for text in texts(scene):
                assert not set(text.text) & set("\u2660\u2665\u2666\u2663\u2664\u2661\u2662\u2667"), text.name
