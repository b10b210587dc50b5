"""What Pipworks needs to know of a game beyond its content: a :class:`GameSpec`.

A spec names the game's slug and points at its parts through plain callables, each of
which imports its module only when called, so the registry is cheap to read and a build
that needs only the print files never imports an engine. A part a game lacks is None:
a game with no engine still gets print files and a rulebook (its examples are shown as
not checked), a game with no example drawings simply has none.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

if TYPE_CHECKING:
    from ..components.base import Component, FaceOptions
    from ..components.diagrams import Sheet
    from ..components.palette import Palette
    from ..components.suits import Shape
    from ..content.errors import ContentError
    from ..content.loader import LoadedGame
    from ..content.schema import GameContent
    from ..rules.base import Game
    from ..rules.bots import GameBots
    from ..scene import Scene

#: ``engine(game)``: the rules engine, built from the game's loaded content (its numbers,
#: and files beside game.yaml such as a deck file; ``game.folder`` is where they are).
EngineFactory = Callable[["LoadedGame"], "Game[Any, Any]"]
#: ``faces(content, options, project_root)``: the printed components, laid out in mm.
FacesFactory = Callable[["GameContent", "FaceOptions", Path], Sequence["Component"]]
#: ``diagram(example, before, after, content, palette)``: an example's drawing. ``before``
#: and ``after`` are the engine's outcomes for the example's position before and after
#: its moves (None where the engine refused them).
DiagramDrawer = Callable[[Mapping[str, Any], "Mapping[str, Any] | None", "Mapping[str, Any] | None",
                          "GameContent", "Palette"], "Sheet"]
#: ``setup(content, components, palette)``: the picture of the table after setup, laid
#: out with the game's printed ``components`` (``generator.components.tabletop``).
SetupDrawer = Callable[["GameContent", Sequence["Component"], "Palette"], "Scene"]
#: ``legend(content, palette)``: the labelled drawing of the rulebook's "Reading the
#: examples" part (the compact notation its examples keep, shown on the table) and the
#: words that describe it to a screen reader.
LegendDrawer = Callable[["GameContent", "Palette"], "tuple[Sheet, str]"]
#: ``data()``: the record class (``generator.content.record``) of the game's ``data:``
#: block in game.yaml: its numbers (start dice, setup grid, scoring chart...). Content
#: checks parse it with line numbers; the engine and the faces read the same record, so
#: a number stated in content has one source.
DataRecord = Callable[[], type]
#: ``check(project, game)``: extra content checks of this game (e.g. its deck's rules).
ContentCheck = Callable[[Any, Any], Iterable["ContentError"]]
#: ``bots()``: the game's ``bots`` module for the designer's lab (``generator.rules.bots``):
#: its quick sensible player, its determinisation for search, its rule counts.
BotsModule = Callable[[], "GameBots"]

#: ``symbols()``: the suit symbols the game's package draws, by name, which its
#: content's ``suits:`` may name as a suit's ``symbol``.
SymbolsFactory = Callable[[], "Mapping[str, Shape]"]


class PluginError(RuntimeError):
    """A ``pipworks.games`` entry point (installed, or declared by a project) does not
    give a GameSpec."""


@dataclass(frozen=True)
class GameSpec:
    """One game as Pipworks knows it: a slug and the parts its package provides."""

    slug: str
    engine: EngineFactory | None = None
    faces: FacesFactory | None = None
    diagram: DiagramDrawer | None = None
    data: DataRecord | None = None
    setup: SetupDrawer | None = None
    legend: LegendDrawer | None = None
    checks: tuple[ContentCheck, ...] = ()
    bots: BotsModule | None = None
    symbols: SymbolsFactory | None = None
