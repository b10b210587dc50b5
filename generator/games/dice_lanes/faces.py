"""Dice Lanes: the lane board, a quick reference and a score pad.

The players sit at opposite ends of the board, so it reads from both: Player 1 at the
bottom edge, Player 2 at the top with their labels turned 180°. Three lanes run between
them, numbered from Player 1's left (Player 2 sees them as 3, 2, 1). Each lane has five
slots (22 mm, room for a 16 mm die): Player 2's Draw 2 and Draw 1, the Center, Player
1's Draw 1 and Draw 2. Each player's scoring area lies behind their Draw 2 slots; a side
column holds the dice pool and, once for each player, the suit-effect reminder.

Every number and name on the board (lanes, slots, suit effects, dice and rounds) comes
from the game's :class:`~.state.Numbers`, the record the engine plays by.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ...content.schema import GameContent
from ...scene import Item, Rect, Scene, Style
from ...components import pieces
from ...components import typeset as ts
from ...components.base import Component, Face, FaceOptions
from ...components.suits import suit_set
from ...components.palette import Palette, palette
from ...components.reference import Table, count_of, quickref_component, score_sheet_component
from .state import Numbers

BOARD_W, BOARD_H = 180.0, 250.0
LANE_W, LANE_PITCH = 34.0, 36.0
LANES_X = 10.0
SIDE_X, SIDE_W = 122.0, 50.0


def _slot_label(name: str) -> tuple[int | None, str]:
    """"P2 Draw 1" -> (2, "Draw 1"); "Center" -> (None, "Center")."""
    head, _, rest = name.partition(" ")
    if head in ("P1", "P2") and rest:
        return int(head[1]), rest
    return None, name


def _turned_label(cx: float, cy: float, text: str, name: str, width: float, size: float, pal: Palette,
                  colour: str | None = None) -> Item:
    """A centred label turned 180° about its own middle (for Player 2), centred on ``cy``."""
    item = ts.label(cx, cy + size * 0.36, text, name, width, size, "middle", True, colour or pal.text)
    return pieces.rotated([item], cx, cy)


LABEL = 5.0  # height of a slot's label band
GAP = 2.5  # between slot cells


def lane_height(slots: Sequence[str]) -> float:
    """A lane's height: every slot, a label band per player side (two at the Center)."""
    bands = sum(2 if _slot_label(name)[0] is None else 1 for name in slots)
    return 6.0 + len(slots) * pieces.DIE_SLOT + bands * LABEL + (len(slots) - 1) * GAP


def _lane(n: int, x: float, y: float, slots: Sequence[str], pal: Palette) -> list[Item]:
    """Lane ``n`` from Player 2's end (top) to Player 1's (bottom)."""
    items: list[Item] = [Rect(x, y, LANE_W, lane_height(slots), Style(fill=None if pal.bw else pal.accent_tint,
                                                                      stroke=pal.accent, stroke_width=0.4),
                              radius=3.0)]
    sx = x + (LANE_W - pieces.DIE_SLOT) / 2
    cx = x + LANE_W / 2
    cursor = y + 3.0
    for name in reversed(slots):  # the content lists Player 1's end first
        player, text = _slot_label(name)
        label_name = f"lane {n} {name.lower()} label"
        if player != 1:  # Player 2's slots and the Center: a turned label on P2's side
            turned_name = label_name + (" (turned)" if player is None else "")
            items.append(_turned_label(cx, cursor + LABEL / 2, text.upper(), turned_name, LANE_W - 4, ts.CAPTION, pal))
            cursor += LABEL
        claim = text.endswith("2")
        tint = "#ffffff" if pal.bw or not claim else pal.paper
        items.extend(pieces.die_slot(sx, cursor, pal, tint=tint))
        if claim and not pal.bw:
            items.append(Rect(sx + 1.2, cursor + 1.2, pieces.DIE_SLOT - 2.4, pieces.DIE_SLOT - 2.4,
                              Style(fill=None, stroke=pal.accent_tint, stroke_width=0.8), radius=1.8))
        cursor += pieces.DIE_SLOT
        if player != 2:
            items.append(ts.label(cx, cursor + LABEL / 2 + ts.CAPTION * 0.36, text.upper(), label_name, LANE_W - 4,
                                  ts.CAPTION, "middle", True, pal.text))
            cursor += LABEL
        cursor += GAP
    return items


def _lane_numbers(x: float, top: float, bottom: float, n: int, pal: Palette) -> list[Item]:
    cx = x + LANE_W / 2
    own = ts.label(cx, bottom + ts.SMALL * 0.36, f"LANE {n}", f"lane {n} number", LANE_W, ts.SMALL, "middle", True,
                   pal.accent)
    return [own, _turned_label(cx, top, f"LANE {n}", f"lane {n} number (turned)", LANE_W, ts.SMALL, pal, pal.accent)]


def _scoring_area(player: int, x: float, y: float, w: float, h: float, pal: Palette) -> list[Item]:
    items = pieces.panel(x, y, w, h, pal, f"Player {player}: claimed dice", f"player {player} scoring heading")
    items.append(ts.label(x + 3, y + h - 3.5, "Claimed dice keep the pips they showed when claimed.",
                          f"player {player} scoring hint", w - 6, ts.CAPTION, fill=pal.text))
    return items


def _reminder(numbers: Numbers, x: float, y: float, w: float, h: float, pal: Palette, who: str) -> list[Item]:
    """The four suit effects from the content, one row each."""
    effects = numbers.suit_effects
    items = pieces.panel(x, y, w, h, pal, "Suit effects", f"{who} suit effects heading")
    row_h = (h - 9.0) / max(1, len(effects))
    for n, (suit, effect) in enumerate(effects.items()):
        ry = y + 8.5 + n * row_h
        items.append(pal.symbol(suit, x + 5.5, ry + row_h / 2 - 0.5, 6.0, pal.suit(suit)))
        items.append(ts.label(x + 10.5, ry + 3.6, effect.name, f"{who} {suit} effect name", w - 13, ts.SMALL,
                              bold=True, fill=pal.suit(suit)))
        lines, _ = ts.paragraph(x + 10.5, ry + 6.9, effect.effect, f"{who} {suit} effect", w - 13, ts.CAPTION,
                                leading=1.2, fill=pal.text)
        items.extend(lines)
    return items


def _pool(game: GameContent, numbers: Numbers, x: float, y: float, w: float, h: float, pal: Palette) -> list[Item]:
    dice, rounds = numbers.dice, numbers.rounds
    items = pieces.panel(x, y, w, h, pal, "Dice pool", "dice pool heading")
    items.append(ts.label(x + w / 2, y + h / 2 - 4, game.title, "dice pool title", w - 6, ts.TITLE, "middle", True,
                          pal.accent))
    lines, _ = ts.paragraph(x + w / 2, y + h / 2 + 2.5,
                            f"Unused dice wait here: {dice.standard} for {rounds.standard} rounds, "
                            f"{dice.extended} for the {rounds.extended}-round game.",
                            "dice pool hint", w - 8, ts.CAPTION, leading=1.3, fill=pal.text, anchor="middle")
    items.extend(lines)
    items.append(ts.label(x + w / 2, y + h - 3.5, pieces.credit_line(game).split("  ·  ")[-1], "dice pool credit",
                          w - 6, ts.CAPTION, "middle", fill=pal.line))
    return items


def lane_board(game: GameContent, numbers: Numbers, pal: Palette) -> Scene:
    """The shared board: three lanes of five slots, scoring areas, pool, reminders."""
    slots, lanes = numbers.slots, numbers.lanes
    items: list[Item] = list(pieces.border(BOARD_W, BOARD_H, pal))
    lanes_w = lanes * LANE_PITCH - (LANE_PITCH - LANE_W)
    p2_area = _scoring_area(2, LANES_X, 9.0, lanes_w, 30.0, pal)
    items.append(pieces.rotated(p2_area, LANES_X + lanes_w / 2, 24.0))
    lane_top = 46.0
    bottom = lane_top + lane_height(slots)
    for n in range(lanes):
        x = LANES_X + n * LANE_PITCH
        items.extend(_lane(n + 1, x, lane_top, slots, pal))
        items.extend(_lane_numbers(x, lane_top - 3.0, bottom + 3.0, n + 1, pal))
    items.extend(_scoring_area(1, LANES_X, BOARD_H - 39.0, lanes_w, 30.0, pal))
    reminder_h = 62.0
    p2 = _reminder(numbers, SIDE_X, 9.0, SIDE_W, reminder_h, pal, "player 2")
    items.append(pieces.rotated(p2, SIDE_X + SIDE_W / 2, 9.0 + reminder_h / 2))
    items.extend(_pool(game, numbers, SIDE_X, 9.0 + reminder_h + 4.0, SIDE_W, BOARD_H - 18.0 - 2 * (reminder_h + 4.0), pal))
    items.extend(_reminder(numbers, SIDE_X, BOARD_H - 9.0 - reminder_h, SIDE_W, reminder_h, pal, "player 1"))
    return Scene(name="dice-lanes lane board", width=BOARD_W, height=BOARD_H, items=tuple(items),
                 title=f"{game.title}: lane board")


def _score_pad(game: GameContent, numbers: Numbers, options: FaceOptions) -> Component:
    rounds = numbers.rounds
    rows = tuple(f"Round {n}" for n in range(1, rounds.extended + 1)) + ("Total",)
    columns = ("P1 dice", "P1 pips", "P2 dice", "P2 pips")
    tables = [Table(f"Game {g}", columns, rows, row_height=7.5) for g in range(1, 4)]
    notes = [f"Write the dice each player claimed in each round and their pips. After {rounds.standard} rounds "
             f"({rounds.extended} in the extended game) the most claimed dice wins; equal counts, the higher "
             "pip total; still equal, share the win."]
    return score_sheet_component(game, options, tables, notes, component_id="score-pad", name="Score pad")


def components(game: GameContent, options: FaceOptions, project_root: Path) -> list[Component]:
    """Every printed Dice Lanes piece: the board, quick reference, score pad."""
    pal = palette(game.slug, options.ink, suit_set(game.suits))
    numbers = Numbers.from_content(game)
    board = Component(id="lane-board", name="Lane board", kind="board",
                      faces=(Face(front=lane_board(game, numbers, pal), copies=count_of(game, "lane-board", 1)),),
                      trim=(BOARD_W, BOARD_H), safe=options.safe,
                      assembly="Cut along the crop marks; lay it between the players, Player 1 at the bottom.")
    return [board, quickref_component(game, options), _score_pad(game, numbers, options)]
