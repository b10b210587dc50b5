"""`pipworks new`: each template makes a project that builds at once, and its examples
are verified by its engine or counted as not checked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from generator.scaffold import TEMPLATES, make_project, names_for, ScaffoldError
from tests.conftest import without_engine


def pipworks(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The console script as a designer runs it (not ``python -m``: the project folder is
    not on the import path, so its engine must be found through its pyproject.toml)."""
    script = Path(sys.executable).parent / "pipworks"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([str(script), *args], cwd=cwd, capture_output=True, text=True, timeout=600, env=env)


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One built project per template, named after the template."""
    projects = {}
    for template in TEMPLATES:
        work = tmp_path_factory.mktemp(template)
        result = pipworks(work, "new", f"my-{template}", "--template", template)
        assert result.returncode == 0 and "next: cd" in result.stdout, result.stderr
        root = work / f"my-{template}"
        built = pipworks(root, "build")
        assert built.returncode == 0, built.stdout + built.stderr
        projects[template] = root
    return projects


@pytest.mark.parametrize("template", TEMPLATES)
def test_a_new_project_builds_print_files_rulebook_and_site(made: dict[str, Path], template: str) -> None:
    root = made[template]
    slug = f"my-{template}"
    out = root / "output" / slug
    for name in (f"{slug}-pnp-a4.pdf", f"{slug}-pnp-letter.pdf", f"{slug}-rulebook.pdf", f"{slug}-quick-reference.pdf",
                 f"{slug}-rulebook.md"):
        assert (out / name).read_bytes()[:4] in (b"%PDF", b"# My"), name
    assert list((out / "svg").glob("*.svg"))
    page = (root / "output" / "site" / slug / "index.html").read_text(encoding="utf-8")
    title = names_for(slug).title
    assert title in page and title in (root / "output" / "site" / "index.html").read_text(encoding="utf-8")


def test_the_trick_taking_engine_verifies_its_two_examples(made: dict[str, Path]) -> None:
    root = made["trick-taking"]
    result = pipworks(root, "verify", "--strict")
    assert result.returncode == 0 and "verified 2 examples (my-trick-taking 2)" in result.stdout, result
    page = (root / "output" / "site" / "my-trick-taking" / "index.html").read_text(encoding="utf-8")
    assert page.count("outcome checked against the reference engine") == 2 and "not checked by an engine" not in page


def test_the_dice_board_engine_verifies_its_example(made: dict[str, Path]) -> None:
    root = made["dice-board"]
    result = pipworks(root, "verify", "--strict")
    assert result.returncode == 0 and "verified 1 examples (my-dice-board 1)" in result.stdout, result
    page = (root / "output" / "site" / "my-dice-board" / "index.html").read_text(encoding="utf-8")
    assert page.count("outcome checked against the reference engine") == 1 and "not checked by an engine" not in page


def test_the_guide_comes_with_every_project(made: dict[str, Path]) -> None:
    """A designer who installed a wheel has no checkout: the guide "Make your own game"
    is a page of their own site, and the README says where it is."""
    from generator import shipped_root

    guide = (shipped_root() / "site" / "pages" / "make-your-own-game.md").read_text(encoding="utf-8")
    for root in made.values():
        assert (root / "site" / "pages" / "make-your-own-game.md").read_text(encoding="utf-8") == guide
        page = (root / "output" / "site" / "make-your-own-game.html").read_text(encoding="utf-8")
        assert "Make your own game" in page and "The engine protocol" in page
        readme = (root / "README.md").read_text(encoding="utf-8")
        assert "site/pages/make-your-own-game.md" in readme and "pypi.org" not in readme


def test_the_blank_engine_verifies_its_example(made: dict[str, Path]) -> None:
    root = made["blank"]
    result = pipworks(root, "verify", "--strict")
    assert result.returncode == 0 and "verified 1 examples (my-blank 1)" in result.stdout, result
    page = (root / "output" / "site" / "my-blank" / "index.html").read_text(encoding="utf-8")
    assert page.count("outcome checked against the reference engine") == 1 and "not checked by an engine" not in page


def test_a_game_without_an_engine_has_its_examples_marked_not_checked(tmp_path: Path) -> None:
    """A game needs no engine: a blank project with its engine taken out still builds,
    and its examples are marked as not checked."""
    assert pipworks(tmp_path, "new", "my-blank", "--template", "blank").returncode == 0
    root = without_engine(tmp_path / "my-blank")
    built = pipworks(root, "build")
    assert built.returncode == 0, built.stdout + built.stderr
    result = pipworks(root, "verify")
    assert result.returncode == 0 and "1 example(s) not checked: no rules engine for my-blank (1)" in result.stdout
    assert pipworks(root, "verify", "--strict").returncode == 1
    page = (root / "output" / "site" / "my-blank" / "index.html").read_text(encoding="utf-8")
    assert "not checked by an engine" in page and "outcome checked against the reference engine" not in page
    from pypdf import PdfReader

    book = PdfReader(root / "output" / "my-blank" / "my-blank-rulebook.pdf")
    assert "not checked by an engine" in "".join(p.extract_text() for p in book.pages)


def test_the_engine_is_the_same_once_its_package_is_declared_twice(made: dict[str, Path], tmp_path: Path) -> None:
    """A project's plugin found from its pyproject.toml and the same package installed
    (its dist-info on the path) are one game, not two with the same slug."""
    root = made["trick-taking"]
    site = tmp_path / "site"
    info = site / "my_trick_taking-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: my-trick-taking\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text("[pipworks.games]\nmy-trick-taking = my_trick_taking_engine:SPEC\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(root)])}
    result = subprocess.run([sys.executable, "-m", "generator", "--project", str(root), "verify"],
                            capture_output=True, text=True, timeout=600, env=env)
    assert result.returncode == 0 and "verified 2 examples" in result.stdout, result.stderr


def test_new_refuses_a_folder_with_files_and_an_unknown_template(tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine")
    result = pipworks(tmp_path, "new", "taken")
    assert result.returncode == 2 and "already exists and is not empty" in result.stderr
    assert (tmp_path / "taken" / "notes.txt").read_text() == "mine"
    result = pipworks(tmp_path, "new", "fresh", "--template", "chess")
    assert result.returncode == 2 and "no template 'chess'" in result.stderr and not (tmp_path / "fresh").exists()
    with pytest.raises(ScaffoldError):
        names_for("42")


def test_names_follow_the_folder_name() -> None:
    names = names_for("Dragon Dice")
    assert (names.slug, names.title, names.module) == ("dragon-dice", "Dragon Dice", "dragon_dice")


# -- the template's engine plays by its rules --------------------------------------------


@pytest.fixture(scope="module")
def engine(made: dict[str, Path]):  # type: ignore[no-untyped-def]
    root = made["trick-taking"]
    from generator.content.loader import parse_game
    from generator.games import engine_for, use_project

    use_project(root)
    found = engine_for(parse_game(root / "content" / "my-trick-taking"))
    assert found is not None
    return found


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]), choices=st.randoms(use_true_random=False))
def test_random_games_follow_suit_and_share_out_every_trick(engine, seed: int, players: int, choices) -> None:  # type: ignore[no-untyped-def]
    state = engine.new_game(players=players, seed=seed)
    assert sorted(c for hand in state.hands for c in hand) == list(range(36))
    tricks = 36 // players
    while not engine.is_over(state):
        seat = engine.to_move(state)
        legal = engine.legal_actions(state)
        if state.trick:  # must follow suit when able
            led = engine.deck.suit(state.trick[0][1])
            if any(engine.deck.suit(c) == led for c in state.hands[seat]):
                assert all(engine.deck.suit(a[1]) == led for a in legal)
        state = engine.apply(state, choices.choice(legal))
    assert sum(state.tricks) == tricks and not any(state.hands)
    result = engine.result(state)
    assert max(state.tricks) == state.tricks[result.winners[0]]


def test_an_engine_that_fails_to_load_is_named_with_its_pyproject(tmp_path: Path) -> None:
    pipworks(tmp_path, "new", "broken", "--template", "trick-taking")
    engine = tmp_path / "broken" / "broken_engine" / "__init__.py"
    engine.write_text(engine.read_text() + "\nraise RuntimeError('a typo in my engine')\n")
    # Changed code is untrusted until its designer trusts it again (generator.trust).
    assert "skipped its game plugin 'broken'" in pipworks(tmp_path / "broken", "verify").stderr
    assert pipworks(tmp_path / "broken", "trust").returncode == 0
    result = pipworks(tmp_path / "broken", "verify")
    assert result.returncode == 2, result
    assert result.stderr.startswith("pyproject.toml: ") and "a typo in my engine" in result.stderr


@pytest.mark.parametrize("template", TEMPLATES)
def test_a_second_build_of_a_new_project_builds_nothing(made: dict[str, Path], template: str) -> None:
    """Fresh means fresh: a target's outputs are the files it writes, so a game that draws
    no setup picture is not rebuilt for the missing picture on every build."""
    again = pipworks(made[template], "build")
    assert again.returncode == 0, again.stdout + again.stderr
    assert again.stdout.startswith("built 0, reused"), again.stdout
