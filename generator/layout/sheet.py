"""Pages as data: what goes where on a printed page, before any backend draws it."""

from __future__ import annotations


from ..scene import Group, Item, Scene
from .boxes import Box
from ..scene import frozen


@frozen
class Placement:
    """Items in page coordinates (mm), painted only inside ``clip`` when given."""

    items: tuple[Item, ...]
    clip: Box | None = None


@frozen
class Page:
    width: float
    height: float
    layers: tuple[Placement, ...]
    #: print-on-demand boxes (page coordinates, mm); None on ordinary sheets.
    trim: Box | None = None
    bleed: Box | None = None


@frozen
class Document:
    title: str
    author: str
    pages: tuple[Page, ...]
    subject: str = ""


def place(scene: Scene, x: float, y: float, rotate: int = 0) -> Group:
    """``scene`` with its trim's top-left corner at page (x, y) after turning it
    ``rotate`` degrees clockwise (0, 90, 180 or 270), so it still starts at (x, y)."""
    w, h = scene.width, scene.height
    dx, dy = {0: (x, y), 90: (x + h, y), 180: (x + w, y + h), 270: (x, y + w)}[rotate % 360]
    return Group(children=scene.items, dx=dx, dy=dy, rotate=float(rotate % 360))
