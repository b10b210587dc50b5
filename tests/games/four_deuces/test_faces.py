"""The Four Deuces' suit and character cards are laid out from data
(content/four-deuces/card-layout.yaml): a designer restyles them by editing that file,
and a mistake in it is one FILE:LINE error, exit 2, nothing written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.components.base import FaceOptions
from generator.content.errors import ContentInvalid
from generator.content.loader import parse_game
from generator.games.four_deuces.faces import components
from generator.scene import Circle, Group, Text

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    for folder in ("content", "templates"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    return tmp_path


def layout_file(project: Path) -> Path:
    return project / "content" / "four-deuces" / "card-layout.yaml"


def cards(project: Path, component: str, options: FaceOptions = FaceOptions()) -> list:
    game = parse_game(project / "content" / "four-deuces")
    (found,) = [c for c in components(game.content, options, project) if c.id == component]
    return [face.front for face in found.faces]


def flat(items) -> list:
    out = []
    for item in items:
        out.extend(flat(item.children) if isinstance(item, Group) else [item])
    return out


def test_editing_the_layout_file_restyles_the_suit_cards(project: Path) -> None:
    path = layout_file(project)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("align: center, colour: suit}", "align: center, colour: '#123456'}")
                    .replace("medallion: {kind: circle, x: 12.5mm", "medallion: {kind: circle, x: 10.5mm"),
                    encoding="utf-8")
    for card in cards(project, "suit-cards"):
        items = flat(card.items)
        (name,) = [i for i in items if isinstance(i, Text) and i.name == "box name"]
        assert name.fill == "#123456" and name.text in ("BOOTLEGGING", "GAMBLING", "PROSTITUTION", "MURDER")
        (medallion,) = [i for i in items if isinstance(i, Circle)]
        assert medallion.cx == 29.5  # moved 2 mm left: 10.5 + 38 / 2


def test_every_suit_card_and_character_card_comes_from_the_layout(project: Path) -> None:
    suits = cards(project, "suit-cards")
    assert [s.title for s in suits] == [f"The Four Deuces: {s} card" for s in ("bootlegging", "gambling",
                                                                                  "prostitution", "murder")]
    characters = cards(project, "character-cards")
    texts = [{i.text for i in flat(c.items) if isinstance(i, Text)} for c in characters]
    assert {"CHARACTER", "Al Capone", "AC", "ABILITY"} <= texts[0] and {"Bugs Moran", "BM"} <= texts[1]


def test_a_mistake_in_the_layout_file_is_one_file_line_error_and_nothing_is_written(project: Path) -> None:
    path = layout_file(project)
    lines = path.read_text(encoding="utf-8").splitlines()
    (line,) = [n for n, text in enumerate(lines, start=1) if text.strip().startswith("symbol:")]
    lines[line - 1] = lines[line - 1].replace("kind: suit", "kind: suitt")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["--project", str(project), "pnp", "four-deuces", "--paper", "a4"])
    assert result.exit_code == 2
    assert f"card-layout.yaml:{line}" in result.output and "symbol" in result.output
    assert "'suitt' is not a kind of box" in result.output
    assert not list((project / "output").rglob("*.pdf"))


def test_an_ability_too_long_for_its_panel_points_at_game_yaml(project: Path) -> None:
    game_file = project / "content" / "four-deuces" / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    long = "trade one of your unused dice for one of your opponent's unused dice. " * 8
    game_file.write_text(text.replace("trade one of your unused dice for one of your\n        opponent's unused dice.",
                                      long.strip()), encoding="utf-8")
    with pytest.raises(ContentInvalid) as caught:
        cards(project, "character-cards")
    (error,) = caught.value.errors
    assert error.file == game_file and error.path == ("data", "characters", 1, "ability")
    assert "'Bugs Moran'" in error.message and "box 'ability'" in error.message and "does not fit" in error.message


def test_a_project_without_the_layout_file_uses_the_one_pipworks_ships(project: Path) -> None:
    layout_file(project).unlink()
    assert len(cards(project, "suit-cards")) == 4


def test_validate_and_build_find_a_layout_mistake_before_writing_anything(project: Path) -> None:
    path = layout_file(project)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("fill: white, stroke: suit, stroke_width: 0.6mm",
                                 "fill: whitish, stroke: suit, stroke_width: 0.6mm"), encoding="utf-8")
    (line,) = [n for n, row in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1) if "whitish" in row]
    for command in (["validate"], ["build"]):
        result = CliRunner().invoke(app, ["--project", str(project), *command])
        assert result.exit_code == 2, (command, result.output)
        assert f"card-layout.yaml:{line}" in result.output and "'whitish' is not a colour" in result.output
        assert result.output.count("whitish") == 1  # one error, not one per card or card size
    assert not (project / "output").exists() or not any(p.is_file() for p in (project / "output").rglob("*"))
