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


def _lay_out(blocks: list[Block], box: Box, scale: float) -> tuple[list[Item], float]:
    items: list[Item] = []
    y = box.y
    for block in blocks:
        size = block.size * scale
        y += block.before * scale
        for line in ts.wrap(block.text, box.w - block.indent, size, block.bold):
            y += size * 1.25
            items.append(Text(box.x + block.indent, y, line, size, bold=block.bold, fill=block.fill, name="cover"))
    return items, y


def cover_page(paper: Paper, blocks: list[Block]) -> Draft:
    """Blocks set top to bottom, all shrunk together if they would run off the page."""
    box = Box(MARGIN, MARGIN, paper.width - 2 * MARGIN, paper.height - 2 * MARGIN)
    scale = 1.0
    items, bottom = _lay_out(blocks, box, scale)
    while bottom > box.bottom and scale > 0.5:
        scale *= 0.92
        items, bottom = _lay_out(blocks, box, scale)
    rule = Line(box.x, box.y + blocks[0].size * 1.6 * scale, box.right, box.y + blocks[0].size * 1.6 * scale,
                Style(stroke="#999999", stroke_width=0.3))
    # The content ends where the text does, leaving the margin below deep enough for a
    # true 1 inch square beside the ruler.
    used = Box(box.x, box.y, box.w, bottom - box.y + 4.0)
    return Draft((Placement(tuple(items) + (rule,)),), "Cover", used.inset(-4.0))


def cover_blocks(title: str, designer: str | None, tagline: str, version: str, paper: Paper,
                 entries: list[Entry], extras: list[str], notes: list[str], files: list[str]) -> list[Block]:
    """The cover's text, in reading order."""
    blocks = [Block(title, 9.0, bold=True)]
    if designer:
        blocks.append(Block(f"Game design: {designer}", 4.0, before=3.0))
    blocks.append(Block(tagline, 3.6, before=2.0, fill="#333333"))
    blocks.append(Block(f"Print-and-play kit, version {version}, for {paper.label} paper", 3.4, before=2.0, fill="#333333"))
    blocks.append(Block("How to print", 4.2, bold=True, before=6.0))
    blocks.append(Block(f"Print on {paper.label}, portrait, at 100% / actual size: turn off “fit to page”. "
                        "Check the 100 mm ruler and the 1 inch mark on any page with a ruler before cutting.", 3.2, before=1.0))
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
