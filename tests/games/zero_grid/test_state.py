"""Zero Grid's numbers come from content, once: the engine and the printed grid and chart
read the same ``data:`` block, so editing a number in game.yaml changes both."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.components.base import FaceOptions
from generator.components.palette import palette
from generator.content.loader import parse_game
from generator.games import shipped_game, shipped_root
from generator.games.zero_grid.engine import make
from generator.games.zero_grid.faces import components
from generator.games.zero_grid.notation import card_text, grid_columns, parse_card
from generator.games.zero_grid.state import DECK, FACE, RANK_OF, SUIT_OF, SUITS, Numbers, card_of, score_title
from generator.rules.base import SetupError
from generator.scene import Circle, Group, Text

SHIPPED_GRID = "setup_grid: [[3, 6, 4, 5], [4, 5, 3, 6], [5, 4, 6, 3], [6, 3, 5, 4]]"
EDITED_GRID = [[1, 2, 3, 4], [4, 5, 3, 6], [5, 4, 6, 3], [6, 3, 5, 2]]


def walk(items):  # type: ignore[no-untyped-def]
    for item in items:
        yield item
        if isinstance(item, Group):
            yield from walk(item.children)


def edited_copy(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    """A copy of the shipped Zero Grid content folder with ``(old, new)`` text edits."""
    folder = tmp_path / "content" / "zero-grid"
    shutil.copytree(shipped_root() / "content" / "zero-grid", folder)
    game_yaml = folder / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    game_yaml.write_text(text, encoding="utf-8")
    return folder


def test_cards_follow_the_convention() -> None:
    """card = suit * 13 + rank index, suits in the content's order, 2 lowest, ace highest."""
    assert SUITS == tuple(shipped_game("zero-grid").content.suits)
    assert card_of(2, 0) == 0 and card_of(14, 3) == 51 and card_of(10, 2) == 2 * 13 + 8
    assert [card_text(c) for c in (0, 12, 13, 38, 51)] == ["2♠", "A♠", "2♥", "A♦", "A♣"]
    assert all(parse_card(card_text(c)) == c for c in DECK)
    assert [RANK_OF[c] for c in DECK[:13]] == list(range(2, 15)) and set(SUIT_OF) == {0, 1, 2, 3}
    assert sum(FACE) == 16 and FACE[parse_card("J♣")] and not FACE[parse_card("10♠")]


def test_initiative_key_is_rank_then_the_content_suit_order() -> None:
    numbers = Numbers.from_content(shipped_game("zero-grid").content)
    key = numbers.initiative
    order = ["2♣", "2♦", "2♥", "2♠", "3♣", "10♠", "J♣", "K♠", "A♣", "A♦", "A♥", "A♠"]
    assert sorted(order, key=lambda c: key[parse_card(c)]) == order
    assert [card_text(c) for c in numbers.neutral_deck[:5]] == ["2♣", "2♦", "2♥", "2♠", "3♣"]


def test_shipped_numbers() -> None:
    numbers = Numbers.from_content(shipped_game("zero-grid").content)
    assert grid_columns(numbers.grid) == [[3, 6, 4, 5], [4, 5, 3, 6], [5, 4, 6, 3], [6, 3, 5, 4]]
    assert [score_title(numbers, n) for n in (0, 5, 9, 13, 16)] == [
        "Did you read the rules!", "Diamond Cutter", "Swaptastic", "Die Slayer", "Zero Hero"]
    assert numbers.suit_powers and numbers.suit_powers["hearts"].effect == "The die gains two pips, to at most six."


@pytest.mark.parametrize("old, new, message", [
    (SHIPPED_GRID, "setup_grid: [[3, 6, 4, 5], [4, 5, 3, 6], [5, 4, 6, 3]]", "four columns"),
    (SHIPPED_GRID, "setup_grid: [[3, 6, 4, 7], [4, 5, 3, 6], [5, 4, 6, 3], [6, 3, 5, 4]]", "a pip is 1 to 6"),
    ("{min: 5, max: 8, title: Diamond Cutter}", "{min: 6, max: 8, title: Diamond Cutter}", "run on from 5"),
    ("initiative_suit_order: [spades, hearts, diamonds, clubs]", "initiative_suit_order: [spades, hearts]",
     "initiative_suit_order"),
    ("    hand: 4\n", "    hand: 5\n", "a hand is 4 cards"),
    ("suits: [spades, hearts, diamonds, clubs]", "suits: [hearts, spades, diamonds, clubs]", "card numbering"),
])
def test_bad_numbers_are_refused_by_name(tmp_path: Path, old: str, new: str, message: str) -> None:
    folder = edited_copy(tmp_path, (old, new))
    with pytest.raises(SetupError, match=message):
        make(parse_game(folder))


def test_an_edited_number_reaches_the_engine_and_the_print(tmp_path: Path) -> None:
    """Issue 12: change the setup grid, a scoring title and the Initiative suit order in a
    copy of the content; the engine's games and the printed grid and chart follow."""
    folder = edited_copy(
        tmp_path,
        (SHIPPED_GRID, f"setup_grid: {EDITED_GRID}"),
        ("{min: 0, max: 4, title: Did you read the rules!}", "{min: 0, max: 4, title: Rookie}"),
        ("initiative_suit_order: [spades, hearts, diamonds, clubs]",
         "initiative_suit_order: [clubs, diamonds, hearts, spades]"),
    )
    game = parse_game(folder)
    engine = make(game)
    state = engine.new_game(seed=3)
    assert [grid_columns(g) for g in state.grids] == [EDITED_GRID, EDITED_GRID]
    assert engine.result(state).details["titles"] == ("Rookie", "Rookie")
    hands = {"P1": ["J♣", "Q♣", "K♣", "A♠"], "P2": ["2♥", "3♥", "4♥", "A♣"]}
    out = engine.run_example({"hands": hands},
                             ["P1 programs J♣ Q♣ K♣, initiative A♠", "P2 programs 2♥ 3♥ 4♥, initiative A♣"], [])
    assert out["initiative"] == "P2", "Clubs now outrank Spades at equal rank"
    assert out["grid"]["P1"][0] == EDITED_GRID[0]

    printed = {c.id: c for c in components(game.content, FaceOptions(), tmp_path)}
    grid_scene = printed["player-grid"].faces[0].front
    faint = palette("zero-grid", "colour").faint
    pips = [i for i in walk(grid_scene.items) if isinstance(i, Circle) and i.style.fill == faint]
    assert len(pips) == sum(map(sum, EDITED_GRID)) != 4 * (3 + 6 + 4 + 5)
    chart = [i.text for i in walk(printed["scoring-chart"].faces[0].front.items) if isinstance(i, Text)]
    assert "Rookie" in chart and "Did you read the rules!" not in chart
