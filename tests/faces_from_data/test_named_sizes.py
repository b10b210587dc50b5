"""Card sizes by name in a layout (tarot, mini, square beside insert, poker, bridge and
quick-insert), ``landscape: true``, and a print shop's card taking a card near its size."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.components.base import FaceOptions, shop_size
from generator.pnp.profiles import PROFILES

from .helpers import lay_out, make, problems

FACE = "faces:\n  front:\n    boxes:\n      name: {kind: text, x: 5mm, y: 5mm, width: 30mm, height: 8mm, text: '{name}'}\n"


@pytest.mark.parametrize("name, trim", [("tarot", (70.0, 120.0)), ("mini", (44.0, 63.0)), ("square", (70.0, 70.0)),
                                        ("bridge", (57.15, 88.9)), ("quick-insert", (60.0, 85.0))])
def test_a_layout_names_its_card_size(tmp_path: Path, name: str, trim: tuple[float, float]) -> None:
    make(tmp_path, f"size: {name}\n{FACE}")
    (card,) = lay_out(tmp_path)
    assert card.trim == trim
    assert (card.faces[0].front.width, card.faces[0].front.height) == trim


@pytest.mark.parametrize("size, trim", [("tarot", (120.0, 70.0)), ("square", (70.0, 70.0)),
                                        ("[50mm, 80mm]", (80.0, 50.0))])
def test_landscape_turns_any_size_on_its_long_side(tmp_path: Path, size: str, trim: tuple[float, float]) -> None:
    make(tmp_path, f"size: {size}\nlandscape: true\n{FACE}")
    assert lay_out(tmp_path)[0].trim == trim


def test_landscape_without_a_size_turns_the_builds_card(tmp_path: Path) -> None:
    make(tmp_path, f"landscape: true\n{FACE}")
    assert lay_out(tmp_path, FaceOptions(card_size=(57.15, 88.9)))[0].trim == (88.9, 57.15)


def test_a_landscape_that_is_not_true_or_false_is_named_with_its_line(tmp_path: Path) -> None:
    make(tmp_path, f"size: tarot\nlandscape: sideways\n{FACE}")
    (found,) = problems(tmp_path)
    assert found.line == 2 and "landscape is true" in found.message


def test_an_unknown_size_lists_every_name(tmp_path: Path) -> None:
    make(tmp_path, f"size: jumbo\n{FACE}")
    (found,) = problems(tmp_path)
    assert all(name in found.message for name in ("tarot", "mini", "square", "quick-insert"))


def test_a_shop_prints_a_card_within_a_millimetre_of_its_own_as_its_own() -> None:
    poker = (63.5, 88.9)
    assert shop_size((63.0, 88.0), (poker,)) == poker  # an insert prints as poker
    assert shop_size((88.0, 63.0), (poker,)) == (88.9, 63.5)  # turned as the card is
    assert shop_size((60.0, 85.0), (poker,)) is None  # a quick insert is 3.5 mm short
    assert shop_size((57.15, 88.9), (poker,)) is None


def test_a_shops_card_at_another_size_has_its_published_pixels() -> None:
    mpc = PROFILES["mpc"]
    tarot = mpc.for_card((70.0, 120.0))
    assert tarot is not None and tarot.face_px == (897, 1497) and tarot.target == "MakePlayingCards (tarot cards)"
    assert mpc.for_card((63.0, 88.0)) is mpc
    tgc = PROFILES["tgc"]
    for trim, px in (((70.0, 120.0), (900, 1500)), ((57.15, 88.9), (750, 1125)), ((44.0, 63.0), (600, 825))):
        card = tgc.for_card(trim)
        assert card is not None and card.face_px == px, trim
    assert tgc.for_card((70.0, 70.0)) is None  # its square card is 3.5 in, not 70 mm
    assert PROFILES["dtc"].for_card((70.0, 120.0)) is None
    table = PROFILES["tts"].for_card((120.0, 70.0))
    assert table is not None and table.trim_mm == pytest.approx((120.0, 70.0))


def test_a_shop_lays_the_card_out_at_its_own_size_the_boxes_stretched(tmp_path: Path) -> None:
    make(tmp_path, "size: insert\nfaces:\n  front:\n    boxes:\n"
                   "      frame: {kind: rect, x: 0mm, y: 0mm, width: 63mm, height: 88mm}\n")
    (card,) = lay_out(tmp_path, FaceOptions(shop_sizes=((63.5, 88.9),)))
    assert card.trim == (63.5, 88.9)
    (frame,) = card.faces[0].front.items
    assert (frame.w, frame.h) == (63.5, 88.9)
