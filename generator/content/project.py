"""A Pipworks project: a folder with ``content/<slug>/game.yaml`` for each game.

``load_project`` gathers and validates everything first and raises ContentInvalid with
every problem; only then may a command write anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
import importlib
from typing import Iterable

from .checks import check_game
from .errors import ContentError, ContentInvalid
from .folders import game_folders
from .loader import LoadedGame, parse_game

#: Checks owned by other parts of Pipworks (deck rules, worked examples...), named as
#: "module:function" and imported only when validating. Each takes the project and one
#: loaded game and returns its problems, so validation stays one pass that collects all.
EXTRA_CHECKS: tuple[str, ...] = ("generator.verify.checks:check",)


def _extra_check(spec: str):  # type: ignore[no-untyped-def]
    module, _, func = spec.partition(":")
    return getattr(importlib.import_module(module), func)


@dataclass(frozen=True)
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


def load_project(root: Path, only: Iterable[str] | None = None) -> Project:
    """Load and check every game (or just ``only``); raise with all problems found."""
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
    for folder in folders:
        try:
            game = parse_game(folder)
        except ContentInvalid as exc:
            errors.extend(exc.errors)
            continue
        errors.extend(check_game(game, root))
        games[game.content.slug] = game
    project = Project(root, games)
    if not errors:
        for spec in EXTRA_CHECKS:
            extra = _extra_check(spec)
            for game in games.values():
                errors.extend(extra(project, game))
        from ..games import find_spec  # TRANSITIONAL: validation moves above the registry

        for game in games.values():
            game_spec = find_spec(game.content.slug)
            for check in game_spec.checks if game_spec else ():
                errors.extend(check(project, game))
    if errors:
        raise ContentInvalid(errors)
    return project
