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
from typing import Any, Callable, Iterator

PT_PER_MM = 72.0 / 25.4

Box = tuple[float, float, float, float]  # left, top, right, bottom in mm from the page's top-left


@dataclass(frozen=True)
class TextRun:
    text: str  # "" unless preflight asked for it (see Wanted)
    size_pt: float  # the type size as printed, after every scaling
    box: Box
    font: str  # the font's name when it is not embedded
    embedded: bool


@dataclass(frozen=True)
class PageFacts:
    number: int  # from 1
    size_mm: tuple[float, float]
    media: Box
    trim: Box | None
    bleed: Box | None
    texts: tuple[TextRun, ...]


#: Says from a run's size (pt), box, embedding and the page's TrimBox whether its text is
#: needed for a message: reading every run's text would double preflight's time.
Wanted = Callable[[float, Box, bool, "Box | None"], bool]

_IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _box(box: tuple[float, float, float, float] | None, height_pt: float) -> Box | None:
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


def _font_name(font: Any) -> str:
    import pypdfium2.raw as raw

    n = raw.FPDFFont_GetBaseFontName(font, None, 0)
    name = ctypes.create_string_buffer(max(n, 1))
    raw.FPDFFont_GetBaseFontName(font, name, n)
    return name.value.decode("latin-1")


def _objects(parent: Any, in_form: bool) -> Iterator[Any]:
    import pypdfium2.raw as raw

    count = raw.FPDFFormObj_CountObjects(parent) if in_form else raw.FPDFPage_CountObjects(parent)
    for index in range(count):
        yield raw.FPDFFormObj_GetObject(parent, index) if in_form else raw.FPDFPage_GetObject(parent, index)


def _compose(m: tuple[float, ...], n: tuple[float, ...]) -> tuple[float, ...]:
    """``m`` then ``n`` (PDF matrices as six numbers)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t, e * q + f * s + u)


def _page_box(edges: list[float], outer: tuple[float, ...], height_pt: float) -> Box:
    """Bounds (left, bottom, right, top, pt, in a form's space) as mm from the page's top-left."""
    left, bottom, right, top = edges
    if outer != _IDENTITY:
        a, b, c, d, e, f = outer
        xs, ys = zip(*((a * x + c * y + e, b * x + d * y + f) for x in (left, right) for y in (bottom, top)))
        left, right, bottom, top = min(xs), max(xs), min(ys), max(ys)
    return (left / PT_PER_MM, (height_pt - top) / PT_PER_MM, right / PT_PER_MM, (height_pt - bottom) / PT_PER_MM)


def _runs(page: Any, height_pt: float, trim: Box | None, wanted: Wanted | None) -> Iterator[TextRun]:
    """Every text object of the page (inside form XObjects too), measured as printed."""
    import pypdfium2.raw as raw

    textpage = None
    size, matrix = ctypes.c_float(), raw.FS_MATRIX()
    edges = [ctypes.c_float() for _ in range(4)]
    stack: list[tuple[Iterator[Any], tuple[float, ...]]] = [(_objects(page, False), _IDENTITY)]
    while stack:
        objects, outer = stack[-1]
        obj = next(objects, None)
        if obj is None:
            stack.pop()
            continue
        kind = raw.FPDFPageObj_GetType(obj)
        if kind == raw.FPDF_PAGEOBJ_FORM:
            raw.FPDFPageObj_GetMatrix(obj, ctypes.byref(matrix))
            inner = (matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f)
            stack.append((_objects(obj, True), _compose(inner, outer)))
            continue
        if kind != raw.FPDF_PAGEOBJ_TEXT:
            continue
        raw.FPDFTextObj_GetFontSize(obj, ctypes.byref(size))
        raw.FPDFPageObj_GetMatrix(obj, ctypes.byref(matrix))
        _, _, c, d, _, _ = _compose((matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f), outer)
        raw.FPDFPageObj_GetBounds(obj, *(ctypes.byref(v) for v in edges))
        box = _page_box([v.value for v in edges], outer, height_pt)
        font = raw.FPDFTextObj_GetFont(obj)
        embedded = bool(raw.FPDFFont_GetIsEmbedded(font))
        size_pt = size.value * math.hypot(c, d)
        text = ""
        if wanted is None or wanted(size_pt, box, embedded, trim):
            textpage = textpage or page.get_textpage()
            text = _text_of(obj, textpage)
        yield TextRun(text, size_pt, box, "" if embedded else _font_name(font), embedded)


def read_pages(data: bytes, wanted: Wanted | None = None) -> list[PageFacts]:
    """What preflight needs of every page of the PDF ``data``; a run's text only where
    ``wanted`` says so (every run's without it). More than ``MAX_PAGES`` pages raise
    :class:`~.preflight_limits.TooLarge` before any page is read."""
    import pypdfium2 as pdfium

    from .preflight_limits import MAX_PAGES, TooLarge

    pdf = pdfium.PdfDocument(data)
    try:
        if len(pdf) > MAX_PAGES:
            raise TooLarge(f"has {len(pdf)} pages, over the {MAX_PAGES} preflight reads")
        pages = []
        for number, page in enumerate(pdf, start=1):
            w, h = page.get_size()
            trim = _box(page.get_trimbox(fallback_ok=False), h)
            pages.append(PageFacts(number, (w / PT_PER_MM, h / PT_PER_MM), _box(page.get_mediabox(), h),  # type: ignore[arg-type]
                                   trim, _box(page.get_bleedbox(fallback_ok=False), h),
                                   tuple(_runs(page, h, trim, wanted))))
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


def paints(reader: Any, page_index: int) -> Iterator[Paint]:
    """Every colour the page sets, with the place it is next drawn at."""
    from pypdf.generic import ContentStream

    page = reader.pages[page_index]
    height = float(page.mediabox.top)
    contents = page.get_contents()
    if contents is None:
        return
    ctm: tuple[float, ...] = _IDENTITY
    stack: list[tuple[float, ...]] = []
    pending: list[tuple[str, tuple[float, ...]]] = []
    space = {"fill": "gray", "stroke": "gray"}
    point = (0.0, 0.0)  # where drawing is, in user space: the last path point or text origin
    for operands, op in ContentStream(contents, reader).operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q" and stack:
            ctm = stack.pop()
        elif op == b"cm":
            ctm = _compose(tuple(float(v) for v in operands), ctm)
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
