"""Print-shop and Tabletop Simulator exports, measured against the shops' published numbers."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from generator.content.project import load_project
from generator.pnp.profiles import PROFILES, TTS_GRID, TTS_MAX_PX
from generator.pnp.profiles.decks import NoCards, shop_decks
from generator.pnp.profiles.export import export_profile, profile_components
from generator.pnp.profiles.tts import grid_for, sheets_for
from generator.scene import Group, Text
from tests.pnp.fixtures import FakeGame, board

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("multisuit", "four-deuces", "dice-lanes", "zero-grid", "pip-trick")
TTS_SCHEMA = json.loads((Path(__file__).parent / "tts_saved_object.schema.json").read_text())


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    root = tmp_path_factory.mktemp("shops")
    shutil.copytree(ROOT / "content", root / "content")
    return root, {slug: loaded.content for slug, loaded in load_project(root).games.items()}


@pytest.fixture(scope="module")
def exports(project) -> dict:  # type: ignore[no-untyped-def]
    """Every game exported for every profile, once."""
    root, games = project
    return {(slug, name): export_profile(games[slug], root, root / "output" / slug, PROFILES[name])
            for slug in GAMES for name in PROFILES}


def _game(project, slug):  # type: ignore[no-untyped-def]
    return project[1][slug]


def test_the_profiles_carry_the_published_pixel_sizes() -> None:
    """TGC 825 × 1125 and MPC 822 × 1122 at 300 dpi follow from each shop's bleed: 3 px apart."""
    for name, size in (("tgc", (825, 1125)), ("mpc", (822, 1122))):
        profile = PROFILES[name]
        assert profile.face_px == size
        assert tuple(round(v * profile.dpi) for v in profile.page_in) == size
    assert PROFILES["tgc"].face_px[0] - PROFILES["mpc"].face_px[0] == 3  # type: ignore[index]


@pytest.mark.parametrize("name", ["tgc", "mpc"])
@pytest.mark.parametrize("slug", GAMES)
def test_every_face_image_has_the_shops_exact_pixel_size(exports, name: str, slug: str) -> None:  # type: ignore[no-untyped-def]
    pngs = [p for p in exports[(slug, name)].written if p.suffix == ".png"]
    assert pngs
    for path in pngs:
        with Image.open(path) as image:
            assert image.size == PROFILES[name].face_px, path
            assert image.mode == "RGB"
            assert round(image.info["dpi"][0]) == 300


def test_a_png_deck_has_one_front_per_card_and_its_backs(exports, project) -> None:  # type: ignore[no-untyped-def]
    """Four Deuces: 16 suit cards (4 designs × 4 copies) and 2 character cards share one
    back, so they are one deck; Multisuit's sleeve inserts have no back in the design, so
    the plain back is added and said."""
    written = exports[("four-deuces", "tgc")].written
    suit = sorted(p.name for p in written if p.parent.name == "suit-cards-and-character-cards")
    assert suit == ["back.png"] + [f"front-{n:02d}.png" for n in range(1, 19)]
    first, fifth = (p for p in written if p.parent.name == "suit-cards-and-character-cards" and p.name in ("front-01.png", "front-05.png"))
    assert first.read_bytes() == (first.parent / "front-02.png").read_bytes()  # copies of one design
    assert first.read_bytes() != fifth.read_bytes()
    multisuit = exports[("multisuit", "tgc")]
    playing = [p for p in multisuit.written if p.parent.name.startswith("playing-cards") and p.name.startswith("front")]
    assert len(playing) == 42  # 36 playing cards, 3 markers, 3 quick references: all on the plain back
    assert any("no card back" in note for note in multisuit.notes)


def test_art_runs_into_the_bleed_of_the_image(exports) -> None:  # type: ignore[no-untyped-def]
    """The image's edge pixels are the card's coloured edge, not white paper."""
    # A marker card: its suit's tint runs out to the bleed (the playing cards are white-edged).
    # The markers share the plain back with the 36 playing cards, so they follow them in one deck.
    path = next(p for p in exports[("multisuit", "tgc")].written
                if p.parent.name == "playing-cards-and-marker-cards-and-quick-reference" and p.name == "front-37.png")
    with Image.open(path) as image:
        for xy in ((0, 0), (824, 1124), (412, 0)):
            assert image.getpixel(xy) != (255, 255, 255)


def test_exports_are_byte_identical_when_run_again(project, exports, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    root, _ = project
    for name in ("tgc", "tts", "dtc"):
        again = export_profile(_game(project, "multisuit"), root, tmp_path / name, PROFILES[name])
        first = exports[("multisuit", name)].written
        for a, b in zip(sorted(first), sorted(again.written)):
            if b.suffix == ".json":  # the saved object names where its images are
                assert json.loads(a.read_text().replace(str(a.parent), "X")) == json.loads(b.read_text().replace(str(b.parent), "X"))
            else:
                assert a.read_bytes() == b.read_bytes(), a.name


# -- DriveThruCards ----------------------------------------------------------------------

def _texts(item) -> list[str]:  # type: ignore[no-untyped-def]
    if isinstance(item, Text):
        return [item.text]
    if isinstance(item, Group):
        return [t for child in item.children for t in _texts(child)]
    return []


def test_dtc_pages_go_back_front_back_front(exports, project) -> None:  # type: ignore[no-untyped-def]
    root, _ = project
    pdf = next(p for p in exports[("four-deuces", "dtc")].written if p.name == "four-deuces-suit-cards-and-character-cards-dtc.pdf")
    reader = PdfReader(pdf)
    deck = next(d for d in shop_decks(_game(project, "four-deuces"), profile_components(
        _game(project, "four-deuces"), root, PROFILES["dtc"]), PROFILES["dtc"]) if d.id == "suit-cards-and-character-cards")
    assert len(reader.pages) == 2 * len(deck.cards) == 36
    for n, card in enumerate(deck.cards):
        for page, scene in ((2 * n, card.back), (2 * n + 1, card.front)):
            text = reader.pages[page].extract_text()
            for words in (t for item in scene.items for t in _texts(item)):
                assert words in text, (page + 1, words)


def test_dtc_pages_are_one_card_with_an_eighth_inch_bleed_and_boxes(exports) -> None:  # type: ignore[no-untyped-def]
    for pdf in (p for p in exports[("multisuit", "dtc")].written):
        for page in PdfReader(pdf).pages:
            assert [round(float(v), 2) for v in page.mediabox] == [0, 0, 198, 270]  # 2.75 × 3.75 in
            assert [round(float(v), 2) for v in page.bleedbox] == [0, 0, 198, 270]
            assert [round(float(v), 2) for v in page.trimbox] == [9, 9, 189, 261]  # ⅛ in = 9 pt


def test_dtc_is_cmyk_opaque_with_fonts_embedded_and_an_output_intent(exports) -> None:  # type: ignore[no-untyped-def]
    for pdf in exports[("four-deuces", "dtc")].written:
        reader = PdfReader(pdf)
        intent = reader.trailer["/Root"]["/OutputIntents"][0].get_object()
        # issue 26: the profile the colours went through is embedded, not just named
        assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == "Custom"
        assert intent["/DestOutputProfile"].get_object()["/N"] == 4
        info = reader.trailer["/Info"]
        assert info["/GTS_PDFXVersion"] == "PDF/X-1a:2003" and info["/Trapped"] == "/False"
        assert pdf.read_bytes().startswith(b"%PDF-1.4")
        for page in reader.pages:
            assert "/Group" not in page
            ops = [op for _, op in ContentStream(page.get_contents(), reader).operations]
            assert not {b"rg", b"RG", b"g", b"G", b"cs", b"CS", b"sc", b"scn", b"gs"} & set(ops)
            for operands, op in ContentStream(page.get_contents(), reader).operations:
                if op in (b"k", b"K"):
                    assert sum(float(v) for v in operands) <= 2.4 + 1e-9
            for font in page["/Resources"]["/Font"].values():
                descriptor = font.get_object()["/FontDescriptor"]
                assert "/FontFile2" in descriptor


# -- Tabletop Simulator ------------------------------------------------------------------

@pytest.mark.parametrize("slug", GAMES)
def test_the_tts_saved_object_holds_what_tts_reads(exports, slug: str) -> None:  # type: ignore[no-untyped-def]
    path = next(p for p in exports[(slug, "tts")].written if p.suffix == ".json")
    save = json.loads(path.read_text())
    jsonschema.validate(save, TTS_SCHEMA)
    for obj in save["ObjectStates"]:
        for deck in obj["CustomDeck"].values():
            cols, rows = deck["NumWidth"], deck["NumHeight"]
            assert cols <= TTS_GRID[0] and rows <= TTS_GRID[1]
            # Named relative to the saved object (issue 25: no absolute paths of this computer).
            assert "/" not in deck["FaceURL"] + deck["BackURL"]
            with Image.open(path.parent / deck["FaceURL"]) as sheet, Image.open(path.parent / deck["BackURL"]) as back:
                assert max(sheet.size) <= TTS_MAX_PX
                assert sheet.width % cols == 0 and sheet.height % rows == 0
                cell = (sheet.width // cols, sheet.height // rows)
                hidden = sheet.crop((sheet.width - cell[0], sheet.height - cell[1], sheet.width, sheet.height))
                assert hidden.tobytes() == back.tobytes()  # the last slot shows the back
        ids = obj.get("DeckIDs", [obj.get("CardID")])
        assert all(i % 100 < cols * rows - 1 for i in ids)


def test_tts_cards_repeat_one_image_for_copies(exports) -> None:  # type: ignore[no-untyped-def]
    path = next(p for p in exports[("four-deuces", "tts")].written if p.suffix == ".json")
    suits = next(o for o in json.loads(path.read_text())["ObjectStates"] if o["Nickname"].startswith("Suit"))
    assert len(suits["DeckIDs"]) == 18 and len(set(suits["DeckIDs"])) == 6  # with the 2 character cards


def test_a_big_deck_takes_several_sheets_of_at_most_69_faces() -> None:
    assert grid_for(36) == (10, 4) and grid_for(69) == (10, 7) and grid_for(1) == (2, 1)
    from generator.pnp.profiles.decks import Card, Deck
    from generator.scene import Scene

    cards = tuple(Card(Scene(f"f{i}", 63.5, 88.9, ()), Scene("b", 63.5, 88.9, ())) for i in range(150))
    sheets = sheets_for(Deck("big", "Big", cards, False), 1)
    assert [len(s.cards) for s in sheets] == [69, 69, 12] and [s.key for s in sheets] == [1, 2, 3]


def test_a_game_without_cards_says_what_it_prints_instead() -> None:
    with pytest.raises(NoCards, match=r"fixture has no 63.5 × 88.9 mm cards.*it prints: Board \(board, 200 × 100 mm\)"):
        shop_decks(FakeGame(), [board(200, 100)], PROFILES["tgc"])


# -- every shipped export passes preflight ---------------------------------------------------

@pytest.mark.parametrize("name", list(PROFILES))
@pytest.mark.parametrize("slug", GAMES)
def test_every_export_passes_preflight_but_for_type_size(exports, slug: str, name: str) -> None:  # type: ignore[no-untyped-def]
    """Boxes, page and pixel sizes, fonts, CMYK, ink, safe zone: no problem. Type under
    6 pt is issue 14 item 5's (the faces' type-size lint), not counted here."""
    found = [p for p in exports[(slug, name)].problems if p.kind != "type" and "more like the above" not in p.what]
    assert not found, "\n".join(map(str, found))


def test_the_cli_writes_a_profile_and_gives_preflights_verdict(tmp_path: Path, run_pipworks) -> None:  # type: ignore[no-untyped-def]
    shutil.copytree(ROOT / "content", tmp_path / "content")
    result = run_pipworks(tmp_path, "pnp", "four-deuces", "--for", "mpc")
    assert "wrote 19 file(s) in output/four-deuces/mpc/suit-cards-and-character-cards" in result.stdout
    verdict = run_pipworks(tmp_path, "preflight", "--for", "mpc", *map(str, (tmp_path / "output" / "four-deuces" / "mpc").iterdir()))
    assert verdict.returncode == 0, verdict.stderr  # the PNGs themselves: exact sizes
    assert result.returncode in (0, 1) and ("no problems" in result.stdout) == (result.returncode == 0)
    assert run_pipworks(tmp_path, "pnp", "four-deuces", "--for", "xyz").returncode == 2
