"""The Tabletop Simulator saved object carries none of the user's folder names (issue 25,
finding 9): its images are named relative to itself, or under ``--base-url`` where the
sheets were uploaded; preflight still measures the sheets a relative name points at."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from generator.pnp.preflight import preflight
from generator.pnp.profiles import PROFILES

ROOT = Path(__file__).resolve().parents[2]
GAME = "four-deuces"


def pipworks(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", "--project", str(project), *args],
                          capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # A folder name a user would not want to publish.
    root = tmp_path_factory.mktemp("tts") / "alice-private-projects"
    shutil.copytree(ROOT / "content" / GAME, root / "content" / GAME)
    return root


def urls(project: Path) -> list[str]:
    save = json.loads((project / "output" / GAME / "tts" / f"{GAME}-tts.json").read_text(encoding="utf-8"))
    return [deck[field] for obj in save["ObjectStates"] for deck in obj["CustomDeck"].values()
            for field in ("FaceURL", "BackURL")]


def test_the_saved_object_names_its_images_relative_to_itself(project: Path) -> None:
    result = pipworks(project, "pnp", GAME, "--for", "tts")
    assert result.returncode == 0 and "no problems" in result.stdout, result.stdout + result.stderr
    found = urls(project)
    assert found and all("/" not in url and ":" not in url for url in found), found
    assert all((project / "output" / GAME / "tts" / url).is_file() for url in found)
    text = (project / "output" / GAME / "tts" / f"{GAME}-tts.json").read_text(encoding="utf-8")
    assert "alice-private-projects" not in text and "file:" not in text


def test_a_base_url_names_the_uploaded_images(project: Path) -> None:
    result = pipworks(project, "pnp", GAME, "--for", "tts", "--base-url", "https://example.org/my game/tts/")
    assert result.returncode == 0 and "no problems" in result.stdout, result.stdout + result.stderr
    found = urls(project)
    assert found and all(url.startswith("https://example.org/my game/tts/") for url in found)
    assert all("/" not in url.removeprefix("https://example.org/my game/tts/") for url in found)


@pytest.mark.parametrize("args, message", [
    (["--base-url", "https://x.org/"], "--base-url is for --for tts"),
    (["--for", "tts", "--base-url", "C:\\Users\\me"], "give the URL of the folder holding the sheets"),
])
def test_a_base_url_that_cannot_serve_is_refused(project: Path, args: list[str], message: str) -> None:
    result = pipworks(project, "pnp", GAME, *args)
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr, result.stderr


def test_preflight_measures_a_sheet_named_relative_to_the_saved_object(tmp_path: Path) -> None:
    Image.new("RGB", (4400, 600), "white").save(tmp_path / "sheet.png")
    save = {"ObjectStates": [{"Name": "DeckCustom", "DeckIDs": [100], "CustomDeck": {
        "1": {"FaceURL": "sheet.png", "BackURL": "missing.png", "NumWidth": 3, "NumHeight": 1,
              "BackIsHidden": True, "UniqueBack": False}}}]}
    (tmp_path / "deck.json").write_text(json.dumps(save))
    found = [p.what for p in preflight(tmp_path / "deck.json", PROFILES["tts"])]
    assert any("FaceURL image is 4400 × 600 px, over 4096 px a side" in w for w in found), found
    assert any("BackURL missing.png is not a PNG file here" in w for w in found), found
