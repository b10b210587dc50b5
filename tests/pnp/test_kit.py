"""Whole kits of the real games: what a player prints, read back from the files."""

from __future__ import annotations

import csv
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.content.project import load_project
from generator.layout.imposition import impose
from generator.layout.paper import PAPERS
from generator.layout.text import missing_glyphs
from generator.pnp.assemble import lint_components, load_components, pnp_document, pod_document
from generator.pnp.kit import build_kit
from generator.pnp.options import PnpOptions
from generator.scene import Group, Text
from tests.pnp.pdfprobe import rasterise

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("multisuit", "four-deuces", "dice-lanes", "zero-grid", "pip-trick")
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def project():
    return load_project(ROOT)


@pytest.fixture(scope="module")
def multisuit_kit(project, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("multisuit")
    build_kit(project.games["multisuit"].content, ROOT, out, PnpOptions(), papers=("a4", "letter"))
    return out


def test_the_36_faces_show_exactly_the_ranks_of_the_deck_file(multisuit_kit):
    with (ROOT / "content" / "multisuit" / "deck.csv").open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 36
    for number, row in enumerate(rows, start=1):
        tree = ET.parse(multisuit_kit / "svg" / f"playing-cards-{number:02d}.svg")
        texts = [t.text for t in tree.iter(f"{SVG}text")]
        ranks = [row["spades"], row["diamonds"], row["clubs"]]
        assert texts[:3] == ranks, f"card {row['id']}: corner index"
        shown = sorted(t for t in texts if not t.startswith("No."))
        assert shown == sorted(ranks * 3), f"card {row['id']}: corner, turned corner and centre"


def quick_reference_cards(kit: Path) -> int:
    """How many cards the quick reference takes (its lines set at 7 pt or more)."""
    return len(list((kit / "svg").glob("quick-reference-*.svg")))


def test_kit_files_are_named_for_the_player(multisuit_kit):
    names = sorted(p.name for p in multisuit_kit.iterdir() if p.is_file())
    assert names == ["multisuit-cards-pod.pdf", "multisuit-pnp-a4.pdf", "multisuit-pnp-letter.pdf"]
    faces = sorted(p.stem.rsplit("-", 1)[0] for p in (multisuit_kit / "svg").glob("*.svg"))
    counts = {name: faces.count(name) for name in faces}
    # the quick reference continues on as many cards as its lines need at 7 pt or more
    assert counts.pop("quick-reference") >= 1
    assert counts == {"playing-cards": 36, "marker-cards": 3, "score-sheet": 1}


def test_the_deck_pdf_is_small(multisuit_kit):
    assert (multisuit_kit / "multisuit-pnp-a4.pdf").stat().st_size < 500_000


def test_two_builds_give_identical_bytes(project, multisuit_kit, tmp_path):
    build_kit(project.games["multisuit"].content, ROOT, tmp_path, PnpOptions(), papers=("a4", "letter"))
    for path in sorted(multisuit_kit.rglob("*.*")):
        twin = tmp_path / path.relative_to(multisuit_kit)
        assert twin.read_bytes() == path.read_bytes(), path.name


def test_every_page_is_labelled_and_the_cover_lists_the_kit(multisuit_kit):
    reader = PdfReader(multisuit_kit / "multisuit-pnp-a4.pdf")
    total = len(reader.pages)
    for number, page in enumerate(reader.pages, start=1):
        text = page.extract_text()
        assert f"page {number} of {total}" in text and "A4" in text and "print at 100% / actual size" in text
        assert "100 mm" in text and "1 in" in text
    cover = reader.pages[0].extract_text()
    # 36 + 3 + the quick-reference cards (as many as its lines need, 2 or 3) share sheets
    # of 8, one sheet to every other page (the reverse of each stays blank): the deck is on
    # pages 3-11, the markers share page 11, the quick-reference cards pages 11 and 13.
    assert re.search(r"36 × Playing cards.*pages 3, 5, 7, 9, 11\n", cover)
    cards = quick_reference_cards(multisuit_kit)
    assert re.search(r"3 × Marker cards.*page 11\n", cover)
    assert re.search(rf"{cards} × Quick reference.*pages 11, 13", cover)


@pytest.mark.pdftoppm
def test_crop_marks_print_unbroken_for_5_mm_beyond_the_printers_margin(multisuit_kit):
    """On the printed page every cut's mark is ink from the card's trim outward until at
    least 5 mm inside the area a home printer prints (6 mm from the edge), and it also
    reaches the paper's edge."""
    dpi = 200
    per_mm = dpi / 25.4
    image = rasterise(multisuit_kit / "multisuit-pnp-a4.pdf", 3, dpi)
    pixels = image.load()
    imp = impose(PAPERS["a4"], 63.0, 88.0, bleed=3.0)
    xs = sorted({imp.slot(i).x for i in range(imp.cols)} | {imp.slot(imp.cols - 1).right})
    for x in xs:
        column = round(x * per_mm - 0.5)

        def inked(y_mm: float) -> bool:
            y = int(y_mm * per_mm)
            return min(pixels[c, y] for c in (column - 1, column, column + 1)) < 160

        assert inked(0.2), f"the cut at x={x:.1f} mm does not reach the top edge"
        top = imp.y0
        assert all(inked(y / 4) for y in range(int((top - 11.0) * 4) + 1, int(top * 4))), f"x={x:.1f} mm"


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("backs", ["duplex-long", "fold", "none"])
def test_every_text_of_every_page_has_its_glyphs(project, slug, backs):
    game = project.games[slug].content
    components = lint_components(load_components(game, PnpOptions(backs=backs), ROOT))
    documents = [pnp_document(game, components, PnpOptions(paper=p, backs=backs)) for p in PAPERS]
    documents.append(pod_document(game, components, PnpOptions()))
    missing = set()
    for document in filter(None, documents):
        for page in document.pages:
            for layer in page.layers:
                for text in _texts(layer.items):
                    missing.update((ch, text.text) for ch in missing_glyphs(text.text, text.bold))
    assert not missing


def _texts(items):
    for item in items:
        if isinstance(item, Text):
            yield item
        elif isinstance(item, Group):
            yield from _texts(item.children)


def test_the_pod_pdf_holds_one_page_per_card(multisuit_kit):
    reader = PdfReader(multisuit_kit / "multisuit-cards-pod.pdf")
    # the deck, the markers, the quick-reference cards, each with a back
    assert len(reader.pages) == 2 * (36 + 3 + quick_reference_cards(multisuit_kit))
    for page in reader.pages:
        assert float(page.trimbox.width) == pytest.approx(63 * 72 / 25.4, abs=0.01)
        assert float(page.bleedbox.width) == pytest.approx(69 * 72 / 25.4, abs=0.01)


def test_duplex_backs_follow_their_fronts_and_short_edge_reverses_rows(project, tmp_path):
    game = project.games["four-deuces"].content
    for backs, flip in (("duplex-long", "long-edge"), ("duplex-short", "short-edge")):
        paths = build_kit(game, ROOT, tmp_path / backs, PnpOptions(backs=backs), papers=("a4",), svg=False, pod=False)
        reader = PdfReader(paths[0])
        texts = [page.extract_text() for page in reader.pages]
        assert "Duplex check: front" in texts[2] and "Duplex check: back" in texts[3]
        fronts = [i for i, t in enumerate(texts) if "(fronts)" in t]
        assert fronts and all(f"(backs, {flip} flip)" in texts[i + 1] for i in fronts)


def test_print_and_fold_puts_no_back_page_in_the_kit(project, tmp_path):
    game = project.games["four-deuces"].content
    [path] = build_kit(game, ROOT, tmp_path, PnpOptions(backs="fold"), papers=("letter",), svg=False, pod=False)
    assert path.name == "four-deuces-pnp-letter-backs-fold.pdf"
    texts = [page.extract_text() for page in PdfReader(path).pages]
    assert not any("(backs" in t for t in texts) and any("print and fold" in t for t in texts)


def test_options_other_than_the_defaults_get_their_own_file(project, tmp_path):
    game = project.games["multisuit"].content
    [path] = build_kit(game, ROOT, tmp_path, PnpOptions(size="poker", ink="bw", bleed=2.0), papers=("a4",),
                       svg=False, pod=False)
    assert path.name == "multisuit-pnp-a4-poker-bleed2mm-bw.pdf"
    page = PdfReader(path).pages[1]
    assert re.search(r"page 2 of \d+", page.extract_text())


def test_pipworks_build_makes_every_kit_and_then_reuses_them(tmp_path):
    from generator.build import run_build

    for folder in ("content", "templates"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    first = run_build(tmp_path, None, {}, only="pnp")
    assert sorted(first.built) == sorted(f"{slug}/pnp" for slug in GAMES)
    for slug in GAMES:
        for paper in PAPERS:
            assert (tmp_path / "output" / slug / f"{slug}-pnp-{paper}.pdf").is_file()
    again = run_build(tmp_path, None, {}, only="pnp")
    assert again.built == [] and len(again.reused) == len(GAMES)


@pytest.mark.parametrize("paper", PAPERS)
def test_the_cover_carries_a_true_one_inch_square_and_every_page_a_100_mm_ruler(project, paper):
    from generator.layout.lint import IDENTITY, group_matrix, transform_box
    from generator.layout.boxes import Box
    from generator.scene import Line, Rect

    game = project.games["multisuit"].content
    document = pnp_document(game, lint_components(load_components(game, PnpOptions(), ROOT)), PnpOptions(paper=paper))

    def shapes(items, matrix=IDENTITY):
        for item in items:
            if isinstance(item, Group):
                yield from shapes(item.children, group_matrix(matrix, item))
            elif isinstance(item, Rect):
                yield transform_box(matrix, Box(item.x, item.y, item.w, item.h))
            elif isinstance(item, Line):
                yield transform_box(matrix, Box(item.x1, item.y1, item.x2 - item.x1, item.y2 - item.y1))

    cover = [box for layer in document.pages[0].layers for box in shapes(layer.items)]
    assert any(abs(b.w - 25.4) < 1e-6 and abs(b.h - 25.4) < 1e-6 for b in cover)
    for page in document.pages:
        lines = [box for layer in page.layers[-1:] for box in shapes(layer.items)]
        assert any(abs(max(b.w, b.h) - 100.0) < 1e-6 for b in lines), "no 100 mm ruler line"
