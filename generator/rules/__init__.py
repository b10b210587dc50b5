"""Reference rules engines, one module per game, behind one small protocol.

``GAMES`` maps a game's slug to the module path of its engine; modules are imported
only when asked for, so the CLI stays quick to start.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .base import Game

GAMES: dict[str, str] = {
    "pip-trick": "generator.rules.pip_trick",
    "dice-lanes": "generator.rules.dice_lanes",
    "multisuit": "generator.rules.multisuit",
    "four-deuces": "generator.rules.four_deuces",
    "zero-grid": "generator.games.zero_grid",  # a game package: its engine comes from the registry
}


def find_game(slug: str) -> "Game":
    """The engine for ``slug``; raises KeyError naming the known games."""
    try:
        module_path = GAMES[slug]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"no rules engine for {slug!r}; known games: {known}") from None
    if module_path.startswith("generator.games."):  # moved to its game package: one registry
        from ..games import find_game as registered

        return registered(slug)
    return importlib.import_module(module_path).GAME  # type: ignore[no-any-return]
