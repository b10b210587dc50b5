"""Multisuit faces: the printed ranks are exactly the deck file's, read back from the
SVG a player would print; a missing rank shows a hyphen; markers carry a large symbol."""

from __future__ import annotations

import csv
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.components.base import CARD_SIZES, FaceOptions
from generator.render.svg import render_scene
from generator.scene import Path as ScenePath

from tests.components.helpers import ROOT, by_id, game, layout, walk

SVG = "{http://www.w3.org/2000/svg}"
SUITS = ("spades", "diamonds", "clubs")


def _deck(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))


def _corner_ranks(svg: str, width: float, height: float) -> list[str]:
    """The rank texts of the upright top-left index, top to bottom, as drawn in the SVG."""
    root = ET.fromstring(svg)
    parents = {child: parent for parent in root.iter() for child in parent}
    corner = []
    for text in root.iter(f"{SVG}text"):
        turned = any("rotate" in (a.get("transform") or "") for a in _ancestors(text, parents))
        x, y = float(text.get("x", 0)), float(text.get("y", 0))
        if not turned and x < width / 4 and y < height / 2:
            corner.append((y, text.text or ""))
    return [t for _, t in sorted(corner)]


def _ancestors(node, parents):  # type: ignore[no-untyped-def]
    while node in parents:
        node = parents[node]
        yield node


def _turned_ranks(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [t.text or "" for g in root.iter(f"{SVG}g") if "rotate(180)" in (g.get("transform") or "")
            for t in g.iter(f"{SVG}text")]


def test_faces_show_exactly_the_deck_files_ranks() -> None:
    rows = _deck(ROOT / "content" / "multisuit" / "deck.csv")
    cards = by_id(layout(game("multisuit")), "playing-cards")
    assert len(cards.faces) == len(rows) == 36
    for row, face in zip(rows, cards.faces):
        scene = face.front
        svg = render_scene(scene, bleed=3.0)
        wanted = [row[suit] for suit in SUITS]
        assert _corner_ranks(svg, scene.width, scene.height) == wanted, f"card {row['id']}"
        assert _turned_ranks(svg) == wanted, f"card {row['id']} (turned index)"
        assert face.back is None, "sleeve inserts have no backs"


def test_missing_rank_is_a_hyphen_and_its_symbol_is_dimmed() -> None:
    rows = _deck(ROOT / "content" / "multisuit" / "deck.csv")
    missing = [(n, suit) for n, row in enumerate(rows) for suit in SUITS if row[suit] == "-"]
    assert missing, "the shipped deck has cards lacking a suit"
    cards = by_id(layout(game("multisuit")), "playing-cards")
    for n, suit in missing:
        items = list(walk(cards.faces[n].front.items))
        rank = next(i for i in items if getattr(i, "name", "") == f"card {rows[n]['id']} {suit} rank")
        assert rank.text == "-"


def test_faces_follow_a_changed_deck(tmp_path: Path) -> None:
    """The faces are made from the deck file, not from anything cached or built in."""
    folder = tmp_path / "content" / "multisuit"
    shutil.copytree(ROOT / "content" / "multisuit", folder)
    rows = _deck(folder / "deck.csv")
    rows[0].update({"spades": "4", "diamonds": "-", "clubs": "5"})
    with (folder / "deck.csv").open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=["id", *SUITS])
        writer.writeheader()
        writer.writerows(rows)
    cards = by_id(layout(game("multisuit"), root=tmp_path), "playing-cards")
    first = cards.faces[0].front
    assert _corner_ranks(render_scene(first), first.width, first.height) == ["4", "-", "5"]


@pytest.mark.parametrize("size", sorted(CARD_SIZES))
def test_index_sits_in_the_fanned_corner(size: str) -> None:
    """Fanned in a hand only the left ~15 mm of a card shows: the whole upright index
    must lie there, above the card's middle."""
    w, h = CARD_SIZES[size]
    cards = by_id(layout(game("multisuit"), FaceOptions(card_size=(w, h))), "playing-cards")
    for face in cards.faces:
        for item in face.front.items:
            name = getattr(item, "name", "")
            if name.endswith(" rank") and "centre" not in name:
                assert item.x + item.max_width / 2 <= 15.0 and item.y < h / 2, (face.front.name, name)


def test_markers_carry_one_large_symbol_each() -> None:
    content = game("multisuit")
    markers = by_id(layout(content), "marker-cards")
    assert len(markers.faces) == len(content.data["markers"]) == 3
    for suit, face in zip(content.data["markers"], markers.faces):
        paths = [i for i in walk(face.front.items) if isinstance(i, ScenePath)]
        heights = [max(c[i] for c in p.commands for i in range(2, len(c), 2))
                   - min(c[i] for c in p.commands for i in range(2, len(c), 2)) for p in paths]
        assert max(heights) >= 30.0, f"{suit} marker symbol too small"
        assert suit in face.front.name
