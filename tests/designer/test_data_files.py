"""A designer's deck kept as designers keep it (issue 22): a ``qty`` column, an .xlsx
cards file, and one run of ``pipworks validate`` that names every problem of every
stage at once."""

from __future__ import annotations

import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import openpyxl
import pytest

from generator.content.cards import read_cards
from generator.content.errors import ContentInvalid
from generator.scaffold import make_project
from generator.trust import trust
from tests.conftest import pipworks

CARDS = [("qty", "name", "suit", "rank", "stars", "text"),
         (1, "Early Bird", "hearts", 1, 1, "Play this card first."),
         (1, "Night Owl", "spades", 2, 2, "Worth :star: :star: when played last."),
         (2, "Wanderer", "hearts", 3, 1, "No special power.")]


@pytest.fixture(scope="module")
def blank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project made by ``pipworks new --template blank``: its deck is data (4 cards)."""
    root = tmp_path_factory.mktemp("blank") / "deck"
    make_project(root, "blank")
    return root


@pytest.fixture
def project(blank: Path, tmp_path: Path) -> Path:
    root = tmp_path / "deck"
    shutil.copytree(blank, root)
    trust(root)  # the designer's own project, moved: its engine runs as in the folder `pipworks new` made
    return root


def game(root: Path) -> Path:
    return root / "content" / "deck"


def write_xlsx(path: Path, rows: list[tuple[object, ...]], title: str = "Cards", more: dict[str, list] | None = None
               ) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = title
    for row in rows:
        sheet.append(list(row))
    for name, extra in (more or {}).items():
        other = book.create_sheet(name)
        for row in extra:
            other.append(list(row))
    book.save(path)


def use_cards(root: Path, name: str, sheet: str | None = None) -> None:
    path = game(root) / "game.yaml"
    text = path.read_text(encoding="utf-8").replace("cards: cards.csv", f"cards: {name}")
    if sheet is not None:
        text = text.replace(f"cards: {name}", f"cards: {name}\n    sheet: {sheet}")
    path.write_text(text, encoding="utf-8")


def refused(result: subprocess.CompletedProcess[str], root: Path) -> list[str]:
    """The problem lines of a refused run: exit 2, no traceback, nothing written."""
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert not (root / "output").exists()
    return [line for line in result.stderr.splitlines() if line.strip()]


def test_a_qty_column_prints_its_copies(project: Path) -> None:
    path = game(project) / "cards.csv"
    path.write_text(path.read_text(encoding="utf-8").replace("count,", "qty,", 1), encoding="utf-8")
    cards = read_cards(path)
    assert cards.copies_column == "qty" and cards.total == 4
    assert pipworks(project, "validate").returncode == 0


def test_copies_column_named_twice_is_refused_naming_both(project: Path) -> None:
    path = game(project) / "cards.csv"
    path.write_text("count,qty,name,suit,rank,stars,text\n4,4,Early Bird,hearts,1,1,First.\n", encoding="utf-8")
    lines = refused(pipworks(project, "build", "--only", "pnp"), project)
    assert any(re.search(r"cards\.csv:1: .*columns 'count' and 'qty' both say how many copies", line) for line in lines), lines


def test_without_a_copies_column_the_count_message_says_so(project: Path) -> None:
    path = game(project) / "cards.csv"
    path.write_text("amount,name,suit,rank,stars,text\n4,Early Bird,hearts,1,1,First.\n", encoding="utf-8")
    lines = refused(pipworks(project, "validate"), project)
    assert any("count is 4, but cards.csv makes 1 cards (it has no count, qty or copies column" in line
               for line in lines), lines


def test_an_xlsx_deck_builds_and_prints(project: Path) -> None:
    write_xlsx(game(project) / "cards.xlsx", CARDS)
    use_cards(project, "cards.xlsx")
    result = pipworks(project, "pnp", "deck", "--paper", "a4")
    assert result.returncode == 0, result.stderr
    pdf = next((project / "output" / "deck").rglob("*.pdf"))
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-r", "30", "-f", "1", "-l", "1", "-png", str(pdf), str(project / "page")], check=True)
        assert (project / "page-1.png").stat().st_size > 1000


def test_the_sheet_is_chosen_by_name(project: Path) -> None:
    write_xlsx(game(project) / "cards.xlsx", [("notes",), ("not cards",)], title="Notes", more={"Deck": CARDS})
    use_cards(project, "cards.xlsx", sheet="Deck")
    cards = read_cards(game(project) / "cards.xlsx", "Deck")
    assert (cards.sheet, cards.total, cards.rows[2].values["name"]) == ("Deck", 4, "Wanderer")
    assert pipworks(project, "validate").returncode == 0
    yaml_path = game(project) / "game.yaml"
    yaml_path.write_text(yaml_path.read_text(encoding="utf-8").replace("sheet: Deck", "sheet: Dekc"), encoding="utf-8")
    lines = refused(pipworks(project, "validate"), project)
    assert any("no sheet 'Dekc' in the workbook; its sheets: 'Notes', 'Deck'" in line for line in lines), lines


def test_an_xlsx_with_bad_cells_names_sheet_row_and_column(project: Path) -> None:
    rows = list(CARDS)
    rows[2] = ("two", *rows[2][1:])  # row 3: qty is not a number
    rows[3] = ("=1+1", *rows[3][1:])  # row 4: a formula saved without its value (openpyxl saves none)
    write_xlsx(game(project) / "cards.xlsx", rows)
    use_cards(project, "cards.xlsx")
    lines = refused(pipworks(project, "validate"), project)
    assert any(line.endswith("cards.xlsx: sheet 'Cards' row 3 column A (qty): 'two' is not a whole number of copies "
                             "(0 or more)") for line in lines), lines
    assert any("cards.xlsx: sheet 'Cards' row 4 column A (qty): the formula =1+1 was saved without its value" in line
               for line in lines), lines


def test_a_formula_is_read_by_the_value_the_spreadsheet_saved(project: Path) -> None:
    """A spreadsheet program saves each formula's value beside it; that value is read,
    and the formula itself never worked out (here the saved value disagrees with it)."""
    rows = list(CARDS)
    rows[3] = ("=1+1", *rows[3][1:])
    path = game(project) / "cards.xlsx"
    write_xlsx(path, rows)
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    sheet = "xl/worksheets/sheet1.xml"
    saved = re.sub(rb"(<c r=\"A4\"[^>]*>)<f>1\+1</f><v\s*/?>(</v>)?", rb"\1<f>1+1</f><v>3</v>", parts[sheet])
    assert saved != parts[sheet]
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, saved if name == sheet else data)
    cards = read_cards(path)
    assert [row.count for row in cards.rows] == [1, 1, 3]


def test_a_file_that_is_no_workbook_is_refused(project: Path) -> None:
    (game(project) / "cards.xlsx").write_text("count,name\n", encoding="utf-8")
    use_cards(project, "cards.xlsx")
    lines = refused(pipworks(project, "validate"), project)
    assert any("cards.xlsx: (top level): not an .xlsx workbook" in line for line in lines), lines


def test_every_stage_reports_in_one_run(project: Path) -> None:
    """A bad game.yaml field, a bad cards row and a text too long for its box: one run
    of validate (and of build) names all three, each at its file and line."""
    yaml_path = game(project) / "game.yaml"
    yaml_path.write_text(yaml_path.read_text(encoding="utf-8").replace("players: {min: 2", "players: {min: two", 1),
                         encoding="utf-8")
    cards = game(project) / "cards.csv"
    rows = cards.read_text(encoding="utf-8").splitlines()
    rows[2] = "lots," + rows[2].split(",", 1)[1]  # line 3: copies not a number
    rows[3] = rows[3].rsplit(",", 1)[0] + "," + "far too many words " * 40  # line 4: overflows its box
    cards.write_text("\n".join(rows) + "\n", encoding="utf-8")
    for command in (("validate",), ("build",)):
        lines = refused(pipworks(project, *command), project)
        assert any(re.search(r"game\.yaml:\d+: players\.min: ", line) for line in lines), lines
        assert any(re.search(r"cards\.csv:3: count: 'lots' is not a whole number", line) for line in lines), lines
        assert any(re.search(r"cards\.csv:4: text: card 'Wanderer', box '\w+' .*does not fit", line) for line in lines), lines


def test_what_the_print_lint_refuses_is_named_by_validate_at_its_card(project: Path) -> None:
    """A character the font lacks stopped ``build`` with no file or line while
    ``validate`` said the content was fine; now validate names the card's line."""
    cards = game(project) / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace("No special power.", "No special power 🐉."),
                     encoding="utf-8")
    lines = refused(pipworks(project, "validate"), project)
    assert any(re.search(r"cards\.csv:4: text: card 'Wanderer', box 'text' \(card-layout\.yaml:\d+\): character '🐉' "
                         r"\(U\+1F409\) is not in the shipped font", line) for line in lines), lines


def test_a_workbook_that_unpacks_to_too_much_is_refused_before_it_is_read(project: Path) -> None:
    """An .xlsx is a zip: 60 MB of one repeated byte packs into some 60 KB."""
    path = game(project) / "cards.xlsx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"<" + b" " * 60_000_000)
    assert path.stat().st_size < 1_000_000
    use_cards(project, "cards.xlsx")
    lines = refused(pipworks(project, "validate"), project)
    assert any("the workbook unpacks to 60,000,001 bytes in 1 files; a spreadsheet of cards may unpack to at most "
               "50,000,000 bytes" in line for line in lines), lines


def test_a_sheet_is_read_only_up_to_the_limits_of_a_cards_file(project: Path) -> None:
    from generator.content.cards import MAX_COLUMNS, MAX_ROWS

    path = game(project) / "cards.xlsx"
    write_xlsx(path, [("qty", "name")] + [(0, f"card {n}") for n in range(MAX_ROWS + 50)])
    with pytest.raises(ContentInvalid) as caught:
        read_cards(path)
    assert "sheet 'Cards' row 2002: card 2,001: a cards file may have at most 2,000 rows" in str(caught.value)
    write_xlsx(path, [tuple(f"c{n}" for n in range(MAX_COLUMNS + 1))])
    with pytest.raises(ContentInvalid) as caught:
        read_cards(path)
    assert "the header names more than 200 columns" in str(caught.value)


def test_colour_text_that_does_not_stand_out_is_refused_at_its_box(project: Path) -> None:
    """Text that does not stand out from its ground (WCAG 2) fails in either ink:
    validate names each card's box at its layout line, exit 2, and the build writes no
    print file (the bw build first makes its own text follow its ground)."""
    layout = game(project) / "card-layout.yaml"
    layout.write_text(layout.read_text(encoding="utf-8").replace('text: "{text}"\n', 'text: "{text}"\n        colour: "#ffdd00"\n', 1),
                      encoding="utf-8")
    result = pipworks(project, "validate")
    assert result.returncode == 2, result.stderr
    found = [line for line in result.stderr.splitlines() if "contrast" in line]
    assert found and all(re.match(r"content/deck/card-layout\.yaml:\d+: faces\.front\.boxes\.text\.colour: "
                                  r"card '[\w ]+': #ffdd00 text on #ffffff .* has a contrast of 1\.\d\d:1; text of "
                                  r"\d+\.\d pt needs 4\.5:1", line) for line in found), result.stderr
    built = pipworks(project, "build")
    assert built.returncode == 2 and "contrast" in built.stderr, built.stderr
    assert not list((project / "output").rglob("*.pdf"))
