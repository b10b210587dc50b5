"""The Four Deuces example drawings: the Suit Power Track, the tricks, the dice.

Left: the Suit Power Track as a row of the round suit tokens, strongest first, before
the moves and after them (a ring marks a token that moved), and each player's unused
dice before and after. Right: each trick of the example, the suit cards in play order
with the die placed on each and the seat above; the card that takes the trick has a
heavy edge. Moves that are not cards (a character's ability, a choice) are listed
beneath in the example's own words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...components import typeset as ts
from ...components.diagrams import Sheet, arrow_right, caption, dice_row, die, label, note, run
from ...components.palette import WHITE, Palette
from ...scene import Circle, Rect, Style
from .notation import card_play, seat_name, suit_name
from .state import Numbers

if TYPE_CHECKING:
    from ...content.schema import GameContent

TOKEN = 9.0
TOKEN_PITCH = 12.5
CW, CH = 16.0, 20.0
#: A suit's name under its card, on one of two lines so long names never touch.
NAME_LINE = 3.4
DIE = 6.6
SMALL_DIE = 5.0
TRICKS_X = 64.0
TRICK_W = 2 * (CW + 2.0) + 4.0


def card_moves(play: list[str]) -> list[tuple[int, str, str, int]]:
    """(index, seat, suit, die) for each card played (read by the game's notation)."""
    return [(n, seat_name(m[0]), suit_name(m[1]).lower(), m[2]) for n, move in enumerate(play)
            if (m := card_play(move))]


def tricks(play: list[str]) -> list[list[tuple[int, str, str, int]]]:
    """Cards played, two to a trick (the game is for two players)."""
    cards = card_moves(play)
    return [cards[i:i + 2] for i in range(0, len(cards), 2)]


def token(cx: float, cy: float, suit: str, pal: Palette, ring: bool = False) -> list:
    """A round suit token like the printed ones: the suit's disc with a white outline."""
    items: list = []
    if ring:
        items.append(Circle(cx, cy, TOKEN / 2 + 1.0, Style(fill=None, stroke=pal.accent, stroke_width=0.6)))
    items += [Circle(cx, cy, TOKEN / 2, Style(fill=pal.suit(suit), stroke=None)),
              pal.symbol(suit, cx, cy, TOKEN * 0.55, WHITE)]
    return items


def _track(x: float, y: float, order: list[str], pal: Palette, tag: str, moved: str | None) -> list:
    items: list = []
    for n, suit in enumerate(order):
        cx = x + 4.0 + TOKEN / 2 + n * TOKEN_PITCH  # room for the first name, centred below
        items += token(cx, y + TOKEN / 2, suit.lower(), pal, ring=suit.lower() == moved)
        # names alternate between two lines, so long ones never run into each other
        items.append(label(cx, y + TOKEN + 3.2 + (n % 2) * 3.3, suit.capitalize(), f"{tag} track place {n + 1}",
                           2 * TOKEN_PITCH - 1.0, ts.FINE, "middle", fill=pal.text))
    return items


def suit_card(x: float, y: float, suit: str, value: int | None, pal: Palette, name: str,
              highlight: bool = False, line: int = 0) -> list:
    """A small suit card (tinted, its outline) with the die played on it, and the suit's
    name beneath it on name line ``line`` (0 or 1)."""
    items: list = [Rect(x, y, CW, CH, Style(fill=pal.suit_tint(suit), stroke=pal.accent,
                                            stroke_width=0.9 if highlight else 0.35), radius=1.4),
                   pal.symbol(suit, x + CW / 2, y + 5.6, 7.5, pal.suit(suit)),
                   label(x + CW / 2, y + CH + NAME_LINE * (line + 1) - 0.4, suit.upper(), f"{name} suit",
                         2 * CW, ts.FINE, "middle", False, pal.suit(suit))]
    if value:
        items += die(x + (CW - DIE) / 2, y + CH - DIE - 1.4, value, pal, DIE)
    return items


def _left(before: Mapping[str, Any], after: Mapping[str, Any], numbers: Numbers,
          pal: Palette) -> tuple[list, float]:
    """Track and dice, before and after."""
    items: list = []
    y = 4.0
    old, new = list(before.get("track") or []), list(after.get("track") or [])
    changed = bool(new) and new != old
    moved = str(after.get("token_moved") or "").lower() or None
    rows: list[tuple[str, list[Any], str | None]] = [("Track, strongest first" if not changed else "Track before", old, None)]
    if changed:
        rows.append(("Track after", new, moved))
    for title, order, ring in rows:
        # named as the Suit Power Track (what it is); captioned short enough for 2.9 mm type
        tag = "suit power track, strongest first" if title.startswith("Track,") else title.lower()
        items.append(caption(2.0, y, title, f"{tag} caption", 56.0, pal))
        items += _track(2.0, y + 1.5, order, pal, tag, ring)
        y += TOKEN + 12.5
    for seat, dice in (before.get("dice") or {}).items():
        later = list((after.get("dice") or {}).get(seat, dice))
        items.append(label(2.0, y + SMALL_DIE * 0.75, seat, f"dice {seat} seat", 11.0, ts.FINE, bold=True,
                           fill=pal.text))
        row, right = dice_row(13.0, y, list(dice)[:numbers.dice_per_player], pal, SMALL_DIE)
        items += row
        if later != list(dice):
            y += SMALL_DIE + 1.6
            items += arrow_right(6.0, y + SMALL_DIE / 2, 5.0, pal)
            row, _ = dice_row(13.0, y, later[:numbers.dice_per_player], pal, SMALL_DIE)
            items += row or [note(13.0, y + SMALL_DIE * 0.7, "no dice left", f"dice {seat} none left", 40.0, pal)]
        y += SMALL_DIE + 2.6
    if before.get("dice"):
        items.append(note(2.0, y + 1.0, "unused dice; 2nd row: after", "dice note", 58.0, pal))
        y += 3.0
    return items, y


def _tricks(example: Mapping[str, Any], play: list[str], pal: Palette) -> tuple[list, float]:
    items: list = []
    bottom = 0.0
    for t, trick in enumerate(tricks(play)):
        x = TRICKS_X + t * TRICK_W
        done = run("four-deuces", example, play[: trick[-1][0] + 1]) or {}
        winner = done.get("trick_winner") if len(trick) == 2 else None
        items.append(caption(x, 4.0, f"Trick {t + 1}" if len(tricks(play)) > 1 else "Trick", f"trick {t + 1} caption",
                             TRICK_W - 4, pal))
        for n, (_, seat, suit, value) in enumerate(trick):
            cx = x + n * (CW + 2.0)
            name = f"trick {t + 1} card {n + 1}"
            items.append(label(cx + CW / 2, 8.6, seat, f"{name} seat", CW + 1.6, ts.FINE, "middle", fill=pal.text))
            items += suit_card(cx, 9.8, suit, value, pal, name, highlight=seat == winner, line=n % 2)
            if seat == winner:
                items.append(label(cx + CW / 2, 9.8 + CH + 3 * NAME_LINE, "takes it", f"{name} winner", CW + 1.6,
                                   ts.FINE, "middle", True, pal.accent))
        bottom = max(bottom, 9.8 + CH + 3 * NAME_LINE + 1.0)
    return items, bottom


def _other_moves(play: list[str], y: float, pal: Palette) -> tuple[list, float]:
    """Moves that are not cards, listed in the example's words."""
    others = [move for move in play if card_play(move) is None]
    items: list = []
    for n, move in enumerate(others[:4], start=1):
        items.append(note(TRICKS_X, y + 3.0, f"{n}. {move}", f"move {n}", 170.0 - TRICKS_X - 2.0, pal))
        y += 3.4
    return items, y


def _hands(before: Mapping[str, Any], numbers: Numbers, pal: Palette) -> tuple[list, float]:
    """With no card played: each player's hand of suit cards."""
    items: list = []
    y = 4.0
    for seat, hand in (before.get("hands") or {}).items():
        items.append(caption(TRICKS_X, y, f"{seat}'s hand", f"hand {seat} caption", 50.0, pal))
        for n, suit in enumerate(list(hand)[:numbers.tricks_per_round]):
            items += suit_card(TRICKS_X + n * (CW + 1.5), y + 1.5, str(suit).lower(), None, pal,
                               f"hand {seat} card {n + 1}", line=n % 2)
        y += CH + 2 * NAME_LINE + 6.0
    return items, y


def draw(example: Mapping[str, Any], before: Mapping[str, Any] | None, after: Mapping[str, Any] | None,
         game: GameContent, pal: Palette) -> Sheet:
    """The Four Deuces drawing of one example (see the module docstring)."""
    before = before or {}
    after = after or before
    numbers = Numbers.from_content(game)
    play = [str(m) for m in example.get("play") or []]
    sheet = Sheet()
    sheet.add(*_left(before, after, numbers, pal))
    items, bottom = _tricks(example, play, pal) if tricks(play) else _hands(before, numbers, pal)
    sheet.add(items, bottom)
    sheet.add(*_other_moves(play, bottom, pal))
    return sheet


# -- the table after setup ------------------------------------------------------------


def setup_table(content: Any, components: Any, pal: Palette) -> Any:
    """North and South face each other across the Suit Power board, its four tokens in a
    random order; each has seven dice in a row from lowest to highest, a hand of four,
    a face-down reserve of three and a boss card; two cards lie aside unseen."""
    from ...components import tabletop as tt
    from ...scene import Circle
    from .state import SEATS, Numbers

    numbers = Numbers.from_content(content)
    board = next(c for c in components if c.id == "suit-power-board").faces[0].front
    tokens = [f.front for f in next(c for c in components if c.id == "suit-tokens").faces]
    bosses = [f.front for f in next(c for c in components if c.id == "character-cards").faces]
    w, h = tt.WIDTH, 124.0
    items: list = [tt.table(w, h, pal)]
    board_w = 40.0
    bx, by = 6.0, (h - board.height * board_w / board.width) / 2
    group, _, board_h = tt.miniature(board, bx, by, board_w)
    items.append(group)
    scale = board_w / board.width
    places = tt.spots(board, Circle, tokens[0].width / 2 + 2.0)
    shuffled = [tokens[n] for n in (2, 0, 3, 1)][: len(places)]  # a random order, as setup asks
    for place, token in zip(places, shuffled):
        size = token.width * scale
        x = bx + place.cx * scale - size / 2
        y = by + place.cy * scale - size / 2
        items.append(tt.miniature(token, x, y, size, frame=False)[0])
    rolls = {0: sorted((5, 2, 6, 1, 3, 3, 4)), 1: sorted((2, 6, 6, 1, 4, 5, 2))}
    seat_x = 52.0
    for seat, (top, dice_y, cards_y, turn) in enumerate(((8.0, 20.0, 28.0, 180), (h - 4.0, h - 31.0, h - 48.0, 0))):
        name = SEATS[seat]
        dice_items, _ = tt.dice(seat_x, dice_y, rolls[seat], pal, size=6.0, gap=1.2)
        items += dice_items
        items += tt.fan(seat_x, cards_y, numbers.hand, pal, w=8.0, h=11.0, step=3.0)[0]
        items += tt.fan(seat_x + 23.0, cards_y, numbers.reserve, pal, w=8.0, h=11.0, step=3.0)[0]
        boss, _, _ = tt.miniature(bosses[seat % len(bosses)], w - 22.0, cards_y - 3.0 if seat else cards_y - 2.0, 14.0,
                                  turn)
        items.append(boss)
        items.append(tt.label(seat_x, top, f"{name}: dice, hand, reserve, boss", f"seat {name}", w - seat_x - 4, pal,
                              "start"))
    items += tt.pile(seat_x, h / 2 - 7.0, pal, w=8.0, h=11.0, depth=numbers.removed)
    items.append(tt.label(seat_x + 12.0, h / 2 + 1.0, f"{numbers.removed} cards aside", "removed cards", 40.0, pal,
                          "start", bold=False))
    return tt.picture("four-deuces", content.title, items, h,
                      f"North and South sit facing each other. Between them, on the left, the Suit Power board holds "
                      f"the four suit tokens in a random order. Each player has {numbers.dice_per_player} dice in a "
                      f"row from lowest to highest, a hand of {numbers.hand} cards, a face-down reserve of "
                      f"{numbers.reserve} cards and a boss card; {numbers.removed} cards lie aside, unseen.")


# -- the labelled drawing of "Reading the examples" -----------------------------------


def legend(content: Any, pal: Palette) -> tuple[Sheet, str]:
    """The Suit Power Track as the examples write it (strongest first), and a card
    played with a die, written "Murder 2"."""
    order = [s.capitalize() for s in content.suit_names]
    items: list = [caption(2.0, 4.0, "The track", "legend track caption", 40.0, pal)]
    items += _track(2.0, 5.5, order, pal, "legend track", None)
    items.append(note(2.0, 5.5 + TOKEN + 12.0, "1st place (strongest) on the left", "legend track note", 70.0, pal))
    x = 2.0 + len(order) * TOKEN_PITCH + 14.0
    suit = content.suit_names[-1]
    items.append(caption(x, 4.0, f"{suit.capitalize()} 2", "legend card caption", 40.0, pal))
    items += suit_card(x, 5.5, suit, 2, pal, "legend card")
    sheet = Sheet()
    sheet.add(items, 5.5 + TOKEN + 13.0)
    return sheet, (f"The Suit Power Track written strongest first: {', '.join(order)}, the first place on the left. "
                   f"Beside it a {suit.capitalize()} card with a die showing 2 on it, written "
                   f"\"{suit.capitalize()} 2\".")
