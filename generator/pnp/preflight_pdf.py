"""Reading a PDF back for preflight: page boxes, fonts, type sizes, text positions, colour.

pdfium (pypdfium2) reads what it lays out: each text object's font, whether that font is
embedded, its size after every transformation and its box on the page. Colour spaces and
transparency are not in pdfium's API, so the content streams are walked with pypdf,
following the transformation matrix so a problem can say where on the page it is.
"""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass
from typing import Any, Iterator

PT_PER_MM = 72.0 / 25.4


@dataclass(frozen=True)
class TextRun:
    text: str
    size_pt: float  # the type size as printed, after every scaling
    box: tuple[float, float, float, float]  # left, top, right, bottom in mm from the top-left
    font: str
    embedded: bool


@dataclass(frozen=True)
class PageFacts:
    number: int  # from 1
    size_mm: tuple[float, float]
    media: tuple[float, float, float, float]  # boxes as left, top, right, bottom, mm from the top-left
    trim: tuple[float, float, float, float] | None
    bleed: tuple[float, float, float, float] | None
    texts: tuple[TextRun, ...]


def _box(box: tuple[float, float, float, float] | None, height_pt: float) -> tuple[float, float, float, float] | None:
    if box is None:
        return None
    left, bottom, right, top = box
    return (left / PT_PER_MM, (height_pt - top) / PT_PER_MM, right / PT_PER_MM, (height_pt - bottom) / PT_PER_MM)


def _text_of(obj: Any, textpage: Any) -> str:
    import pypdfium2.raw as raw

    n = raw.FPDFTextObj_GetText(obj, textpage, None, 0)
    buffer = (ctypes.c_ushort * max(n, 1))()
    raw.FPDFTextObj_GetText(obj, textpage, buffer, n)
    return bytes(buffer).decode("utf-16-le", errors="replace").rstrip("\x00")


def _font_of(obj: Any) -> tuple[str, bool]:
    import pypdfium2.raw as raw

    font = raw.FPDFTextObj_GetFont(obj)
    n = raw.FPDFFont_GetBaseFontName(font, None, 0)
    name = ctypes.create_string_buffer(max(n, 1))
    raw.FPDFFont_GetBaseFontName(font, name, n)
    return name.value.decode("latin-1"), bool(raw.FPDFFont_GetIsEmbedded(font))


def _runs(page: Any, height_pt: float) -> Iterator[TextRun]:
    import pypdfium2.raw as raw

    textpage = page.get_textpage()
    size = ctypes.c_float()
    matrix = raw.FS_MATRIX()
    for obj in page.get_objects(filter=(raw.FPDF_PAGEOBJ_TEXT,)):
        raw.FPDFTextObj_GetFontSize(obj, ctypes.byref(size))
        raw.FPDFPageObj_GetMatrix(obj, ctypes.byref(matrix))
        left, bottom, right, top = obj.get_bounds()
        font, embedded = _font_of(obj)
        box = (left / PT_PER_MM, (height_pt - top) / PT_PER_MM, right / PT_PER_MM, (height_pt - bottom) / PT_PER_MM)
        yield TextRun(_text_of(obj, textpage), size.value * math.hypot(matrix.c, matrix.d), box, font, embedded)


def read_pages(data: bytes) -> list[PageFacts]:
    """What preflight needs of every page of the PDF ``data``."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    try:
        pages = []
        for number, page in enumerate(pdf, start=1):
            w, h = page.get_size()
            pages.append(PageFacts(number, (w / PT_PER_MM, h / PT_PER_MM), _box(page.get_mediabox(), h),  # type: ignore[arg-type]
                                   _box(page.get_trimbox(fallback_ok=False), h),
                                   _box(page.get_bleedbox(fallback_ok=False), h), tuple(_runs(page, h))))
        return pages
    finally:
        pdf.close()


# -- colour and transparency, from the content streams ---------------------------------

@dataclass(frozen=True)
class Paint:
    page: int
    at: tuple[float, float]  # mm from the top-left of the page: where the colour is next used
    space: str  # "rgb", "cmyk", "gray" or the name of another colour space
    values: tuple[float, ...]


_SPACE_OF = {b"rg": "rgb", b"RG": "rgb", b"k": "cmyk", b"K": "cmyk", b"g": "gray", b"G": "gray"}
_DEVICE = {"/DeviceRGB": "rgb", "/DeviceCMYK": "cmyk", "/DeviceGray": "gray"}


def _multiply(m: list[float], n: list[float]) -> list[float]:
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return [a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t, e * q + f * s + u]


def paints(reader: Any, page_index: int) -> Iterator[Paint]:
    """Every colour the page sets, with the place it is next drawn at."""
    from pypdf.generic import ContentStream

    page = reader.pages[page_index]
    height = float(page.mediabox.top)
    contents = page.get_contents()
    if contents is None:
        return
    ctm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    stack: list[list[float]] = []
    pending: list[tuple[str, tuple[float, ...]]] = []
    space = {"fill": "gray", "stroke": "gray"}
    point = (0.0, 0.0)  # where drawing is, in user space: the last path point or text origin
    for operands, op in ContentStream(contents, reader).operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q" and stack:
            ctm = stack.pop()
        elif op == b"cm":
            ctm = _multiply([float(v) for v in operands], ctm)
        elif op in _SPACE_OF:
            pending.append((_SPACE_OF[op], tuple(float(v) for v in operands)))
        elif op in (b"cs", b"CS"):
            name = str(operands[0])
            space["fill" if op == b"cs" else "stroke"] = _DEVICE.get(name, name)
        elif op in (b"sc", b"scn", b"SC", b"SCN"):
            kind = space["fill" if op in (b"sc", b"scn") else "stroke"]
            pending.append((kind, tuple(float(v) for v in operands if isinstance(v, (int, float)))))
        elif op in _POINT_AT:
            first = _POINT_AT[op]
            point = (float(operands[first]), float(operands[first + 1]))
        elif pending and op in _PAINTS:
            x, y = point
            a, b, c, d, e, f = ctm
            at = ((a * x + c * y + e) / PT_PER_MM, (height - (b * x + d * y + f)) / PT_PER_MM)
            for kind, values in pending:
                yield Paint(page_index + 1, at, kind, values)
            pending = []


#: Operators that move the drawing point, and which operand holds its x.
_POINT_AT = {b"m": 0, b"l": 0, b"re": 0, b"c": 4, b"v": 2, b"y": 2, b"Tm": 4, b"Td": 0, b"TD": 0}
#: Operators that paint with the current colours.
_PAINTS = {b"f", b"F", b"f*", b"S", b"s", b"B", b"B*", b"b", b"b*", b"Tj", b"TJ", b"'", b'"', b"sh", b"Do"}


def transparency(reader: Any, page_index: int) -> list[str]:
    """Why the page is not opaque: a transparency group, soft masks, alpha below 1, blend modes."""
    page = reader.pages[page_index]
    found = []
    group = page.get("/Group")
    if group is not None and group.get_object().get("/S") == "/Transparency":
        found.append("the page is a transparency group")
    resources = page.get("/Resources")
    states = resources.get_object().get("/ExtGState") if resources is not None else None
    for name, state in (states.get_object().items() if states is not None else ()):
        state = state.get_object()
        for key in ("/ca", "/CA"):
            if key in state and float(state[key]) < 1.0:
                found.append(f"graphics state {name} sets {key[1:]} {float(state[key]):g} (see-through)")
        if state.get("/SMask", "/None") != "/None":
            found.append(f"graphics state {name} has a soft mask")
        if state.get("/BM", "/Normal") not in ("/Normal", "/Compatible"):
            found.append(f"graphics state {name} uses blend mode {state['/BM']}")
    return found
