"""`pipworks pnp GAME` imports and checks what printing one game uses, and no more
(issue 23: the single-deck path back near the cost of its imports), while still
refusing content that would print wrong. Also: the quick frozen classes behind scenes
and content records behave as the dataclasses they replace."""

from __future__ import annotations

import pickle
import re
import subprocess
import sys
from dataclasses import FrozenInstanceError, dataclass, fields, replace
from pathlib import Path

import pytest

from generator.content.deck_rules import RankBand, Word
from generator.scene import Rect, Scene, Style, Text, frozen
from tests.conftest import copy_project, pipworks

#: Modules a one-game print needs none of: worked examples and the engine (not printed),
#: process pools, the plugin scan of installed packages, faces made from data (Multisuit
#: draws its own).
NOT_FOR_PRINTING = (
    "generator.verify.examples", "generator.verify.checks", "generator.games.multisuit.engine",
    "generator.games.multisuit.examples", "generator.games.multisuit.notation", "multiprocessing",
    "concurrent.futures", "importlib.metadata", "generator.faces_from_data.faces", "statistics",
)


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    return copy_project(tmp_path / "p")


def _imported(project: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "generator", "--project", str(project), *args],
                            capture_output=True, text=True, timeout=600)
    names = set(re.findall(r"^import time:\s+\d+ \|\s+\d+ \|\s*(\S+)$", result.stderr, flags=re.M))
    return result, names


def test_pnp_imports_only_what_printing_one_game_uses(project: Path) -> None:
    result, names = _imported(project, "pnp", "multisuit", "--paper", "a4", "--force")
    assert result.returncode == 0, result.stderr[-2000:]
    assert (project / "output" / "multisuit" / "multisuit-pnp-a4.pdf").stat().st_size > 10_000
    assert "generator.render.pdf" in names and "generator.games.multisuit.faces" in names  # the probe sees imports
    assert not [n for n in NOT_FOR_PRINTING if n in names]


def test_pnp_still_refuses_a_deck_that_breaks_its_rules(project: Path) -> None:
    deck = project / "content" / "multisuit" / "deck.csv"
    deck.write_text("".join(deck.read_text().splitlines(keepends=True)[:-1]))  # 35 cards
    result = pipworks(project, "pnp", "multisuit", "--paper", "a4")
    assert result.returncode == 2
    assert "deck.csv" in result.stderr and "35 cards, needs 36" in result.stderr
    assert not (project / "output" / "multisuit").exists()


def test_pnp_still_refuses_a_broken_game_file(project: Path) -> None:
    game = project / "content" / "multisuit" / "game.yaml"
    game.write_text(game.read_text().replace("\ntitle:", "\ntitel:", 1))
    result = pipworks(project, "pnp", "multisuit", "--paper", "a4")
    assert result.returncode == 2
    assert "game.yaml" in result.stderr and "titel" in result.stderr


def test_a_broken_worked_example_stops_validate_but_not_the_print_files(project: Path) -> None:
    """Examples print nothing: pnp leaves them to validate and build, which still refuse them."""
    examples = project / "content" / "multisuit" / "examples.yaml"
    examples.write_text(examples.read_text().replace("rules: [follow,", "rules: [no-such-rule,", 1))
    assert pipworks(project, "pnp", "multisuit", "--paper", "a4").returncode == 0
    checked = pipworks(project, "validate")
    assert checked.returncode == 2 and "no-such-rule" in checked.stderr


def test_pnp_on_its_own_says_what_the_full_cli_says(project: Path) -> None:
    """`pipworks pnp …` runs through an app holding only pnp: same help, same errors."""
    for args in (["pnp", "--help"], ["pnp", "multisuit", "--paper", "a5"], ["pnp", "nosuch"]):
        alone = pipworks(project, *args)
        full = subprocess.run([sys.executable, "-c", "import sys; from generator.cli import main; "
                               "sys.argv = ['pipworks'] + sys.argv[1:]; main()", "--project", str(project), *args],
                              capture_output=True, text=True, timeout=600)
        assert (alone.returncode, alone.stdout.replace("python -m generator", "pipworks"),
                alone.stderr.replace("python -m generator", "pipworks")) == \
               (full.returncode, full.stdout.replace("python -m generator", "pipworks"), full.stderr), args


@dataclass(frozen=True)
class _UsualRect:
    x: float
    y: float
    w: float
    h: float
    style: Style = Style()
    radius: float = 0.0


def test_frozen_scene_items_behave_as_frozen_dataclasses() -> None:
    quick, usual = Rect(1, 2, 3.5, 4), _UsualRect(1, 2, 3.5, 4)
    assert repr(quick) == repr(usual).replace("_UsualRect", "Rect")
    assert hash(quick) == hash(usual) and quick == Rect(1, 2, 3.5, 4) and quick != Rect(1, 2, 3.5, 5)
    assert quick != usual and quick.__eq__(usual) is NotImplemented
    assert [f.name for f in fields(quick)] == [f.name for f in fields(usual)]
    for change in (lambda: setattr(quick, "x", 9), lambda: setattr(quick, "new", 1), lambda: delattr(quick, "x")):
        with pytest.raises(FrozenInstanceError):
            change()
    assert replace(quick, x=9) == Rect(9, 2, 3.5, 4)
    scene = Scene("s", 1, 2, (quick, Text(0, 0, "a", 3)))
    assert pickle.loads(pickle.dumps(scene)) == scene
    with pytest.raises(TypeError):
        hash(Scene("s", 1, 2, [quick]))  # type: ignore[arg-type]  # a list field is unhashable, as before


def test_frozen_records_keep_keyword_only_fields_and_their_own_methods() -> None:
    band = RankBand(means="low", ranks=("4", "8"))
    assert band.members == frozenset(range(4, 9)) and band == RankBand(means="low", ranks=("4", "8"))
    assert repr(band) == "RankBand(means='low', ranks=('4', '8'))"
    with pytest.raises(TypeError):
        Word("low")  # type: ignore[misc]

    @frozen
    class Own:
        a: int

        def __repr__(self) -> str:
            return "mine"

    assert repr(Own(1)) == "mine" and Own(1) == Own(1)
