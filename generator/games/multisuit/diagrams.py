"""Multisuit example drawings: the trick's multi-suit cards and its suit marker.

Each trick of the example is a row: the marker card the leader chose (the trick's
suit) and then the cards in play order, the seat above each. Every card lists its
three ranks like the printed faces (spades, diamonds, clubs; a hyphen for a suit it
lacks), and the trick suit's line is tinted so the deciding ranks stand out; the card
that takes the trick has a heavy edge. An example without a trick shows the cards
given in the exchange (a card the example does not show, written with a hyphen for
every suit, lies face down), or the hands of the position. The team trick counts before and
after stand at the right.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from ...components import typeset as ts
from ...components.diagrams import Sheet, arrow_right, caption, card_back, label, note, run
from ...components.palette import WHITE, Palette
from ...content.deck import SUITS
from ...scene import Rect, Style

_SYMBOL = {"♠": "spades", "♦": "diamonds", "♣": "clubs", "♥": "hearts"}
_RANK = re.compile(r"([^♠♥♦♣\s]+)([♠♥♦♣])")
_PLAY = re.compile(r"^\s*(\w+)\s+(leads|plays|gives)\s+(\S+)(?:\s+on\s+(?:the\s+)?(\w+))?", re.IGNORECASE)
CW, CH = 13.0, 19.0
PITCH = CW + 2.0
TRICK_X = 22.0
INFO_X = 112.0


def ranks(text: str) -> dict[str, str]:
    """"Q♠9♦K♣" -> {"spades": "Q", "diamonds": "9", "clubs": "K"} ("-" for a lacked suit)."""
    found = {_SYMBOL[symbol]: rank for rank, symbol in _RANK.findall(str(text))}
    if not found:
        raise ValueError(f"not a Multisuit card: {text!r}")
    return found


def multi_card(x: float, y: float, text: str, pal: Palette, name: str, trick_suit: str | None = None,
               highlight: bool = False, w: float = CW, h: float = CH) -> list:
    """A small Multisuit face: one line per suit, rank beside its symbol. A card with
    no rank at all is one the example does not show: it is drawn face down."""
    if all(rank == "-" for rank in ranks(text).values()):
        return card_back(x, y, pal, w, h, highlight)
    items: list = [Rect(x, y, w, h, Style(fill=WHITE, stroke=pal.accent, stroke_width=0.9 if highlight else 0.35),
                        radius=1.4)]
    line = (h - 2.0) / len(SUITS)
    for n, suit in enumerate(SUITS):
        rank = ranks(text).get(suit, "-")
        present = rank != "-"
        ly = y + 1.0 + n * line
        if suit == trick_suit:
            items.append(Rect(x + 0.8, ly, w - 1.6, line, Style(fill=pal.suit_tint(suit), stroke=None), radius=0.8))
        colour = pal.suit(suit) if present else pal.faint
        size = min(line * 0.62, 3.6)
        items.append(label(x + w * 0.38, ly + line / 2 + size * 0.36, rank, f"{name} {suit} rank", w * 0.55, size,
                           "middle", True, colour if present else pal.text))
        items.append(pal.symbol(suit, x + w * 0.78, ly + line / 2, line * 0.55, colour))
    return items


def marker(x: float, y: float, suit: str, pal: Palette, name: str, w: float = CW, h: float = CH) -> list:
    """The trick's marker card: the suit's tint and a large outline, its name beneath."""
    return [Rect(x, y, w, h, Style(fill=pal.suit_tint(suit), stroke=pal.accent, stroke_width=0.35), radius=1.4),
            pal.symbol(suit, x + w / 2, y + h * 0.5, w * 0.7, pal.suit(suit)),
            label(max(x + w / 2, 11.0), y + h + 3.4, suit.upper(), f"{name} suit", 20.0, ts.FINE, "middle", True,
                  pal.suit(suit))]


def _moves(play: list[str]) -> list[tuple[int, str, str, str, str | None]]:
    """(index, seat, verb, card, suit named on a lead) for each card move."""
    out = []
    for n, move in enumerate(play):
        if match := _PLAY.match(move):
            out.append((n, match[1].capitalize(), match[2].lower(), match[3], match[4].lower() if match[4] else None))
    return out


def _tricks(play: list[str]) -> list[list[tuple[int, str, str, str, str | None]]]:
    """Card plays cut into tricks: each lead starts one."""
    tricks: list[list] = []
    for move in _moves(play):
        if move[2] == "leads" or (move[2] == "plays" and not tricks):
            tricks.append([move])
        elif move[2] == "plays":
            tricks[-1].append(move)
    return tricks


def _trick_rows(example: Mapping[str, Any], play: list[str], pal: Palette) -> tuple[list, float]:
    items: list = []
    y = 2.0
    for t, trick in enumerate(_tricks(play), start=1):
        suit = trick[0][4]
        done = run("multisuit", example, play[: trick[-1][0] + 1]) or {}
        winner = done.get("trick_winner") if len(trick) == 4 else None
        items.append(caption(2.0, y + 2.2, "Trick suit", f"trick {t} marker caption", TRICK_X - 3.0, pal))
        if suit:
            items += marker(2.0, y + 3.2, suit, pal, f"trick {t} marker")
        for n, (_, seat, _, text, _) in enumerate(trick):
            x = TRICK_X + n * PITCH
            name = f"trick {t} card {n + 1}"
            items.append(label(x + CW / 2, y + 2.2, seat, f"{name} seat", PITCH - 0.6, ts.FINE, "middle",
                               fill=pal.text))
            items += multi_card(x, y + 3.2, text, pal, name, suit, highlight=seat == winner)
            if seat == winner:
                items.append(label(x + CW / 2, y + 3.2 + CH + 3.0, "takes it", f"{name} winner", PITCH - 0.6, ts.FINE,
                                   "middle", True, pal.accent))
        y += CH + 8.0
    return items, y


def _next_hand(after: Mapping[str, Any], y: float, pal: Palette) -> tuple[list, float]:
    """The hand of the player to move in an unfinished trick, the cards they may
    play with a heavy edge: what the follow rules leave them."""
    seat = after.get("to_move")
    hand = list((after.get("hands") or {}).get(seat) or [])
    if not hand or after.get("phase") != "tricks":
        return [], y
    playable = {_card_of(move) for move in after.get("legal") or []}
    items: list = [label(TRICK_X, y + 2.2, f"{seat}'s hand: a heavy edge marks a card {seat} may play",
                         "next hand caption", 88.0, ts.FINE, fill=pal.text)]
    for n, text in enumerate(hand[:6]):
        items += multi_card(TRICK_X + n * PITCH, y + 3.2, text, pal, f"next hand card {n + 1}",
                            after.get("trick_suit"), highlight=text in playable)
    return items, y + CH + 5.0


def _card_of(move: str) -> str:
    """The card a move names: ``East plays 6♠-♦4♣`` -> ``6♠-♦4♣``."""
    return move.split()[2] if len(move.split()) > 2 else move


def _card_rows(rows: list[tuple[str, list[str]]], pal: Palette) -> tuple[list, float]:
    """Rows of small cards with a caption each (hands, or cards given)."""
    items: list = []
    y = 2.0
    w, h = 9.6, 14.0
    for caption_text, cards in rows:
        items.append(label(2.0, y + 2.2, caption_text, f"{caption_text} caption", 100.0, ts.FINE, bold=True,
                           fill=pal.text))
        for n, text in enumerate(cards[:9]):
            items += multi_card(2.0 + n * (w + 1.2), y + 3.2, text, pal, f"{caption_text} card {n + 1}", w=w, h=h)
        y += h + 5.0
    return items, y


def _fallback_rows(example: Mapping[str, Any], play: list[str], before: Mapping[str, Any],
                   after: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
    given: dict[str, list[str]] = {}
    for _, seat, verb, text, _ in _moves(play):
        if verb == "gives":
            given.setdefault(seat, []).append(text)
    if given:
        return [(f"{seat} gives", cards) for seat, cards in given.items()]
    hands = (after or before).get("hands") or {}
    return [(f"{seat}'s hand", list(cards)) for seat, cards in hands.items() if cards][:4]


def _scores(before: Mapping[str, Any], after: Mapping[str, Any], pal: Palette) -> tuple[list, float]:
    """Team trick counts (and points, when they change) before and after."""
    items: list = [caption(INFO_X, 4.0, "Tricks this deal", "tricks caption", 56.0, pal)]
    y = 9.0
    for team, count in (before.get("tricks") or {}).items():
        later = (after.get("tricks") or {}).get(team, count)
        items.append(label(INFO_X, y, team, f"tricks {team} team", 26.0, ts.SMALL, bold=True, fill=pal.text))
        items.append(label(INFO_X + 30.0, y, str(count), f"tricks {team} before", 8.0, ts.SMALL, fill=pal.text))
        if later != count:
            items += arrow_right(INFO_X + 35.0, y - 0.9, 6.0, pal)
            items.append(label(INFO_X + 44.0, y, str(later), f"tricks {team} after", 8.0, ts.SMALL, bold=True,
                               fill=pal.accent))
        y += 5.0
    if after.get("trick_suit") and after.get("best_so_far") and not after.get("trick_winner"):
        items.append(note(INFO_X, y + 1.0, f"Best {after['trick_suit']} rank so far: {after['best_so_far']}",
                          "best so far", 56.0, pal))
        y += 5.0
    return items, y


def draw(example: Mapping[str, Any], before: Mapping[str, Any] | None, after: Mapping[str, Any] | None,
         game: Any, pal: Palette) -> Sheet:
    """The Multisuit drawing of one example (see the module docstring)."""
    before = before or {}
    after = after or before
    play = [str(m) for m in example.get("play") or []]
    sheet = Sheet()
    if _tricks(play):
        items, bottom = _trick_rows(example, play, pal)
        sheet.add(items, bottom)
        if len(_tricks(play)[-1]) < 4:
            sheet.add(*_next_hand(after, bottom - 3.0, pal))
        if before.get("tricks"):
            sheet.add(*_scores(before, after, pal))
    else:
        sheet.add(*_card_rows(_fallback_rows(example, play, before, after), pal))
    return sheet


# -- the table after setup ------------------------------------------------------------


def setup_table(content: Any, components: Any, pal: Palette) -> Any:
    """Four players, partners opposite (North–South against East–West), the three
    suit markers face up in the middle about 10 cm apart, nine cards in every hand."""
    from ...components import tabletop as tt
    from .notation import SEATS
    from .state import Numbers

    numbers = Numbers.from_content(content)
    markers = {f.front.name: f.front for f in next(c for c in components if c.id == "marker-cards").faces}
    w, h = tt.WIDTH, 110.0
    items: list = [tt.table(w, h, pal)]
    # The table is drawn at 1 : 8: a card is 8 mm wide here, the 10 cm between markers 12.5 mm.
    card_w, gap = 63.5 / 8, 100.0 / 8
    faces = list(markers.values())[: len(numbers.markers)]
    x0 = (w - len(faces) * card_w - (len(faces) - 1) * gap) / 2
    for n, face in enumerate(faces):
        items.append(tt.miniature(face, x0 + n * (card_w + gap), h / 2 - 8.0, card_w)[0])
    items.append(tt.label(w / 2, h / 2 + 10.0, "markers, about 10 cm apart", "markers", 70.0, pal, bold=False))
    hand = 9
    seats = {"North": (w / 2, 7.0, "middle", (w / 2, 10.0)), "South": (w / 2, h - 3.0, "middle", (w / 2, h - 27.0)),
             "West": (4.0, h / 2 - 14.0, "start", (4.0, h / 2 - 10.0)),
             "East": (w - 4.0, h / 2 - 14.0, "end", (w - 4.0, h / 2 - 10.0))}
    team = {"North": "North–South", "South": "North–South", "East": "East–West", "West": "East–West"}
    for name in SEATS:
        lx, ly, anchor, (hx, hy) = seats[name]
        fan_items, fan_w = tt.fan(0, 0, hand, pal, w=7.9, h=11.1, step=1.6)
        x = {"middle": hx - fan_w / 2, "start": hx, "end": hx - fan_w}[anchor]
        items += tt.fan(x, hy, hand, pal, w=7.9, h=11.1, step=1.6)[0]
        items.append(tt.label(lx, ly, name, f"seat {name}", 40.0, pal, anchor))
        items.append(tt.label(lx, hy + 15.5, team[name], f"team {name}", 40.0, pal,
                              anchor, bold=False, size=3.0))
    return tt.picture("multisuit", content.title, items, h,
                      "Four players sit round the table in two partnerships, partners opposite: North and South "
                      "against East and West. The spade, diamond and club markers lie face up in the middle, about "
                      f"10 cm apart; every player holds {hand} cards.")


# -- the labelled drawing of "Reading the examples" -----------------------------------


def legend(content: Any, pal: Palette) -> tuple[Sheet, str]:
    """One Multisuit card as the examples write it (its ranks in spades, diamonds,
    clubs order, a hyphen for no rank), each line labelled, and a marker card."""
    shown = "A♠-♦10♣"
    items: list = [caption(2.0, 4.0, "A card", "legend card caption", 40.0, pal)]
    big_w, big_h = CW * 1.6, CH * 1.6
    items += multi_card(2.0, 6.0, shown, pal, "legend card", w=big_w, h=big_h)
    line = (big_h - 2.0) / len(SUITS)
    for n, suit in enumerate(SUITS):
        rank = ranks(shown).get(suit, "-")
        said = f"{suit}: {'no rank' if rank == '-' else rank}"
        items.append(note(2.0 + big_w + 2.0, 6.0 + 1.0 + n * line + line / 2 + 1.0, said, f"legend {suit} line",
                          40.0, pal))
    x = 2.0 + big_w + 34.0
    items += marker(x, 6.0, "spades", pal, "legend marker")
    sheet = Sheet()
    sheet.add(items, 6.0 + big_h + 6.0)
    return sheet, ("A Multisuit card: the ace of spades, no rank in diamonds, the ten of clubs, one "
                   "line per suit in the order spades, diamonds, clubs. Beside it the spades marker: a card led on it "
                   "makes spades the trick's suit.")
