"""A `simulate` stopped before any game finished says so, instead of a summary of 0 games
that reads like a result (issue 25, finding 7)."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.workers import Interrupted

runner = CliRunner()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_simulate_stopped_before_its_first_game_says_nothing_was_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sig: signal.Signals) -> None:
    def stopped_at_once(*args: object, **kwargs: object) -> None:
        raise Interrupted(sig)

    monkeypatch.setattr("generator.simulate.simulate", stopped_at_once)
    summary = tmp_path / "summary.json"
    result = runner.invoke(app, ["simulate", "pip-trick", "--games", "500", "--json", str(summary)])
    assert isinstance(result.exception, SystemExit) and result.exit_code == 128 + sig, result.output
    assert "Traceback" not in result.output
    assert (f"stopped by {sig.name} before any of the 500 games finished: nothing to summarise, "
            f"and nothing written to {summary}.") in result.output
    assert "win rate by seat" not in result.output and "the summary of those" not in result.output
    assert list(tmp_path.iterdir()) == []
