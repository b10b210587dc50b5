"""Content problems, collected rather than raised one at a time.

A designer fixing a content file wants every problem at once, each naming the file, the
line, the field path and what is wrong (the mkdocs habit: gather, validate, then write).
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Sequence
from ..scene import frozen

PathPart = str | int


def format_path(path: Sequence[PathPart]) -> str:
    """``("rules", 3, "id")`` -> ``rules[3].id``: how a designer reads a YAML location."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(top level)"


@frozen
class ContentError:
    file: Path
    line: int | None
    path: tuple[PathPart, ...]
    message: str
    #: where in a file that has no lines: ``sheet 'Cards' row 7 column C (cost)`` of a
    #: spreadsheet; shown instead of the line and field path
    at: str = ""

    def render(self, root: Path | None = None) -> str:
        shown = self.file
        if root is not None:
            try:
                shown = self.file.resolve().relative_to(root.resolve())
            except ValueError:
                pass
        if self.at:
            return f"{shown}: {self.at}: {self.message}"
        where = f"{shown}:{self.line}" if self.line else f"{shown}"
        return f"{where}: {format_path(self.path)}: {self.message}"


class ContentInvalid(Exception):
    """Raised with every problem found; the CLI prints them and exits with code 2."""

    def __init__(self, errors: Iterable[ContentError]):
        self.errors = list(errors)
        super().__init__(f"{len(self.errors)} content problem(s):\n" + "\n".join(e.render() for e in self.errors))

    def render(self, root: Path | None = None) -> str:
        return "\n".join(e.render(root) for e in self.errors)

    def __reduce__(self) -> tuple[type["ContentInvalid"], tuple[list[ContentError]]]:
        # Raised in a build's worker process, it travels back pickled: by its errors,
        # not by its message (Exception's default), which __init__ cannot read.
        return (type(self), (self.errors,))
