"""Frozen records checked against their type hints: the part of pydantic we used.

Content files are small and their schema is plain: records of numbers, strings, lists,
optional fields and nested records, with a few bounds and patterns. Importing pydantic
and building its schemas cost 0.11 s of the 0.38 s a ``pipworks pnp`` took, more than
laying out and drawing the whole deck, so this module does the same checking in a page
of code: a record is a frozen, keyword-only dataclass; ``parse(Record, data)`` turns
YAML data into one and reports *every* problem with its field path, as pydantic did.

Constraints ride on ``Annotated``: ``Annotated[int, AtLeast(1)]``. A record may add a
``_problems(self)`` method for checks across its own fields (e.g. min ≤ max); it runs
once the record's fields are all valid and yields ``(field path, message)`` pairs.
"""

from __future__ import annotations

import re
import types
import typing
from dataclasses import MISSING, fields
from typing import Any, Callable, Iterator, TypeVar, dataclass_transform

from .errors import PathPart
from ..scene import frozen

Loc = tuple[PathPart, ...]
R = TypeVar("R")


@dataclass_transform(kw_only_default=True, frozen_default=True)
def record(cls: type[R]) -> type[R]:
    """Make ``cls`` a frozen, keyword-only dataclass that ``parse`` can fill (made the
    quick way, see ``generator.scene.frozen``)."""
    return frozen(kw_only=True)(cls)  # type: ignore[no-any-return]


class Invalid(Exception):
    """Every problem found while parsing, as ``(field path, message)`` pairs."""

    def __init__(self, problems: list[tuple[Loc, str]]):
        super().__init__("; ".join(f"{'.'.join(map(str, loc))}: {msg}" for loc, msg in problems))
        self.problems = problems


# -- constraints (the metadata of ``Annotated``) ------------------------------------


@frozen
class AtLeast:
    bound: float

    def problem(self, value: Any) -> str | None:
        return None if value >= self.bound else f"must be at least {self.bound} (got {value})"


@frozen
class AtMost:
    bound: float

    def problem(self, value: Any) -> str | None:
        return None if value <= self.bound else f"must be at most {self.bound} (got {value})"


@frozen
class NotEmpty:
    """A string with at least one character, or a list with at least one item."""

    def problem(self, value: Any) -> str | None:
        if len(value):
            return None
        return "must not be empty" if isinstance(value, str) else "needs at least one item"


@frozen
class OneLine:
    """Text that must stay on one line: a title or a name becomes a heading, a nav tab
    or a box's caption, which a line break would split (and whose anchor it would lose)."""

    def problem(self, value: Any) -> str | None:
        return None if "\n" not in value and "\r" not in value else "must be one line (it contains a line break)"


@frozen
class Matches:
    """A string matching ``pattern``; ``means`` says in words what that asks for."""

    pattern: str
    means: str

    def problem(self, value: Any) -> str | None:
        return None if re.fullmatch(self.pattern, value) else f"{value!r} is not {self.means}"


# -- parsing ------------------------------------------------------------------------

_BAD = object()  # what a converter returns after recording a problem
_SCALARS: dict[type, str] = {int: "integer", float: "number", bool: "boolean", str: "string"}
_hints: dict[type, list[tuple[str, Any, bool]]] = {}


def parse(cls: type[R], data: Any) -> R:
    """``data`` (parsed YAML) as a ``cls`` record; raises Invalid listing every problem."""
    problems: list[tuple[Loc, str]] = []
    value = _convert(cls, data, (), problems)
    if problems:
        raise Invalid(problems)
    return typing.cast(R, value)


def _got(value: Any) -> str:
    return f"(got {type(value).__name__} {value!r:.40})"


def _record_fields(cls: type) -> list[tuple[str, Any, bool]]:
    """``(name, type, required)`` for each field of ``cls``, resolved once."""
    if cls not in _hints:
        hints = typing.get_type_hints(cls, include_extras=True)
        _hints[cls] = [(f.name, hints[f.name], f.default is MISSING and f.default_factory is MISSING)
                       for f in fields(cls)]
    return _hints[cls]


def _record(cls: type, data: Any, loc: Loc, problems: list[tuple[Loc, str]]) -> Any:
    if not isinstance(data, dict):
        problems.append((loc, f"should be a mapping of fields {_got(data)}"))
        return _BAD
    spec = _record_fields(cls)
    known = {name for name, _, _ in spec}
    before = len(problems)
    for key in data:
        if key not in known:
            problems.append((loc + (str(key),), "unknown field (check the spelling)"))
    values = {}
    for name, hint, required in spec:
        if name in data:
            values[name] = _convert(hint, data[name], loc + (name,), problems)
        elif required:
            problems.append((loc + (name,), "required field is missing"))
    if len(problems) > before:
        return _BAD
    made = cls(**values)
    check: Callable[[], Iterator[tuple[Loc, str]]] | None = getattr(made, "_problems", None)
    if check is not None:
        found = [(loc + sub, message) for sub, message in check()]
        if found:
            problems.extend(found)
            return _BAD
    return made


def _convert(hint: Any, value: Any, loc: Loc, problems: list[tuple[Loc, str]]) -> Any:
    """``value`` checked (and copied) as ``hint``; on a problem, record it and return _BAD."""
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        inner, *rules = typing.get_args(hint)
        result = _convert(inner, value, loc, problems)
        if result is not _BAD:
            for rule in rules:
                message = rule.problem(result)
                if message:
                    problems.append((loc, message))
                    return _BAD
        return result
    if hint is Any:
        return value
    if origin in (types.UnionType, typing.Union):
        options = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        if value is None and len(options) < len(typing.get_args(hint)):
            return None
        if len(options) == 1:
            return _convert(options[0], value, loc, problems)
        return _either(options, value, loc, problems)
    if origin is list or origin is tuple:
        return _sequence(hint, origin, value, loc, problems)
    if origin is dict:
        return _mapping(hint, value, loc, problems)
    if hint in _SCALARS:
        return _scalar(hint, value, loc, problems)
    if isinstance(hint, type) and hasattr(hint, "__dataclass_fields__"):
        return _record(hint, value, loc, problems)
    raise TypeError(f"record field type {hint!r} is not supported")


def _either(options: list[Any], value: Any, loc: Loc, problems: list[tuple[Loc, str]]) -> Any:
    """``value`` as the first of ``options`` it is (``str | Reference | bool``: a line,
    a mapping, or false); if none, the problems of the option whose kind it has."""
    tried: list[list[tuple[Loc, str]]] = []
    for option in options:
        found: list[tuple[Loc, str]] = []
        result = _convert(option, value, loc, found)
        if not found:
            return result
        tried.append(found)
    records = [n for n, option in enumerate(options) if hasattr(option, "__dataclass_fields__")]
    if isinstance(value, dict) and records:
        problems.extend(tried[records[0]])  # a mapping was meant as the record: say what is wrong in it
    else:
        kinds = ", ".join(_kind(option) for option in options)
        problems.append((loc, f"should be one of: {kinds} {_got(value)}"))
    return _BAD


def _kind(hint: Any) -> str:
    """What a designer writes for ``hint``: "string", "boolean", "a mapping of fields"."""
    if typing.get_origin(hint) is typing.Annotated:
        hint = typing.get_args(hint)[0]
    return _SCALARS.get(hint) or ("a mapping of fields" if hasattr(hint, "__dataclass_fields__") else str(hint))


def _scalar(hint: type, value: Any, loc: Loc, problems: list[tuple[Loc, str]]) -> Any:
    # YAML already typed the value: refuse "3" for a count rather than guess, and never
    # let true/false pass as a number (bool is an int in Python).
    if hint is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, hint) and (hint is bool or not isinstance(value, bool)):
        return value
    problems.append((loc, f"Input should be a valid {_SCALARS[hint]} {_got(value)}"))
    return _BAD


def _sequence(hint: Any, origin: type, value: Any, loc: Loc, problems: list[tuple[Loc, str]]) -> Any:
    if not isinstance(value, (list, tuple)):
        problems.append((loc, f"Input should be a valid list {_got(value)}"))
        return _BAD
    args = typing.get_args(hint)
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        if len(value) != len(args):
            problems.append((loc, f"should have exactly {len(args)} items (got {len(value)})"))
            return _BAD
        items = [_convert(arg, item, loc + (i,), problems) for i, (arg, item) in enumerate(zip(args, value))]
    else:
        items = [_convert(args[0], item, loc + (i,), problems) for i, item in enumerate(value)]
    if any(item is _BAD for item in items):
        return _BAD
    return tuple(items) if origin is tuple else items


def _mapping(hint: Any, value: Any, loc: Loc, problems: list[tuple[Loc, str]]) -> Any:
    if not isinstance(value, dict):
        problems.append((loc, f"should be a mapping {_got(value)}"))
        return _BAD
    key_type, value_type = typing.get_args(hint)
    out = {}
    for key, item in value.items():
        here = loc + (str(key),)
        checked_key = _convert(key_type, key, here, problems)
        out[checked_key] = _convert(value_type, item, here, problems)
    if any(v is _BAD for v in out.values()) or _BAD in out:
        return _BAD
    return out
