"""`pipworks simulate` and `pipworks play` (issue 5, items 5 and 6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.games import SHIPPED

GAMES = [spec.slug for spec in SHIPPED]
from generator.simulate import simulate, summary

runner = CliRunner()


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_summary_is_the_same_on_one_process_or_two(slug: str) -> None:
    one = summary(slug, simulate(slug, 40, seed=5, workers=1), (), 5, 1.0)
    two = summary(slug, simulate(slug, 40, seed=5, workers=2), (), 5, 1.0)
    assert one == two
    assert one["games"] == 40


def test_partners_win_together_not_as_a_tie() -> None:
    report = summary("multisuit", simulate("multisuit", 60, seed=2, workers=1), (), 2, 1.0)
    assert report["tie_rate"] == 0.0
    rates = report["win_rate_by_seat"]
    assert rates["0"] == rates["2"] and rates["1"] == rates["3"]
    assert abs(rates["0"] + rates["1"] - 1.0) < 1e-9


def test_simulate_cli_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "summary.json"
    result = runner.invoke(app, ["simulate", "zero-grid", "--games", "30", "--seed", "3", "--workers", "1",
                                 "--variant", "hardcore", "--json", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["games"] == 30 and data["variants"] == ["hardcore"]
    assert "win rate by seat" in result.output


def test_simulate_refuses_an_unknown_variant() -> None:
    result = runner.invoke(app, ["simulate", "pip-trick", "--games", "5", "--variant", "no-such-thing"])
    assert result.exit_code == 2
    assert "unknown variant" in result.output


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_play_a_whole_game_in_the_terminal(slug: str) -> None:
    """A person at seat 0 always picks the first legal move; the bots play the rest."""
    result = runner.invoke(app, ["play", slug, "--seed", "4"], input="1\n" * 2000)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Game over." in result.output and "Ranking:" in result.output
    assert "your move" in result.output
