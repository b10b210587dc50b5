"""A designer's font file read as data: what it is told apart from, and a file changed
while ``pipworks serve`` runs is measured anew."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from generator.layout import text as metrics
from generator.layout.fonts import FontProblem, load_project_font

FONTS = Path(__file__).resolve().parents[1] / "fixtures" / "fonts"


@pytest.mark.parametrize("head, said", [
    (b"OTTO", "PostScript (CFF) outlines"), (b"ttcf", "a font collection (.ttc)"), (b"wOFF", "a web font (WOFF)"),
    (b"wOF2", "a web font (WOFF2)"), (b"%PDF", "not a TrueType font"),
])
def test_a_file_that_is_not_a_truetype_font_says_what_it_is(tmp_path: Path, head: bytes, said: str) -> None:
    path = tmp_path / "font.ttf"
    path.write_bytes(head + b"\x00" * 200)
    with pytest.raises(FontProblem, match=None) as caught:
        load_project_font(str(path))
    assert said in str(caught.value)


def test_a_font_file_changed_in_place_is_measured_again(tmp_path: Path) -> None:
    path = tmp_path / "body.ttf"
    shutil.copy(FONTS / "DejaVuSerif.ttf", path)
    first = load_project_font(str(path))
    regular = metrics.width("Wide words", 10.0, font=str(path))
    shutil.copy(FONTS / "DejaVuSerif-Bold.ttf", path)
    os.utime(path, ns=(1, 1))  # a different stamp even within the file system's clock tick
    assert load_project_font(str(path)) != first
    assert metrics.width("Wide words", 10.0, font=str(path)) > regular  # the bold face is wider
