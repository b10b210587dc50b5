"""Dice Lanes example drawings: the three lanes before and after the moves.

The lanes stand as on the printed board: side by side, lane 1 on the left, each
running from Player 2's end at the top (Draw 2, Draw 1), through the Center, to Player
1's end at the bottom, with the card each player programmed to the lane at their own
end. A small number on a card gives the order in which the example resolves it. Dice
the players have claimed are shown under the lanes. With moves, the lanes after them
are drawn beside the lanes before; an example without moves whose position the engine
carries on from by itself (the round ends) shows the position as given and then the
engine's state. The slots and lanes are the game's numbers (``state.Numbers``); a
lane's die reads as in the notation.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from ...scene import Circle, Rect, Style
from ...components import typeset as ts
from ...components.diagrams import Sheet, arrow_right, caption, card, dice_row, die, label, note, split_card
from ...components.palette import Palette
from ...rules.base import SetupError
from .notation import parse_die
from .state import Numbers

CW, CH = 9.0, 12.5  # a programmed card
SLOT = 9.0  # slot pitch, down a lane
DIE = 7.4
COLUMN = 12.5  # lane pitch, across the board
NAMES_W = 13.0  # the slot names on the left
TOP = 8.0  # the lane numbers above the board
_PROGRAMS = re.compile(r"^\s*(P[12])\s+programs\s+(\S+)\s+to\s+lane\s+(\d)", re.IGNORECASE)
_RESOLVES = re.compile(r"^\s*(P[12])\s+resolves\s+(\S+)\s+in\s+lane\s+(\d)", re.IGNORECASE)


def board_width(numbers: Numbers) -> float:
    """The drawing of one board: the slot names, then one column per lane."""
    return NAMES_W + numbers.lanes * COLUMN


def board_height(numbers: Numbers) -> float:
    """Lane numbers, Player 2's cards, the slots, Player 1's cards."""
    return TOP + CH + 1.5 + len(numbers.slots) * SLOT + 1.5 + CH


def short_name(slot: str) -> str:
    """"P2 Draw 1" -> "Draw 1": the column heading (the P1 and P2 ends say whose)."""
    head, _, rest = slot.partition(" ")
    return rest if head in ("P1", "P2") and rest else slot


def lane_die(numbers: Numbers, text: str) -> tuple[int, int] | None:
    """"3 in P2 Draw 1" -> (3, slot index 3 from Player 1's end); "empty" -> None."""
    try:
        pip, slot = parse_die(numbers, text, 0)
    except SetupError:
        return None
    return (pip, slot + numbers.depth) if pip else None


def _programmed(example: Mapping[str, Any]) -> dict[tuple[str, int], str]:
    """(player, lane) -> card programmed in the position."""
    cards: dict[tuple[str, int], str] = {}
    for player, lanes in ((example.get("position") or {}).get("programmed") or {}).items():
        for lane, text in (lanes or {}).items():
            cards[(str(player), int(str(lane).split()[-1]))] = str(text)
    return cards


def _moves(play: list[str]) -> tuple[dict[tuple[str, int], str], dict[tuple[str, int], int]]:
    """Cards the moves program, and the order (1, 2…) in which cards are resolved."""
    programmed: dict[tuple[str, int], str] = {}
    order: dict[tuple[str, int], int] = {}
    for move in play:
        if match := _PROGRAMS.match(move):
            programmed[(match[1].upper(), int(match[3]))] = match[2]
        elif match := _RESOLVES.match(move):
            order.setdefault((match[1].upper(), int(match[3])), len(order) + 1)
    return programmed, order


def _board(numbers: Numbers, x: float, y: float, lanes: list[str], cards: dict[tuple[str, int], str],
           order: dict[tuple[str, int], int], pal: Palette, tag: str) -> list:
    """One drawing of the board at (x, y): lane numbers, then each lane as a column from
    Player 2's end (top) to Player 1's (bottom), slot names on the left."""
    count = len(numbers.slots)
    lanes_x = x + NAMES_W
    slots_y = y + TOP + CH + 1.5
    ends = {"P2": y + TOP, "P1": slots_y + count * SLOT + 1.5}
    items: list = [label(x, ends[p] + CH / 2 + 1.0, p, f"{tag} {p} end", NAMES_W - 1.0, ts.SMALL, bold=True,
                         fill=pal.text) for p in ("P2", "P1")]
    for row in range(count):  # top to bottom: Player 2's Draw 2 … Player 1's Draw 2
        n = count - 1 - row
        items.append(label(x + NAMES_W - 1.0, slots_y + row * SLOT + SLOT / 2 + 1.0, short_name(numbers.slots[n]),
                           f"{tag} slot {n + 1} name", NAMES_W - 1.0, ts.FINE, "end", fill=pal.text))
    for lane, text in enumerate(lanes, start=1):
        cx = lanes_x + (lane - 1) * COLUMN
        items.append(label(cx + COLUMN / 2, y + TOP - 2.0, f"Lane {lane}", f"{tag} lane {lane} name", COLUMN - 0.4,
                           ts.FINE, "middle", True, pal.accent))
        sx = cx + (COLUMN - SLOT) / 2
        items.append(Rect(sx - 0.4, slots_y - 0.4, SLOT + 0.8, count * SLOT + 0.8,
                          Style(fill=pal.accent_tint, stroke=pal.accent, stroke_width=0.3), radius=1.2))
        placed = lane_die(numbers, text)
        for row in range(count):
            n = count - 1 - row
            dx, dy = sx + (SLOT - DIE) / 2, slots_y + row * SLOT + (SLOT - DIE) / 2
            if placed and placed[1] == n:
                items += die(dx, dy, placed[0], pal, DIE)
            else:
                items.append(Rect(dx, dy, DIE, DIE, Style(fill="#ffffff", stroke=pal.line, stroke_width=0.25,
                                                         dash=(0.7, 0.5)), radius=1.0))
        for player, top in ends.items():
            text_card = cards.get((player, lane))
            if text_card:
                rank, suit = split_card(text_card)
                kx = cx + (COLUMN - CW) / 2
                items += card(kx, top, rank, suit, pal, f"{tag} lane {lane} {player} card", CW, CH)
                if (player, lane) in order:
                    items += _badge(kx + CW, top, order[(player, lane)], pal, f"{tag} lane {lane} {player} order")
    return items


def _badge(cx: float, cy: float, number: int, pal: Palette, name: str) -> list:
    """A small numbered disc: the order a card is resolved in."""
    return [Circle(cx - 0.6, cy + 0.6, 2.4, Style(fill=pal.accent, stroke="#ffffff", stroke_width=0.3)),
            label(cx - 0.6, cy + 1.6, str(number), name, 3.8, ts.FINE, "middle", True, "#ffffff")]


def _claimed(x: float, y: float, state: Mapping[str, Any], pal: Palette, tag: str) -> tuple[list, float]:
    """Each player's claimed dice, when anybody has claimed any."""
    claimed = state.get("claimed") or {}
    if not any(claimed.values()):
        return [], y
    items: list = []
    for player in ("P1", "P2"):
        items.append(label(x, y + 4.2, f"{player} claimed", f"{tag} {player} claimed", 20.0, ts.FINE, bold=True,
                           fill=pal.text))
        row, _ = dice_row(x + 21.0, y + 1.0, [int(v) for v in claimed.get(player) or []], pal, 5.0)
        items += row
        y += 6.5
    return items, y


def draw(example: Mapping[str, Any], before: Mapping[str, Any] | None, after: Mapping[str, Any] | None,
         game: Any, pal: Palette) -> Sheet:
    """The Dice Lanes drawing of one example (see the module docstring)."""
    numbers = Numbers.from_content(game)
    width = board_width(numbers)
    before = before or {"lanes": list((example.get("position") or {}).get("lanes") or ["empty"] * numbers.lanes)}
    play = [str(m) for m in example.get("play") or []]
    programmed, order = _moves(play)
    sheet = Sheet()
    states = [("Before" if play else "Position", before, _programmed(example), order)]
    if play and after:
        left = {k: v for k, v in programmed.items() if k not in order}
        states.append(("After", after, left, {}))
    given = (example.get("position") or {})
    if not play and given.get("lanes") and list(given["lanes"]) != list(before.get("lanes") or []):
        # the engine moved on by itself (a round ended): the position as given, then its state
        shown = {"lanes": list(given["lanes"]), "claimed": dict(given.get("claimed") or {})}
        states = [("Position", shown, _programmed(example), {}), ("Then", before, {}, {})]
    gap = 16.0
    for n, (title, state, cards, order_of) in enumerate(states):
        x = 2.0 + n * (width + gap)
        tag = title.lower()
        items = [caption(x, 3.0, title, f"{tag} caption", 30.0, pal)]
        items += _board(numbers, x, 4.0, list(state.get("lanes") or []), cards, order_of, pal, tag)
        more, bottom = _claimed(x, 4.0 + board_height(numbers) + 1.0, state, pal, tag)
        sheet.add(items + more, bottom)
    if len(states) == 2:
        sheet.items += arrow_right(2.0 + width + 3.0, 4.0 + board_height(numbers) / 2, gap - 6.0, pal)
    return sheet


# -- the table after setup ------------------------------------------------------------


def setup_table(content: Any, components: Any, pal: Palette) -> Any:
    """The lane board between the players, Player 1 at the bottom as on the printed
    board; a rolled die in the Center slot of each lane, 4 cards in each hand, the draw
    pile and the dice pool beside the board."""
    from ...components import pieces
    from ...components import tabletop as tt
    from ...scene import Rect
    from .state import Numbers

    numbers = Numbers.from_content(content)
    board = next(c for c in components if c.id == "lane-board").faces[0].front
    w, h = tt.WIDTH, 128.0
    items: list = [tt.table(w, h, pal)]
    board_w = 62.0
    bx, by = (w - board_w) / 2, 21.0
    group, _, board_h = tt.miniature(board, bx, by, board_w)
    items.append(group)
    scale = board_w / board.width
    slots = sorted(tt.spots(board, Rect, pieces.DIE_SLOT), key=lambda r: (r.x, r.y))
    per_lane = len(numbers.slots)
    centre = per_lane // 2
    rolled = (3, 6, 2)
    for lane in range(numbers.lanes):
        slot = slots[lane * per_lane + centre]
        size = pieces.DIE_SLOT * scale * 0.8
        x = bx + (slot.x + pieces.DIE_SLOT * 0.1) * scale
        y = by + (slot.y + pieces.DIE_SLOT * 0.1) * scale
        items += pieces.die_face(x, y, size, rolled[lane % len(rolled)], pal)
    hand = numbers.hand_size
    top_hand, top_w = tt.fan(0, 0, hand, pal)
    items += tt.fan((w - top_w) / 2, 9.5, hand, pal)[0]
    items += tt.fan((w - top_w) / 2, by + board_h + 2.0, hand, pal)[0]
    items.append(tt.label(w / 2, 6.5, "Player 2", "seat player 2", 60.0, pal))
    items.append(tt.label(w / 2, h - 3.0, "Player 1", "seat player 1", 60.0, pal))
    items += tt.pile(8.0, 52.0, pal, w=10.0, h=14.0)
    items.append(tt.label(14.0, 73.0, "draw pile", "draw pile", 26.0, pal, bold=False))
    pool = numbers.dice.standard - numbers.lanes
    for n in range(pool):
        items += pieces.die_face(w - 24.0 + (n % 3) * 6.0, 50.0 + (n // 3) * 6.0, 5.0, 1 + (n * 2) % 6, pal)
    items.append(tt.label(w - 15.0, 73.0, "dice pool", "dice pool", 26.0, pal, bold=False))
    return tt.picture("dice-lanes", content.title, items, h,
                      f"The lane board lies between the two players, Player 1 at the bottom and Player 2 at the top, "
                      f"its {numbers.lanes} lanes running from one player to the other. A rolled die sits in the "
                      f"Center slot of each lane. Each player holds {hand} cards; the draw pile lies left of the "
                      f"board and the other {pool} dice of the pool to its right.")


# -- the labelled drawing of "Reading the examples" -----------------------------------


def legend(content: Any, pal: Palette) -> tuple[Sheet, str]:
    """The board as the examples draw it: lanes numbered from Player 1's left, slots
    named down each lane, a die written "4 in Center", a programmed card and the order
    cards are resolved in."""
    numbers = Numbers.from_content(content)
    lanes = ["4 in Center", "2 in P1 Draw 1"] + ["empty"] * (numbers.lanes - 2)
    cards = {("P1", 1): "5♥", ("P2", 2): "3♠"}
    items = _board(numbers, 2.0, 4.0, lanes, cards, {("P1", 1): 1}, pal, "legend")
    sheet = Sheet()
    sheet.add(items, 4.0 + board_height(numbers))
    return sheet, ("The lane board as the examples draw it: three lanes standing upright, numbered from Player 1's "
                   "left, Player 2's end at the top and Player 1's at the bottom. Lane 1 holds a 4 in the Center, "
                   "lane 2 a 2 in Player 1's Draw 1. Player 1's 5 of hearts is programmed to lane 1 and marked 1, "
                   "resolved first; Player 2's 3 of spades lies at the top of lane 2.")
