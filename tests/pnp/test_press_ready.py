"""Press-ready kits (issue 26): nothing prints behind a piece, crop marks a trimmer can
use, covers that name only files written, distinct font subset tags, decks counted as a
shop counts them, and a preflight that knows each shop."""

from __future__ import annotations

from functools import lru_cache

import pytest

from generator.components.base import CARD_SIZES
from generator.layout.bounds import leaf_boxes
from generator.layout.boxes import Box
from generator.layout.paper import PAPERS
from generator.layout.sheet import Page
from generator.pnp.assemble import pnp_document
from generator.pnp.options import BACKS, PnpOptions
from tests.pnp.kits import GAMES, _components

#: Half the widest line the back pages draw: a line's box has no width of its own.
STROKE = 0.3


def _flip(backs: str) -> str:
    return "short" if backs == "duplex-short" else "long"


def _mirrored(box: Box, page: Page, flip: str) -> Box:
    """Where ``box`` on a back page lies on the sheet's front once the sheet is turned."""
    if flip == "short":
        return Box(box.x, page.height - box.y - box.h, box.w, box.h)
    return Box(page.width - box.x - box.w, box.y, box.w, box.h)


def _pieces(front: Page) -> list[Box]:
    """A front's pieces (cards, tokens, boards, tiles, sheets): its clipped art, bleed included."""
    return [layer.clip for layer in front.layers if layer.clip is not None]


def _loose_ink(back: Page) -> list[Box]:
    """Everything a back page prints that is not a piece's own back: labels, rulers, notes."""
    return [box.inset(-STROKE) for layer in back.layers if layer.clip is None for box in leaf_boxes(layer.items)]


def _overlaps(a: Box, b: Box) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


@lru_cache(maxsize=None)
def _document(slug: str, paper: str, size: str, backs: str):  # type: ignore[no-untyped-def]
    game, components = _components(slug, size, backs)
    return pnp_document(game, components, PnpOptions(paper=paper, size=size, backs=backs))


def ink_behind_pieces(slug: str, paper: str, size: str, backs: str) -> list[str]:
    pages = _document(slug, paper, size, backs).pages
    found = []
    for n in range(0, len(pages), 2):
        front, back = pages[n], pages[n + 1]
        pieces = _pieces(front)
        for ink in _loose_ink(back):
            seen = _mirrored(ink, back, _flip(backs))
            found += [f"page {n + 2}: ink at {ink} lies behind a piece at {p}" for p in pieces if _overlaps(seen, p)]
    return found


@pytest.mark.parametrize("backs", BACKS)
@pytest.mark.parametrize("size", list(CARD_SIZES))
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("slug", GAMES)
def test_no_back_page_prints_behind_a_piece(slug, paper, size, backs):
    """Every sheet's back, turned as the kit says (long or short edge), overlaid on its
    front: labels, rulers, the inch square and notes miss every piece, bleed included."""
    assert ink_behind_pieces(slug, paper, size, backs) == []


def test_the_overlay_finds_ink_behind_a_piece():
    """The check itself: a back that still carried its notice in the middle of the page
    (as before issue 26) is caught behind Four Deuces' tokens."""
    from generator.pnp import pages as module

    game, components = _components("four-deuces", "insert", "duplex-long")
    real = module.blank_back
    try:
        module.blank_back = lambda paper, number, front=None, flip="long": real(paper, number)  # type: ignore[assignment]
        _document.cache_clear()
        assert ink_behind_pieces("four-deuces", "a4", "insert", "duplex-long")
    finally:
        module.blank_back = real
        _document.cache_clear()


@pytest.mark.parametrize("slug, paper, backs", [("four-deuces", "a4", "duplex-long"), ("four-deuces", "letter", "duplex-short"),
                                                ("zero-grid", "letter", "duplex-long"), ("pip-trick", "a4", "fold")])
def test_printed_backs_leave_every_piece_white(tmp_path, slug, paper, backs):
    """The same overlay on pixels: poppler renders each blank back, it is turned as the
    sheet turns, and inside every piece's art on the front (clip rectangles read from the
    PDF) it is paper white."""
    from PIL import ImageOps

    from generator.render.pdf import render_document
    from tests.pnp.pdfprobe import clip_rects_mm, page_text, rasterise

    pdf = tmp_path / "kit.pdf"
    pdf.write_bytes(render_document(_document(slug, paper, "insert", backs)))
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    dpi = 50
    px = dpi / 25.4
    checked = 0
    for back in range(1, len(reader.pages), 2):
        pieces = clip_rects_mm(reader, back - 1)
        if "(blank)" not in page_text(reader, back) or not pieces:
            continue
        image = rasterise(pdf, back + 1, dpi)
        turned = ImageOps.mirror(image) if _flip(backs) == "long" else ImageOps.flip(image)
        for x, y, w, h in pieces:
            box = (int(x * px) + 1, int(y * px) + 1, int((x + w) * px) - 1, int((y + h) * px) - 1)
            darkest = turned.crop(box).getextrema()[0]
            assert darkest >= 250, f"page {back + 1}: ink (grey {darkest}) behind the piece at {x:.1f}, {y:.1f} mm"
        checked += 1
    assert checked, "no blank back behind pieces in this kit"


# -- crop marks a trimmer can use ------------------------------------------------------

#: The printer margin the issue measures from (¼ in), and what a mark must show beyond it.
MARGIN = 6.35
FULL_WEIGHT = 0.2
LEAST_MARK = 5.0


def _full_weight_runs(reader, index: int):  # type: ignore[no-untyped-def]
    """Black lines of full weight (0.2 mm) joined end to end along one line: what a
    trimmer's eye can follow (a hairline does not count)."""
    from tests.pnp.pdfprobe import chains, stroked_lines

    return chains(stroked_lines(reader, index),
                  lambda rgb, width: rgb == (0.0, 0.0, 0.0) and width >= FULL_WEIGHT - 1e-3)


def _on_art(clips, point: tuple[float, float]) -> bool:  # type: ignore[no-untyped-def]
    x, y = point
    return any(cx - 0.01 <= x <= cx + w + 0.01 and cy - 0.01 <= y <= cy + h + 0.01 for cx, cy, w, h in clips)


def mark_lengths(reader, index: int, paper) -> list[float]:  # type: ignore[no-untyped-def]
    """Full-weight length beyond the printer margin of every crop mark on the page: a
    line with one end on a piece's art (at its trim or bleed edge) and the other on bare
    paper. Lines with both ends on paper (the ruler) or on art (the art's own) are not marks."""
    from tests.pnp.pdfprobe import clip_rects_mm

    clips = clip_rects_mm(reader, index)
    found = []
    for (axis, at), lo, hi in _full_weight_runs(reader, index):
        ends = [_on_art(clips, (at, v) if axis == "x" else (v, at)) for v in (lo, hi)]
        if ends[0] == ends[1]:
            continue
        length = paper.height if axis == "x" else paper.width
        found.append(max(0.0, min(hi, length - MARGIN) - max(lo, MARGIN)))
    return found


def _cut_fronts(reader) -> list[int]:  # type: ignore[no-untyped-def]
    import re

    from tests.pnp.pdfprobe import clip_rects_mm, page_text

    return [i for i in range(0, len(reader.pages), 2)
            if clip_rects_mm(reader, i) and not re.search(r"Score (sheet|pad)", page_text(reader, i))]


@pytest.mark.parametrize("size", list(CARD_SIZES))
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("slug", GAMES)
def test_every_crop_mark_shows_5_mm_at_full_weight_beyond_a_quarter_inch(slug, paper, size):
    """Read from the PDF's drawing operations: from every piece's edge, the mark's full
    weight line (over paper and across bleed alike) runs ≥ 5 mm into the area ¼ in or
    more from the paper edge; no label or ruler breaks it shorter."""
    from tests.pnp.kits import kit

    reader = kit(slug, paper, size=size)
    pages = _cut_fronts(reader)
    assert pages
    for index in pages:
        lengths = mark_lengths(reader, index, PAPERS[paper])
        assert lengths, f"page {index + 1} has pieces but no crop marks"
        assert min(lengths) >= LEAST_MARK, f"page {index + 1}: a mark shows only {min(lengths):.2f} mm"


@pytest.mark.parametrize("backs", ["fold", "duplex-short", "none"])
@pytest.mark.parametrize("paper", list(PAPERS))
def test_marks_keep_their_length_for_every_way_of_printing_backs(paper, backs):
    from tests.pnp.kits import kit

    for slug in ("four-deuces", "pip-trick"):
        reader = kit(slug, paper, size="poker", backs=backs)
        for index in _cut_fronts(reader):
            assert min(mark_lengths(reader, index, PAPERS[paper])) >= LEAST_MARK, f"{slug} page {index + 1}"


def _labels_across_cut_lines(document) -> list[str]:  # type: ignore[no-untyped-def]
    """Each page label part that breaks a crop mark: the mark stops on one side of the
    label and goes on on the other, the label's words in the gap."""
    from collections import defaultdict

    from generator.layout.lint import IDENTITY, group_matrix
    from generator.pnp.marks import MARK
    from generator.scene import Group, Line, Text

    found = []
    for number, page in enumerate(document.pages, 1):
        items = [item for layer in page.layers for item in layer.items]
        runs: dict[tuple[bool, float], list[tuple[float, float]]] = defaultdict(list)
        for line in (i for i in items if isinstance(i, Line) and i.style == MARK):
            vertical = abs(line.x1 - line.x2) < 1e-6
            at, lo, hi = (line.x1, line.y1, line.y2) if vertical else (line.y1, line.x1, line.x2)
            runs[(vertical, round(at, 3))].append((min(lo, hi), max(lo, hi)))
        labels = [box for i in items if isinstance(i, Group) and any(
                  isinstance(c, Text) and c.name == "page label" for c in i.children)
                  for box in leaf_boxes(i.children, group_matrix(IDENTITY, i))]
        for (vertical, at), spans in runs.items():
            spans.sort()
            gaps = [(a[1], b[0]) for a, b in zip(spans, spans[1:]) if b[0] - a[1] > 1e-3]
            for box in labels:
                across = (box.x, box.right) if vertical else (box.y, box.bottom)
                along = (box.y, box.bottom) if vertical else (box.x, box.right)
                if across[0] + 0.1 < at < across[1] - 0.1 and any(g0 - 0.1 <= along[0] and along[1] <= g1 + 0.1
                                                                     for g0, g1 in gaps):
                    found.append(f"page {number}: the label at {box} breaks the cut line at {at:.2f}")
    return found


@pytest.mark.parametrize("size", list(CARD_SIZES))
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("slug", GAMES)
def test_no_page_label_breaks_a_crop_mark(slug, paper, size):
    """The page label steps aside for the cut lines: a mark runs whole from the piece to
    the paper's edge, not broken where the label's words sit (issue 26: nothing shortens
    a mark)."""
    assert _labels_across_cut_lines(_document(slug, paper, size, "duplex-long")) == []


# -- covers name only the files written -------------------------------------------------

def _cover_names(document) -> set[str]:  # type: ignore[no-untyped-def]
    """Every file or folder name the cover (its first two pages) mentions."""
    import re

    from generator.scene import Text

    def words(items):  # type: ignore[no-untyped-def]
        for item in items:
            if isinstance(item, Text):
                yield item.text
            elif hasattr(item, "children"):
                yield from words(item.children)

    text = " ".join(w for page in document.pages[:2] for layer in page.layers for w in words(layer.items))
    return set(re.findall(r"[\w.-]+\.pdf", text)) | {m + "/" for m in re.findall(r"\b(svg[\w.-]*)/", text)}


def _grid():  # type: ignore[no-untyped-def]
    """Every paper choice, size, bleed, ink, backs mode, offset and pod/svg switch — a
    sample a build long: each value of every option appears, in changing company."""
    import itertools

    papers = [("a4",), ("letter",), ("a4", "letter")]
    values = [papers, list(CARD_SIZES), [3.0, 0.0, 2.0], ["colour", "bw", "cmyk"], list(BACKS),
              [(0.0, 0.0), (2.0, 1.0)], [True, False], [True, False]]
    every = list(itertools.product(*values))
    return every[::53]  # 3456 / 53: 66 combinations, stepping through every option


@pytest.mark.parametrize("papers, size, bleed, ink, backs, offset, pod, svg", _grid())
def test_the_cover_names_only_files_the_build_writes(monkeypatch, tmp_path, papers, size, bleed, ink, backs, offset,
                                                      pod, svg):
    """``build_kit`` with the options a player can pass: every file the covers name is one
    the build wrote (PDF rendering stubbed: the names are what is checked here)."""
    from generator.pnp import kit as kit_module
    from generator.render import pdf as pdf_module, press as press_module
    from tests.pnp.kits import ROOT, _project

    documents = []

    def render(document):  # type: ignore[no-untyped-def]
        documents.append(document)
        return b"%PDF"

    monkeypatch.setattr(pdf_module, "render_document", render)
    monkeypatch.setattr(press_module, "render_press_document", lambda document, *_: render(document))
    options = PnpOptions(paper=papers[0], size=size, bleed=bleed, ink=ink, backs=backs, back_offset=offset)
    game = _project().games["four-deuces"].content
    written = kit_module.build_kit(game, ROOT, tmp_path, options, papers=papers, svg=svg, pod=pod)
    names = {p.name for p in written if p.suffix == ".pdf"} | {p.parent.name + "/" for p in written if p.suffix == ".svg"}
    covers = [d for d in documents if "print-and-play" in d.title]
    assert len(covers) == len(papers)
    for document in covers:
        listed = _cover_names(document)
        assert listed, "the cover lists no files"
        assert listed <= names, f"the cover names files never written: {sorted(listed - names)}"
        assert {n for n in names if n.endswith(".pdf")} <= listed  # and it leaves none out


def test_a_built_variant_cover_names_files_that_exist(tmp_path):
    """The issue's case end to end: ``--paper a4 --back-offset 2,1`` without --pod; the
    cover read back from the written PDF names only files on disk."""
    import re

    from pypdf import PdfReader

    from generator.pnp.kit import build_kit
    from tests.pnp.kits import ROOT, _project

    options = PnpOptions(paper="a4", back_offset=(2.0, 1.0))
    written = build_kit(_project().games["four-deuces"].content, ROOT, tmp_path, options, papers=["a4"], svg=False,
                        pod=False)
    assert [p.name for p in written] == ["four-deuces-pnp-a4-offset2x1.pdf"]
    reader = PdfReader(written[0])
    text = reader.pages[0].extract_text() + reader.pages[1].extract_text()
    listed = set(re.findall(r"[\w.-]+\.pdf", text))
    assert listed == {"four-deuces-pnp-a4-offset2x1.pdf"}
    assert all((tmp_path / name).is_file() for name in listed)


# -- distinct subset tags ----------------------------------------------------------------

def _subset_fonts(data: bytes) -> dict[str, str]:
    """BaseFont → its descriptor's FontName, for every font of every page, read by
    pikepdf (qpdf), a reader independent of the pypdf that preflight uses."""
    import io

    import pikepdf

    found = {}
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            fonts = page.obj.get("/Resources", {}).get("/Font", {})
            for key in fonts.keys():
                font = fonts[key]
                found[str(font.BaseFont)] = str(font.FontDescriptor.FontName)
    return found


def _dtc_pdf(tmp_path, slug: str = "four-deuces") -> bytes:  # type: ignore[no-untyped-def]
    from generator.pnp.profiles import find_profile
    from generator.pnp.profiles.export import export_profile
    from tests.pnp.kits import ROOT, _project

    result = export_profile(_project().games[slug].content, ROOT, tmp_path, find_profile("dtc"))
    return next(p for p in result.written if p.suffix == ".pdf").read_bytes()


def test_each_embedded_subset_has_its_own_tag_the_same_every_build(tmp_path):
    """ISO 32000 9.6.4: a subset's name is a six-letter tag, '+', the font name; distinct
    subsets get distinct tags. Read back with pikepdf from a kit and a DriveThruCards deck."""
    import re

    from generator.render.pdf import render_document

    kit_pdf = render_document(_document("four-deuces", "a4", "insert", "duplex-long"))
    for data, faces in ((kit_pdf, 2), (_dtc_pdf(tmp_path), 1)):  # the kit sets regular and bold
        fonts = _subset_fonts(data)
        assert len(fonts) >= faces
        tags = [name[1:7] for name in fonts]
        assert all(re.fullmatch(r"/[A-Z]{6}\+[\w-]+", name) for name in fonts), fonts
        assert len(set(tags)) == len(tags), f"subsets share a tag: {sorted(fonts)}"
        assert all(descriptor == name for name, descriptor in fonts.items())
    again = render_document(_document("four-deuces", "a4", "insert", "duplex-long"))
    assert again == kit_pdf  # the tags do not change from build to build


# -- decks as the shop counts them ---------------------------------------------------------

def _shop_decks(slug: str, name: str = "dtc"):  # type: ignore[no-untyped-def]
    from generator.pnp.profiles import PROFILES
    from generator.pnp.profiles.decks import shop_decks
    from generator.pnp.profiles.export import profile_components
    from tests.pnp.kits import ROOT, _project

    game = _project().games[slug].content
    return shop_decks(game, profile_components(game, ROOT, PROFILES[name]), PROFILES[name])


@pytest.mark.parametrize("name", ["dtc", "tgc", "mpc", "tts"])
def test_cards_that_share_a_back_are_one_deck_with_counts_per_face(name):
    """Four Deuces' suit and character cards are shuffled together under one back: one
    deck of 16 + 2, each face with its count; the quick references (plain back) apart."""
    decks = _shop_decks("four-deuces", name)
    assert [d.id for d in decks] == ["suit-cards-and-character-cards", "quick-reference"]
    play = decks[0]
    assert len(play.backs) == 1 and len(play.cards) == 18
    assert [count for _, count in play.counts] == [4, 4, 4, 4, 1, 1]
    assert "one deck of 18 card(s), 6 face(s), 1 back(s)" in play.summary()


@pytest.mark.parametrize("slug", GAMES)
def test_no_two_decks_share_a_back_and_every_card_is_counted(slug):
    from tests.pnp.kits import _components

    decks = _shop_decks(slug)
    backs = [back for d in decks for back in d.backs]
    assert all(len(d.backs) == 1 for d in decks) and len(backs) == len(set(backs))
    _, components = _components(slug, "poker", "duplex-long")
    cards = sum(f.copies for c in components if c.kind == "card" for f in c.faces)
    assert sum(count for d in decks for _, count in d.counts) == sum(len(d.cards) for d in decks) == cards


def test_the_dtc_export_writes_one_pdf_per_back(tmp_path):
    from pypdf import PdfReader

    from generator.pnp.profiles import find_profile
    from generator.pnp.profiles.export import export_profile
    from tests.pnp.kits import ROOT, _project

    result = export_profile(_project().games["four-deuces"].content, ROOT, tmp_path, find_profile("dtc"))
    pdfs = {p.name: len(PdfReader(p).pages) for p in result.written}
    assert pdfs == {"four-deuces-suit-cards-and-character-cards-dtc.pdf": 36, "four-deuces-quick-reference-dtc.pdf": 12}
    assert any(note.startswith("deck Suit cards and Character cards: one deck of 18") for note in result.notes)


# -- preflight per shop --------------------------------------------------------------------

def _kit_pdf(tmp_path, paper: str = "a4"):  # type: ignore[no-untyped-def]
    from generator.render.pdf import render_document

    path = tmp_path / f"four-deuces-pnp-{paper}.pdf"
    path.write_bytes(render_document(_document("four-deuces", paper, "insert", "duplex-long")))
    return path


def _file_of_kind(tmp_path, kind: str):  # type: ignore[no-untyped-def]
    """A small real file of ``kind``: a PDF page, a PNG or JPG image, a saved object, a folder."""
    from PIL import Image

    path = tmp_path / f"sample.{kind}"
    if kind == "folder":
        path.mkdir()
        Image.new("RGB", (825, 1125), "white").save(path / "front-01.png")
    elif kind in ("png", "jpg"):
        Image.new("RGB", (825, 1125), "white").save(path)
    elif kind == "pdf":
        Image.new("RGB", (200, 280), "white").save(path)
    elif kind == "json":
        path.write_text('{"ObjectStates": []}')
    else:
        path.write_text("not a print file")
    return path


@pytest.mark.parametrize("shop", ["tgc", "mpc", "dtc", "tts", "home-a4", "home-letter"])
def test_each_shop_refuses_the_file_types_it_does_not_take_in_its_words(tmp_path, shop):
    from generator.pnp.preflight import SHOPS, preflight

    target = SHOPS[shop]
    for kind in ("pdf", "png", "jpg", "json", "folder", "svg"):
        problems = preflight(_file_of_kind(tmp_path, kind), target)
        refusals = [p for p in problems if "does not take" in p.what]
        if kind in target.takes:
            assert not refusals, (kind, problems)
        else:
            assert len(problems) == 1 and target.takes_words in problems[0].what, (kind, problems)


def test_the_shops_carry_their_published_numbers():
    from generator.pnp.preflight import SHOPS

    assert SHOPS["dtc"].takes == ("pdf",) and SHOPS["dtc"].rules.cmyk and SHOPS["dtc"].rules.max_ink == 240
    assert SHOPS["dtc"].rules.safe_mm == pytest.approx(3.175)  # ⅛ in inside the trim
    assert SHOPS["tgc"].rules.face_px == (825, 1125) and SHOPS["mpc"].rules.face_px == (822, 1122)
    assert SHOPS["mpc"].rules.safe_mm == pytest.approx(0.12 * 25.4)
    assert "pdf" not in SHOPS["tgc"].takes and "json" in SHOPS["tts"].takes
    assert SHOPS["home-letter"].rules.page_mm == (215.9, 279.4) and SHOPS["home-a4"].rules.edge_mm == 6.0


def test_a_kit_is_ready_for_its_own_home_paper_only(tmp_path):
    from generator.pnp.preflight import SHOPS, preflight

    a4, letter = _kit_pdf(tmp_path, "a4"), _kit_pdf(tmp_path, "letter")
    assert preflight(a4, SHOPS["home-a4"]) == [] and preflight(letter, SHOPS["home-letter"]) == []
    wrong = preflight(a4, SHOPS["home-letter"])
    assert wrong and all("US Letter paper is 215.90 × 279.40 mm" in p.what for p in wrong)


def test_home_preflight_finds_text_in_the_printer_margin(tmp_path):
    from reportlab.pdfgen.canvas import Canvas

    from generator.layout.fonts import REGULAR, register_all
    from generator.pnp.preflight import SHOPS, preflight

    register_all()
    path = tmp_path / "edge.pdf"
    canvas = Canvas(str(path), pagesize=(595.2756, 841.8898), invariant=1)
    canvas.setFont(REGULAR, 10)
    canvas.drawString(3 / 25.4 * 72, 400, "too close to the edge")
    canvas.drawString(60, 300, "well inside")
    canvas.save()
    problems = preflight(path, SHOPS["home-a4"])
    assert [p.kind for p in problems] == ["edge"] and "'too close to the edge'" in problems[0].what


def test_the_summary_counts_exactly_the_problems_listed(tmp_path, run_pipworks):
    """The issue's case: a kit checked against DriveThruCards lists hundreds of problems,
    most summed up in "… and N more" lines; the count adds those up, no more, no less."""
    import json
    import re

    kit_pdf = _kit_pdf(tmp_path)
    result = run_pipworks(tmp_path, "preflight", "--for", "dtc", str(kit_pdf))
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    *listed, summary = lines
    more = [int(m.group(1)) for line in listed if (m := re.search(r"… and (\d+) more like the above$", line))]
    single = len(listed) - len(more)
    count = int(re.match(r"(\d+) problem\(s\) for DriveThruCards", summary).group(1))  # type: ignore[union-attr]
    assert more and count == single + sum(more)
    assert f"{single} listed one a line, {sum(more)} in the" in summary
    report = json.loads(run_pipworks(tmp_path, "preflight", "--for", "dtc", "--json", str(kit_pdf)).stdout)
    assert report["problem_count"] == count == sum(p["stands_for"] for p in report["problems"])
    assert len(report["problems"]) == len(listed) and report["ready"] is False and report["for"] == "dtc"


def test_the_json_report_of_a_refused_image_and_of_a_ready_file(tmp_path, run_pipworks):
    import json

    png = _file_of_kind(tmp_path, "png")
    refused = run_pipworks(tmp_path, "preflight", str(png), "--for", "dtc", "--json")
    report = json.loads(refused.stdout)
    assert refused.returncode == 1 and report["problem_count"] == 1
    assert "DriveThruCards takes one PDF per deck" in report["problems"][0]["problem"]
    plain = run_pipworks(tmp_path, "preflight", str(png), "--for", "dtc")
    assert plain.returncode == 1 and "ready" not in plain.stdout and "does not take" in plain.stderr
    ready = run_pipworks(tmp_path, "preflight", str(_kit_pdf(tmp_path)), "--for", "home-a4", "--json")
    assert ready.returncode == 0 and json.loads(ready.stdout) | {"files": []} == {
        "for": "home-a4", "target": "a home printer (A4)", "files": [], "ready": True, "problem_count": 0, "problems": []}


# -- colour through a profile -----------------------------------------------------------------

def _lab_of_srgb(rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    """CIELAB (D50) of an sRGB colour by the standard's formulas (IEC 61966-2-1, Bradford
    to D50), independent of littleCMS."""
    def linear(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v) for v in rgb)
    # sRGB → XYZ (D50, Bradford-adapted), the matrix ICC's sRGB profiles carry
    x = 0.4360747 * r + 0.3850649 * g + 0.1430804 * b
    y = 0.2225045 * r + 0.7168786 * g + 0.0606169 * b
    z = 0.0139322 * r + 0.0971045 * g + 0.7141733 * b
    from generator.render.icc_build import xyz_to_lab

    return xyz_to_lab((x, y, z))


def _cmyk_to_lab(cmyk: list[tuple[float, float, float, float]], icc: bytes) -> list[tuple[float, float, float]]:
    """What the profile says each CMYK prints as (littleCMS, the profile's A2B table)."""
    import io

    from PIL import Image, ImageCms

    profile = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    to_lab = ImageCms.buildTransform(profile, ImageCms.createProfile("LAB", 5000), "CMYK", "LAB",
                                     ImageCms.Intent.RELATIVE_COLORIMETRIC)
    image = Image.frombytes("CMYK", (len(cmyk), 1), bytes(round(v * 255) for c in cmyk for v in c))
    data = to_lab.apply(image).tobytes()

    def signed(v: int) -> int:  # Pillow keeps a* and b* as signed bytes
        return v - 256 if v > 127 else v

    return [(data[i] * 100 / 255, signed(data[i + 1]), signed(data[i + 2])) for i in range(0, len(data), 3)]


def _delta_e(a, b) -> float:  # type: ignore[no-untyped-def]
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5


def _in_gamut_chart(icc: bytes) -> list[tuple[int, int, int]]:
    """sRGB colours the press can print: a grid of CMYK within 300 % ink, each as the
    profile says it prints, converted to sRGB where sRGB holds it."""
    import io
    import itertools

    from PIL import Image, ImageCms

    profile = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    to_rgb = ImageCms.buildTransform(profile, ImageCms.createProfile("sRGB"), "CMYK", "RGB",
                                     ImageCms.Intent.RELATIVE_COLORIMETRIC)
    grid = [c for c in itertools.product((0.0, 0.25, 0.5, 0.75), (0.0, 0.25, 0.5, 0.75), (0.0, 0.25, 0.5, 0.75),
                                         (0.0, 0.3)) if sum(c) <= 3.0]
    labs = _cmyk_to_lab(grid, icc)
    image = Image.frombytes("CMYK", (len(grid), 1), bytes(round(v * 255) for c in grid for v in c))
    rgb = to_rgb.apply(image).tobytes()
    chart = []
    for n, lab in enumerate(labs):
        colour = (rgb[3 * n], rgb[3 * n + 1], rgb[3 * n + 2])
        if _delta_e(_lab_of_srgb(colour), lab) < 1.5 and len(set(colour)) > 1:  # sRGB holds it (and not a grey)
            chart.append(colour)
    return chart


def _chart_document(colours: list[tuple[int, int, int]]):  # type: ignore[no-untyped-def]
    from generator.layout.sheet import Document, Page, Placement
    from generator.scene import Rect, Style

    side, cols = 10.0, 12
    items = tuple(Rect(5 + (n % cols) * side, 5 + (n // cols) * side, side, side,
                       Style(fill="#%02x%02x%02x" % colour)) for n, colour in enumerate(colours))
    rows = -(-len(colours) // cols)
    return Document("colour chart", "Pipworks", (Page(10 + cols * side, 10 + rows * side, (Placement(items),)),))


def _fills(data: bytes) -> list[tuple[float, ...]]:
    """Every fill colour the PDF sets, in order (pypdf)."""
    import io

    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    reader = PdfReader(io.BytesIO(data))
    page = reader.pages[0]
    return [tuple(float(v) for v in operands) for operands, op in ContentStream(page.get_contents(), reader).operations
            if op in (b"k", b"rg", b"g")]


def test_a_colour_chart_prints_within_the_profiles_own_round_trip(tmp_path):
    """A chart of colours the press can print, drawn in sRGB and rendered to a CMYK PDF:
    read back from the PDF, each patch's CMYK prints (by the profile) within ΔE*ab 3 on
    average and 6 at worst of the sRGB colour asked for. The figures come from the
    profile's own round trip (Lab → CMYK → Lab: about 2.5 mean, 7 at the 95th percentile
    on a CMYK grid) plus the 8-bit steps of the transform."""
    from generator.render.press import render_press_document, shipped_profile

    icc = shipped_profile()
    chart = _in_gamut_chart(icc)
    assert len(chart) >= 40
    data = render_press_document(_chart_document(chart), 300.0)
    (tmp_path / "chart.pdf").write_bytes(data)
    fills = _fills(data)
    assert len(fills) == len(chart) and all(len(f) == 4 for f in fills)  # CMYK, one a patch
    printed = _cmyk_to_lab([f for f in fills], icc)  # type: ignore[misc]
    errors = sorted(_delta_e(_lab_of_srgb(c), lab) for c, lab in zip(chart, printed))
    assert sum(errors) / len(errors) <= 3.0, f"mean ΔE {sum(errors) / len(errors):.2f}"
    assert errors[-1] <= 6.0, f"worst ΔE {errors[-1]:.2f}"


def test_the_dtc_pdf_converts_through_the_profile_it_embeds(tmp_path):
    """DeviceCMYK only, the shipped profile embedded byte for byte as the OutputIntent's
    DestOutputProfile, total ink within DriveThruCards' 240 %."""
    import io

    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    from generator.render.press import shipped_profile

    reader = PdfReader(io.BytesIO(_dtc_pdf(tmp_path)))
    intent = reader.trailer["/Root"]["/OutputIntents"][0].get_object()
    assert intent["/S"] == "/GTS_PDFX"
    profile = intent["/DestOutputProfile"].get_object()
    assert profile["/N"] == 4 and profile.get_data() == shipped_profile()
    inks = []
    for page in reader.pages:
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            assert op not in (b"rg", b"RG", b"g", b"G", b"cs", b"CS", b"sc", b"scn", b"SC", b"SCN")
            if op in (b"k", b"K"):
                inks.append(sum(float(v) for v in operands))
    assert inks and max(inks) <= 2.4 + 1e-9


def test_the_shipped_profile_is_a_cmyk_output_profile_with_a_300_percent_limit():
    import io
    import itertools

    from PIL import Image, ImageCms

    from generator.render.press import shipped_profile

    icc = shipped_profile()
    profile = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    assert profile.profile.xcolor_space.strip() == "CMYK" and profile.profile.device_class == "prtr"
    assert "Pipworks" in ImageCms.getProfileDescription(profile) and "MIT" in ImageCms.getProfileCopyright(profile)
    to_cmyk = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), profile, "RGB", "CMYK",
                                      ImageCms.Intent.RELATIVE_COLORIMETRIC)
    colours = list(itertools.product(range(0, 256, 51), repeat=3))
    image = Image.frombytes("RGB", (len(colours), 1), bytes(v for c in colours for v in c))
    data = to_cmyk.apply(image).tobytes()
    worst = max(sum(data[i:i + 4]) for i in range(0, len(data), 4)) / 255
    assert worst <= 3.0 + 4 / 255  # 300 %, give or take the 8-bit steps


def test_a_shops_own_profile_is_used_and_embedded_and_a_bad_one_refused(tmp_path, run_pipworks):
    """``--profile FILE`` with --for dtc: the PDF embeds that file; an RGB profile or a
    non-profile is refused naming the file (exit 2); --profile without --for dtc too."""
    import shutil

    from pypdf import PdfReader

    from generator.render.press import shipped_profile
    from tests.pnp.kits import ROOT

    shutil.copytree(ROOT / "content", tmp_path / "content")
    own = tmp_path / "shop.icc"
    own.write_bytes(shipped_profile())  # a stand-in for a shop's file: a valid CMYK profile
    result = run_pipworks(tmp_path, "pnp", "four-deuces", "--for", "dtc", "--profile", str(own))
    assert result.returncode == 0, result.stderr
    pdf = tmp_path / "output" / "four-deuces" / "dtc" / "four-deuces-quick-reference-dtc.pdf"
    intent = PdfReader(pdf).trailer["/Root"]["/OutputIntents"][0].get_object()
    assert intent["/DestOutputProfile"].get_object().get_data() == own.read_bytes()
    from PIL import ImageCms

    rgb = tmp_path / "rgb.icc"
    rgb.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    junk = tmp_path / "junk.icc"
    junk.write_bytes(b"not a profile")
    for bad, words in ((rgb, "a CMYK output profile is needed"), (junk, "not an ICC profile")):
        refused = run_pipworks(tmp_path, "pnp", "four-deuces", "--for", "dtc", "--profile", str(bad))
        assert refused.returncode == 2 and f"{bad}: " in refused.stderr and words in refused.stderr
        assert "Traceback" not in refused.stderr
    wrong = run_pipworks(tmp_path, "pnp", "four-deuces", "--for", "tgc", "--profile", str(own))
    assert wrong.returncode == 2 and "--for dtc" in wrong.stderr


def test_ink_cmyk_kits_go_through_the_profile_too(tmp_path):
    """``--ink cmyk``: the colour faces, every PDF (kit and print-on-demand) in DeviceCMYK
    through the shipped profile, which each embeds; at most 300 % ink."""
    import io

    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    from generator.pnp.kit import build_kit
    from generator.render.press import shipped_profile
    from tests.pnp.kits import ROOT, _project

    options = PnpOptions(paper="a4", ink="cmyk")
    written = build_kit(_project().games["four-deuces"].content, ROOT, tmp_path, options, papers=["a4"], svg=True,
                        pod=True)
    pdfs = sorted(p.name for p in written if p.suffix == ".pdf")
    assert pdfs == ["four-deuces-cards-pod-cmyk.pdf", "four-deuces-pnp-a4-cmyk.pdf"]
    assert {p.parent.name for p in written if p.suffix == ".svg"} == {"svg"}  # the colour faces, as they are
    for name in pdfs:
        reader = PdfReader(io.BytesIO((tmp_path / name).read_bytes()))
        intent = reader.trailer["/Root"]["/OutputIntents"][0].get_object()
        assert intent["/DestOutputProfile"].get_object().get_data() == shipped_profile()
        for page in reader.pages[:6]:
            for operands, op in ContentStream(page.get_contents(), reader).operations:
                assert op not in (b"rg", b"RG", b"g", b"G")
                if op in (b"k", b"K"):
                    assert sum(float(v) for v in operands) <= 3.0 + 1e-9


def test_the_build_summary_counts_the_problems_a_more_line_stands_for(tmp_path):
    from generator.build import BuildReport
    from generator.pnp.preflight import Problem

    report = BuildReport(preflighted=2, preflight=[Problem("a.pdf", "one", kind="type"),
                                                   Problem("a.pdf", "… and 40 more like the above", kind="type", more=40),
                                                   Problem("b.pdf", "no TrimBox")])
    assert "preflight: 42 problem(s) in 2 of the 2 print files written" in report.summary(tmp_path)


@pytest.mark.slow
def test_the_shipped_profile_is_what_its_builder_makes():
    """generator/render/icc_build.py rebuilds the shipped ICC byte for byte (about a minute)."""
    from generator.render.icc_build import PROFILE_PATH, build_profile

    assert build_profile() == PROFILE_PATH.read_bytes()
