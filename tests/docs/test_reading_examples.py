"""Issue 13 item 4: the compact notation a game's examples keep is explained once per
rulebook, in "Reading the examples" with a labelled drawing, on the site and in the
PDF; the engine's raw view of an example sits in a collapsed block on the site only."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.components.diagrams import MIN_TEXT
from generator.content.loader import parse_game
from generator.docs.wording import rows, words

from .test_quick_reference import folded, page_text, pdf_text

ROOT = Path(__file__).resolve().parents[2]
SLUGS = sorted(p.name for p in (ROOT / "content").iterdir() if (p / "game.yaml").is_file())


def first_page_with(path: Path, words_: str) -> int:
    pages = [folded(p.extract_text() or "") for p in PdfReader(path).pages]
    return next(n for n, text in enumerate(pages) if words_ in text)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_rulebook_explains_its_notation_before_the_first_example(built_project: Path, slug: str) -> None:
    """Every term of the game's notation is in the PDF (both papers) and on the site page,
    with the labelled drawing; in the PDF the part comes before the first example."""
    game = parse_game(ROOT / "content" / slug).content
    assert game.notation, f"{slug} explains none of its examples' short forms"
    for suffix in ("", "-letter"):
        book = built_project / "output" / slug / f"{slug}-rulebook{suffix}.pdf"
        text = pdf_text(book)
        assert all(folded(t.term) in text and folded(t.meaning) in text for t in game.notation), book.name
        assert first_page_with(book, "Reading the examples") <= first_page_with(book, "Example:")
    html = (built_project / "output" / "site" / slug / "index.html").read_text(encoding="utf-8")
    site = page_text(html)
    assert "Reading the examples" in site
    assert all(folded(t.term) in site and folded(t.meaning) in site for t in game.notation)
    assert 'src="img/reading-the-examples.svg"' in html, "the labelled drawing is on the page"
    alt = re.search(r'<img alt="([^"]*)" class="pw-diagram" src="img/reading-the-examples.svg"', html)
    assert alt and len(unescape(alt.group(1)).split()) > 15, "a screen reader is told what the drawing shows"
    plain = (built_project / "output" / slug / f"{slug}-rulebook.md").read_text(encoding="utf-8")
    assert "Reading the examples" not in plain, "the plain rules text has no examples to read"


def test_the_labelled_drawings_read_at_any_size(built_project: Path) -> None:
    drawn = sorted((built_project / "output").glob("*/reading-the-examples.svg"))
    assert len(drawn) == len(SLUGS)
    for svg in drawn:
        sizes = [float(m) for m in re.findall(r'font-size="([\d.]+)"', svg.read_text(encoding="utf-8"))]
        assert sizes and min(sizes) >= MIN_TEXT - 1e-6, svg


@pytest.mark.parametrize("slug", SLUGS)
def test_engine_details_are_collapsed_on_the_site_and_never_printed(built_project: Path, slug: str) -> None:
    html = (built_project / "output" / "site" / slug / "index.html").read_text(encoding="utf-8")
    examples = html.count('class="admonition example"')
    blocks = re.findall(r'<details class="note">\s*<summary>Engine details</summary>(.*?)</details>', html, re.S)
    assert examples and len(blocks) == examples, "every example has its engine details, collapsed"
    shown = [unescape(re.sub(r"<[^>]+>", "", b)) for b in blocks]
    assert all(re.search(r"^(position|play|expect):", b, re.M) for b in shown), "the example as the engine reads it"
    for book in sorted((built_project / "output" / slug).glob(f"{slug}-*.pdf")):
        assert "Engine details" not in pdf_text(book), book.name


def test_lists_and_grids_read_as_the_notation_part_says() -> None:
    assert words([[3, 6, 4, 5], [4, 5, 3, 6]]) == "3 6 4 5 | 4 5 3 6"
    assert words({"in any order": ["empty", "3 in P2 Draw 2"]}) == "empty, 3 in P2 Draw 2 (in any order)"
    assert words({"North": [], "South": [2, 3]}) == "North: none; South: 2, 3"
    assert words(True) == "yes" and words(None) == "none"


def test_the_shared_outcomes_read_as_a_player_says_them() -> None:
    """The outcome names every game shares get players' labels; a refused move names its
    rule by title, not by id; nothing says what it means."""
    said = dict(rows({"refused": "must-beat-or-equal", "to_move": None, "winner": None,
                      "legal": ["P1 programs J♠ Q♦ K♥, initiative A♠", "P1 programs Q♦ J♠ K♥, initiative A♠"]},
                     {"must-beat-or-equal": "Match or beat if you can"}))
    assert said == {"The last move is refused by the rule": "“Match or beat if you can”",
                    "Next to decide": "nobody: the game is over", "Winner": "nobody yet",
                    "Moves allowed": "P1 programs J♠ Q♦ K♥, initiative A♠; P1 programs Q♦ J♠ K♥, initiative A♠"}


def test_long_outcomes_get_a_row_per_player_and_ties_read_as_places() -> None:
    results = {"P1": ["J♠: C1→C2, spades C2R4 6→1", "Q♦: fizzles (the column is spent)"],
               "P2": ["J♣: clubs holds C1R2 at 6", "2♣: unplayed (lost Initiative)"]}
    assert rows({"results": results}) == [
        ("Results, P1", "J♠: C1→C2, spades C2R4 6→1 · Q♦: fizzles (the column is spent)"),
        ("Results, P2", "J♣: clubs holds C1R2 at 6 · 2♣: unplayed (lost Initiative)")]
    assert words([["North"], ["West", "East"], ["South"]]) == "North, then West and East, then South"
    assert rows({"setup": {"start_player": "P2", "dice": [3, 5]}}) == [("Setup", "Start player: P2; Dice: 3, 5")]
