"""A page before labelling: its art layers and where its cuts are.

Pages are drafted first and labelled afterwards, because a label says "page x of y"
and y is only known once every component has been imposed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..layout.boxes import Box
from ..layout.sheet import Placement


@dataclass(frozen=True)
class Draft:
    layers: tuple[Placement, ...]
    component: str  # what the label calls the page, e.g. "Cards (fronts)"
    content: Box  # the art's extent on the page, bleed included
    cut_xs: tuple[float, ...] = ()  # page x of vertical cuts (label cells avoid them)
    cut_ys: tuple[float, ...] = ()
    labelled: bool = True  # False for the cover, which carries its own text
