"""`pipworks serve` remakes what a save changed and takes the rest from its memo
(``generator.docs.memo``): the pages come out the bytes a fresh build makes, only the
edited game is loaded and laid out again, and its examples are replayed only when the
examples or the engine changed."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from generator.docs import replays, site
from generator.docs.folders import site_folder
from generator.docs.memo import PageMemo
from generator.docs.pages import site_disagreements

RULE = "A game is four rounds long, and the trump suit changes every round."


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture()
def project(built_project: Path, tmp_path: Path) -> Path:
    root = tmp_path / "project"
    for name in ("content", "templates", "site", "output"):
        shutil.copytree(built_project / name, root / name, ignore=shutil.ignore_patterns("docs"))
    return root


def spy(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[Any]:
    """Record the first argument of every call to ``module.name`` (calls go through)."""
    calls: list[Any] = []
    real = getattr(module, name)

    def recorded(*args: Any, **kwargs: Any) -> Any:
        calls.append(args[1] if name in ("game_pages", "replay_game") else kwargs.get("only"))
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, recorded)
    return calls


def test_a_save_remakes_the_edited_games_pages_alone_with_the_bytes_of_a_fresh_build(
        project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    memo = PageMemo()
    served = tmp_path / "served-docs"
    site.generate(project, served, site_folder(project), memo=memo, with_gallery=True)
    game = project / "content" / "pip-trick" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace(RULE, RULE[:-1] + " (edited)."), encoding="utf-8")

    made = spy(monkeypatch, site, "game_pages")
    loaded = spy(monkeypatch, site, "validated_project")
    site.generate(project, served, site_folder(project), memo=memo, with_gallery=True)
    assert made == ["pip-trick"], "only the edited game's pages are made again"
    assert loaded == [["pip-trick"]], "only the edited game is loaded and validated again"
    assert "(edited)." in (served / "pip-trick" / "index.md").read_text(encoding="utf-8")
    gallery = (served / "pip-trick" / "gallery.md").read_text(encoding="utf-8")
    faces = sorted((project / "output" / "pip-trick" / "svg").glob("*.svg"))
    assert faces and all(f"](img/{face.name})" in gallery for face in faces), "the gallery shows every face"
    assert not (project / "output" / "site" / "pip-trick" / "gallery.html").exists(), "a build has no gallery"

    monkeypatch.undo()
    fresh = tmp_path / "fresh-docs"
    site.generate(project, fresh, site_folder(project), with_gallery=True)
    assert files(served) == files(fresh), "the memo's pages differ from a fresh build's"


def test_a_change_to_a_games_output_or_templates_remakes_its_pages(project: Path, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    memo = PageMemo()
    docs = tmp_path / "docs"
    site.generate(project, docs, site_folder(project), memo=memo)
    made = spy(monkeypatch, site, "game_pages")
    face = sorted((project / "output" / "dice-lanes" / "svg").glob("*.svg"))[0]
    face.write_bytes(face.read_bytes().replace(b"</svg>", b"<!-- redrawn --></svg>"))
    site.generate(project, docs, site_folder(project), memo=memo)
    assert made == ["dice-lanes"]
    template = project / "templates" / "site" / "rulebook.md.j2"
    template.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(Path(site.__file__).parents[2] / "templates" / "site" / "rulebook.md.j2", template)
    with template.open("a", encoding="utf-8") as handle:
        handle.write("\nA line of the project's own template.\n")
    site.generate(project, docs, site_folder(project), memo=memo)
    assert sorted(made[1:]) == sorted(p.name for p in (project / "content").iterdir() if (p / "game.yaml").is_file())
    assert "A line of the project's own template." in (docs / "zero-grid" / "index.md").read_text(encoding="utf-8")


def test_examples_are_replayed_only_when_the_examples_or_the_engine_changed(
        project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    memo = PageMemo()
    docs = tmp_path / "docs"

    def rebuild() -> list[str]:
        site.generate(project, docs, site_folder(project), memo=memo)
        return site_disagreements(project, memo)

    assert rebuild() == []
    replayed = spy(monkeypatch, replays, "replay_game")
    game = project / "content" / "pip-trick" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace(RULE, RULE[:-1] + " (edited)."), encoding="utf-8")
    assert rebuild() == []
    assert replayed == [], "a change of the rulebook's words replays no example"

    examples = project / "content" / "pip-trick" / "examples.yaml"
    before = examples.read_text(encoding="utf-8")
    assert "      trick_winner: South\n      ranking: [South, North, East, West]" in before
    examples.write_text(before.replace("      trick_winner: South\n      ranking: [South, North",
                                       "      trick_winner: North\n      ranking: [South, North", 1), encoding="utf-8")
    problems = rebuild()
    assert replayed == ["pip-trick"] and any("trick_winner" in line for line in problems), problems

    examples.write_text(before, encoding="utf-8")
    assert rebuild() == []
    assert replayed == ["pip-trick", "pip-trick"]

    # The engine's numbers (its data: record) are not words: a change replays the examples.
    game.write_text(text.replace("tie_break_order: [6, 5, 4, 3, 2, 1]", "tie_break_order: [1, 2, 3, 4, 5, 6]"),
                    encoding="utf-8")
    rebuild()
    assert replayed == ["pip-trick"] * 3, "the engine changed, the examples were not replayed"
