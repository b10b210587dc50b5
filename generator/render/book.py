"""Printable rulebooks and quick references (A4), from the same content as the site.

A4 rather than an A5 booklet: a booklet needs duplex printing, imposition and a fold,
while every home printer in A4 countries prints A4 single-sided as it comes; US Letter
users print it with "fit to page" (text only scales a little). Diagrams are the same
scenes the print-and-play files draw, drawn as vectors. The shipped font (Vera) is
embedded; characters it lacks are replaced (``typeset.printable``), never shown as boxes.
"""

from __future__ import annotations

import io
import re
from html import escape
from typing import Any, Callable, Sequence

from ..components.typeset import printable
from ..content.outline import Chapter, outline, play_time_text, players_text
from ..scene import Scene
from ..layout import fonts
from .pdf import draw_items, fast_reportlab

MM = 72.0 / 25.4
#: True while platypus lays out passes whose pages are thrown away (see ``_Doc.build``).
DRAFT = [False]
INK = "#1f2a44"


def _styles() -> dict[str, Any]:
    from reportlab.lib.colors import HexColor
    from reportlab.lib.styles import ParagraphStyle

    fonts.register_all()
    body = ParagraphStyle("body", fontName=fonts.REGULAR, bulletFontName=fonts.REGULAR, fontSize=10, leading=13.5, spaceAfter=5)
    return {
        "title": ParagraphStyle("title", parent=body, fontName=fonts.BOLD, fontSize=30, leading=36, textColor=HexColor(INK), spaceAfter=8),
        "tagline": ParagraphStyle("tagline", parent=body, fontSize=13, leading=17, textColor=HexColor("#555555"), spaceAfter=14),
        "h1": ParagraphStyle("h1", parent=body, fontName=fonts.BOLD, fontSize=17, leading=21, spaceBefore=12, spaceAfter=6, textColor=HexColor(INK)),
        "h2": ParagraphStyle("h2", parent=body, fontName=fonts.BOLD, fontSize=13, leading=16, spaceBefore=9, spaceAfter=4, textColor=HexColor(INK)),
        "h3": ParagraphStyle("h3", parent=body, fontName=fonts.BOLD, fontSize=11, leading=14, spaceBefore=6, spaceAfter=3),
        "body": body,
        "bullet": ParagraphStyle("bullet", parent=body, leftIndent=12, bulletIndent=3, spaceAfter=2),
        "box": ParagraphStyle("box", parent=body, fontSize=9.5, leading=12.5, spaceAfter=3),
        "small": ParagraphStyle("small", parent=body, fontSize=8, leading=10, textColor=HexColor("#555555")),
        "toc1": ParagraphStyle("toc1", parent=body, fontName=fonts.BOLD, fontSize=10.5, leftIndent=0, spaceAfter=2),
        "toc2": ParagraphStyle("toc2", parent=body, fontSize=9.5, leftIndent=14, spaceAfter=0),
    }


SUIT_WORDS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
_CARD = re.compile(r"(10|[2-9AJQK-])([♠♥♦♣])")
_CARDS = re.compile(r"(?:(?:10|[2-9AJQK-])[♠♥♦♣]){2,}")


def _card_words(text: str) -> str:
    """Cards written with suit symbols, in words the shipped font can print:
    "7♣" → "7 of clubs"; a multi-suit card "A♠K♦10♣" → "(A spades / K diamonds / 10 clubs)"."""
    def several(match: re.Match[str]) -> str:
        parts = [f"{rank} {SUIT_WORDS[suit]}" for rank, suit in _CARD.findall(match.group(0))]
        return "(" + " / ".join(parts) + ")"

    text = _CARDS.sub(several, text)
    return _CARD.sub(lambda m: f"{m.group(1)} of {SUIT_WORDS[m.group(2)]}", text)


def _p(text: str) -> str:
    """Content text as safe Paragraph markup: escaped, printable in the shipped font."""
    return escape(printable(_card_words(" ".join(str(text).split()))))


class SceneFlowable:
    """A component scene drawn as vectors, scaled to fit the frame width (and a height cap)."""

    def __new__(cls, scene: Scene, max_width_mm: float, max_height_mm: float) -> Any:
        from reportlab.platypus import Flowable

        class _Scene(Flowable):  # defined lazily: reportlab is imported only when printing
            def __init__(self) -> None:
                super().__init__()
                scale = min(max_width_mm / scene.width, max_height_mm / scene.height, 1.0)
                self.scale = scale
                self.width = scene.width * scale * MM
                self.height = scene.height * scale * MM

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
                draw_items(c, scene.items)
                c.restoreState()

        return _Scene()


class _Doc:
    """A4 document with a table of contents and page numbers."""

    def __init__(self, title: str, footer: str, version: str):
        from reportlab.lib.pagesizes import A4
        from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

        self.buffer = io.BytesIO()
        self.footer = footer
        self.version = version
        doc = BaseDocTemplate(self.buffer, pagesize=A4, leftMargin=20 * MM, rightMargin=20 * MM, topMargin=18 * MM,
                              bottomMargin=20 * MM, title=title, author="Pipworks", creator="Pipworks",
                              invariant=1, pageCompression=1, initialFontName=fonts.REGULAR, initialFontSize=10)
        frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="body")
        doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=self._decorate)])
        doc.afterFlowable = self._after  # type: ignore[method-assign]
        self.doc = doc

    def _decorate(self, canvas: Any, doc: Any) -> None:
        canvas.saveState()
        canvas.setFont(fonts.REGULAR, 8)
        canvas.setFillColorRGB(0.35, 0.35, 0.35)
        canvas.drawString(20 * MM, 10 * MM, printable(self.footer))
        canvas.drawRightString(190 * MM, 10 * MM, f"page {doc.page}")
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
                DRAFT[0] = True
                try:
                    self.doc.build(make_story())
                finally:
                    DRAFT[0] = False
                self.buffer.seek(0)
                self.buffer.truncate()
            self.doc.multiBuild(make_story())
        self.pages = self.doc.page
        return self.buffer.getvalue()


def _heading(text: str, style: Any, level: int | None, key: str, rule_id: bool = False) -> Any:
    """A heading, linkable by ``key``; rule sections also print their stable id, so a
    reader (and a test) can find a rule that an example or a reference names."""
    from reportlab.platypus import Paragraph

    tag = f' <font size="7" color="#8a8f9c">#{escape(key)}</font>' if rule_id else ""
    para = Paragraph(f'<a name="{escape(key)}"/>{_p(text)}{tag}', style)
    if level is not None:
        para._toc_level = level
        para._bookmark = key
        para._toc_text = printable(_card_words(" ".join(str(text).split())))  # the title, without the id tag
    return para


def _boxed(title: str, lines: Sequence[str], colour: str, styles: dict[str, Any], width: float,
           picture: Any = None) -> Any:
    from reportlab.lib.colors import HexColor
    from reportlab.platypus import Paragraph, Table, TableStyle

    cells = [[Paragraph(f"<b>{_p(title)}</b>", styles["box"])]] + [[Paragraph(line, styles["box"])] for line in lines]
    if picture is not None:  # a drawing goes between the title and the text
        cells.insert(1, [picture])
    table = Table(cells, colWidths=[width], repeatRows=1)  # a box split over pages keeps its title
    table.setStyle(TableStyle([
        ("BOX", (0, 0), (-1, -1), 0.8, HexColor(colour)),
        ("LINEBEFORE", (0, 0), (0, -1), 3, HexColor(colour)),
        ("BACKGROUND", (0, 0), (-1, 0), HexColor("#f3f4f8")),
        ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR),  # else the table selects Helvetica, unembedded
        ("LEFTPADDING", (0, 0), (-1, -1), 7), ("RIGHTPADDING", (0, 0), (-1, -1), 7),
        ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]))
    return table


def _plain(value: Any) -> str:
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_plain(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain(v) for v in value)
    return str(value)


def _example(ex: dict[str, Any], styles: dict[str, Any], width: float) -> list[Any]:
    lines = [_p(ex["story"])]
    lines += [f"<i>{_p(str(k).replace('_', ' '))}:</i> {_p(_plain(v))}" for k, v in ex["position"].items()]
    lines.append("<i>Play:</i> " + _p(" › ".join(ex["play"])))
    lines += [f"<b>{_p(str(k).replace('_', ' '))}:</b> {_p(_plain(v))}" for k, v in ex["expect"].items()]
    if ex.get("checked", True):
        lines.append(f"<font size=7.5 color='#2e7d32'>{_p(ex.get('badge', 'outcome checked against the reference engine'))}"
                     "</font>")
    else:
        lines.append("<font size=7.5 color='#8a5a00'>not checked by an engine: this game has no rules engine yet</font>")
    scene = ex.get("scene")
    picture = SceneFlowable(scene, width / MM - 6, 60) if scene is not None else None
    return [_boxed(f"Example: {ex['title']}", lines, "#2e7d32", styles, width, picture)]


def _sections(sections: Sequence[Any], depth: int, styles: dict[str, Any], placed: dict[str, list], width: float) -> list[Any]:
    from reportlab.platypus import Paragraph

    story: list[Any] = []
    for section in sections:
        style = styles["h2"] if depth == 0 else styles["h3"]
        story.append(_heading(section.title, style, 1 if depth == 0 else None, section.id, rule_id=True))
        if section.text:
            story.append(Paragraph(_p(section.text), styles["body"]))
        story += [Paragraph(_p(item), styles["bullet"], bulletText="•") for item in section.items]
        for ex in placed.get(section.id, []):
            story += _example(ex, styles, width)
        story += _sections(section.sections, depth + 1, styles, placed, width)
    return story


def _contents(styles: dict[str, Any]) -> Any:
    from reportlab.platypus import TableStyle
    from reportlab.platypus.tableofcontents import TableOfContents

    toc = TableOfContents()
    toc.levelStyles = [styles["toc1"], styles["toc2"]]
    toc.tableStyle = TableStyle([("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                 ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                 ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)])
    return toc


def _title_page(game: Any, styles: dict[str, Any], picture: Scene | None, width: float) -> list[Any]:
    from reportlab.platypus import Paragraph, Spacer

    story: list[Any] = [Paragraph(_p(game.title), styles["title"]), Paragraph(_p(game.tagline), styles["tagline"])]
    facts = [f"{players_text(game)} players"]
    play_time = play_time_text(game)
    if play_time:
        facts.append(f"{play_time} minutes")
    if game.ages:
        facts.append(f"ages {game.ages}+")
    if game.designer:
        facts.append(f"game design: {game.designer}")
    story.append(Paragraph(_p(" · ".join(facts)), styles["body"]))
    story.append(Paragraph(_p(game.overview), styles["body"]))
    if picture is not None:
        story += [Spacer(1, 6 * MM), SceneFlowable(picture, width / MM, 120)]
    return story


def _chapter(chapter: Chapter, game: Any, placed: dict[str, list], others: list[dict], styles: dict[str, Any],
             width: float, playable: bool = False) -> list[Any]:
    """One chapter of the outline, as flowables."""
    from reportlab.platypus import Paragraph, Spacer

    story = [_heading(chapter.title, styles["h1"], 0, chapter.id)]
    if chapter.id == "components":
        story += [Paragraph(_p(f"{c.count} × {c.name}" + (f": {c.description}" if c.description else "")), styles["bullet"], bulletText="•")
                  for c in game.components]
    elif chapter.id in ("setup", "rules"):
        story += _sections(getattr(game, chapter.id), 0, styles, placed, width)
    elif chapter.id == "variants":
        for v in game.variants:
            story.append(_heading(v.name, styles["h2"], 1, v.id, rule_id=True))
            story.append(Paragraph(_p(v.text), styles["body"]))
            story += [Paragraph(_p(i), styles["bullet"], bulletText="•") for i in v.items]
            if playable:  # the name the commands take is the one printed here
                story.append(Paragraph(f"<b>Play it:</b> {_p(variant_command(game.slug, v.id))}", styles["body"]))
            for ex in placed.get(v.id, []):
                story += _example(ex, styles, width)
    elif chapter.id == "clarifications":
        for k in game.clarifications:
            story += [_boxed(k.question, [f"<b>Ruling:</b> {_p(k.ruling)}", f"<i>Why:</i> {_p(k.why)}"], "#3949ab", styles, width), Spacer(1, 3 * MM)]
            for ex in placed.get(k.id, []):
                story += _example(ex, styles, width)
    elif chapter.id == "more-examples":
        for ex in others:
            story += _example(ex, styles, width)
    elif chapter.id == "glossary":
        story += [Paragraph(f"<b>{_p(g.term)}</b>: {_p(g.definition)}", styles["body"]) for g in game.glossary]
    elif chapter.id == "quick-reference":
        story += [Paragraph(_p(line.text), styles["bullet"], bulletText="•") for line in game.quickref]
    else:
        raise ValueError(f"the printed rulebook has no layout for chapter {chapter.id!r}")
    return story


def _book_story(game: Any, placed: dict[str, list], others: list[dict], picture: Scene | None,
                styles: dict[str, Any], toc: Any, width: float, playable: bool = False) -> list[Any]:
    from reportlab.platypus import PageBreak, Paragraph

    story = _title_page(game, styles, picture, width)
    story += [PageBreak(), Paragraph("Contents", styles["h1"]), toc, PageBreak()]
    for chapter in outline(game, others):
        story += _chapter(chapter, game, placed, others, styles, width, playable)
    return story


def variant_command(slug: str, variant: str) -> str:
    return f"pipworks play {slug} --variant {variant}"


def rulebook_pdf(game: Any, placed: dict[str, list], others: list[dict], picture: Scene | None, version: str,
                 playable: bool = False) -> bytes:
    """The whole rulebook of ``game`` (GameContent) as PDF bytes; same input, same bytes.
    ``playable``: the game has a rules engine, so each variant shows the command playing it."""
    styles = _styles()
    doc = _Doc(f"{game.title} — rulebook", f"{game.title} · rulebook · Pipworks {version}", version)
    toc = _contents(styles)  # one contents list: it carries the page numbers from pass to pass
    return doc.build(lambda: _book_story(game, placed, others, picture, styles, toc, doc.doc.width, playable))


def quickref_pdf(game: Any, version: str, pictures: Sequence[Scene] = ()) -> bytes:
    """One A4 page: the quick-reference lines, grouped, then the printed reference cards
    drawn at actual size where they fit; the type shrinks until it is one page."""
    from reportlab.platypus import Paragraph, Spacer

    for size in (11.0, 10.0, 9.0, 8.0, 7.0, 6.5):
        styles = _styles()
        body = styles["body"].clone("qr", fontSize=size, leading=size * 1.3)
        bullet = styles["bullet"].clone("qrb", fontSize=size, leading=size * 1.3)
        doc = _Doc(f"{game.title} — quick reference", f"{game.title} · quick reference · Pipworks {version}", version)
        story: list[Any] = [Paragraph(_p(game.title) + " — quick reference", styles["h1"]), Paragraph(_p(game.tagline), body)]
        group = None
        for line in game.quickref:
            if line.group and line.group != group:
                story.append(Paragraph(_p(line.group), styles["h2"]))
                group = line.group
            story.append(Paragraph(_p(line.text), bullet, bulletText="•"))
        if pictures:
            from reportlab.platypus import Table, TableStyle

            row = [SceneFlowable(p, (doc.doc.width / MM - 6) / len(pictures), 100) for p in pictures]
            table = Table([row], hAlign="LEFT")
            table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR)]))
            story += [Spacer(1, 5 * MM), table]
        data = doc.build(lambda: story, settle=False)
        if doc.pages == 1:
            return data
    return data  # the smallest size; a quick reference this long needs editing, not smaller type
