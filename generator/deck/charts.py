"""Small SVG charts for the deck report, written as plain strings.

Deterministic (fixed number formatting, no timestamps or ids) and escaped, so the same
deck gives byte-identical files and a card label can never break the markup.
"""

from __future__ import annotations

import math
from html import escape
from typing import Mapping, Sequence

#: One colour per series (suits, or a single series); high-contrast, print-safe.
PALETTE: tuple[str, ...] = ("#1f3b73", "#b8322a", "#2f6b3a", "#7a5a00")
PASS_COLOUR, FAIL_COLOUR = "#2f6b3a", "#b8322a"
FONT = "font-family='DejaVu Sans, Arial, sans-serif'"


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _nice_step(peak: float) -> int:
    """A round tick step (1, 2, 5, 10, 20, 50...) giving about five grid lines."""
    raw = max(1.0, peak / 5)
    magnitude = 10 ** math.floor(math.log10(raw))
    return int(next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw))


def _svg(width: float, height: float, title: str, body: list[str]) -> str:
    head = (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{_num(width)}' height='{_num(height)}' "
        f"viewBox='0 0 {_num(width)} {_num(height)}' role='img' aria-label='{escape(title, quote=True)}'>"
    )
    return "\n".join([head, f"<title>{escape(title)}</title>", *body, "</svg>"]) + "\n"


def _text(x: float, y: float, text: str, size: int = 11, anchor: str = "middle", weight: str = "normal") -> str:
    return (
        f"<text x='{_num(x)}' y='{_num(y)}' {FONT} font-size='{size}' text-anchor='{anchor}' "
        f"font-weight='{weight}'>{escape(text)}</text>"
    )


def bar_chart(title: str, categories: Sequence[str], series: Mapping[str, Sequence[float]], y_label: str) -> str:
    """Grouped vertical bars: one group per category, one bar per series."""
    left, top, plot_h = 48.0, 34.0, 180.0
    bar, gap = (12.0, 10.0) if len(series) > 1 else (12.0, 4.0)
    group_w = max(bar * len(series) + gap, 260.0 / max(1, len(categories)))
    bar = min(60.0, (group_w - gap) / len(series))
    width = left + group_w * len(categories) + 20
    height = top + plot_h + 60
    step = _nice_step(max([v for values in series.values() for v in values] + [1]))
    peak = step * math.ceil(max([v for values in series.values() for v in values] + [1]) / step)
    body = [_text(width / 2, 20, title, 14, weight="bold")]
    y0 = top + plot_h
    tick = 0
    while tick <= peak:
        y = y0 - plot_h * tick / peak
        body.append(f"<line x1='{_num(left)}' y1='{_num(y)}' x2='{_num(width - 20)}' y2='{_num(y)}' stroke='#ddd'/>")
        body.append(_text(left - 6, y + 4, str(tick), 10, "end"))
        tick += step
    for ci, category in enumerate(categories):
        gx = left + ci * group_w + gap / 2
        for si, (name, values) in enumerate(series.items()):
            h = plot_h * values[ci] / peak
            colour = PALETTE[si % len(PALETTE)]
            body.append(
                f"<rect x='{_num(gx + si * bar)}' y='{_num(y0 - h)}' width='{_num(bar - 1)}' height='{_num(h)}' fill='{colour}'>"
                f"<title>{escape(f'{name} {category}: {_num(values[ci])}')}</title></rect>"
            )
        body.append(_text(gx + bar * len(series) / 2, y0 + 14, category, 10))
    body.append(f"<line x1='{_num(left)}' y1='{_num(y0)}' x2='{_num(width - 20)}' y2='{_num(y0)}' stroke='#333'/>")
    body.append(_text(14, top + plot_h / 2, y_label, 10).replace("<text ", f"<text transform='rotate(-90 14 {_num(top + plot_h / 2)})' ", 1))
    if len(series) > 1:
        for si, name in enumerate(series):
            lx = left + si * 90
            body.append(f"<rect x='{_num(lx)}' y='{_num(y0 + 30)}' width='10' height='10' fill='{PALETTE[si % len(PALETTE)]}'/>")
            body.append(_text(lx + 14, y0 + 39, name, 10, "start"))
    return _svg(width, height, title, body)


def check_chart(title: str, rows: Sequence[tuple[str, str, str, bool]]) -> str:
    """One line per threshold: the rule, its limit, the measured figure and pass/fail."""
    line_h, width = 22.0, 640.0
    height = 40 + line_h * (len(rows) + 1)
    body = [_text(width / 2, 20, title, 14, weight="bold")]
    header_y = 44.0
    for x, label, anchor in ((10, "rule", "start"), (330, "threshold", "middle"), (470, "deck", "middle"), (590, "result", "middle")):
        body.append(_text(x, header_y, label, 11, anchor, "bold"))
    for i, (rule, limit, measured, ok) in enumerate(rows):
        y = header_y + line_h * (i + 1)
        colour = PASS_COLOUR if ok else FAIL_COLOUR
        if i % 2 == 0:
            body.append(f"<rect x='4' y='{_num(y - 15)}' width='{_num(width - 8)}' height='{_num(line_h)}' fill='#f4f4f4'/>")
        body.append(_text(10, y, rule, 11, "start"))
        body.append(_text(330, y, limit, 11))
        body.append(_text(470, y, measured, 11))
        body.append(f"<circle cx='560' cy='{_num(y - 4)}' r='6' fill='{colour}'/>")
        body.append(_text(600, y, "pass" if ok else "FAIL", 11, weight="bold").replace("<text ", f"<text fill='{colour}' ", 1))
    return _svg(width, height, title, body)
