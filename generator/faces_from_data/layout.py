"""Reading a layout file: faces made of named boxes in mm, with ``extends``.

A layout file looks like this (every length is written with its unit, as in Squib;
a bare number is mm)::

    kind: card                 # card (default), token, board or sheet
    size: poker                # insert, poker, bridge, quick-insert, tarot, mini, square,
                               # or [63mm, 88mm]; default: the build's card size
    landscape: true            # the card on its long side (default false)
    safe: 3mm                  # text boxes must stay this far inside the trim
    boxes:                     # shared parts any face's box may extend
      corner: {kind: rank, x: 3mm, y: 3mm, width: 10mm, height: 8mm, size: 6mm}
    faces:
      front:
        boxes:
          top-corner: {extends: corner}
          bottom-corner: {extends: corner, x: 50mm, y: 77mm, rotate: 180}
          rules: {kind: text, x: 5mm, y: 40mm, width: 53mm, height: 40mm, text: "{rules}"}
      back:
        boxes:
          fill: {kind: rect, x: -3mm, y: -3mm, width: 69mm, height: 94mm, fill: "#1f2a44"}

A face may name a ``ground``: a colour running out to the bleed under its boxes (none
in the ink-saving build), so a cut a millimetre off shows no white edge. A ``circle``
box is the circle inscribed in its box. ``drawn_for: insert`` (or [w, h]) says the card
size the boxes were drawn for: on a build at another card size every box stretches
with the card (text keeps its size, shrinking to fit down to ``min_size``), instead
of falling off the card or leaving a margin.

A box ``extends`` one or more other boxes (shared ones, or earlier boxes of its face)
and changes what it names; ``x: "+=2mm"`` adds to the inherited value (also ``-=``,
``*=``, ``/=``). A face ``extends`` another face: it starts with that face's boxes, in
order, and a box of the same name changes the inherited one. Boxes are drawn in order.
A layout may bring its own type and icons, files in the project named once at the top
and used by name (``generator.faces_from_data.assets`` reads them)::

    fonts:
      body:                          # a text or rank box says font: body
        regular: fonts/Lora-Regular.ttf
        bold: fonts/Lora-Bold.ttf    # **bold** in card text, or bold: true
        italic: fonts/Lora-Italic.ttf
        bold_italic: fonts/Lora-BoldItalic.ttf
      title: fonts/Display.ttf       # a font with one face
    icons:
      coin: icons/coin.svg           # :coin: in text, or icon: coin in an icon box
      gem: icons/gem.png

Every problem is reported with its file, line and box.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Mapping

from ..components.base import NAMED_SIZES
from ..content.errors import ContentError, ContentInvalid, PathPart
from ..content.loader import SourceFile, read_yaml
from ..layout.units import length

KINDS = ("text", "rank", "suit", "icon", "image", "rect", "circle")
PLACE = ("x", "y", "width", "height", "rotate")
#: The fields each kind of box takes (besides kind, extends and PLACE).
KIND_FIELDS: dict[str, tuple[str, ...]] = {
    "text": ("text", "size", "min_size", "bold", "italic", "font", "colour", "align", "valign", "line_height"),
    "rank": ("text", "size", "min_size", "bold", "italic", "font", "colour", "align", "valign"),
    "suit": ("suit", "colour"),
    "icon": ("icon", "colour"),
    "image": ("file", "fit"),
    "rect": ("fill", "stroke", "stroke_width", "radius"),
    "circle": ("fill", "stroke", "stroke_width"),
}
LENGTHS = ("x", "y", "width", "height", "size", "min_size", "stroke_width", "radius")
ALIGN = ("left", "center", "right")
VALIGN = ("top", "middle", "bottom")
FITS = ("contain", "stretch")
PIECE_KINDS = ("card", "token", "board", "sheet")
TOP_FIELDS = ("kind", "size", "landscape", "drawn_for", "bleed", "safe", "fonts", "icons", "boxes", "faces")
#: The faces a font of ``fonts:`` may give, keyed by (bold, italic).
FONT_FACES = {"regular": (False, False), "bold": (True, False), "italic": (False, True), "bold_italic": (True, True)}
#: An icon's name, as ``:name:`` in text reads it.
ICON_NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
#: Fonts and icons one layout may declare.
MAX_FONTS = 16
MAX_ICONS = 200
FACE_FIELDS = ("boxes", "extends", "ground")
#: Text may shrink to this share of its size when ``min_size`` is not given.
MIN_SHARE = 0.7
#: How many boxes (or faces) one chain of ``extends`` may pass through, the first
#: included: a real layout uses two or three; a longer chain is a mistake or an attack,
#: refused with its line well before Python's own recursion limit.
MAX_EXTENDS_DEPTH = 32
#: Boxes one face may draw, inherited ones included (a busy card has twenty).
MAX_BOXES = 100
#: The largest length a layout may give (mm, either sign): a board printed in tiles is
#: at most a metre across (20 A4 pages); a larger number is a slip (or an attack on the
#: renderer), refused with its line.
MAX_LENGTH_MM = 1_000.0
#: Bleed beyond the trim: print services ask for 3 mm (1/8 in); more than this is a slip.
MAX_BLEED_MM = 10.0
#: Degrees a box may turn, either way (a few turns is already odd).
MAX_ROTATE = 3600.0
#: Line height, times the text's size.
MAX_LINE_HEIGHT = 10.0
_RELATIVE = re.compile(r"^\s*([+\-*/])=\s*(.+?)\s*$")

Fields = dict[str, tuple[Any, int]]  # field -> (value as written, line it was written on)


@dataclass(frozen=True)
class Where:
    """Where a box is defined: its file, its path in the file and each field's line."""

    file: Path
    path: tuple[PathPart, ...]
    line: int
    lines: Mapping[str, int] = field(default_factory=dict)

    @property
    def box(self) -> str:
        return str(self.path[-1])

    def line_of(self, name: str) -> int:
        return self.lines.get(name, self.line)

    def error(self, name: str, message: str) -> ContentError:
        return ContentError(self.file, self.line_of(name), self.path + ((name,) if name else ()), message)

    def text(self) -> str:
        """``box 'title' (layout.yaml:12)`` for messages about a card."""
        return f"box {self.box!r} ({self.file.name}:{self.line})"


@dataclass(frozen=True)
class Box:
    """One box as drawn: where it is (mm, trim's top-left at 0, 0) and what it shows.

    Text-like fields (``text``, ``suit``, ``icon``, ``file``, colours) may name card
    columns in braces, ``{rank}``; they are filled per card by ``generator.faces_from_data.draw``.
    """

    name: str
    kind: str
    x: float
    y: float
    w: float
    h: float
    where: Where
    rotate: float = 0.0
    text: str = ""
    size: float = 3.0
    min_size: float = 2.1
    bold: bool = False
    italic: bool = False
    font: str = ""  # "" = the shipped font; else a name of the layout's fonts
    colour: str = ""  # "" = the kind's default: ink, or the card's suit colour for rank and suit
    align: str = "left"
    valign: str = "top"
    line_height: float = 1.25
    suit: str = "{suit}"
    icon: str = ""
    file: str = ""
    fit: str = "contain"
    fill: str = ""
    stroke: str = ""
    stroke_width: float = 0.3
    radius: float = 0.0

    def templates(self) -> dict[str, str]:
        """The fields of this box that cards fill in, by field name."""
        names = {"text": ("text", "colour"), "rank": ("text", "colour"), "suit": ("suit", "colour"),
                 "icon": ("icon", "colour"), "image": ("file",), "rect": ("fill", "stroke"),
                 "circle": ("fill", "stroke")}[self.kind]
        return {name: getattr(self, name) for name in names if getattr(self, name)}


@dataclass(frozen=True)
class Face:
    name: str
    boxes: tuple[Box, ...]
    line: int
    #: the colour the face's ground runs out to the bleed in ("" none; none in the bw build)
    ground: str = ""
    ground_line: int = 0  # where the ground is named (for a bad colour's message)


@dataclass(frozen=True)
class FontFamily:
    """A font the layout declares: its faces' files as written, keyed by (bold, italic),
    each with its line."""

    name: str
    faces: Mapping[tuple[bool, bool], tuple[str, int]]
    line: int


@dataclass(frozen=True)
class IconFile:
    """An icon the layout declares: its file as written and the line naming it."""

    name: str
    file: str
    line: int


@dataclass(frozen=True)
class Layout:
    path: Path
    kind: str
    size: tuple[float, float] | None
    bleed: float | None
    #: the card size the boxes are drawn for: a build at another size scales them to it
    drawn_for: tuple[float, float] | None
    safe: float
    faces: Mapping[str, Face]
    lines: Mapping[str, int]
    size_line: int = 0  # where the size is given (0: not given), for a size that cannot print
    landscape: bool = False  # the card lies on its long side: its size, and the build's, turned

    def card_size(self, default: tuple[float, float]) -> tuple[float, float]:
        """The piece's size: its own, else ``default`` (the build's card size), on its
        long side when the layout says ``landscape: true``."""
        w, h = self.size or default
        return (max(w, h), min(w, h)) if self.landscape else (w, h)

    def size_words(self) -> str:
        """The size as the file gives it, for messages: "63 × 88 mm, landscape"."""
        w, h = self.card_size((0.0, 0.0))
        return f"{w:g} × {h:g} mm" + (", landscape" if self.landscape else "")
    fonts: Mapping[str, FontFamily] = field(default_factory=dict)
    icons: Mapping[str, IconFile] = field(default_factory=dict)


# -- reading and extends --------------------------------------------------------------


def read_layout(path: Path) -> Layout:
    """The layout in ``path``; raises ContentInvalid with every problem, each with its
    line and box."""
    source = read_yaml(path)
    if not isinstance(source.data, dict):
        raise ContentInvalid([source.error((), "a layout file is a mapping: kind, size, safe, boxes, faces")])
    reader = _Reader(source)
    layout = reader.layout()
    if reader.problems:
        raise ContentInvalid(reader.problems)
    return layout


class _Reader:
    def __init__(self, source: SourceFile):
        self.source = source
        self.data: dict[str, Any] = source.data
        self.problems: list[ContentError] = []
        self.shared: dict[str, Fields] = {}
        self.faces: dict[str, dict[str, Fields]] = {}
        #: shared boxes with their extends applied, each resolved once: a box extending
        #: [a, a] at every level of a chain must not cost 2**depth resolutions
        self.resolved: dict[str, Fields] = {}
        #: how many boxes (faces) each resolved box's (face's) chain of extends passes
        #: through, itself included: with resolution memoised, the limit is checked on these
        self.depths: dict[tuple[PathPart, ...], int] = {}
        self.face_depths: dict[str, int] = {}
        self.grounds: dict[str, str] = {}
        self.ground_lines: dict[str, int] = {}
        #: boxes whose extends failed: their own problem is reported, not its follow-ons
        self.broken: set[tuple[PathPart, ...]] = set()
        self.fonts: dict[str, FontFamily] = {}
        self.icons: dict[str, IconFile] = {}

    def error(self, path: tuple[PathPart, ...], message: str) -> None:
        found = self.source.error(path, message)
        if found not in self.problems:
            self.problems.append(found)

    def mapping(self, path: tuple[PathPart, ...]) -> dict[str, Any]:
        value: Any = self.data
        for part in path:
            value = value.get(part) if isinstance(value, dict) else None
        if value is None:
            return {}
        if not isinstance(value, dict):
            self.error(path, "expected a mapping of named entries")
            return {}
        return value

    def fields(self, path: tuple[PathPart, ...], raw: Any) -> Fields | None:
        if not isinstance(raw, dict):
            self.error(path, "a box is a mapping of fields (kind, x, y, width, height, ...)")
            return None
        return {str(k): (v, self.source.line(path + (str(k),)) or 0) for k, v in raw.items()}

    def layout(self) -> Layout:
        for key in self.data:
            if key not in TOP_FIELDS:
                self.error((str(key),), f"unknown field; a layout has {', '.join(TOP_FIELDS)}")
        for name, raw in self.mapping(("boxes",)).items():
            found = self.fields(("boxes", str(name)), raw)
            if found is not None:
                self.shared[str(name)] = found
        self.fonts = self.font_families()
        self.icons = self.icon_files()
        faces_raw = self.mapping(("faces",))
        if not faces_raw:
            self.error(("faces",), "a layout needs faces: (front, back, ...), each with its boxes")
        resolved = {str(name): self.face(str(name), faces_raw, []) for name in faces_raw}
        faces = {name: Face(name, tuple(self.typed(name, box, fields) for box, fields in boxes.items()),
                            self.source.line(("faces", name)) or 1, self.grounds.get(name, ""),
                            self.ground_lines.get(name, 0))
                 for name, boxes in resolved.items()}
        return Layout(self.source.path, self.piece_kind(), self.size(), self.top_length("bleed", None),
                      self.size("drawn_for"),
                      self.top_length("safe", 3.0) or 0.0, faces,
                      {name: self.source.line(("faces", name)) or 1 for name in faces},
                      self.source.lines.get(("size",), 0), self.landscape(), self.fonts, self.icons)

    def landscape(self) -> bool:
        value = self.data.get("landscape", False)
        if not isinstance(value, bool):
            self.error(("landscape",), "landscape is true (the card on its long side) or false")
            return False
        return value

    def font_families(self) -> dict[str, FontFamily]:
        """``fonts:``: name -> a file (its regular face) or a mapping of faces to files."""
        found: dict[str, FontFamily] = {}
        for name, raw in list(self.mapping(("fonts",)).items())[:MAX_FONTS + 1]:
            path: tuple[PathPart, ...] = ("fonts", str(name))
            if len(found) == MAX_FONTS:
                self.error(path, f"a layout may declare at most {MAX_FONTS} fonts")
                break
            given = {"regular": raw} if isinstance(raw, str) else raw
            if not isinstance(given, dict) or not given:
                self.error(path, "a font is a file (fonts/Lora.ttf) or its faces: regular, bold, italic, bold_italic")
                continue
            faces: dict[tuple[bool, bool], tuple[str, int]] = {}
            named = {str(face).replace("-", "_") for face in given}
            for face, rel in given.items():
                at = path if isinstance(raw, str) else path + (str(face),)
                face_key = str(face).replace("-", "_")
                if face_key not in FONT_FACES:
                    self.error(at, f"{face!r} is not a face of a font; give {', '.join(FONT_FACES)}")
                elif self.project_file(at, rel, (".ttf",), "a TrueType font file (.ttf)"):
                    faces[FONT_FACES[face_key]] = (str(rel), self.source.line(at) or 0)
            if "regular" not in named:
                self.error(path, "a font needs its regular face (regular: fonts/Lora-Regular.ttf)")
            # known even when a face was refused: boxes naming it are not reported again
            found[str(name)] = FontFamily(str(name), faces, self.source.line(path) or 0)
        return found

    def icon_files(self) -> dict[str, IconFile]:
        """``icons:``: name -> an SVG or PNG file in the project."""
        from .icons import ICONS  # the built-in ones (icons imports the drawing modules)

        found: dict[str, IconFile] = {}
        for name, rel in self.mapping(("icons",)).items():
            path: tuple[PathPart, ...] = ("icons", str(name))
            if len(found) == MAX_ICONS:
                self.error(path, f"a layout may declare at most {MAX_ICONS} icons")
                break
            if not isinstance(name, str) or not ICON_NAME.fullmatch(name):
                self.error(path, f"{name!r} is not an icon name: lower-case letters, digits and dashes, as :{name}: "
                                 "is written in text (e.g. coin, big-gem)")
            elif name in ICONS:
                self.error(path, f"{name!r} is a built-in icon; give yours another name")
            elif self.project_file(path, rel, (".svg", ".png"), "an SVG or PNG file"):
                found[name] = IconFile(name, str(rel), self.source.line(path) or 0)
        return found

    def project_file(self, path: tuple[PathPart, ...], rel: Any, suffixes: tuple[str, ...], what: str) -> bool:
        """Whether ``rel`` is a relative path of the right kind that stays in its folder
        (where it leads, symlinks and all, is checked when the file is read)."""
        if not isinstance(rel, str) or not rel.strip():
            self.error(path, f"give {what}, as a path relative to the game's folder")
            return False
        parts = Path(rel).parts
        if Path(rel).is_absolute() or rel.startswith(("~", "\\")) or ".." in parts or ":" in parts[0]:
            self.error(path, f"path {rel!r} must be relative to the game's folder, without '..'; refusing it")
            return False
        if Path(rel).suffix.lower() not in suffixes:
            self.error(path, f"{rel!r} is not {what}")
            return False
        return True

    def piece_kind(self) -> str:
        kind = self.data.get("kind", "card")
        if kind not in PIECE_KINDS:
            self.error(("kind",), f"{kind!r} is not a kind of piece; choose {', '.join(PIECE_KINDS)}")
            return "card"
        return str(kind)

    def size(self, name: str = "size") -> tuple[float, float] | None:
        size = self.data.get(name)
        if size is None:
            return None
        if isinstance(size, str) and size in NAMED_SIZES:
            return NAMED_SIZES[size]
        if isinstance(size, list) and len(size) == 2:
            try:
                w, h = _length(size[0]), _length(size[1])
                if w > 0 and h > 0:
                    return w, h
            except ValueError:
                pass
        self.error((name,), f"write a card size ({', '.join(NAMED_SIZES)}) or [width, height], e.g. [63mm, 88mm]")
        return None

    def top_length(self, name: str, default: float | None) -> float | None:
        if name not in self.data:
            return default
        try:
            value = _length(self.data[name])
        except ValueError as exc:
            self.error((name,), str(exc))
            return default
        if value < 0:
            self.error((name,), "must not be negative")
        elif name == "bleed" and value > MAX_BLEED_MM:
            self.error((name,), f"{value:g} mm is more than {MAX_BLEED_MM:g} mm (print services ask for 3 mm)")
            return default
        return value

    # -- extends ----------------------------------------------------------------------

    def face(self, name: str, faces_raw: dict[str, Any], chain: list[str]) -> dict[str, Fields]:
        """The face's boxes in drawing order, every ``extends`` applied."""
        if name in self.faces:
            return self.faces[name]
        path: tuple[PathPart, ...] = ("faces", name)
        raw = faces_raw.get(name)
        if not isinstance(raw, dict):
            self.error(path, "a face is a mapping: boxes (and extends)")
            self.faces[name] = {}
            return {}
        for key in raw:
            if key not in FACE_FIELDS:
                self.error(path + (str(key),), f"unknown field; a face has {', '.join(FACE_FIELDS)}")
        ground = raw.get("ground")
        if ground is not None and not isinstance(ground, str):
            self.error(path + ("ground",), "ground is a colour, e.g. '#efe7da', accent-tint or suit-tint")
        boxes: dict[str, Fields] = {}
        depth = 1
        for parent in self.parents(raw.get("extends"), path):
            if parent == name or parent in chain:
                self.error(path + ("extends",), f"face {name!r} extends itself through {' -> '.join(chain + [name, parent])}")
            elif len(chain) + 1 >= MAX_EXTENDS_DEPTH:  # before Python's recursion limit
                self.error(path + ("extends",), _too_deep("face", chain[0], "faces"))
            elif parent not in faces_raw:
                self.error(path + ("extends",), f"no face {parent!r} to extend; faces: {', '.join(map(str, faces_raw))}")
            else:
                inherited = self.face(parent, faces_raw, chain + [name])
                if self.face_depths.get(parent, 1) + 1 > MAX_EXTENDS_DEPTH:
                    self.error(path + ("extends",), _too_deep("face", name, "faces"))
                    continue
                depth = max(depth, self.face_depths.get(parent, 1) + 1)
                boxes.update({k: dict(v) for k, v in inherited.items()})
                if self.grounds.get(parent):  # like its boxes: a later parent's ground wins
                    self.grounds[name] = self.grounds[parent]
                    self.ground_lines[name] = self.ground_lines.get(parent, 0)
        own = raw.get("boxes") or {}
        if not isinstance(own, dict):
            self.error(path + ("boxes",), "expected a mapping of named boxes")
            own = {}
        for box_name, box_raw in own.items():
            box_path = path + ("boxes", str(box_name))
            fields = self.fields(box_path, box_raw)
            if fields is None:
                continue
            base = boxes.get(str(box_name), {})
            boxes[str(box_name)] = self.extend(fields, box_path, boxes, base, [str(box_name)])
        if isinstance(ground, str):
            self.grounds[name] = ground
            self.ground_lines[name] = self.source.line(path + ("ground",)) or 0
        if len(boxes) > MAX_BOXES:
            self.error(path + ("boxes",), f"the face draws {len(boxes):,} boxes; a face may draw at most {MAX_BOXES}")
            boxes = dict(list(boxes.items())[:MAX_BOXES])
        self.faces[name] = boxes
        self.face_depths[name] = depth
        return boxes

    def parents(self, value: Any, path: tuple[PathPart, ...]) -> list[str]:
        if value is None:
            return []
        if isinstance(value, str):
            return [value]
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return list(value)
        self.error(path + ("extends",), "extends names a box (or a list of boxes)")
        return []

    def extend(self, fields: Fields, path: tuple[PathPart, ...], siblings: dict[str, Fields], base: Fields,
               chain: list[str]) -> Fields:
        """``fields`` over what it extends: the shared or sibling boxes it names, over
        ``base`` (the inherited box of the same name)."""
        merged = dict(base)
        depth = 1
        for parent in self.parents(fields.get("extends", (None, 0))[0], path):
            if parent in chain:
                self.error(path + ("extends",), f"extends goes round in a circle ({' -> '.join(chain[chain.index(parent):] + [parent])}): a box cannot extend itself")
                self.broken.add(path)
                continue
            if parent in siblings and parent != chain[0]:
                parent_fields, parent_path = siblings[parent], path[:-1] + (parent,)
            elif parent in self.shared:
                if len(chain) >= MAX_EXTENDS_DEPTH:  # before Python's recursion limit
                    self.error(path + ("extends",), _too_deep("box", chain[0], "boxes"))
                    self.broken.add(path)
                    continue
                parent_fields, parent_path = self.shared_box(parent, chain), ("boxes", parent)
                if parent_path in self.broken:
                    self.broken.add(path)
            else:
                known = sorted(set(self.shared) | set(siblings))
                self.error(path + ("extends",), f"no box {parent!r} to extend; boxes: {', '.join(known) or 'none'}")
                self.broken.add(path)
                continue
            if self.depths.get(parent_path, 1) + 1 > MAX_EXTENDS_DEPTH and path not in self.broken:
                self.error(path + ("extends",), _too_deep("box", str(path[-1]), "boxes"))
                self.broken.add(path)
                continue
            depth = max(depth, self.depths.get(parent_path, 1) + 1)
            merged = self.apply(merged, parent_fields, path)
        self.depths[path] = depth
        return self.apply(merged, {k: v for k, v in fields.items() if k != "extends"}, path)

    def shared_box(self, name: str, chain: list[str]) -> Fields:
        """Shared box ``name`` with its extends applied, resolved once per layout (its
        chain of extends is checked from the box that first needs it)."""
        found = self.resolved.get(name)
        if found is None:
            found = self.extend(self.shared[name], ("boxes", name), {}, {}, chain + [name])
            self.resolved[name] = found
        return found

    def apply(self, base: Fields, over: Fields, path: tuple[PathPart, ...]) -> Fields:
        out = dict(base)
        for name, (value, line) in over.items():
            match = _RELATIVE.match(value) if isinstance(value, str) else None
            if match is None:
                out[name] = (value, line)
                continue
            if name not in base:
                if path not in self.broken:  # a broken extends is reported, not its follow-ons
                    self.error(path + (name,), f"{value!r} changes an inherited {name}, but the box inherits none")
                continue
            try:
                old, amount = length(base[name][0]), length(match.group(2))
            except ValueError as exc:
                self.error(path + (name,), str(exc))
                continue
            op = match.group(1)
            if op in "*/" and name in LENGTHS:
                amount = float(match.group(2)) if re.fullmatch(r"-?\d+(\.\d+)?", match.group(2)) else amount
            if op == "/" and amount == 0:
                self.error(path + (name,), "cannot divide by zero")
                continue
            out[name] = ({"+": old + amount, "-": old - amount, "*": old * amount, "/": old / (amount or 1)}[op], line)
        return out

    # -- fields to a Box --------------------------------------------------------------

    def typed(self, face: str, name: str, fields: Fields) -> Box:
        path: tuple[PathPart, ...] = ("faces", face, "boxes", name)
        where = Where(self.source.path, path, self.source.line(path) or 1, {k: line for k, (_, line) in fields.items()})
        if "color" in fields and "colour" not in fields:
            fields = {**fields, "colour": fields["color"]}
        fields = {k: v for k, v in fields.items() if k != "color"}
        kind = fields.get("kind", (None, 0))[0]
        if path in self.broken:  # its extends is already reported
            return Box(name, "rect", 0, 0, 0, 0, where)
        if kind not in KINDS:
            what = "has no kind" if kind is None else f"kind {kind!r} is not a kind of box"
            self.problems.append(where.error("kind", f"{what}; choose {', '.join(KINDS)}"))
            return Box(name, "rect", 0, 0, 0, 0, where)
        values: dict[str, Any] = {}
        before = len(self.problems)
        allowed = set(PLACE) | set(KIND_FIELDS[kind]) | {"kind"}
        for key, (value, _) in fields.items():
            if key not in allowed:
                self.problems.append(where.error(key, f"a {kind} box has no field {key!r}; it takes "
                                                      f"{', '.join(PLACE + KIND_FIELDS[kind])}"))
                continue
            checked = self.value(key, value, where)
            if checked is not None:
                values[key] = checked
        if values.get("font") and values["font"] not in self.fonts:
            known = ", ".join(self.fonts) or "none; declare one under fonts: at the top of the layout"
            self.problems.append(where.error("font", f"no font {values['font']!r} (fonts: {known})"))
        for key in ("x", "y", "width", "height"):
            if key not in values and key not in fields:
                self.problems.append(where.error("", f"a box needs {key} (x, y, width and height, in mm)"))
        defaults = _defaults(kind, values)
        w, h = values.pop("width", 0.0), values.pop("height", 0.0)
        box = Box(name=name, kind=kind, x=values.pop("x", 0.0), y=values.pop("y", 0.0), w=w, h=h, where=where,
                  **{**defaults, **{k: v for k, v in values.items() if k != "kind"}})
        if len(self.problems) == before:  # a box with a bad field is not checked further
            self.problems.extend(_box_problems(box))
        return box

    def value(self, key: str, value: Any, where: Where) -> Any:
        try:
            return _field_value(key, value)
        except ValueError as exc:
            self.problems.append(where.error(key, str(exc)))
            return None


def _field_value(key: str, value: Any) -> Any:
    if key in LENGTHS:
        if isinstance(value, bool):
            raise ValueError(f"not a length: {value!r}")
        return _length(value)
    if key in ("rotate", "line_height"):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"{key} is a number ({'degrees clockwise' if key == 'rotate' else 'times the size'})")
        return _number(key, value)
    if key in ("bold", "italic"):
        if not isinstance(value, bool):
            raise ValueError(f"{key} is true or false")
        return value
    choices = {"align": ALIGN, "valign": VALIGN, "fit": FITS}.get(key)
    if choices is not None:
        value = "center" if value in ("centre", "middle") and key == "align" else value
        if value not in choices:
            raise ValueError(f"{value!r} is not one of {', '.join(choices)}")
        return value
    if value is None:
        return ""
    if not isinstance(value, (str, int, float)) or isinstance(value, bool):
        raise ValueError(f"{key} is text (it may name card columns in braces, e.g. '{{rank}}')")
    return str(value)


def _too_deep(what: str, first: str, things: str) -> str:
    return f"the chain of extends from {what} {first!r} passes through more than {MAX_EXTENDS_DEPTH} {things}; refusing it"


def _length(value: Any) -> float:
    """A length (``length``) no larger than any printed piece."""
    found = length(value)
    if abs(found) > MAX_LENGTH_MM:
        raise ValueError(f"{found:g} mm is out of range (a length is at most {MAX_LENGTH_MM:g} mm either way)")
    return found


def _number(key: str, value: int | float) -> float:
    """``rotate`` (degrees) or ``line_height`` (times the size): finite and in range."""
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    low, high = (-MAX_ROTATE, MAX_ROTATE) if key == "rotate" else (0.0, MAX_LINE_HEIGHT)
    if not (math.isfinite(number) and low <= number <= high) or (key == "line_height" and number == 0):
        raise ValueError(f"{key} {str(value)[:40]} is out of range (a number from {low:g} to {high:g}"
                         f"{', above 0' if key == 'line_height' else ''})")
    return number


def _defaults(kind: str, values: dict[str, Any]) -> dict[str, Any]:
    size = values.get("size", {"rank": 6.0, "text": 3.0}.get(kind, 3.0))
    out: dict[str, Any] = {"min_size": round(size * MIN_SHARE, 3)} if "min_size" not in values else {}
    if kind == "rank":
        out.update(text="{rank}", bold=True, align="center", valign="middle", size=size)
    if kind in ("rect", "circle") and "fill" not in values and "stroke" not in values:
        out["stroke"] = "#1a1a1a"
    return out


def _box_problems(box: Box) -> Iterator[ContentError]:
    if box.w <= 0 or box.h <= 0:
        yield box.where.error("width" if box.w <= 0 else "height", "a box's width and height must be more than 0")
    if box.kind in ("text", "rank"):
        if box.min_size > box.size:
            yield box.where.error("min_size", f"min_size {box.min_size:g} mm is larger than size {box.size:g} mm")
        if box.size <= 0 or box.min_size <= 0:
            yield box.where.error("size", "text needs a size above 0")
    if box.kind == "icon" and not box.icon:
        yield box.where.error("icon", "an icon box names its icon (e.g. icon: star, or icon: '{icon}')")
    if box.kind == "image" and not box.file:
        yield box.where.error("file", "an image box names its picture (file: art/dragon.png, or file: '{art}')")
