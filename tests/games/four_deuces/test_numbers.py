"""One source of truth: the numbers of The Four Deuces are those of its game.yaml.

``Numbers`` parses the ``data:`` block once; the engine (through ``make``) and the print
files (through the faces) both read it, so editing a number in a copy of the content
changes the rules played and the components printed, with no constant to update."""

from __future__ import annotations

import dataclasses
import random
import shutil
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml

from generator.components.base import FaceOptions
from generator.content.loader import LoadedGame, parse_game
from generator.content.record import Invalid
from generator.games import find_game, find_spec
from generator.games.four_deuces.play import events
from generator.games.four_deuces.state import CHARACTERS, SUITS, Numbers, ReserveJoins, RoundWon
from generator.scene import Group, Item, Text

ROOT = Path(__file__).resolve().parents[3]
SHIPPED = ROOT / "content" / "four-deuces"
SPEC = find_spec("four-deuces")
assert SPEC is not None and SPEC.engine is not None and SPEC.faces is not None


def copy_with(tmp_path: Path, **changes: Any) -> LoadedGame:
    """A copy of the shipped game whose ``data:`` block has ``changes``, loaded as a build would."""
    folder = tmp_path / "content" / "four-deuces"
    shutil.copytree(SHIPPED, folder)
    path = folder / "game.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["data"].update(changes)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return parse_game(folder)


def play_out(engine: Any, seed: int) -> Any:
    state = engine.new_game(seed=seed)
    rng = random.Random(seed)
    while not engine.is_over(state):
        state = engine.apply(state, rng.choice(engine.legal_actions(state)))
    return state


def walk(items: tuple[Item, ...]) -> Iterator[Item]:
    for item in items:
        yield item
        if isinstance(item, Group):
            yield from walk(item.children)


def printed(game: LoadedGame, component: str) -> dict[str, str]:
    """Text name -> text of one printed component's first face."""
    faces = {c.id: c for c in SPEC.faces(game.content, FaceOptions(), ROOT)}[component].faces
    return {t.name: t.text for t in walk(faces[0].front.items) if isinstance(t, Text)}


def test_numbers_are_the_data_block_of_game_yaml() -> None:
    game = parse_game(SHIPPED)
    numbers = Numbers.from_content(game.content)
    data = game.content.data
    assert (numbers.track_places, numbers.dice_per_player, numbers.tricks_per_round) == (
        data["track_places"], data["dice_per_player"], data["tricks_per_round"])
    assert (numbers.hand, numbers.reserve, numbers.removed, numbers.rounds_to_win) == (
        data["hand"], data["reserve"], data["removed"], data["rounds_to_win"])
    assert [(c.name, c.ability) for c in numbers.characters] == [(c["name"], c["ability"]) for c in data["characters"]]
    # what follows from them: the rules' "exactly four", "a fifth trick", "best of three"
    assert (numbers.exactly, numbers.fifth, numbers.max_rounds, numbers.deck, numbers.per_suit) == (4, 5, 3, 16, 4)
    assert find_game("four-deuces").numbers == numbers
    assert SPEC.data is not None and SPEC.data() is Numbers


def test_engine_names_follow_the_content_order() -> None:
    """A card is its suit's index in content's ``suits:``; characters in data order."""
    content = parse_game(SHIPPED).content
    assert tuple(s.lower() for s in SUITS) == content.suit_names
    assert CHARACTERS == tuple(c["name"] for c in content.data["characters"])


def test_rounds_to_win_edited_in_content_changes_the_engine_and_the_score_sheet(tmp_path: Path) -> None:
    """Three rounds to win instead of two: games run longer, and the printed score sheet
    has a row for each of the five rounds a game can now last, and says so."""
    game = copy_with(tmp_path, rounds_to_win=3)
    engine = SPEC.engine(game)
    lengths = set()
    for seed in range(30):
        state = play_out(engine, seed)
        result = engine.result(state)
        assert max(result.scores) == 3 and min(result.scores) <= 2
        lengths.add(sum(isinstance(e, RoundWon) for e in events(state)))
        assert set(result.details) >= {"round_4_end", "round_5_end"}
    assert lengths <= {3, 4, 5} and 5 in lengths
    position = {"track": ["Murder", "Gambling", "Prostitution", "Bootlegging"], "hands": {"North": ["Murder"],
                "South": ["Murder"]}, "dice": {"North": [2], "South": [6]}, "tricks_won": {"North": 3, "South": 3},
                "rounds_won": {"North": 2, "South": 1}}
    out = engine.run_example(position, ["North plays Murder 2", "South plays Murder 6"], [])
    assert out["score"] == {"North": 2, "South": 2} and not out["game_over"]  # two rounds no longer win

    sheet, shipped = printed(game, "score-sheet"), printed(parse_game(SHIPPED), "score-sheet")
    assert "Round 5" in sheet.values() and "Round 4" not in shipped.values()
    assert "3 rounds win the game." in " ".join(sheet.values())
    assert "2 rounds win the game." in " ".join(shipped.values())


def test_deal_and_dice_edited_in_content_change_the_engine(tmp_path: Path) -> None:
    """A hand of three with a reserve of four, and eight dice each: dealt, rolled and
    played as the content says (the reserve joins after the third trick)."""
    game = copy_with(tmp_path, hand=3, reserve=4, dice_per_player=8)
    engine = SPEC.engine(game)
    state = engine.new_game(seed=1)
    assert [sum(h) for h in state.hands] == [3, 3] and [sum(r) for r in state.reserves] == [4, 4]
    assert [len(d) for d in state.dice] == [8, 8] and sum(state.removed) == 2
    joins = [e for e in events(play_out(engine, 1)) if isinstance(e, ReserveJoins)]
    assert joins and all(e == ReserveJoins(4, 7) for e in joins)
    assert any("join the hands for tricks 4 to 7" in line for line in engine.log(play_out(engine, 1)))


def test_track_places_edited_in_content_change_the_board_and_the_engine(tmp_path: Path) -> None:
    """Two places on the track: the board prints two token places, and the engine plays
    with two suits, eight cards each."""
    game = copy_with(tmp_path, track_places=2)
    board = printed(game, "suit-power-board")
    assert {"place 1", "place 2"} <= set(board) and "place 3" not in board
    assert "place 4" in printed(parse_game(SHIPPED), "suit-power-board")
    engine = SPEC.engine(game)
    for seed in range(10):
        state = play_out(engine, seed)
        assert sorted(state.track) == [0, 1]
        assert all(len(hand) == 2 for hand in state.hands)


@pytest.mark.parametrize("changes, where", [
    ({"tricks_per_round": 8, "reserve": 4}, "tricks_per_round"),
    ({"reserve": 2}, "reserve"),
    ({"dice_per_player": 6}, "dice_per_player"),
    ({"characters": [{"name": "Bugs Moran", "ability": "Trade a die."}, {"name": "Al Capone", "ability": "Pass a card."}]},
     "characters"),
    ({"track_places": 5}, "track_places"),
])
def test_numbers_the_rules_cannot_play_are_refused_naming_the_field(changes: dict[str, Any], where: str) -> None:
    content = parse_game(SHIPPED).content
    with pytest.raises(Invalid) as refused:
        Numbers.from_content(dataclasses.replace(content, data=dict(content.data, **changes)))
    assert any(loc[0] == where for loc, _ in refused.value.problems), refused.value.problems
