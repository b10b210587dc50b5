"""Fixtures shared across the suite: a full build of the shipped content, made once;
and what a test needs of the machine, said by a marker.

A test that runs a system tool is marked with it (``@pytest.mark.pdftoppm``,
``rsvg``, ``chromium``; registered in pyproject.toml). Outside CI a missing tool skips
the test, naming the Debian package to install; in CI (``CI=true``) a missing tool is
a failure, never a skip: .ci/run installs them all.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: marker -> (programs the tests run, the Debian packages that install them)
TOOLS: dict[str, tuple[tuple[str, ...], str]] = {
    "pdftoppm": (("pdftoppm",), "poppler-utils"),
    "rsvg": (("rsvg-convert",), "librsvg2-bin fonts-dejavu-core"),
    "chromium": (("chromium", "chromedriver"), "chromium chromium-driver"),
}


def pytest_configure(config: pytest.Config) -> None:
    """`pipworks new` and `pipworks trust` record trusted projects in the user's config
    folder: in tests (and the processes they start) a scratch one, never the real one."""
    import tempfile

    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="pipworks-test-config-")


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def pytest_runtest_setup(item: pytest.Item) -> None:
    missing: list[str] = []
    packages: list[str] = []
    for name in sorted({marker.name for marker in item.iter_markers()} & set(TOOLS)):
        programs, debian = TOOLS[name]
        absent = [p for p in programs if shutil.which(p) is None]
        if absent:
            missing += absent
            packages.append(debian)
    if not missing:
        return
    reason = f"needs {', '.join(missing)}: apt-get install {' '.join(packages)}"
    if in_ci():
        pytest.fail(f"{reason} (in CI a missing tool is a failure, not a skip)", pytrace=False)
    pytest.skip(reason)


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


def without_engine(root: Path) -> Path:
    """A project from `pipworks new` with its rules engine taken out (the package and the
    pyproject.toml that declares it), trusted again by its maker: a game that has no
    engine, as a designer's is before they write one."""
    from generator.trust import trust

    (root / "pyproject.toml").unlink()
    for package in root.glob("*_engine"):
        shutil.rmtree(package)
    trust(root)
    return root


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
