"""`pipworks preview`: one face as a PNG, at once, drawn as the print files draw it."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from tests.conftest import copy_project


def pipworks(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", "--project", str(project), *args],
                          capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_project(tmp_path_factory.mktemp("preview"))


def test_a_card_named_three_ways_is_the_same_picture(project: Path) -> None:
    result = pipworks(project, "preview", "multisuit", "7", "playing-cards-07", "multisuit card 07", "marker-cards:2")
    assert result.returncode == 0, result.stderr
    folder = project / "output" / "multisuit" / "preview"
    assert result.stdout.count("wrote output/multisuit/preview/playing-cards-07.png") == 3
    assert (folder / "marker-cards-02.png").is_file()
    with Image.open(folder / "playing-cards-07.png") as picture:
        # a poker-insert card with its 3 mm bleed, 69 × 94 mm at 200 pixels an inch
        assert picture.size == (round(69 / 25.4 * 200), round(94 / 25.4 * 200))
        assert picture.info["dpi"][0] == pytest.approx(200, abs=0.1)
    assert list(project.glob("output/multisuit/*.pdf")) == [], "a preview lays out no print file"


def test_the_preview_is_the_face_the_print_on_demand_file_prints(project: Path) -> None:
    """Same scene, same backend: the preview and the POD PDF's page of card 7 (back 1,
    front 1, back 2, … so its 14th page) rasterise to the same pixels."""
    from generator.pnp.profiles.raster import render_pages

    assert pipworks(project, "preview", "multisuit", "7").returncode == 0
    assert pipworks(project, "pnp", "multisuit", "--paper", "a4", "--pod").returncode == 0
    with Image.open(project / "output" / "multisuit" / "preview" / "playing-cards-07.png") as shown:
        preview = shown.convert("RGB")
    data = (project / "output" / "multisuit" / "multisuit-cards-pod.pdf").read_bytes()
    page = list(render_pages(data, preview.size))[13]
    printed = Image.frombytes("RGB", (page.width, page.height), page.rgb)
    assert ImageChops.difference(preview, printed).getbbox() is None, "the preview differs from the printed face"


def test_backs_and_ink_follow_the_print_options(project: Path) -> None:
    assert pipworks(project, "preview", "four-deuces", "1", "--back").returncode == 0
    colour = pipworks(project, "preview", "multisuit", "marker-cards-02")
    folder = project / "output" / "multisuit" / "preview"
    tinted = _tinted_share(folder / "marker-cards-02.png")
    assert colour.returncode == 0 and pipworks(project, "preview", "multisuit", "marker-cards-02", "--ink", "bw").returncode == 0
    assert tinted > 0.05 and _tinted_share(folder / "marker-cards-02.png") == 0, "the black-and-white face has no colour"
    assert list((project / "output" / "four-deuces" / "preview").glob("*-back-01.png"))


def _tinted_share(path: Path) -> float:
    """The share of pixels with a colour (channels more than 30 apart)."""
    with Image.open(path) as picture:
        rgb = picture.convert("RGB")
        data = rgb.tobytes()
    pixels = [data[i:i + 3] for i in range(0, len(data), 3)]
    return sum(1 for p in pixels if max(p) - min(p) > 30) / len(pixels)


@pytest.mark.parametrize(("args", "says"), [
    (("multisuit", "99"), "playing-cards has 36 face(s): choose 1–36, not 99"),
    (("multisuit", "no such card"), "no face is called 'no such card'"),
    (("no-such-game", "1"), "no game 'no-such-game'"),
])
def test_a_name_that_picks_nothing_is_one_line_and_exit_2(project: Path, args: tuple[str, ...], says: str) -> None:
    result = pipworks(project, "preview", *args)
    assert result.returncode == 2 and says in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_a_data_made_game_previews_by_row(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "pipworks"
    assert subprocess.run([str(script), "new", "g", "--template", "trick-taking"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300).returncode == 0
    result = pipworks(tmp_path / "g", "preview", "g", "5", "line 3")
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "g" / "output" / "g" / "preview").iterdir()) == ["card-02.png", "card-05.png"]
    shutil.rmtree(tmp_path / "g")
