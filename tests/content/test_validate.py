"""`pipworks validate` on broken content: one clear message, exit code 2, nothing written.

Each test copies a small valid project, breaks exactly one thing, and checks that the
message names the file, the line, the field path and the problem.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "tiny"
runner = CliRunner()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    dest = tmp_path / "proj"
    shutil.copytree(FIXTURE, dest)
    return dest


def game_file(project: Path) -> Path:
    return project / "content" / "tiny" / "game.yaml"


def replace(project: Path, old: str, new: str) -> None:
    path = game_file(project)
    text = path.read_text()
    assert old in text, f"fixture lacks {old!r}"
    path.write_text(text.replace(old, new, 1))


def run(project: Path, *args: str):
    return runner.invoke(app, ["--project", str(project), *args])


def line_of(project: Path, needle: str) -> int:
    for number, line in enumerate(game_file(project).read_text().splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(needle)


def assert_fails(project: Path, field: str, problem: str, line: int | None) -> str:
    result = run(project, "validate")
    assert result.exit_code == 2, result.output
    out = result.output
    where = f"content/tiny/game.yaml:{line}:" if line else "content/tiny/game.yaml"
    assert where in out, out
    assert field in out and problem in out, out
    return out


def test_valid_fixture_passes(project: Path) -> None:
    result = run(project, "validate")
    assert result.exit_code == 0, result.output
    assert "1 games" in result.output


def test_invalid_yaml_names_file_and_line(project: Path) -> None:
    replace(project, "title: Tiny Trick", "title: [Tiny Trick")
    result = run(project, "validate")
    assert result.exit_code == 2
    assert "content/tiny/game.yaml:" in result.output and "invalid YAML" in result.output


def test_missing_required_field(project: Path) -> None:
    replace(project, "tagline: The smallest game the schema accepts.\n", "")
    assert_fails(project, "tagline", "required field is missing", None)


def test_wrong_type(project: Path) -> None:
    replace(project, "    count: 8", "    count: eight")
    assert_fails(project, "components[0].count", "valid integer", line_of(project, "count: eight"))


def test_unknown_suit_in_game(project: Path) -> None:
    replace(project, "suits: [hearts, spades]", "suits: [hearts, stars]")
    assert_fails(project, "suits[1]", "unknown suit 'stars'", line_of(project, "suits: [hearts, stars]"))


def test_unknown_suit_in_quickref(project: Path) -> None:
    replace(project, "    suit: hearts", "    suit: clubs")
    assert_fails(project, "quickref[0].suit", "unknown suit 'clubs'", line_of(project, "suit: clubs"))


def test_duplicate_rule_id(project: Path) -> None:
    replace(project, "      - id: win-trick", "      - id: play-trick")
    out = assert_fails(project, "rules[0].sections[0].id", "duplicate id 'play-trick'", line_of(project, "      - id: play-trick"))
    assert f"first used at line {line_of(project, '  - id: play-trick')}" in out


def test_dangling_rule_reference(project: Path) -> None:
    replace(project, "    rule: win-trick", "    rule: win-the-trick")
    assert_fails(project, "clarifications[0].rule", "'win-the-trick', which does not exist", line_of(project, "rule: win-the-trick"))


def test_component_count_must_add_up(project: Path) -> None:
    replace(project, "    count: 8", "    count: 9")
    assert_fails(project, "components[0].count", "2 suits × 4 per suit = 8", line_of(project, "count: 9"))


def test_deal_must_add_up(project: Path) -> None:
    replace(project, "set_aside: 2", "set_aside: 1")
    assert_fails(project, "deals[0]", "the deck has 8 cards", line_of(project, "set_aside: 1"))


def test_path_that_leaves_the_project_is_refused(project: Path) -> None:
    (project.parent / "outside.yaml").write_text("examples: []\n")
    with game_file(project).open("a") as handle:
        handle.write("files:\n  examples: ../../../outside.yaml\n")
    assert_fails(project, "files.examples", "leaves the project", line_of(project, "examples: ../../../outside.yaml"))


def test_every_problem_reported_at_once(project: Path) -> None:
    replace(project, "    count: 8", "    count: 9")
    replace(project, "    rule: win-trick", "    rule: nowhere")
    result = run(project, "validate")
    assert result.exit_code == 2
    assert "components[0].count" in result.output and "clarifications[0].rule" in result.output
    assert "2 problem(s)" in result.output


def test_broken_content_writes_nothing(project: Path) -> None:
    replace(project, "    rule: win-trick", "    rule: nowhere")
    result = run(project, "build")
    assert result.exit_code == 2, result.output
    assert not (project / "output").exists()


def test_build_renders_rules_through_templates(project: Path) -> None:
    result = run(project, "build", "tiny")
    assert result.exit_code == 0, result.output
    page = (project / "output" / "tiny" / "tiny-rulebook.md").read_text()
    assert "The higher card of the led suit wins." in page
    assert "{: #win-trick }" in page


def test_content_is_escaped_not_executed(project: Path) -> None:
    replace(project, "The leader wins.", "The leader wins <script>alert(1)</script>.")
    result = run(project, "build", "tiny")
    assert result.exit_code == 0, result.output
    page = (project / "output" / "tiny" / "tiny-rulebook.md").read_text()
    assert "<script>" not in page and "&lt;script&gt;" in page
