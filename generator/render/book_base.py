"""What the printed rulebook and the quick reference share: paper, type, boxes, drawings.

Both are laid out by reportlab's platypus on A4 or US Letter (each its own file: a book
laid out for its paper, not one paper shrunk to the other). The text face is DejaVu
Sans (``generator.layout.fonts.BOOK``), embedded, so suit symbols print as symbols.
Diagrams are the same scenes the print-and-play files draw, drawn as vectors.
"""

from __future__ import annotations

import io
import re
from html import escape
from typing import Any, Callable, Sequence

from ..components.palette import SUIT_COLOURS
from ..components.tabletop import legible
from ..layout import fonts
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


def styles(size: float = 10.0) -> dict[str, Any]:
    """The paragraph styles of a book whose body text is ``size`` points."""
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


def text(value: Any) -> str:
    """Content text as safe Paragraph markup: whitespace folded, escaped, and each suit
    symbol in its suit's colour (the four-colour scheme of the printed cards)."""
    folded = " ".join(str(value).split())
    safe = escape("".join(_SUBSTITUTES.get(ch, ch) for ch in folded))
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
    from reportlab.platypus import KeepTogether, Paragraph, Table, TableStyle

    name = f'<a name="{escape(anchor)}"/>' if anchor else ""
    cells: list[list[Any]] = [[Paragraph(f"{name}<b>{text(title)}</b>", st["box"])]]
    if picture is not None:
        cells.append([picture])
    cells += [[row if not isinstance(row, str) else Paragraph(row, st["box"])] for row in rows]
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
        pass is kept. With ``settle``, those passes skip drawing the diagrams (their
        size, not their ink, decides the pages) and a fresh story is then drawn in full:
        its contents list already knows every page number, so that takes one pass."""
        import reportlab.pdfbase.pdfdoc  # noqa: F401  (loaded before fast_reportlab patches it)

        with fast_reportlab():
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
                DRAFT[0] = True
                try:
                    self.doc.build(story)
                finally:
                    DRAFT[0] = False
                for flowable in indexing:
                    flowable.afterBuild()
                self.buffer.seek(0)
                self.buffer.truncate()
            self.doc.multiBuild(make_story())
        self.pages = self.doc.page
        return self.buffer.getvalue()
