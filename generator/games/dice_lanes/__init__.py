"""Dice Lanes (``dice-lanes``): this package is the whole game beside its content.

``state`` (numbers, state, events, setup, scoring) ← ``play`` (the rules) ← ``notation``
(moves, cards, log) ← ``examples`` (worked examples) ← ``engine``; ``faces`` (the printed
board, quick reference, score pad) and ``diagrams`` (example drawings) read the same
numbers. ``SPEC`` tells Pipworks where the parts are; each is imported only when used.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ..spec import GameSpec

if TYPE_CHECKING:
    from ...components.base import Component, FaceOptions
    from ...components.diagrams import Sheet
    from ...components.palette import Palette
    from ...content.loader import LoadedGame
    from ...content.schema import GameContent
    from ...rules.base import Game
    from ...rules.bots import GameBots
    from ...scene import Scene


def _engine(game: LoadedGame) -> Game[Any, Any]:
    from .engine import make

    return make(game)


def _faces(content: GameContent, options: FaceOptions, project_root: Path) -> Sequence[Component]:
    from .faces import components

    return components(content, options, project_root)


def _diagram(example: Mapping[str, Any], before: Mapping[str, Any] | None, after: Mapping[str, Any] | None,
             content: GameContent, pal: Palette) -> Sheet:
    from .diagrams import draw

    return draw(example, before, after, content, pal)


def _setup(content: GameContent, components: Sequence[Component], pal: Palette) -> Scene:
    from .diagrams import setup_table

    return setup_table(content, components, pal)


def _legend(content: GameContent, pal: Palette) -> tuple[Sheet, str]:
    from .diagrams import legend

    return legend(content, pal)


def _data() -> type:
    from .state import Numbers

    return Numbers


def _bots() -> GameBots:
    from . import bots

    return bots


SPEC = GameSpec(slug="dice-lanes", engine=_engine, faces=_faces, diagram=_diagram,
                data=_data, setup=_setup, legend=_legend, bots=_bots)
