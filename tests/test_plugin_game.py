"""A sixth game that Pipworks does not ship, installed beside it as a plugin: a tiny
package (tests/plugin_game/pip_race) registered through the ``pipworks.games`` entry
point at test time. A project holding only its content gets print files, a rulebook
(PDF and Markdown) and a site page, with no edit to generator/.

The entry point is a ``*.dist-info/entry_points.txt`` in a scratch folder put on
PYTHONPATH with the package, as an installed plugin would be: subprocesses and
spawned build workers find it the same way.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
PLUGIN = HERE / "plugin_game"


@pytest.fixture(scope="module")
def plugin_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A PYTHONPATH on which importlib.metadata finds the plugin's entry point."""
    site = tmp_path_factory.mktemp("plugin-site")
    info = site / "pip_race-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pip-race\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[pipworks.games]\npip-race = pip_race:SPEC\n")
    return os.pathsep.join([str(site), str(PLUGIN)])


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("plugin-project")
    shutil.copytree(PLUGIN / "content", root / "content")
    return root


def pipworks(plugin_path: str, project: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "PYTHONPATH": plugin_path, **env}
    return subprocess.run([sys.executable, "-m", "generator", "--project", str(project), *args],
                          capture_output=True, text=True, timeout=600, env=environ)


@pytest.fixture(scope="module")
def built(plugin_path: str, project: Path) -> Path:
    # Spawned workers: they inherit nothing, so they must find the plugin themselves.
    result = pipworks(plugin_path, project, "build", "--jobs", "2", PIPWORKS_START_METHOD="spawn")
    assert result.returncode == 0, result.stdout + result.stderr
    return project / "output"


def test_the_plugin_game_gets_its_print_files(built: Path) -> None:
    for name in ("pip-race-pnp-a4.pdf", "pip-race-pnp-letter.pdf", "pip-race-cards-pod.pdf", "svg/race-card-01.svg"):
        assert (built / "pip-race" / name).is_file(), name
    assert "first to 10 wins" in (built / "pip-race" / "svg" / "race-card-01.svg").read_text()


def test_the_plugin_game_gets_its_rulebook(built: Path) -> None:
    assert (built / "pip-race" / "pip-race-rulebook.pdf").read_bytes().startswith(b"%PDF")
    assert (built / "pip-race" / "pip-race-quick-reference.pdf").is_file()
    markdown = (built / "pip-race" / "pip-race-rulebook.md").read_text(encoding="utf-8")
    assert markdown.startswith("# Pip Race") and "### Winning {: #win }" in markdown


def test_the_plugin_game_gets_its_site_page_with_its_verified_example(built: Path) -> None:
    page = (built / "site" / "pip-race" / "index.html").read_text(encoding="utf-8")
    assert "Pip Race" in page and "Two more pips win" in page and "outcome checked against the reference engine" in page
    assert "Pip Race" in (built / "site" / "index.html").read_text(encoding="utf-8")


def test_its_engine_judges_its_examples_and_reads_its_numbers(plugin_path: str, project: Path, tmp_path: Path) -> None:
    result = pipworks(plugin_path, project, "verify")
    assert result.returncode == 0 and "pip-race 1" in result.stdout, result.stdout + result.stderr
    changed = tmp_path / "p"
    shutil.copytree(project, changed, ignore=shutil.ignore_patterns("output"))
    game = changed / "content" / "pip-race" / "game.yaml"
    game.write_text(game.read_text().replace("target: 10", "target: 12"))
    result = pipworks(plugin_path, changed, "verify")
    assert result.returncode == 1 and "expected winner = P1, engine says null" in result.stderr, result.stderr


def test_its_data_block_is_checked_against_its_record(plugin_path: str, project: Path, tmp_path: Path) -> None:
    changed = tmp_path / "p"
    shutil.copytree(project, changed, ignore=shutil.ignore_patterns("output"))
    game = changed / "content" / "pip-race" / "game.yaml"
    game.write_text(game.read_text().replace("target: 10", "target: 2\n  targte: 9"))
    result = pipworks(plugin_path, changed, "validate")
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert any(line.startswith("content/pip-race/game.yaml:") and "data.target: must be at least 3" in line for line in lines), lines
    assert any("data.targte: unknown field" in line for line in lines), lines


def test_without_the_plugin_its_examples_are_not_checked(project: Path, tmp_path: Path) -> None:
    """Without the plugin installed, the content is still a game, but nothing can judge
    its examples: verify counts them as not checked (exit 0; 1 with --strict)."""
    plain = tmp_path / "p"
    shutil.copytree(project, plain, ignore=shutil.ignore_patterns("output"))
    command = [sys.executable, "-m", "generator", "--project", str(plain), "verify"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0 and "1 example(s) not checked: no rules engine for pip-race (1)" in result.stdout, result
    strict = subprocess.run(command + ["--strict"], capture_output=True, text=True, timeout=600)
    assert strict.returncode == 1 and "not checked" in strict.stderr, strict
