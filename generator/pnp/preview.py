"""One face, or a few, as PNGs: what ``pipworks preview`` shows a designer at once.

The picture comes from the very scene the print files draw: the face is put on a page of
its trim plus bleed (as a print shop's file holds it), rendered to PDF by the same
backend and rasterised by pdfium, so what the preview shows is what the PDF prints.
Nothing but the asked-for faces is laid out on a page, so it answers in a fraction of a
build's time.

A face is named the way the print files name it:
  * ``7``: the 7th card of the game's deck (its first card component, in the order of
    its cards file or its faces), the way a designer counts rows;
  * ``playing-cards-07`` or ``playing-cards:7``: the 7th face of that component (the
    stem of ``svg/playing-cards-07.svg``);
  * a card's name as messages give it (its ``name``, ``title`` or ``id`` column, or
    ``line 5`` for a cards file without one), or a face's title, case ignored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from ..components.base import Component
from ..layout.units import MM_PER_INCH
from ..scene import Scene

#: Pixels per inch of a preview: sharp on a screen, small on disk.
PREVIEW_DPI = 200


class NoSuchFace(ValueError):
    """A name that picks no face; the message lists what there is."""


@dataclass(frozen=True)
class Pick:
    component: Component
    index: int  # 0-based, among the component's faces
    back: bool = False

    @property
    def stem(self) -> str:
        """The file stem the print files use for this face (``svg/<stem>.svg``)."""
        return f"{self.component.id}-{'back-' if self.back else ''}{self.index + 1:02d}"


def _label(component: Component, index: int) -> str:
    """What the face is called in messages: the scene's name less the component id."""
    name = component.faces[index].front.name
    return name.split(" ", 1)[1] if name.startswith(f"{component.id} ") else name


def _deck(components: Sequence[Component]) -> Component | None:
    cards = [c for c in components if c.kind == "card"]
    return cards[0] if cards else (components[0] if components else None)


def pick_face(components: Sequence[Component], wanted: str, back: bool = False) -> Pick:
    """The face ``wanted`` names (see the module's docstring); NoSuchFace if none."""
    text = wanted.strip()
    deck = _deck(components)
    if deck is None:
        raise NoSuchFace("this game prints no components yet")
    if text.isdigit():
        return _numbered(deck, int(text), back, f"{deck.id} has")
    by_id = {c.id: c for c in components}
    parts = re.fullmatch(r"(.+?)(?:-|:)(\d+)", text)
    if parts and parts.group(1) in by_id:
        component = by_id[parts.group(1)]
        return _numbered(component, int(parts.group(2)), back, f"{component.id} has")
    folded = text.casefold()
    for component in components:
        for index, face in enumerate(component.faces):
            # the name as messages give it, with or without the game's or component's
            # word in front ("multisuit card 07", "card 07"), or the face's title
            names = (_label(component, index), face.front.name, face.front.name.partition(" ")[2], face.front.title)
            if any(n and n.casefold() == folded for n in names):
                return Pick(component, index, back)
    raise NoSuchFace(f"no face is called {wanted!r}; name one by its number in the deck (1–{len(deck.faces)}), "
                     f"as COMPONENT-NN ({', '.join(c.id for c in components)}), or by its name, e.g. "
                     f"{_label(deck, 0)!r}")


def _numbered(component: Component, number: int, back: bool, has: str) -> Pick:
    if not 1 <= number <= len(component.faces):
        raise NoSuchFace(f"{has} {len(component.faces)} face(s): choose 1–{len(component.faces)}, not {number}")
    return Pick(component, number - 1, back)


def fitted_scene(pick: Pick, ink: str = "colour") -> tuple[Scene, list[str]]:
    """The picked side as the print files in ``ink`` draw it (over-wide text shrunk by
    the same lint, text following its ground in bw) and what the lint found that would
    stop a build (type too small, text outside the safe zone, text that does not read)."""
    from .assemble import lint_face

    component = pick.component
    face = component.faces[pick.index]
    scene = face.back if pick.back else face.front
    if scene is None:
        raise NoSuchFace(f"{component.id} face {pick.index + 1} has no back")
    fitted, problems = lint_face(scene, component, ink)
    return fitted, [str(p) for p in problems]


def face_png(scene: Scene, bleed: float, dpi: int = PREVIEW_DPI) -> bytes:
    """``scene`` with its ``bleed`` as a PNG at ``dpi``, rendered as the PDF renders it."""
    from ..layout.sheet import Document
    from ..render.pdf import render_document
    from .profiles.decks import card_page
    from .profiles.raster import png_bytes, render_pages

    page = card_page(scene, bleed)
    width, height = (max(1, round(v / MM_PER_INCH * dpi)) for v in (page.width, page.height))
    data = render_document(Document(scene.title or scene.name, "Pipworks", (page,)))
    return png_bytes(next(render_pages(data, (width, height))), dpi)


def write_previews(picks: Sequence[Pick], folder: Path, dpi: int = PREVIEW_DPI, ink: str = "colour"
                   ) -> tuple[list[Path], list[str]]:
    """Each pick as ``folder/<stem>.png`` (written whole, then renamed into place), and
    the lint's findings on them."""
    from ..atomic import write_bytes

    written, problems = [], []
    for pick in picks:
        scene, found = fitted_scene(pick, ink)
        path = folder / f"{pick.stem}.png"
        write_bytes(path, face_png(scene, pick.component.bleed, dpi))
        written.append(path)
        problems += found
    return written, problems
