"""Multisuit: 36 playing-card faces, 3 marker cards, a quick reference and a score sheet.

Every face carries a rank for each of its suits. A player holds the cards fanned, so
each face repeats, in its top-left corner, a vertical index of every suit (rank above
symbol, in deck order); a suit the card lacks shows a hyphen over a faint symbol. The
index is repeated turned 180° bottom-right so the card reads either way up, and a
large centre panel lists the same ranks for reading the trick on the table.

The faces are sleeve inserts (63 × 88 mm by default) with no backs: the sleeves are
opaque. The deck comes from the content's deck file through ``generator.content.deck``
(the one reader the engine uses too), the other numbers from :class:`~.state.Numbers`.
"""

from __future__ import annotations

from pathlib import Path

from ...components import pieces
from ...components import typeset as ts
from ...components.base import Component, Face, FaceOptions
from ...components.suits import suit_set
from ...components.palette import Palette, palette
from ...components.reference import Table, quickref_component, score_sheet_component
from ...content.deck import MISSING, Card, read_deck
from ...content.deck import SUITS as DECK_SUITS
from ...content.schema import GameContent
from ...scene import Item, Line, Rect, Scene, Style, Text
from .state import Numbers


_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def deck_path(game: GameContent, project_root: Path) -> Path:
    """Where the game's deck file is: ``files.deck`` if given, else ``deck.csv``."""
    return project_root / "content" / game.slug / (game.files.deck or "deck.csv")


def _scale(w: float, h: float) -> float:
    """Layouts are designed on the 63 × 88 insert and scaled to the chosen size."""
    return min(w / 63.0, h / 88.0)


def _index(card: Card, pal: Palette, s: float, tag: str) -> list[Item]:
    """The corner index in card coordinates from the top-left trim corner: for each suit,
    its rank (or a hyphen) above its symbol, stacked down the left edge."""
    items: list[Item] = []
    cx = pieces.EDGE + 4.9 * s
    y = pieces.EDGE + 2.2 * s
    for suit in DECK_SUITS:
        rank = card.label(suit)
        present = rank != MISSING
        colour = pal.suit(suit) if present else pal.faint
        size = 5.2 * s
        items.append(Text(cx, y + size * 0.74, rank, size=size, anchor="middle", bold=True,
                          fill=colour if present else pal.text, max_width=8.2 * s,
                          name=f"card {card.id} {suit} rank{tag}"))
        items.append(pal.symbol(suit, cx, y + size * 0.74 + 3.3 * s, 4.0 * s, colour))
        y += 11.2 * s
    return items


def _centre(card: Card, w: float, h: float, pal: Palette, s: float) -> list[Item]:
    """The centre panel: one row per suit, the symbol large beside its rank."""
    pw, ph = 31.0 * s, 45.0 * s
    x0, y0 = (w - pw) / 2, (h - ph) / 2
    items: list[Item] = [Rect(x0, y0, pw, ph, Style(fill=None, stroke=pal.faint, stroke_width=0.3), radius=3 * s)]
    row_h = ph / len(DECK_SUITS)
    for n, suit in enumerate(DECK_SUITS):
        rank = card.label(suit)
        present = rank != MISSING
        cy = y0 + row_h * (n + 0.5)
        if n:
            items.append(Line(x0 + 3 * s, y0 + row_h * n, x0 + pw - 3 * s, y0 + row_h * n,
                              Style(stroke=pal.faint, stroke_width=0.2)))
        colour = pal.suit(suit) if present else pal.faint
        items.append(pal.symbol(suit, x0 + 9.0 * s, cy, 10.0 * s, colour))
        size = 9.0 * s
        items.append(Text(x0 + 22.5 * s, cy + size * 0.36, rank, size=size, anchor="middle", bold=True,
                          fill=colour if present else pal.muted, max_width=13.0 * s,
                          name=f"card {card.id} {suit} centre rank"))
    return items


def card_face(card: Card, options: FaceOptions, pal: Palette, bleed: float) -> Scene:
    """One playing card: frame, corner indexes (top-left, and bottom-right turned)
    and the centre panel."""
    w, h = options.card_size
    s = _scale(w, h)
    items: list[Item] = [*pieces.card_frame(w, h, pal, bleed)]
    items.extend(_index(card, pal, s, ""))
    items.append(pieces.rotated(_index(card, pal, s, " (turned)"), w / 2, h / 2))
    items.extend(_centre(card, w, h, pal, s))
    items.append(ts.label(w - pieces.EDGE - 2.0, pieces.EDGE + 3.6, f"No. {card.id}", f"card {card.id} number",
                          12.0, ts.CAPTION, "end", fill=pal.muted))
    return Scene(name=f"multisuit card {card.id:02d}", width=w, height=h, items=tuple(items),
                 title=f"Multisuit card {card.id}")


def marker_face(suit: str, options: FaceOptions, pal: Palette, bleed: float) -> Scene:
    """A marker card: one large suit symbol and the suit's name, readable either way."""
    w, h = options.card_size
    s = _scale(w, h)
    items: list[Item] = [*pieces.card_frame(w, h, pal, bleed, tint=pal.suit_tint(suit))]
    items.append(pal.symbol(suit, w / 2, h / 2, 36.0 * s, pal.suit(suit)))
    name = suit.capitalize()
    for tag, group in (("", False), (" (turned)", True)):
        text: list[Item] = [ts.label(w / 2, pieces.EDGE + 9.5 * s, name.upper(), f"marker {suit} name{tag}", w - 16,
                                     ts.HEADING * s, "middle", True, pal.suit(suit))]
        hint, _ = ts.paragraph(w / 2, pieces.EDGE + 13.6 * s, "Lead on this marker to make it the trick's suit",
                               f"marker {suit} hint{tag}", w - 16, ts.CAPTION, leading=1.2, fill=pal.text,
                               anchor="middle")
        text += hint
        items.extend([pieces.rotated(text, w / 2, h / 2)] if group else text)
    return Scene(name=f"multisuit marker {suit}", width=w, height=h, items=tuple(items),
                 title=f"Multisuit marker: {name}")


def _score_sheet(game: GameContent, numbers: Numbers, options: FaceOptions) -> Component:
    target = numbers.target_points
    games = numbers.rubber_games.best_of
    columns = tuple(f"G{g} {team}" for g in range(1, games + 1) for team in ("N–S", "E–W"))
    rows = tuple(f"Deal {n}" for n in range(1, 11)) + ("Total",)
    tables = [Table("Points per deal", columns, rows, first_width=24.0),
              Table("Rubber", ("Winner", "N–S games", "E–W games"),
                    tuple(f"Game {g}" for g in range(1, games + 1)), first_width=24.0)]
    notes = [f"After each deal, the team that took more of the {numbers.tricks_per_deal} tricks scores one point "
             f"for each trick over {_WORDS.get(numbers.book, str(numbers.book))}; write it in that team's column for the current game. First to {target} points "
             f"wins the game and both scores go back to zero. {numbers.rubber_games.win} games win the rubber."]
    return score_sheet_component(game, options, tables, notes)


def components(game: GameContent, options: FaceOptions, project_root: Path) -> list[Component]:
    """Every printed Multisuit piece, from the content's numbers and its deck file."""
    numbers = Numbers.from_content(game)
    pal = palette(game.slug, options.ink, suit_set(game.suits))
    bleed = 0.0 if pal.bw else options.bleed
    w, h = options.card_size
    deck = read_deck(deck_path(game, project_root))
    faces = tuple(Face(front=card_face(card, options, pal, bleed)) for card in deck)
    markers = tuple(Face(front=marker_face(suit, options, pal, bleed))
                    for suit in numbers.markers)
    return [
        Component(id="playing-cards", name="Playing cards (sleeve inserts)", kind="card", faces=faces, trim=(w, h),
                  bleed=bleed, safe=options.safe, sleeve_insert=True,
                  assembly="Cut out; slide each face into an opaque sleeve in front of any playing card."),
        Component(id="marker-cards", name="Marker cards", kind="card", faces=markers, trim=(w, h), bleed=bleed,
                  safe=options.safe, sleeve_insert=True, assembly="Cut out and sleeve like the playing cards."),
        quickref_component(game, options),
        _score_sheet(game, numbers, options),
    ]
