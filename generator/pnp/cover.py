"""The cover page: what is in the kit, what to print on which paper, how to assemble it."""

from __future__ import annotations

from dataclasses import dataclass

from ..components import typeset as ts
from ..layout.boxes import Box
from ..layout.paper import PRINTER_MARGIN, Paper
from ..layout.sheet import Placement
from ..scene import Item, Line, Style, Text
from .draft import Draft

MARGIN = PRINTER_MARGIN + 12.0


@dataclass(frozen=True)
class Entry:
    """One printed component on the cover: count, name, size, pages, assembly note."""

    count: int
    name: str
    size: str
    pages: str
    note: str


@dataclass(frozen=True)
class Block:
    """A paragraph: its text, size, weight and space before it."""

    text: str
    size: float
    bold: bool = False
    before: float = 0.0
    indent: float = 0.0
    fill: str = "#000000"


#: Room kept below the cover's text for the ruler and a true 1 inch square.
SCALE_ROOM = 36.0
#: The cover's type may shrink this far to stay on one page; beyond, it runs on overleaf.
MIN_SCALE = 0.85


def _lay_out(blocks: list[Block], box: Box, scale: float) -> tuple[list[Item], float, int]:
    """Items of the blocks that fit ``box``, where the last one ends, and how many fit."""
    items: list[Item] = []
    y = box.y
    for n, block in enumerate(blocks):
        size = block.size * scale
        lines = ts.wrap(block.text, box.w - block.indent, size, block.bold)
        end = y + block.before * scale + len(lines) * size * 1.25
        if end > box.bottom and n > 0:
            return items, y, n
        y += block.before * scale
        for line in lines:
            y += size * 1.25
            items.append(Text(box.x + block.indent, y, line, size, bold=block.bold, fill=block.fill, name="cover"))
    return items, y, len(blocks)


def _page(items: list[Item], box: Box, bottom: float, label: str) -> Draft:
    # The content ends where the text does, leaving the margin below deep enough for a
    # true 1 inch square beside the ruler.
    used = Box(box.x, box.y, box.w, bottom - box.y + 4.0)
    return Draft((Placement(tuple(items)),), label, used.inset(-4.0))


def cover_page(paper: Paper, blocks: list[Block]) -> tuple[Draft, Draft | None]:
    """Blocks set top to bottom, shrunk a little if that keeps them on one page; what
    still does not fit continues on the cover's back (else left blank)."""
    box = Box(MARGIN, MARGIN, paper.width - 2 * MARGIN, paper.height - MARGIN - SCALE_ROOM)
    scale = 1.0
    items, bottom, fitted = _lay_out(blocks, box, scale)
    while fitted < len(blocks) and scale * 0.96 >= MIN_SCALE:
        scale *= 0.96
        items, bottom, fitted = _lay_out(blocks, box, scale)
    y = box.y + blocks[0].size * 1.6 * scale
    items.append(Line(box.x, y, box.right, y, Style(stroke="#999999", stroke_width=0.3)))
    front = _page(items, box, bottom, "Cover")
    if fitted == len(blocks):
        return front, None
    rest = [Block("Continued from the front", 3.4, bold=True), *blocks[fitted:]]
    more, end, _ = _lay_out(rest, box, scale)
    return front, _page(more, box, end, "Cover (continued)")


def page_list(numbers: list[int]) -> str:
    """Page numbers as a print dialog takes them: runs joined with a hyphen, commas between."""
    runs: list[list[int]] = []
    for number in sorted(set(numbers)):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def pages_phrase(numbers: list[int]) -> str:
    return ("page " if len(numbers) == 1 else "pages ") + page_list(numbers)


@dataclass(frozen=True)
class Printing:
    """Which pages to print for each way of printing the kit (page numbers, 1-based)."""

    total: int
    flip: str  # "long" or "short": how to turn the sheet for double-sided printing
    single: list[int]  # every page with something on it, bar the duplex check
    cards: list[int]  # sheets holding cards, both sides
    card_fronts: list[int]
    glue_backs: bool  # card backs to glue on when printing single-sided


def how_to_print(printing: Printing, paper: Paper) -> list[str]:
    """The three ways to print the kit, with the pages each needs."""
    edge = "long" if printing.flip == "long" else "short"
    if printing.glue_backs:
        sides = ("Each sheet's back is the page after its front, so every card back lands behind its own front; "
                 "pages with nothing to print on the back of a sheet say so.")
    else:
        sides = "Each sheet's back is the page after its front and stays blank, so nothing prints on the back of a piece."
    lines = [f"Print on {paper.label}, portrait, at 100% / actual size: turn off “fit to page”. Check the 100 mm "
             "ruler and the 1 inch mark on any page with a ruler before cutting.",
             f"Double-sided (flip on the {edge} edge): print the whole file, pages 1-{printing.total}. {sides}"]
    single = f"Single-sided: print {pages_phrase(printing.single)}."
    if printing.glue_backs:
        single += " Glue each page of card backs to the back of the page before it, then cut."
    lines.append(single)
    if printing.cards:
        fronts = " (fronts only)" if printing.glue_backs else ""
        lines.append(f"Only the cards: {pages_phrase(printing.cards)} double-sided, or "
                     f"{pages_phrase(printing.card_fronts)} single-sided{fronts}.")
    return lines


def cover_blocks(title: str, designer: str | None, tagline: str, version: str, paper: Paper,
                 entries: list[Entry], extras: list[str], printing: list[str], notes: list[str],
                 files: list[str]) -> list[Block]:
    """The cover's text, in reading order."""
    blocks = [Block(title, 9.0, bold=True)]
    if designer:
        blocks.append(Block(f"Game design: {designer}", 4.0, before=3.0))
    blocks.append(Block(tagline, 3.6, before=2.0, fill="#333333"))
    blocks.append(Block(f"Print-and-play kit, version {version}, for {paper.label} paper", 3.4, before=2.0, fill="#333333"))
    blocks.append(Block("How to print", 4.2, bold=True, before=6.0))
    for line in printing:
        blocks.append(Block(line, 3.2, before=1.0))
    if notes:
        blocks.append(Block("Cutting and putting together", 4.2, bold=True, before=6.0))
    for note in notes:
        blocks.append(Block(note, 3.2, before=1.0))
    blocks.append(Block("In this file", 4.2, bold=True, before=6.0))
    for entry in entries:
        blocks.append(Block(f"{entry.count} × {entry.name} ({entry.size}), {entry.pages}", 3.2, before=1.0))
        if entry.note:
            blocks.append(Block(entry.note, 2.9, indent=6.0, fill="#333333"))
    if extras:
        blocks.append(Block("You also need", 4.2, bold=True, before=6.0))
        for extra in extras:
            blocks.append(Block(extra, 3.2, before=1.0))
    blocks.append(Block("Other files", 4.2, bold=True, before=6.0))
    for line in files:
        blocks.append(Block(line, 3.2, before=1.0))
    return blocks
