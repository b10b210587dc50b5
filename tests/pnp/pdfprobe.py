"""Reading printed geometry back out of a PDF: clip rectangles from the content stream
(via pypdf) and edges measured on a rasterised page (via poppler's pdftoppm)."""

from __future__ import annotations

import io
import subprocess
from functools import lru_cache
from pathlib import Path

from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

PT_PER_MM = 72 / 25.4


def _mul(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a2 * a + c2 * b, b2 * a + d2 * b, a2 * c + c2 * d, b2 * c + d2 * d, a2 * e + c2 * f + e2, b2 * e + d2 * f + f2)


@lru_cache(maxsize=None)  # the kits' readers are cached too: each page is parsed once a session
def clip_rects_mm(reader: PdfReader, page_index: int) -> list[tuple[float, float, float, float]]:
    """Every rectangle used as a clip on the page, as (x, y, w, h) in mm from the
    top-left corner of the page, in drawing order."""
    page = reader.pages[page_index]
    height = float(page.mediabox.height)
    ops = ContentStream(page.get_contents(), reader).operations
    ctm = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    stack = []
    pending = None
    found = []
    for operands, op in ops:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
        elif op == b"re":
            pending = [float(v) for v in operands]
        elif op in (b"W", b"W*") and pending is not None:
            x, y, w, h = pending
            a, b, c, d, e, f = ctm
            xs = [a * px + c * py + e for px, py in ((x, y), (x + w, y + h))]
            ys = [b * px + d * py + f for px, py in ((x, y), (x + w, y + h))]
            left, top = min(xs) / PT_PER_MM, (height - max(ys)) / PT_PER_MM
            found.append((left, top, (max(xs) - min(xs)) / PT_PER_MM, (max(ys) - min(ys)) / PT_PER_MM))
        elif op in (b"n", b"f", b"S", b"B"):
            pending = None
    return found


def rasterise(pdf: Path, page_number: int, dpi: int, gray: bool = True) -> Image.Image:
    """Page ``page_number`` (1-based) as a PIL image, rendered by pdftoppm."""
    args = ["pdftoppm", "-f", str(page_number), "-l", str(page_number), "-r", str(dpi), "-png"]
    if gray:
        args.append("-gray")
    png = subprocess.run([*args, str(pdf)], check=True, capture_output=True).stdout
    image = Image.open(io.BytesIO(png))
    return image.convert("L") if gray else image.convert("RGB")


def edge(values: list[int], start: int, step: int, threshold: int) -> float:
    """Sub-pixel index where ``values`` (walked from ``start`` by ``step``) first crosses
    ``threshold``, interpolated linearly between the two pixels that straddle it."""
    i = start
    previous = values[i]
    while 0 <= i + step < len(values):
        current = values[i + step]
        if (previous < threshold) != (current < threshold):
            fraction = (threshold - previous) / (current - previous)
            return i + fraction * step
        previous = current
        i += step
    raise AssertionError("no edge found")


def _point(ctm, x: float, y: float, height: float) -> tuple[float, float]:
    a, b, c, d, e, f = ctm
    return (a * x + c * y + e) / PT_PER_MM, (height - (b * x + d * y + f)) / PT_PER_MM


@lru_cache(maxsize=None)
def stroked_lines(reader: PdfReader, page_index: int) -> list[tuple[float, float, float, float, tuple[float, ...], float]]:
    """Every straight stroked segment on the page as (x1, y1, x2, y2, stroke RGB, width),
    in mm from the page's top-left corner (width in mm too), read from the content
    stream: what a printer is told to draw, not what our page model says."""
    page = reader.pages[page_index]
    height = float(page.mediabox.height)
    ops = ContentStream(page.get_contents(), reader).operations
    ctm = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    rgb: tuple[float, ...] = (0.0, 0.0, 0.0)
    width = 1.0
    stack = []
    path: list[tuple[float, float]] = []
    segments = []
    for operands, op in ops:
        if op == b"q":
            stack.append((ctm, rgb, width))
        elif op == b"Q":
            ctm, rgb, width = stack.pop()
        elif op == b"cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
        elif op == b"RG":
            rgb = tuple(round(float(v), 3) for v in operands)
        elif op == b"w":
            width = float(operands[0])
        elif op == b"m":
            path = [_point(ctm, float(operands[0]), float(operands[1]), height)]
        elif op == b"l":
            path.append(_point(ctm, float(operands[0]), float(operands[1]), height))
        elif op == b"S":
            scale = (abs(ctm[0] * ctm[3] - ctm[1] * ctm[2])) ** 0.5 / PT_PER_MM
            for (x1, y1), (x2, y2) in zip(path, path[1:]):
                segments.append((x1, y1, x2, y2, rgb, width * scale))
            path = []
        elif op in (b"n", b"f", b"f*", b"B", b"re", b"c", b"h"):
            if op in (b"n", b"f", b"f*", b"B"):
                path = []
    return segments


@lru_cache(maxsize=None)
def page_text(reader: PdfReader, page_index: int) -> str:
    """The page's text as pypdf extracts it."""
    return str(reader.pages[page_index].extract_text())


@lru_cache(maxsize=None)
def texts(reader: PdfReader, page_index: int) -> list[tuple[str, float, float, float]]:
    """(text, x, y, size in pt) of every text shown on the page, x and y in mm from the
    top-left corner (the baseline start), size as printed (font size × scale)."""
    page = reader.pages[page_index]
    height = float(page.mediabox.height)
    found = []

    def visit(text, cm, tm, font, size):  # type: ignore[no-untyped-def]
        if not text.strip():
            return
        m = _mul(tuple(tm), tuple(cm))
        x, y = _point(m, 0.0, 0.0, height)
        found.append((text, x, y, size * (abs(m[0] * m[3] - m[1] * m[2])) ** 0.5))

    page.extract_text(visitor_text=visit)
    return found


def chains(segments, keep):  # type: ignore[no-untyped-def]
    """Axis-parallel stroked segments that ``keep(rgb, width)`` accepts, joined end to end
    along the same line: ((axis, position), low, high) for each run an eye can follow."""
    lines: dict[tuple[str, float], list[tuple[float, float]]] = {}
    for x1, y1, x2, y2, rgb, width in segments:
        if not keep(rgb, width):
            continue
        if abs(x1 - x2) < 1e-3:
            lines.setdefault(("x", round(x1, 3)), []).append((min(y1, y2), max(y1, y2)))
        elif abs(y1 - y2) < 1e-3:
            lines.setdefault(("y", round(y1, 3)), []).append((min(x1, x2), max(x1, x2)))
    for key, spans in lines.items():
        merged: list[list[float]] = []
        for lo, hi in sorted(spans):
            if merged and lo <= merged[-1][1] + 0.01:
                merged[-1][1] = max(merged[-1][1], hi)
            else:
                merged.append([lo, hi])
        for lo, hi in merged:
            yield key, lo, hi
