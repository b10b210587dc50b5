"""`pipworks new` names (issue 25, finding 9 and the `new` tracebacks of finding 5): an
ASCII slug from any Latin name, `--slug` asked for when there is none, and one line with
exit 2, nothing written, for a link, a name too long for a slug and a folder that cannot
be made."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.scaffold import ScaffoldError, names_for


def pipworks(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=600, env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])})


def listing(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def one_line(result: subprocess.CompletedProcess[str], *parts: str) -> str:
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and all(part in lines[0] for part in parts), result.stderr
    return lines[0]


@pytest.mark.parametrize("name, slug, title", [
    ("Überspiel", "uberspiel", "Überspiel"),
    ("Straße der Könige", "strasse-der-konige", "Straße Der Könige"),
    ("Æsir Øre", "aesir-ore", "Æsir Øre"),
    ("Ça va", "ca-va", "Ça Va"),
    ("Dragon Dice", "dragon-dice", "Dragon Dice"),
])
def test_a_latin_name_gives_an_ascii_slug_and_keeps_its_title(name: str, slug: str, title: str) -> None:
    names = names_for(name)
    assert (names.slug, names.title, names.module) == (slug, title, slug.replace("-", "_"))


def test_a_new_latin_project_validates(tmp_path: Path) -> None:
    result = pipworks(tmp_path, "new", "Überspiel")
    assert result.returncode == 0 and "content/uberspiel/game.yaml" in result.stdout, result.stderr
    checked = pipworks(tmp_path / "Überspiel", "validate")
    assert checked.returncode == 0 and "content OK: 1 games (uberspiel)" in checked.stdout, checked.stderr


def test_a_name_with_no_ascii_spelling_asks_for_a_slug(tmp_path: Path) -> None:
    one_line(pipworks(tmp_path, "new", "名前"), "'名前': cannot spell '名前' in ASCII", "--slug")
    assert listing(tmp_path) == []
    made = pipworks(tmp_path, "new", "名前", "--slug", "namae")
    assert made.returncode == 0 and "content/namae/game.yaml" in made.stdout, made.stderr
    assert (tmp_path / "名前" / "content" / "namae" / "game.yaml").is_file()


def test_a_bad_slug_is_refused(tmp_path: Path) -> None:
    one_line(pipworks(tmp_path, "new", "名前", "--slug", "Bad Slug"), "--slug 'Bad Slug'", "lower-case ASCII")
    assert listing(tmp_path) == []


def test_a_link_to_an_empty_folder_is_refused(tmp_path: Path) -> None:
    # The old `new` built the project, then failed to rmdir the link: a traceback.
    (tmp_path / "empty").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "empty", target_is_directory=True)
    one_line(pipworks(tmp_path, "new", "link"), "link is a symbolic link")
    assert listing(tmp_path) == ["empty", "link"]


def test_a_250_character_name_asks_for_a_slug(tmp_path: Path) -> None:
    # The old `new` made a scratch folder name over 255 bytes: a traceback.
    one_line(pipworks(tmp_path, "new", "a" * 250), "the name is 250 characters, too long for a slug", "--slug")
    assert listing(tmp_path) == []
    made = pipworks(tmp_path, "new", "a" * 250, "--slug", "long")
    assert made.returncode == 0, made.stderr
    assert listing(tmp_path)[0] == "a" * 250 and not [p for p in listing(tmp_path) if p.startswith(".")]


def test_a_name_too_long_for_the_file_system_is_one_line(tmp_path: Path) -> None:
    one_line(pipworks(tmp_path, "new", "a" * 300, "--slug", "long"), "cannot make", "file name too long")
    assert listing(tmp_path) == []


def test_a_folder_that_cannot_be_made_is_one_line(tmp_path: Path) -> None:
    one_line(pipworks(tmp_path, "new", "/proc/x"), "cannot make /proc/x:")
    (tmp_path / "afile").write_text("mine")
    one_line(pipworks(tmp_path, "new", "afile/x"), "cannot make afile/x: afile is a file, not a folder")
    assert listing(tmp_path) == ["afile"] and (tmp_path / "afile").read_text() == "mine"


def test_names_for_refuses_what_has_no_slug() -> None:
    with pytest.raises(ScaffoldError, match="--slug"):
        names_for("Ελληνικά")
