"""YAML → models, remembering where every value came from.

We compose the YAML into nodes first so each value's line is known; the schema's error
locations are then mapped back to a line, and every problem in every file is collected
before anything fails. Nothing here writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import yaml
from .errors import ContentError, ContentInvalid, PathPart
from .record import Invalid, R, parse
from .schema import GameContent, Section

Lines = dict[tuple[PathPart, ...], int]

#: libyaml's parser when PyYAML was built with it (about 10× faster); same nodes, same marks.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class SourceFile:
    """A parsed YAML file: its data and the line of every value in it."""

    path: Path
    data: Any
    lines: Lines = field(default_factory=dict)

    def line(self, path: tuple[PathPart, ...]) -> int | None:
        """Line of ``path``, or of its nearest ancestor the YAML mentions."""
        for cut in range(len(path), -1, -1):
            found = self.lines.get(tuple(path[:cut]))
            if found is not None:
                return found
        return None

    def error(self, path: tuple[PathPart, ...], message: str) -> ContentError:
        return ContentError(self.path, self.line(path), tuple(path), message)


def _walk(node: yaml.Node, path: tuple[PathPart, ...], lines: Lines) -> None:
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            sub = path + (str(key.value),)
            lines[sub] = key.start_mark.line + 1
            _walk(value, sub, lines)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, path + (index,), lines)


def read_yaml(path: Path) -> SourceFile:
    """Parse one YAML file; raises ContentInvalid with the parser's line on bad YAML."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentInvalid([ContentError(path, None, (), f"cannot read file: {exc}")])
    return parse_yaml_text(text, path)


def parse_yaml_text(text: str, path: Path, first_line: int = 1) -> SourceFile:
    """Parse YAML ``text`` that starts at line ``first_line`` of ``path`` (a Markdown
    page's fenced block starts mid-file), keeping every value's line in that file."""
    shift = first_line - 1
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 + shift if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc)
        raise ContentInvalid([ContentError(path, line, (), f"invalid YAML: {problem}")])
    finally:
        loader.dispose()
    lines: Lines = {}
    if node is not None:
        _walk(node, (), lines)
    return SourceFile(path, data, {key: line + shift for key, line in lines.items()})


def parse_source(cls: type[R], source: SourceFile) -> R:
    """``source``'s data as a ``cls`` record; raises ContentInvalid with every problem."""
    if not isinstance(source.data, dict):
        raise ContentInvalid([source.error((), "expected a mapping of fields at the top")])
    try:
        return parse(cls, source.data)
    except Invalid as exc:
        raise ContentInvalid([source.error(loc, message) for loc, message in exc.problems]) from None


@dataclass(frozen=True)
class LoadedGame:
    """A game's validated content plus where it came from."""

    content: GameContent
    folder: Path
    source: SourceFile


def parse_game(folder: Path) -> LoadedGame:
    """Read and schema-check ``folder/game.yaml``; raises ContentInvalid on any problem."""
    source = read_yaml(folder / "game.yaml")
    content = parse_source(GameContent, source)
    return LoadedGame(content, folder, source)


def iter_sections(sections: list[Section], path: tuple[PathPart, ...]) -> Iterator[tuple[Section, tuple[PathPart, ...]]]:
    """Every section, depth first, with its field path (for ids and line lookups)."""
    for index, section in enumerate(sections):
        here = path + (index,)
        yield section, here
        yield from iter_sections(section.sections, here + ("sections",))
