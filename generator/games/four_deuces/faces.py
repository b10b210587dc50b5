"""The Four Deuces: suit cards, character cards, card backs, the Suit Power board, four
round suit tokens, a quick reference and a score sheet.

The suit cards carry no ranks (the dice decide a trick), so each face is its suit's
drawn symbol and name: corner indexes for a fanned hand and a large centre symbol.
The suit and character card fronts are data: ``content/four-deuces/card-layout.yaml``
(named boxes, read by ``generator.faces_from_data``) filled in from game.yaml's suits
and characters, so a designer moves or restyles them without touching this module.
Every card shares one back. The Suit Power board is a four-place track, strongest at
the top, with places sized for the 26 mm tokens.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import Any

from ...components import pieces
from ...components import typeset as ts
from ...components.base import CARD_SIZES, Component, Face, FaceOptions
from ...components.palette import WHITE, Palette, palette
from ...components.reference import Table, count_of, quickref_component, score_sheet_component
from ...components.suits import Command, Shape, circle, suit_set
from ...content.cards import CardRow
from ...content.errors import ContentError, ContentInvalid, PathPart
from ...content.loader import LoadedGame
from ...content.record import Invalid
from ...content.schema import GameContent
from ...faces_from_data.draw import CardProblem, Context
from ...faces_from_data.faces import check_layout, context, draw_face, shipped_layout
from ...faces_from_data.layout import Layout, read_layout
from ...scene import Circle, Item, Scene, Style
from .state import SUITS as SUIT_NAMES
from .state import Numbers

#: the suits as content names them (``suits:`` in game.yaml), in the engine's card order.
SUITS: tuple[str, ...] = tuple(name.lower() for name in SUIT_NAMES)
TOKEN = 26.0
BOARD_W, BOARD_H = 120.0, 200.0
#: The suit and character cards' faces, as data (``generator.faces_from_data``).
LAYOUT_FILE = "card-layout.yaml"


def _bottle() -> tuple[Command, ...]:
    outline = (
        ("M", -0.1, -0.5), ("L", 0.1, -0.5), ("L", 0.1, -0.43), ("L", 0.08, -0.41),
        ("L", 0.08, -0.22), ("C", 0.08, -0.1, 0.26, -0.11, 0.26, 0.05),
        ("L", 0.26, 0.43), ("C", 0.26, 0.47, 0.23, 0.5, 0.19, 0.5),
        ("L", -0.19, 0.5), ("C", -0.23, 0.5, -0.26, 0.47, -0.26, 0.43),
        ("L", -0.26, 0.05), ("C", -0.26, -0.11, -0.08, -0.1, -0.08, -0.22),
        ("L", -0.08, -0.41), ("L", -0.1, -0.43), ("Z",),
    )
    label_hole = (("M", -0.18, 0.1), ("L", -0.18, 0.34), ("L", 0.18, 0.34), ("L", 0.18, 0.1), ("Z",))
    return outline + label_hole


def _chip() -> tuple[Command, ...]:
    """A poker chip: a disc with a ring cut out and six edge notches."""
    commands: list[Command] = [*circle(0, 0, 0.5), *circle(0, 0, 0.31, clockwise=False),
                               *circle(0, 0, 0.24)]
    for i in range(6):
        a = i * math.pi / 3
        c, s = math.cos(a), math.sin(a)
        corners = [(0.36, -0.055), (0.47, -0.055), (0.47, 0.055), (0.36, 0.055)]
        pts = [(x * c - y * s, x * s + y * c) for x, y in reversed(corners)]
        commands += [("M", *pts[0]), *(("L", *p) for p in pts[1:]), ("Z",)]
    return tuple(commands)


def _lips() -> tuple[Command, ...]:
    outline = (
        ("M", -0.5, 0.0),
        ("C", -0.36, -0.2, -0.21, -0.32, -0.1, -0.3),
        ("C", -0.05, -0.29, -0.02, -0.25, 0.0, -0.21),
        ("C", 0.02, -0.25, 0.05, -0.29, 0.1, -0.3),
        ("C", 0.21, -0.32, 0.36, -0.2, 0.5, 0.0),
        ("C", 0.36, 0.22, 0.21, 0.32, 0.0, 0.32),
        ("C", -0.21, 0.32, -0.36, 0.22, -0.5, 0.0),
        ("Z",),
    )
    mouth_line = (
        ("M", -0.43, 0.0),
        ("C", -0.15, 0.09, 0.15, 0.09, 0.43, 0.0),
        ("C", 0.15, 0.035, -0.15, 0.035, -0.43, 0.0),
        ("Z",),
    )
    return outline + mouth_line


def _dagger() -> tuple[Command, ...]:
    pts = [(-0.1, -0.5), (0.1, -0.5), (0.1, -0.42), (0.055, -0.42), (0.055, -0.23),
           (0.3, -0.23), (0.3, -0.13), (0.11, -0.13), (0.11, 0.28), (0.0, 0.5),
           (-0.11, 0.28), (-0.11, -0.13), (-0.3, -0.13), (-0.3, -0.23), (-0.055, -0.23),
           (-0.055, -0.42), (-0.1, -0.42)]
    return (("M", *pts[0]), *(("L", *p) for p in pts[1:]), ("Z",))


#: The rackets' symbols, which game.yaml's ``suits:`` name (``symbol: bottle``): drawn
#: outlines like the standard four (``generator.components.suits``), holes running
#: against their outline so either fill rule fills the same area.
SYMBOLS: dict[str, Shape] = {name: Shape(name, make()) for name, make in (
    ("bottle", _bottle), ("chip", _chip), ("lips", _lips), ("dagger", _dagger))}


def _scale(w: float, h: float) -> float:
    return min(w / 63.0, h / 88.0)


def _layout(project_root: Path) -> Layout:
    """The suit and character card layout: the project's own, else the one Pipworks ships."""
    return read_layout(shipped_layout(project_root, "four-deuces", LAYOUT_FILE))


def _suit_entry(game: GameContent, suit: str) -> tuple[PathPart, ...]:
    return ("suits", list(game.suit_names).index(suit)) if suit in game.suit_names else ("suits",)


def suit_card(suit: str, layout: Layout, size: tuple[float, float], bleed: float, ctx: Context,
              source: Path) -> Scene:
    """One suit card: corner indexes (one turned) and a large centre symbol, from the
    layout's ``suit`` face."""
    row = CardRow({"suit": suit, "name": suit.upper()}, 1, source, 0)
    return draw_face(layout, "suit", row, size, bleed, ctx, f"four-deuces {suit} card",
                     f"The Four Deuces: {suit} card")


def character_card(name: str, ability: str, layout: Layout, size: tuple[float, float], bleed: float,
                   ctx: Context, source: Path) -> Scene:
    """A character: name, an initials medallion, and the ability text fitted to a panel,
    from the layout's ``character`` face."""
    initials = "".join(part[0] for part in name.split()[:2]).upper()
    row = CardRow({"name": name, "initials": initials, "ability": ability}, 1, source, 0)
    return draw_face(layout, "character", row, size, bleed, ctx,
                     f"four-deuces character {name.lower().replace(' ', '-')}", f"The Four Deuces: {name}")


def _card_fronts(game: GameContent, numbers: Numbers, suits: list[str], options: FaceOptions, bleed: float,
                 layout: Layout, project_root: Path) -> tuple[list[Scene], list[Scene]]:
    """The suit and character fronts, laid out from data. A problem names the layout
    file, its line and box, or, when a card's text from game.yaml does not fit, that
    entry of game.yaml."""
    size = options.card_size
    check_layout(layout, {"suit", "name", "initials", "ability"}, "game.yaml", size)
    ctx = context(game, options, layout.path.parent, layout.path.parent.parent.parent, SYMBOLS)
    source = project_root / "content" / game.slug / "game.yaml"

    def drawn(make: Any, where: tuple[PathPart, ...]) -> Scene:
        try:
            return make()  # type: ignore[no-any-return]
        except CardProblem as exc:
            error = exc.error
            if error.file == source:  # the card's own text: point at it in game.yaml
                error = ContentError(source, None, where, error.message)
            raise ContentInvalid([error]) from None

    fronts = [drawn(lambda s=s: suit_card(s, layout, size, bleed, ctx, source), _suit_entry(game, s))
              for s in suits]
    characters = [drawn(lambda c=c: character_card(c.name, c.ability, layout, size, bleed, ctx, source),
                        ("data", "characters", n, "ability")) for n, c in enumerate(numbers.characters)]
    return fronts, characters


def check(project_root: Path, game: LoadedGame) -> list[ContentError]:
    """Every problem of the card layout with this game's content, at every card size a
    build may ask for: found before anything is written (``GameSpec.checks``)."""
    try:
        numbers = Numbers.from_content(game.content)
    except Invalid:
        return []  # the data: block's own check reports it
    suits = [s for s in game.content.suit_names if s in SUITS] or list(SUITS)
    try:
        layout = _layout(project_root)
    except ContentInvalid as exc:
        return exc.errors
    except FileNotFoundError as exc:
        return [game.source.error((), str(exc))]
    found: list[ContentError] = []
    for size in CARD_SIZES.values():
        try:
            _card_fronts(game.content, numbers, suits, FaceOptions(card_size=size), 0.0, layout, project_root)
        except ContentInvalid as exc:
            found.extend(exc.errors)
    yaml_file = (game.folder / "game.yaml").resolve()
    at_lines = (game.source.error(e.path, e.message) if e.file.resolve() == yaml_file and e.line is None else e
                for e in found)
    return list(dict.fromkeys(at_lines))


def card_back(game: GameContent, options: FaceOptions, pal: Palette, bleed: float) -> Scene:
    """The shared back, the same either way up: a ring with each suit twice, on opposite
    sides and turned, and a deuce upright over a deuce turned, like the pips of a 2."""
    w, h = options.card_size
    s = _scale(w, h)
    cx, cy = w / 2, h / 2
    ring = pal.text if pal.bw else pal.accent
    motif: list[Item] = [Circle(cx, cy, 20.0 * s, Style(fill=WHITE, stroke=ring, stroke_width=0.8)),
                         Circle(cx, cy, 17.5 * s, Style(fill=None, stroke=ring, stroke_width=0.3))]
    for n, suit in enumerate(SUITS):
        angle = math.pi / 4 * n - math.pi / 2
        dx, dy = math.cos(angle) * 12.0 * s, math.sin(angle) * 12.0 * s
        symbol = pal.symbol(suit, cx + dx, cy + dy, 5.5 * s, pal.suit(suit))
        motif += [symbol, pieces.rotated([symbol], cx, cy)]
    deuce = ts.label(cx, cy - 0.6 * s, "2", "back deuce", 6.0 * s, 6.0 * s, "middle", True, ring)
    motif += [deuce, pieces.rotated([replace(deuce, name="back deuce (turned)")], cx, cy)]
    items = pieces.card_back(w, h, pal, bleed, game.title, motif)
    return Scene(name="four-deuces card back", width=w, height=h, items=tuple(items), title=f"{game.title}: card back")


def token(suit: str, pal: Palette, bleed: float) -> Scene:
    """A round suit token: a disc in the suit's colour out to the bleed, its symbol and
    name in white (b/w: outlined, black), nothing near the edge to show a wobbly cut."""
    r = TOKEN / 2
    if pal.bw:
        # b/w: no fill to the bleed; the outline is the cut line itself, on the trim.
        items: list[Item] = [Circle(r, r, r, Style(fill=None, stroke=pal.text, stroke_width=0.4))]
        ink = pal.text
    else:
        items = [Circle(r, r, r + bleed, Style(fill=pal.suit(suit), stroke=None))]
        ink = WHITE
    items.append(pal.symbol(suit, r, r - 2.2, 12.0, ink))
    items.append(ts.label(r, r + 8.2, suit.upper(), f"token {suit} name", TOKEN - 7, ts.CAPTION, "middle", True, ink))
    return Scene(name=f"four-deuces {suit} token", width=TOKEN, height=TOKEN, items=tuple(items),
                 title=f"The Four Deuces: {suit} token")


def suit_power_board(game: GameContent, numbers: Numbers, pal: Palette) -> Scene:
    """The Suit Power track: a place per token, strongest at the top, with the rule that
    moves them printed beside the climb arrow."""
    places = numbers.track_places
    items: list[Item] = [*pieces.border(BOARD_W, BOARD_H, pal),
                         *pieces.board_header(game, "Suit Power board", BOARD_W, pal)]
    pitch, top, cx = 34.0, 34.0, 46.0
    for n in range(places):
        cy = top + n * pitch + TOKEN / 2 + 2.0
        items.append(Circle(cx, cy, TOKEN / 2 + 2.0, Style(fill=None if pal.bw else pal.accent_tint, stroke=pal.accent,
                                                           stroke_width=0.5, dash=(1.5, 1.0))))
        items.append(ts.label(cx - TOKEN / 2 - 6.0, cy + 2.0, str(n + 1), f"place {n + 1}", 6.0, ts.HEADING, "end",
                              True, pal.accent))
    last = top + (places - 1) * pitch + TOKEN / 2 + 2.0
    first = top + TOKEN / 2 + 2.0
    items.append(ts.label(cx, top - 1.5, "STRONGEST", "track strongest", 40.0, ts.SMALL, "middle", True, pal.text))
    items.append(ts.label(cx, last + TOKEN / 2 + 6.5, "WEAKEST", "track weakest", 40.0, ts.SMALL, "middle", True,
                          pal.text))
    ax = 74.0
    items.extend(pieces.arrow(ax, last, ax, first, pal.accent, width=0.8, head=3.5))
    notes = ["Different suits in a trick: the suit of the higher die climbs one place, swapping with the token "
             "above it.", "Then the suit higher on this track wins the trick.",
             "Equal dice: nothing moves."]
    y = first + 10.0
    for n, note in enumerate(notes, start=1):
        lines, y = ts.paragraph(ax + 4.0, y, note, f"track note {n}", BOARD_W - ax - 11.0, ts.SMALL, leading=1.3)
        items.extend(lines)
        y += 2.5
    items.extend(pieces.board_footer(game, "suit power board", BOARD_W, BOARD_H, pal))
    return Scene(name="four-deuces suit power board", width=BOARD_W, height=BOARD_H, items=tuple(items),
                 title=f"{game.title}: Suit Power board")


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _score_sheet(game: GameContent, numbers: Numbers, options: FaceOptions) -> Component:
    """A table per game, a row per round a game can last: four games on a sheet, or as
    many as fit when the content makes games longer."""
    rounds = numbers.max_rounds
    columns = ("P1 pips", "P2 pips", "P1 tricks", "P2 tricks", "Winner")
    rows = tuple(f"Round {n}" for n in range(1, rounds + 1)) + ("Game winner",)
    notes = ["Each round, write both pip totals (the lower leads), the tricks each player took and the round's "
             f"winner: exactly {numbers.exactly} tricks wins, a {_ordinal(numbers.fifth)} trick loses at once. "
             f"{numbers.rounds_to_win} rounds win the game."]
    for games in range(4, 0, -1):
        tables = [Table(f"Game {g}", columns, rows, row_height=7.0) for g in range(1, games + 1)]
        try:
            return score_sheet_component(game, options, tables, notes)
        except ValueError:  # the tables do not fit on the sheet: one game fewer
            if games == 1:
                raise
    raise AssertionError("unreachable")


def components(game: GameContent, options: FaceOptions, project_root: Path) -> list[Component]:
    """Every printed piece of The Four Deuces."""
    numbers = Numbers.from_content(game)
    pal = palette(game.slug, options.ink, suit_set(game.suits, SYMBOLS))
    bleed = 0.0 if pal.bw else options.bleed
    w, h = options.card_size
    back = card_back(game, options, pal, bleed)
    suits = [s for s in game.suit_names if s in SUITS] or list(SUITS)
    per_suit = count_of(game, "suit-cards", 16) // len(suits)
    suit_fronts, character_fronts = _card_fronts(game, numbers, suits, options, bleed, _layout(project_root),
                                                 project_root)
    suit_faces = tuple(Face(front=front, back=back, copies=per_suit) for front in suit_fronts)
    character_faces = tuple(Face(front=front, back=back) for front in character_fronts)
    tokens = tuple(Face(front=token(s, pal, bleed)) for s in suits)
    board = Face(front=suit_power_board(game, numbers, pal))
    return [
        Component(id="suit-cards", name="Suit cards", kind="card", faces=suit_faces, trim=(w, h), bleed=bleed,
                  safe=options.safe, assembly="Cut out; print the backs on the reverse or glue them back to back."),
        Component(id="character-cards", name="Character cards", kind="card", faces=character_faces, trim=(w, h),
                  bleed=bleed, safe=options.safe, assembly="Cut out with the same back as the suit cards."),
        Component(id="suit-power-board", name="Suit Power board", kind="board", faces=(board,),
                  trim=(BOARD_W, BOARD_H), safe=options.safe, assembly="Cut along the crop marks."),
        Component(id="suit-tokens", name="Suit tokens", kind="token", faces=tokens, trim=(TOKEN, TOKEN), bleed=bleed,
                  safe=1.5, assembly="Cut out round; glue onto card stock for sturdier tokens."),
        quickref_component(game, options, pal.suits),
        _score_sheet(game, numbers, options),
    ]
