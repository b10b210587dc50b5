"""The one registry of games: slug -> :class:`GameSpec`.

Every shipped game is a package here (``generator/games/<game>/``) with the same module
names, and its ``__init__`` holds its spec. A game outside Pipworks registers through
the ``pipworks.games`` entry point group of its own package, pointing at a GameSpec::

    [project.entry-points."pipworks.games"]
    my-game = "my_game:SPEC"

so a designer's game installs beside Pipworks without editing it. A game folder in a
project's ``content/`` with no spec anywhere is still a game: it gets print files from
its content alone and a rulebook whose examples are marked as not checked.
"""

from __future__ import annotations

from functools import lru_cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import shipped_root
from . import dice_lanes, four_deuces, multisuit, pip_trick, zero_grid
from .spec import GameSpec, PluginError

if TYPE_CHECKING:
    from ..components.suits import Shape, SuitSet
    from ..content.loader import LoadedGame
    from ..content.schema import GameContent
    from ..rules.base import Game
    from .spec import FacesFactory

#: The games Pipworks ships, in the order the site lists them.
SHIPPED: tuple[GameSpec, ...] = (pip_trick.SPEC, dice_lanes.SPEC, multisuit.SPEC, four_deuces.SPEC, zero_grid.SPEC)

ENTRY_POINT_GROUP = "pipworks.games"


@lru_cache(maxsize=1)
def plugin_specs() -> tuple[GameSpec, ...]:
    """GameSpecs registered by other installed packages (read once per process)."""
    from importlib.metadata import entry_points

    found = []
    for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
        try:
            spec = point.load()
        except Exception as exc:  # a broken plugin is named, never a bare traceback
            raise PluginError(f"game plugin {point.name!r} ({point.value}) failed to load: {exc}") from exc
        if not isinstance(spec, GameSpec):
            raise PluginError(f"game plugin {point.name!r} ({point.value}) is not a GameSpec")
        found.append(spec)
    return tuple(found)


#: Plugins a project declares in its own pyproject.toml, by project folder (see use_project).
_PROJECT_SPECS: dict[Path, tuple[GameSpec, ...]] = {}


def use_project(root: Path) -> None:
    """Honour the ``pipworks.games`` entry points that the project at ``root`` declares in
    its own ``pyproject.toml``, without it being installed (see ``generator.games.project``),
    if its user trusts the project (``generator.trust``): else its games have no spec, so
    their examples are not checked. Cheap when called again; a project with no
    pyproject.toml declares none."""
    from .. import trust
    from .project import project_plugins

    key = root.resolve()
    if key not in _PROJECT_SPECS:
        if trust.declared_plugins(key) and not trust.trusted(key):
            _PROJECT_SPECS[key] = ()  # a project's code runs only once its user trusts it (generator.trust)
            return
        try:
            _PROJECT_SPECS[key] = project_plugins(key)
        except PluginError as exc:  # the designer's own code: a content problem, exit 2
            from ..content.errors import ContentError, ContentInvalid

            raise ContentInvalid([ContentError(key / "pyproject.toml", None, (), str(exc))]) from None


def forget_project(root: Path) -> None:
    """Forget what the project at ``root`` declared and the engines built from it, so
    the next use imports its code as it is now (``pipworks serve`` after a save)."""
    _PROJECT_SPECS.pop(root.resolve(), None)
    _ENGINES.clear()


def all_specs() -> dict[str, GameSpec]:
    """Every known game: the shipped ones, then installed plugins, then plugins of the
    projects in use (a plugin may not reuse a slug; the same spec found both installed
    and declared by its project is one game)."""
    specs = {spec.slug: spec for spec in SHIPPED}
    for spec in (*plugin_specs(), *(s for found in _PROJECT_SPECS.values() for s in found)):
        if specs.get(spec.slug) is spec:
            continue
        if spec.slug in specs:
            raise PluginError(f"game plugin {spec.slug!r} uses the slug of a game Pipworks already has")
        specs[spec.slug] = spec
    return specs


def find_spec(slug: str) -> GameSpec | None:
    """The spec of ``slug``; None for a game known only from its content."""
    for spec in SHIPPED:
        if spec.slug == slug:
            return spec
    return all_specs().get(slug)


def faces_for(slug: str, content: "GameContent | None" = None) -> "FacesFactory | None":
    """What lays out a game's printed components: its package's ``faces``, else, for a
    game whose content names layout files, the faces made from data
    (``generator.faces_from_data``); None for a game with nothing to print."""
    spec = find_spec(slug)
    if spec is not None and spec.faces is not None:
        return spec.faces
    from ..faces_from_data.faces import components, laid_out

    if content is not None and not laid_out(content):
        return None
    shapes = symbols_of(slug)
    return partial(components, shapes=shapes) if shapes else components


def symbols_of(slug: str) -> "dict[str, Shape]":
    """The suit symbols game ``slug``'s package draws (``GameSpec.symbols``), by name."""
    spec = find_spec(slug)
    return dict(spec.symbols()) if spec is not None and spec.symbols is not None else {}


def suits_of(content: "GameContent") -> "SuitSet":
    """The game's suits as they print: its ``suits:`` with its package's symbols."""
    from ..components.suits import suit_set

    return suit_set(content.suits, symbols_of(content.slug))


def has_faces(root: Path, slug: str) -> bool:
    """Does the game print anything? Cheap enough to plan a build with: a game without
    a package's faces is asked only whether its game.yaml names a layout file."""
    spec = find_spec(slug)
    if spec is not None and spec.faces is not None:
        return True
    use_project(root)
    spec = find_spec(slug)
    if spec is not None and spec.faces is not None:
        return True
    from .project import names_a_layout

    return names_a_layout(root / "content" / slug / "game.yaml")


def has_engine(slug: str) -> bool:
    """Whether ``pipworks play`` can play ``slug`` (its rulebook then shows the commands)."""
    spec = find_spec(slug)
    return spec is not None and spec.engine is not None


_ENGINES: dict[int, tuple[Any, Any]] = {}


def engine_for(game: "LoadedGame") -> "Game[Any, Any] | None":
    """The rules engine of a game, built from its loaded content (None: no engine).

    Built once per loaded game: engines read their numbers (start dice, setup grid,
    deck...) from the content, so two projects' copies of a game can differ."""
    cached = _ENGINES.get(id(game))
    if cached is not None and cached[0] is game:
        return cached[1]  # type: ignore[no-any-return]
    spec = find_spec(game.content.slug)
    engine = spec.engine(game) if spec is not None and spec.engine is not None else None
    _ENGINES[id(game)] = (game, engine)
    return engine


@lru_cache(maxsize=None)
def shipped_game(slug: str) -> "LoadedGame":
    """The content of a shipped game, loaded once (for callers without a project)."""
    from ..content.loader import parse_game

    return parse_game(shipped_root() / "content" / slug)


def find_game(slug: str) -> "Game[Any, Any]":
    """The engine of a shipped or plugin game, built from the shipped content; raises
    KeyError naming the known games when ``slug`` has no engine."""
    spec = find_spec(slug)
    if spec is None or spec.engine is None:
        known = ", ".join(sorted(s for s, sp in all_specs().items() if sp.engine is not None))
        raise KeyError(f"no rules engine for {slug!r}; known games: {known}")
    engine = engine_for(shipped_game(slug))
    assert engine is not None
    return engine
