"""The Four Deuces (``four-deuces``): this package is the whole game beside its content.

``SPEC`` tells Pipworks where its parts are; each part is imported only when used.
Modules, each importing only those above it: ``state`` (numbers, state, events,
actions, setting up, scoring), ``play`` (the rules), ``notation`` (moves, events and the
table in words), ``examples`` (worked examples), ``engine`` (the protocol object), and
beside them ``faces`` (printed components) and ``diagrams`` (example drawings).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from ..spec import GameSpec

if TYPE_CHECKING:
    from ...components.base import Component, FaceOptions
    from ...components.diagrams import Sheet
    from ...components.palette import Palette
    from ...components.suits import Shape
    from ...content.errors import ContentError
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


def _card_layout(project: Any, game: LoadedGame) -> Iterable[ContentError]:
    from .faces import check

    return check(project.root, game)


def _symbols() -> Mapping[str, Shape]:
    from .faces import SYMBOLS

    return SYMBOLS


def _bots() -> GameBots:
    from . import bots

    return bots


SPEC = GameSpec(slug="four-deuces", engine=_engine, faces=_faces, diagram=_diagram,
                data=_data, setup=_setup, legend=_legend, bots=_bots, checks=(_card_layout,),
                symbols=_symbols)
