"""Printable rulebooks (A4 and US Letter), from the same content as the site.

A flat book rather than an A5 booklet: a booklet needs duplex printing, imposition and
a fold, while every home printer prints A4 or Letter single-sided as it comes. Headings
carry no ids (a reader wants the title; each heading is still a link target, and the
contents and bookmarks point at it); each rule links to the rulings on it; a worked
example stays on one page with its drawing, its position, its moves and its outcome,
each labelled.
"""

from __future__ import annotations

from html import escape
from typing import Any, Sequence

from ..content.reference import reference_lines
from ..content.outline import (READING_INTRO, Chapter, glossary_terms, outline, play_time_text, players_text,
                               rulings_by_rule)
from ..scene import Scene
from ..components.tabletop import MIN_TEXT
from .book_base import MM, BookDoc, SceneFlowable, boxed, paragraph, styles, text

#: Colours of the boxes: worked examples green, rulings indigo.
EXAMPLE_COLOUR = "#2e7d32"
RULING_COLOUR = "#3949ab"
#: Tallest an example drawing may print (mm): a box must fit one page with its text.
DRAWING_MAX_H = 150.0


def _heading(title: str, style: Any, level: int | None, key: str) -> Any:
    """A heading, linkable by ``key`` (the rule's id), listed in the contents at ``level``."""
    para = paragraph(f'<a name="{escape(key)}"/>{text(title)}', style)
    if level is not None:
        para._toc_level = level
        para._bookmark = key
        para._toc_text = " ".join(str(title).split())
    return para


def _see_rulings(rule_id: str, rulings: dict[str, list[Any]], st: dict[str, Any]) -> list[Any]:
    """"See ruling: …" lines linking a rule to its clarifications further on."""
    return [paragraph(f'See ruling: <a href="#{escape(k.id)}">{text(k.question)}</a>', st["link"])
            for k in rulings.get(rule_id, [])]


def _rows(rows: Sequence[tuple[str, str]]) -> list[str]:
    return [f"{text(label)}: {text(value)}" for label, value in rows]


def _example(ex: dict[str, Any], st: dict[str, Any], width: float) -> list[Any]:
    """One worked example as a box kept on one page: its story, its drawing, then the
    position, the moves and the outcome, each under its label."""
    rows: list[Any] = [text(ex["story"])]
    scene = ex.get("scene")
    if scene is not None:
        rows.append(SceneFlowable(scene, width / MM - 6, DRAWING_MAX_H))
    if ex.get("position_rows"):
        rows.append(f"<font color='#1f2a44'><b>Position</b></font>")
        rows += _rows(ex["position_rows"])
    if ex.get("play"):
        rows.append(f"<font color='#1f2a44'><b>Play</b></font>")
        rows += [f"{n}. {text(move)}" for n, move in enumerate(ex["play"], start=1)]
    if ex.get("outcome_rows"):
        rows.append(f"<font color='#1f2a44'><b>Outcome</b></font>")
        rows += _rows(ex["outcome_rows"])
    if ex.get("checked", True):
        badge = ex.get("badge", "outcome checked against the reference engine")
        rows.append(f"<font size=8 color='{EXAMPLE_COLOUR}'>{text(badge)}, when this book was built</font>")
    else:
        rows.append("<font size=8 color='#8a5a00'>not checked by an engine: this game has no rules engine yet</font>")
    return [boxed(f"Example: {ex['title']}", rows, EXAMPLE_COLOUR, st, width)]


class _Book:
    """One rulebook being laid out: the game, its examples and its rulings."""

    def __init__(self, game: Any, placed: dict[str, list], others: list[dict], picture: Scene | None,
                 setup_picture: Scene | None, width: float, legend: Scene | None = None, playable: bool = False):
        self.game = game
        self.placed = placed
        self.others = others
        self.picture = picture
        self.setup_picture = setup_picture
        self.legend = legend
        self.playable = playable
        self.width = width
        self.rulings = rulings_by_rule(game)
        self.st = styles()

    def examples(self, anchor: str) -> list[Any]:
        return [f for ex in self.placed.get(anchor, []) for f in _example(ex, self.st, self.width)]

    def sections(self, sections: Sequence[Any], depth: int) -> list[Any]:
        st = self.st
        story: list[Any] = []
        for section in sections:
            style = st["h2"] if depth == 0 else st["h3"]
            story.append(_heading(section.title, style, 1 if depth == 0 else None, section.id))
            if section.text:
                story.append(paragraph(text(section.text), st["body"]))
            story += [paragraph(text(item), st["bullet"], bulletText="•") for item in section.items]
            story += _see_rulings(section.id, self.rulings, st)
            story += self.examples(section.id)
            story += self.sections(section.sections, depth + 1)
        return story

    def title_page(self) -> list[Any]:
        from reportlab.platypus import Spacer

        game, st = self.game, self.st
        story: list[Any] = [paragraph(text(game.title), st["title"]), paragraph(text(game.tagline), st["tagline"])]
        facts = [f"{players_text(game)} players"]
        play_time = play_time_text(game)
        if play_time:
            facts.append(f"{play_time} minutes")
        if game.ages:
            facts.append(f"ages {game.ages}+")
        if game.designer:
            facts.append(f"game design: {game.designer}")
        story.append(paragraph(text(" · ".join(facts)), st["body"]))
        story.append(paragraph(text(game.overview), st["body"]))
        if self.picture is not None:
            # the printed piece in miniature: its shapes, and only the words that still read
            story += [Spacer(1, 6 * MM), SceneFlowable(self.picture, self.width / MM, 120, min_text_mm=MIN_TEXT)]
        return story

    def chapter(self, chapter: Chapter) -> list[Any]:
        """One chapter of the outline, as flowables."""
        from reportlab.platypus import Spacer

        game, st = self.game, self.st
        story = [_heading(chapter.title, st["h1"], 0, chapter.id)]
        if chapter.id == "components":
            story += [paragraph(text(f"{c.count} × {c.name}" + (f": {c.description}" if c.description else "")),
                                st["bullet"], bulletText="•") for c in game.components]
        elif chapter.id == "reading-examples":
            story.append(paragraph(text(READING_INTRO), st["body"]))
            if self.legend is not None:
                story += [SceneFlowable(self.legend, self.width / MM, DRAWING_MAX_H), Spacer(1, 2 * MM)]
            story += [paragraph(f"<b>{text(t.term)}</b>: {text(t.meaning)}", st["bullet"], bulletText="•")
                      for t in game.notation]
        elif chapter.id == "setup":
            if self.setup_picture is not None:
                story += [SceneFlowable(self.setup_picture, self.width / MM, 150), Spacer(1, 3 * MM)]
            story += self.sections(game.setup, 0)
        elif chapter.id == "rules":
            story += self.sections(game.rules, 0)
        elif chapter.id == "variants":
            for v in game.variants:
                story.append(_heading(v.name, st["h2"], 1, v.id))
                story.append(paragraph(text(v.text), st["body"]))
                story += [paragraph(text(i), st["bullet"], bulletText="•") for i in v.items]
                if self.playable:  # the name the commands take is the one printed here
                    story.append(paragraph(f"<b>Play it:</b> {text(variant_command(game.slug, v.id))}", st["body"]))
                story += _see_rulings(v.id, self.rulings, st)
                story += self.examples(v.id)
        elif chapter.id == "clarifications":
            for k in game.clarifications:
                rows = [f"<b>Ruling:</b> {text(k.ruling)}", f"<b>Why:</b> {text(k.why)}"]
                story += [boxed(k.question, rows, RULING_COLOUR, st, self.width, anchor=k.id), Spacer(1, 3 * MM)]
                story += self.examples(k.id)
        elif chapter.id == "more-examples":
            for ex in self.others:
                story += _example(ex, st, self.width)
        elif chapter.id == "glossary":
            story += [paragraph(f"<b>{text(g.term)}</b>: {text(g.definition)}", st["body"]) for g in glossary_terms(game)]
        elif chapter.id == "quick-reference":
            story += [paragraph(text(line), st["bullet"], bulletText="•") for line in self.reference_lines()]
        else:
            raise ValueError(f"the printed rulebook has no layout for chapter {chapter.id!r}")
        return story

    def reference_lines(self) -> list[str]:
        return [line.text for line in reference_lines(self.game)]

    def story(self, toc: Any) -> list[Any]:
        from reportlab.platypus import PageBreak

        story = self.title_page()
        story += [PageBreak(), paragraph("Contents", self.st["h1"]), toc, PageBreak()]
        for chapter in outline(self.game, self.others):
            story += self.chapter(chapter)
        return story


def _contents(st: dict[str, Any]) -> Any:
    from reportlab.platypus import TableStyle
    from reportlab.platypus.tableofcontents import TableOfContents

    from ..layout import fonts

    toc = TableOfContents()
    toc.levelStyles = [st["toc1"], st["toc2"]]
    toc.tableStyle = TableStyle([("FONTNAME", (0, 0), (-1, -1), fonts.BOOK), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                 ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                 ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)])
    return toc


def variant_command(slug: str, variant: str) -> str:
    return f"pipworks play {slug} --variant {variant}"


def rulebook_pdf(game: Any, placed: dict[str, list], others: list[dict], picture: Scene | None, version: str,
                 paper: str = "a4", setup_picture: Scene | None = None, legend: Scene | None = None,
                 playable: bool = False) -> bytes:
    """The whole rulebook of ``game`` (GameContent) on ``paper`` as PDF bytes; same
    input, same bytes. ``placed``: the worked examples by the rule they follow (views
    made by ``generator.docs.site.place_examples``); ``picture``: the title page's."""
    doc = BookDoc(f"{game.title} — rulebook", f"{game.title} · rulebook · Pipworks {version}", paper)
    book = _Book(game, placed, others, picture, setup_picture, doc.width, legend, playable)
    toc = _contents(book.st)  # one contents list: it carries the page numbers from pass to pass
    return doc.build(lambda: book.story(toc))
