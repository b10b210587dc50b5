"""Game-specific promises: dice fit their slots, the setup pattern is on the grid, the
Four Deuces kit is complete, the Pip Trick track runs in trump order, credits appear."""

from __future__ import annotations

from collections import Counter

from generator.components.base import FaceOptions
from generator.components.palette import palette
from generator.scene import Circle, Path, Rect

from .helpers import by_id, game, layout, scenes, texts, walk

DIE = 16.0  # common dice (PRINT.md): slots must be at least 20 mm


def _slots(scene):  # type: ignore[no-untyped-def]
    """Die slots: the dashed rounded squares."""
    return [i for i in walk(scene.items) if isinstance(i, Rect) and i.style.dash and abs(i.w - i.h) < 1e-6]


def _words(scene) -> str:  # type: ignore[no-untyped-def]
    return " ".join(t.text for t in texts(scene))


def test_dice_lanes_board_has_three_lanes_of_five_slots_for_16mm_dice() -> None:
    content = game("dice-lanes")
    board = by_id(layout(content), "lane-board").faces[0].front
    slots = _slots(board)
    assert len(slots) == content.data["lanes"] * len(content.data["slots"]) == 15
    assert all(s.w >= 20.0 for s in slots)
    words = _words(board)
    for n in (1, 2, 3):
        assert f"LANE {n}" in words
    for label in ("DRAW 2", "DRAW 1", "CENTER", "Player 1: claimed dice".upper(), "DICE POOL"):
        assert label in words.upper()
    for effect in content.data["suit_effects"].values():
        assert effect["name"] in words
    # both players read their own side: each suit-effect strip appears twice, once turned
    assert words.count(content.data["suit_effects"]["hearts"]["name"]) == 2


def test_dice_lanes_slots_do_not_overlap() -> None:
    board = by_id(layout(game("dice-lanes")), "lane-board").faces[0].front
    slots = sorted(_slots(board), key=lambda s: (s.x, s.y))
    for a, b in zip(slots, slots[1:]):
        if abs(a.x - b.x) < 1e-6:
            assert b.y >= a.y + a.h, "slots in a lane overlap"


def test_zero_grid_prints_the_setup_pips_faintly_in_16_cells() -> None:
    content = game("zero-grid")
    grid = by_id(layout(content), "player-grid")
    scene = grid.faces[0].front
    faint = palette("zero-grid", "colour").faint
    pips = [i for i in walk(scene.items) if isinstance(i, Circle) and i.style.fill == faint]
    assert len(pips) == sum(sum(column) for column in content.data["setup_grid"])
    cells = [i for i in walk(scene.items) if isinstance(i, Rect) and abs(i.w - i.h) < 1e-6 and i.w >= 20.0
             and not i.style.dash]
    assert len(cells) == 16
    words = _words(scene)
    assert "INITIATIVE" in words and all(str(n) in words for n in (1, 2, 3, 4))
    assert grid.faces[0].copies == 2


def test_zero_grid_pips_sit_in_the_right_cells() -> None:
    """Column c, row r shows the content's setup value: count the pips per cell."""
    content = game("zero-grid")
    scene = by_id(layout(content), "player-grid").faces[0].front
    faint = palette("zero-grid", "colour").faint
    cells = sorted((i for i in walk(scene.items) if isinstance(i, Rect) and abs(i.w - i.h) < 1e-6 and i.w >= 20.0
                    and not i.style.dash), key=lambda r: (round(r.x), round(r.y)))
    pips = [i for i in walk(scene.items) if isinstance(i, Circle) and i.style.fill == faint]
    for n, cell in enumerate(cells):
        column, row = divmod(n, 4)
        inside = [p for p in pips if cell.x < p.cx < cell.x + cell.w and cell.y < p.cy < cell.y + cell.h]
        assert len(inside) == content.data["setup_grid"][column][row], (column, row)


def test_zero_grid_credits_its_designer_and_lists_its_chart() -> None:
    content = game("zero-grid")
    components = layout(content)
    assert "David McDougal" in _words(by_id(components, "player-grid").faces[0].front)
    chart = _words(by_id(components, "scoring-chart").faces[0].front)
    for band in content.data["scoring_chart"]:
        assert band["title"] in chart
    aid = " ".join(_words(s) for s in scenes(by_id(components, "player-aid")))
    assert all(line.rstrip(".") in aid for line in content.data["player_aid"])


def test_four_deuces_kit_is_complete() -> None:
    content = game("four-deuces")
    components = layout(content)
    suit_cards = by_id(components, "suit-cards")
    per_suit = Counter()
    for face in suit_cards.faces:
        suit = face.front.name.split()[1]
        per_suit[suit] += face.copies
        assert face.back is not None
    assert per_suit == {s: 4 for s in ("bootlegging", "gambling", "prostitution", "murder")}
    characters = by_id(components, "character-cards")
    for character, face in zip(content.data["characters"], characters.faces):
        words = _words(face.front)
        assert character["name"] in words
        assert " ".join(character["ability"].split()[:6]) in words
        assert face.back == suit_cards.faces[0].back, "one shared back"
    tokens = by_id(components, "suit-tokens")
    assert tokens.kind == "token" and len(tokens.faces) == 4
    board = by_id(components, "suit-power-board").faces[0].front
    places = [i for i in walk(board.items) if isinstance(i, Circle) and i.style.dash]
    assert len(places) == content.data["track_places"]
    assert all(2 * p.r >= tokens.trim[0] for p in places), "a token fits its place"


def test_four_deuces_cards_have_no_ranks() -> None:
    suit_cards = by_id(layout(game("four-deuces")), "suit-cards")
    for face in suit_cards.faces:
        assert not any(ch.isdigit() for ch in _words(face.front))


def test_pip_trick_mat_has_three_dice_areas_and_the_trump_track_in_order() -> None:
    content = game("pip-trick")
    mat = by_id(layout(content), "player-mat")
    scene = mat.faces[0].front
    assert mat.faces[0].copies == 4
    slots = _slots(scene)
    assert len(slots) == 12 and all(s.w >= 20.0 for s in slots)
    words = _words(scene).upper()
    for area in ("AVAILABLE", "USED THIS CYCLE", "LOCKED"):
        assert area in words
    trump = [t.text.split()[0].lower() for t in texts(scene) if t.text.endswith(" trump")]
    assert trump == content.data["trump_order"]
    # the track's suit symbols, left to right, are drawn as paths in the trump colours
    colour = palette("pip-trick", "colour")
    track = [p for p in walk(scene.items) if isinstance(p, Path) and p.style.fill in
             {colour.suit(s) for s in content.data["trump_order"]}]
    assert len(track) >= 4


def test_score_sheets_exist_where_the_game_keeps_score() -> None:
    for slug, component_id in (("pip-trick", "score-sheet"), ("multisuit", "score-sheet"),
                               ("four-deuces", "score-sheet"), ("dice-lanes", "score-pad")):
        sheet = by_id(layout(game(slug)), component_id)
        assert sheet.kind == "sheet"
        assert "Total" in _words(sheet.faces[0].front) or "winner" in _words(sheet.faces[0].front).lower()


def test_bw_build_keeps_every_piece() -> None:
    for slug in ("pip-trick", "dice-lanes", "multisuit", "four-deuces", "zero-grid"):
        colour = layout(game(slug))
        bw = layout(game(slug), FaceOptions(ink="bw"))
        assert [c.id for c in colour] == [c.id for c in bw]
        assert [len(c.faces) for c in colour] == [len(c.faces) for c in bw]
