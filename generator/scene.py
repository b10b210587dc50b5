"""What is drawn, in millimetres: frozen primitives shared by every backend.

Components build a :class:`Scene` (pure functions of content); ``generator.render.svg``
and ``generator.render.pdf`` draw the same scene. Coordinates are millimetres with the
origin at the top-left and y growing downwards (as in SVG); the PDF backend flips.
Colours are ``#rrggbb`` strings or None (no fill / no stroke).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union


@dataclass(frozen=True)
class Style:
    fill: str | None = None
    stroke: str | None = "#000000"
    stroke_width: float = 0.25  # mm
    opacity: float = 1.0
    dash: tuple[float, ...] = ()  # mm on/off lengths


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style = Style()
    radius: float = 0.0


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style = Style()


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = Style()


@dataclass(frozen=True)
class Path:
    """A closed or open outline given as commands on mm coordinates.

    ``commands`` is a tuple of ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y)
    and ("Z",) tuples: the subset both SVG and PDF draw identically.
    """

    commands: tuple[tuple, ...]
    style: Style = Style()


@dataclass(frozen=True)
class Text:
    """One line of text. ``anchor`` is start, middle or end; ``y`` is the baseline.

    ``max_width`` is the width the text may occupy (mm); the safe-zone lint and the
    fitting code use it, and ``name`` says what the text is in error messages.
    """

    x: float
    y: float
    text: str
    size: float = 3.0  # font size in mm
    anchor: str = "start"
    bold: bool = False
    fill: str = "#000000"
    max_width: float | None = None
    name: str = ""


@dataclass(frozen=True)
class Image:
    """A designer's picture drawn into the box (x, y, w, h) mm, stretched to it (the
    layout that places it chooses a box of the picture's proportions).

    ``data`` is the file's bytes and ``format`` says what they are: "png", "jpeg" or
    "svg". Both backends embed the bytes as they are (SVG art stays vector in the PDF),
    so the same picture gives the same output. ``name`` says what it is in messages.
    """

    x: float
    y: float
    w: float
    h: float
    data: bytes
    format: str
    name: str = ""


@dataclass(frozen=True)
class Group:
    """Children drawn translated by (dx, dy), then rotated ``rotate`` degrees clockwise
    about the group's local origin, then scaled."""

    children: tuple["Item", ...]
    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0
    scale: float = 1.0


Item = Union[Rect, Circle, Line, Path, Text, Image, Group]


@dataclass(frozen=True)
class Scene:
    """One drawable face (a card, a board, a sheet) of ``width`` × ``height`` mm."""

    name: str
    width: float
    height: float
    items: tuple[Item, ...] = field(default_factory=tuple)
    title: str = ""
