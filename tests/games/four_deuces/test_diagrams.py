"""The Four Deuces' example drawings show each card played with its die, and the track
(moved here from tests/components/test_diagrams.py with the game's drawing module)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

from generator.docs.drawings import example_diagram
from generator.content.loader import parse_game
from generator.games.four_deuces.diagrams import CW, card_moves
from generator.scene import Circle, Group, Item, Scene, Text
from generator.verify.examples import content_examples

ROOT = Path(__file__).resolve().parents[3]
CONTENT = parse_game(ROOT / "content" / "four-deuces").content
EXAMPLES = content_examples(ROOT, ["four-deuces"])
_FD_PLAY = re.compile(r"^(\w+) plays (\w+) (\d)$")


def walk(items: tuple[Item, ...]) -> Iterator[Item]:
    for item in items:
        yield item
        if isinstance(item, Group):
            yield from walk(item.children)


def texts(scene: Scene) -> dict[str, Text]:
    return {t.name: t for t in walk(scene.items) if isinstance(t, Text)}


def pips(scene: Scene, x_from: float, x_to: float) -> int:
    """Die pips drawn between two x positions (pips are the only small circles)."""
    return sum(1 for item in walk(scene.items)
               if isinstance(item, Circle) and item.r < 0.75 and x_from <= item.cx < x_to)


def test_four_deuces_shows_each_card_with_its_die_and_the_track() -> None:
    checked = 0
    for example in EXAMPLES:
        scene = example_diagram("four-deuces", example.data, CONTENT)
        assert scene is not None, example.id
        shown = texts(scene)
        for n, match in enumerate(filter(None, map(_FD_PLAY.match, example.data["play"]))):
            name = f"trick {n // 2 + 1} card {n % 2 + 1}"
            assert shown[f"{name} seat"].text == match[1]
            assert shown[f"{name} suit"].text == match[2].upper()
            centre = shown[f"{name} seat"].x
            assert pips(scene, centre - CW / 2, centre + CW / 2) == int(match[3]), (example.id, name)
            checked += 1
        track = example.data["position"]["track"]
        title = "suit power track, strongest first" if "track before caption" not in shown else "track before"
        assert [shown[f"{title} track place {p + 1}"].text for p in range(4)] == [s.capitalize() for s in track]
    assert checked >= 25


def test_card_moves_are_read_with_the_game_notation() -> None:
    """The drawing reads plays as the engine does (any case, a suit's initial); other
    moves are not cards."""
    play = ["North plays Murder 5", "south plays g 2", "North uses Bugs Moran, trading 2 for 6", "North passes"]
    assert card_moves(play) == [(0, "North", "murder", 5), (1, "South", "gambling", 2)]
