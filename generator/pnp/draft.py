"""A page before labelling, and a sheet: the two sides of one piece of paper.

Pages are drafted first and labelled afterwards, because a label says "page x of y"
and y is only known once every component has been imposed; crop marks are drawn at
labelling time too, since they must leave gaps where the label and ruler go.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..layout.boxes import Box
from ..layout.sheet import Placement

#: (trim, art) of one piece on the page: crop marks run along the trim's edges.
Piece = tuple[Box, Box]


@dataclass(frozen=True)
class Draft:
    layers: tuple[Placement, ...]
    component: str  # what the label calls the page, e.g. "Cards (fronts)"
    content: Box  # the art's extent on the page, bleed included
    pieces: tuple[Piece, ...] = ()  # pieces to draw crop marks around (none on back pages)
    bands: str | None = None  # margins kept for the label and ruler ("tb"/"lr"), or the deeper pair
    names: tuple[str, ...] = ()  # the components on this page, for the cover's page list
    fold: float | None = None  # page y of a fold line, on print-and-fold pages
    mark_reach: float | None = None  # how far marks run past the art; None: to the page edge
    labelled: bool = True  # False for the cover, which carries its own text


@dataclass(frozen=True)
class Sheet:
    """One piece of paper: ``front`` on an odd page, ``back`` (None: left blank) on the
    even page after it, so a whole file printed double-sided keeps every pair together."""

    front: Draft
    back: Draft | None = None
    cards: bool = False  # holds cards: the cover's "only the cards" pages
    calibration: bool = False  # the duplex check, left out of single-sided printing
