"""`pipworks validate` runs the deck checks and points at the CSV row of the card at fault."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from generator.cli import app

runner = CliRunner()


@pytest.fixture
def project(tmp_path: Path, shipped_deck: Path) -> Path:
    """A project holding only the Multisuit game, its game.yaml naming the deck files."""
    source = shipped_deck.parent
    folder = tmp_path / "proj" / "content" / "multisuit"
    folder.mkdir(parents=True)
    for name in ("deck.csv", "deck-rules.yaml"):
        shutil.copy(source / name, folder / name)
    game = yaml.safe_load((source / "game.yaml").read_text())
    game["files"] = {"deck": "deck.csv", "deck_rules": "deck-rules.yaml"}
    (folder / "game.yaml").write_text(yaml.safe_dump(game, sort_keys=False, allow_unicode=True))
    return tmp_path / "proj"


def validate(project: Path):
    return runner.invoke(app, ["--project", str(project), "validate"])


def test_shipped_deck_validates(project: Path) -> None:
    result = validate(project)
    assert result.exit_code == 0, result.output
    assert "multisuit" in result.output


def test_failure_names_file_line_and_card(project: Path) -> None:
    deck = project / "content" / "multisuit" / "deck.csv"
    lines = deck.read_text().splitlines()
    # Find a card lacking clubs and give it a 10 in spades: a high rank where only low may be.
    index = next(i for i, line in enumerate(lines) if line.endswith(",-") and line.count("-") == 1)
    card_id, _, diamonds, _ = lines[index].split(",")
    lines[index] = f"{card_id},10,{diamonds},-"
    deck.write_text("\n".join(lines) + "\n")
    result = validate(project)
    assert result.exit_code == 2
    expected = (f"content/multisuit/deck.csv:{index + 1}: card {card_id}.spades: "
                f"card {card_id} lacks clubs but has a 10 in spades (only 4–8 allowed)")
    assert expected in result.output


def test_suit_count_failure(project: Path) -> None:
    deck = project / "content" / "multisuit" / "deck.csv"
    lines = deck.read_text().splitlines()
    index = next(i for i, line in enumerate(lines[1:], start=1) if line.split(",")[2] == "K")
    parts = lines[index].split(",")
    lines[index] = ",".join([parts[0], parts[1], "A", parts[3]])
    deck.write_text("\n".join(lines) + "\n")
    result = validate(project)
    assert result.exit_code == 2
    assert "content/multisuit/deck.csv: diamonds: diamonds has 3 kings, needs 4" in result.output
    assert "content/multisuit/deck.csv: diamonds: diamonds has 3 aces, needs 2" in result.output


def test_malformed_row_is_reported_with_line(project: Path) -> None:
    deck = project / "content" / "multisuit" / "deck.csv"
    deck.write_text(deck.read_text().replace("\n5,", "\n5,Z", 1))
    result = validate(project)
    assert result.exit_code == 2
    assert "content/multisuit/deck.csv:6: deck: spades rank" in result.output


def test_bad_threshold_file_is_reported(project: Path) -> None:
    rules = project / "content" / "multisuit" / "deck-rules.yaml"
    rules.write_text(rules.read_text().replace("max_same_rank_cards: 3", "max_same_rank_cards: many"))
    result = validate(project)
    assert result.exit_code == 2
    assert "deck-rules.yaml:" in result.output and "words.few.max_same_rank_cards" in result.output


def test_thresholds_without_a_deck_file(project: Path) -> None:
    game = project / "content" / "multisuit" / "game.yaml"
    data = yaml.safe_load(game.read_text())
    data["files"] = {"deck_rules": "deck-rules.yaml"}
    game.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    result = validate(project)
    assert result.exit_code == 2
    assert "files.deck_rules: deck_rules given but no deck file to check against them" in result.output


def test_a_deck_written_by_a_spreadsheet_program_reads(project: Path) -> None:
    """Spreadsheet programs save UTF-8 CSV with a byte-order mark before the header
    (issue 17: it was refused as 'header must be id,spades,…, got id,spades,…')."""
    deck = project / "content" / "multisuit" / "deck.csv"
    deck.write_bytes(b"\xef\xbb\xbf" + deck.read_bytes().replace(b"\n", b"\r\n"))
    assert validate(project).exit_code == 0
    result = runner.invoke(app, ["--project", str(project), "deck", "report", "--deals", "20",
                                 "--out", str(project / "report")])
    assert result.exit_code == 0, result.output


def test_a_header_with_an_invisible_character_shows_it(project: Path) -> None:
    deck = project / "content" / "multisuit" / "deck.csv"
    deck.write_text(deck.read_text().replace("id,spades", "id,\u200bspades", 1))
    result = validate(project)
    assert result.exit_code == 2
    assert "header must be id,spades,diamonds,clubs, got id,\\u200bspades,diamonds,clubs" in result.output
