"""A game's print-and-play kit: components → lint → pages → PDF and SVG files.

``build_kit`` is what both ``pipworks pnp`` and ``pipworks build`` call. Everything is
checked (glyphs, safe zone) before the first byte is written, and each file is written
atomically, so a failed build never leaves a half-written PDF behind.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from .. import __version__
from ..components import pieces
from ..components.base import Component
from ..components.palette import palette
from ..layout.boxes import Box
from ..layout.contrast import readable, readings
from ..layout.lint import LayoutError, Problem, lint_scene, small_print
from ..layout.paper import Paper, paper as paper_named
from ..layout.sheet import Document, Page, Placement, place
from ..scene import Scene
from .boards import board_pages
from .calibration import calibration_sheet
from .cover import Entry, Printing, cover_blocks, cover_page, how_to_print, pages_phrase
from .draft import Sheet
from .options import KitFiles, PnpOptions
from .pages import sheet_pages
from .sheets import FLIPS, card_sheets, expand

IMPOSED = ("card", "token")


class NoLayouts(LookupError):
    """The game has no component layouts yet."""


def load_components(game: Any, options: PnpOptions, project_root: Path) -> list[Component]:
    """The game's components, laid out by its package's faces or from its layout and
    cards files (see ``generator.games.faces_for``)."""
    from ..games import faces_for

    faces = faces_for(game.slug, game)
    if faces is None:
        raise NoLayouts(f"no component layouts for {game.slug!r}")
    return list(faces(game, options.face_options(), project_root))


def _lint_scene(scene: Scene, component: Component, problems: list[Problem], ink: str) -> Scene:
    fitted = _lint_face(scene, component, problems, ink)
    assert fitted is not None
    return fitted


def _lint_face(scene: Scene | None, component: Component, problems: list[Problem], ink: str) -> Scene | None:
    if scene is None:
        return None
    fitted, found = lint_face(scene, component, ink)
    problems.extend(found)
    return fitted


def lint_face(scene: Scene, component: Component, ink: str) -> tuple[Scene, list[Problem]]:
    """One face as the print files draw it (over-wide text shrunk; in ``bw`` text set to
    read against what it now sits on) and every problem that stops a build."""
    w, h = component.trim
    where = f"{component.name} [{scene.name}]"
    fitted, problems = lint_scene(scene, where, Box(0.0, 0.0, w, h).inset(component.safe))
    problems.extend(small_print(fitted, where, component.min_text_pt))
    if ink == "bw":
        # The ink-saving build drops coloured fills: a title set white on a band would
        # be white on white. Text follows what it now sits on.
        fitted = readable(fitted)
    # In either ink, text that reads too faintly against what lies under it (WCAG 2)
    # fails the build, naming card and box: in colour the designer's colours print as
    # chosen, so a low pair is theirs to change.
    problems.extend(Problem(where, reading.text.name or reading.text.text, reading.message())
                    for reading in readings(fitted) if reading.low)
    return fitted, problems


def lint_components(components: list[Component], ink: str = "colour") -> list[Component]:
    """Components with over-wide text shrunk; raises LayoutError listing every problem:
    text outside the safe zone, glyphs the font lacks, type below the piece's minimum,
    and in the ink-saving ``bw`` build text that does not stand out from what lies
    under it (WCAG 2 contrast: :mod:`generator.layout.contrast`)."""
    problems: list[Problem] = []
    fitted = []
    for component in components:
        faces = tuple(replace(face, front=_lint_scene(face.front, component, problems, ink),
                              back=_lint_face(face.back, component, problems, ink)) for face in component.faces)
        fitted.append(replace(component, faces=faces))
    if problems:
        raise LayoutError(problems)
    return fitted


def _gang_key(component: Component) -> tuple:
    has_backs = any(face.back is not None for face in component.faces)
    return component.kind, component.trim, component.bleed, component.safe, has_backs


def gangs(components: list[Component]) -> list[list[Component]]:
    """Components that share sheets: cards (or tokens) of one size, bleed and backs go
    together, so three one-off reference cards take one sheet, not three. Boards and
    sheets stay alone. Order follows each gang's first component."""
    groups: dict[tuple, list[Component]] = {}
    order: list[list[Component]] = []
    for component in components:
        if component.kind not in IMPOSED:
            order.append([component])
            continue
        key = _gang_key(component)
        if key not in groups:
            groups[key] = []
            order.append(groups[key])
        groups[key].append(component)
    return order


def _merged(gang: list[Component]) -> Component:
    if len(gang) == 1:
        return gang[0]
    first = gang[0]
    faces = tuple(face for component in gang for face in component.faces)
    return replace(first, id="+".join(c.id for c in gang), name=", ".join(c.name for c in gang), faces=faces)


def _sheets(components: list[Component], paper: Paper, options: PnpOptions) -> list[Sheet]:
    out: list[Sheet] = []
    for gang in gangs(components):
        merged = _merged(gang)
        if merged.kind in IMPOSED:
            names = [c.name for c in gang for _ in expand(c)]
            out.extend(card_sheets(merged, paper, options.backs, options.back_offset, names))
        else:
            out.extend(Sheet(draft) for draft in board_pages(merged, paper))
    return out


def _has_backs(components: list[Component]) -> bool:
    return any(face.back is not None for c in components if c.kind in IMPOSED for face in c.faces)


def _printing(sheets: list[Sheet], flip: str, cover_back: bool) -> Printing:
    """Which pages each way of printing needs; ``sheets`` follow the cover (sheet 0)."""
    single: list[int] = [1, 2] if cover_back else [1]
    cards: list[int] = []
    fronts: list[int] = []
    for n, sheet in enumerate(sheets, start=1):
        page = 2 * n + 1
        if not sheet.calibration:
            single += [page] + ([page + 1] if sheet.back is not None else [])
        if sheet.cards:
            cards += [page, page + 1]
            fronts.append(page)
    glue = any(s.back is not None and s.cards for s in sheets)
    return Printing(2 * (len(sheets) + 1), flip, single, cards, fronts, glue)


def _entries(components: list[Component], sheets: list[Sheet], first: int) -> list[Entry]:
    entries = []
    for component in components:
        pages = []
        for n, sheet in enumerate(sheets, start=first):
            if component.name in sheet.front.names:
                pages += [2 * n + 1] + ([2 * n + 2] if sheet.back is not None else [])
        w, h = component.trim
        entries.append(Entry(len(expand(component)), component.name, f"{w:g} × {h:g} mm", pages_phrase(pages),
                             component.assembly))
    return entries


def _also_needed(game: Any) -> list[str]:
    """What to bring that the kit does not print: a deck counts its cards, dice their number."""
    lines = []
    for c in game.components:
        if c.printed:
            continue
        name = c.name[:1].upper() + c.name[1:]
        if getattr(c, "per_suit", None):
            lines.append(f"{name}: {c.count} cards")
        else:
            lines.append(f"{c.count} × {name}" + (f" ({c.per_player} per player)" if c.per_player else ""))
    return lines


def _notes(components: list[Component], options: PnpOptions, calibration: str) -> list[str]:
    notes = []
    if _has_backs(components):
        notes.append({
            "duplex-long": f"Card backs print on the reverse of their fronts. Print the duplex check ({calibration}) "
                           "first: it shows whether your printer puts the backs where they belong.",
            "duplex-short": f"Card backs print on the reverse of their fronts. Print the duplex check ({calibration}) "
                            "first: it shows whether your printer puts the backs where they belong.",
            "fold": "Cut out each front-and-back pair, fold it on the dashed line, glue, then trim.",
            "none": "Fronts only: slide each card into an opaque sleeve in front of any card.",
        }[options.backs])
    kinds = {c.kind for c in components}
    if "card" in kinds:
        notes.append("Cut along the crop marks from edge to edge: cards share their cut lines. Where a mark crosses "
                     "coloured art it turns white, up to the card's edge.")
    if "token" in kinds:
        notes.append("Round pieces: cut the square their crop marks show, then cut round inside it.")
    if any(c.sleeve_insert for c in components):
        notes.append("Sleeve inserts slide in front of an ordinary playing card in an opaque-backed sleeve.")
    return notes


def _file_lines(slug: str, components: list[Component], options: PnpOptions, written: KitFiles) -> list[str]:
    """The cover's "Other files": the ones this build writes (named as ``build_kit``
    names them), so a variant's cover never points at a file of another build."""
    labels = {"a4": "A4 paper", "letter": "US Letter paper"}
    lines = [f"{replace(options, paper=p).pnp_name(slug)}: this kit on {labels.get(p, p)}" for p in written.papers]
    if written.pod and any(c.kind == "card" for c in components):
        lines.append(f"{options.pod_name(slug)}: one card per page with bleed, for print-on-demand services")
    if written.svg:
        lines.append(f"{options.svg_folder()}/: every face as a separate SVG, for editing")
    return lines


def _cover(game: Any, components: list[Component], sheets: list[Sheet], paper: Paper, options: PnpOptions,
           version: str, written: KitFiles) -> Sheet:
    """The cover, sheet 0: the kit's contents and the pages to print for each way of printing."""
    flip = "short" if options.backs == "duplex-short" else "long"
    checks = [2 * n + 1 for n, s in enumerate(sheets, start=1) if s.calibration]
    calibration = pages_phrase([checks[0], checks[0] + 1]) if checks else ""
    files = _file_lines(game.slug, components, options, written)
    front, back = None, None
    for cover_back in (False, True):  # a cover too long for one page runs on overleaf
        printing = how_to_print(_printing(sheets, flip, cover_back), paper)
        blocks = cover_blocks(game.title, game.designer, game.tagline, version, paper, _entries(components, sheets, 1),
                              _also_needed(game), printing, _notes(components, options, calibration), files)
        front, back = cover_page(paper, blocks)
        if back is None:
            break
    assert front is not None
    return Sheet(front, back)


def pnp_document(game: Any, components: list[Component], options: PnpOptions,
                 written: KitFiles = KitFiles()) -> Document:
    """The player's kit for one paper size: cover, duplex check (if duplex), components;
    two pages a sheet, so the whole file prints double-sided as it should."""
    paper = paper_named(options.paper)
    version = options.version or __version__
    sheets: list[Sheet] = []
    if _has_backs(components) and options.backs in FLIPS:
        sheets.append(calibration_sheet(paper, FLIPS[options.backs]))
    sheets += _sheets(components, paper, options)
    sheets.insert(0, _cover(game, components, sheets, paper, options, version, written))
    flip = "short" if options.backs == "duplex-short" else "long"
    pages = tuple(sheet_pages(sheets, paper, game.title, version, flip))
    author = game.designer or "Pipworks"
    return Document(f"{game.title}: print-and-play ({paper.label})", author, pages, subject=f"version {version}")


def pod_document(game: Any, components: list[Component], options: PnpOptions) -> Document | None:
    """One card per page, page = bleed box, TrimBox and BleedBox set; every card's back
    before its front (the order DriveThruCards asks for). Cards the game gives no back
    get a plain one with the game's title, so the file is back, front throughout.
    None when the game has no cards."""
    pages = []
    for component in components:
        if component.kind != "card":
            continue
        w, h = component.trim
        bleed = max(component.bleed, options.bleed)
        trim = Box(bleed, bleed, w, h)
        page_box = trim.inset(-bleed)
        plain = pieces.plain_back(game, component.trim, bleed, palette(game.slug, options.face_ink))
        for front, back in expand(component):
            for scene in (back or plain, front):
                layer = Placement((place(scene, bleed, bleed),), page_box)
                pages.append(Page(page_box.w, page_box.h, (layer,), trim=trim, bleed=page_box))
    if not pages:
        return None
    version = options.version or __version__
    return Document(f"{game.title}: cards for print on demand", game.designer or "Pipworks", tuple(pages),
                    subject=f"version {version}")


def face_files(components: list[Component]) -> list[tuple[str, Scene, float]]:
    """(file name, scene, bleed) for every distinct face: fronts numbered, backs deduplicated."""
    files: list[tuple[str, Scene, float]] = []
    for component in components:
        backs: list[Scene] = []
        for number, face in enumerate(component.faces, start=1):
            files.append((f"{component.id}-{number:02d}.svg", face.front, component.bleed))
            if face.back is not None and face.back not in backs:
                backs.append(face.back)
                files.append((f"{component.id}-back-{len(backs):02d}.svg", face.back, component.bleed))
    return files
