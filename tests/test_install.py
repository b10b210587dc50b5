"""An install that works anywhere: the wheel, installed into a fresh virtual environment,
builds the shipped games in an empty folder and a copy of content/ given with
--project, byte for byte as a checkout does.

Slow (it builds a wheel, makes a venv and installs the dependencies into it), so it is
marked ``slow``; CI runs it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_build import files

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


def run(cmd: list[str], cwd: Path, timeout: int = 900) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    result = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)
    assert result.returncode == 0, f"{' '.join(cmd)}\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin/ folder of a fresh venv with the wheel of this checkout installed."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "src"  # a clean copy: no build/ or egg-info of an editable install
    skip = shutil.ignore_patterns(".git", "output", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis")

    def ignore(folder: str, names: list[str]) -> set[str]:
        generated = {"docs"} if Path(folder) == ROOT / "site" else set()  # site/docs: generated pages
        built = {"build"} if Path(folder) == ROOT else set()  # setuptools' build/, not the package generator/build
        return set(skip(folder, names)) | generated | built

    shutil.copytree(ROOT, source, ignore=ignore)
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(work / "dist"), str(source)], work)
    wheel = next((work / "dist").glob("pipworks-*.whl"))
    run([sys.executable, "-m", "venv", str(work / "venv")], work)
    bin_dir = work / "venv" / "bin"
    run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(wheel)], work)
    return bin_dir


def test_the_wheel_carries_the_shipped_games_templates_and_site(installed: Path) -> None:
    out = run([str(installed / "python"), "-c", "import generator; print(generator.shipped_root())"], installed)
    shipped = Path(out.stdout.strip())
    assert "site-packages" in shipped.parts and shipped.name == "shipped"
    for rel in ("content/multisuit/deck.csv", "content/pip-trick/examples.yaml", "templates/rulebook.md.j2",
                "templates/site/rulebook.md.j2", "site/mkdocs.yml",
                "site/assets/pipworks.css", "site/pages/how-examples-are-checked.md"):
        assert (shipped / rel).is_file(), rel
    # What the site needs of Pipworks is its code, in the package; the skeleton is data.
    assert (shipped.parent / "docs" / "site_config.py").is_file() and not (shipped / "site" / "hooks").exists()


def test_an_empty_folder_builds_the_shipped_games(installed: Path, tmp_path: Path, built_project: Path) -> None:
    """In a folder with nothing in it, `pipworks build` says where the games come from
    and builds every file a checkout builds, with the same bytes."""
    result = run([str(installed / "pipworks"), "build"], tmp_path)
    assert "building the games Pipworks ships" in result.stdout
    assert "site-packages" in result.stdout  # where their content was copied from
    assert files(tmp_path / "output") == files(built_project / "output")
    again = run([str(installed / "pipworks"), "build"], tmp_path)
    assert again.stdout.startswith("built 0, reused")


def test_a_copy_of_content_builds_with_the_installed_templates_and_site(installed: Path, tmp_path: Path) -> None:
    project = tmp_path / "designer"
    shutil.copytree(ROOT / "content", project / "content")
    run([str(installed / "pipworks"), "--project", str(project), "build"], tmp_path)
    for rel in ("multisuit/multisuit-pnp-a4.pdf", "pip-trick/pip-trick-rulebook.pdf", "zero-grid/zero-grid-rulebook.md",
                "site/index.html", "site/multisuit/index.html"):
        assert (project / "output" / rel).is_file(), rel
    verified = run([str(installed / "pipworks"), "--project", str(project), "verify"], tmp_path)
    assert "all agree" in verified.stdout


def test_a_new_game_from_the_wheel_builds_and_verifies(installed: Path, tmp_path: Path) -> None:
    """The designer's path with Pipworks installed from a wheel: new, build, verify, with
    no install of the new game's own engine package in between."""
    run([str(installed / "pipworks"), "new", "demo", "--template", "trick-taking"], tmp_path)
    demo = tmp_path / "demo"
    run([str(installed / "pipworks"), "build"], demo)
    verified = run([str(installed / "pipworks"), "verify"], demo)
    assert "verified 2 examples (demo 2): all agree with the engines" in verified.stdout
    for rel in ("demo/demo-pnp-a4.pdf", "demo/demo-cards-pod.pdf", "demo/demo-rulebook.pdf", "demo/svg/card-01.svg",
                "site/index.html", "site/demo/index.html"):
        assert (demo / "output" / rel).is_file(), rel
    page = (demo / "output" / "site" / "demo" / "index.html").read_text(encoding="utf-8")
    assert page.count("outcome checked against the reference engine") == 2


def attempt(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """A command as a designer types it in a shell whose PATH starts with the venv."""
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=600, env={**base, **(env or {})})


@pytest.mark.parametrize("template", ["blank", "trick-taking", "dice-board"])
def test_each_template_from_the_wheel_builds_exports_and_balances(installed: Path, tmp_path: Path,
                                                                  template: str) -> None:
    """Issue 22's acceptance, outside the repository: new, build, every shop's export
    (each passing preflight), balance with 200 games. Every template has an engine; the
    blank one with its engine taken out is refused by balance in one line that names
    the level of the engine protocol balance needs."""
    pipworks = str(installed / "pipworks")
    made = run([pipworks, "new", "g", "--template", template], tmp_path)
    assert "next: cd g && pipworks build && pipworks serve" in made.stdout
    game = tmp_path / "g"
    run([pipworks, "build"], game)
    readme = (game / "README.md").read_text(encoding="utf-8")
    told = [line.split("#")[0].split() for line in readme.split("```bash\n")[1].split("```")[0].splitlines()]
    assert [words[:2] for words in told] == [["pipworks", "build"], ["pipworks", "serve"], ["pipworks", "verify"]]
    verified = run([pipworks, "verify"], game)  # the README's third command (serve: the guide's test runs it)
    assert "all agree with the engines" in verified.stdout, verified.stdout
    for shop in ("tgc", "mpc", "dtc", "tts"):
        exported = run([pipworks, "pnp", "g", "--for", shop], game)
        assert "no problems" in exported.stdout, exported.stdout
    balanced = attempt([pipworks, "balance", "g", "--games", "200"], game)
    assert balanced.returncode == 0, balanced.stdout + balanced.stderr
    assert "G: 200 games per configuration" in balanced.stdout and "no heuristic bot" in balanced.stderr
    if template == "blank":  # a game with no engine: the engine's package and its declaration deleted
        (game / "pyproject.toml").unlink()
        shutil.rmtree(game / "g_engine")
        run([pipworks, "trust"], game)
        refused = attempt([pipworks, "balance", "g", "--games", "200"], game)
        assert refused.returncode == 2 and "Traceback" not in refused.stderr, refused.stderr
        assert refused.stderr.strip().startswith("'g' has no rules engine: pipworks balance needs one, at level "
                                                 "balance of the engine protocol"), refused.stderr
        assert len(refused.stderr.strip().splitlines()) == 1


def test_every_command_of_the_guide_runs_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    """The guide "Make your own game" as a wheel's user reads it, in the project that
    `pipworks new` made (the page travels with it), every command run as written, in a
    folder outside the repository, with only the venv's Pipworks on the PATH."""
    import re
    import shlex

    from tests.docs.test_tutorial import serve_and_edit

    env = {"PATH": os.pathsep.join([str(installed), os.environ.get("PATH", "")])}
    shipped = run([str(installed / "python"), "-c", "import generator; print(generator.shipped_root())"], tmp_path)
    page = Path(shipped.stdout.strip()) / "site" / "pages" / "make-your-own-game.md"
    blocks = re.findall(r"^```bash\n(.*?)^```", page.read_text(encoding="utf-8"), re.M | re.S)
    commands = [line.strip() for block in blocks for line in block.splitlines() if line.strip()]
    assert commands[:2] == ["pipworks new dragon-dice --template trick-taking", "cd dragon-dice"], commands
    assert any(c.startswith("pipworks balance") for c in commands) and any(c.startswith("pipworks serve") for c in commands)
    cwd = tmp_path
    for command in commands:
        if command.startswith("cd "):
            cwd = cwd / command[3:]
            travelled = (cwd / "site" / "pages" / "make-your-own-game.md").read_text(encoding="utf-8")
            assert travelled == page.read_text(encoding="utf-8")  # the guide is in the project's own site
            continue
        if command.startswith("pipworks serve"):
            serve_and_edit(command, cwd, {**os.environ, **env})
            continue
        result = attempt(shlex.split(command), cwd, env)
        assert result.returncode == 0, f"{command}\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
    assert "Make your own game" in (cwd / "output" / "site" / "make-your-own-game.html").read_text(encoding="utf-8")
    assert (cwd / "output" / "dragon-dice" / "dragon-dice-pnp-letter-backs-fold.pdf").is_file()
