"""One rulebook outline feeds the Markdown rulebook, the site's rulebook page and the
printed PDF: the same chapters, in the same order, under the same titles."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.content.loader import parse_game
from generator.content.outline import CHAPTERS, outline

ROOT = Path(__file__).resolve().parents[2]
SLUGS = sorted(p.name for p in (ROOT / "content").iterdir() if (p / "game.yaml").is_file())


def pdf_chapters(path: Path) -> list[str]:
    """Top-level bookmarks of a PDF, in order."""
    return [entry.title for entry in PdfReader(path).outline if not isinstance(entry, list)]


@pytest.mark.parametrize("slug", SLUGS)
def test_markdown_site_and_pdf_follow_the_one_outline(built_project: Path, slug: str) -> None:
    game = parse_game(ROOT / "content" / slug).content
    out = built_project / "output"
    site_md = (built_project / "site" / "docs" / slug / "index.md").read_text(encoding="utf-8")
    shown = re.findall(r"^## (.+?) \{: #([a-z-]+) \}$", site_md, flags=re.M)
    more = [(t, i) for t, i in shown if i == "more-examples"]
    chapters = outline(game, other_examples=more)
    assert shown == [(c.title, c.id) for c in chapters]
    assert pdf_chapters(out / slug / f"{slug}-rulebook.pdf") == [c.title for c in chapters]
    plain = (out / slug / f"{slug}-rulebook.md").read_text(encoding="utf-8")
    rules_only = outline(game, examples=False, reference=False)
    assert re.findall(r"^## (.+)$", plain, flags=re.M) == [c.title for c in rules_only]


def test_a_chapter_with_nothing_to_show_is_left_out() -> None:
    game = parse_game(ROOT / "content" / SLUGS[0]).content
    bare = type(game)(**{**game.__dict__, "variants": [], "clarifications": [], "glossary": [], "notation": []})
    ids = [c.id for c in outline(bare)]
    assert ids == ["components", "setup", "rules", "quick-reference"]
    assert [c.id for c in CHAPTERS if c.id != "reading-examples"][: 3] == ids[:3]
