"""A project validated in full: content, worked examples, and what each game's package
asks of its own content.

``generator.content.load_project`` checks what content alone can tell (schema,
references, counts, files). The checks here need more than content: the examples
reader (``generator.verify``) and each game's spec from the registry (its ``data:``
record, its own checks such as a deck's rules), so they live above the registry, in
the pipeline layer, and every command that reads a project calls :func:`validated_project`
before writing anything.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Iterator

from ..content.errors import ContentError, ContentInvalid
from ..content.loader import LoadedGame
from ..content.project import Project, gather_project
from ..games import find_spec, symbols_of, use_project


def validated_project(root: Path, only: Iterable[str] | None = None, *, printing: bool = False) -> Project:
    """Load and check every game (or just ``only``); raise ContentInvalid with every
    problem of every stage found in one run: content, the ``data:`` record, the game's
    own checks, its faces made from data (cards file, layout, text that must fit) and
    its worked examples. A designer fixes a deck in one round, not one per stage.

    A stage runs on what the stages before it could read: the faces made from data of
    a game whose game.yaml its schema refused are checked from the components that do
    read; a game whose content reads but fails a cross-check (a reference, a count) has
    its faces and ``data:`` checked, not its examples, variants or own checks (which
    read across the content and would report follow-ons of the same mistake).

    ``printing``: only what print files are made from (``pipworks pnp``, one game's
    kit): content, the ``data:`` record, the game's own checks (a deck's rules) and
    faces made from data. The worked examples and the engine's variants print
    nothing, so their checks (and the engine, the notation, the examples reader) are
    left to ``validate`` and ``build``."""
    use_project(root)
    gathered = gather_project(root, only)
    project = gathered.project
    errors: list[ContentError] = list(gathered.errors)
    for folder in gathered.unparsed:
        spec = find_spec(folder.name)
        if spec is None or spec.faces is None:
            from ..faces_from_data.faces import check_unparsed  # only for data-made faces: pnp imports it not

            errors.extend(check_unparsed(folder, project.root))
    for game in project.games.values():
        sound = game.content.slug not in gathered.troubled
        found = [] if printing or not sound else list(_check_examples(project, game))
        found.extend(check_data(game))
        symbols = list(check_suit_symbols(game))
        found.extend(symbols)
        if not printing and sound:
            found.extend(check_variants(game))
        errors.extend(found)
        if symbols or _undrawn_suits(game):
            continue  # the checks below draw the faces, which need every suit's symbol
        found = []
        spec = find_spec(game.content.slug)
        for check in spec.checks if spec is not None and sound else ():
            found.extend(check(project, game))
        if spec is None or spec.faces is None:  # faces from layout and cards files
            from ..faces_from_data.faces import check as check_data_faces

            found.extend(check_data_faces(game, project.root, symbols_of(game.content.slug)))
        errors.extend(found)
    if errors:
        raise ContentInvalid(dict.fromkeys(errors))
    return project


def _check_examples(project: Project, game: LoadedGame) -> Iterator[ContentError]:
    from .checks import check

    return check(project, game)


def check_variants(game: LoadedGame) -> Iterator[ContentError]:
    """A variant has one name: the id the rulebook shows is the one the engine takes
    (``--variant``, examples' ``variants:``), so the two lists must match."""
    from ..games import engine_for

    try:
        engine = engine_for(game) if not list(check_data(game)) else None
    except Exception:  # the engine's own content problems are reported by check_data
        return
    if engine is None:
        return
    described = [v.id for v in game.content.variants]
    for index, ident in enumerate(described):
        if ident not in engine.variants:
            yield game.source.error(("variants", index, "id"),
                                    f"the rules engine has no variant {ident!r}; it plays: {', '.join(engine.variants) or 'none'}")
    for ident in engine.variants:
        if ident not in described:
            yield game.source.error(("variants",), f"the rules engine plays a variant {ident!r} that the rulebook does not describe")


def _undrawn_suits(game: LoadedGame) -> bool:
    """Whether a suit named bare (``- moons``) is neither standard nor drawn by the
    game's package: the content stage has named it at its line already, and the faces
    cannot be drawn without it."""
    from ..components.suits import STANDARD_SHAPES

    drawn = {*STANDARD_SHAPES, *symbols_of(game.content.slug)}
    return any(isinstance(suit, str) and suit not in drawn for suit in game.content.suits)


def check_suit_symbols(game: LoadedGame) -> Iterator[ContentError]:
    """Every declared suit's symbol is one Pipworks or the game's package draws, or a
    short text; else the problem names the suit's line and the symbols there are."""
    from ..components.suits import STANDARD_SHAPES, TEXT_SYMBOL_MAX, is_text_symbol
    from ..layout.text import missing_glyphs

    if all(isinstance(suit, str) for suit in game.content.suits):
        return
    shapes = [*STANDARD_SHAPES, *symbols_of(game.content.slug)]
    for index, suit in enumerate(game.content.suits):
        if isinstance(suit, str):
            continue
        if suit.symbol is None:
            if suit.name not in shapes:
                yield game.source.error(("suits", index), f"suit {suit.name!r} needs a symbol: one of {', '.join(shapes)}, "
                                                          f"or a text of at most {TEXT_SYMBOL_MAX} characters (a letter, Ω)")
            continue
        if suit.symbol in shapes:
            continue
        if not is_text_symbol(suit.symbol):
            yield game.source.error(("suits", index, "symbol"),
                                    f"no symbol {suit.symbol!r}: name one of {', '.join(shapes)}, "
                                    f"or write a text of at most {TEXT_SYMBOL_MAX} characters (a letter, Ω)")
        elif missing := missing_glyphs(suit.symbol, bold=True):
            yield game.source.error(("suits", index, "symbol"),
                                    f"the shipped font has no {', '.join(map(repr, missing))}: write a letter, a digit "
                                    f"or a Greek letter, or name one of {', '.join(shapes)}")


def check_data(game: LoadedGame) -> Iterator[ContentError]:
    """The game's ``data:`` block read as its spec's record (``GameSpec.data``): each
    problem as ``file:line: data.field: what is wrong``. A game whose spec declares no
    record (or a game without a spec) keeps a free-form ``data:`` block."""
    from ..content.record import Invalid, parse

    spec = find_spec(game.content.slug)
    if spec is None or spec.data is None:
        return
    try:
        parse(spec.data(), game.content.data)
    except Invalid as exc:
        for loc, message in exc.problems:
            yield game.source.error(("data",) + tuple(loc), message)
