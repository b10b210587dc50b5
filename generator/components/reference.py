"""Quick-reference cards and score sheets, made the same way for every game.

The quick reference cards set the game's quick reference
(``generator.content.reference``: the lines its rule sections give), the same lines as
the quick-reference PDF and page, so a change in ``game.yaml`` is a change on the card.
Lines that name a suit get that suit's drawn symbol in front and its name in bold, in the
suit's colour (a leading suit glyph in the text is dropped: the symbol replaces it).
Everything on the card is at least 7 pt; when the lines do not fit one card at that size
they continue on a second card.
"""

from __future__ import annotations


from ..content.reference import AT_THE_TABLE, reference_lines
from ..content.schema import GameContent, QuickRefLine
from ..scene import Circle, Item, Line, Rect, Scene, Style, Text
from . import pieces
from . import typeset as ts
from .base import MIN_REFERENCE_PT, Component, Face, FaceOptions
from .palette import Palette, palette
from .suits import SuitSet, suit_set
from ..scene import frozen

_SUIT_GLYPHS = "\u2660\u2665\u2666\u2663"
#: Smallest size a quick-reference line may use before it moves to a second card (7 pt).
QUICKREF_MIN = ts.REFERENCE
LEADING = 1.25
#: Extra space between quick-reference entries, as a fraction of the size.
GAP = 0.3


@frozen
class _Entry:
    """One quick-reference line ready to set: heading or item, its suit, its text, and
    the suit's name set bold before the text (``lead``)."""

    text: str
    suit: str | None
    heading: bool
    index: int
    lead: str = ""


def _suit_lead(text: str, suit: str) -> tuple[str, str]:
    """(bold lead, rest): the suit's name as the text already starts with it, or added."""
    first, _, rest = text.partition(" ")
    if first.rstrip(".,:;").lower() == suit.lower():
        return first, rest
    return f"{suit.capitalize()}:", text


def _entries(lines: list[QuickRefLine]) -> list[_Entry]:
    entries: list[_Entry] = []
    group: str | None = None
    for n, line in enumerate(lines, start=1):
        if line.group and line.group != group:
            entries.append(_Entry(line.group, None, True, n))
        group = line.group
        text = line.text
        lead = ""
        if line.suit:
            text = text.lstrip(_SUIT_GLYPHS + " ").lstrip(":").strip() or text
            lead, text = _suit_lead(text, line.suit)
        entries.append(_Entry(text, line.suit, False, n, lead))
    return entries


def _lead_width(entry: _Entry, size: float) -> float:
    return ts.text_width(entry.lead + " ", size, True) if entry.lead else 0.0


def _entry_lines(entry: _Entry, width: float, size: float) -> list[str]:
    indent = size * 1.5
    room = width - indent
    return ts.wrap(ts.printable(entry.text), room, size, entry.heading, first=room - _lead_width(entry, size))


def _height(entries: list[_Entry], width: float, size: float) -> float:
    rows = sum(len(_entry_lines(e, width, size)) for e in entries)
    gaps = sum(1 for e in entries if e.heading)
    return rows * size * LEADING + gaps * size * 0.5 + len(entries) * size * GAP


def _largest_size(chunks: list[list[_Entry]], width: float, height: float) -> float | None:
    """The largest size (BODY down to QUICKREF_MIN) at which every chunk fits a card."""
    size = ts.BODY
    while size >= QUICKREF_MIN - 1e-9:
        if all(_height(chunk, width, size) <= height for chunk in chunks):
            return size
        size = round(size - 0.1, 2)
    return None


def _split(entries: list[_Entry], parts: int, width: float) -> list[list[_Entry]]:
    """``entries`` cut into ``parts`` runs of about equal height (headings stay with
    the line after them)."""
    total = _height(entries, width, QUICKREF_MIN)
    chunks: list[list[_Entry]] = [[]]
    done = 0.0
    for n, entry in enumerate(entries):
        own = _height([entry], width, QUICKREF_MIN)
        starts_new = len(chunks) < parts and chunks[-1] and done + own / 2 > total * len(chunks) / parts
        if starts_new and not (chunks[-1][-1].heading):
            chunks.append([])
        chunks[-1].append(entry)
        done += own
    return chunks


def _chunks(entries: list[_Entry], width: float, height: float) -> tuple[list[list[_Entry]], float]:
    """As few cards as keep the text at least QUICKREF_MIN, balanced between them."""
    for parts in range(1, len(entries) + 1):
        chunks = _split(entries, parts, width)
        size = _largest_size(chunks, width, height)
        if size is not None:
            return chunks, size
    raise ValueError("a quick-reference line is too long for a card even on its own")


def _lines_face(game: GameContent, entries: list[_Entry], size: float, w: float, h: float,
                pal: Palette, bleed: float, subtitle: str, tag: str) -> Scene:
    margin = pieces.EDGE + 2.6
    width = w - 2 * margin
    items: list[Item] = list(pieces.card_frame(w, h, pal, bleed))
    items.append(ts.label(w / 2, margin + 4.0, game.title, f"{tag} title", width, ts.HEADING, "middle", True,
                          pal.accent))
    items.append(ts.label(w / 2, margin + 7.6, subtitle, f"{tag} subtitle", width, ts.REFERENCE,
                          "middle", False, pal.text))
    items.append(Line(margin, margin + 9.4, w - margin, margin + 9.4, Style(stroke=pal.accent, stroke_width=0.3)))
    y = margin + 9.4 + size * 1.2
    for entry in entries:
        if entry.heading:
            y += size * 0.5
        indent = 0.0 if entry.heading else size * 1.5
        if entry.suit:
            items.append(pal.symbol(entry.suit, margin + size * 0.55, y - size * 0.35, size * 1.05,
                                     pal.suit(entry.suit)))
        elif not entry.heading:
            items.append(Circle(margin + size * 0.55, y - size * 0.33, size * 0.17,
                                Style(fill=pal.accent, stroke=None)))
        lead = _lead_width(entry, size)
        if entry.lead:
            items.append(Text(margin + indent, y, entry.lead, size=size, bold=True, fill=pal.suit(entry.suit or ""),
                              max_width=lead, name=f"{tag} line {entry.index} suit"))
        for k, text in enumerate(_entry_lines(entry, width, size), start=1):
            shift = lead if k == 1 else 0.0
            items.append(Text(margin + indent + shift, y, text, size=size, bold=entry.heading, fill=pal.text,
                              max_width=width - indent - shift, name=f"{tag} line {entry.index} part {k}"))
            y += size * LEADING
        y += size * GAP
    items.extend(pieces.card_credit(game, w, h, pal, tag, ts.REFERENCE))
    return Scene(name=f"{game.slug} {subtitle.lower()}", width=w, height=h, items=tuple(items),
                 title=f"{game.title}: {subtitle.lower()}")


def count_of(game: GameContent, component_id: str, default: int) -> int:
    """How many of component ``component_id`` the content lists (``default`` if absent)."""
    for component in game.components:
        if component.id == component_id:
            return component.count
    return default


def quickref_component(game: GameContent, options: FaceOptions, suits: SuitSet | None = None) -> Component:
    """The game's quick-reference card(s), card size, from its quick reference; as
    many copies as the content's ``quick-reference`` component counts. ``suits``: the
    game's suits as they print (default: its content's, with standard shapes)."""
    return lines_card_component(game, options, reference_lines(game, AT_THE_TABLE), "Quick reference", "quick-reference",
                                "Quick reference card", count_of(game, "quick-reference", 1),
                                "Cut out; keep one within reach of every player.", suits)


def lines_card_component(game: GameContent, options: FaceOptions, lines: list[QuickRefLine], subtitle: str,
                         component_id: str, name: str, copies: int, assembly: str,
                         suits: SuitSet | None = None) -> Component:
    """A card (continued on more cards if needed) listing ``lines`` under the game's
    title and ``subtitle``: quick references, player aids."""
    w, h = options.card_size
    pal = palette(game.slug, options.ink, suits or suit_set(game.suits))
    bleed = 0.0 if pal.bw else options.bleed
    margin = pieces.EDGE + 2.6
    body_height = h - 2 * margin - 9.4 - (4.5 if game.designer else 2.0)
    chunks, size = _chunks(_entries(lines), w - 2 * margin, body_height)
    faces = []
    for n, chunk in enumerate(chunks, start=1):
        part = f" ({n} of {len(chunks)})" if len(chunks) > 1 else ""
        scene = _lines_face(game, chunk, size, w, h, pal, bleed, subtitle + part, component_id)
        faces.append(Face(front=scene, copies=copies))
    return Component(id=component_id, name=name, kind="card", faces=tuple(faces), trim=(w, h), bleed=bleed,
                     safe=options.safe, assembly=assembly, min_text_pt=MIN_REFERENCE_PT)


#: Score sheets are sized to fit the printable area of both A4 and US Letter.
SHEET_W, SHEET_H = 180.0, 240.0


@frozen
class Table:
    """One score table: a heading, column heads, row heads and the column widths."""

    heading: str
    columns: tuple[str, ...]
    rows: tuple[str, ...]
    row_suits: tuple[str | None, ...] = ()
    first_width: float = 34.0
    row_height: float = 8.0


def _table(t: Table, x: float, y: float, width: float, pal: Palette, n: int) -> tuple[list[Item], float]:
    items: list[Item] = [ts.label(x, y + 4, t.heading, f"score table {n} heading", width, ts.HEADING - 0.6, bold=True,
                                  fill=pal.accent)]
    top = y + 6.5
    col_w = (width - t.first_width) / max(1, len(t.columns))
    rh = t.row_height
    head_style = Style(fill=None if pal.bw else pal.accent_tint, stroke=pal.line, stroke_width=0.3)
    items.append(Rect(x, top, width, rh, head_style))
    for c, col in enumerate(t.columns):
        cx = x + t.first_width + c * col_w
        items.append(ts.label(cx + col_w / 2, top + rh * 0.65, col, f"score table {n} column {c + 1}", col_w - 2,
                              ts.SMALL, "middle", True, pal.text))
    cell = Style(fill=None, stroke=pal.line, stroke_width=0.25)
    for r, row in enumerate(t.rows):
        ry = top + rh * (r + 1)
        items.append(Rect(x, ry, t.first_width, rh, cell))
        suit = t.row_suits[r] if r < len(t.row_suits) else None
        tx = x + 2
        if suit:
            items.append(pal.symbol(suit, x + 4, ry + rh / 2, rh * 0.5, pal.suit(suit)))
            tx = x + 7.5
        items.append(ts.label(tx, ry + rh * 0.65, row, f"score table {n} row {r + 1}", t.first_width - (tx - x) - 1,
                              ts.SMALL, bold=row.lower().startswith("total"), fill=pal.text))
        for c in range(len(t.columns)):
            items.append(Rect(x + t.first_width + c * col_w, ry, col_w, rh, cell))
    return items, top + rh * (len(t.rows) + 1)


def score_sheet_component(game: GameContent, options: FaceOptions, tables: list[Table], notes: list[str],
                          component_id: str = "score-sheet", name: str = "Score sheet",
                          suits: SuitSet | None = None) -> Component:
    """A score sheet (its own page): the game's title, its tables and scoring notes."""
    pal = palette(game.slug, options.ink, suits or suit_set(game.suits))
    margin = 10.0
    width = SHEET_W - 2 * margin
    items: list[Item] = [*pieces.border(SHEET_W, SHEET_H, pal), *pieces.board_header(game, name, SHEET_W, pal)]
    y = 28.0
    for n, note in enumerate(notes, start=1):
        texts, y = ts.paragraph(margin, y, note, f"score note {n}", width, ts.SMALL, leading=1.35)
        items.extend(texts)
    y += 2.0
    for n, table in enumerate(tables, start=1):
        drawn, y = _table(table, margin, y, width, pal, n)
        items.extend(drawn)
        y += 6.0
    items.extend(pieces.board_footer(game, "score sheet", SHEET_W, SHEET_H, pal))
    if y > SHEET_H - 12:
        raise ValueError(f"{game.slug} score sheet: tables need {y:.0f} mm, the sheet has {SHEET_H - 12:.0f}")
    scene = Scene(name=f"{game.slug} {name.lower()}", width=SHEET_W, height=SHEET_H, items=tuple(items),
                  title=f"{game.title}: {name.lower()}")
    return Component(id=component_id, name=name, kind="sheet", faces=(Face(front=scene),),
                     trim=(SHEET_W, SHEET_H), bleed=0.0, safe=options.safe,
                     assembly="Print as many as you need; no cutting.")
