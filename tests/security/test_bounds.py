"""Every input is bounded (issue 25, findings 4, 5 and 7; Deliver 4 and 6): a layout's
``extends``, a YAML file's aliases, a cards file's size, rows, copies, columns and
cells, a picture's pixels, and every number of a layout. Each limit is tried at the
limit (accepted) and just past it (refused with ``file:line`` and a message, exit 2, no
traceback, in bounded time)."""

from __future__ import annotations

import io
import re
import resource
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.build import check_pages
from generator.content import cards as cards_module
from generator.content import loader
from generator.content.cards import MAX_CELL_CHARS, MAX_COLUMNS, MAX_COPIES, MAX_ROWS, read_cards
from generator.content.errors import ContentInvalid
from generator.content.loader import MAX_EXPANDED_CHARS, MAX_FILE_BYTES, parse_yaml_text, read_text
from generator.faces_from_data import pictures
from generator.faces_from_data.faces import MAX_DRAWN_BOXES, MAX_DRAWN_CHARS
from generator.faces_from_data.layout import (MAX_BLEED_MM, MAX_BOXES, MAX_EXTENDS_DEPTH, MAX_LENGTH_MM,
                                              read_layout)
from generator.faces_from_data.pictures import MAX_PIXELS, PictureProblem, load_picture
from tests.faces_from_data.helpers import make, problems

ROOT = Path(__file__).resolve().parents[2]


def cli(project: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``pipworks -p project args`` in a process of its own, as a user runs it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "generator", "-p", str(project), *args], capture_output=True,
                          text=True, timeout=timeout, env=env, cwd=project)


def refused(result: subprocess.CompletedProcess[str], *expected: str) -> str:
    out = result.stdout + result.stderr
    assert result.returncode == 2, out
    assert "Traceback" not in out and "Warning" not in out, out
    for text in expected:
        assert text in out, out
    return out


def messages(root: Path) -> str:
    return "\n".join(e.render(root) for e in problems(root))


# -- extends ----------------------------------------------------------------------------------


def chain_layout(links: int, parents: int = 1) -> str:
    """A face box extending shared box b{links}, which extends b{links-1} (``parents``
    times over) ... down to b0: a chain of ``links + 2`` boxes."""
    lines = ["size: insert", "boxes:", "  b0: {kind: rect, x: 1mm, y: 1mm, width: 5mm, height: 5mm}"]
    for i in range(1, links + 1):
        lines.append(f"  b{i}: {{extends: [{', '.join([f'b{i - 1}'] * parents)}], x: '+=0.01mm'}}")
    lines += ["faces:", "  front:", "    boxes:", f"      a: {{extends: b{links}}}"]
    return "\n".join(lines) + "\n"


def test_a_chain_of_extends_as_long_as_the_limit_is_read(tmp_path: Path) -> None:
    make(tmp_path, chain_layout(MAX_EXTENDS_DEPTH - 2))  # a, b30 ... b0: 32 boxes
    layout = read_layout(tmp_path / "content" / "tiny" / "layout.yaml")
    (box,) = layout.faces["front"].boxes
    assert box.x == pytest.approx(1 + 0.01 * (MAX_EXTENDS_DEPTH - 2))


def test_a_chain_of_extends_one_past_the_limit_is_refused_at_its_line(tmp_path: Path) -> None:
    make(tmp_path, chain_layout(MAX_EXTENDS_DEPTH - 1))
    out = refused(cli(tmp_path, "validate"))
    assert (f"content/tiny/layout.yaml:4: boxes.b1.extends: the chain of extends from box 'a' passes through more "
            f"than {MAX_EXTENDS_DEPTH} boxes; refusing it") in out
    assert "1 problem(s)" in out  # not one more for every box above it


def test_extends_to_two_parents_at_every_level_takes_linear_time(tmp_path: Path) -> None:
    """Each box resolved once: 30 levels of [b, b] was 2**30 resolutions (never ended)."""
    make(tmp_path, chain_layout(MAX_EXTENDS_DEPTH - 2, parents=2))
    started = time.perf_counter()
    result = cli(tmp_path, "validate", timeout=20)
    assert result.returncode == 0, result.stdout + result.stderr
    assert time.perf_counter() - started < 10


def test_a_chain_of_1200_extends_is_refused_not_a_recursion_error(tmp_path: Path) -> None:
    make(tmp_path, chain_layout(1200))
    refused(cli(tmp_path, "validate"), "passes through more than 32 boxes", "1 problem(s)")


def face_chain(faces: int) -> str:
    lines = ["size: insert", "faces:", "  f0:", "    boxes:",
             "      r: {kind: rect, x: 1mm, y: 1mm, width: 5mm, height: 5mm}"]
    for i in range(1, faces):
        lines += [f"  f{i}:", f"    extends: f{i - 1}"]
    lines += ["  front:", f"    extends: f{faces - 1}"]
    return "\n".join(lines) + "\n"


def test_a_chain_of_faces_as_long_as_the_limit_is_read_and_one_more_is_refused(tmp_path: Path) -> None:
    make(tmp_path, face_chain(MAX_EXTENDS_DEPTH - 1))  # front, f30 ... f0: 32 faces
    assert read_layout(tmp_path / "content" / "tiny" / "layout.yaml").faces["front"].boxes
    make(tmp_path, face_chain(MAX_EXTENDS_DEPTH))
    with pytest.raises(ContentInvalid) as caught:
        read_layout(tmp_path / "content" / "tiny" / "layout.yaml")
    assert [e.message for e in caught.value.errors] == [
        f"the chain of extends from face 'front' passes through more than {MAX_EXTENDS_DEPTH} faces; refusing it"]


# -- YAML aliases: expanded size in characters ------------------------------------------------------


def aliased(text_chars: int, pad: int) -> str:
    """A text aliased 99 times: 100 copies, plus keys t, l, p and a ``pad``-character text."""
    return f"t: &t {'x' * text_chars}\nl: [{', '.join(['*t'] * 99)}]\np: {'y' * pad}\n"


def test_aliases_expanding_to_the_character_limit_are_read() -> None:
    text = aliased(19_999, MAX_EXPANDED_CHARS - 3 - 1_999_900)  # exactly MAX_EXPANDED_CHARS
    assert len(parse_yaml_text(text, Path("game.yaml")).data["l"]) == 99


def test_aliases_expanding_past_the_character_limit_are_refused_quickly() -> None:
    text = aliased(19_999, MAX_EXPANDED_CHARS - 3 - 1_999_900 + 1)
    started = time.perf_counter()
    with pytest.raises(ContentInvalid) as caught:
        parse_yaml_text(text, Path("game.yaml"))
    assert time.perf_counter() - started < 2
    (error,) = caught.value.errors
    assert error.render() == (f"game.yaml:1: (top level): its YAML aliases (*name) expand to {MAX_EXPANDED_CHARS + 1:,} characters "
                              f"of text; a content file may hold at most {MAX_EXPANDED_CHARS:,}; refusing it")


def test_a_small_game_yaml_of_aliased_paragraphs_is_refused_before_any_rulebook(tmp_path: Path) -> None:
    """28 KB of aliases made a 37.8 MB rulebook.md; now the game is refused at once."""
    make(tmp_path, "faces:\n  front:\n    boxes: {}\n")
    game = tmp_path / "content" / "tiny" / "game.yaml"
    text = game.read_text().replace("overview: Cards for tests.", "overview: &o " + "word " * 3_000)
    game.write_text(text + "glossary:\n" + "".join("  - {term: T%d, definition: *o}\n" % i for i in range(200)))
    assert game.stat().st_size < 30_000
    refused(cli(tmp_path, "validate"), "content/tiny/game.yaml:", "characters of text", "refusing it")


# -- cards files: size, encoding, control characters ----------------------------------------------


def cards_file(tmp_path: Path, text: str | bytes, name: str = "cards.csv") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


def sized_csv(total: int) -> str:
    """A valid cards CSV of exactly ``total`` bytes: rows of long texts."""
    header, rows = "count,name,text\n", []
    size = len(header)
    i = 0
    while size < total:
        row = f"1,n{i},"
        room = min(10_000, total - size - len(row) - 1)
        row += "t" * max(room, 0) + "\n"
        rows.append(row)
        size += len(row)
        i += 1
    text = header + "".join(rows)
    assert len(text) == total
    return text


def test_a_cards_file_of_the_size_limit_is_read_and_one_byte_more_is_refused(tmp_path: Path) -> None:
    assert read_cards(cards_file(tmp_path, sized_csv(MAX_FILE_BYTES))).total == 100
    with pytest.raises(ContentInvalid) as caught:
        read_cards(cards_file(tmp_path, sized_csv(MAX_FILE_BYTES + 1)))
    assert caught.value.errors[0].message == (f"file of {MAX_FILE_BYTES + 1:,} bytes; a content file may have at "
                                              f"most {MAX_FILE_BYTES:,}; refusing it")


def test_a_36_mb_cards_file_is_refused_at_once(tmp_path: Path) -> None:
    make(tmp_path, "faces:\n  front:\n    boxes: {}\n", cards="count,name\n" + "1,x\n" * 9_000_000, count=1)
    started = time.perf_counter()
    refused(cli(tmp_path, "validate"), "content/tiny/cards.csv:", "bytes; a content file may have at most 1,000,000")
    assert time.perf_counter() - started < 10


@pytest.mark.parametrize(("name", "text", "line", "char"), [
    ("cards.csv", "count,name\n1,ok\n1,nul\x00byte\n", 3, "U+0000"),
    ("cards.csv", "count,name\n1,\x1b[31mred\n", 2, "U+001B"),
    ("cards.csv", "count,name\n1,next\x85line\n", 2, "U+0085"),
    ("cards.yaml", "- {count: 1, name: ok}\n- {count: 1, name: \"bell\\a\"}\n", 2, "U+0007"),
])
def test_a_control_character_in_a_cards_file_is_refused_at_its_line(tmp_path: Path, name: str, text: str, line: int,
                                                                      char: str) -> None:
    with pytest.raises(ContentInvalid) as caught:
        read_cards(cards_file(tmp_path, text, name))
    (error,) = caught.value.errors
    assert error.line == line and char in error.message and "cannot be printed" in error.message, error


def test_tabs_and_line_breaks_in_a_quoted_cell_are_text(tmp_path: Path) -> None:
    cards = read_cards(cards_file(tmp_path, 'count,name,text\n1,a,"two\tcolumns\r\nand lines"\n'))
    assert cards.rows[0].values["text"] == "two\tcolumns\r\nand lines"


def test_a_cards_file_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    with pytest.raises(ContentInvalid) as caught:
        read_cards(cards_file(tmp_path, b"count,name\n1,ok\n1,caf\xe9\n"))
    (error,) = caught.value.errors
    assert error.line == 3 and "not UTF-8 text: byte 0xe9" in error.message


def test_a_nul_byte_in_a_csv_fails_validate_with_exit_2(tmp_path: Path) -> None:
    make(tmp_path, "faces:\n  front:\n    boxes: {}\n", cards="count,name\n1,a\x00b\n", count=1)
    refused(cli(tmp_path, "validate"), "content/tiny/cards.csv:2:", "U+0000")


def test_a_control_character_in_a_site_page_or_layout_is_refused(tmp_path: Path) -> None:
    pages = tmp_path / "site" / "pages"
    pages.mkdir(parents=True)
    (tmp_path / "site" / "mkdocs.yml").write_text("site_name: x\n")
    (pages / "ok.md").write_text("# Fine\n\ttabbed\r\n")
    check_pages(tmp_path)
    (pages / "x.md").write_text("# Page\n\nred \x1b[31m text\n")
    with pytest.raises(ContentInvalid) as caught:
        check_pages(tmp_path)
    assert [(e.line, "U+001B" in e.message) for e in caught.value.errors] == [(3, True)]
    layout = tmp_path / "layout.yaml"
    layout.write_text("faces:\n  front:\n    boxes: {}\n# note\x0c\n")
    with pytest.raises(ContentInvalid) as caught:
        read_text(layout)
    assert caught.value.errors[0].line == 4 and "U+000C" in caught.value.errors[0].message


# -- cards files: rows, copies, columns, cells ---------------------------------------------------


def test_a_cards_file_of_the_row_limit_is_read_and_one_row_more_is_refused(tmp_path: Path) -> None:
    rows = "".join(f"1,card {i}\n" for i in range(MAX_ROWS))
    assert len(read_cards(cards_file(tmp_path, "count,name\n" + rows)).rows) == MAX_ROWS
    with pytest.raises(ContentInvalid) as caught:
        read_cards(cards_file(tmp_path, "count,name\n" + rows + "1,one more\n"))
    (error,) = caught.value.errors
    assert error.line == MAX_ROWS + 2 and error.message == (
        f"card {MAX_ROWS + 1:,}: a cards file may have at most {MAX_ROWS:,} rows (the count column prints copies); "
        "refusing it")


def test_counts_adding_up_to_the_copy_limit_are_read_and_one_more_is_refused(tmp_path: Path) -> None:
    assert read_cards(cards_file(tmp_path, f"count,name\n{MAX_COPIES - 1},a\n1,b\n")).total == MAX_COPIES
    with pytest.raises(ContentInvalid) as caught:
        read_cards(cards_file(tmp_path, f"count,name\n{MAX_COPIES},a\n1,b\n"))
    assert caught.value.errors[0].message == (f"the counts add up to {MAX_COPIES + 1:,} cards; a cards file may "
                                              f"make at most {MAX_COPIES:,}; refusing it")
    with pytest.raises(ContentInvalid) as caught:
        read_cards(cards_file(tmp_path, "count,name\n" + "9" * 5000 + ",a\n"))
    assert caught.value.errors[0].line == 2 and "is not a whole number of copies" in caught.value.errors[0].message


def test_a_header_of_the_column_limit_is_read_and_one_column_more_is_refused(tmp_path: Path) -> None:
    names = [f"c{i}" for i in range(MAX_COLUMNS - 1)]
    assert len(read_cards(cards_file(tmp_path, ",".join(["count"] + names) + "\n1\n")).columns) == MAX_COLUMNS
    with pytest.raises(ContentInvalid) as caught:
        read_cards(cards_file(tmp_path, ",".join(["count", "extra"] + names) + "\n1\n"))
    assert caught.value.errors[0].render() .endswith(
        f"the header names {MAX_COLUMNS + 1:,} columns; a cards file may have at most {MAX_COLUMNS}; refusing it")
    yaml_cards = "- {" + ", ".join(f"k{i}: v" for i in range(MAX_COLUMNS + 1)) + "}\n"
    with pytest.raises(ContentInvalid) as caught:
        read_cards(cards_file(tmp_path, yaml_cards, "cards.yaml"))
    assert f"name {MAX_COLUMNS + 1:,} columns" in caught.value.errors[0].message


def test_a_header_of_40000_columns_is_refused_in_a_moment(tmp_path: Path) -> None:
    """The duplicate-name check was quadratic: 40 000 columns took 25 s."""
    path = cards_file(tmp_path, ",".join(f"c{i}" for i in range(40_000)) + "\n")
    started = time.perf_counter()
    with pytest.raises(ContentInvalid):
        read_cards(path)
    assert time.perf_counter() - started < 1


def test_a_duplicate_column_is_still_named(tmp_path: Path) -> None:
    with pytest.raises(ContentInvalid) as caught:
        read_cards(cards_file(tmp_path, "count,name,text,name\n1,a,b,c\n"))
    assert [e.message for e in caught.value.errors] == ["column 'name' is named twice in the header"]


def test_a_cell_of_the_text_limit_is_read_and_one_character_more_is_refused(tmp_path: Path) -> None:
    assert MAX_CELL_CHARS == loader.MAX_TEXT_CHARS  # one rule for a text in any content file
    text = "w" * MAX_CELL_CHARS
    assert read_cards(cards_file(tmp_path, f"count,name,text\n1,a,{text}\n")).rows[0].values["text"] == text
    with pytest.raises(ContentInvalid) as caught:
        read_cards(cards_file(tmp_path, f"count,name,text\n1,a,{text}w\n"))
    (error,) = caught.value.errors
    assert (error.line, error.path) == (2, ("text",))
    assert error.message == f"a cell of {MAX_CELL_CHARS + 1:,} characters; one text may have at most {MAX_CELL_CHARS:,}"


# -- numbers: finite and in range ------------------------------------------------------------------


BOX = {"x": "1mm", "y": "1mm", "width": "20mm", "height": "20mm"}


def box_layout(kind: str = "rect", bleed: str | None = None, card: str = "insert", **fields: str) -> str:
    values = {**BOX, **fields}
    written = ", ".join(f"{k}: {v}" for k, v in values.items())
    top = f"size: {card}\n" + (f"bleed: {bleed}\n" if bleed is not None else "")
    return top + f"faces:\n  front:\n    boxes:\n      a: {{kind: {kind}, {written}}}\n"


@pytest.mark.parametrize(("kind", "field"), [
    ("rect", "x"), ("rect", "y"), ("rect", "width"), ("rect", "height"), ("rect", "radius"),
    ("rect", "stroke_width"), ("text", "size"), ("text", "min_size"), ("circle", "stroke_width"),
])
@pytest.mark.parametrize("number", [".nan", ".inf", "-.inf", "1.0e+400"])
def test_a_length_that_is_not_a_finite_number_is_refused_at_its_line(tmp_path: Path, kind: str, field: str,
                                                                     number: str) -> None:
    extra = {"text": "hi", "size": "3mm"} if kind == "text" else {}
    make(tmp_path, box_layout(kind, **{**extra, field: number}))
    out = messages(tmp_path)
    assert f"content/tiny/layout.yaml:5: faces.front.boxes.a.{field}: not a length:" in out, out


def test_width_nan_fails_the_build_with_exit_2_and_writes_nothing(tmp_path: Path) -> None:
    """It built with exit 0 and width="nan" in every SVG."""
    make(tmp_path, box_layout(width=".nan"))
    refused(cli(tmp_path, "pnp", "tiny", "--svg"), "content/tiny/layout.yaml:5: faces.front.boxes.a.width: not a length")
    assert not (tmp_path / "output" / "tiny").exists()


@pytest.mark.parametrize(("field", "value", "ok"), [
    ("rotate", "3600", True), ("rotate", "3601", False), ("rotate", ".nan", False), ("rotate", "-.inf", False),
    ("line_height", "10", True), ("line_height", "10.5", False), ("line_height", ".inf", False),
    ("line_height", "0", False),
])
def test_rotate_and_line_height_must_be_finite_and_in_range(tmp_path: Path, field: str, value: str, ok: bool) -> None:
    make(tmp_path, box_layout("text", text="hi", size="3mm", **{field: value}))
    found = [e for e in problems(tmp_path) if e.path[-1:] == (field,)]
    assert (not found) == ok, found
    if not ok:
        assert "is out of range" in found[0].message and found[0].line == 5


def test_a_length_of_a_metre_is_read_and_a_longer_one_is_refused(tmp_path: Path) -> None:
    make(tmp_path, box_layout(x=f"-{MAX_LENGTH_MM:g}mm"))
    assert read_layout(tmp_path / "content" / "tiny" / "layout.yaml").faces["front"].boxes[0].x == -MAX_LENGTH_MM
    make(tmp_path, box_layout(x="100.1cm"))
    assert "faces.front.boxes.a.x: 1001 mm is out of range (a length is at most 1000 mm either way)" in messages(tmp_path)


def test_a_length_grown_by_relative_changes_to_infinity_is_refused(tmp_path: Path) -> None:
    shared = ["boxes:", "  b0: {kind: rect, x: 1mm, y: 1mm, width: 5mm, height: 5mm}"]
    shared += [f"  b{i}: {{extends: b{i - 1}, width: '*=99999999999999'}}" for i in range(1, 30)]
    make(tmp_path, "size: insert\n" + "\n".join(shared) + "\nfaces:\n  front:\n    boxes:\n      a: {extends: b29}\n")
    assert "faces.front.boxes.a.width: not a length: inf" in messages(tmp_path)


def test_a_bleed_of_10mm_is_read_and_more_is_refused(tmp_path: Path) -> None:
    make(tmp_path, box_layout(bleed=f"{MAX_BLEED_MM:g}mm"))
    assert read_layout(tmp_path / "content" / "tiny" / "layout.yaml").bleed == MAX_BLEED_MM
    for bleed, message in (("10.1mm", "10.1 mm is more than 10 mm"), ("1000mm", "1000 mm is more than 10 mm"),
                           (".nan", "not a length")):
        make(tmp_path, box_layout(bleed=bleed))
        assert f"content/tiny/layout.yaml:2: bleed: {message}" in messages(tmp_path)


@pytest.mark.parametrize("bleed", ["nan", "inf", "6.5", "1000"])
def test_pnp_bleed_out_of_range_is_refused(tmp_path: Path, bleed: str) -> None:
    make(tmp_path, box_layout())
    refused(cli(tmp_path, "pnp", "tiny", "--bleed", bleed), "is out of range (0 to 6 mm)")


def test_a_card_that_fits_the_paper_is_read_and_a_larger_one_is_refused(tmp_path: Path) -> None:
    make(tmp_path, box_layout(card="[100mm, 267.4mm]"))
    assert not problems(tmp_path)
    make(tmp_path, box_layout(card="[100mm, 267.5mm]"))
    (error,) = problems(tmp_path)
    assert error.render(tmp_path) == (
        "content/tiny/layout.yaml:1: size: a 100 × 267.5 mm card with 3 mm bleed does not fit on US Letter paper inside "
        "the 6 mm printer margin; make it smaller, or kind: board (printed in tiles)")


def test_a_card_larger_than_the_paper_fails_pnp_with_a_message_not_a_traceback(tmp_path: Path) -> None:
    make(tmp_path, box_layout(card="[600mm, 880mm]"))
    refused(cli(tmp_path, "pnp", "tiny"), "content/tiny/layout.yaml:1: size: a 600 × 880 mm card")


# -- pictures: pixels counted from the header, before decoding ---------------------------------------


def png(width: int, height: int) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("1", (width, height)).save(out, "PNG")
    return out.getvalue()


def jpeg_header(width: int, height: int) -> bytes:
    """The start of a JPEG: SOI and a baseline frame header stating its size."""
    return b"\xff\xd8\xff\xc0\x00\x11\x08" + height.to_bytes(2, "big") + width.to_bytes(2, "big") + b"\x03" + b"\x00" * 12


def test_a_picture_of_the_pixel_limit_is_read_and_one_row_more_is_refused(tmp_path: Path) -> None:
    width = 10_000
    at_limit, past = tmp_path / "at.png", tmp_path / "past.png"
    at_limit.write_bytes(png(width, MAX_PIXELS // width))
    past.write_bytes(png(width, MAX_PIXELS // width + 1))
    assert load_picture(at_limit).width * load_picture(at_limit).height == MAX_PIXELS
    with pytest.raises(PictureProblem, match=r"'past.png' is 10000 × 5001 pixels \(50 MP\); a picture may have at "
                                             r"most 50 MP"):
        load_picture(past)
    huge = tmp_path / "huge.jpg"
    huge.write_bytes(jpeg_header(65_000, 65_000))
    with pytest.raises(PictureProblem, match="65000 × 65000 pixels"):
        load_picture(huge)


def test_a_picture_file_of_the_byte_limit_is_read_and_one_byte_more_is_refused(tmp_path: Path) -> None:
    start = png(10, 10)
    path = tmp_path / "big.png"
    path.write_bytes(start + b"\x00" * (pictures.MAX_BYTES - len(start)))
    assert load_picture(path).width == 10
    path.write_bytes(start + b"\x00" * (pictures.MAX_BYTES - len(start) + 1))
    with pytest.raises(PictureProblem, match=f"{pictures.MAX_BYTES + 1:,} bytes"):
        load_picture(path)


@pytest.mark.parametrize(("name", "data"), [
    ("zero.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\x00\x00\x00\x00\x00\x10" + b"\x00" * 20),
    ("inf.svg", b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 inf 10"/>'),
])
def test_a_picture_stating_no_usable_size_is_refused(tmp_path: Path, name: str, data: bytes) -> None:
    (tmp_path / name).write_bytes(data)
    with pytest.raises(PictureProblem, match="it cannot be drawn"):
        load_picture(tmp_path / name)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_100_megapixel_picture_fails_the_build_with_one_line_under_any_jobs(tmp_path: Path, jobs: str) -> None:
    """It drew for a minute with Pillow's DecompressionBombWarning (a _RemoteTraceback
    under -j2 past 179 MP); now it is refused before anything is decoded."""
    layout = "size: insert\nfaces:\n  front:\n    boxes:\n      a: {kind: image, x: 1mm, y: 1mm, width: 20mm, height: 20mm, file: big.png}\n"
    make(tmp_path, layout, files={"big.png": png(10_000, 10_000)})
    started = time.perf_counter()
    out = refused(cli(tmp_path, "build", "-j", jobs, timeout=120),
                  "content/tiny/layout.yaml:5: faces.front.boxes.a.file: picture 'big.png' is 10000 × 10000 pixels")
    assert "_RemoteTraceback" not in out and "DecompressionBomb" not in out
    assert time.perf_counter() - started < 30
    assert not (tmp_path / "output" / "tiny").exists()


def test_limits_are_the_documented_ones() -> None:
    """The README states these figures; a change here must change it too."""
    readme = (ROOT / "README.md").read_text()
    for figure in ("1 MB", f"{MAX_ROWS:,} rows", f"{MAX_COPIES:,} copies", f"{MAX_COLUMNS} columns",
                   f"{MAX_PIXELS // 1_000_000} MP", f"{MAX_EXTENDS_DEPTH} boxes", f"{MAX_BLEED_MM:g} mm",
                   f"{MAX_BOXES} boxes", f"{MAX_DRAWN_BOXES:,} boxes", f"{MAX_DRAWN_CHARS:,} characters"):
        assert figure in readme, figure
    assert cards_module.MAX_CELL_CHARS == loader.MAX_TEXT_CHARS


def test_a_damaged_picture_is_refused_at_its_line_not_by_the_pdf_writer(tmp_path: Path) -> None:
    """Its header was read and the PDF writer failed later with "cannot write: fileName=
    <_io.BytesIO ...> Truncated File Read"; now the box's line names the picture."""
    whole = png(10, 10)
    layout = "size: insert\nfaces:\n  front:\n    boxes:\n      a: {kind: image, x: 1mm, y: 1mm, width: 20mm, height: 20mm, file: pic.png}\n"
    make(tmp_path, layout, files={"pic.png": whole[:40]})
    refused(cli(tmp_path, "pnp", "tiny", "--paper", "a4"),
            "content/tiny/layout.yaml:5: faces.front.boxes.a.file: picture 'pic.png' cannot be read")
    make(tmp_path, layout, files={"pic.png": whole})
    assert cli(tmp_path, "pnp", "tiny", "--paper", "a4").returncode == 0


def test_1200_faces_each_extending_the_next_are_refused_in_either_order(tmp_path: Path) -> None:
    """Declared last to first, resolving them recursed 1,200 deep (RecursionError)."""
    forward = face_chain(1200)
    head, faces = forward.split("faces:\n", 1)
    blocks = re.split(r"(?m)^(?=  \S)", faces)
    for text in (forward, head + "faces:\n" + "".join(reversed([b for b in blocks if b]))):
        make(tmp_path, text)
        out = refused(cli(tmp_path, "validate"), "passes through more than 32 faces; refusing it")
        assert "RecursionError" not in out


def test_a_whole_number_of_40_digits_is_read_and_a_longer_one_is_refused_not_a_value_error(tmp_path: Path) -> None:
    """Python refuses to read an int of over 4,300 digits with a ValueError, which was
    no YAML error: a traceback from any content file."""
    assert parse_yaml_text("n: " + "9" * loader.MAX_NUMBER_CHARS + "\n", Path("game.yaml")).data["n"] == 10 ** 40 - 1
    with pytest.raises(ContentInvalid) as caught:
        parse_yaml_text("n: " + "9" * (loader.MAX_NUMBER_CHARS + 1) + "\n", Path("game.yaml"))
    assert caught.value.errors[0].message == "a number of 41 characters; a number may have at most 40; refusing it"
    make(tmp_path, box_layout(x="9" * 5000))
    refused(cli(tmp_path, "validate"), "content/tiny/layout.yaml:5: faces.front.boxes.a.x: a number of 5,000 characters")


# -- drawing work: boxes per face, boxes and characters per component ---------------------------------


def rects(count: int) -> str:
    return "".join(f"      r{i}: {{kind: rect, x: 5mm, y: 5mm, width: 10mm, height: 10mm}}\n" for i in range(count))


def test_a_face_of_100_boxes_is_read_and_one_box_more_is_refused(tmp_path: Path) -> None:
    make(tmp_path, "size: insert\nfaces:\n  front:\n    boxes:\n" + rects(MAX_BOXES))
    assert len(read_layout(tmp_path / "content" / "tiny" / "layout.yaml").faces["front"].boxes) == MAX_BOXES
    make(tmp_path, "size: insert\nfaces:\n  front:\n    boxes:\n" + rects(MAX_BOXES + 1))
    assert messages(tmp_path) == (f"content/tiny/layout.yaml:4: faces.front.boxes: the face draws {MAX_BOXES + 1} "
                                  f"boxes; a face may draw at most {MAX_BOXES}")


def test_a_deck_drawing_the_box_limit_is_drawn_and_one_card_more_is_refused(tmp_path: Path) -> None:
    per_card = 100
    cards = MAX_DRAWN_BOXES // per_card
    layout = "size: insert\nfaces:\n  front:\n    boxes:\n" + rects(per_card)
    make(tmp_path, layout, cards="count,name\n" + "1,a\n" * cards, count=cards)
    assert not messages(tmp_path)
    make(tmp_path, layout, cards="count,name\n" + "1,a\n" * (cards + 1), count=cards + 1)
    assert messages(tmp_path) == (f"content/tiny/cards.csv: (top level): its cards would draw {MAX_DRAWN_BOXES + per_card:,} "
                                  f"boxes with layout.yaml; one component may draw at most {MAX_DRAWN_BOXES:,} (fewer "
                                  "cards, boxes or words); refusing it")


def test_a_deck_laying_out_the_character_limit_is_drawn_and_one_more_is_refused(tmp_path: Path) -> None:
    layout = ("size: insert\nfaces:\n  front:\n    boxes:\n      a: {kind: text, x: 4mm, y: 4mm, width: 55mm, "
              "height: 80mm, text: '{text}', size: 3mm, min_size: 0.5mm}\n")
    cards = 50
    text = ("word " * 4_000)[: MAX_DRAWN_CHARS // cards - len("{text}")]
    make(tmp_path, layout, cards="count,text\n" + f"1,{text}\n" * cards, count=cards)
    assert "would draw" not in messages(tmp_path)
    make(tmp_path, layout, cards="count,text\n" + f"1,{text}\n" * (cards - 1) + f"1,{text}x\n", count=cards)
    assert messages(tmp_path).endswith(f"its cards would draw {MAX_DRAWN_CHARS + 1:,} characters of text with "
                                       f"layout.yaml; one component may draw at most {MAX_DRAWN_CHARS:,} (fewer cards, "
                                       "boxes or words); refusing it")


def test_a_cards_file_larger_than_memory_is_refused_with_a_message(tmp_path: Path) -> None:
    """``pnp`` hashed its inputs (to know what is stale) by reading each whole into memory,
    before the content was checked: a 1.2 GB cards file was a MemoryError under 1 GB."""
    make(tmp_path, "faces:\n  front:\n    boxes: {}\n", cards="count,name\n1,a\n", count=1)
    with (tmp_path / "content" / "tiny" / "cards.csv").open("r+b") as handle:
        handle.truncate(1_200_000_000)  # sparse: no disk used

    def one_gigabyte() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-m", "generator", "-p", str(tmp_path), "pnp", "tiny", "--paper", "a4"],
                            capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path, preexec_fn=one_gigabyte)
    refused(result, "content/tiny/cards.csv: (top level): file of 1,200,000,000 bytes; a content file may have at most "
                    "1,000,000; refusing it")
