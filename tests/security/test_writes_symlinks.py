"""Nothing a build writes leaves output/ through a symbolic link (issue 25, finding 2).

A shared project folder may hold links: ``output/.pipworks/lock`` pointing at a file of
the user's, ``output/<game>`` at a folder of theirs. Each is refused with one line and
exit 2, before anything is written, and what the link points at is left as it was."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAME = "pip-trick"


def pipworks(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", "--project", str(project), *args],
                          capture_output=True, text=True, timeout=600)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """One shipped game, content only."""
    shutil.copytree(ROOT / "content" / GAME, tmp_path / "project" / "content" / GAME)
    return tmp_path / "project"


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    """A folder of the user's outside the project, with a file worth keeping."""
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "thesis.txt").write_text("years of work\n")
    return folder


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def refused(result: subprocess.CompletedProcess[str], link: str) -> None:
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    lines = [line for line in result.stderr.splitlines() if "symbolic link" in line]
    assert len(lines) == 1 and f"refused to write through {link}: it is a symbolic link" in lines[0], result.stderr


def test_a_linked_lock_is_refused_and_its_target_kept(project: Path, victim: Path) -> None:
    # The old build opened the lock with O_CREAT through the link: the thesis became a PID.
    (project / "output" / ".pipworks").mkdir(parents=True)
    (project / "output" / ".pipworks" / "lock").symlink_to(victim / "thesis.txt")
    before = snapshot(victim)
    refused(pipworks(project, "build", "--only", "docs"), "output/.pipworks/lock")
    assert snapshot(victim) == before
    assert not (project / "output" / GAME).exists()


def test_a_linked_game_folder_is_refused_and_its_target_kept(project: Path, victim: Path) -> None:
    (project / "output").mkdir()
    (project / "output" / GAME).symlink_to(victim, target_is_directory=True)
    before = snapshot(victim)
    refused(pipworks(project, "build", "--only", "docs"), f"output/{GAME}")
    assert snapshot(victim) == before


@pytest.mark.parametrize("link", ["output", "output/.pipworks", "output/site"])
def test_a_linked_output_folder_is_refused_and_its_target_kept(project: Path, victim: Path, link: str) -> None:
    (project / link).parent.mkdir(parents=True, exist_ok=True)
    (project / link).symlink_to(victim, target_is_directory=True)
    before = snapshot(victim)
    refused(pipworks(project, "build", "--only", "docs"), link)
    assert snapshot(victim) == before
    assert sorted(p.name for p in victim.iterdir()) == ["thesis.txt"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_link_deeper_in_output_is_refused_by_the_write(project: Path, victim: Path, jobs: str) -> None:
    # output/<game>/examples is a folder the rulebook build writes into.
    (project / "output" / GAME).mkdir(parents=True)
    (project / "output" / GAME / "examples").symlink_to(victim, target_is_directory=True)
    before = snapshot(victim)
    refused(pipworks(project, "build", "--only", "docs", "-j", jobs), f"output/{GAME}/examples")
    assert snapshot(victim) == before


def test_an_up_to_date_build_through_a_linked_game_folder_is_still_refused(project: Path, tmp_path: Path) -> None:
    # With every output fresh, the quick path once answered "reused" (exit 0) through the link.
    assert pipworks(project, "build", "--only", "docs").returncode == 0
    moved = tmp_path / "elsewhere"
    shutil.move(str(project / "output" / GAME), moved)
    (project / "output" / GAME).symlink_to(moved, target_is_directory=True)
    before = snapshot(moved)
    refused(pipworks(project, "build", "--only", "docs"), f"output/{GAME}")
    assert snapshot(moved) == before
