"""A Pipworks project: a folder with ``content/<slug>/game.yaml`` for each game.

``load_project`` gathers and checks all content first and raises ContentInvalid with
every problem. Checks that need more than content (worked examples, each game's own
checks from its package) run above the registry, in ``generator.verify.project``; a
command validates through that before it writes anything.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from .checks import check_game
from .errors import ContentError, ContentInvalid
from .folders import game_folders
from .loader import LoadedGame, parse_game
from ..scene import frozen


@frozen
class Project:
    root: Path
    games: dict[str, LoadedGame]

    @property
    def content_dir(self) -> Path:
        return self.root / "content"

    @property
    def output_dir(self) -> Path:
        return self.root / "output"

    def inside(self, path: Path) -> Path:
        """``path`` resolved, refusing anything outside the project."""
        resolved = path.resolve()
        if not resolved.is_relative_to(self.root.resolve()):
            raise ContentInvalid([ContentError(path, None, (), "path leaves the project; refusing it")])
        return resolved


@frozen
class Gathered:
    """A project's content read as far as it goes: the games whose game.yaml read, every
    problem found, and which games later checks must step round."""

    project: Project
    errors: tuple[ContentError, ...]
    #: folders whose game.yaml did not read (as YAML, or by its schema)
    unparsed: tuple[Path, ...]
    #: games whose content reads but fails a cross-check (a reference, a count)
    troubled: frozenset[str]


def load_project(root: Path, only: Iterable[str] | None = None) -> Project:
    """Load and check the content of every game (or just ``only``); raise with all
    problems found."""
    gathered = gather_project(root, only)
    if gathered.errors:
        raise ContentInvalid(gathered.errors)
    return gathered.project


def gather_project(root: Path, only: Iterable[str] | None = None) -> Gathered:
    """Load and check the content of every game (or just ``only``), raising nothing:
    what later checks need to go on and report their own problems in the same run."""
    root = root.resolve()
    wanted = set(only) if only is not None else None
    errors: list[ContentError] = []
    games: dict[str, LoadedGame] = {}
    folders = game_folders(root)
    if wanted is not None:
        missing = wanted - {f.name for f in folders}
        for slug in sorted(missing):
            errors.append(ContentError(root / "content" / slug, None, (), f"no game {slug!r} in this project"))
        folders = [f for f in folders if f.name in wanted]
    unparsed: list[Path] = []
    troubled: set[str] = set()
    for folder in folders:
        try:
            game = parse_game(folder)
        except ContentInvalid as exc:
            errors.extend(exc.errors)
            unparsed.append(folder)
            continue
        found = check_game(game, root)
        if found:
            troubled.add(game.content.slug)
        errors.extend(found)
        games[game.content.slug] = game
    return Gathered(Project(root, games), tuple(errors), tuple(unparsed), frozenset(troubled))
