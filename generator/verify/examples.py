"""Finding worked examples: in ``content/<slug>/examples.yaml`` and in Markdown pages.

In Markdown an example is a fenced block whose info string is ``pipworks-example``; its
body is one example in the same format, plus ``game: <slug>``. Every example keeps the
file and line of each of its fields, so a mismatch points at the exact expected value.
"""

from __future__ import annotations

import copy
import hashlib
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterator

from ..content.errors import ContentError, ContentInvalid
from ..content.loader import SourceFile, parse_yaml_text, read_text

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>```+|~~~+)[ \t]*pipworks-example[ \t]*$")
REQUIRED = ("id", "title", "story", "position", "play", "expect")


@dataclass(frozen=True)
class Example:
    game: str
    id: str
    data: dict[str, Any]
    file: Path
    line: int
    #: line of each top-level field and of each key under ``expect``
    lines: dict[tuple, int] = field(default_factory=dict)

    def line_of(self, *path: Any) -> int:
        for cut in range(len(path), -1, -1):
            found = self.lines.get(tuple(path[:cut]))
            if found is not None:
                return found
        return self.line

    @property
    def rules(self) -> list[str]:
        return list(self.data.get("rules") or [])

    @property
    def clarifies(self) -> list[str]:
        return list(self.data.get("clarifies") or [])

    @property
    def variants(self) -> list[str]:
        return list(self.data.get("variants") or [])

    @property
    def play(self) -> list[str]:
        """The moves as written. A move with ``: `` in it needs no quotes: YAML reads
        ``- P1 7♠: spades`` as a one-key mapping, which is the move ``P1 7♠: spades``
        (the reader puts the text back, see :func:`move_text`)."""
        return [move_text(move) for move in self.data.get("play") or []]


def move_text(move: Any) -> str:
    """A move as the author wrote it, also when YAML read ``a: b`` as a mapping."""
    if isinstance(move, dict) and len(move) == 1:
        (key, value), = move.items()
        if not isinstance(value, (dict, list)):
            return f"{key}: {_scalar_text(value)}"
    return str(move)


def _scalar_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _problem(source: SourceFile, path: tuple, message: str) -> ContentError:
    return source.error(path, message)


def _example(game: str, raw: Any, source: SourceFile, base: tuple) -> Example:
    if not isinstance(raw, dict):
        raise ContentInvalid([_problem(source, base, "an example must be a mapping of fields")])
    problems = [_problem(source, base, f"example is missing required field {key!r}") for key in REQUIRED if key not in raw]
    if not isinstance(raw.get("play", []), list):
        problems.append(_problem(source, base + ("play",), "play must be a list of moves"))
    if not isinstance(raw.get("expect", {}), dict):
        problems.append(_problem(source, base + ("expect",), "expect must be a mapping of outcomes"))
    if problems:
        raise ContentInvalid(problems)
    lines = {path[len(base):]: line for path, line in source.lines.items() if path[: len(base)] == base}
    data = {**raw, "play": [move_text(move) for move in raw["play"] or []]}  # every reader gets the moves as text
    return Example(game, str(raw["id"]), data, source.path, source.line(base) or 1, lines)


def from_yaml(path: Path, game: str) -> list[Example]:
    """Examples of ``game`` in an examples.yaml file (top-level key ``examples``; a
    top-level ``game: <slug>`` names the game of a file kept anywhere else). Raises
    ContentInvalid with every problem of the file."""
    return _all_or_raise(read_examples_yaml(path, game))


def from_markdown(path: Path) -> list[Example]:
    """Examples in fenced ``pipworks-example`` blocks of a Markdown page."""
    return _all_or_raise(read_examples_markdown(path))


Found = tuple[list[Example], list[ContentError]]


def _all_or_raise(found: Found) -> list[Example]:
    examples, problems = found
    if problems:
        raise ContentInvalid(problems)
    return examples


#: Each examples file as last read in this process, under the sha256 of its text: a build
#: or ``pipworks serve`` reads one file for its checks, the rulebook, the site and the
#: verdict, and parsing (every value's line kept) costs far more than hashing.
_READ: dict[tuple[Path, str], tuple[str, Found]] = {}


def read_examples_yaml(path: Path, game: str) -> Found:
    """The readable examples of an examples.yaml file, and the problems of the others
    (each caller gets its own copy of every example's data)."""
    try:
        text = read_text(path)
    except ContentInvalid as exc:
        return [], exc.errors
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    kept = _READ.get((path, game))
    if kept is None or kept[0] != digest:
        kept = _READ[(path, game)] = (digest, _parse_examples_yaml(text, path, game))
    found, problems = kept[1]
    return [replace(e, data=copy.deepcopy(e.data)) for e in found], list(problems)


def _parse_examples_yaml(text: str, path: Path, game: str) -> Found:
    try:
        source = parse_yaml_text(text, path)
    except ContentInvalid as exc:
        return [], exc.errors
    data = source.data
    if not isinstance(data, dict) or not isinstance(data.get("examples"), list):
        return [], [_problem(source, (), "expected a top-level 'examples:' list")]
    if isinstance(data.get("game"), str):
        game = data["game"]
    found, problems = [], []
    for index, raw in enumerate(data["examples"]):
        try:
            found.append(_example(game, raw, source, ("examples", index)))
        except ContentInvalid as exc:
            problems.extend(exc.errors)
    return found, problems


def _fenced_blocks(text: str) -> Iterator[tuple[int, str]]:
    """(line of the block's first body line, body) for each pipworks-example fence."""
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        match = FENCE.match(lines[index])
        if not match:
            index += 1
            continue
        fence, indent = match["fence"], len(match["indent"])
        body_start = index + 1
        end = body_start
        while end < len(lines) and not lines[end].strip().startswith(fence):
            end += 1
        yield body_start + 1, "\n".join(line[indent:] for line in lines[body_start:end])
        index = end + 1


def read_examples_markdown(path: Path) -> Found:
    """The readable examples of a Markdown page's ``pipworks-example`` blocks, and the
    problems of the others."""
    found: list[Example] = []
    problems: list[ContentError] = []
    for first_line, body in _fenced_blocks(read_text(path)):
        try:
            source = parse_yaml_text(body, path, first_line)
        except ContentInvalid as exc:
            problems.extend(exc.errors)
            continue
        game = source.data.get("game") if isinstance(source.data, dict) else None
        if not isinstance(game, str):
            problems.append(_problem(source, (), "a pipworks-example block needs 'game: <slug>'"))
            continue
        try:
            found.append(_example(game, source.data, source, ()))
        except ContentInvalid as exc:
            problems.extend(exc.errors)
    return found, problems


def content_examples(root: Path, slugs: list[str] | None = None) -> list[Example]:
    """Every example in ``content/<slug>/examples.yaml`` of the project."""
    found, problems = [], []
    for folder in sorted((root / "content").iterdir()):
        path = folder / "examples.yaml"
        if not path.is_file() or (slugs and folder.name not in slugs):
            continue
        try:
            found.extend(from_yaml(path, folder.name))
        except ContentInvalid as exc:
            problems.extend(exc.errors)
    if problems:
        raise ContentInvalid(problems)
    return found


def discover(root: Path, paths: list[Path], also: Path | None = None) -> list[Example]:
    """Examples under ``paths`` (files or folders): examples.yaml files and Markdown
    pages, anywhere readable. Raises ContentInvalid with every problem found."""
    found, problems = gather(paths)
    if problems:
        raise ContentInvalid(problems)
    return found


def gather(paths: list[Path]) -> tuple[list[Example], list[ContentError]]:
    """Every readable example under ``paths`` (files or folders, inside the project or
    not: reading writes nothing), and every problem met on the way, so one unreadable
    file or example never hides the others."""
    found: list[Example] = []
    problems: list[ContentError] = []
    files: list[Path] = []
    for path in paths:
        resolved = path.resolve()
        if resolved.is_dir():
            files += sorted(p for p in resolved.rglob("*") if p.name == "examples.yaml" or p.suffix == ".md")
        elif resolved.is_file():
            files.append(resolved)
        else:
            problems.append(ContentError(path, None, (), "no such file or folder"))
    for file in files:
        try:
            examples, wrong = read_examples_markdown(file) if file.suffix == ".md" else read_examples_yaml(file, file.parent.name)
        except (OSError, UnicodeDecodeError) as exc:
            examples, wrong = [], [ContentError(file, None, (), f"cannot be read: {exc}")]
        found += examples
        problems += wrong
    return found, problems
