"""Example drawings: every shipped example gets one, it shows the example's own cards
and dice (the dice after the moves add up to the verified outcome), it is the same
every time, and nothing is drawn off the picture or in a glyph the font lacks."""

from __future__ import annotations

import re
from functools import lru_cache

import pytest

from generator.components import typeset as ts
from generator.components.diagrams import WIDTH
from generator.docs.drawings import example_diagram
from generator.render.svg import render_scene
from generator.scene import Circle, Line, Path, Rect, Scene, Text
from generator.verify.examples import Example, content_examples

from .helpers import GAMES, ROOT, game, walk

EXAMPLES: list[Example] = content_examples(ROOT)
IDS = [f"{e.game}:{e.id}" for e in EXAMPLES]
SYMBOL = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}


@lru_cache(maxsize=None)
def diagram(index: int) -> Scene:
    example = EXAMPLES[index]
    scene = example_diagram(example.game, example.data, game(example.game))
    assert scene is not None, f"{example.game} example {example.id} has no drawing"
    return scene


def texts(scene: Scene) -> dict[str, Text]:
    return {t.name: t for t in walk(scene.items) if isinstance(t, Text)}


def pips(scene: Scene, x_from: float = 0.0, x_to: float = WIDTH) -> int:
    """Die pips drawn between two x positions (pips are the only small circles)."""
    return sum(1 for item in walk(scene.items)
               if isinstance(item, Circle) and item.r < 0.75 and x_from <= item.cx < x_to)


def indexes(slug: str) -> list[int]:
    return [n for n, e in enumerate(EXAMPLES) if e.game == slug]


def test_every_game_has_examples_to_draw() -> None:
    assert {e.game for e in EXAMPLES} == set(GAMES)


@pytest.mark.parametrize("index", range(len(EXAMPLES)), ids=IDS)
def test_every_example_is_drawn_inside_its_picture(index: int) -> None:
    scene = diagram(index)
    assert 20.0 < scene.width <= WIDTH and 15.0 < scene.height < 140.0
    for item in walk(scene.items):
        if isinstance(item, Text):
            assert item.name and item.max_width, f"unnamed or unbounded text {item.text!r}"
            width = ts.text_width(item.text, item.size, item.bold)
            assert width <= item.max_width + 0.01, f"{item.name}: {item.text!r} wider than its box"
            left = {"start": item.x, "middle": item.x - width / 2, "end": item.x - width}[item.anchor]
            assert left >= -0.01 and left + width <= scene.width + 0.01, f"{item.name} runs off the side"
            assert item.y - item.size * 0.8 >= -0.01 and item.y + item.size * 0.25 <= scene.height + 0.01, \
                f"{item.name} runs off the top or bottom"
            missing = [ch for ch in item.text if not ts.has_glyph(ch, item.bold)]
            assert not missing, f"{item.name}: the font has no {missing}"
        elif isinstance(item, Rect):
            assert item.x >= -0.01 and item.y >= -0.01, item
            assert item.x + item.w <= scene.width + 0.01 and item.y + item.h <= scene.height + 0.01, item
        elif isinstance(item, Circle):
            assert item.r <= item.cx <= scene.width - item.r + 0.01 and item.cy + item.r <= scene.height + 0.01
        elif isinstance(item, (Line, Path)):
            xs = [item.x1, item.x2] if isinstance(item, Line) else [c[i] for c in item.commands
                                                                     for i in range(1, len(c), 2)]
            assert all(-0.01 <= x <= scene.width + 0.01 for x in xs)


@pytest.mark.parametrize("index", [indexes(slug)[0] for slug in GAMES], ids=list(GAMES))
def test_drawings_are_deterministic(index: int) -> None:
    example = EXAMPLES[index]
    first = example_diagram(example.game, example.data, game(example.game))
    second = example_diagram(example.game, example.data, game(example.game))
    assert first == second
    assert render_scene(first) == render_scene(second)


# --- Pip Trick: the trick's cards, backs for face-down cards, the dice after ----------

_PT_PLAY = re.compile(r"^(\w+) (?:plays|leads) (\S+)( face down)?$")


def test_pip_trick_shows_every_card_played_and_who_played_it() -> None:
    checked = 0
    for index in indexes("pip-trick"):
        example, shown = EXAMPLES[index], texts(diagram(index))
        cards = [m for m in map(_PT_PLAY.match, example.data["play"]) if m]
        players = int(example.data["position"].get("players", 4))
        for n, match in enumerate(cards):
            name = f"trick {n // players + 1} card {n % players + 1}"
            assert shown[f"{name} seat"].text == match[1]
            if match[3]:
                assert f"{name} face down" in shown and f"{name} rank" not in shown
            else:
                assert shown[f"{name} rank"].text == match[2][:-1]
            checked += 1
    assert checked >= 40


def test_pip_trick_dice_after_are_the_verified_dice() -> None:
    checked = 0
    for index in indexes("pip-trick"):
        example, scene = EXAMPLES[index], diagram(index)
        expected = example.data["expect"].get("dice")
        after = texts(scene).get("dice after caption")
        if expected is None or after is None:
            continue
        assert pips(scene, after.x) == sum(sum(v) for v in expected.values()), example.id
        checked += 1
    assert checked >= 8


# --- Dice Lanes: the programmed cards, the resolve order, the dice after --------------

def test_dice_lanes_shows_programmed_cards_and_their_resolve_order() -> None:
    checked = 0
    for index in indexes("dice-lanes"):
        example, shown = EXAMPLES[index], texts(diagram(index))
        for player, lanes in (example.data["position"].get("programmed") or {}).items():
            for lane, card in lanes.items():
                board = "before" if example.data["play"] else "position"
                name = f"{board} lane {lane.split()[-1]} {player} card rank"
                assert shown[name].text == card[:-1], (example.id, name)
                checked += 1
        resolved = [m for m in example.data["play"] if " resolves " in m]
        badges = sorted(int(t.text) for n, t in shown.items() if n.endswith(" order"))
        assert badges == list(range(1, len(resolved) + 1)), example.id
    assert checked >= 40


def _lane_pips(lanes: list[str]) -> int:
    return sum(int(text.split()[0]) for text in lanes if text[0].isdigit())


def test_dice_lanes_after_board_holds_the_verified_dice() -> None:
    checked = 0
    for index in indexes("dice-lanes"):
        example, scene = EXAMPLES[index], diagram(index)
        lanes = example.data["expect"].get("lanes")
        shown = texts(scene)
        after = shown.get("after caption") or shown.get("then caption")
        if lanes is None or after is None:
            continue
        claimed = sum(1 for t in shown if t.startswith(("after", "then")) and t.endswith("claimed"))
        if claimed:  # claimed dice are drawn under the board; count the lanes only
            continue
        assert pips(scene, after.x) == _lane_pips(lanes), example.id
        checked += 1
    assert checked >= 6


# --- Multisuit: each card's three ranks and the trick's marker ------------------------

_MS_PLAY = re.compile(r"^(\w+) (leads|plays) (\S+)(?: on (\w+))?$")


def test_multisuit_shows_the_trick_cards_and_the_marker() -> None:
    checked = 0
    for index in indexes("multisuit"):
        example, shown = EXAMPLES[index], texts(diagram(index))
        trick, n = 0, 0
        for match in filter(None, map(_MS_PLAY.match, example.data["play"])):
            if match[2] == "leads":
                trick, n = trick + 1, 0
                assert shown[f"trick {trick} marker suit"].text == match[4].upper()
            n += 1
            name = f"trick {trick} card {n}"
            assert shown[f"{name} seat"].text == match[1]
            for rank, symbol in re.findall(r"([^♠♦♣]+)([♠♦♣])", match[3]):
                assert shown[f"{name} {SYMBOL[symbol]} rank"].text == rank
            checked += 1
    assert checked >= 25


# --- Zero Grid: the programmed column cards, the grid after ---------------------------

def test_zero_grid_shows_programmed_cards_and_verified_grids() -> None:
    checked = 0
    for index in indexes("zero-grid"):
        example, scene = EXAMPLES[index], diagram(index)
        shown = texts(scene)
        for move in example.data["play"]:
            match = re.match(r"^(P\d) programs (.+), initiative (\S+)$", move)
            if match:
                cards = [*match[2].split(), match[3]]
                tag = match[1].lower()
                assert [shown[f"{tag} column {c + 1} card rank"].text for c in range(4)] == [c[:-1] for c in cards]
        grid = example.data["expect"].get("grid")
        if grid and example.data["play"]:
            for player, columns in grid.items():
                after = shown[f"{player.lower()} after caption"]
                assert pips(scene, after.x, after.x + 32.5) == sum(map(sum, columns)), (example.id, player)
                checked += 1
    assert checked >= 10


def test_site_and_book_get_the_drawing() -> None:
    """The site's example views carry the scene (written as img/example-<id>.svg) and
    the printed example box draws it."""
    from generator.content.project import load_project
    from generator.docs.site import place_examples
    from generator.render.book import _example
    from generator.render.book_base import styles
    from generator.verify.run import run_all

    project = load_project(ROOT, only=["multisuit"])
    examples = [e for e in EXAMPLES if e.game == "multisuit"]
    placed, others = place_examples(project.games["multisuit"], examples, run_all(examples, before=True).replays)
    views = [v for vs in placed.values() for v in vs] + others
    assert len(views) == len(examples) and all(isinstance(v["scene"], Scene) for v in views)
    box = _example(views[0], styles(), 170 * 72 / 25.4)[0]._content[0]  # kept together: one page
    # the title, the story, then the drawing (issue 13: the story, the drawing, then the moves)
    assert [type(row[0]).__name__ for row in box._cellvalues[1:3]] == ["Paragraph", "_Scene"]


def test_site_pages_show_each_example_drawing(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Every Pip Trick example's drawing is written with the printed rulebook and copied
    beside the site's rulebook page, which shows it as an image with alt text."""
    import shutil

    from generator.content.project import load_project
    from generator.docs.pages import book_targets, build_books
    from generator.docs.site import DocsWriter, game_pages

    root = tmp_path / "proj"
    shutil.copytree(ROOT / "content", root / "content")
    project = load_project(root, only=["pip-trick"])
    build_books(project, book_targets(root, ["pip-trick"], {})[0], root / "output")
    examples = [e for e in EXAMPLES if e.game == "pip-trick"]
    docs = tmp_path / "docs"
    game_pages(project, "pip-trick", examples, DocsWriter(docs))
    page = (docs / "pip-trick" / "index.md").read_text(encoding="utf-8")
    for example in examples:
        svg = docs / "pip-trick" / "img" / f"example-{example.id}.svg"
        assert svg.read_text(encoding="utf-8").startswith("<svg"), example.id
        assert f"](img/example-{example.id}.svg)" in page, example.id
