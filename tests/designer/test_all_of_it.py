"""Issue 22's acceptance project, everything at once: a designer's own font, their own SVG
icon inline in card text, three suits of their own, a ``qty`` column and an ``.xlsx``
cards file, in one project made with ``pipworks new``. It builds, the kit's PDF embeds
the font (read back with pypdf), the suits' symbols and the icon's colour are drawn,
and every page renders (the rendered pages were looked at by a person when this test
was written)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import openpyxl
import pytest

from tests.designer.test_type_and_icons import GOLD, _design, _fonts, pipworks

SUITS = """suits:
  - {name: crowns, symbol: "Ω", colour: "#8a6d0b"}
  - {name: moons, symbol: "M", colour: "#4b3f8f"}
  - {name: leaves, symbol: clubs, colour: "#2e7d32", tint: "#e3f1e4"}
"""

ROWS = [("qty", "name", "suit", "rank", "stars", "text"),
        (1, "Early Bird", "crowns", 1, 1, "Play this card **first**: gain :coin: if it leads the *round*."),
        (1, "Night Owl", "moons", 2, 2, "Worth :coin: :coin: when played *last*."),
        (2, "Wanderer", "leaves", 3, 1, "No special power.")]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("all")
    made = pipworks(work, "new", "g", "--template", "blank")
    assert made.returncode == 0, made.stderr
    root = work / "g"
    game = root / "content" / "g"
    _design(root)  # its own font faces and icons, as the font-and-icon tests give them
    (game / "cards.csv").unlink()
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Deck"
    for row in ROWS:
        sheet.append(list(row))
    book.save(game / "cards.xlsx")
    rules = (game / "game.yaml").read_text(encoding="utf-8")
    rules = re.sub(r"^suits: .*\n", SUITS, rules, count=1, flags=re.M).replace("cards: cards.csv", "cards: cards.xlsx")
    (game / "game.yaml").write_text(rules, encoding="utf-8")
    for path in game.glob("*.yaml"):  # the template's example names its suits' cards: keep it about stars
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("hearts", "crowns").replace("spades", "moons"), encoding="utf-8")
    built = pipworks(root, "build")
    assert built.returncode == 0, built.stdout + built.stderr
    return root


def test_it_builds_with_the_font_embedded_and_the_suits_and_icon_drawn(project: Path) -> None:
    pdf = project / "output" / "g" / "g-pnp-a4.pdf"
    fonts = _fonts(pdf)
    for face in ("DejaVuSerif", "DejaVuSerif-Bold", "DejaVuSerif-Italic"):
        assert any(name.endswith("+" + face) and fonts[name] for name in fonts), (face, sorted(fonts))
    svgs = {p.name: p.read_text(encoding="utf-8") for p in (project / "output" / "g" / "svg").glob("card-*.svg")}
    # one SVG per distinct face; the build checked game.yaml's count: 4 against the qty
    # column's 1 + 1 + 2 (a cards file without a read copies column makes 3 and is refused)
    assert len([n for n in svgs if re.fullmatch(r"card-\d+\.svg", n)]) == 3, sorted(svgs)
    assert "count: 4" in (project / "content" / "g" / "game.yaml").read_text(encoding="utf-8")
    every = "".join(svgs.values())
    assert ">Ω<" in every and ">M<" in every, "the declared text symbols are drawn"
    for colour in ("#8a6d0b", "#4b3f8f", "#2e7d32", GOLD):
        assert colour in every.lower(), colour


def test_every_page_renders(project: Path, tmp_path: Path) -> None:
    pdf = project / "output" / "g" / "g-pnp-a4.pdf"
    done = subprocess.run(["pdftoppm", "-r", "30", "-png", str(pdf), str(tmp_path / "page")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    pages = sorted(tmp_path.glob("page-*.png"))
    assert pages and all(p.stat().st_size > 1000 for p in pages)
