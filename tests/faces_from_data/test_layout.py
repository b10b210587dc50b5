"""The layout language: every box kind, extends, inline icons, shrink-to-fit, overflow
named by file, line and box, and pictures kept inside the project."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from generator.components.palette import SUIT_COLOURS
from generator.scene import Circle, Group, Image, Path as Outline, Rect, Text

from .helpers import flat, lay_out, make, problems

BOX = "x: 5mm, y: 10mm, width: 50mm, height: 20mm"


def layout(*boxes: str, shared: str = "", back: str = "") -> str:
    lines = ["size: insert", "boxes:" if shared else "", shared, "faces:", "  front:", "    boxes:"]
    lines += [f"      {b}" for b in boxes]
    if back:
        lines += ["  back:", "    boxes:", f"      {back}"]
    return "\n".join(line for line in lines if line) + "\n"


def front(root: Path, card: int = 0) -> list:
    return flat(lay_out(root)[0].faces[card].front.items)


def png(width: int, height: int) -> bytes:
    from PIL import Image as Picture

    out = io.BytesIO()
    Picture.new("RGB", (width, height), (200, 30, 30)).save(out, "PNG")
    return out.getvalue()


def jpeg(width: int, height: int) -> bytes:
    from PIL import Image as Picture

    out = io.BytesIO()
    Picture.new("RGB", (width, height), (30, 30, 200)).save(out, "JPEG")
    return out.getvalue()


SVG = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><rect width="40" height="20" fill="#0a0"/></svg>'


# -- every kind of box --------------------------------------------------------------


def test_a_text_box_shows_the_cards_column(tmp_path: Path) -> None:
    make(tmp_path, layout(f'name: {{kind: text, {BOX}, text: "{{name}} card", bold: true, colour: navy}}'))
    texts = [i for i in front(tmp_path) if isinstance(i, Text)]
    assert [t.text for t in texts] == ["Ace card"] and texts[0].bold and texts[0].fill == "#1f2a44"
    assert [t.text for t in front(tmp_path, 1) if isinstance(t, Text)] == ["Two card"]


def test_a_rank_box_is_bold_centred_and_in_the_suits_colour(tmp_path: Path) -> None:
    make(tmp_path, layout(f"r: {{kind: rank, {BOX}, size: 8mm}}"))
    (ace,) = [i for i in front(tmp_path) if isinstance(i, Text)]
    assert ace.text == "A" and ace.bold and ace.fill == SUIT_COLOURS["hearts"] and ace.size == 8.0
    assert 5 + 20 < ace.x < 30  # centred in the box 5..55 mm
    (two,) = [i for i in front(tmp_path, 1) if isinstance(i, Text)]
    assert two.fill == SUIT_COLOURS["spades"]


def test_a_suit_box_draws_the_cards_suit(tmp_path: Path) -> None:
    make(tmp_path, layout(f"s: {{kind: suit, {BOX}}}"))
    (symbol,) = front(tmp_path)
    assert isinstance(symbol, Outline) and symbol.style.fill == SUIT_COLOURS["hearts"]
    xs = [c[1] for c in symbol.commands if len(c) > 2]
    assert min(xs) >= 5 + 15 - 1e-6 and max(xs) <= 55 - 15 + 1e-6  # 20 mm tall symbol centred in the box


def test_an_icon_box_draws_a_die_face(tmp_path: Path) -> None:
    make(tmp_path, layout("d: {kind: icon, x: 5mm, y: 10mm, width: 20mm, height: 20mm, icon: die-3, colour: black}"))
    items = front(tmp_path)
    assert sum(isinstance(i, Circle) for i in items) == 3 and sum(isinstance(i, Rect) for i in items) == 1


@pytest.mark.parametrize("name, data, fmt, size", [
    ("art/wide.png", png(40, 20), "png", (50.0, 25.0)),
    ("art/wide.jpg", jpeg(40, 20), "jpeg", (50.0, 25.0)),
    ("art/wide.svg", SVG, "svg", (50.0, 25.0)),
])
def test_an_image_box_places_the_picture_in_proportion(tmp_path: Path, name: str, data: bytes, fmt: str,
                                                       size: tuple[float, float]) -> None:
    make(tmp_path, layout(f"art: {{kind: image, x: 5mm, y: 10mm, width: 50mm, height: 40mm, file: {name}}}"),
         files={name: data})
    (image,) = front(tmp_path)
    assert isinstance(image, Image) and image.format == fmt and image.data == data
    assert (image.w, image.h) == size and image.y == 10 + (40 - 25) / 2  # centred, proportions kept


def test_pictures_in_a_face_reach_the_pdf_and_the_svg(tmp_path: Path) -> None:
    from generator.pnp.kit import build_kit
    from generator.pnp.options import PnpOptions

    make(tmp_path, layout("a: {kind: image, x: 5mm, y: 5mm, width: 20mm, height: 20mm, file: a.png}",
                          "b: {kind: image, x: 30mm, y: 5mm, width: 20mm, height: 20mm, file: b.svg}"),
         files={"a.png": png(8, 8), "b.svg": SVG})
    from generator.content.loader import parse_game

    game = parse_game(tmp_path / "content" / "tiny")
    written = build_kit(game.content, tmp_path, tmp_path / "out", PnpOptions(), papers=("a4",))
    pdf = next(p for p in written if p.name == "tiny-pnp-a4.pdf").read_bytes()
    assert b"/Subtype /Image" in pdf and b"/Subtype /Form" in pdf  # the PNG, and the SVG kept as vectors
    svg = (tmp_path / "out" / "svg" / "card-01.svg").read_text()
    assert "data:image/png;base64," in svg and "data:image/svg+xml;base64," in svg


def test_a_rect_box_fills_strokes_and_rounds(tmp_path: Path) -> None:
    make(tmp_path, layout(f'frame: {{kind: rect, {BOX}, fill: "#ffeecc", stroke: suit, stroke_width: 0.5mm, radius: 2mm}}'))
    (rect,) = front(tmp_path)
    assert isinstance(rect, Rect) and (rect.x, rect.y, rect.w, rect.h, rect.radius) == (5, 10, 50, 20, 2)
    assert rect.style.fill == "#ffeecc" and rect.style.stroke == SUIT_COLOURS["hearts"] and rect.style.stroke_width == 0.5


def test_the_ink_saving_build_prints_no_fills_and_black_marks(tmp_path: Path) -> None:
    from generator.components.base import FaceOptions

    make(tmp_path, layout(f"bg: {{kind: rect, {BOX}, fill: navy}}", f"s: {{kind: suit, {BOX}}}"))
    rect, symbol = flat(lay_out(tmp_path, FaceOptions(ink="bw"))[0].faces[0].front.items)
    assert rect.style.fill is None and rect.style.stroke == "#1a1a1a" and symbol.style.fill == "#1a1a1a"


def test_a_rotated_box_turns_about_its_centre(tmp_path: Path) -> None:
    make(tmp_path, layout(f"r: {{kind: rank, {BOX}, rotate: 180}}"))
    (group,) = lay_out(tmp_path)[0].faces[0].front.items
    assert isinstance(group, Group) and group.rotate == 180 and (group.dx, group.dy) == (30, 20)


# -- extends ------------------------------------------------------------------------


def test_extends_copies_a_shared_box_and_changes_what_it_names(tmp_path: Path) -> None:
    shared = "  corner: {kind: rank, x: 4mm, y: 4mm, width: 9mm, height: 9mm, size: 7mm}"
    make(tmp_path, layout("a: {extends: corner}", 'b: {extends: a, x: "+=40mm", size: 5mm}', shared=shared))
    a, b = [i for i in front(tmp_path) if isinstance(i, Text)]
    from generator.layout.text import extent

    assert a.size == 7.0 and b.size == 5.0
    box_a, box_b = extent(a), extent(b)  # each centred in its 9 mm box: b's is 40 mm to the right
    assert box_a.x + box_a.w / 2 == pytest.approx(8.5, abs=0.01)
    assert box_b.x + box_b.w / 2 == pytest.approx(48.5, abs=0.01)
    assert box_a.y + box_a.h / 2 == pytest.approx(box_b.y + box_b.h / 2, abs=0.01)


def test_a_face_extends_a_face_and_overrides_a_box_by_name(tmp_path: Path) -> None:
    text = "\n".join([
        "size: insert", "faces:",
        "  base:", "    boxes:",
        f"      frame: {{kind: rect, {BOX}}}",
        f"      title: {{kind: text, {BOX}, text: base}}",
        "  front:", "    extends: base", "    boxes:",
        "      title: {text: \"{name}\", colour: red}",
        "      extra: {kind: icon, x: 5mm, y: 40mm, width: 10mm, height: 10mm, icon: star}", ""])
    make(tmp_path, text)
    items = front(tmp_path)
    assert isinstance(items[0], Rect)  # inherited boxes first, in order
    assert isinstance(items[1], Text) and items[1].text == "Ace" and items[1].fill == "#c8102e"
    assert isinstance(items[2], Outline)  # the star, added last


def test_extends_in_a_circle_is_named_with_its_line(tmp_path: Path) -> None:
    shared = "  a: {extends: b, kind: rect}\n  b: {extends: a}"
    make(tmp_path, layout("c: {extends: a}", shared=shared))
    (error,) = problems(tmp_path)
    assert "circle (a -> b -> a)" in error.message and (error.file.name, error.line) == ("layout.yaml", 4), error


# -- text ---------------------------------------------------------------------------


def test_icons_sit_inline_in_text(tmp_path: Path) -> None:
    make(tmp_path, layout(f'rule: {{kind: text, {BOX}, text: "{{text}}", size: 4mm}}'))
    items = front(tmp_path)
    assert [type(i).__name__ for i in items] == ["Text", "Path", "Text"]
    before, heart, after = items
    # the space after the icon moves the word along rather than leading it: an SVG drops
    # a text's leading space and would set "first" against the heart
    assert before.text == "Take " and after.text == "first" and heart.style.fill == before.fill
    xs = [c[1] for c in heart.commands if len(c) > 2]
    assert before.x < min(xs) and max(xs) < after.x  # in reading order, on the line


def test_text_shrinks_to_fit_its_box_down_to_its_minimum(tmp_path: Path) -> None:
    long = "word " * 30
    make(tmp_path, layout(f"t: {{kind: text, x: 5mm, y: 10mm, width: 50mm, height: 20mm, text: '{long}', size: 4mm, min_size: 2mm}}"))
    texts = [i for i in front(tmp_path) if isinstance(i, Text)]
    size = texts[0].size
    assert 2.0 <= size < 4.0 and len(texts) > 1
    from generator.layout.text import extent

    for text in texts:
        box = extent(text)
        assert 5 - 1e-6 <= box.x and box.right <= 55 + 1e-6 and 10 - 1e-6 <= box.y and box.bottom <= 30 + 1e-6


def test_text_that_cannot_fit_names_the_card_the_box_and_their_lines(tmp_path: Path) -> None:
    cards = "count,name,suit,rank,text\n1,Ace,hearts,A,short\n2,Two,spades,2," + "far too long " * 40 + "\n"
    make(tmp_path, layout(f'rule: {{kind: text, {BOX}, text: "{{text}}", size: 4mm}}'), cards=cards, count=3)
    (error,) = problems(tmp_path)
    assert error.file.name == "cards.csv" and error.line == 3 and error.path == ("text",)
    assert "card 'Two'" in error.message and "box 'rule' (layout.yaml:5)" in error.message
    assert "does not fit" in error.message


def test_the_same_content_lays_out_the_same_faces(tmp_path: Path) -> None:
    from generator.render.svg import render_scene

    make(tmp_path, layout(f'rule: {{kind: text, {BOX}, text: "{{text}}"}}', f"s: {{kind: suit, {BOX}}}"))
    first = [render_scene(f.front) for f in lay_out(tmp_path)[0].faces]
    from generator.faces_from_data import faces

    faces._MADE.clear()
    assert [render_scene(f.front) for f in lay_out(tmp_path)[0].faces] == first


# -- pictures stay inside the project ---------------------------------------------------


def test_a_picture_path_leaving_the_project_is_refused(tmp_path: Path) -> None:
    project = tmp_path / "project"
    (tmp_path / "secret.png").write_bytes(png(4, 4))
    make(project, layout("art: {kind: image, x: 5mm, y: 5mm, width: 20mm, height: 20mm, file: ../../../secret.png}"))
    (error,) = problems(project)
    assert error.file.name == "layout.yaml" and error.line == 5 and "leaves the project; refusing it" in error.message


def test_a_picture_named_by_a_column_is_checked_per_card(tmp_path: Path) -> None:
    cards = "count,name,art\n1,Ace,art/ace.png\n1,Two,art/none.png\n"
    make(tmp_path, layout("art: {kind: image, x: 5mm, y: 5mm, width: 20mm, height: 20mm, file: '{art}'}"),
         cards=cards, count=2, files={"art/ace.png": png(4, 4)})
    (error,) = problems(tmp_path)
    assert (error.file.name, error.line) == ("cards.csv", 3) and "does not exist" in error.message


# -- the cards file ----------------------------------------------------------------------


def test_the_cards_file_may_start_with_a_byte_order_mark_and_be_yaml(tmp_path: Path) -> None:
    from generator.content.cards import read_cards

    csv_file = tmp_path / "c.csv"
    csv_file.write_bytes("\ufeffcount,name\n2,Ace\n\n1,\"Two,\nlines\"\n".encode("utf-8"))
    cards = read_cards(csv_file)
    assert cards.columns == ("count", "name") and cards.total == 3
    assert [(r.values["name"], r.line) for r in cards.rows] == [("Ace", 2), ("Two,\nlines", 4)]
    yaml_file = tmp_path / "c.yaml"
    yaml_file.write_text("cards:\n  - {name: Ace, count: 2}\n  - name: Two\n    power: 3\n")
    cards = read_cards(yaml_file)
    assert cards.columns == ("name", "count", "power") and cards.total == 3
    assert [(r.values["power"], r.line) for r in cards.rows] == [("", 2), ("3", 3)]


def test_the_counts_must_add_up_to_the_components_count(tmp_path: Path) -> None:
    make(tmp_path, layout(f"s: {{kind: suit, {BOX}}}"), count=5)
    (error,) = problems(tmp_path)
    assert error.file.name == "game.yaml" and error.path == ("components", 0, "count") and error.line == 11
    assert "cards.csv makes 3 cards" in error.message


def test_a_card_takes_the_face_its_face_column_names(tmp_path: Path) -> None:
    text = layout(f"s: {{kind: suit, {BOX}}}") + "  hero:\n    boxes:\n      t: {kind: text, x: 5mm, y: 5mm, width: 50mm, height: 10mm, text: Hero}\n"
    make(tmp_path, text, cards="count,suit,face\n1,hearts,\n1,spades,hero\n", count=2)
    faces = lay_out(tmp_path)[0].faces
    assert isinstance(faces[0].front.items[0], Outline) and faces[1].front.items[0].text == "Hero"
