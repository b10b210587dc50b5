"""Type on printed pieces: the type scale, text widths, fitting and line wrapping.

This is the one API every layout places text with (cards, boards, diagrams, the PnP
cover and page labels); every function takes the text first, then the width it must
fit (``max_width``), then the size. Layouts must know how wide a line of Bitstream
Vera is before they place it, so a rank never runs off a card and ability text wraps
inside the safe zone. Widths come from the font's own advance widths
(``generator.layout.text``, the same metrics the safe-zone lint and the PDF use), so
what fits here fits on paper.
"""

from __future__ import annotations

from ..layout import text as metrics
from ..scene import Text

#: The type scale, in mm of font size: one set of sizes for every game, so pieces
#: laid side by side on a table look like one release.
TITLE = 6.0
HEADING = 4.2
BODY = 3.0
#: Quick-reference cards: 7 pt, the least a reference held at arm's length may use.
REFERENCE = 2.5
SMALL = 2.4
#: The small print of printed pieces: 6.2 pt. Nothing on a card, token, board or sheet
#: is set smaller (the type-size lint in ``generator.layout.lint`` fails the build).
CAPTION = 2.2
#: Captions in example drawings, which are shown on screen and scaled with the page.
FINE = 1.9
#: The smallest size fitting may shrink text to (about 5.4 pt): drawings only; printed
#: pieces pass ``floor=CAPTION``.
MIN_SIZE = 1.9

#: Characters Vera lacks, replaced by ones it has so nothing prints as a box.
_SUBSTITUTES: dict[str, str] = {
    "\u2192": "\u203a",  # → becomes ›
    "\u2190": "\u2039",  # ← becomes ‹
    "\u2194": "/",  # ↔ (pairs such as 1 ↔ 6) becomes /
    "\u21d2": "\u00bb",  # ⇒ becomes »
    "\u2660": "Spades",
    "\u2665": "Hearts",
    "\u2666": "Diamonds",
    "\u2663": "Clubs",
    "\u2713": "x",
}


def scaled(size: float, scale: float, floor: float = CAPTION) -> float:
    """``size`` scaled with a card (smaller cards scale their layout down), but never
    below ``floor``: small print stays readable on every card size."""
    return max(size * scale, floor)


def printable(text: str) -> str:
    """``text`` with every character the font lacks replaced by one it has."""
    return "".join(_SUBSTITUTES.get(ch, ch) for ch in text)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width in mm of ``text`` set in Vera (or Vera Bold) at ``size`` mm."""
    return metrics.width(text, size, bold)


def has_glyph(ch: str, bold: bool = False) -> bool:
    """True when the shipped font can draw ``ch``."""
    return not metrics.missing_glyphs(ch, bold)


def fit_size(text: str, max_width: float, size: float, bold: bool = False, floor: float = MIN_SIZE) -> float:
    """The largest size ≤ ``size`` (not below ``floor``) at which ``text`` fits
    ``max_width`` (with a hair to spare, so float rounding never puts it over)."""
    width = text_width(text, size, bold)
    if width <= max_width or width == 0:
        return size
    return max(floor, size * max_width / width * 0.999)


def wrap(text: str, max_width: float, size: float, bold: bool = False, first: float | None = None) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``max_width`` (greedy; a word
    wider than the line gets a line of its own); ``first`` is the first line's width when
    something stands before it (a bold suit name). Line widths are sums of word widths,
    which is exact for a font set without kerning."""
    space = metrics.width(" ", 1.0, bold)
    limit = (max_width if first is None else first) / size + 1e-9
    lines: list[str] = []
    current: list[str] = []
    width = 0.0
    for word in text.split():
        own = metrics.width(word, 1.0, bold)
        if current and width + space + own > limit:
            lines.append(" ".join(current))
            current, width = [word], own
            limit = max_width / size + 1e-9
        else:
            width = width + space + own if current else own
            current.append(word)
    if current:
        lines.append(" ".join(current))
    return lines


def label(x: float, y: float, text: str, name: str, max_width: float, size: float = BODY,
          anchor: str = "start", bold: bool = False, fill: str = "#000000") -> Text:
    """One line of text shrunk to fit ``max_width``: the way every piece places text."""
    shown = printable(text)
    return Text(x=x, y=y, text=shown, size=fit_size(shown, max_width, size, bold), anchor=anchor,
                bold=bold, fill=fill, max_width=max_width, name=name)


def paragraph(x: float, y: float, text: str, name: str, max_width: float, size: float = BODY,
              leading: float = 1.3, bold: bool = False, fill: str = "#000000",
              anchor: str = "start") -> tuple[list[Text], float]:
    """``text`` wrapped into lines from baseline ``y``; returns the lines and the next
    free baseline, so callers can stack paragraphs."""
    shown = printable(text)
    texts: list[Text] = []
    for n, line in enumerate(wrap(shown, max_width, size, bold), start=1):
        texts.append(Text(x=x, y=y, text=line, size=fit_size(line, max_width, size, bold), anchor=anchor,
                          bold=bold, fill=fill, max_width=max_width, name=f"{name} line {n}"))
        y += size * leading
    return texts, y


def fit_paragraph(text: str, max_width: float, max_height: float, size: float,
                  leading: float = 1.3, bold: bool = False, floor: float = MIN_SIZE) -> float:
    """The largest size ≤ ``size`` at which ``text`` wrapped to ``max_width`` takes no
    more than ``max_height`` (first baseline to last descender, roughly lines × leading)."""
    shown = printable(text)
    current = size
    while current > floor:
        lines = len(wrap(shown, max_width, current, bold))
        if lines * current * leading <= max_height:
            return current
        current = round(current - 0.1, 2)
    return floor
