"""Issue 25, finding 5: `play` and `simulate` on a game without a rules engine (what
`pipworks new` makes by default) ended in a traceback, and `balance` blamed a missing
bots module. Each now says in one line that the game has no rules engine, which command
needs one and where the guide explains it; exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import pipworks, without_engine

COMMANDS = ["play", "simulate", "balance"]


@pytest.fixture(scope="module")
def engineless(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A fresh project from the template, as `pipworks new` makes it, without its engine."""
    made = {}
    for template in ("blank",):
        project = tmp_path_factory.mktemp(template) / "g"
        result = pipworks(project.parent, "new", str(project), "--template", template)
        assert result.returncode == 0, result.stdout + result.stderr
        made[template] = without_engine(project)
    return made


@pytest.mark.parametrize("template", ["blank"])
@pytest.mark.parametrize("command", COMMANDS)
def test_a_game_without_an_engine_is_refused_in_one_line(engineless: dict[str, Path], template: str,
                                                         command: str) -> None:
    project = engineless[template]
    extra = ["--games", "3", "--workers", "1"] if command in ("simulate", "balance") else []
    result = pipworks(project, command, "g", *extra)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"'g' has no rules engine: pipworks {command} needs one"), lines
    assert f"at level {'balance' if command == 'balance' else 'simulate'} of the engine protocol" in lines[0]
    assert "make-your-own-game" in lines[0]


def test_a_game_nobody_has_is_still_named_with_the_games_that_have_one(tmp_path: Path) -> None:
    result = pipworks(tmp_path, "simulate", "no-such-game", "--games", "1")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "no rules engine for 'no-such-game'; games with one: dice-lanes, four-deuces" in result.stderr
