"""One source of truth: the numbers of game.yaml's ``data:`` block drive the engine AND the
printed components. Each test edits a number in a copy of the content and sees both follow."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from generator.components.base import FaceOptions
from generator.content.loader import parse_game
from generator.games import find_spec
from generator.games.dice_lanes.engine import make
from generator.games.dice_lanes.faces import components
from generator.games.dice_lanes.notation import card_text, parse_card
from generator.games.dice_lanes.state import Numbers
from generator.rules.base import SetupError
from generator.scene import Group, Rect, Text

ROOT = Path(__file__).resolve().parents[3]


def edited(tmp_path: Path, *changes: tuple[str, str]) -> Path:
    """A copy of the shipped Dice Lanes content with each ``(old, new)`` text replaced."""
    folder = tmp_path / "content" / "dice-lanes"
    shutil.copytree(ROOT / "content" / "dice-lanes", folder)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    return folder


def walk(items):  # type: ignore[no-untyped-def]
    for item in items:
        yield item
        if isinstance(item, Group):
            yield from walk(item.children)


def printed(folder: Path) -> dict[str, str]:
    """Component id -> every word printed on it, in order."""
    content = parse_game(folder).content
    return {c.id: " ".join(t.text for face in c.faces for t in walk(face.front.items) if isinstance(t, Text))
            for c in components(content, FaceOptions(), folder.parents[1])}


def finish(engine, state, seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    rounds = {state.round}
    while not engine.is_over(state):
        state = engine.apply(state, rng.choice(engine.legal_actions(state)))
        rounds.add(state.round)
    return state, rounds


def test_the_shipped_numbers() -> None:
    numbers = Numbers.from_content(parse_game(ROOT / "content" / "dice-lanes").content)
    assert (numbers.lanes, numbers.hand_size, len(numbers.deck), numbers.depth) == (3, 4, 24, 2)
    assert (numbers.rounds.standard, numbers.rounds.extended, numbers.dice.standard, numbers.dice.extended) == (3, 4, 9, 12)
    assert numbers.slot_names == {-2: "P1 Draw 2", -1: "P1 Draw 1", 0: "Center", 1: "P2 Draw 1", 2: "P2 Draw 2"}
    spec = find_spec("dice-lanes")
    assert spec is not None and spec.data is not None and spec.data() is Numbers


def test_hand_size_rounds_and_dice_follow_the_content(tmp_path: Path) -> None:
    folder = edited(tmp_path, ("hand_size: 4", "hand_size: 5"),
                    ("rounds: {standard: 3, extended: 4}", "rounds: {standard: 2, extended: 3}"),
                    ("dice: {standard: 9, extended: 12}", "dice: {standard: 7, extended: 15}"))
    engine = make(parse_game(folder))
    state = engine.new_game(seed=1)
    assert len(state.hands[0]) == len(state.hands[1]) == 5 and len(state.pile) == 24 - 10
    assert state.rounds == 2 and state.pool == 7 - 3
    assert finish(engine, state, 1)[1] == {1, 2}
    extended = engine.new_game(seed=1, variants=["extended-game"])
    assert extended.rounds == 3 and extended.pool == 15 - 3
    assert finish(engine, extended, 1)[1] == {1, 2, 3}
    assert engine.variants["extended-game"] == "Extended game: 3 rounds with a pool of 15 dice."
    # ... and the print files say the same
    words = printed(folder)
    assert "Unused dice wait here: 7 for 2 rounds, 15 for the 3-round game." in words["lane-board"]
    assert "After 2 rounds (3 in the extended game)" in words["score-pad"]
    assert "Round 3" in words["score-pad"] and "Round 4" not in words["score-pad"]
    shipped = printed(ROOT / "content" / "dice-lanes")
    assert "Unused dice wait here: 9 for 3 rounds, 12 for the 4-round game." in shipped["lane-board"]
    assert "Round 4" in shipped["score-pad"]


def test_lanes_and_deck_ranks_follow_the_content(tmp_path: Path) -> None:
    folder = edited(tmp_path, ("  lanes: 3\n", "  lanes: 2\n"),
                    ('deck_ranks: [A, "2", "3", "4", "5", "6"]', 'deck_ranks: [A, "2", "3", "4", "5"]'))
    engine = make(parse_game(folder))
    state = engine.new_game(seed=4)
    assert len(state.pips) == 2 and all(state.pips) and state.pool == 9 - 2
    assert len(state.decks[0]) == 20 and sorted(state.decks[0]) == list(range(20))
    numbers = engine.numbers
    assert card_text(numbers, 4) == "5♥" and card_text(numbers, 5) == "A♦" and parse_card(numbers, "A♦") == 5
    with pytest.raises(SetupError):
        parse_card(numbers, "6♥")
    assert {a[1] for a in engine.legal_actions(state)} == {0, 1}
    finish(engine, state, 4)
    board = next(c for c in components(parse_game(folder).content, FaceOptions(), tmp_path) if c.id == "lane-board")
    slots = [i for i in walk(board.faces[0].front.items) if isinstance(i, Rect) and i.style.dash and abs(i.w - i.h) < 1e-6]
    assert len(slots) == 2 * 5
    assert "LANE 2" in printed(folder)["lane-board"] and "LANE 3" not in printed(folder)["lane-board"]


def test_suit_powers_follow_the_content(tmp_path: Path) -> None:
    """The engine gives each suit the power the content names for it."""
    folder = edited(tmp_path, ('hearts: {name: Increase, effect: "+1 pip; a 6 stays 6"}',
                               'hearts: {name: Decrease, effect: "-1 pip; a 1 stays 1"}'),
                    ('diamonds: {name: Decrease, effect: "-1 pip; a 1 stays 1"}',
                     'diamonds: {name: Increase, effect: "+1 pip; a 6 stays 6"}'))
    engine = make(parse_game(folder))
    out = engine.run_example({"lanes": ["4 in Center", "empty", "empty"], "programmed": {"P1": {1: "A♥"}, "P2": {1: "A♦"}}},
                             ["P1 resolves A♥ in lane 1: decrease", "P2 resolves A♦ in lane 1: increase"], ())
    assert out["log"][:2] == ["P1 resolves A♥ in lane 1: Decrease, the die goes from 4 to 3.",
                              "P2 resolves A♦ in lane 1: Increase, the die goes from 3 to 4."]
    words = printed(folder)["lane-board"]
    assert words.index("Decrease") < words.index("Increase")  # the hearts row comes first, as in the content


def test_a_wrong_number_is_refused_naming_the_field(tmp_path: Path) -> None:
    folder = edited(tmp_path, ("hand_size: 4", "hand_size: 2"))
    with pytest.raises(SetupError, match="hand_size"):
        make(parse_game(folder))
    folder = edited(tmp_path / "b", ("clubs: {name: Swap,", "clubs: {name: Juggle,"))
    with pytest.raises(SetupError, match="Juggle"):
        make(parse_game(folder))


def test_an_empty_pool_leaves_the_lane_empty(tmp_path: Path) -> None:
    """dice-pool-exhausted: never with the shipped 9 dice, but in a house game with 4 a
    lane that finds the pool empty at the round's end stays empty."""
    engine = make(parse_game(edited(tmp_path, ("dice: {standard: 9, extended: 12}", "dice: {standard: 4, extended: 12}"))))
    position = {"lanes": ["2 in P1 Draw 1", "empty", "empty"], "claimed": {"P1": [3], "P2": [4]},
                "hands": {"P1": [], "P2": []}, "rolls": [5]}
    out = engine.run_example(position, [], ())
    assert out["lanes"] == ["2 in P1 Draw 1", "5 in Center", "empty"] and out["pool"] == 0
    assert "Lane 3 stays empty: the dice pool is used up." in out["log"]
