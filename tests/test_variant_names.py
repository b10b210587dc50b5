"""One name per variant: the id the rulebook shows is what `--variant`, `play`,
`simulate` and worked examples take (issue 17, "the names players read are the names
commands take")."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.games import SHIPPED, find_game, shipped_game
from generator.verify.examples import content_examples

ROOT = Path(__file__).resolve().parents[1]
GAMES = [spec.slug for spec in SHIPPED]
runner = CliRunner()


@pytest.mark.parametrize("slug", GAMES)
def test_the_rulebook_and_the_engine_name_each_variant_alike(slug: str) -> None:
    content = shipped_game(slug).content
    ids = [v.id for v in content.variants]
    assert sorted(ids) == sorted(find_game(slug).variants)
    used = {v for e in content_examples(ROOT, [slug]) for v in e.variants}
    assert used <= set(ids)
    assert {c.variant for c in content.clarifications if c.variant} <= set(ids)


@pytest.mark.parametrize("slug", GAMES)
def test_the_printed_rulebook_shows_the_command_for_each_variant(slug: str, built_project: Path) -> None:
    content = shipped_game(slug).content
    markdown = (built_project / "output" / slug / f"{slug}-rulebook.md").read_text()
    pdf = " ".join(" ".join((page.extract_text() or "").split())
                   for page in PdfReader(built_project / "output" / slug / f"{slug}-rulebook.pdf").pages)
    page = (built_project / "output" / "site" / slug / "index.html").read_text()
    for variant in content.variants:
        command = f"pipworks play {slug} --variant {variant.id}"
        assert command in markdown
        assert command in pdf
        assert command in page and f"pipworks simulate {slug} --variant {variant.id}" in page


def test_simulate_and_play_take_the_rulebook_name() -> None:
    result = runner.invoke(app, ["simulate", "zero-grid", "--games", "4", "--workers", "1", "--variant", "solo-mode"])
    assert result.exit_code == 0, result.output
    assert "variants: solo-mode" in result.output
    result = runner.invoke(app, ["play", "dice-lanes", "--variant", "extended-game", "--seed", "1"], input="1\n" * 400)
    assert result.exit_code == 0, result.output[-400:]


def test_a_former_engine_name_is_refused_with_the_rulebook_names() -> None:
    result = runner.invoke(app, ["simulate", "zero-grid", "--games", "4", "--variant", "solo"])
    assert result.exit_code == 2
    assert "unknown variant(s) solo for zero-grid; known: easier, favor-at-reveal, hardcore, hardcore-rule-text, solo-mode" in result.output


def _project_with(tmp_path: Path, old: str, new: str) -> Path:
    project = tmp_path / "proj"
    shutil.copytree(ROOT / "content" / "pip-trick", project / "content" / "pip-trick")
    game = project / "content" / "pip-trick" / "game.yaml"
    text = game.read_text()
    assert old in text
    game.write_text(text.replace(old, new, 1))
    return project


def test_validate_refuses_a_variant_the_engine_does_not_play(tmp_path: Path) -> None:
    project = _project_with(tmp_path, "  - id: easier-start", "  - id: gentle-start")
    result = runner.invoke(app, ["--project", str(project), "validate"])
    assert result.exit_code == 2
    line = next(n for n, text in enumerate((project / "content/pip-trick/game.yaml").read_text().splitlines(), 1)
                if "id: gentle-start" in text)
    assert re.search(rf"content/pip-trick/game.yaml:{line}: variants\[0\]\.id: the rules engine has no variant "
                     r"'gentle-start'; it plays: easier-start, middle-die-exempt", result.output), result.output
    assert "the rules engine plays a variant 'easier-start' that the rulebook does not describe" in result.output


def test_validate_refuses_a_clarification_naming_no_variant(tmp_path: Path) -> None:
    project = _project_with(tmp_path, "variant: middle-die-exempt", "variant: middle-exempt")
    result = runner.invoke(app, ["--project", str(project), "validate"])
    assert result.exit_code == 2
    assert re.search(r"content/pip-trick/game.yaml:\d+: clarifications\[\d+\]\.variant: names variant 'middle-exempt', "
                     r"which is not under variants: \(known: easier-start, middle-die-exempt\)", result.output), result.output
