"""Fixtures shared across the suite: a full build of the shipped content, made once."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def copy_project(dest: Path) -> Path:
    """The shipped content, templates and site in a scratch folder (never the checkout)."""
    for name in ("content", "templates", "site"):
        shutil.copytree(ROOT / name, dest / name, ignore=shutil.ignore_patterns("docs", "__pycache__"))
    (dest / "site" / "docs").mkdir(exist_ok=True)
    return dest


def pipworks(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run the real CLI as a user would, in its own process."""
    return subprocess.run([sys.executable, "-m", "generator", "--project", str(project), *args],
                          capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="session")
def built_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A scratch copy of the project after one full `pipworks build`."""
    project = copy_project(tmp_path_factory.mktemp("built"))
    result = pipworks(project, "build")
    assert result.returncode == 0, result.stdout + result.stderr
    return project


@pytest.fixture(scope="session")
def run_pipworks():  # type: ignore[no-untyped-def]
    """The CLI runner as a fixture, so test modules need not import this file."""
    return pipworks
