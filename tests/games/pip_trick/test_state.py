"""Pip Trick's numbers have one source: the ``data:`` block of its game.yaml.

Changing a number in a copy of the content changes both what the engine plays by and
what the player mat and score sheet print; numbers the rules cannot play by are refused.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.components.base import FaceOptions
from generator.content.loader import parse_game
from generator.content.record import Invalid, parse
from generator.games import find_spec, shipped_game
from generator.games.pip_trick.engine import make
from generator.games.pip_trick.faces import components
from generator.games.pip_trick.state import Numbers, State, score_key
from generator.scene import Circle, Group, Scene, Text

ROOT = Path(__file__).resolve().parents[3]


def edited_copy(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    """A copy of content/pip-trick with each ``(old, new)`` line of game.yaml replaced."""
    folder = tmp_path / "content" / "pip-trick"
    shutil.copytree(ROOT / "content" / "pip-trick", folder)
    yaml_file = folder / "game.yaml"
    text = yaml_file.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    yaml_file.write_text(text, encoding="utf-8")
    return folder


def walk(items):
    for item in items:
        yield item
        if isinstance(item, Group):
            yield from walk(item.children)


def printed(folder: Path) -> dict[str, Scene]:
    """The printed player mat and score sheet of the game in ``folder``."""
    content = parse_game(folder).content
    by_id = {c.id: c for c in components(content, FaceOptions(), folder.parents[1])}
    return {"mat": by_id["player-mat"].faces[0].front, "sheet": by_id["score-sheet"].faces[0].front}


def words(scene: Scene) -> list[str]:
    return [item.text for item in walk(scene.items) if isinstance(item, Text)]


def faint_pips(scene: Scene) -> int:
    """Pips printed faintly in the Available slots: the start dice, summed."""
    from generator.components.palette import palette

    faint = palette("pip-trick", "colour").faint
    return sum(1 for item in walk(scene.items) if isinstance(item, Circle) and item.style.fill == faint)


def test_the_spec_names_the_record_of_the_data_block() -> None:
    spec = find_spec("pip-trick")
    assert spec is not None and spec.data is not None and spec.data() is Numbers
    numbers = Numbers.from_content(shipped_game("pip-trick").content)
    assert numbers.start_dice == (2, 3, 4, 5) and numbers.easier_start_dice == (4, 4, 4, 4)
    assert numbers.trumps == (0, 1, 2, 3) and numbers.rounds == 4
    assert numbers.active_dice_by_round == (4, 3, 2, 1) and numbers.tie_break_order == (6, 5, 4, 3, 2, 1)
    assert hash(numbers) == hash(Numbers.from_content(shipped_game("pip-trick").content))


def test_start_dice_edited_in_content_change_the_engine_and_the_mat(tmp_path: Path) -> None:
    shipped = ROOT / "content" / "pip-trick"
    folder = edited_copy(tmp_path, ("start_dice: [2, 3, 4, 5]", "start_dice: [6, 1, 6, 1]"),
                         ("easier_start_dice: [4, 4, 4, 4]", "easier_start_dice: [3, 3, 3, 3]"))
    engine = make(parse_game(folder))
    assert engine.new_game(4, seed=1).dice == (6, 1, 6, 1) * 4
    assert engine.new_game(3, ("easier-start",), seed=1).dice == (3, 3, 3, 3) * 3
    assert engine.run_example({}, [], [])["dice"]["North"] == [6, 1, 6, 1]
    assert make(parse_game(shipped)).new_game(4, seed=1).dice == (2, 3, 4, 5) * 4
    assert faint_pips(printed(shipped)["mat"]) == 2 + 3 + 4 + 5
    assert faint_pips(printed(folder)["mat"]) == 6 + 1 + 6 + 1


def test_trump_order_and_rounds_edited_in_content_change_the_engine_and_the_print(tmp_path: Path) -> None:
    """Three rounds, clubs first: the engine's trump and game length follow, and so do the
    mat's track and the score sheet's rows."""
    folder = edited_copy(tmp_path, ("trump_order: [hearts, diamonds, spades, clubs]", "trump_order: [clubs, hearts, spades]"),
                         ("rounds: 4", "rounds: 3"), ("active_dice_by_round: [4, 3, 2, 1]", "active_dice_by_round: [4, 3, 2]"))
    engine = make(parse_game(folder))
    assert engine.run_example({"round": 1}, [], [])["trump"] == "clubs"
    assert engine.run_example({"trump": "spades"}, [], [])["round"] == 3
    out = engine.run_example({"round": 1}, ["North plays 2♣", "East plays A♥", "South plays K♠", "West plays 3♦"], [])
    assert out["trick_winner"] == "North"  # a low club is trump in round 1 now
    state = engine.new_game(4, seed=5)
    assert engine.log(state)[0].startswith("Round 1: clubs are trump")
    import random

    rng = random.Random(5)
    while not engine.is_over(state):
        state = engine.apply(state, rng.choice(engine.legal_actions(state)))
    assert state.round == 2 and [len(locked) for locked in engine.result(state).details["locked"]] == [3] * 4
    mat, sheet = printed(folder).values()
    assert [w.split()[0].lower() for w in words(mat) if w.endswith(" trump")] == ["clubs", "hearts", "spades"]
    assert [w for w in words(mat) if w.endswith(" active dice") or w.endswith(" active die")] == [
        "4 active dice", "3 active dice", "2 active dice"]
    assert "Round 3" in words(sheet) and "Round 4" not in words(sheet)


def test_tie_break_order_edited_in_content_changes_the_ranking_and_the_sheet(tmp_path: Path) -> None:
    folder = edited_copy(tmp_path, ("tie_break_order: [6, 5, 4, 3, 2, 1]", "tie_break_order: [1, 2, 3, 4, 5, 6]"))
    engine = make(parse_game(folder))
    dice = {"North": [6, 2, 2, 4], "East": [5, 5, 3, 1], "South": [6, 1, 4, 3], "West": [5, 5, 2, 2]}
    hands = {"North": ["2♠"], "East": ["3♠"], "South": ["4♠"], "West": ["5♠"]}
    moves = ["North plays 2♠", "East plays 3♠ face down", "South plays 4♠ face down", "West plays 5♠ face down",
             *(f"{p} locks die 4" for p in ("North", "East", "South", "West"))]
    out = engine.run_example({"round": 4, "hands": hands, "dice": dice}, moves, [])
    assert out["score"] == {"North": 14, "East": 14, "South": 14, "West": 14}
    assert out["final_ranking"] == [["South"], ["East"], ["North"], ["West"]]  # most 1s first now
    assert score_key([6, 1], (1, 2, 3, 4, 5, 6)) == (7, 1, 0, 0, 0, 0, 1)
    assert any("most 1s, 2s, 3s, 4s, 5s, 6s" in w for w in words(printed(folder)["sheet"]))


@pytest.mark.parametrize("change,field", [
    ({"rounds": 5}, "rounds"),
    ({"trump_order": ["hearts", "diamonds", "spades"]}, "trump_order"),
    ({"active_dice_by_round": [4, 4, 2, 1]}, "active_dice_by_round"),
    ({"start_dice": [2, 3, 4, 7]}, "start_dice"),
    ({"tie_break_order": [6, 5, 4, 3, 2, 2]}, "tie_break_order"),
])
def test_numbers_the_rules_cannot_play_by_are_refused(change: dict, field: str) -> None:
    data = {**shipped_game("pip-trick").content.data, **change}
    with pytest.raises(Invalid) as caught:
        parse(Numbers, data)
    assert field in {str(loc[0]) for loc, _ in caught.value.problems}


def test_every_state_carries_its_numbers() -> None:
    engine = make(shipped_game("pip-trick"))
    state = engine.new_game(4, seed=2)
    assert isinstance(state, State) and state.numbers is engine.numbers
    assert hash(state) == hash(engine.new_game(4, seed=2))
