"""Text measured with the real metrics of the shipped font: widths, extents, wrapping.

Sizes are font sizes in mm (the em), like ``generator.scene.Text.size``.
"""

from __future__ import annotations

from functools import lru_cache

from .fonts import font_name, ttfont
from ..scene import Text
from .boxes import Box


def width(text: str, size: float, bold: bool = False) -> float:
    """Advance width of ``text`` in mm at font size ``size`` mm."""
    return float(ttfont(font_name(bold)).stringWidth(text, size))


@lru_cache(maxsize=2)
def _vertical(bold: bool) -> tuple[float, float]:
    face = ttfont(font_name(bold)).face
    return face.ascent / 1000.0, -face.descent / 1000.0


def ascent(size: float, bold: bool = False) -> float:
    return _vertical(bold)[0] * size


def descent(size: float, bold: bool = False) -> float:
    """Depth below the baseline (positive mm)."""
    return _vertical(bold)[1] * size


def extent(item: Text, scale: float = 1.0) -> Box:
    """The box ``item`` covers in its own coordinates, at ``scale`` × its size.

    Scaling keeps the anchor point (x on the baseline) fixed, as a shrunk text would.
    """
    size = item.size * scale
    w = width(item.text, size, item.bold)
    left = {"start": item.x, "middle": item.x - w / 2, "end": item.x - w}.get(item.anchor, item.x)
    top = item.y - ascent(size, item.bold)
    return Box(left, top, w, ascent(size, item.bold) + descent(size, item.bold))


def missing_glyphs(text: str, bold: bool = False) -> list[str]:
    """Characters of ``text`` the shipped font has no glyph for (they would print as boxes)."""
    cmap = ttfont(font_name(bold)).face.charToGlyph
    return sorted({ch for ch in text if ord(ch) not in cmap and ch not in "\n\t"})


def wrap(text: str, size: float, max_width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap to ``max_width`` mm; a word longer than the width gets a line alone."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if current and width(candidate, size, bold) > max_width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def fit_size(text: str, size: float, max_width: float, bold: bool = False, min_size: float = 0.0) -> float:
    """The largest size ≤ ``size`` at which ``text`` fits ``max_width`` (never below ``min_size``)."""
    w = width(text, size, bold)
    if w <= max_width or w == 0:
        return size
    return max(min_size, size * max_width / w)
