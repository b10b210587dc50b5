"""Rulebooks read in players' words (issue 13): no Python words (True, False, None), no
stray Markdown (**), no empty "Play:" and no raw rule ids in headings, in any built site
page of a game or in any printed rulebook or quick reference."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from generator.content.checks import rule_ids
from generator.content.loader import parse_game

from .test_quick_reference import page_text, pdf_text

ROOT = Path(__file__).resolve().parents[2]
SLUGS = sorted(p.name for p in (ROOT / "content").iterdir() if (p / "game.yaml").is_file())
ENGINE_WORDS = re.compile(r"\b(True|False|None)\b|\*\*|Play:\s*(?:$|Outcome|Position)")


def ids(slug: str) -> set[str]:
    """The game's rule ids a reader would not take for a word: those with a hyphen."""
    return {i for i in rule_ids(parse_game(ROOT / "content" / slug)) if "-" in i}


def headings(html: str) -> list[str]:
    found = re.findall(r"<h[1-4][^>]*>(.*?)</h[1-4]>", html, re.S)
    return [" ".join(unescape(re.sub(r"<[^>]+>", " ", h)).replace("¶", "").split()) for h in found]


@pytest.mark.parametrize("slug", SLUGS)
def test_site_pages_read_in_players_words(built_project: Path, slug: str) -> None:
    pages = sorted((built_project / "output" / "site" / slug).glob("*.html"))
    assert len(pages) >= 3
    for page in pages:
        html = page.read_text(encoding="utf-8")
        text = page_text(html)
        assert not ENGINE_WORDS.search(text), f"{page.name}: {ENGINE_WORDS.search(text)}"
        raw = [h for h in headings(html) for i in ids(slug) if re.search(rf"(^|\s|#){re.escape(i)}(\s|$)", h)]
        assert not raw, f"{page.name}: headings with rule ids: {raw}"


@pytest.mark.parametrize("slug", SLUGS)
def test_printed_books_read_in_players_words(built_project: Path, slug: str) -> None:
    books = sorted((built_project / "output" / slug).glob(f"{slug}-*.pdf"))
    books = [b for b in books if "rulebook" in b.name or "quick-reference" in b.name]
    assert len(books) == 4
    for book in books:
        text = pdf_text(book)
        assert not ENGINE_WORDS.search(text), f"{book.name}: {ENGINE_WORDS.search(text)}"
        assert not [i for i in ids(slug) if f"#{i}" in text], f"{book.name} prints rule ids"
        if slug != "four-deuces":  # its suits are rackets, named in words
            assert "♠" in text and "♥" in text or "♦" in text, "suit symbols print as symbols"
            # as the old books spelled a card's symbols out: "(A spades / K diamonds / 10 clubs)"
            assert not re.search(r"\((?:10|[2-9AJQK-]) spades / ", text), "a card spelled out in words"
