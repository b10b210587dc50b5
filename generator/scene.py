"""What is drawn, in millimetres: frozen primitives shared by every backend.

Components build a :class:`Scene` (pure functions of content); ``generator.render.svg``
and ``generator.render.pdf`` draw the same scene. Coordinates are millimetres with the
origin at the top-left and y growing downwards (as in SVG); the PDF backend flips.
Colours are ``#rrggbb`` strings or None (no fill / no stroke).
"""

from __future__ import annotations

import dataclasses
import sys
from dataclasses import FrozenInstanceError, dataclass, field, fields
from operator import attrgetter
from typing import Any, Callable, TypeVar, Union, dataclass_transform, overload

T = TypeVar("T")


@overload
def frozen(cls: type[T], /) -> type[T]: ...
@overload
def frozen(*, kw_only: bool = False) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True)
def frozen(cls: Any = None, /, *, kw_only: bool = False) -> Any:
    """``@dataclass(frozen=True)`` made in about half the time: the same fields, init,
    immutability, ``==``, ``hash`` and ``repr``.

    On Python 3.11 the dataclass machinery compiles six functions for every frozen
    class; a command imports some 75 such classes (scenes, content records), a third of
    a ``pipworks pnp``'s own time. Here only ``__init__`` is compiled: ``repr``, ``==``
    and ``hash`` are shared functions reading the class's field names, and the frozen
    guards are closures over the class and its field names, with the generated ones'
    very logic (see :func:`_guards`); each gives the same results as the generated one."""

    def wrap(cls: type[T]) -> type[T]:
        if any(name in cls.__dict__ for name in ("__repr__", "__eq__", "__hash__")):
            return dataclass(frozen=True, kw_only=kw_only)(cls)  # the class's own methods: the usual way
        if cls.__doc__ is None:
            cls.__doc__ = cls.__name__  # dataclass would work out a signature for it (slow)
        made = _frozen_dataclass(cls, kw_only)
        every = fields(made)  # type: ignore[arg-type]
        compared = [f.name for f in every if f.compare]
        hashed = [f.name for f in every if (f.compare if f.hash is None else f.hash)]
        setattr(made, "_frozen_shown", tuple(f.name for f in every if f.repr))
        setattr(made, "_frozen_compared", staticmethod(_values(compared)))
        setattr(made, "_frozen_hashed", staticmethod(_values(hashed)))
        setattr(made, "__repr__", _repr)
        setattr(made, "__eq__", _eq)
        setattr(made, "__hash__", _hash)
        return made

    return wrap if cls is None else wrap(cls)


def _guards(cls: type, fields: list[Any], globals: dict[str, Any]) -> tuple[Callable[..., None], Callable[..., None]]:
    """``__setattr__`` and ``__delattr__`` of a frozen dataclass, as Python 3.11 and 3.12
    write them (``dataclasses._frozen_get_del_attr``), made as closures: no compiling."""
    names = frozenset(f.name for f in fields)

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)  # type: ignore[misc,arg-type]

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)  # type: ignore[misc,arg-type]

    return __setattr__, __delattr__


#: Python versions whose dataclasses make the frozen guards in ``_frozen_get_del_attr``
#: (3.13 writes all methods in one go, and is quick already).
_GUARDS_HOOK = hasattr(dataclasses, "_frozen_get_del_attr") and sys.version_info[:2] in ((3, 11), (3, 12))


def _frozen_dataclass(cls: type[T], kw_only: bool) -> type[T]:
    """``dataclass(frozen=True, repr=False, eq=False)`` with the guards of :func:`_guards`."""
    if not _GUARDS_HOOK:
        return dataclass(frozen=True, kw_only=kw_only, repr=False, eq=False)(cls)
    usual = dataclasses._frozen_get_del_attr  # type: ignore[attr-defined]
    dataclasses._frozen_get_del_attr = _guards  # type: ignore[attr-defined]
    try:  # another thread's frozen dataclass made meanwhile gets guards doing the same
        return dataclass(frozen=True, kw_only=kw_only, repr=False, eq=False)(cls)
    finally:
        dataclasses._frozen_get_del_attr = usual  # type: ignore[attr-defined]


def _values(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of the named fields, as the generated methods build it."""
    if len(names) == 1:
        name = names[0]
        return lambda obj: (getattr(obj, name),)
    return attrgetter(*names) if names else (lambda obj: ())  # type: ignore[return-value]


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._frozen_shown)
    return f"{self.__class__.__qualname__}({shown})"


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        return self._frozen_compared(self) == other._frozen_compared(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self._frozen_hashed(self))


@frozen
class Style:
    fill: str | None = None
    stroke: str | None = "#000000"
    stroke_width: float = 0.25  # mm
    opacity: float = 1.0
    dash: tuple[float, ...] = ()  # mm on/off lengths


@frozen
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style = Style()
    radius: float = 0.0


@frozen
class Circle:
    cx: float
    cy: float
    r: float
    style: Style = Style()


@frozen
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = Style()


@frozen
class Path:
    """A closed or open outline given as commands on mm coordinates.

    ``commands`` is a tuple of ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y)
    and ("Z",) tuples: the subset both SVG and PDF draw identically.
    """

    commands: tuple[tuple, ...]
    style: Style = Style()


@frozen
class Text:
    """One line of text. ``anchor`` is start, middle or end; ``y`` is the baseline.

    ``max_width`` is the width the text may occupy (mm); the safe-zone lint and the
    fitting code use it, and ``name`` says what the text is in error messages.
    ``font`` is "" for the shipped font, else the path of a designer's face file (the
    bold or italic one when ``bold`` or ``italic``; see ``generator.layout.fonts``).
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
    italic: bool = False
    font: str = ""


@frozen
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


@frozen
class Group:
    """Children drawn translated by (dx, dy), then rotated ``rotate`` degrees clockwise
    about the group's local origin, then scaled."""

    children: tuple["Item", ...]
    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0
    scale: float = 1.0


Item = Union[Rect, Circle, Line, Path, Text, Image, Group]


@frozen
class Scene:
    """One drawable face (a card, a board, a sheet) of ``width`` × ``height`` mm."""

    name: str
    width: float
    height: float
    items: tuple[Item, ...] = field(default_factory=tuple)
    title: str = ""
