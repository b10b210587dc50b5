"""The lab's SVG charts, readable on a light page and a dark one.

Text, axes and interval whiskers are drawn in ``currentColor``, so a chart placed in a
page takes the page's text colour (dark on the light theme, light on the dark one);
bars use mid-tone colours that hold their contrast on both. Every label is escaped and
numbers are written with fixed precision: the same report gives the same bytes.
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping, Sequence

BAR = "#4e79a7"  # mid blue: 4.2:1 on white, 3.4:1 on the dark theme's slate
SECOND = "#f28e2b"  # mid orange, for a second series
FAIR = "#e15759"  # the fair-share line
FONT = "font-family='DejaVu Sans, Arial, sans-serif'"
WIDTH = 640.0
LEFT = 190.0
ROW = 26.0


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _svg(height: float, title: str, body: list[str]) -> str:
    return "\n".join([
        f"<svg xmlns='http://www.w3.org/2000/svg' class='pw-chart' width='{_n(WIDTH)}' height='{_n(height)}' "
        f"viewBox='0 0 {_n(WIDTH)} {_n(height)}' role='img' aria-label='{escape(title, quote=True)}' "
        "style='max-width:100%;height:auto;color:inherit'>",
        f"<title>{escape(title)}</title>", *body, "</svg>"]) + "\n"


def _text(x: float, y: float, text: str, size: int = 12, anchor: str = "start", weight: str = "normal") -> str:
    return (f"<text x='{_n(x)}' y='{_n(y)}' {FONT} font-size='{size}' text-anchor='{anchor}' font-weight='{weight}' "
            f"fill='currentColor'>{escape(text)}</text>")


def _axis(top: float, bottom: float, right: float, peak: float, ticks: Sequence[float], percent: bool) -> list[str]:
    out = []
    for tick in ticks:
        x = LEFT + (right - LEFT) * tick / peak
        out.append(f"<line x1='{_n(x)}' y1='{_n(top)}' x2='{_n(x)}' y2='{_n(bottom)}' stroke='currentColor' "
                   "stroke-opacity='0.2'/>")
        out.append(_text(x, bottom + 14, f"{tick:.0%}" if percent else _n(tick), 10, "middle"))
    return out


def interval_chart(title: str, rows: Sequence[tuple[str, Mapping[str, float]]], fair: float | None = None,
                   note: str = "", second: frozenset[int] = frozenset()) -> str:
    """Horizontal bars of rates (0–1), each with its 95 % interval as a whisker, and the
    fair share as a dashed line; the rows numbered in ``second`` in the second colour."""
    top = 40.0
    bottom = top + ROW * len(rows)
    right = WIDTH - 70
    peak = min(1.0, max([r["high"] for _, r in rows] + [fair or 0.0, 0.1]) * 1.15)
    step = 0.05 if peak <= 0.3 else 0.1 if peak <= 0.6 else 0.2
    ticks = [i * step for i in range(int(peak / step + 1e-9) + 1)]
    body = [_text(10, 20, title, 14, weight="bold")] + _axis(top, bottom, right, peak, ticks, True)
    scale = (right - LEFT) / peak
    for i, (label, r) in enumerate(rows):
        y = top + ROW * i
        colour = SECOND if i in second else BAR
        tip = f"{label}: {r['rate']:.1%} ({r['low']:.1%}–{r['high']:.1%})"
        body.append(_text(LEFT - 8, y + 17, label, 12, "end"))
        body.append(f"<rect x='{_n(LEFT)}' y='{_n(y + 5)}' width='{_n(r['rate'] * scale)}' height='{_n(ROW - 10)}' "
                    f"fill='{colour}'><title>{escape(tip)}</title></rect>")
        lo, hi, mid = LEFT + r["low"] * scale, LEFT + r["high"] * scale, y + ROW / 2
        body.append(f"<path d='M{_n(lo)} {_n(mid)}H{_n(hi)}M{_n(lo)} {_n(mid - 5)}V{_n(mid + 5)}"
                    f"M{_n(hi)} {_n(mid - 5)}V{_n(mid + 5)}' stroke='currentColor' stroke-width='1.5' fill='none'/>")
        body.append(_text(min(hi, right) + 6, y + 17, f"{r['rate']:.1%}", 11))
    if fair is not None:
        x = LEFT + fair * scale
        body.append(f"<line x1='{_n(x)}' y1='{_n(top - 4)}' x2='{_n(x)}' y2='{_n(bottom)}' stroke='{FAIR}' "
                    "stroke-width='2' stroke-dasharray='5 3'/>")
        body.append(_text(x, top - 8, f"fair {fair:.0%}", 10, "middle"))
    if note:
        body.append(_text(10, bottom + 34, note, 11))
    return _svg(bottom + (44 if note else 24), title, body)


def histogram_chart(title: str, bins: Sequence[Mapping[str, int]], unit: str) -> str:
    """Vertical bars of a histogram of whole numbers (``low``–``high``: ``count``)."""
    top, height = 40.0, 160.0
    left, right = 50.0, WIDTH - 20
    peak = max([b["count"] for b in bins] + [1])
    width = (right - left) / max(1, len(bins))
    body = [_text(10, 20, title, 14, weight="bold")]
    for tick in (0.0, 0.5, 1.0):
        y = top + height * (1 - tick)
        body.append(f"<line x1='{_n(left)}' y1='{_n(y)}' x2='{_n(right)}' y2='{_n(y)}' stroke='currentColor' "
                    "stroke-opacity='0.2'/>")
        body.append(_text(left - 6, y + 4, str(round(peak * tick)), 10, "end"))
    every = max(1, len(bins) // 6)
    for i, b in enumerate(bins):
        h = height * b["count"] / peak
        x = left + i * width
        span = f"{b['low']}–{b['high']}" if b["high"] != b["low"] else str(b["low"])
        tip = f"{span} {unit}: {b['count']} games"
        body.append(f"<rect x='{_n(x + 1)}' y='{_n(top + height - h)}' width='{_n(width - 2)}' height='{_n(h)}' "
                    f"fill='{BAR}'><title>{escape(tip)}</title></rect>")
        if i % every == 0:
            body.append(_text(x + width / 2, top + height + 14, str(b["low"]), 10, "middle"))
    body.append(_text((left + right) / 2, top + height + 32, f"{unit} per game", 11, "middle"))
    return _svg(top + height + 42, title, body)


def bar_chart(title: str, rows: Sequence[tuple[str, float]], unit: str) -> str:
    """Horizontal bars of plain numbers (how often each rule fired per game)."""
    top = 40.0
    bottom = top + ROW * len(rows)
    right = WIDTH - 70
    peak = max([v for _, v in rows] + [0.1]) * 1.1
    scale = (right - LEFT) / peak
    body = [_text(10, 20, title, 14, weight="bold")]
    for i, (label, value) in enumerate(rows):
        y = top + ROW * i
        body.append(_text(LEFT - 8, y + 17, label, 12, "end"))
        tip = f"{label}: {value:g} {unit}"
        body.append(f"<rect x='{_n(LEFT)}' y='{_n(y + 5)}' width='{_n(value * scale)}' height='{_n(ROW - 10)}' "
                    f"fill='{BAR}'><title>{escape(tip)}</title></rect>")
        body.append(_text(LEFT + value * scale + 6, y + 17, f"{value:g}", 11))
    body.append(_text(LEFT, bottom + 16, unit, 11))
    return _svg(bottom + 26, title, body)


def report_charts(report: Mapping[str, Any]) -> dict[str, str]:
    """Every chart of a balance report, by file name (``<game>-<what>.svg``)."""
    slug = report["game"]
    base = report["configurations"][0]
    out: dict[str, str] = {}
    if base["players"] > 1:
        rows = [(f"{place + 1}{_ordinal(place + 1)} to play", r) for place, r in enumerate(base["turn_order"])]
        out[f"{slug}-turn-order.svg"] = interval_chart(
            f"{report['title']}: victories by turn order ({base['label']})", rows, base["first_player"].get("fair"),
            f"{base['games']} games, {' / '.join(sorted(set(report['bots'])))} bots; whiskers: 95 % intervals")
        rows = [(name, r) for name, r in zip(base["seat_names"], base["seats"])]
        out[f"{slug}-seats.svg"] = interval_chart(f"{report['title']}: victories by seat", rows,
                                                  base["seats"][0].get("fair"))
    out[f"{slug}-length.svg"] = histogram_chart(f"{report['title']}: game length ({base['label']})",
                                                base["length"]["histogram"], base["length"]["unit"])
    rules = [(rule["id"], rule["per_game"]) for rule in sorted(base["rules"], key=lambda r: -r["per_game"])
             if rule["per_game"]]
    if rules:
        out[f"{slug}-rules.svg"] = bar_chart(f"{report['title']}: how often each rule fires", rules, "times per game")
    configs = report["configurations"]
    if len(configs) > 1 and all(c["players"] == base["players"] > 1 for c in configs):
        rows = [(c["label"], c["first_player"]) for c in configs]
        out[f"{slug}-variants.svg"] = interval_chart(f"{report['title']}: the first player's victories by variant",
                                                     rows, base["first_player"].get("fair"))
    if report.get("ladder"):
        rows = []
        for pairing in report["ladder"]["pairings"]:
            rows.append((f"{pairing['stronger']} vs {pairing['weaker']}", pairing["stronger_rate"]))
            rows.append((f"{pairing['weaker']} (same games)", pairing["weaker_rate"]))
        out[f"{slug}-ladder.svg"] = interval_chart(f"{report['title']}: the bot ladder (victories per player)", rows,
                                                   second=frozenset(range(1, len(rows), 2)))
    return out


def _ordinal(n: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")
