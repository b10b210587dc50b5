"""The one-page quick reference (A4 and US Letter), drawn from the game's quick
reference (``generator.content.reference``): the setup checklist beside the picture of
the table after setup, the turn's flow with each step's lines, other play lines, the
suit-power table, the end of a round and of the game, and the rulings players need
mid-game. Each line prints once. The type is the largest size (never under 8 pt) at
which everything fits one page; what height is left goes to the setup picture.
"""

from __future__ import annotations

from typing import Any, Callable

from ..components.palette import palette
from ..components.suits import is_text_symbol, suit_set
from ..content.outline import play_time_text, players_text
from ..content.reference import PARTS, Entry, QuickReference, quick_reference
from ..layout import fonts
from ..scene import Scene
from .book_base import INK, MM, BookDoc, SceneFlowable, paragraph, remembered_wraps, styles, text

#: The body sizes tried, largest first (points); 8 pt is the floor players can read.
SIZES = tuple(x / 4 for x in range(48, 31, -1))
MIN_SIZE = 8.0
#: Text in the setup picture that would print smaller than this (mm, 8 pt) is left out.
PICTURE_MIN_TEXT = MIN_SIZE / MM
SUIT_GLYPHS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
MARGIN_MM = 12.0


def _heading(title: str, st: dict[str, Any]) -> Any:
    return paragraph(text(title), st["h2"])


def _bullets(entries: list[Entry], st: dict[str, Any], mark: str = "•") -> list[Any]:
    return [paragraph(text(e.line), st["bullet"], bulletText=mark) for e in entries]


def _grid(rows: list[list[Any]], widths: list[float], st: dict[str, Any], lines: bool = True) -> Any:
    from reportlab.lib.colors import HexColor
    from reportlab.platypus import Table, TableStyle

    table = Table(rows, colWidths=widths, hAlign="LEFT")
    style: list[tuple[Any, ...]] = [("FONTNAME", (0, 0), (-1, -1), fonts.BOOK), ("VALIGN", (0, 0), (-1, -1), "TOP"),
             ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
             ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5)]
    if lines:
        style.append(("LINEBELOW", (0, 0), (-1, -2), 0.4, HexColor("#c5cad6")))
    table.setStyle(TableStyle(style))
    return table


def _flow(steps: list[tuple[str, list[Entry]]], st: dict[str, Any], width: float, name: str) -> list[Any]:
    """The turn as a row of steps with arrows between, then each step with its lines."""
    from reportlab.lib.colors import HexColor
    from reportlab.platypus import Spacer, Table, TableStyle

    if not steps:
        return []
    label = st["label"].clone("flowlabel", alignment=1)
    row: list[Any] = []
    for n, (step, _) in enumerate(steps):
        if n:
            row.append(paragraph("→", label))
        row.append(paragraph(f"<b>{text(step)}</b>", label))
    arrow_w = 6 * MM
    box_w = (width - arrow_w * (len(steps) - 1)) / len(steps)
    widths = [arrow_w if n % 2 else box_w for n in range(len(row))]
    chain = Table([row], colWidths=widths, hAlign="LEFT")
    chain.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), fonts.BOOK), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                               *[("BOX", (c, 0), (c, 0), 0.8, HexColor(INK)) for c in range(0, len(row), 2)],
                               *[("BACKGROUND", (c, 0), (c, 0), HexColor("#eef0f6")) for c in range(0, len(row), 2)],
                               ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]))
    step_w = max(22 * MM, max(len(step) for step, _ in steps) * st["body"].fontSize * 0.62 + 8)
    rows = [[paragraph(f"<b>{text(step)}</b>", st["label"]), [paragraph(text(e.line), st["bullet"], bulletText="•")
                                                             for e in entries]]
            for step, entries in steps]
    return [_heading(name, st), chain, Spacer(1, 1.5 * MM), _grid(rows, [step_w, width - step_w], st)]


def _powers(entries: list[Entry], game: Any, st: dict[str, Any], width: float) -> list[Any]:
    """The suit-power table: each suit's symbol, the power's name and what it does."""
    if not entries:
        return []
    pal = palette(game.slug, "colour", suit_set(game.suits))
    big = st["label"].clone("suit", fontSize=st["body"].fontSize * 1.5, leading=st["body"].fontSize * 1.6,
                            alignment=1)
    rows = []
    for e in entries:
        suit = e.suit or ""
        symbol = pal.suits.style(suit).symbol if suit in pal.suits else None
        glyph = SUIT_GLYPHS.get(suit) or (symbol if isinstance(symbol, str) and is_text_symbol(symbol) else suit.title())
        rows.append([paragraph(f'<font color="{pal.suit(suit)}">{text(glyph)}</font>', big),
                     paragraph(f"<b>{text(e.power or suit.title())}</b>", st["body"]),
                     paragraph(text(e.line), st["body"])])
    name_w = max(24 * MM, max(len(e.power or e.suit or "") for e in entries) * st["body"].fontSize * 0.62 + 8)
    symbol_w = st["body"].fontSize * 2.2
    return [_heading(PARTS["powers"], st), _grid(rows, [symbol_w, name_w, width - symbol_w - name_w], st)]


def _setup(entries: list[Entry], picture: Scene | None, st: dict[str, Any], width: float,
           picture_h: float) -> list[Any]:
    """The setup checklist, with the picture of the table after setup beside it."""
    if not entries:
        return []
    checks = [paragraph(text(e.line), st["bullet"], bulletText="☐") for e in entries]
    if picture is None or picture_h <= 0:
        return [_heading(PARTS["setup"], st), *checks]
    drawing = SceneFlowable(picture, picture.width * PICTURE_SCALE, picture_h / MM, min_text_mm=PICTURE_MIN_TEXT)
    left = width - drawing.width - 4
    return [_heading(PARTS["setup"], st), _grid([[checks, drawing]], [left, width - left], st, lines=False)]


def _story(game: Any, ref: QuickReference, picture: Scene | None, size: float, width: float,
           picture_h: float) -> list[Any]:
    st = styles(size)
    facts = [f"{players_text(game)} players"]
    if play_time_text(game):
        facts.append(f"{play_time_text(game)} minutes")
    story: list[Any] = [paragraph(f"{text(game.title)} — quick reference", st["h1"]),
                        paragraph(text(" · ".join(facts)), st["small"])]
    story += _setup(ref.part("setup"), picture, st, width, picture_h)
    story += _flow(ref.steps, st, width, PARTS["play"])
    if ref.other_play:
        story += ([] if ref.steps else [_heading(PARTS["play"], st)]) + _bullets(ref.other_play, st)
    story += _powers(ref.part("powers"), game, st, width)
    for part in ("end", "rulings"):
        if ref.part(part):
            story += [_heading(PARTS[part], st), *_bullets(ref.part(part), st)]
    return story


def _height(story: list[Any], width: float, height: float) -> float:
    """How tall ``story`` stands in a frame ``width`` wide (points)."""
    total = 0.0
    for n, flowable in enumerate(story):
        _, h = flowable.wrap(width, height)
        total += h + flowable.getSpaceAfter() + (flowable.getSpaceBefore() if n else 0)
    return total


#: The setup picture's scale on the quick reference: its labels (4 mm) print at 8.5 pt.
PICTURE_SCALE = 0.75


def quickref_pdf(game: Any, version: str, picture: Scene | None = None, paper: str = "a4") -> bytes:
    """One page of ``paper``: the game's quick reference at the largest type that fits
    (at least 8 pt); the setup picture beside the checklist where it fits at a scale
    whose labels stay at least 8 pt, else left out."""
    ref = quick_reference(game)
    title = f"{game.title} — quick reference"
    footer = f"{game.title} · quick reference · Pipworks {version}"
    with remembered_wraps():  # the story measured is the one then laid out
        return _fitted(game, ref, title, footer, picture, paper)


def _fitted(game: Any, ref: QuickReference, title: str, footer: str, picture: Scene | None, paper: str) -> bytes:
    data = b""
    pictures = (picture, None) if picture is not None else (None,)
    for shown in pictures:
        picture_h = shown.height * PICTURE_SCALE * MM if shown is not None else 0.0
        measured: dict[int, tuple[BookDoc, list[Any], bool]] = {}

        def measure(index: int) -> tuple[BookDoc, list[Any], bool]:
            if index not in measured:
                doc = BookDoc(title, footer, paper, margin_mm=MARGIN_MM, top_mm=MARGIN_MM, bottom_mm=16.0)
                story = _story(game, ref, shown, SIZES[index], doc.width, picture_h)
                measured[index] = doc, story, _height(story, doc.width, doc.height) <= doc.height
            return measured[index]

        for index in range(_largest_fitting(lambda i: measure(i)[2]), len(SIZES)):
            doc, story, fits = measure(index)
            if not fits:
                continue
            data = doc.build(lambda: story, settle=False)  # the story measured: laid out once more
            if doc.pages == 1:
                return data
    return data  # at 8 pt and still more than a page: the content needs editing, not smaller type


def _largest_fitting(fits: Callable[[int], bool]) -> int:
    """The index in SIZES of the largest type whose story fits the page (len(SIZES)
    when none does), found by halving: larger type never takes less room (every word
    and indent grows with it, so lines break no later and stand taller), so the sizes
    that fit are the smaller end of the list. Each try lays out the whole story."""
    if not fits(len(SIZES) - 1):
        return len(SIZES)
    low, high = 0, len(SIZES) - 1  # SIZES[high] fits
    while low < high:
        middle = (low + high) // 2
        if fits(middle):
            high = middle
        else:
            low = middle + 1
    return high
