"""Colours of the printed pieces, in colour and in the ink-saving black-and-white mode.

Suits use the four-colour scheme players of four-colour decks know (spades black,
hearts red, diamonds blue, clubs green); each suit also has its own shape
(``generator.components.suits``), so a red-green colour-blind player or a b/w print
loses nothing. A game's own suits come with the colours its content declares (The Four
Deuces: four period colours chosen to stay apart in lightness as well as hue), carried
by the palette's :class:`SuitSet`. In ``bw`` mode every suit is black and nothing is filled
edge to edge: fills become white or a pale grey tint that a laser printer spends
little toner on.
"""

from __future__ import annotations

from ..scene import Item, frozen
from .suits import STANDARD_COLOURS, STANDARD_SET, STANDARD_TINTS, SuitSet


#: The standard suits' colours and tints (``generator.components.suits``); a game's own
#: suits declare theirs in its content.
SUIT_COLOURS: dict[str, str] = STANDARD_COLOURS
SUIT_TINTS: dict[str, str] = STANDARD_TINTS

INK = "#1a1a1a"
WHITE = "#ffffff"


@frozen
class Palette:
    """Every colour a layout asks for, resolved for one ink mode."""

    ink: str  # "colour" or "bw"
    accent: str  # game accent: card edges, board headers
    accent_tint: str  # pale accent for panels
    paper: str  # the card or board ground
    line: str  # rules, slot outlines
    faint: str  # printed-faintly content (setup pips, guides); never text
    muted: str = "#6e6e6e"  # secondary text: reads at 5.1:1 on white (WCAG's 4.5:1 for body text)
    text: str = INK
    suits: SuitSet = STANDARD_SET  # the game's suits: their symbols and colours

    @property
    def bw(self) -> bool:
        return self.ink == "bw"

    def suit(self, suit: str) -> str:
        """The colour of ``suit``'s symbol and rank."""
        return INK if self.bw else self.suits.colour(suit)

    def suit_tint(self, suit: str) -> str:
        """A pale panel colour for ``suit`` (white in b/w)."""
        return WHITE if self.bw else self.suits.tint(suit)

    def symbol(self, suit: str, cx: float, cy: float, size: float, fill: str, stroke: str | None = None,
               stroke_width: float = 0.2) -> Item:
        """``suit``'s symbol, ``size`` mm tall, centred on (``cx``, ``cy``), in ``fill``."""
        return self.suits.style(suit).draw(cx, cy, size, fill, stroke, stroke_width)

    def edge(self) -> str | None:
        """Fill for a full-bleed edge band; None in b/w (no full-bleed fills)."""
        return None if self.bw else self.accent


#: Each game's accent colour (colour mode): one identity per game across its pieces.
GAME_ACCENTS: dict[str, tuple[str, str]] = {
    "pip-trick": ("#2d3e6b", "#e3e7f1"),
    "dice-lanes": ("#6b3d2d", "#f1e7e3"),
    "multisuit": ("#27413a", "#e2ebe8"),
    "four-deuces": ("#3a2a1a", "#efe7da"),
    "zero-grid": ("#30304a", "#e6e6ee"),
}


def palette(slug: str, ink: str, suits: SuitSet = STANDARD_SET) -> Palette:
    """The palette of game ``slug`` for ink mode ``ink`` ("colour" or "bw"), with the
    game's ``suits`` (``generator.components.suits.suit_set``; the standard four if none)."""
    if ink not in ("colour", "bw"):
        raise ValueError(f"unknown ink mode {ink!r}: use 'colour' or 'bw'")
    accent, tint = GAME_ACCENTS.get(slug, ("#333333", "#eeeeee"))
    if ink == "bw":
        return Palette(ink=ink, accent=INK, accent_tint=WHITE, paper=WHITE, line=INK, faint="#b0b0b0", suits=suits)
    return Palette(ink=ink, accent=accent, accent_tint=tint, paper=WHITE, line="#4a4a4a", faint="#b8b8b8", suits=suits)
