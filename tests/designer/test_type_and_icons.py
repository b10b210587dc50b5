"""A designer's own type and icons (issue 22): a project made with ``pipworks new``, given
its own TrueType font (DejaVu Serif, from tests/fixtures/fonts with its licence), an SVG
and a PNG icon, and ``**bold**`` / ``*italic*`` in card and rule text, builds; the PDFs
embed the font as a subset; the SVGs name it and set the same words in the same places;
and each broken variant is refused with one ``file:line`` line per problem, exit 2,
nothing written, no traceback."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest

FIXTURE_FONTS = Path(__file__).resolve().parents[1] / "fixtures" / "fonts"
GOLD = "#d4a017"

COIN = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
  <title>coin</title>
  <circle cx="12" cy="12" r="10" fill="#d4a017" stroke="#8a6d0b" stroke-width="1.5"/>
  <g transform="translate(12 12) rotate(45)">
    <rect x="-3" y="-3" width="6" height="6" fill="currentColor"/>
  </g>
  <path d="M4 20 a 3 3 0 0 1 4 0 q 2 -2 4 0 t 4 0 L20 20 z" fill="none" stroke="#8a6d0b"/>
</svg>
"""

FONTS_AND_ICONS = """fonts:
  body:
    regular: fonts/DejaVuSerif.ttf
    bold: fonts/DejaVuSerif-Bold.ttf
    italic: fonts/DejaVuSerif-Italic.ttf
icons:
  coin: icons/coin.svg
  gem: icons/gem.png
"""

CARDS = """count,name,suit,rank,stars,text
1,Early Bird,hearts,1,1,"Play this card **first**: gain :coin: if it is the *first card* of the round."
1,Night Owl,spades,2,2,Worth :gem: :star: when played **last**.
2,Wanderer,hearts,3,1,No special power.
"""


def pipworks(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).parent / "pipworks"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([str(script), *args], cwd=cwd, capture_output=True, text=True, timeout=600, env=env)


def _png() -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (16, 16), (40, 160, 90)).save(out, format="PNG")
    return out.getvalue()


def _design(root: Path) -> None:
    """The blank template's game, given its own font, icons and stressed words."""
    game = root / "content" / "g"
    (game / "fonts").mkdir()
    for face in ("DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSerif-Italic.ttf"):
        shutil.copy(FIXTURE_FONTS / face, game / "fonts" / face)
    (game / "icons").mkdir()
    (game / "icons" / "coin.svg").write_text(COIN, encoding="utf-8")
    (game / "icons" / "gem.png").write_bytes(_png())
    layout = (game / "card-layout.yaml").read_text(encoding="utf-8")
    layout = layout.replace("boxes:\n  corner:", FONTS_AND_ICONS + "boxes:\n  corner:", 1)
    layout = layout.replace("        size: 3.2mm\n        align: center", "        size: 3.2mm\n        font: body\n"
                                                                         "        align: center", 1)
    layout = layout.replace("      picture:\n", "      coin:\n        kind: icon\n        icon: coin\n        x: 50mm\n"
                                               "        y: 13.5mm\n        width: 8mm\n        height: 8mm\n"
                                               "      picture:\n", 1)
    assert layout.count("font: body") == 1 and "kind: icon" in layout
    (game / "card-layout.yaml").write_text(layout, encoding="utf-8")
    (game / "cards.csv").write_text(CARDS, encoding="utf-8")
    rules = (game / "game.yaml").read_text(encoding="utf-8")
    rules = rules.replace("text: Play a card from your hand face up in front of you.",
                          "text: Play **one** card from your hand *face up* in front of you.")
    assert "**one**" in rules
    (game / "game.yaml").write_text(rules, encoding="utf-8")


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The designed project, not yet built (broken variants are copied from it)."""
    work = tmp_path_factory.mktemp("type")
    made = pipworks(work, "new", "g", "--template", "blank")
    assert made.returncode == 0, made.stderr
    _design(work / "g")
    return work / "g"


@pytest.fixture(scope="module")
def built(source: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("built") / "g"
    shutil.copytree(source, root)
    result = pipworks(root, "build")
    assert result.returncode == 0, result.stdout + result.stderr
    return root


def _fonts(pdf: Path) -> dict[str, bytes]:
    """BaseFont name -> its embedded font program, for every font the PDF's pages use."""
    import pypdf

    found: dict[str, bytes] = {}
    for page in pypdf.PdfReader(pdf).pages:
        for ref in (page["/Resources"].get("/Font") or {}).values():
            font = ref.get_object()
            descriptor = font.get("/FontDescriptor")
            program = descriptor.get_object().get("/FontFile2") if descriptor else None
            found[str(font["/BaseFont"])] = program.get_object().get_data() if program else b""
    return found


def test_the_pdf_embeds_the_designers_font_as_subsets_of_each_face(built: Path) -> None:
    fonts = _fonts(built / "output" / "g" / "g-pnp-a4.pdf")
    whole = (FIXTURE_FONTS / "DejaVuSerif.ttf").stat().st_size
    for face in ("DejaVuSerif", "DejaVuSerif-Bold", "DejaVuSerif-Italic"):
        names = [name for name in fonts if name.endswith("+" + face)]
        assert names and re.fullmatch(r"/[A-Z]{6}\+" + face, names[0]), (face, sorted(fonts))
        assert 0 < len(fonts[names[0]]) < whole / 4, "a subset: only the glyphs the cards use"


def test_the_svg_names_the_font_and_sets_bold_and_italic_words_without_their_marks(built: Path) -> None:
    svg = (built / "output" / "g" / "svg" / "card-01.svg").read_text(encoding="utf-8")
    texts = dict((text, attrs) for attrs, text in re.findall(r"<text ([^>]*)>([^<]*)</text>", svg))
    assert "font-weight=\"bold\"" in texts["first"] and "'DejaVu Serif'" in texts["first"]
    assert "font-style=\"italic\"" in texts["first card"]
    assert "Play this card " in texts and "*" not in svg
    assert "if it" in texts, "the space after an inline icon is not left at the start of an SVG text"


def test_the_svg_icon_is_drawn_as_the_same_vectors_in_svg_and_pdf(built: Path) -> None:
    """The icon's own colours, as paths: no <image>, no copy of the file in the SVG, and
    the PDF fills with the same gold."""
    import pypdf

    svg = (built / "output" / "g" / "svg" / "card-01.svg").read_text(encoding="utf-8")
    assert svg.count(f'fill="{GOLD}"') == 2, "once in the icon box, once inline"
    assert "<title>coin" not in svg and "image/svg" not in svg
    page = pypdf.PdfReader(built / "output" / "g" / "g-pnp-a4.pdf").pages[4].get_contents().get_data().decode("latin-1")
    rgb = tuple(int(GOLD[i:i + 2], 16) / 255 for i in (1, 3, 5))
    fills = re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) rg", page)
    assert any(all(abs(float(v) - c) < 0.002 for v, c in zip(f, rgb)) for f in fills)


def test_the_png_icon_is_the_picture_inline(built: Path) -> None:
    svg = (built / "output" / "g" / "svg" / "card-02.svg").read_text(encoding="utf-8")
    assert svg.count("data:image/png;base64,") == 1


def test_rule_text_sets_bold_and_italic_in_the_books_and_on_the_site(built: Path) -> None:
    import pypdf

    book = built / "output" / "g" / "g-rulebook.pdf"
    fonts = _fonts(book)
    assert any(name.endswith("+DejaVuSans-Oblique") for name in fonts), sorted(fonts)
    words = " ".join(page.extract_text() for page in pypdf.PdfReader(book).pages)
    assert "Play one card from your hand face up" in " ".join(words.split()) and "**" not in words
    site = (built / "output" / "site" / "g" / "index.html").read_text(encoding="utf-8")
    assert "<strong>one</strong>" in site and "<em>face up</em>" in site


@pytest.mark.pdftoppm
def test_the_cards_page_renders_with_the_font_and_the_icon(built: Path, tmp_path: Path) -> None:
    """pdftoppm draws the fronts page: gold icon pixels and dark serif text are there
    (the pages were looked at when this test was written)."""
    from PIL import Image

    subprocess.run(["pdftoppm", "-r", "50", "-f", "5", "-l", "5", "-png",
                    str(built / "output" / "g" / "g-pnp-a4.pdf"), str(tmp_path / "p")], check=True)
    data = Image.open(next(tmp_path.glob("p*.png"))).convert("RGB").tobytes()
    pixels = zip(data[0::3], data[1::3], data[2::3])
    gold = sum(1 for r, g, b in pixels if abs(r - 0xd4) < 20 and abs(g - 0xa0) < 20 and b < 60)
    assert gold > 20


def test_the_build_is_byte_identical_twice(source: Path, tmp_path: Path) -> None:
    digests = []
    for n in (1, 2):
        root = tmp_path / f"run{n}" / "g"
        shutil.copytree(source, root)
        result = pipworks(root, "pnp", "g", "--paper", "a4", "--svg")
        assert result.returncode == 0, result.stderr
        out = root / "output" / "g"
        digests.append({p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
                        for p in sorted(out.rglob("*")) if p.suffix in (".pdf", ".svg")})
    assert digests[0] == digests[1] and any(name.endswith(".svg") for name in digests[0])


# -- broken projects -------------------------------------------------------------------


def _edit(name: str, old: str, new: str) -> Callable[[Path], None]:
    def change(game: Path) -> None:
        text = (game / name).read_text(encoding="utf-8")
        assert old in text, old
        (game / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    return change


def _write(name: str, data: bytes) -> Callable[[Path], None]:
    return lambda game: (game / name).write_bytes(data)


def _sparse(name: str, size: int) -> Callable[[Path], None]:
    def change(game: Path) -> None:
        with open(game / name, "wb") as handle:
            handle.write(b"\x00\x01\x00\x00")
            handle.truncate(size)
    return change


def _symlink_out(game: Path) -> None:
    (game / "fonts" / "DejaVuSerif-Bold.ttf").unlink()
    (game / "fonts" / "DejaVuSerif-Bold.ttf").symlink_to(FIXTURE_FONTS / "DejaVuSerif-Bold.ttf")


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><title>&b;</title><circle r="3"/></svg>"""
EXTERNAL = b"""<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<svg xmlns="http://www.w3.org/2000/svg"><title>&x;</title></svg>"""
SCRIPT = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><script>alert(1)</script><circle r="3"/></svg>'
LINKED = (b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 9 9">'
          b'<image xlink:href="https://example.com/x.png" width="9" height="9"/></svg>')
GRADIENT = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><rect width="9" height="9" fill="url(#g)"/></svg>'
HANDLER = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><rect width="9" height="9" onclick="x()"/></svg>'

BROKEN = {
    "not a font": (_write("fonts/DejaVuSerif-Bold.ttf", b"<html>not a font</html>"),
                   "card-layout.yaml:12: fonts.body.bold: font file 'fonts/DejaVuSerif-Bold.ttf': it is not a TrueType font"),
    "a damaged font": (_write("fonts/DejaVuSerif-Bold.ttf", b"\x00\x01\x00\x00" + b"\xff" * 300),
                       "card-layout.yaml:12: fonts.body.bold: font file 'fonts/DejaVuSerif-Bold.ttf': it cannot be read as a font"),
    "a font too big": (_sparse("fonts/DejaVuSerif-Bold.ttf", 21_000_000),
                       "card-layout.yaml:12: fonts.body.bold: font file 'fonts/DejaVuSerif-Bold.ttf': it has 21,000,000 bytes"),
    "a font outside the game": (_edit("card-layout.yaml", "bold: fonts/DejaVuSerif-Bold.ttf", "bold: ../../../x.ttf"),
                                "card-layout.yaml:12: fonts.body.bold: path '../../../x.ttf' must be relative"),
    "a font symlinked out": (_symlink_out, "card-layout.yaml:12: fonts.body.bold: font file 'fonts/DejaVuSerif-Bold.ttf': "
                                          "the path leads outside the project"),
    "a missing glyph": (_edit("cards.csv", "No special power.", "No special power 漢."),
                        "cards.csv:4: text: card 'Wanderer', box 'text' (card-layout.yaml:73): font 'body' "
                        "(fonts/DejaVuSerif.ttf) has no glyph for '漢' (U+6F22)"),
    "a missing face": (_edit("cards.csv", "when played **last**", "when played ***last***"),
                       "cards.csv:3: text: card 'Night Owl', box 'text' (card-layout.yaml:73): font 'body' has no "
                       "bold_italic face"),
    "an unknown font": (_edit("card-layout.yaml", "font: body", "font: headline"),
                        "card-layout.yaml:81: faces.front.boxes.text.font: no font 'headline' (fonts: body)"),
    "an unknown icon": (_edit("cards.csv", "Worth :gem:", "Worth :ruby:"),
                        "cards.csv:3: text: card 'Night Owl', box 'text' (card-layout.yaml:73): no icon :ruby: "
                        "(icons: coin, gem, hearts,"),
    "an unknown icon in a box": (_edit("card-layout.yaml", "icon: coin", "icon: crown"),
                                 "card-layout.yaml:62: faces.front.boxes.coin.icon: no icon 'crown' (icons: coin, gem,"),
    "entities (billion laughs)": (_write("icons/coin.svg", BILLION_LAUGHS),
                                  "card-layout.yaml:15: icons.coin: icon file 'icons/coin.svg': it has a DOCTYPE"),
    "an external entity": (_write("icons/coin.svg", EXTERNAL),
                           "card-layout.yaml:15: icons.coin: icon file 'icons/coin.svg': it has a DOCTYPE"),
    "a script": (_write("icons/coin.svg", SCRIPT), "icons.coin: icon file 'icons/coin.svg': <script> (line 1) is not "
                                                   "supported in an icon"),
    "a link": (_write("icons/coin.svg", LINKED), "icons.coin: icon file 'icons/coin.svg': <image> (line 1) has href=: "
                                                 "links and scripts are not allowed"),
    "an event handler": (_write("icons/coin.svg", HANDLER), "<rect> (line 1) has onclick=: links and scripts"),
    "a gradient": (_write("icons/coin.svg", GRADIENT), "<rect> (line 1) refers to 'url(#g)': gradients"),
    "not XML": (_write("icons/coin.svg", b"<svg><g></svg>"), "icons/coin.svg': it is not well-formed XML (mismatched tag"),
    "an icon too big": (_write("icons/coin.svg", b"<svg xmlns='http://www.w3.org/2000/svg'>" + b" " * 1_000_001 + b"</svg>"),
                        "bytes; an SVG icon may have at most 1,000,000"),
    "a bad icon name": (_edit("card-layout.yaml", "  gem: icons/gem.png", "  Gem!: icons/gem.png"),
                        "card-layout.yaml:16: icons.Gem!: 'Gem!' is not an icon name"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_font_or_icon_is_one_line_with_its_place_exit_2_and_nothing_written(
        source: Path, tmp_path: Path, case: str) -> None:
    root = tmp_path / "g"
    shutil.copytree(source, root, symlinks=True)
    change, expected = BROKEN[case]
    change(root / "content" / "g")
    result = pipworks(root, "build")
    assert result.returncode == 2, (case, result.stdout, result.stderr)
    said = result.stdout + result.stderr
    assert "Traceback" not in said
    problems = [line for line in said.splitlines() if re.match(r"content/g/[\w.-]+:\d+: ", line)]
    assert problems and any(expected in line for line in problems), (case, said)
    assert len(problems) == 1, said  # one problem, said once (no follow-on complaints)
    assert not (root / "output").exists()


def test_an_edited_icon_file_alone_redraws_the_cards(source: Path, tmp_path: Path) -> None:
    """serve lays out again in the same process: a changed icon (or font) file, with
    its layout and cards untouched, must not be answered from the face cache."""
    from generator.components.base import FaceOptions
    from generator.content.project import load_project
    from generator.faces_from_data.faces import components

    root = tmp_path / "g"
    shutil.copytree(source, root)

    game = load_project(root).games["g"]  # one content, as a process that holds it keeps it

    def coin_colours() -> set[str]:
        made = components(game.content, FaceOptions(), root)
        found = re.findall(r"#[0-9a-f]{6}", repr(made[0].faces[0].front.items))
        return set(found)

    before = coin_colours()
    icon = root / "content" / "g" / "icons" / "coin.svg"
    icon.write_text(icon.read_text(encoding="utf-8").replace("<svg ", "<svg ", 1)
                    .replace("</svg>", "<rect x='0' y='0' width='2' height='2' fill='#123456'/></svg>"),
                    encoding="utf-8")
    os.utime(icon, ns=(icon.stat().st_atime_ns, icon.stat().st_mtime_ns + 10_000_000))
    after = coin_colours()
    assert "#123456" not in before and "#123456" in after
