"""One box of a layout, filled in for one card, as scene items in mm.

Text wraps inside its box and shrinks to fit, down to the box's ``min_size``; text that
still does not fit is a problem naming the card (its file and line) and the box.
``:hearts:`` in text is the icon inline, as tall as the text (or one of the layout's own
icons); ``**bold**`` and ``*italic*`` set a few words in the bold or italic face of the
box's font (``\\*`` is an asterisk). Colours are ``#rrggbb``,
a name (``black``, ``red``...), a suit (``hearts``: that suit's colour), ``suit``
(the colour of the card's own suit), a suit's pale tint (``hearts-tint``, or
``suit-tint`` for the card's own) or one of the game's own colours (``accent``,
``accent-tint``, ``text``, ``on-accent``: its palette, so a game's cards share one
look). In the ink-saving ``bw`` build text and icons are black and rectangles and
circles are not filled.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from ..components.palette import INK, WHITE
from ..components.suits import STANDARD_SET, SuitSet
from ..content.cards import CardRow
from ..content.errors import ContentError
from ..layout import emphasis, text as metrics
from ..scene import Circle, Group, Image, Item, Rect, Style, Text
from .icons import INLINE, icon_items, is_icon, known_icons
from .layout import Box
from .pictures import PictureProblem, find_picture, fitted, load_picture

FIELD = re.compile(r"\{([^{}]+)\}")
NAMED_COLOURS = {
    "black": INK, "white": WHITE, "grey": "#808080", "gray": "#808080", "red": "#c8102e", "green": "#176f34",
    "blue": "#0b5cad", "yellow": "#f2c200", "orange": "#e07000", "purple": "#6a3d9a", "brown": "#8b5a2b",
    "navy": "#1f2a44", "cream": "#fbf6e9",
}
_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
#: An inline icon is this many times the text size, wide and tall.
ICON_EM = 1.0
_STEPS = 12


class CardProblem(Exception):
    def __init__(self, error: ContentError):
        super().__init__(error.message)
        self.error = error


@dataclass(frozen=True)
class Context:
    """What filling a box needs besides the box and the card."""

    folder: Path  # the game's folder: pictures are relative to it
    project: Path  # pictures must stay inside it
    suits: tuple[str, ...]  # the game's suits
    ink: str = "colour"
    builtins: Mapping[str, str] = field(default_factory=dict)  # {title}...
    colours: Mapping[str, str] = field(default_factory=dict)  # the game's palette: accent, accent-tint...
    suit_set: SuitSet = STANDARD_SET  # the game's suits as they print: symbols, colours, tints
    #: the layout's own fonts: name -> (bold, italic) -> (face file's path, the path as written)
    fonts: Mapping[str, Mapping[tuple[bool, bool], tuple[str, str]]] = field(default_factory=dict)
    icons: Mapping[str, Any] = field(default_factory=dict)  # the layout's own icons, by name


def columns_named(template: str) -> list[str]:
    """The card columns a template names, in order: ``"{rank} of {suit}"`` -> rank, suit."""
    return [name.strip() for name in FIELD.findall(template.replace("{{", "").replace("}}", ""))]


def fill(template: str, row: CardRow, ctx: Context) -> str:
    """``template`` with every ``{column}`` replaced by the card's value (``{{`` is a brace)."""
    def value(match: re.Match[str]) -> str:
        name = match.group(1).strip()
        return row.values[name] if name in row.values else ctx.builtins.get(name, "")

    parts = template.split("{{")
    return "{".join(FIELD.sub(value, part).replace("}}", "}") for part in parts)


def _problem(box: Box, row: CardRow, name: str, message: str) -> CardProblem:
    """A problem with one card's value: at the card's line when the value came from the
    card, else at the box's line; either way both are named."""
    template = getattr(box, name, "") if name else ""
    columns = [c for c in columns_named(template) if c in row.values] if isinstance(template, str) else []
    if columns:
        return CardProblem(row.error(columns[0], f"card {row.label!r}, {box.where.text()}: {message}"))
    return CardProblem(box.where.error(name, message))  # the same for every card: reported once


def colour(box: Box, row: CardRow, ctx: Context, name: str, default: str | None) -> str | None:
    """The colour a box's field names for this card (None: none)."""
    text = fill(getattr(box, name), row, ctx).strip()
    if not text:
        return default
    if text in ("none", "transparent"):
        return None
    if text == "suit":
        return _suit_colour(row, ctx)
    if text in ctx.colours:
        return ctx.colours[text]
    if text.endswith("-tint"):
        suit = row.values.get("suit", "").strip() if text == "suit-tint" else text[:-5]
        for suits in (ctx.suit_set, STANDARD_SET):  # the game's suits, then the standard four
            if suit in suits:
                return WHITE if ctx.ink == "bw" else suits.tint(suit)
    for suits in (ctx.suit_set, STANDARD_SET):
        if text in suits:
            return suits.colour(text)
    if text.lower() in NAMED_COLOURS:
        return NAMED_COLOURS[text.lower()]
    if _HEX.fullmatch(text):
        return text.lower() if len(text) == 7 else "#" + "".join(ch * 2 for ch in text[1:].lower())
    raise _problem(box, row, name, f"{text!r} is not a colour (write #rrggbb, a suit, 'suit', 'suit-tint', or one "
                                   f"of {', '.join(sorted({*NAMED_COLOURS, *ctx.colours}))})")


def _ink(value: str | None, ctx: Context) -> str | None:
    """Text and marks print black in the ink-saving build (white stays white)."""
    if ctx.ink != "bw" or value is None or value == WHITE:
        return value
    return INK


# -- text ----------------------------------------------------------------------------

#: A run of a line: ("text", "Take ", bold, italic, font) or ("icon", "hearts", ...); font
#: is "" for the shipped font, else the face file's path (see ``generator.scene.Text``).
Run = tuple[str, str, bool, bool, str]
Word = list[Run]
FaceKey = tuple[bool, bool, str]  # bold, italic, font
def _face(box: Box, row: CardRow, ctx: Context, bold: bool, italic: bool) -> str:
    """The file of the face of the box's font for ``bold`` and ``italic`` ("" shipped)."""
    if not box.font:
        return ""
    faces = ctx.fonts.get(box.font, {})
    if (bold, italic) not in faces:
        from .assets import face_label

        wanted = face_label((bold, italic))
        raise _problem(box, row, "text", f"font {box.font!r} has no {wanted} face for this text; add {wanted}: "
                                         f"<file>.ttf under fonts: {box.font} in the layout")
    return faces[(bold, italic)][0]


def _checked(text: str, box: Box, row: CardRow, ctx: Context, bold: bool, italic: bool, font: str) -> str:
    """``text``, when the designer's font has a glyph for each of its characters."""
    if font:
        missing = metrics.missing_glyphs(text, bold, italic, font)
        if missing:
            ch = missing[0]
            rel = ctx.fonts[box.font][(bold, italic)][1]
            raise _problem(box, row, "text", f"font {box.font!r} ({rel}) has no glyph for {ch!r} (U+{ord(ch):04X}); "
                                             "use another character or a font that has it")
    return text


def _words(text: str, row: CardRow, box: Box, wrap: bool, ctx: Context) -> list[list[Word]]:
    """Paragraphs of words, each word a list of runs (text in its face, inline icons)."""
    paragraphs = text.split("\n") if wrap else [" ".join(text.split("\n"))]
    out = []
    for paragraph in paragraphs:
        words: list[Word] = []
        runs: Word = []
        pieces = emphasis.pieces(paragraph, box.bold, box.italic) if "*" in paragraph else [
            (paragraph, box.bold, box.italic)]
        for piece, bold, italic in pieces:
            style = (bold, italic, _face(box, row, ctx, bold, italic))
            if piece[:1].isspace() and runs:  # a word ends where a piece starts with a space
                words.append(runs)
                runs = []
            for index, part in enumerate(piece.split()):
                if index and runs:
                    words.append(runs)
                    runs = []
                runs.extend(_runs(part, row, box, ctx, style))
            if piece[-1:].isspace() and runs:
                words.append(runs)
                runs = []
        if runs:
            words.append(runs)
        out.append(words)
    return out


def _runs(part: str, row: CardRow, box: Box, ctx: Context, style: FaceKey) -> Word:
    """One piece of a word in one face: its text and its ``:icons:``."""
    if ":" not in part and not style[2]:  # the shipped font: no icon, nothing to check
        return [("text", part, *style)]
    runs: Word = []
    at = 0
    for match in INLINE.finditer(part):
        if not is_icon(match.group(1), ctx.icons):
            raise _problem(box, row, "text", f"no icon :{match.group(1)}: (icons: {known_icons(ctx.icons)})")
        if match.start() > at:
            runs.append(("text", _checked(part[at:match.start()], box, row, ctx, *style), *style))
        runs.append(("icon", match.group(1), *style))
        at = match.end()
    if at < len(part):
        runs.append(("text", _checked(part[at:], box, row, ctx, *style), *style))
    return runs


def _run_width(run: Run, size: float) -> float:
    return metrics.width(run[1], size, run[2], run[3], run[4]) if run[0] == "text" else size * ICON_EM


def _width(runs: Word, size: float) -> float:
    width = metrics.width
    return sum(width(r[1], size, r[2], r[3], r[4]) if r[0] == "text" else size * ICON_EM for r in runs)


def _space(before: Word, after: Word, base: FaceKey) -> Run:
    """The space between two words: in their face when both sides share one (a bold
    phrase stays one bold text), else in the box's own."""
    left, right = before[-1], after[0]
    if left[0] == "text" and right[0] == "text" and left[2:] == right[2:]:
        return ("text", " ", left[2], left[3], left[4])
    return ("text", " ", *base)


#: A word with its width and the width of the space before it, at a 1 mm size: widths
#: scale with the size, so a text is measured once however many sizes it tries.
Measured = tuple[Word, float, float]


def _measured(paragraphs: list[list[Word]], base: FaceKey) -> list[list[Measured]]:
    return [[(word, _width(word, 1.0), _run_width(_space(words[i - 1], word, base), 1.0) if i else 0.0)
             for i, word in enumerate(words)] for words in paragraphs]


def _lines(paragraphs: list[list[Measured]], box: Box, size: float, wrap: bool) -> list[list[Word]] | None:
    """Words broken into lines at ``size``; None when a line cannot fit the box's width."""
    lines: list[list[Word]] = []
    limit = box.w + 1e-9
    for words in paragraphs:
        line: list[Word] = []
        width = 0.0
        for word, unit, unit_space in words:
            own = unit * size
            if own > limit:
                return None
            space = unit_space * size
            if line and wrap and width + space + own > limit:
                lines.append(line)
                line, width = [word], own
            else:
                width = width + space + own if line else own
                line.append(word)
        if width > limit:
            return None
        lines.append(line)
    return lines


def _block_height(count: int, size: float, box: Box, base: FaceKey) -> float:
    return metrics.ascent(size, *base) + metrics.descent(size, *base) + (count - 1) * size * box.line_height


def _fit(paragraphs: list[list[Word]], box: Box, wrap: bool, base: FaceKey) -> tuple[float, list[list[Word]]] | None:
    """The largest size from the box's size down to its min_size at which the text fits."""
    measured = _measured(paragraphs, base)

    def attempt(size: float) -> list[list[Word]] | None:
        lines = _lines(measured, box, size, wrap)
        return lines if lines is not None and _block_height(len(lines), size, box, base) <= box.h + 1e-9 else None

    best = attempt(box.size)
    if best is not None:
        return box.size, best
    low_lines = attempt(box.min_size)
    if low_lines is None:
        return None
    low, high = box.min_size, box.size
    for _ in range(_STEPS):
        mid = (low + high) / 2
        found = attempt(mid)
        if found is not None:
            low, low_lines = mid, found
        else:
            high = mid
    size = int(low * 1000) / 1000  # rounded down: what fits at low fits here
    return size, _lines(measured, box, size, wrap) or low_lines


def text_items(box: Box, row: CardRow, ctx: Context, default_colour: str) -> list[Item]:
    text = fill(box.text, row, ctx).replace("\\n", "\n")
    if not text.strip():
        return []
    wrap = box.kind == "text"
    base: FaceKey = (box.bold, box.italic, _face(box, row, ctx, box.bold, box.italic))
    found = _fit(_words(text, row, box, wrap, ctx), box, wrap, base)
    if found is None:
        raise _problem(box, row, "text", f"the text does not fit the {box.w:g} × {box.h:g} mm box even at min_size "
                                         f"{box.min_size:g} mm; shorten it, enlarge the box or lower min_size")
    size, lines = found
    fill_colour = _ink(colour(box, row, ctx, "colour", default_colour), ctx) or INK
    label = f"box {box.name}"  # the scene names the card; equal backs stay equal
    block = _block_height(len(lines), size, box, base)
    top = {"top": box.y, "middle": box.y + (box.h - block) / 2, "bottom": box.y + box.h - block}[box.valign]
    baseline = top + metrics.ascent(size, *base)
    items: list[Item] = []
    for line in lines:
        runs = _joined(line, base)
        width = _width(runs, size)
        x = {"left": box.x, "center": box.x + (box.w - width) / 2, "right": box.x + box.w - width}[box.align]
        items.extend(_line_items(runs, x, baseline, size, fill_colour, label, round(box.w, 4), ctx))
        baseline += size * box.line_height
    return items


def _joined(line: list[Word], base: FaceKey) -> Word:
    """A line's words as one list of runs, with the spaces between them."""
    runs: Word = []
    for index, word in enumerate(line):
        if index:
            runs.append(_space(line[index - 1], word, base))
        runs.extend(word)
    return runs


def _line_items(runs: Word, x: float, baseline: float, size: float, colour_: str, label: str, width: float,
                ctx: Context) -> list[Item]:
    """One line's runs: text runs in one face joined into Text items, icons drawn
    between them; each may take the box's ``width`` (what the print lint holds it to)."""
    items: list[Item] = []
    pending, start = "", x
    face: FaceKey = (False, False, "")
    for kind, value, bold, italic, font in runs:
        if kind == "text" and (not pending or face == (bold, italic, font)):
            if not pending:
                start, face = x, (bold, italic, font)
            pending += value
            x += metrics.width(value, size, bold, italic, font)
            continue
        if pending.strip():
            items.append(_text(start, baseline, pending, size, face, colour_, width, label))
        pending = ""
        if kind == "text":  # a run in another face starts the next text
            start, face, pending = x, (bold, italic, font), value
            x += metrics.width(value, size, bold, italic, font)
            continue
        icon = size * ICON_EM
        items.extend(icon_items(value, x + icon / 2, baseline - size * 0.36, icon * 0.92, colour_, ctx.icons,
                                ctx.ink == "bw"))
        x += icon
    if pending.strip():
        items.append(_text(start, baseline, pending, size, face, colour_, width, label))
    return items


def _text(x: float, baseline: float, text: str, size: float, face: FaceKey, colour_: str, width: float,
          label: str) -> Text:
    bold, italic, font = face
    lead = len(text) - len(text.lstrip(" "))
    if lead:  # the space after an icon: an SVG would drop it and set the word against the icon
        x += metrics.width(text[:lead], size, bold, italic, font)
        text = text[lead:]
    return Text(round(x, 4), round(baseline, 4), text, round(size, 4), "start", bold, colour_, width, name=label,
                italic=italic, font=font)


# -- the other kinds ---------------------------------------------------------------


def _suit_colour(row: CardRow, ctx: Context) -> str:
    suit = row.values.get("suit", "").strip()
    return ctx.suit_set.colour(suit) if suit in ctx.suit_set else INK


def symbol_items(box: Box, row: CardRow, ctx: Context) -> list[Item]:
    """A suit symbol or an icon, as large as the box's shorter side, centred in it."""
    name = fill(box.suit if box.kind == "suit" else box.icon, row, ctx).strip()
    if not name:
        return []
    if box.kind == "suit" and name not in ctx.suits:
        raise _problem(box, row, "suit", f"{name!r} is not a suit of this game ({', '.join(ctx.suits)})")
    if box.kind == "icon" and not is_icon(name, ctx.icons):
        raise _problem(box, row, "icon", f"no icon {name!r} (icons: {known_icons(ctx.icons)})")
    default = ctx.suit_set.colour(name) if box.kind == "suit" and name in ctx.suit_set else INK
    paint = _ink(colour(box, row, ctx, "colour", default), ctx) or INK
    if box.kind == "suit" and name in ctx.suit_set:
        return [ctx.suit_set.style(name).draw(box.x + box.w / 2, box.y + box.h / 2, min(box.w, box.h), paint, None)]
    own = ctx.icons if box.kind == "icon" else None
    return icon_items(name, box.x + box.w / 2, box.y + box.h / 2, min(box.w, box.h), paint, own, ctx.ink == "bw")


def image_items(box: Box, row: CardRow, ctx: Context) -> list[Item]:
    rel = fill(box.file, row, ctx).strip()
    if not rel:
        return []
    try:
        picture = load_picture(find_picture(rel, ctx.folder, ctx.project))
    except PictureProblem as exc:
        raise _problem(box, row, "file", str(exc)) from None
    x, y, w, h = fitted(picture, box.x, box.y, box.w, box.h, box.fit)
    return [Image(x, y, w, h, picture.data, picture.format, name=f"box {box.name}")]


def _shape_style(box: Box, row: CardRow, ctx: Context) -> Style | None:
    """The fill and outline of a rect or circle box for this card (None: nothing shows)."""
    fill_colour = colour(box, row, ctx, "fill", None)
    stroke = _ink(colour(box, row, ctx, "stroke", None), ctx)
    if ctx.ink == "bw" and fill_colour not in (None, WHITE):
        fill_colour = None  # no ink-hungry fills in the ink-saving build
        stroke = stroke or INK
    if fill_colour is None and stroke is None:
        return None
    return Style(fill=fill_colour, stroke=stroke, stroke_width=box.stroke_width if stroke else 0.0)


def rect_items(box: Box, row: CardRow, ctx: Context) -> list[Item]:
    style = _shape_style(box, row, ctx)
    if style is None:
        return []
    return [Rect(round(box.x, 4), round(box.y, 4), round(box.w, 4), round(box.h, 4), style, radius=box.radius)]


def circle_items(box: Box, row: CardRow, ctx: Context) -> list[Item]:
    """The circle inscribed in the box: as wide as its shorter side, centred."""
    style = _shape_style(box, row, ctx)
    if style is None:
        return []
    return [Circle(round(box.x + box.w / 2, 4), round(box.y + box.h / 2, 4), round(min(box.w, box.h) / 2, 4), style)]


def box_items(box: Box, row: CardRow, ctx: Context) -> list[Item]:
    """What ``box`` shows on the card ``row``; raises CardProblem naming both."""
    if box.kind in ("text", "rank"):
        items = text_items(box, row, ctx, _suit_colour(row, ctx) if box.kind == "rank" else INK)
    elif box.kind in ("suit", "icon"):
        items = symbol_items(box, row, ctx)
    elif box.kind == "image":
        items = image_items(box, row, ctx)
    elif box.kind == "circle":
        items = circle_items(box, row, ctx)
    else:
        items = rect_items(box, row, ctx)
    if not box.rotate or not items:
        return items
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    inner = Group(tuple(items), dx=-cx, dy=-cy)
    return [Group((inner,), dx=round(cx, 4), dy=round(cy, 4), rotate=box.rotate)]
