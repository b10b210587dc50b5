"""What the shipped games' cards asked of the layout language: circles, a face's ground
out to the bleed, the game's own palette, and faces drawn for one card size printed
at another."""

from __future__ import annotations

from pathlib import Path

from generator.components.base import CARD_SIZES, FaceOptions
from generator.components.palette import INK, SUIT_TINTS, WHITE, palette
from generator.scene import Circle, Path as Outline, Rect, Text

from .helpers import flat, lay_out, make, problems

BOX = "x: 5mm, y: 10mm, width: 50mm, height: 20mm"


def layout(*boxes: str, top: str = "size: insert", ground: str = "", back: str = "") -> str:
    lines = [top, "faces:", "  front:"] + ([f"    ground: {ground}"] if ground else []) + ["    boxes:"]
    lines += [f"      {b}" for b in boxes]
    if back:
        lines += ["  back:", back]
    return "\n".join(lines) + "\n"


def front(root: Path, card: int = 0, options: FaceOptions = FaceOptions()) -> list:
    return flat(lay_out(root, options)[0].faces[card].front.items)


def test_a_circle_box_is_the_circle_inscribed_in_it(tmp_path: Path) -> None:
    make(tmp_path, layout(f"ring: {{kind: circle, {BOX}, fill: white, stroke: suit, stroke_width: 0.6mm}}"))
    (ring,) = front(tmp_path)
    assert isinstance(ring, Circle) and (ring.cx, ring.cy, ring.r) == (30.0, 20.0, 10.0)
    assert ring.style.fill == WHITE and ring.style.stroke == "#c8102e" and ring.style.stroke_width == 0.6


def test_a_filled_circle_is_only_outlined_in_the_ink_saving_build(tmp_path: Path) -> None:
    make(tmp_path, layout(f"disc: {{kind: circle, {BOX}, fill: navy}}"))
    (disc,) = front(tmp_path, options=FaceOptions(ink="bw"))
    assert disc.style.fill is None and disc.style.stroke == INK


def test_a_faces_ground_runs_out_to_the_bleed_under_its_boxes(tmp_path: Path) -> None:
    make(tmp_path, layout(f"s: {{kind: suit, {BOX}}}", ground="suit-tint"))
    ground, symbol = front(tmp_path, options=FaceOptions(bleed=2.0))
    assert isinstance(ground, Rect) and ground.style.fill == SUIT_TINTS["hearts"]
    assert (ground.x, ground.y, ground.w, ground.h) == (-2.0, -2.0, 67.0, 92.0)
    assert isinstance(symbol, Outline)
    assert front(tmp_path, 1)[0].style.fill == SUIT_TINTS["spades"]  # each card its own suit's tint


def test_the_ink_saving_build_prints_no_ground(tmp_path: Path) -> None:
    make(tmp_path, layout(f"s: {{kind: suit, {BOX}}}", ground="accent-tint"))
    assert [type(i) for i in front(tmp_path, options=FaceOptions(ink="bw"))] == [Outline]


def test_a_face_extending_another_keeps_its_ground(tmp_path: Path) -> None:
    back = "    extends: front\n    boxes: {}"
    make(tmp_path, layout(f"s: {{kind: suit, {BOX}}}", ground="'#efe7da'", back=back))
    card = lay_out(tmp_path)[0].faces[0]
    assert card.back is not None and card.back.items[0].style.fill == "#efe7da"


def test_the_games_palette_names_colours_and_on_accent_stays_readable_in_bw(tmp_path: Path) -> None:
    # a band under the whole text: white on a disc would run onto the paper at its edges,
    # which the contrast check refuses
    make(tmp_path, layout(f"disc: {{kind: rect, {BOX}, fill: accent}}",
                          f'word: {{kind: text, {BOX}, text: "AC", colour: on-accent}}'))
    disc, word = front(tmp_path)
    assert disc.style.fill == palette("tiny", "colour").accent and word.fill == WHITE
    _, bw_word = front(tmp_path, options=FaceOptions(ink="bw"))
    assert bw_word.fill == INK  # white on the accent; black where the ink-saving build drops the accent


def test_a_colour_the_palette_lacks_names_the_palettes_colours(tmp_path: Path) -> None:
    make(tmp_path, layout(f"disc: {{kind: circle, {BOX}, fill: accent-shade}}"))
    (problem,) = problems(tmp_path)
    assert problem.line == 5 and "'accent-shade' is not a colour" in problem.message and "accent-tint" in problem.message


def test_text_carries_its_boxs_width_for_the_print_lint(tmp_path: Path) -> None:
    make(tmp_path, layout(f'name: {{kind: text, {BOX}, text: "{{name}}"}}'))
    (name,) = [i for i in front(tmp_path) if isinstance(i, Text)]
    assert name.max_width == 50.0


def test_a_face_drawn_for_one_card_size_stretches_to_another(tmp_path: Path) -> None:
    make(tmp_path, layout("s: {kind: suit, x: 3mm, y: 3mm, width: 7mm, height: 7mm}",
                          'name: {kind: text, x: 5mm, y: 70mm, width: 53mm, height: 6mm, text: "{name}", size: 5mm}',
                          top="drawn_for: insert"))
    w, h = CARD_SIZES["bridge"]
    card = lay_out(tmp_path, FaceOptions(card_size=(w, h)))[0]
    assert card.trim == (w, h)
    symbol, name = flat(card.faces[0].front.items)
    drawn, _ = flat(lay_out(tmp_path)[0].faces[0].front.items)
    sx, sy = w / 63.0, h / 88.0
    # The symbol sits where its box went (3..10 mm stretched with the card) and keeps its
    # shape, as large as the box's narrower side: each point is the drawn one, moved and scaled.
    for new, old in zip(symbol.commands, drawn.commands):
        for (x, y), (x0, y0) in zip(zip(new[1::2], new[2::2]), zip(old[1::2], old[2::2])):
            assert abs((x - 6.5 * sx) - (x0 - 6.5) * sx) < 1e-3 and abs((y - 6.5 * sy) - (y0 - 6.5) * sx) < 1e-3
    assert name.size == 5.0 and name.max_width == round(53 * sx, 4)  # text keeps its size in the narrower box
    assert abs(name.x - 5 * sx) < 0.01


def test_drawn_for_text_that_no_longer_fits_is_named(tmp_path: Path) -> None:
    cards = "count,name,suit,rank,text\n1,Abcdefghijklmnopqrs,hearts,A,x\n"
    make(tmp_path, layout('name: {kind: text, x: 4mm, y: 40mm, width: 55mm, height: 6mm, text: "{name}", size: 5mm, '
                          "min_size: 5mm}", top="drawn_for: insert"), cards=cards)
    assert lay_out(tmp_path)  # fits at the size it was drawn for
    try:
        lay_out(tmp_path, FaceOptions(card_size=CARD_SIZES["bridge"]))
    except Exception as exc:  # ContentInvalid naming the card and the box
        assert "Abcdefghijklmnopqrs" in str(exc) and "'name'" in str(exc) and "does not fit" in str(exc)
    else:
        raise AssertionError("a name too long for the bridge card was printed")


def test_a_ground_that_is_not_a_colour_is_named_at_its_line(tmp_path: Path) -> None:
    make(tmp_path, layout(f"s: {{kind: suit, {BOX}}}", ground="mud"))
    (problem,) = problems(tmp_path)
    assert problem.file.name == "layout.yaml" and problem.line == 4 and problem.path == ("faces", "front", "ground")
    assert "'mud' is not a colour" in problem.message
