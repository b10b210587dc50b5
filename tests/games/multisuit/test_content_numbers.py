"""One source of truth: a number changed in a copy of the content changes both the
rules engine and the printed components (issue 12, deliver 3).

Each test copies content/multisuit into a temporary project, edits one number there
(game.yaml's ``data:`` block, deck.csv or deck-rules.yaml), and builds the engine and
the faces from that copy exactly as a build does (``find_spec(...).engine(game)`` and
``.faces(content, options, root)``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.components.base import FaceOptions
from generator.content.loader import LoadedGame, parse_game
from generator.games import find_spec
from generator.games.multisuit.notation import card_text
from generator.games.multisuit.state import Numbers
from generator.rules.base import SetupError

from tests.components.helpers import by_id, texts
from tests.games.multisuit.helpers import EW, GAME, NS

ROOT = Path(__file__).resolve().parents[3]
SPEC = find_spec("multisuit")
assert SPEC is not None and SPEC.engine is not None and SPEC.faces is not None

#: The ninth trick of a deal, in cards of the shipped deck: North's ace of spades wins it.
NINTH = {"North": ["A♠J♦J♣"], "East": ["4♠4♦5♣"], "South": ["5♠5♦4♣"], "West": ["6♠6♦6♣"]}
NINTH_PLAY = ["North leads A♠J♦J♣ on spades", "East plays 4♠4♦5♣", "South plays 5♠5♦4♣", "West plays 6♠6♦6♣"]


def copy_project(tmp_path: Path) -> Path:
    folder = tmp_path / "content" / "multisuit"
    shutil.copytree(ROOT / "content" / "multisuit", folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path.name} no longer holds {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def engine_of(game: LoadedGame):  # type: ignore[no-untyped-def]
    assert SPEC is not None and SPEC.engine is not None
    return SPEC.engine(game)


def score_sheet_text(game: LoadedGame, root: Path) -> str:
    assert SPEC is not None and SPEC.faces is not None
    sheet = by_id(list(SPEC.faces(game.content, FaceOptions(), root)), "score-sheet")
    return " ".join(t.text for face in sheet.faces for t in texts(face.front))


def test_the_shipped_numbers_are_what_the_engine_and_faces_use(tmp_path: Path) -> None:
    game = parse_game(copy_project(tmp_path))
    numbers = Numbers.from_content(game.content)
    assert (numbers.target_points, numbers.rubber_games.win, numbers.rubber_games.best_of) == (5, 2, 3)
    assert numbers.ranks == ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A") and numbers.deck_size == 36
    assert engine_of(game).numbers == numbers
    assert "First to 5 points" in score_sheet_text(game, tmp_path)


def test_target_points_change_the_engine_and_the_score_sheet(tmp_path: Path) -> None:
    folder = copy_project(tmp_path)
    edit(folder / "game.yaml", "target_points: 5", "target_points: 3")
    game = parse_game(folder)
    engine = engine_of(game)
    position = {"hands": NINTH, "tricks": {NS: 4, EW: 4}, "points": {NS: 2, EW: 0}}
    changed = engine.run_example(position, NINTH_PLAY, ["one-game"])
    assert changed["game_winner"] == NS and changed["phase"] == "over" and changed["score"] == {NS: 3, EW: 0}
    shipped = GAME.run_example(position, NINTH_PLAY, ("one-game",))
    assert shipped["game_winner"] is None and shipped["phase"] == "exchange"
    assert "3 points" in engine.variants["one-game"]
    text = score_sheet_text(game, tmp_path)
    assert "First to 3 points" in text and "First to 5 points" not in text


def test_rubber_games_change_the_engine_and_the_score_sheet(tmp_path: Path) -> None:
    folder = copy_project(tmp_path)
    edit(folder / "game.yaml", "rubber_games: {win: 2, best_of: 3}", "rubber_games: {win: 3, best_of: 5}")
    game = parse_game(folder)
    engine = engine_of(game)
    position = {"hands": NINTH, "tricks": {NS: 4, EW: 4}, "points": {NS: 4}, "games": {NS: 1, EW: 1}}
    changed = engine.run_example(position, NINTH_PLAY, [])
    assert changed["game_winner"] == NS and changed["winner"] is None and changed["games"] == {NS: 2, EW: 1}
    assert GAME.run_example(position, NINTH_PLAY, ())["winner"] == NS
    position["games"] = {NS: 2, EW: 1}
    assert engine.run_example(position, NINTH_PLAY, [])["winner"] == NS
    text = score_sheet_text(game, tmp_path)
    assert "3 games win the rubber" in text and "G5 E–W" in text and "Game 5" in text


def test_a_changed_deck_file_changes_the_engines_cards_and_the_faces(tmp_path: Path) -> None:
    folder = copy_project(tmp_path)
    lines = (folder / "deck.csv").read_text(encoding="utf-8").splitlines()
    first = lines[1].split(",")
    spare = next(line for line in lines[2:] if line.endswith(",-") and "-" not in line.split(",")[1:3])
    # swap the ranks of card 1 and a card lacking clubs: the deck keeps its make-up
    lines[lines.index(spare)] = ",".join([spare.split(",")[0], *first[1:]])
    lines[1] = ",".join([first[0], *spare.split(",")[1:]])
    (folder / "deck.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    game = parse_game(folder)
    engine = engine_of(game)
    wanted = "".join(rank + symbol for rank, symbol in zip(spare.split(",")[1:], "♠♦♣"))
    assert card_text(engine.table, 0) == wanted
    assert SPEC is not None and SPEC.faces is not None
    cards = by_id(list(SPEC.faces(game.content, FaceOptions(), tmp_path)), "playing-cards")
    shown = {t.name: t.text for t in texts(cards.faces[0].front)}
    assert [shown[f"card 1 {suit} rank"] for suit in ("spades", "diamonds", "clubs")] == spare.split(",")[1:]


def test_the_deck_rules_per_suit_counts_are_what_the_engine_checks(tmp_path: Path) -> None:
    folder = copy_project(tmp_path)
    edit(folder / "deck-rules.yaml", "  A: 2\n", "  A: 3\n")
    with pytest.raises(SetupError, match="spades has 2 × A, the rules need 3"):
        engine_of(parse_game(folder))
