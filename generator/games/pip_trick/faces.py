"""Pip Trick: a player mat per player, a quick reference and a score sheet.

The mat keeps a player's four dice honest: an Available area (the starting values are
printed faintly in its slots), a Used-this-cycle area, a Locked area that is their
score, the round/trump track (hearts, diamonds, spades, clubs, with the number of
active dice each round) and a strip of the four suit powers.

Every number printed here (start dice, trump order, active dice, suit powers, tie-break
order) comes from the game's :class:`~.state.Numbers`, the record the engine plays by.
"""

from __future__ import annotations

from pathlib import Path

from ...components import pieces
from ...components import typeset as ts
from ...components.base import Component, Face, FaceOptions
from ...components.suits import suit_set
from ...components.palette import Palette, palette
from ...components.reference import Table, count_of, quickref_component, score_sheet_component
from ...content.schema import GameContent
from ...scene import Item, Rect, Scene, Style
from .state import Numbers

MAT_W, MAT_H = 186.0, 166.0
SUIT_NAMES = {"hearts": "Hearts", "diamonds": "Diamonds", "spades": "Spades", "clubs": "Clubs"}


def _dice_area(x: float, y: float, heading: str, hint: str, pal: Palette, start: list[int] | None,
               name: str) -> list[Item]:
    """A panel of four die slots (2 × 2), with its heading and a hint of up to two lines."""
    w, h = 56.0, 64.0
    items = pieces.panel(x, y, w, h, pal, heading, f"{name} heading")
    lines, _ = ts.paragraph(x + 3, y + 8.6, hint, f"{name} hint", w - 6, ts.CAPTION, leading=1.2, fill=pal.text)
    items.extend(lines[:2])
    gap = 4.0
    sx = x + (w - 2 * pieces.DIE_SLOT - gap) / 2
    for n in range(4):
        col, row = n % 2, n // 2
        px, py = sx + col * (pieces.DIE_SLOT + gap), y + 13.8 + row * (pieces.DIE_SLOT + 3.0)
        items.extend(pieces.die_slot(px, py, pal, tint="#ffffff"))
        if start:
            c = pieces.DIE_SLOT / 2
            items.extend(pieces.pips_only(px + c, py + c, 13.0, start[n], pal.faint))
    return items


def _track(numbers: Numbers, x: float, y: float, w: float, pal: Palette) -> list[Item]:
    """The round/trump track: one box per round with its trump suit and active dice."""
    order = numbers.trump_order
    active = numbers.active_dice_by_round
    items = pieces.panel(x, y, w, 36.0, pal, "Round and trump", "track heading")
    gap = 8.0
    box_w = (w - 8 - gap * (len(order) - 1)) / len(order)
    for n, suit in enumerate(order):
        bx = x + 4 + n * (box_w + gap)
        by = y + 8.0
        items.append(Rect(bx, by, box_w, 24.0, Style(fill=None if pal.bw else "#ffffff", stroke=pal.line,
                                                      stroke_width=0.35), radius=2))
        items.append(pal.symbol(suit, bx + 6.8, by + 12.0, 9.5, pal.suit(suit)))
        items.append(ts.label(bx + 13.0, by + 7.5, f"Round {n + 1}", f"track round {n + 1}", box_w - 14.5, ts.SMALL,
                              bold=True, fill=pal.text))
        items.append(ts.label(bx + 13.0, by + 12.5, f"{SUIT_NAMES.get(suit, suit)} trump",
                              f"track round {n + 1} trump", box_w - 14.5, ts.SMALL, fill=pal.suit(suit)))
        dice = active[n] if n < len(active) else 0
        items.append(ts.label(bx + 13.0, by + 17.5, f"{dice} active {'die' if dice == 1 else 'dice'}",
                              f"track round {n + 1} dice", box_w - 14.5, ts.CAPTION, fill=pal.text))
        if n + 1 < len(order):
            items.extend(pieces.arrow(bx + box_w + 1.2, by + 12, bx + box_w + gap - 1.2, by + 12, pal.accent))
    return items


def _powers(numbers: Numbers, x: float, y: float, w: float, pal: Palette) -> list[Item]:
    """The four suit powers in a strip, from the content's ``suit_powers``."""
    powers = numbers.suit_powers
    items = pieces.panel(x, y, w, 26.0, pal, "Suit powers (2nd and 3rd place in a trick)", "powers heading")
    col_w = (w - 8) / max(1, len(powers))
    for n, (suit, power) in enumerate(powers.items()):
        cx = x + 4 + n * col_w
        items.append(pal.symbol(suit, cx + 3.5, y + 13.5, 6.0, pal.suit(suit)))
        items.append(ts.label(cx + 8.0, y + 12.0, power.name, f"power {suit} name", col_w - 9, ts.SMALL, bold=True,
                              fill=pal.suit(suit)))
        lines, _ = ts.paragraph(cx + 8.0, y + 16.0, power.effect, f"power {suit} effect", col_w - 10, ts.CAPTION,
                                leading=1.25, fill=pal.text)
        items.extend(lines)
    return items


def player_mat(game: GameContent, numbers: Numbers, pal: Palette) -> Scene:
    """One player's mat: dice areas, round/trump track and suit powers."""
    items: list[Item] = [*pieces.border(MAT_W, MAT_H, pal), *pieces.board_header(game, "Player mat", MAT_W, pal)]
    start = list(numbers.start_dice)
    x0, y0, gap = 8.0, 24.0, (MAT_W - 16.0 - 3 * 56.0) / 2
    areas = [("Available", "Dice you may change now. Start: the faint values.", start),
             ("Used this cycle", "Changed dice wait here until all active are used.", None),
             ("Locked", "One die per round; these four are your score.", None)]
    for n, (heading, hint, shown) in enumerate(areas):
        items.extend(_dice_area(x0 + n * (56.0 + gap), y0, heading, hint, pal, shown, f"area {heading.lower()}"))
    items.extend(_track(numbers, x0, y0 + 68.0, MAT_W - 16.0, pal))
    items.extend(_powers(numbers, x0, y0 + 108.0, MAT_W - 16.0, pal))
    items.extend(pieces.board_footer(game, "player mat", MAT_W, MAT_H, pal, margin=5.5))
    return Scene(name="pip-trick player mat", width=MAT_W, height=MAT_H, items=tuple(items),
                 title=f"{game.title}: player mat")


def _score_sheet(game: GameContent, numbers: Numbers, options: FaceOptions) -> Component:
    order = numbers.trump_order
    players = game.players.max
    rows = tuple(f"Round {n + 1}" for n in range(len(order))) + ("Total",)
    suits = tuple(order) + (None,)
    tables = [Table(f"Game {g}", tuple(f"Player {p}" for p in range(1, players + 1)), rows, suits, row_height=7.0)
              for g in range(1, 4)]
    ties = ", ".join(f"{v}s" for v in numbers.tie_break_order)
    notes = ["Write the value of the die each player locks at the end of each round; the highest total of "
             f"four locked dice wins. Tied totals: compare the most {ties}; still tied, share the win."]
    return score_sheet_component(game, options, tables, notes)


def components(game: GameContent, options: FaceOptions, project_root: Path) -> list[Component]:
    """Every printed Pip Trick piece: mats, quick reference, score sheet."""
    pal = palette(game.slug, options.ink, suit_set(game.suits))
    numbers = Numbers.from_content(game)
    mats = count_of(game, "player-mat", game.players.max)
    return [
        Component(id="player-mat", name="Player mat", kind="board",
                  faces=(Face(front=player_mat(game, numbers, pal), copies=mats),), trim=(MAT_W, MAT_H), safe=options.safe,
                  assembly="One per player; cut along the crop marks."),
        quickref_component(game, options),
        _score_sheet(game, numbers, options),
    ]
