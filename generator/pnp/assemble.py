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
from ..components.base import Component
from ..layout.boxes import Box
from ..layout.imposition import label_bands
from ..layout.lint import LayoutError, Problem, lint_scene
from ..layout.paper import Paper, paper as paper_named
from ..layout.sheet import Document, Page, Placement, place
from ..scene import Scene
from .boards import board_pages
from .cover import Entry, cover_blocks, cover_page
from .draft import Draft
from .marks import page_label, scale_checks
from .options import PnpOptions
from .sheets import calibration_pages, card_pages, expand, sheet_plan

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


def _lint_scene(scene: Scene, component: Component, problems: list[Problem]) -> Scene:
    fitted = _lint_face(scene, component, problems)
    assert fitted is not None
    return fitted


def _lint_face(scene: Scene | None, component: Component, problems: list[Problem]) -> Scene | None:
    if scene is None:
        return None
    w, h = component.trim
    fitted, found = lint_scene(scene, f"{component.name} [{scene.name}]", Box(0.0, 0.0, w, h).inset(component.safe))
    problems.extend(found)
    return fitted


def lint_components(components: list[Component]) -> list[Component]:
    """Components with over-wide text shrunk; raises LayoutError listing every problem."""
    problems: list[Problem] = []
    fitted = []
    for component in components:
        faces = tuple(replace(face, front=_lint_scene(face.front, component, problems),
                              back=_lint_face(face.back, component, problems)) for face in component.faces)
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


def _drafts(components: list[Component], paper: Paper, options: PnpOptions) -> list[tuple[list[Component], list[Draft]]]:
    out = []
    for gang in gangs(components):
        merged = _merged(gang)
        if merged.kind in IMPOSED:
            names = [c.name for c in gang for _ in expand(c)]
            out.append((gang, card_pages(merged, paper, options.backs, options.back_offset, names)))
        else:
            out.append((gang, board_pages(merged, paper)))
    return out


def _has_backs(components: list[Component]) -> bool:
    return any(face.back is not None for c in components if c.kind in IMPOSED for face in c.faces)


def _pages_text(first: int, count: int) -> str:
    return f"page {first}" if count == 1 else f"pages {first}–{first + count - 1}"


def _cover(game: Any, components: list[Component], groups: list[tuple[list[Component], list[Draft]]], paper: Paper,
           options: PnpOptions, version: str, first_page: int) -> Draft:
    entries = []
    page = first_page
    for gang, drafts in groups:
        per_sheet, pages_per_sheet = (sheet_plan(_merged(gang), paper, options.backs) if gang[0].kind in IMPOSED
                                      else (len(expand(gang[0])), len(drafts)))
        start = 0
        for component in gang:
            count = len(expand(component))
            first_sheet, last_sheet = start // per_sheet, (start + count - 1) // per_sheet
            first = page + first_sheet * pages_per_sheet
            pages = (last_sheet - first_sheet + 1) * pages_per_sheet
            w, h = component.trim
            entries.append(Entry(count, component.name, f"{w:g} × {h:g} mm", _pages_text(first, pages), component.assembly))
            start += count
        page += len(drafts)
    extras = [f"{c.count} × {c.name}" + (f" (per player: {c.per_player})" if c.per_player else "")
              for c in game.components if not c.printed]
    notes = []
    if _has_backs(components):
        notes.append({
            "duplex-long": "Card backs follow their fronts: print double-sided, flip on the long edge. "
                           "Print the calibration sheet first and use --back-offset if backs land off-centre.",
            "duplex-short": "Card backs follow their fronts: print double-sided, flip on the short edge. "
                            "Print the calibration sheet first and use --back-offset if backs land off-centre.",
            "fold": "Print single-sided. Cut out each front-and-back pair, fold on the dashed line, glue, then trim.",
            "none": "Fronts only: slide each card into an opaque sleeve in front of any card.",
        }[options.backs])
    if any(c.kind in IMPOSED for c in components):
        notes.append("Cut along the crop marks from edge to edge: cards share their cut lines.")
    if any(c.kind == "card" for c in components):
        notes.append("Sleeve inserts slide in front of an ordinary playing card in an opaque-backed sleeve.")
    files = [f"{options.pnp_name(game.slug).replace('-' + options.paper, '-a4', 1)}: this kit on A4 paper",
             f"{options.pnp_name(game.slug).replace('-' + options.paper, '-letter', 1)}: this kit on US Letter paper"]
    if any(c.kind == "card" for c in components):
        files.append(f"{options.pod_name(game.slug)}: one card per page with bleed, for print-on-demand services")
    files.append("svg/: every face as a separate SVG, for editing")
    blocks = cover_blocks(game.title, game.designer, game.tagline, version, paper, entries, extras, notes, files)
    return cover_page(paper, blocks)


def _band_cells(draft: Draft, band: Box, rotated: bool) -> tuple[float, ...]:
    if rotated:
        return tuple(sorted(band.bottom - y for y in draft.cut_ys))
    return tuple(x - band.x for x in draft.cut_xs)


def _label(draft: Draft, paper: Paper, title: str, number: int, total: int, version: str) -> Page:
    layers = list(draft.layers)
    if draft.labelled:
        bands = label_bands(paper, draft.content)
        parts = (f"{title}: {draft.component}", f"page {number} of {total} · {paper.label} · v{version}",
                 "print at 100% / actual size")
        layers.append(Placement((page_label(bands.text, bands.rotated, parts, _band_cells(draft, bands.text, bands.rotated)),)))
        layers.append(Placement((scale_checks(bands.scale, bands.rotated),)))
    return Page(paper.width, paper.height, tuple(layers))


def pnp_document(game: Any, components: list[Component], options: PnpOptions) -> Document:
    """The player's kit for one paper size: cover, calibration (if duplex), components."""
    paper = paper_named(options.paper)
    version = options.version or __version__
    calibration: list[Draft] = []
    if _has_backs(components) and options.backs in ("duplex-long", "duplex-short"):
        calibration = calibration_pages(paper, options.backs.split("-")[1])
    groups = _drafts(components, paper, options)
    cover = _cover(game, components, groups, paper, options, version, 2 + len(calibration))
    drafts = [cover, *calibration, *(d for _, group in groups for d in group)]
    pages = tuple(_label(d, paper, game.title, i + 1, len(drafts), version) for i, d in enumerate(drafts))
    author = game.designer or "Pipworks"
    return Document(f"{game.title}: print-and-play ({paper.label})", author, pages, subject=f"version {version}")


def pod_document(game: Any, components: list[Component], options: PnpOptions) -> Document | None:
    """One card per page, page = bleed box, TrimBox and BleedBox set; back before front
    (the order DriveThruCards asks for). None when the game has no cards."""
    pages = []
    for component in components:
        if component.kind != "card":
            continue
        w, h = component.trim
        bleed = max(component.bleed, options.bleed)
        trim = Box(bleed, bleed, w, h)
        page_box = trim.inset(-bleed)
        for front, back in expand(component):
            for scene in (back, front):
                if scene is not None:
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
