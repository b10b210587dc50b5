"""The drawing of each worked example: its position before and after its moves.

A rulebook example reads best beside a picture of the table. The picture is made from
the engine's own replay of the example (``generator.verify.run.Replay``: the outcomes
for the position as set up and after the moves), the very replay that checked it, so a
drawing cannot disagree with the verified outcome; the game's ``diagrams`` module
(``GameSpec.diagram``) draws it with the shared vocabulary of
``generator.components.diagrams``.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any, Mapping

from ..components import typeset as ts
from ..components.diagrams import MARGIN, REPLAYER, WIDTH, Sheet
from ..components.palette import palette
from ..games import find_spec, suits_of
from ..scene import Scene
from ..verify.run import Replay


def drawing(slug: str, example: Mapping[str, Any], game_content: Any, replay: Replay | None,
            engine: Any = None) -> Scene | None:
    """The drawing of ``example``'s position for game ``slug`` from its replay, or None
    for a game without example drawings (or, with a warning, an example the drawing
    cannot read: the book still builds, and the tests require a drawing of every
    shipped example). ``engine`` answers the moments between before and after (default:
    the shipped game's). Deterministic: same example, same scene."""
    spec = find_spec(slug)
    if spec is None or spec.diagram is None:
        return None
    before = replay.before if replay is not None else None
    after = replay.after if replay is not None else None
    pal = palette(slug, "colour", suits_of(game_content))
    token = REPLAYER.set(_Replayer(example, before, after, engine))
    try:
        sheet: Sheet = spec.diagram(example, before, after, game_content, pal)
    except (ValueError, KeyError, TypeError, IndexError) as exc:  # an example being rewritten: no picture
        warnings.warn(f"{slug} example {example.get('id')}: no drawing ({exc})", stacklevel=2)
        return None
    finally:
        REPLAYER.reset(token)
    height = round(sheet.bottom + MARGIN, 2)
    width = round(min(WIDTH, sheet.right + MARGIN), 2)
    title = getattr(game_content, "title", slug)
    return Scene(name=f"{slug} example {example.get('id', '')}", width=width, height=height,
                 items=tuple(sheet.items), title=ts.printable(f"{title}: {example.get('title', '')}"))


def legend_scene(slug: str, game_content: Any) -> Scene | None:
    """The labelled drawing of the rulebook's "Reading the examples" part, drawn by the
    game's ``legend`` (None for a game that draws none); its title carries the words a
    screen reader reads."""
    spec = find_spec(slug)
    if spec is None or spec.legend is None:
        return None
    sheet, description = spec.legend(game_content, palette(slug, "colour", suits_of(game_content)))
    title = getattr(game_content, "title", slug)
    return Scene(name=f"{slug} reading the examples", width=round(min(WIDTH, sheet.right + MARGIN), 2),
                 height=round(sheet.bottom + MARGIN, 2), items=tuple(sheet.items),
                 title=ts.printable(f"{title}: how the examples are written. {description}"))


class _Replayer:
    """Outcomes of part of one example's play for its drawing: the start and the end
    come from the example's replay; a moment between (after a trick) asks the engine."""

    def __init__(self, example: Mapping[str, Any], before: Mapping[str, Any] | None, after: Mapping[str, Any] | None,
                 engine: Any = None):
        self.engine = engine
        self.example = example
        from ..verify.examples import move_text

        self.play = [move_text(move) for move in example.get("play") or []]
        self.before = before
        self.after = after

    def __call__(self, slug: str, example: Mapping[str, Any], play: list[str]) -> dict[str, Any] | None:
        if example is self.example and play == self.play and self.after is not None:
            return dict(self.after)
        if example is self.example and not play and self.before is not None:
            return dict(self.before)
        from ..games import find_game

        variants = list(example.get("variants") or [])
        try:
            engine = self.engine if self.engine is not None else find_game(slug)
            return dict(engine.run_example(example.get("position") or {}, play, variants))
        except Exception:  # a half-finished example must not stop the book; verify reports it
            return None


def example_diagram(slug: str, example: Mapping[str, Any], game_content: Any) -> Scene | None:
    """The drawing of one example on its own: replays it, then draws it (a build shares
    the replays of its rulebook steps instead, see ``generator.docs.replays``)."""
    from ..verify.examples import Example
    from ..verify.run import Outcome, run_one

    ex = Example(slug, str(example.get("id", "")), dict(example), file=Path("<example>"), line=0)
    return drawing(slug, example, game_content, run_one(ex, Outcome(), before=True))
