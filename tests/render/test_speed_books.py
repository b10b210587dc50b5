"""The books' speed-ups keep their bytes: a rulebook is the same PDF whichever paper a
process printed first (paragraphs parsed once and lines remembered are only reused
where they are the same), and the quick reference's type is the largest that fits,
found by halving as the full search would."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_PRINT = """
import hashlib, json, sys
from pathlib import Path
from generator.verify.project import validated_project
from generator.docs.pages import _book_parts
from generator.docs.replays import replay_game
from generator.render.book import rulebook_pdf
from generator.render.book_quickref import quickref_pdf
root = Path(sys.argv[1]); slug = sys.argv[2]
project = validated_project(root, [slug])
book = _book_parts(project, slug, lambda ex: replay_game(root, slug, ex).replays)
hashes = {}
for paper in sys.argv[3:]:
    pdf = rulebook_pdf(book.game.content, book.placed, book.others, book.cover, "test", paper, book.table, book.legend)
    ref = quickref_pdf(book.game.content, "test", book.table, paper)
    hashes[paper] = [hashlib.sha256(pdf).hexdigest(), hashlib.sha256(ref).hexdigest()]
print(json.dumps(hashes))
"""


def _printed(*papers: str) -> dict[str, list[str]]:
    result = subprocess.run([sys.executable, "-c", _PRINT, str(ROOT), "four-deuces", *papers], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def test_a_rulebook_is_the_same_pdf_whichever_paper_was_printed_first() -> None:
    a4_first = _printed("a4", "letter", "a4")
    letter_first = _printed("letter", "a4")
    assert a4_first["a4"] == letter_first["a4"]
    assert a4_first["letter"] == letter_first["letter"]
    assert a4_first["a4"] != a4_first["letter"], "each paper has its own layout"


def test_the_quick_reference_prints_at_the_largest_size_that_fits() -> None:
    from generator.content.reference import quick_reference
    from generator.docs.pages import game_components, setup_scene
    from generator.render import book_quickref as q
    from generator.render.book_base import BookDoc, remembered_wraps
    from generator.verify.project import validated_project

    project = validated_project(ROOT, ["dice-lanes"])
    game = project.games["dice-lanes"]
    table = setup_scene(game, game_components(project, "dice-lanes"))
    ref = quick_reference(game.content)
    for shown in (table, None):
        picture_h = shown.height * q.PICTURE_SCALE * q.MM if shown is not None else 0.0

        def fits(index: int) -> bool:
            doc = BookDoc("t", "f", "a4", margin_mm=q.MARGIN_MM, top_mm=q.MARGIN_MM, bottom_mm=16.0)
            story = q._story(game.content, ref, shown, q.SIZES[index], doc.width, picture_h)
            return q._height(story, doc.width, doc.height) <= doc.height

        with remembered_wraps():
            every = [fits(i) for i in range(len(q.SIZES))]
            halved = q._largest_fitting(fits)
        assert halved == next((i for i, ok in enumerate(every) if ok), len(q.SIZES))
        assert all(every[halved:]), "smaller type never stops fitting"
