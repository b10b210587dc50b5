"""A game's printed components made from its layout and cards files.

A component in game.yaml that names a ``layout`` (and usually ``cards``) is laid out
here::

    components:
      - id: card
        name: playing card
        count: 12
        printed: true
        layout: card-layout.yaml   # the faces, as named boxes
        cards: cards.csv           # one row per card, with a count column

Each card's front is the layout's ``front`` face (or the face its ``face`` column
names) and its back the ``back`` face when the layout has one (or its ``back``
column). Everything is checked before anything is drawn: the files, every column a
box names, text boxes inside the safe zone, the counts adding up to the component's
count, and then every card's every box; each problem names its file, line and box.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence, TypeVar

from ..components.base import MIN_TEXT_PT, Component, Face, FaceOptions, shop_size
from ..components.palette import WHITE, palette
from ..components.suits import Shape, suit_set
from ..content.cards import CardRow, CardsFile, gather_cards
from ..content.errors import ContentError, ContentInvalid
from ..layout.boxes import Box as Area
from ..layout.imposition import gutter_for, impose
from ..layout.paper import PAPERS, PRINTER_MARGIN
from ..layout.contrast import readings
from ..layout.text import missing_glyphs
from ..layout.units import pt
from ..scene import Group, Item, Rect, Scene, Style, Text
from .assets import load_fonts, load_icons
from .draw import CardProblem, Context, _problem, box_items, colour, columns_named
from .layout import Box, Layout, Where, read_layout

FRONT, BACK = "front", "back"
#: Columns with a meaning of their own besides what boxes name.
FACE_COLUMNS = ("face", "back")
#: What drawing one component's faces may cost, counted before any is drawn (the deck of
#: the trick-taking template draws 288 boxes and 1,008 characters, a 500-card deck of 15
#: boxes 7,500 boxes; 100 text boxes on 1,000 cards took four minutes).
MAX_DRAWN_BOXES = 20_000
MAX_DRAWN_CHARS = 1_000_000
#: Names a template may use besides the card's columns.
BUILTINS = ("title", "designer", "tagline")


def laid_out(content: Any) -> list[tuple[int, Any]]:
    """(index, component) of the game's components that name a layout file."""
    return [(i, c) for i, c in enumerate(content.components) if getattr(c, "layout", None)]


def components(content: Any, options: FaceOptions, project_root: Path,
               shapes: Mapping[str, Shape] | None = None) -> Sequence[Component]:
    """The game's components laid out from data (a ``GameSpec.faces`` factory); raises
    ContentInvalid listing every problem. ``shapes``: the suit symbols the game's
    package draws (``GameSpec.symbols``), if any."""
    made, problems = _make(content, options, project_root, shapes=shapes)
    if problems:
        raise ContentInvalid(problems)
    return made


def check(game: Any, project_root: Path, shapes: Mapping[str, Shape] | None = None) -> list[ContentError]:
    """Every problem of a loaded game's data-made faces, with the default print options;
    problems found in game.yaml get its line."""
    found = _make(game.content, FaceOptions(), project_root, game.folder, shapes)[1]
    yaml_file = (game.folder / "game.yaml").resolve()
    return [game.source.error(e.path, e.message) if e.file.resolve() == yaml_file and e.line is None else e
            for e in found]


@dataclass(frozen=True)
class _Readable:
    """What the faces need of a game whose game.yaml its schema refused: the parts that
    still read (each component that reads, or None in its place)."""

    slug: str
    suits: tuple[str, ...]
    components: tuple[Any, ...]
    title: str = ""
    designer: str = ""
    tagline: str = ""

    @property
    def suit_names(self) -> tuple[str, ...]:
        return self.suits


def check_unparsed(folder: Path, project_root: Path) -> list[ContentError]:
    """The problems of the faces made from data of a game whose game.yaml did not pass
    its schema (those problems are reported already): its readable components are laid
    out all the same, so their cards and layout files' problems come in the same run."""
    from ..content.loader import read_yaml
    from ..content.record import Invalid, parse
    from ..content.schema import Component as Described

    try:
        source = read_yaml(folder / "game.yaml")
    except ContentInvalid:
        return []  # reported by the content stage
    data = source.data if isinstance(source.data, dict) else {}
    raw = data.get("components")
    described: list[Any] = []
    for entry in raw if isinstance(raw, list) else []:
        try:
            described.append(parse(Described, entry))
        except Invalid:
            described.append(None)
    suits = data.get("suits")
    words: dict[str, str] = {name: str(data.get(name) or "") for name in BUILTINS}
    readable = _Readable(folder.name, tuple(s for s in suits if isinstance(s, str)) if isinstance(suits, list) else (),
                         tuple(described), **words)
    found = _lay_out(readable, FaceOptions(), project_root.resolve(), folder.resolve())[1]
    yaml_file = (folder / "game.yaml").resolve()
    return [source.error(e.path, e.message) if e.file.resolve() == yaml_file and e.line is None else e for e in found]


_MADE: dict[tuple[Any, ...], tuple[Any, Laid]] = {}


#: What laying out a game's data-made components gives: the components, the problems
#: that stop a build.
Laid = tuple[list[Component], list[ContentError]]


def _make(content: Any, options: FaceOptions, root: Path, folder: Path | None = None,
          shapes: Mapping[str, Shape] | None = None) -> Laid:
    """Laid out once per process for the same content, options and files."""
    folder = (folder or root / "content" / content.slug).resolve()
    # every file of the game's folder, not only its layouts and cards: a layout's own
    # fonts and icons (and pictures) are files too, and serve must redraw when one changes
    stamps = _folder_stamps(folder)
    key = (id(content), options, root.resolve(), folder, stamps, tuple((shapes or {}).items()))
    cached = _MADE.get(key)
    if cached is not None and cached[0] is content:
        return cached[1]
    made = _lay_out(content, options, root.resolve(), folder, shapes)
    if len(_MADE) > 8:
        _MADE.clear()
    _MADE[key] = (content, made)
    return made


def _folder_stamps(folder: Path, limit: int = 5000) -> tuple[tuple[str, int], ...]:
    """(path, mtime) of the files under ``folder`` (at most ``limit``: a bigger folder is
    stamped by its first ``limit`` files in name order)."""
    found = []
    for path in sorted(folder.rglob("*"))[:limit]:
        if path.is_file():
            found.append(_stamp(path))
    return tuple(found)


def _stamp(path: Path) -> tuple[str, int]:
    try:
        return str(path), path.stat().st_mtime_ns
    except OSError:
        return str(path), 0


def _lay_out(content: Any, options: FaceOptions, root: Path, folder: Path,
             shapes: Mapping[str, Shape] | None = None) -> Laid:
    made: list[Component] = []
    problems: list[ContentError] = []
    ctx = context(content, options, folder, root, shapes)
    for index, component in laid_out(content):
        try:
            made.append(_component(content, index, component, options, ctx))
        except ContentInvalid as exc:
            problems.extend(exc.errors)
    return made, _unique(problems)


def context(content: Any, options: FaceOptions, folder: Path, root: Path,
            shapes: Mapping[str, Shape] | None = None) -> Context:
    """What drawing a game's boxes needs: its folder, project, suits, ink, the names a
    template may use ({title}...) and the game's palette colours. ``shapes``: the
    suit symbols the game's package draws (``GameSpec.symbols``), if any."""
    pal = palette(content.slug, options.ink, suit_set(content.suits, shapes or {}))
    colours = {"accent": pal.accent, "accent-tint": pal.accent_tint, "text": pal.text, "line": pal.line,
               "paper": pal.paper, "faint": pal.faint, "on-accent": pal.text if pal.bw else WHITE}
    return Context(folder, root.resolve(), content.suit_names, options.ink,
                   {name: str(getattr(content, name, "") or "") for name in BUILTINS}, colours, pal.suits)


def _unique(problems: list[ContentError]) -> list[ContentError]:
    return list(dict.fromkeys(problems))


def _file(ctx: Context, content: Any, index: int, name: str) -> Path:
    """A file named by component ``index``'s field ``name``, inside the project."""
    rel = getattr(content.components[index], name)
    target = (ctx.folder / rel).resolve()
    where = (Path(ctx.folder) / "game.yaml", ("components", index, name))
    if not target.is_relative_to(ctx.project):
        raise ContentInvalid([ContentError(where[0], None, where[1], f"path {rel!r} leaves the project; refusing it")])
    if not target.is_file():
        raise ContentInvalid([ContentError(where[0], None, where[1], f"file {rel!r} does not exist")])
    return target


def _component(content: Any, index: int, component: Any, options: FaceOptions, ctx: Context,
) -> Component:
    """The component drawn card by card; raises ContentInvalid with every problem of
    its layout, its cards file, its count and every card's every box, all at once: a
    problem in one file does not hide those in the other."""
    problems: list[ContentError] = []
    layout = _read(problems, lambda: read_layout(_file(ctx, content, index, "layout")))
    assets_read = True
    if layout is not None:  # its own fonts and icons: a box drawn without them would mislead
        before = len(problems)
        ctx = _read(problems, lambda: _with_assets(layout, ctx)) or ctx
        assets_read = len(problems) == before
    found = _read(problems, lambda: gather_cards(_file(ctx, content, index, "cards"), getattr(component, "sheet", None))
                  ) if component.cards else None
    cards, unread = found if found is not None else (None, [])
    problems.extend(unread)
    if cards is not None and not unread and cards.total != component.count:  # not after a card went unread
        problems.append(ContentError(ctx.folder / "game.yaml", None, ("components", index, "count"),
                                     f"{component.name}: count is {component.count}, but {cards.path.name} makes "
                                     f"{cards.total} cards ({_copies_said(cards)})"))
    if layout is None or (component.cards and cards is None) or not assets_read:
        raise ContentInvalid(problems)
    rows = cards.rows if cards is not None else (CardRow({}, component.count, layout.path, 1),)
    own = layout.card_size(options.card_size)
    # At a print shop the card is cut at the shop's size for it: boxes drawn for the
    # card's own size stretch to it, as they do for ``drawn_for`` (a 63 × 88 mm insert
    # prints as a 63.5 × 88.9 mm poker card). A size the shop lacks stays as it is; the
    # export names it.
    size = (shop_size(own, options.shop_sizes) or own) if layout.kind == "card" and options.shop_sizes else own
    drawn_for = layout.drawn_for or own
    problems.extend(_layout_problems(layout, set(cards.columns) if cards is not None else set(),
                                     cards.path.name if cards is not None else "no cards file",
                                     drawn_for, layout.safe))
    bad_rows = list(_row_problems(layout, rows))
    problems.extend(bad_rows)
    bleed = options.bleed if layout.bleed is None else layout.bleed
    try:  # drawing a deck that would take minutes, or print on no paper, is not tried
        _check_work(layout, rows, cards.path if cards is not None else layout.path)
        _check_fits_paper(layout, size, bleed)
    except ContentInvalid as exc:
        raise ContentInvalid(problems + exc.errors) from None
    faces = []
    skipped = {(e.file, e.line) for e in bad_rows}
    for row in rows:
        if row.count == 0 or (row.file, row.line) in skipped:
            continue
        try:
            drawn = _face(layout, row, size, bleed, ctx, component.id, drawn_for)
        except CardProblem as exc:
            problems.append(exc.error)
            continue
        faces.append(drawn)
        problems.extend(_print_problems(layout, row, drawn))
        # Colour text too faint against its ground: the colour build's lint refuses it
        # too, so validate names it at the card's line and box (bw text is made to read).
        problems.extend(_low_contrast(layout, row, drawn) if ctx.ink == "colour" else ())
    if problems:
        raise ContentInvalid(problems)
    return Component(id=component.id, name=component.name, kind=layout.kind, faces=tuple(faces), trim=size,
                     bleed=bleed, safe=layout.safe)


T = TypeVar("T")


def _read(problems: list[ContentError], read: Callable[[], T]) -> T | None:
    """What ``read`` returns, or None with its problems added to ``problems``."""
    try:
        return read()
    except ContentInvalid as exc:
        problems.extend(exc.errors)
        return None


def _copies_said(cards: CardsFile) -> str:
    """How a cards file says its copies, for the count's message: a designer whose
    column is called something else learns that it was not read."""
    if cards.copies_column is not None:
        return f"the sum of its {cards.copies_column} column"
    return ("it has no count, qty or copies column, so one of each row; columns: "
            + ", ".join(cards.columns))


def _print_problems(layout: Layout, row: CardRow, drawn: Face) -> Iterator[ContentError]:
    """What the print lint would refuse in a card's text, found here so that ``validate``
    names the card and the box (the lint, run when the print files are made, knows only
    the drawing): a character the font lacks, type shrunk below the smallest a card
    may carry."""
    for face, scene in _sides(layout, row, drawn):
        boxes = {f"box {box.name}": box for box in layout.faces[face].boxes}
        for item in _texts(scene.items):
            box = boxes.get(item.name)
            if box is None:
                continue
            # a designer's own font is checked as the card is drawn, naming the font
            for ch in () if item.font else missing_glyphs(item.text, item.bold, item.italic):
                yield _problem(box, row, "text", f"character {ch!r} (U+{ord(ch):04X}) is not in the shipped font"
                               ).error
            if pt(item.size) < MIN_TEXT_PT - 1e-6:
                yield _problem(box, row, "min_size", f"card {row.label!r}: the text shrinks to {pt(item.size):.1f} pt "
                                                     f"to fit; printed type needs at least {MIN_TEXT_PT:g} pt "
                                                     "(shorten it, enlarge the box or raise min_size)").error


def _low_contrast(layout: Layout, row: CardRow, drawn: Face) -> Iterator[ContentError]:
    """One problem per card and box: its text's worst reading."""
    for face, scene in _sides(layout, row, drawn):
        boxes = {f"box {box.name}": box for box in layout.faces[face].boxes}
        worst: dict[str, Any] = {}
        for reading in readings(scene):
            name = reading.text.name
            if reading.low and name in boxes and (name not in worst or reading.ratio < worst[name].ratio):
                worst[name] = reading
        for name, reading in worst.items():
            yield _problem(boxes[name], row, "colour", f"card {row.label!r}: {reading.message()}").error


def _sides(layout: Layout, row: CardRow, drawn: Face) -> Iterator[tuple[str, Scene]]:
    """(face name, scene) of a card's front and back as drawn."""
    front_name = row.values.get("face") or FRONT
    back_name = row.values.get("back") or (BACK if BACK in layout.faces else "")
    for face, scene in ((front_name, drawn.front), (back_name, drawn.back)):
        if scene is not None and face in layout.faces:
            yield face, scene


def _texts(items: tuple[Item, ...]) -> Iterator[Text]:
    for item in items:
        if isinstance(item, Group):
            yield from _texts(item.children)
        elif isinstance(item, Text):
            yield item


def fixed_sizes(content: Any, project_root: Path) -> list[tuple[Any, Layout]]:
    """(component, layout) of each card the game lays out from a layout file, for
    ``--size``: a layout that gives its ``size`` fixes the card at it. A layout that cannot
    be read is left to the build, which names its problems."""
    folder = project_root / "content" / content.slug
    found = []
    for _, component in laid_out(content):
        try:
            layout = read_layout(folder / component.layout)
        except (ContentInvalid, OSError):
            continue
        if layout.kind == "card":
            found.append((component, layout))
    return found


def _with_assets(layout: Layout, ctx: Context) -> Context:
    """``ctx`` with the layout's own fonts and icons read; raises ContentInvalid naming
    each file that cannot be used, at its line."""
    if not layout.fonts and not layout.icons:
        return ctx
    fonts, font_problems = load_fonts(layout, ctx.folder, ctx.project)
    icons, icon_problems = load_icons(layout, ctx.folder, ctx.project)
    if font_problems or icon_problems:
        raise ContentInvalid(font_problems + icon_problems)
    return replace(ctx, fonts=fonts, icons=icons)


def _check_work(layout: Layout, rows: Sequence[CardRow], path: Path) -> None:
    """Refuse a deck whose drawing would take minutes, before drawing any of it: each box
    of each card costs time, and each character of text more (text is laid out again at
    each size it tries while shrinking to fit)."""
    boxes = chars = 0
    for row in rows:
        if row.count == 0:
            continue
        for face in (row.values.get("face") or FRONT, row.values.get("back") or (BACK if BACK in layout.faces else "")):
            for box in layout.faces[face].boxes if face in layout.faces else ():
                boxes += 1
                if box.kind in ("text", "rank"):
                    chars += len(box.text) + sum(len(row.values.get(c, "")) for c in columns_named(box.text))
    for what, used, most in (("boxes", boxes, MAX_DRAWN_BOXES), ("characters of text", chars, MAX_DRAWN_CHARS)):
        if used > most:
            raise ContentInvalid([ContentError(path, None, (), (
                f"its cards would draw {used:,} {what} with {layout.path.name}; one component may draw at most "
                f"{most:,} (fewer cards, boxes or words); refusing it"))])


def _check_fits_paper(layout: Layout, size: tuple[float, float], bleed: float) -> None:
    """Cards and tokens are printed several to a page: one that fits on no page (A4 or
    Letter, inside the printer's margin) is refused here, with its line, not when the
    sheets are laid out. Boards and sheets larger than a page are printed in tiles."""
    if layout.kind not in ("card", "token"):
        return
    gutter = gutter_for(bleed) if layout.kind == "token" else 0.0
    for paper in PAPERS.values():
        try:
            impose(paper, size[0], size[1], bleed, gutter)
        except ValueError:
            raise ContentInvalid([ContentError(layout.path, layout.size_line or None, ("size",), (
                f"a {size[0]:g} × {size[1]:g} mm {layout.kind} with {bleed:g} mm bleed does not fit on {paper.label} "
                f"paper inside the {PRINTER_MARGIN:g} mm printer margin; make it smaller, or kind: board "
                "(printed in tiles)"))]) from None


def _face(layout: Layout, row: CardRow, size: tuple[float, float], bleed: float, ctx: Context,
          component: str, drawn: tuple[float, float]) -> Face:
    front_name = row.values.get("face") or FRONT
    back_name = row.values.get("back") or (BACK if BACK in layout.faces else "")
    front = draw_face(layout, front_name, row, size, bleed, ctx, f"{component} {row.label}", drawn=drawn)
    # Backs are named by face, not card: cards sharing a back print one back file.
    back = (draw_face(layout, back_name, row, size, bleed, ctx, f"{component} {back_name}", drawn=drawn)
            if back_name else None)
    return Face(front=front, back=back, copies=row.count)


def draw_face(layout: Layout, face: str, row: CardRow, size: tuple[float, float], bleed: float, ctx: Context,
              name: str, title: str = "", drawn: tuple[float, float] | None = None) -> Scene:
    """Face ``face`` of ``layout`` filled in for the card ``row``, ``size`` mm with its
    ground out to ``bleed``, its boxes stretched from ``drawn`` (default: the layout's
    ``drawn_for``); raises CardProblem naming the card and the box."""
    items: list[Item] = []
    for box in _fitted_boxes(layout, face, size, drawn or layout.drawn_for):
        items.extend(box_items(box, row, ctx))
    ground = layout.faces[face].ground
    if ground and ctx.ink != "bw":  # no full-bleed fills in the ink-saving build
        paint = _ground_colour(layout, face, row, ctx)
        if paint is not None:
            full = Rect(-bleed, -bleed, size[0] + 2 * bleed, size[1] + 2 * bleed, Style(fill=paint, stroke=None))
            items.insert(0, full)
    return Scene(name=name, width=size[0], height=size[1], items=tuple(items), title=title)


def _fitted_boxes(layout: Layout, face: str, size: tuple[float, float], drawn: tuple[float, float] | None
                  ) -> tuple[Box, ...]:
    """The face's boxes on a card of ``size``: as drawn, or, when the layout was drawn for
    another card size, stretched to it (each box keeps its place relative to the card's
    edges). Text keeps its size and shrinks to fit its stretched box, down to its
    ``min_size``, as it does for a long name; suits, icons and circles stay round."""
    boxes = layout.faces[face].boxes
    if drawn is None or drawn == size:
        return boxes
    sx, sy = size[0] / drawn[0], size[1] / drawn[1]
    line = min(sx, sy)
    return tuple(replace(box, x=round(box.x * sx, 4), y=round(box.y * sy, 4), w=round(box.w * sx, 4),
                         h=round(box.h * sy, 4), stroke_width=round(box.stroke_width * line, 4),
                         radius=round(box.radius * line, 4)) for box in boxes)


def _ground_colour(layout: Layout, face: str, row: CardRow, ctx: Context) -> str | None:
    """The colour a face's ``ground`` names, for this card (a bad one is named at its line)."""
    named = layout.faces[face]
    line = named.ground_line or named.line
    where = Where(layout.path, ("faces", face, "ground"), line)
    try:
        return colour(Box("ground", "rect", 0, 0, 1, 1, where, fill=named.ground), row, ctx, "fill", None)
    except CardProblem as exc:
        if exc.error.file != layout.path:  # the ground names a card's column: the card's line
            raise
        raise CardProblem(ContentError(layout.path, line, ("faces", face, "ground"), exc.error.message)) from None


def shipped_layout(project_root: Path, slug: str, name: str) -> Path:
    """A layout file of a game Pipworks ships: the project's own copy, else Pipworks' own
    (a project made before the game's faces were data still builds)."""
    from .. import shipped_root

    for root in (project_root, shipped_root()):
        path = root / "content" / slug / name
        if path.is_file():
            return path
    raise FileNotFoundError(f"content/{slug}/{name} is missing from {project_root} and from Pipworks")


def check_layout(layout: Layout, columns: set[str], source: str, size: tuple[float, float]) -> None:
    """Raise ContentInvalid when a box names a column the cards lack or text leaves the
    safe zone: what a game wiring a layout to its own rows checks before drawing."""
    problems = list(_layout_problems(layout, columns, source, layout.drawn_for or size, layout.safe))
    if problems:
        raise ContentInvalid(problems)


# -- checks before drawing -------------------------------------------------------------


def _layout_problems(layout: Layout, columns: set[str], source: str, size: tuple[float, float], safe: float
                     ) -> Iterator[ContentError]:
    inside = Area(0.0, 0.0, size[0], size[1]).inset(safe)
    for face in layout.faces.values():
        for box in face.boxes:
            for field, template in box.templates().items():
                for column in columns_named(template):
                    if column not in columns and column not in BUILTINS:
                        yield box.where.error(field, f"names column {column!r}, which {source} does not have "
                                                     f"(columns: {', '.join(sorted(columns)) or 'none'})")
            if box.kind in ("text", "rank") and not inside.contains(_extent(box), tolerance=1e-6):
                yield box.where.error("", f"a {box.kind} box must lie inside the {safe:g} mm safe zone "
                                          f"({inside.x:g}..{inside.right:g} × {inside.y:g}..{inside.bottom:g} mm); "
                                          f"it covers {_span(_extent(box))}")


def _extent(box: Box) -> Area:
    """The box as it lands on the card, turned about its centre by ``rotate``."""
    if not box.rotate % 180:
        return Area(box.x, box.y, box.w, box.h)
    rad = math.radians(box.rotate)
    cos, sin = abs(math.cos(rad)), abs(math.sin(rad))
    w, h = box.w * cos + box.h * sin, box.w * sin + box.h * cos
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    return Area(cx - w / 2, cy - h / 2, w, h)


def _span(area: Area) -> str:
    return f"{area.x:g}..{area.right:g} × {area.y:g}..{area.bottom:g} mm"


def _row_problems(layout: Layout, rows: Sequence[CardRow]) -> Iterator[ContentError]:
    faces = ", ".join(layout.faces)
    for row in rows:
        front = row.values.get("face") or FRONT
        if front not in layout.faces:
            column = "face" if row.values.get("face") else ""
            yield row.error(column, f"card {row.label!r}: the layout {layout.path.name} has no face {front!r} "
                                    f"(faces: {faces})")
        back = row.values.get("back")
        if back and back not in layout.faces:
            yield row.error("back", f"card {row.label!r}: the layout {layout.path.name} has no face {back!r} (faces: {faces})")
