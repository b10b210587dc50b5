"""`pipworks preflight`: each kind of broken file is caught, with its page and position,
and what Pipworks ships passes."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest
from PIL import Image

from generator.layout.boxes import Box
from generator.layout.sheet import Document, Page, Placement, place
from generator.pnp.preflight import Rules, check_pdf, preflight, rules_for
from generator.pnp.profiles import PROFILES
from generator.pnp.profiles.decks import card_page
from generator.render.pdf import render_document
from generator.render.press import Transparency, render_press_document
from generator.scene import Rect, Scene, Style, Text
from tests.pnp.fixtures import card_scene

ROOT = Path(__file__).resolve().parents[2]
POKER = (63.5, 88.9)
DTC = PROFILES["dtc"]


def poker_card(*extra: object, fill: str = "#2060c0", opacity: float = 1.0) -> Scene:
    """A poker card with full bleed art and one line of 8 pt text well inside the safe zone."""
    w, h = POKER
    items = (Rect(-3.175, -3.175, w + 6.35, h + 6.35, Style(fill=fill, stroke=None, opacity=opacity)),
             Text(10, 20, "Seven of Cups", 8 / 2.8346, name="title"), *extra)
    return Scene("card", w, h, tuple(items))  # type: ignore[arg-type]


def one_card_pdf(scene: Scene, bleed: float = DTC.bleed_mm, cmyk: bool = False) -> bytes:
    doc = Document("test", "test", (card_page(scene, bleed),))
    return render_press_document(doc, 240.0) if cmyk else render_document(doc)


def test_a_clean_dtc_card_passes() -> None:
    assert check_pdf(one_card_pdf(poker_card(), cmyk=True), rules_for(DTC), "card.pdf") == []


def test_tiny_text_is_found_with_its_page_and_place() -> None:
    tiny = Text(20, 40, "small print", 4 / 2.8346, name="tiny")  # 4 pt
    problems = check_pdf(one_card_pdf(poker_card(tiny), cmyk=True), rules_for(DTC), "card.pdf")
    assert [p.kind for p in problems] == ["type"]
    problem = problems[0]
    assert "'small print' is 4.0 pt, under the 6 pt minimum" in problem.what and problem.page == 1
    x, y = problem.at  # type: ignore[misc]
    assert abs(x - (20 + DTC.bleed_mm)) < 0.5 and abs(y - (40 + DTC.bleed_mm) + 1.0) < 1.0  # glyph top above baseline
    assert str(problem).startswith("card.pdf: page 1 at ")


def test_rgb_in_a_cmyk_profile_is_found_where_it_is_painted() -> None:
    problems = check_pdf(one_card_pdf(poker_card()), rules_for(DTC), "card.pdf")
    colours = [p for p in problems if p.kind == "colour"]
    assert colours and all("colour in RGB" in p.what and p.page == 1 for p in colours)
    assert colours[0].at is not None and abs(colours[0].at[0]) < 0.5  # the bleed rectangle starts at the page corner
    assert any("no PDF/X OutputIntent" in p.what for p in problems)
    assert any("GTS_PDFXVersion" in p.what for p in problems)


def test_a_missing_trimbox_is_found() -> None:
    w, h = POKER[0] + 6.35, POKER[1] + 6.35
    page = Page(w, h, (Placement((place(poker_card(), 3.175, 3.175),)),))  # no trim, no bleed box
    problems = check_pdf(render_press_document(Document("t", "t", (page,)), 240.0), rules_for(DTC), "card.pdf")
    assert {p.what for p in problems} == {"no TrimBox (print shops cut along it)", "no BleedBox"}


def test_a_page_of_the_wrong_size_and_a_trim_box_of_the_wrong_card_are_found() -> None:
    w, h = 63.0, 88.0  # a sleeve insert, not a poker card
    scene = Scene("insert", w, h, (Rect(-3, -3, w + 6, h + 6, Style(fill="#ffffff", stroke=None)),))
    problems = check_pdf(one_card_pdf(scene, 3.0, cmyk=True), rules_for(DTC), "card.pdf")
    assert any(p.what.startswith("page is 69.00 × 94.00 mm, the profile's card with bleed is 69.85 × 95.25 mm") for p in problems)
    assert any(p.what.startswith("TrimBox is 63.00 × 88.00 mm") for p in problems)


def test_text_outside_the_safe_zone_is_found() -> None:
    edge = Text(1.0, 44.0, "near the edge", 7 / 2.8346, name="edge")
    problems = check_pdf(one_card_pdf(poker_card(edge), cmyk=True), rules_for(DTC), "card.pdf")
    assert [p.kind for p in problems] == ["safe"] and "'near the edge' is less than 3.17 mm inside the trim" in problems[0].what


def test_transparency_is_refused_in_cmyk_and_found_in_a_file() -> None:
    with pytest.raises(Transparency):
        one_card_pdf(poker_card(opacity=0.5), cmyk=True)
    problems = check_pdf(one_card_pdf(poker_card(opacity=0.5)), rules_for(DTC), "card.pdf")
    assert any(p.what.startswith("transparency: graphics state") for p in problems)


def test_too_much_ink_and_unembedded_fonts_are_found() -> None:
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    c = Canvas(out, pagesize=(198, 270), invariant=1)
    c.setTrimBox((9, 9, 189, 261))
    c.setBleedBox((0, 0, 198, 270))
    c.setFillColorCMYK(1, 1, 1, 1)  # 400 % ink
    c.rect(0, 0, 198, 270, fill=1, stroke=0)
    c.setFont("Helvetica", 9)  # one of the 14 fonts a PDF may name without embedding
    c.drawString(40, 130, "Helvetica")
    c.save()
    problems = check_pdf(out.getvalue(), rules_for(DTC), "hand.pdf")
    assert any(p.kind == "ink" and "total ink 400 %" in p.what for p in problems)
    assert any(p.kind == "font" and "Helvetica is not embedded" in p.what for p in problems)


def test_wrong_pixel_sizes_are_found(tmp_path: Path) -> None:
    """An image made for The Game Crafter is 3 px too large for MakePlayingCards."""
    Image.new("RGB", (825, 1125), "white").save(tmp_path / "front-01.png")
    Image.new("RGBA", (822, 1122), "white").save(tmp_path / "front-02.png")
    mpc = preflight(tmp_path, PROFILES["mpc"], "set")
    assert [str(p) for p in mpc] == [
        "set/front-01.png: image is 825 × 1125 px, the profile takes exactly 822 × 1122 px",
        "set/front-02.png: image has an alpha channel: print shops want opaque images"]
    tgc = preflight(tmp_path / "front-02.png", PROFILES["tgc"], "front-02.png")
    assert "exactly 825 × 1125 px" in tgc[0].what


def test_a_tts_saved_object_beyond_the_limits_is_found(tmp_path: Path) -> None:
    Image.new("RGB", (4400, 600), "white").save(tmp_path / "sheet.png")
    url = (tmp_path / "sheet.png").as_uri()
    save = {"ObjectStates": [{"Name": "DeckCustom", "DeckIDs": [100, 169], "CustomDeck": {
        "1": {"FaceURL": url, "BackURL": url, "NumWidth": 11, "NumHeight": 1, "BackIsHidden": True, "UniqueBack": False}}}]}
    (tmp_path / "deck.json").write_text(json.dumps(save))
    found = [p.what for p in preflight(tmp_path / "deck.json", PROFILES["tts"])]
    assert "grid 11 × 1, Tabletop Simulator takes at most 10 × 7" in found
    assert any("over 4096 px a side" in w for w in found)
    assert any("card 169 sits in the hidden-card slot or beyond" in w for w in found)


def test_every_pdf_pipworks_builds_passes(built_project: Path) -> None:
    """Boxes, fonts, safe zone and type of 6 pt or more on every kit, POD file, rulebook
    and quick reference (the rulebooks' drawings now set no text under 2.8 mm, 8 pt)."""
    pdfs = sorted(p for p in (built_project / "output").glob("*/*.pdf"))
    assert len(pdfs) == 35  # per game: two kits, the POD file, rulebook and quick reference on A4 and Letter
    found = [str(p) for pdf in pdfs for p in check_pdf(pdf.read_bytes(), Rules(), pdf.name)]
    assert not found, "\n".join(found)


def test_the_cli_lists_problems_and_exits_1(tmp_path: Path, run_pipworks) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "rgb.pdf").write_bytes(one_card_pdf(poker_card()))
    (tmp_path / "ok.pdf").write_bytes(one_card_pdf(poker_card(), cmyk=True))
    bad = run_pipworks(tmp_path, "preflight", "--for", "dtc", str(tmp_path / "rgb.pdf"))
    assert bad.returncode == 1
    assert "rgb.pdf: page 1 at 0.0, 0.0 mm: colour in RGB" in bad.stderr
    good = run_pipworks(tmp_path, "preflight", "--for", "dtc", str(tmp_path / "ok.pdf"))
    assert good.returncode == 0 and "ready for DriveThruCards" in good.stdout
    assert run_pipworks(tmp_path, "preflight", str(tmp_path / "nothing.pdf")).returncode == 2


def test_the_build_preflights_what_it_writes(tmp_path: Path, run_pipworks) -> None:  # type: ignore[no-untyped-def]
    shutil.copytree(ROOT / "content", tmp_path / "content")
    result = run_pipworks(tmp_path, "build", "multisuit", "--only", "pnp")
    assert result.returncode == 0, result.stderr
    assert "preflight: 3 print file(s) written, no problems" in result.stdout
