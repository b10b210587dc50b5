"""`pipworks pnp`: files named for the choices, reuse without --force, clear failures."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def project(tmp_path) -> Path:
    for folder in ("content", "templates"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    return tmp_path


def run(project: Path, *args: str):
    return CliRunner().invoke(app, ["--project", str(project), "pnp", *args])


def test_pnp_writes_the_asked_paper_and_reuses_it_next_time(project):
    first = run(project, "multisuit", "--paper", "letter", "--size", "poker", "--pod")
    assert first.exit_code == 0, first.output
    pdf = project / "output" / "multisuit" / "multisuit-pnp-letter-poker.pdf"
    assert pdf.is_file() and (project / "output" / "multisuit" / "multisuit-cards-pod-poker.pdf").is_file()
    page = PdfReader(pdf).pages[1]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == (612.0, 792.0)
    again = run(project, "multisuit", "--paper", "letter", "--size", "poker", "--pod")
    assert again.exit_code == 0 and "up to date" in again.output
    forced = run(project, "multisuit", "--paper", "letter", "--size", "poker", "--pod", "--force")
    assert forced.exit_code == 0 and "wrote" in forced.output


def test_pnp_with_defaults_writes_both_papers(project):
    result = run(project, "dice-lanes", "--svg")
    assert result.exit_code == 0, result.output
    out = project / "output" / "dice-lanes"
    assert (out / "dice-lanes-pnp-a4.pdf").is_file() and (out / "dice-lanes-pnp-letter.pdf").is_file()
    assert any((out / "svg").glob("*.svg"))


def test_an_unknown_game_is_a_content_error(project):
    result = run(project, "chess")
    assert result.exit_code == 2


def test_a_bad_back_offset_is_refused(project):
    result = run(project, "multisuit", "--back-offset", "left")
    assert result.exit_code == 2 and "X,Y" in result.output


def _add_to_first_face(monkeypatch, text) -> None:  # type: ignore[no-untyped-def]
    """Make the first face of the game's first component carry ``text`` as well."""
    from dataclasses import replace

    import generator.pnp.assemble as assemble
    import generator.pnp.kit as kit
    from generator.components.base import Face

    real = assemble.load_components

    def with_text(game, options, root):  # type: ignore[no-untyped-def]
        components = real(game, options, root)
        first = components[0]
        front = first.faces[0].front
        return [replace(first, faces=(Face(replace(front, items=front.items + (text,))),) + first.faces[1:]),
                *components[1:]]

    monkeypatch.setattr(assemble, "load_components", with_text)
    monkeypatch.setattr(kit, "load_components", with_text)


def test_text_that_cannot_fit_fails_the_command_naming_it(project, monkeypatch):
    from generator.scene import Text

    _add_to_first_face(monkeypatch, Text(10, 40, "An ability far too long for any card", 6.0, name="ability"))
    result = run(project, "multisuit", "--paper", "a4", "--force")
    assert result.exit_code == 2
    assert "ability" in result.output and "Playing cards" in result.output and "safe zone" in result.output
    assert not (project / "output" / "multisuit" / "multisuit-pnp-a4.pdf").exists()


def test_type_below_6_pt_fails_the_command_naming_the_text(project, monkeypatch):
    from generator.scene import Text

    _add_to_first_face(monkeypatch, Text(10, 40, "small print", 1.8, name="footnote"))  # 5.1 pt, inside the safe zone
    result = run(project, "multisuit", "--paper", "a4", "--force")
    assert result.exit_code == 2
    assert "footnote" in result.output and "5.1 pt" in result.output and "at least 6 pt" in result.output
    assert not (project / "output" / "multisuit" / "multisuit-pnp-a4.pdf").exists()


def test_faces_for_other_choices_never_overwrite_the_default_svgs(project):
    assert run(project, "multisuit", "--paper", "a4", "--svg").exit_code == 0
    default = project / "output" / "multisuit" / "svg" / "playing-cards-01.svg"
    before = default.read_bytes()
    result = run(project, "multisuit", "--paper", "a4", "--svg", "--size", "bridge", "--ink", "bw")
    assert result.exit_code == 0, result.output
    assert default.read_bytes() == before
    bridge = project / "output" / "multisuit" / "svg-bridge-bw" / "playing-cards-01.svg"
    assert "57.15" in bridge.read_text().split(">")[0]  # the bridge card's trim width
