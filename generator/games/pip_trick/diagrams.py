"""Pip Trick example drawings: trump, the trick in play order, every player's dice.

Left: the round's trump (its suit outline) and each trick of the example as a row of
cards in the order they were played, the player's seat above each card and its place
in the trick below (face-down cards drawn as backs). With no card played, the hands
the position gives are shown instead. Right: each player's four dice before the moves
and after them; locked dice are grey, dice used this cycle have a bar beneath, and a
ring marks a die the example changed.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from ...components import typeset as ts
from ...components.diagrams import (CARD_H, CARD_W, DIE_GAP, Sheet, arrow_right, caption, card, card_back, dice_row,
                                    label, note, run, split_card)
from ...components.palette import Palette
from ...scene import Line, Rect, Style
from .notation import PLACES

_PLAY = re.compile(r"^\s*(\w+)\s+(?:plays|leads)\s+(\S+)(\s+face\s+down)?", re.IGNORECASE)
DIE = 6.5
PITCH = CARD_W + 1.6
TRICK_X = 24.0
TABLE_X = 81.0
HAND_W, HAND_H = 9.0, 12.5


def played_cards(play: list[str]) -> list[tuple[int, str, str, bool]]:
    """Each card played: (index of the move, seat, card, face down?)."""
    found = []
    for n, move in enumerate(play):
        match = _PLAY.match(move)
        if match:
            found.append((n, match[1].capitalize(), match[2], bool(match[3])))
    return found


def tricks(play: list[str], players: int) -> list[list[tuple[int, str, str, bool]]]:
    """The cards played, cut into tricks of one card per player."""
    cards = played_cards(play)
    return [cards[i:i + players] for i in range(0, len(cards), players)]


def _trump(state: Mapping[str, Any], pal: Palette) -> list:
    suit = str(state.get("trump", "hearts"))
    x, y, w, h = 2.0, 2.0, 18.0, 22.0
    return [Rect(x, y, w, h, Style(fill=pal.suit_tint(suit), stroke=pal.accent, stroke_width=0.35), radius=1.5),
            caption(x + w / 2, y + 3.6, "Trump", "trump caption", w - 2, pal, "middle"),
            pal.symbol(suit, x + w / 2, y + 11.0, 8.0, pal.suit(suit)),
            label(x + w / 2, y + 19.5, f"Round {state.get('round', 1)}", "trump round", w - 2, ts.FINE, "middle",
                  fill=pal.text)]


def _places(example: Mapping[str, Any], play: list[str], trick: list[tuple[int, str, str, bool]]) -> dict[str, str]:
    """Seat -> place in ``trick`` ("1st"…), from the engine after the trick's last card."""
    state = run("pip-trick", example, play[: trick[-1][0] + 1])
    places = (state or {}).get("places") or []
    seats = [entry.split()[0] for entry in places]
    return {seat: PLACES[n] for n, seat in enumerate(seats)} if len(seats) == len(trick) else {}


def _trick_rows(example: Mapping[str, Any], play: list[str], players: int, pal: Palette) -> tuple[list, float]:
    items: list = []
    y = 2.0
    for t, trick in enumerate(tricks(play, players), start=1):
        places = _places(example, play, trick)
        for n, (_, seat, text, down) in enumerate(trick):
            x = TRICK_X + n * PITCH
            name = f"trick {t} card {n + 1}"
            items.append(label(x + CARD_W / 2, y + 2.2, seat, f"{name} seat", PITCH - 1, ts.FINE, "middle",
                               fill=pal.text))
            first = places.get(seat) == "1st"
            if down:
                items += card_back(x, y + 3.2, pal, highlight=first)
                items.append(label(x + CARD_W / 2, y + 3.2 + CARD_H / 2 + 0.8, "down", f"{name} face down",
                                   CARD_W - 2, ts.FINE, "middle", fill=pal.accent))
            else:
                rank, suit = split_card(text)
                items += card(x, y + 3.2, rank, suit, pal, name, highlight=first)
            if seat in places:
                items.append(label(x + CARD_W / 2, y + 3.2 + CARD_H + 3.0, places[seat], f"{name} place", PITCH - 1,
                                   ts.FINE, "middle", first, pal.accent if first else pal.text))
        y += CARD_H + 8.0
    return items, y


def _next_hand(after: Mapping[str, Any], y: float, pal: Palette) -> tuple[list, float]:
    """In an unfinished trick, the hand of the player to move, the cards they may play
    face up with a heavy edge: what the new-suit rule leaves them."""
    seat = after.get("to_move")
    hand = list((after.get("hands") or {}).get(seat) or [])
    if not hand or after.get("phase") != "play a card":
        return [], y
    legal = {str(m).split()[-1] for m in after.get("legal") or [] if " plays " in str(m) and "face down" not in str(m)}
    items: list = [label(TRICK_X, y + 2.2, f"{seat}'s hand; heavy edge: may play", "next hand caption",
                         TABLE_X - TRICK_X - 2.0, ts.FINE, fill=pal.text)]
    for n, text in enumerate(hand[:4]):
        rank, suit = split_card(text)
        items += card(TRICK_X + n * PITCH, y + 3.2, rank, suit, pal, f"next hand card {n + 1}",
                      highlight=text in legal)
    return items, y + 3.2 + CARD_H + 1.0


def _hand_rows(state: Mapping[str, Any], pal: Palette) -> tuple[list, float]:
    """The hands of the position (no card is played in the example)."""
    items: list = []
    y = 2.0
    for seat, hand in (state.get("hands") or {}).items():
        if not hand:
            continue
        items.append(label(TRICK_X, y + 2.2, f"{seat}'s hand", f"hand {seat} caption", 60, ts.FINE, fill=pal.text))
        for n, text in enumerate(hand[:5]):
            rank, suit = split_card(text)
            items += card(TRICK_X + n * (HAND_W + 1.5), y + 3.2, rank, suit, pal, f"hand {seat} card {n + 1}",
                          HAND_W, HAND_H)
        y += HAND_H + 4.6
    return items, y


def _status(state: Mapping[str, Any], seat: str) -> tuple[set[int], set[int]]:
    """0-based indexes of the seat's locked and used dice."""
    locked = {int(d) - 1 for d in (state.get("locked") or {}).get(seat, [])}
    used = {int(d) - 1 for d in (state.get("used") or {}).get(seat, [])}
    return locked, used


def _dice_table(before: Mapping[str, Any], after: Mapping[str, Any], pal: Palette) -> tuple[list, float]:
    seats = list((before.get("dice") or {}).keys())
    changed = any((before.get(k) or {}) != (after.get(k) or {}) for k in ("dice", "used", "locked"))
    width = 4 * (DIE + DIE_GAP)
    name_w = 12.0
    x_before = TABLE_X + name_w
    x_after = x_before + width + 9.0
    items: list = [caption(x_before, 4.0, "Dice before" if changed else "Dice", "dice before caption", width + 6, pal)]
    if changed:
        items.append(caption(x_after, 4.0, "Dice after", "dice after caption", width + 4, pal))
    y = 6.0
    for seat in seats:
        items.append(label(TABLE_X, y + DIE * 0.68, seat, f"dice {seat} seat", name_w - 1, ts.SMALL, bold=True,
                           fill=pal.text))
        old = list(before["dice"][seat])
        locked, used = _status(before, seat)
        row, _ = dice_row(x_before, y, old, pal, DIE, faint=locked)
        items += row + _used_bars(x_before, y, used, pal)
        if changed:
            new = list((after.get("dice") or {}).get(seat, old))
            locked2, used2 = _status(after, seat)
            ring = {n for n in range(len(new)) if n >= len(old) or new[n] != old[n]
                    or (n in locked2) != (n in locked) or (n in used2) != (n in used)}
            items += arrow_right(x_before + width + 1.0, y + DIE / 2, 6.0, pal)
            row, _ = dice_row(x_after, y, new, pal, DIE, faint=locked2, ring=ring)
            items += row + _used_bars(x_after, y, used2, pal)
        y += DIE + 3.2
    items.append(note(TABLE_X, y + 1.6, "grey: locked  ·  bar: used this cycle  ·  ring: changed",
                      "dice legend", 80.0, pal))
    return items, y + 2.4


def _used_bars(x: float, y: float, used: set[int], pal: Palette) -> list:
    return [Line(x + n * (DIE + DIE_GAP) + 0.8, y + DIE + 1.2, x + n * (DIE + DIE_GAP) + DIE - 0.8, y + DIE + 1.2,
                 Style(stroke=pal.accent, stroke_width=0.7)) for n in sorted(used)]


def draw(example: Mapping[str, Any], before: Mapping[str, Any] | None, after: Mapping[str, Any] | None,
         game: Any, pal: Palette) -> Sheet:
    """The Pip Trick drawing of one example (see the module docstring)."""
    before = before or {}
    after = after or before
    play = [str(m) for m in example.get("play") or []]
    players = len(before.get("dice") or {}) or int((example.get("position") or {}).get("players", 4))
    sheet = Sheet()
    sheet.add(_trump(before, pal), 24.0)
    if played_cards(play):
        items, bottom = _trick_rows(example, play, players, pal)
        if len(played_cards(play)) % players:
            more, bottom = _next_hand(after, bottom - 3.0, pal)
            items += more
    else:
        items, bottom = _hand_rows(before, pal)
    sheet.add(items, bottom)
    if before.get("dice"):
        items, bottom = _dice_table(before, after, pal)
        sheet.add(items, bottom)
    return sheet


# -- the table after setup ------------------------------------------------------------


def setup_table(content: Any, components: Any, pal: Palette) -> Any:
    """Four players round the table, each with their player mat turned towards them,
    four dice showing the start values (2, 3, 4, 5) and a hand of 13 cards; South
    deals, so West (on South's left) leads the first trick."""
    from ...components import tabletop as tt
    from .state import Numbers

    start = list(Numbers.from_content(content).start_dice)
    mat = next(c for c in components if c.id == "player-mat").faces[0].front
    w = h = tt.WIDTH
    items: list = [tt.table(w, h, pal)]
    mat_w = 30.0
    # (seat label, turn of the mat, mat's top-left, dice and hand positions, label anchor)
    seats = [
        ("North", 180, (45.0, 10.0), (78.0, 14.0), (14.0, 13.0), (60.0, 6.5, "middle")),
        ("South · deals", 0, (45.0, h - 10.0 - mat.height * mat_w / mat.width), (17.0, h - 20.0), (79.0, h - 18.5),
         (60.0, h - 3.0, "middle")),
        ("West · leads first", 90, (4.0, 44.0), (4.0, 79.0), (4.0, 88.0), (4.0, 41.0, "start")),
        ("East", 270, (w - 4.0 - mat.height * mat_w / mat.width, 44.0), (w - 27.0, 79.0), (w - 26.0, 88.0),
         (w - 4.0, 41.0, "end")),
    ]
    for name, turn, (mx, my), (dx, dy), (hx, hy), (lx, ly, anchor) in seats:
        group, _, _ = tt.miniature(mat, mx, my, mat_w, turn)
        items.append(group)
        items += tt.dice(dx, dy, start, pal)[0]
        items += tt.fan(hx, hy, 13, pal, w=6.0, h=8.0, step=1.5)[0]
        items.append(tt.label(lx, ly, name, f"seat {name}", 40.0, pal, anchor))
    items.append(tt.label(w / 2, h / 2 + 1.5, "13 cards each", "hands", 36.0, pal, bold=False))
    return tt.picture("pip-trick", content.title, items, h,
                      "Four players sit round the table: North, East, South and West. Each has a player mat turned "
                      "towards them, four dice showing 2, 3, 4 and 5, and a hand of 13 face-down cards. South deals, "
                      "so West, on South's left, leads the first trick.")


# -- the labelled drawing of "Reading the examples" -----------------------------------


def legend(content: Any, pal: Palette) -> tuple[Sheet, str]:
    """One player's four dice as every player starts them, each named (die 1 to die 4),
    with the marks the drawings use: grey for a locked die, a bar for a used one."""
    from .state import Numbers

    start = list(Numbers.from_content(content).start_dice)
    x, y, size, pitch = 2.0, 8.0, DIE, 11.0
    items: list = [caption(x, 4.0, "A player's dice", "legend caption", 60.0, pal)]
    for n, pips in enumerate(start):
        items += dice_row(x + n * pitch, y, [pips], pal, size, faint={0} if n == 0 else frozenset())[0]
        items.append(label(x + n * pitch + size / 2, y + size + 5.0, f"die {n + 1}", f"legend die {n + 1}",
                           pitch - 0.4, ts.FINE, "middle", True, pal.text))
    items += _used_bars(x + 2 * (pitch - DIE - DIE_GAP), y, {2}, pal)
    for n, said in ((0, "locked"), (2, "used")):
        items.append(note(x + n * pitch + size / 2 - 4.5, y + size + 9.0, said, f"legend {said}", pitch, pal))
    sheet = Sheet()
    sheet.add(items, y + DIE + 10.0)
    return sheet, (f"One player's dice as every player starts them, showing {', '.join(map(str, start))}, named die 1 "
                   f"to die {len(start)} from the left. Die 1 is grey: locked in an earlier round. Die 3 has a bar "
                   f"under it: used in this cycle.")
