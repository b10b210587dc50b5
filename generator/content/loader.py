"""YAML → models, remembering where every value came from.

We compose the YAML into nodes first so each value's line is known; the schema's error
locations are then mapped back to a line, and every problem in every file is collected
before anything fails. Nothing here writes.
"""

from __future__ import annotations

import re
from dataclasses import field
from pathlib import Path
from typing import Any, Iterator

import yaml
from .errors import ContentError, ContentInvalid, PathPart
from .record import Invalid, R, parse
from .schema import GameContent, Section
from ..scene import frozen

Lines = dict[tuple[PathPart, ...], int]

#: libyaml's parser when PyYAML was built with it (about 10× faster); same nodes, same marks.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@frozen
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


#: Limits that keep a hostile or mistaken file from exhausting memory or time: content
#: is data, and a build must end. Shipped files are far below each (game.yaml ≈ 25 KB,
#: a few thousand values, paragraphs under 2 000 characters).
MAX_FILE_BYTES = 1_000_000
#: Values a file may hold once its YAML aliases (``*name``) are expanded: an alias
#: "bomb" of nine nested lists of nine aliases means 387 million values.
MAX_VALUES = 100_000
#: Characters a file may hold once its aliases are expanded: an alias repeats a text
#: for free, so a 28 KB file of aliases to long texts would otherwise make a 38 MB
#: rulebook. Twice what a file may hold without aliases.
MAX_EXPANDED_CHARS = 2 * MAX_FILE_BYTES
#: Characters in one text (a paragraph): the printed rulebook lays out a paragraph in
#: time that grows with the square of its length.
MAX_TEXT_CHARS = 20_000
#: Characters in one whole number: far more than any count or size needs.
MAX_NUMBER_CHARS = 40
#: Control characters (C0, DEL and C1) cannot be printed, and XML (SVG, the site)
#: cannot carry most; a font has no glyph for any.
_CONTROL = {chr(c) for c in range(32) if chr(c) not in "\t\n\r"} | {chr(c) for c in range(127, 160)}
_CONTROL_RE = re.compile("[" + re.escape("".join(sorted(_CONTROL))) + "]")


class _Reader:
    """One walk over a file's YAML nodes: the line of every value, and every problem a
    schema cannot see (duplicate keys, alias bombs, self-reference, huge or unprintable
    text). An alias's node is walked once: its size is counted every time it is used."""

    def __init__(self, path: Path, shift: int):
        self.path, self.shift = path, shift
        self.lines: Lines = {}
        self.problems: list[ContentError] = []
        self.sizes: dict[int, tuple[int, int]] = {}  # node -> (values, characters) expanded
        self.open: set[int] = set()
        self.bomb = False

    def problem(self, node: yaml.Node, path: tuple[PathPart, ...], message: str) -> None:
        self.problems.append(ContentError(self.path, node.start_mark.line + 1 + self.shift, path, message))

    def walk(self, node: yaml.Node, path: tuple[PathPart, ...]) -> tuple[int, int]:
        """Record lines under ``node`` and return its size, in values and in characters
        of text (keys included), with aliases expanded."""
        key = id(node)
        if key in self.open:
            self.problem(node, path, "a YAML alias refers to a value that contains it; refusing it")
            return 0, 0
        if key in self.sizes:  # an alias: counted again, walked once
            return self.sizes[key]
        self.lines.setdefault(path, node.start_mark.line + 1 + self.shift)
        self.open.add(key)
        size, chars = 1, 0
        if isinstance(node, yaml.MappingNode):
            size, chars = _add((size, chars), self._mapping(node, path))
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                size, chars = _add((size, chars), self.walk(item, path + (index,)))
        elif isinstance(node, yaml.ScalarNode):
            chars = len(node.value)
            self._text(node, path)
        self.open.discard(key)
        self.sizes[key] = size, chars
        if size > MAX_VALUES and not self.bomb:  # the first (innermost) value too big to hold
            self.bomb = True
            self.problem(node, path, f"its YAML aliases (*name) expand to {size:,} values; a content file may hold "
                                     f"at most {MAX_VALUES:,}; refusing it")
        elif chars > MAX_EXPANDED_CHARS and not self.bomb:
            self.bomb = True
            self.problem(node, path, f"its YAML aliases (*name) expand to {chars:,} characters of text; a content "
                                     f"file may hold at most {MAX_EXPANDED_CHARS:,}; refusing it")
        return size, chars

    def _mapping(self, node: yaml.MappingNode, path: tuple[PathPart, ...]) -> tuple[int, int]:
        size, chars = 0, 0
        seen: dict[str, int] = {}
        for key, value in node.value:
            name = str(key.value)
            line = key.start_mark.line + 1 + self.shift
            if key.tag != "tag:yaml.org,2002:merge":
                if name in seen:
                    self.problem(key, path + (name,), f"duplicate key {name!r} (first at line {seen[name]}); "
                                                      "YAML would silently keep only the last one")
                seen.setdefault(name, line)
            sub = path + (name,)
            self.lines[sub] = line
            size, chars = _add((size, chars + len(name)), self.walk(value, sub))
        return size, chars

    def _text(self, node: yaml.ScalarNode, path: tuple[PathPart, ...]) -> None:
        text = node.value
        if len(text) > MAX_TEXT_CHARS:
            self.problem(node, path, f"text of {len(text):,} characters; one text may have at most "
                                     f"{MAX_TEXT_CHARS:,} (split it into sections or items)")
        bad = next((c for c in text if c in _CONTROL), None) if not text.isprintable() else None
        if bad is not None:
            self.problem(node, path, f"contains the control character U+{ord(bad):04X}, which cannot be printed; remove it")
        if node.tag == "tag:yaml.org,2002:int" and len(text) > MAX_NUMBER_CHARS:
            # Python refuses to read an int of over 4,300 digits (a ValueError, not a YAML error)
            self.problem(node, path, f"a number of {len(text):,} characters; a number may have at most "
                                     f"{MAX_NUMBER_CHARS}; refusing it")


def _add(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return a[0] + b[0], a[1] + b[1]


def _read_nodes(node: yaml.Node, path: Path, shift: int) -> Lines:
    """Lines of every value of ``node``; raises ContentInvalid on what the walk found."""
    reader = _Reader(path, shift)
    try:
        reader.walk(node, ())
    except RecursionError:
        raise ContentInvalid([ContentError(path, None, (), "values nested too deeply to read; refusing it")]) from None
    if reader.problems:
        raise ContentInvalid(reader.problems)
    return reader.lines


def read_yaml(path: Path) -> SourceFile:
    """Parse one YAML file; raises ContentInvalid with the parser's line on bad YAML."""
    return parse_yaml_text(read_text(path), path)


def read_text(path: Path) -> str:
    """A content file's text; raises ContentInvalid if it is too big, unreadable, not
    UTF-8 or holds a control character (tab and line breaks aside). A byte-order mark,
    as spreadsheet programs and editors may write, is dropped."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ContentInvalid([ContentError(path, None, (), f"file of {size:,} bytes; a content file may have at "
                                                               f"most {MAX_FILE_BYTES:,}; refusing it")])
        data = path.read_bytes()
    except OSError as exc:
        raise ContentInvalid([ContentError(path, None, (), f"cannot read file: {exc.strerror or exc}")]) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ContentInvalid([ContentError(path, line, (), f"not UTF-8 text: byte 0x{data[exc.start]:02x} cannot be read "
                                                           "(save the file as UTF-8)")]) from None
    bad = _CONTROL_RE.search(text)
    if bad is not None:  # every content file (YAML, CSV, Markdown): none can print it
        line = text.count("\n", 0, bad.start()) + 1
        raise ContentInvalid([ContentError(path, line, (), f"contains the control character U+{ord(bad.group()):04X}, "
                                                           "which cannot be printed; remove it")])
    return text


def parse_yaml_text(text: str, path: Path, first_line: int = 1) -> SourceFile:
    """Parse YAML ``text`` that starts at line ``first_line`` of ``path`` (a Markdown
    page's fenced block starts mid-file), keeping every value's line in that file."""
    shift = first_line - 1
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        # Read the nodes before building data from them: that finds alias bombs before
        # they are expanded, and duplicate keys before merges (<<) are flattened.
        lines = _read_nodes(node, path, shift) if node is not None else {}
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 + shift if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc)
        raise ContentInvalid([ContentError(path, line, (), f"invalid YAML: {problem}")])
    finally:
        loader.dispose()
    return SourceFile(path, data, lines)


def parse_source(cls: type[R], source: SourceFile) -> R:
    """``source``'s data as a ``cls`` record; raises ContentInvalid with every problem."""
    if not isinstance(source.data, dict):
        raise ContentInvalid([source.error((), "expected a mapping of fields at the top")])
    try:
        return parse(cls, source.data)
    except Invalid as exc:
        raise ContentInvalid([source.error(loc, message) for loc, message in exc.problems]) from None


@frozen
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
