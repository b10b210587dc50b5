"""What the printed rulebook and the quick reference share: paper, type, boxes, drawings.

Both are laid out by reportlab's platypus on A4 or US Letter (each its own file: a book
laid out for its paper, not one paper shrunk to the other). The text face is DejaVu
Sans (``generator.layout.fonts.BOOK``), embedded, so suit symbols print as symbols.
Diagrams are the same scenes the print-and-play files draw, drawn as vectors.
"""

from __future__ import annotations

import contextlib
import functools
import io
import re
from html import escape
from typing import Any, Callable, Iterator, Sequence

from ..components.palette import SUIT_COLOURS
from ..components.tabletop import legible
from ..layout import emphasis, fonts
from ..scene import Scene
from .pdf import draw_items, fast_reportlab

MM = 72.0 / 25.4
#: True while platypus lays out passes whose pages are thrown away (see ``BookDoc.build``).
DRAFT = [False]
INK = "#1f2a44"
GREY = "#555555"
#: The papers a book is made for: name -> (width, height) in points.
PAPERS: dict[str, tuple[float, float]] = {"a4": (595.2755905511812, 841.8897637795277), "letter": (612.0, 792.0)}
#: Characters DejaVu Sans lacks that content may still hold, and what prints instead.
_SUBSTITUTES = {"\u2713": "\u2714"}
SUIT_NAMES = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
_SUIT = re.compile("[♠♥♦♣]")


@functools.lru_cache(maxsize=None)
def styles(size: float = 10.0) -> dict[str, Any]:
    """The paragraph styles of a book whose body text is ``size`` points: the same
    objects on every call in a process (callers clone, never change them), so a
    paragraph parsed for one edition is recognised by the next (:func:`paragraph`)."""
    from reportlab.lib.colors import HexColor
    from reportlab.lib.styles import ParagraphStyle

    fonts.register_book()
    k = size / 10.0
    body = ParagraphStyle("body", fontName=fonts.BOOK, bulletFontName=fonts.BOOK, fontSize=size, leading=13.5 * k,
                          spaceAfter=5 * k)
    ink = HexColor(INK)
    return {
        "title": ParagraphStyle("title", parent=body, fontName=fonts.BOOK_BOLD, fontSize=30, leading=36, textColor=ink,
                                spaceAfter=8),
        "tagline": ParagraphStyle("tagline", parent=body, fontSize=13, leading=17, textColor=HexColor(GREY),
                                  spaceAfter=14),
        "h1": ParagraphStyle("h1", parent=body, fontName=fonts.BOOK_BOLD, fontSize=17 * k, leading=21 * k,
                             spaceBefore=12 * k, spaceAfter=6 * k, textColor=ink, keepWithNext=1),
        "h2": ParagraphStyle("h2", parent=body, fontName=fonts.BOOK_BOLD, fontSize=13 * k, leading=16 * k,
                             spaceBefore=9 * k, spaceAfter=4 * k, textColor=ink, keepWithNext=1),
        "h3": ParagraphStyle("h3", parent=body, fontName=fonts.BOOK_BOLD, fontSize=11 * k, leading=14 * k,
                             spaceBefore=6 * k, spaceAfter=3 * k, keepWithNext=1),
        "body": body,
        "bullet": ParagraphStyle("bullet", parent=body, leftIndent=12 * k, bulletIndent=3 * k, spaceAfter=2 * k),
        "box": ParagraphStyle("box", parent=body, fontSize=9.5 * k, leading=12.5 * k, spaceAfter=3 * k),
        "label": ParagraphStyle("label", parent=body, fontName=fonts.BOOK_BOLD, fontSize=size, leading=12.5 * k,
                                textColor=ink, spaceAfter=0),
        "small": ParagraphStyle("small", parent=body, fontSize=8, leading=10, textColor=HexColor(GREY)),
        "link": ParagraphStyle("link", parent=body, fontSize=8.5, leading=11, textColor=HexColor("#3949ab"),
                               spaceAfter=4),
        "toc1": ParagraphStyle("toc1", parent=body, fontName=fonts.BOOK_BOLD, fontSize=10.5, leftIndent=0,
                               spaceAfter=2),
        "toc2": ParagraphStyle("toc2", parent=body, fontSize=9.5, leftIndent=14, spaceAfter=0),
    }


#: Parsed paragraph markup by (markup, style, bullet). platypus parses a paragraph's
#: markup (an HTML parser in pure Python) whenever one is made; a book's story is made
#: twice (the draft pass for the contents' page numbers, then the kept one) and each
#: game is printed on two papers, so the same markup would be parsed four times.
_PARSED: dict[tuple[str, int, Any], tuple[Any, str, Any, list[Any], Any]] = {}
#: More than a build's worth of paragraphs: a long-lived process (``pipworks serve``)
#: starts afresh rather than keep every edit's text.
_PARSED_MAX = 50_000


def paragraph(markup: str, style: Any, bulletText: Any = None) -> Any:
    """``Paragraph(markup, style, bulletText)``, its markup parsed once per process:
    later ones get copies of the first one's fragments (laying out never changes a
    paragraph's own fragments, but each paragraph owns its copies all the same)."""
    from reportlab.platypus import Paragraph

    key = (markup, id(style), bulletText)
    parsed = _PARSED.get(key)
    if parsed is None:
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
        made = Paragraph(markup, style, bulletText)
        # the style is kept in the value, so its id cannot be reused by another style
        _PARSED[key] = (style, made.text, made.style, [f.clone() for f in made.frags], made.bulletText)
        return made
    _, cleaned, parsed_style, frags, bullet = parsed
    return Paragraph(cleaned, parsed_style, bullet, frags=[f.clone() for f in frags])


def _tagged(part: str, bold: bool, italic: bool) -> str:
    return f"{'<b>' * bold}{'<i>' * italic}{part}{'</i>' * italic}{'</b>' * bold}"


def text(value: Any) -> str:
    """Content text as safe Paragraph markup: whitespace folded, escaped, ``**bold**``
    and ``*italic*`` set in the book's bold and oblique faces, and each suit symbol in
    its suit's colour (the four-colour scheme of the printed cards)."""
    folded = " ".join(str(value).split())
    safe = escape("".join(_SUBSTITUTES.get(ch, ch) for ch in folded))
    if emphasis.has_marks(safe):  # **bold** and *italic*, as the site's Markdown sets them
        safe = emphasis.markup(safe, _tagged)
    return _SUIT.sub(lambda m: f'<font color="{SUIT_COLOURS[SUIT_NAMES[m.group(0)]]}">{m.group(0)}</font>', safe)


class SceneFlowable:
    """A component scene drawn as vectors, scaled to fit ``max_width_mm`` (and a height
    cap), never enlarged; with ``min_text_mm``, text that would print smaller is left out."""

    def __new__(cls, scene: Scene, max_width_mm: float, max_height_mm: float, align: str = "CENTER",
                min_text_mm: float = 0.0) -> Any:
        from reportlab.platypus import Flowable

        class _Scene(Flowable):  # defined lazily: reportlab is imported only when printing
            def __init__(self) -> None:
                super().__init__()
                scale = min(max_width_mm / scene.width, max_height_mm / scene.height, 1.0)
                self.scale = scale
                self.width = scene.width * scale * MM
                self.height = scene.height * scale * MM
                self.hAlign = align
                self.items = legible(scene.items, scale, min_text_mm) if min_text_mm else scene.items

            def draw(self) -> None:
                if DRAFT[0]:
                    return  # a layout-only pass: page breaks do not depend on the drawing
                c = self.canv
                c.saveState()
                c.translate(0, self.height)
                c.scale(MM * self.scale, -MM * self.scale)
                trim = c.beginPath()  # show the trimmed piece, as the player will hold it
                trim.rect(0, 0, scene.width, scene.height)
                c.clipPath(trim, stroke=0, fill=0)
                draw_items(c, self.items)
                c.restoreState()

        return _Scene()


def boxed(title: str, rows: Sequence[Any], colour: str, st: dict[str, Any], width: float, anchor: str | None = None,
          picture: Any = None) -> Any:
    """A framed box: a shaded title row (linkable by ``anchor``), an optional drawing,
    then ``rows`` (paragraph markup or flowables). Kept on one page when it fits one."""
    from reportlab.lib.colors import HexColor
    from reportlab.platypus import KeepTogether, Table, TableStyle

    name = f'<a name="{escape(anchor)}"/>' if anchor else ""
    cells: list[list[Any]] = [[paragraph(f"{name}<b>{text(title)}</b>", st["box"])]]
    if picture is not None:
        cells.append([picture])
    cells += [[row if not isinstance(row, str) else paragraph(row, st["box"])] for row in rows]
    table = Table(cells, colWidths=[width], repeatRows=1)  # a box too long for a page keeps its title
    table.setStyle(TableStyle([
        ("BOX", (0, 0), (-1, -1), 0.8, HexColor(colour)),
        ("LINEBEFORE", (0, 0), (0, -1), 3, HexColor(colour)),
        ("BACKGROUND", (0, 0), (-1, 0), HexColor("#f3f4f8")),
        ("FONTNAME", (0, 0), (-1, -1), fonts.BOOK),  # else the table selects Helvetica, unembedded
        ("LEFTPADDING", (0, 0), (-1, -1), 7), ("RIGHTPADDING", (0, 0), (-1, -1), 7),
        ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]))
    return KeepTogether([table])


@contextlib.contextmanager
def _drafting() -> Iterator[None]:
    """A layout-only pass: its pages are thrown away, so nothing is drawn on them.
    Where things go was decided before drawing (wrap and split), and the contents
    hear of each heading after it is placed, drawn or not."""
    from reportlab.platypus import Paragraph, Table

    saved = Paragraph.draw, Table.draw
    DRAFT[0] = True
    Paragraph.draw = Table.draw = _draw_nothing  # type: ignore[method-assign]
    try:
        yield
    finally:
        Paragraph.draw, Table.draw = saved  # type: ignore[method-assign]
        DRAFT[0] = False


def _draw_nothing(flowable: Any) -> None:
    return None


#: reportlab's own ``Paragraph.wrap``, while :func:`remembered_wraps` stands in for it.
_WRAP: list[Any] = []


@contextlib.contextmanager
def remembered_wraps() -> Iterator[None]:
    """Within the block a paragraph wrapped again at the width it was last wrapped
    at answers from memory. platypus asks often: a table measures each cell to size
    its rows, a kept-together box measures the table, and drawing a table measures
    each cell once more; every time, the same words broke into the same lines."""
    from reportlab.platypus import Paragraph

    if _WRAP:  # already inside one
        yield
        return
    _WRAP.append(Paragraph.wrap)
    Paragraph.wrap = _wrap_once  # type: ignore[method-assign]
    try:
        yield
    finally:
        Paragraph.wrap = _WRAP.pop()  # type: ignore[method-assign]


def _wrap_once(paragraph: Any, width: float, height: float) -> tuple[float, float]:
    # A paragraph's lines depend on the width, its fragments and its style only (not
    # on the height); breaking lines may swap in processed fragments, so those are
    # what the memory is checked against; a split may throw the lines away.
    state = paragraph.__dict__
    memo = state.get("_wrapped")
    if (memo is not None and memo[0] == width and memo[1] is paragraph.frags and memo[2] is paragraph.style
            and "blPara" in state):
        return memo[3]  # type: ignore[no-any-return]
    size = _WRAP[0](paragraph, width, height)
    paragraph._wrapped = (width, paragraph.frags, paragraph.style, size)
    return size  # type: ignore[no-any-return]


class BookDoc:
    """A document on ``paper`` with page numbers, bookmarks and contents entries."""

    def __init__(self, title: str, footer: str, paper: str = "a4", margin_mm: float = 20.0, top_mm: float = 18.0,
                 bottom_mm: float = 20.0):
        from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

        self.buffer = io.BytesIO()
        self.footer = footer
        self.page_size = PAPERS[paper]
        doc = BaseDocTemplate(self.buffer, pagesize=self.page_size, leftMargin=margin_mm * MM,
                              rightMargin=margin_mm * MM, topMargin=top_mm * MM, bottomMargin=bottom_mm * MM,
                              title=title, author="Pipworks", creator="Pipworks", invariant=1, pageCompression=1,
                              initialFontName=fonts.BOOK, initialFontSize=10)
        frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="body")
        doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=self._decorate)])
        doc.afterFlowable = self._after  # type: ignore[method-assign]
        self.doc = doc
        self.pages = 0

    @property
    def width(self) -> float:
        return float(self.doc.width)

    @property
    def height(self) -> float:
        return float(self.doc.height)

    def _decorate(self, canvas: Any, doc: Any) -> None:
        canvas.saveState()
        canvas.setFont(fonts.BOOK, 8)
        canvas.setFillColorRGB(0.35, 0.35, 0.35)
        canvas.drawString(doc.leftMargin, 10 * MM, self.footer)
        canvas.drawRightString(self.page_size[0] - doc.rightMargin, 10 * MM, f"page {doc.page}")
        canvas.restoreState()

    def _after(self, flowable: Any) -> None:
        level = getattr(flowable, "_toc_level", None)
        if level is not None:
            key = getattr(flowable, "_bookmark", None)
            self.doc.canv.bookmarkPage(key)
            title = getattr(flowable, "_toc_text", flowable.getPlainText())
            self.doc.canv.addOutlineEntry(title, key, level=level, closed=level > 0)
            # The contents list lays its entries out as Paragraph markup: the title is
            # text, so it is escaped there (the outline takes plain text as it is).
            self.doc.notify("TOCEntry", (level, escape(title), self.doc.page, key))

    def build(self, make_story: Callable[[], list[Any]], settle: bool = True) -> bytes:
        """Lay out until the contents' page numbers settle, then draw once.

        platypus builds a book with a contents page two or three times; only the last
        pass is kept. With ``settle``, one draft pass lays the story out without drawing
        anything (sizes, not ink, decide the pages: see ``_drafting``) and a fresh story
        is then drawn in full: its contents list already knows every page number, so
        that takes one pass."""
        import reportlab.pdfbase.pdfdoc  # noqa: F401  (loaded before fast_reportlab patches it)

        with fast_reportlab(), remembered_wraps():
            if settle:
                # One layout pass collects the contents' entries; the contents page is a
                # page of its own, so its length cannot move the pages it lists.
                # The contents list hears of the entries only as an indexing flowable of
                # the build (as multiBuild registers it): then multiBuild's first pass
                # already knows every page number and is the last.
                story = make_story()
                indexing = [f for f in story if f.isIndexing()]
                self.doc._indexingFlowables = indexing
                for flowable in indexing:
                    flowable.beforeBuild()
                with _drafting():
                    self.doc.build(story)
                for flowable in indexing:
                    flowable.afterBuild()
                self.buffer.seek(0)
                self.buffer.truncate()
            self.doc.multiBuild(make_story())
        self.pages = self.doc.page
        return self.buffer.getvalue()
