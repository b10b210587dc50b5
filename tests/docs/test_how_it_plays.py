"""Each game's "How it plays" page: built from its committed balance report, in plain
words and charts that follow the site's light and dark themes; a build never plays."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.content.project import load_project
from generator.docs.how_it_plays import how_it_plays
from generator.docs.site import DocsWriter
from generator.lab.words import span

ROOT = Path(__file__).resolve().parents[2]
SLUGS = sorted(p.parent.name for p in (ROOT / "content").glob("*/balance.json"))


def test_every_shipped_game_has_a_balance_report() -> None:
    assert SLUGS == ["dice-lanes", "four-deuces", "multisuit", "pip-trick", "zero-grid"]


@pytest.mark.parametrize("slug", SLUGS)
def test_the_page_tells_the_reports_numbers(built_project: Path, slug: str) -> None:
    report = json.loads((ROOT / "content" / slug / "balance.json").read_text())
    html = (built_project / "output" / "site" / slug / "how-it-plays.html").read_text()
    base = report["configurations"][0]
    if base["players"] > 1:
        assert f"The first player wins {span(base['first_player'])}" in html
    assert report["command"] in html
    assert html.count("<svg") >= 2 and 'fill="currentColor"' in html  # the charts, inline: they take the theme's colour
    for rule in base["rules"]:
        assert f'href="index.html#{rule["id"]}"' in html  # each counted rule links to its rulebook section
    if report.get("ladder"):
        assert "The bot ladder" in html
    nav = (built_project / "output" / "site" / slug / "index.html").read_text()
    assert 'href="how-it-plays.html"' in nav


def test_a_game_without_a_report_has_no_page(tmp_path: Path) -> None:
    for name in ("content", "templates"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "content" / "dice-lanes" / "balance.json").unlink()
    project = load_project(tmp_path)
    out = DocsWriter(tmp_path / "docs")
    assert how_it_plays(project, "dice-lanes", out) is None
    assert how_it_plays(project, "pip-trick", out) == "pip-trick/how-it-plays.md"
    assert [p.name for p in (tmp_path / "docs").rglob("*.md")] == ["how-it-plays.md"]


def test_report_text_is_escaped(tmp_path: Path) -> None:
    """The report is data: a label with markup prints as text."""
    for name in ("content", "templates"):
        shutil.copytree(ROOT / name, tmp_path / name)
    path = tmp_path / "content" / "four-deuces" / "balance.json"
    report = json.loads(path.read_text())
    report["configurations"][0]["rules"][0]["what"] = "<script>alert(1)</script>"
    path.write_text(json.dumps(report))
    out = DocsWriter(tmp_path / "docs")
    how_it_plays(load_project(tmp_path), "four-deuces", out)
    page = (tmp_path / "docs" / "four-deuces" / "how-it-plays.md").read_text()
    assert "<script>" not in page and "&lt;script&gt;" in page
