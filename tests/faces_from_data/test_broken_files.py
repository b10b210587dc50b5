"""Broken layout and cards files: each gives one clear FILE:LINE error, exit code 2, and
nothing is written. Each case breaks one thing in a fresh project from the blank
template (content/my-game/card-layout.yaml, cards.csv)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.scaffold import make_project
from generator.trust import trust

LAYOUT, CARDS = "content/my-game/card-layout.yaml", "content/my-game/cards.csv"


def _replace(rel: str, old: str, new: str):  # type: ignore[no-untyped-def]
    def change(root: Path) -> None:
        path = root / rel
        text = path.read_text(encoding="utf-8")
        assert old in text, (rel, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return change


def _line_of(rel: str, needle: str):  # type: ignore[no-untyped-def]
    def line(root: Path) -> int:
        lines = (root / rel).read_text(encoding="utf-8").splitlines()
        return next(n for n, text in enumerate(lines, start=1) if needle in text)
    return line


#: (what is broken, the change, the file and line the error must name, words it must say)
CASES = [
    ("unknown box kind", _replace(LAYOUT, "kind: suit\n        x: 16.5mm", "kind: oval\n        x: 16.5mm"),
     LAYOUT, _line_of(LAYOUT, "kind: oval"), "kind 'oval' is not a kind of box"),
    ("missing column", _replace(LAYOUT, 'text: "{text}"', 'text: "{power}"'),
     LAYOUT, _line_of(LAYOUT, "{power}"), "names column 'power', which cards.csv does not have"),
    ("bad colour in the layout", _replace(LAYOUT, "fill: navy", "fill: reddish"),
     LAYOUT, _line_of(LAYOUT, "fill: reddish"), "'reddish' is not a colour"),
    ("bad colour in the cards", _replace(CARDS, "count,name,suit,rank,stars,text\n", "count,name,suit,rank,stars,text,ink\n") ,
     None, None, None),  # replaced below (two edits)
    ("text overflow", _replace(CARDS, "No special power.", "No special power. " * 30),
     CARDS, _line_of(CARDS, "Wanderer"), "does not fit the 51 × 16 mm box"),
    ("image missing", _replace(LAYOUT, "      picture:\n        kind: suit\n",
                               "      picture:\n        kind: image\n        file: art/dragon.png\n"),
     LAYOUT, _line_of(LAYOUT, "art/dragon.png"), "picture 'art/dragon.png' does not exist"),
    ("image leaving the project", _replace(LAYOUT, "      picture:\n        kind: suit\n",
                                           "      picture:\n        kind: image\n        file: ../../../../etc/logo.png\n"),
     LAYOUT, _line_of(LAYOUT, "etc/logo.png"), "leaves the project; refusing it"),
    ("count is not a number", _replace(CARDS, "2,Wanderer", "two,Wanderer"),
     CARDS, _line_of(CARDS, "two,Wanderer"), "'two' is not a whole number of copies"),
    ("extends an unknown box", _replace(LAYOUT, "extends: corner\n        x: 50mm", "extends: cornr\n        x: 50mm"),
     LAYOUT, _line_of(LAYOUT, "extends: cornr"), "no box 'cornr' to extend"),
    ("a length without a unit we know", _replace(LAYOUT, "width: 51mm", "width: 51 furlongs"),
     LAYOUT, _line_of(LAYOUT, "51 furlongs"), "not a length"),
    ("a row with too many cells", _replace(CARDS, "No special power.", "No special power.,extra"),
     CARDS, _line_of(CARDS, "Wanderer"), "the row has 7 cells but the header names 6 columns"),
    ("a face no layout has", _replace(CARDS, "count,name,suit,rank,stars,text\n1,Early Bird",
                                      "count,name,suit,rank,stars,text,face\n1,Early Bird"),
     None, None, None),  # replaced below
    ("invalid YAML", _replace(LAYOUT, "safe: 3mm", "safe: [3mm"),
     LAYOUT, _line_of(LAYOUT, "boxes:"), "invalid YAML"),
]


def _add_column(root: Path, name: str, night_owl: str, others: str) -> None:
    """A new column in the cards file: ``night_owl`` on the Night Owl's row, ``others`` elsewhere."""
    path = root / CARDS
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[0] += f",{name}"
    lines[1:] = [line + "," + (night_owl if "Night Owl" in line else others) for line in lines[1:]]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _bad_colour(root: Path) -> None:
    _add_column(root, "ink", "bluish", "navy")
    _replace(LAYOUT, "        bold: true\n        align: center\n", '        bold: true\n        colour: "{ink}"\n        align: center\n')(root)


def _unknown_face(root: Path) -> None:
    _add_column(root, "face", "hero", "")


CASES[3] = ("bad colour in the cards", _bad_colour, CARDS, _line_of(CARDS, "Night Owl"), "'bluish' is not a colour")
CASES[11] = ("a face no layout has", _unknown_face, CARDS, _line_of(CARDS, "Night Owl"), "has no face 'hero'")


@pytest.fixture(scope="module")
def blank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("scaffold") / "my-game"
    make_project(root, "blank")
    return root


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_a_broken_file_gives_one_clear_error_and_writes_nothing(case, blank: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import shutil

    _, change, rel, line, words = case
    root = tmp_path / "my-game"
    shutil.copytree(blank, root)
    trust(root)  # the designer's own project, moved: its engine runs, and its notice is no error
    change(root)
    result = CliRunner().invoke(app, ["--project", str(root), "build"])
    assert result.exit_code == 2, result.output
    errors = [e for e in result.stderr.splitlines() if e and not e.endswith("nothing was written.")]
    assert len(errors) == 1, errors
    assert errors[0].startswith(f"{rel}:{line(root)}: ") and words in errors[0], errors[0]
    assert not (root / "output").exists()


def test_the_template_itself_builds_clean(blank: Path) -> None:
    result = CliRunner().invoke(app, ["--project", str(blank), "validate"])
    assert result.exit_code == 0, result.output
