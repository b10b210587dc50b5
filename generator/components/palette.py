"""Colours of the printed pieces, in colour and in the ink-saving black-and-white mode.

Suits use the four-colour scheme players of four-colour decks know (spades black,
hearts red, diamonds blue, clubs green); each suit also has its own shape
(``generator.components.suits``), so a red-green colour-blind player or a b/w print
loses nothing. The Four Deuces' suits get four period colours chosen to stay apart in
lightness as well as hue. In ``bw`` mode every suit is black and nothing is filled
edge to edge: fills become white or a pale grey tint that a laser printer spends
little toner on.
"""

from __future__ import annotations
from ..scene import frozen


#: Four-colour suit scheme (colour mode): hue and lightness both differ.
SUIT_COLOURS: dict[str, str] = {
    "spades": "#1a1a1a",
    "hearts": "#c8102e",
    "diamonds": "#0b5cad",
    "clubs": "#1b7f3b",
    # The Four Deuces: amber whiskey, felt green, rouge purple, blood-dark red.
    "bootlegging": "#9a5b13",
    "gambling": "#1f6f5c",
    "prostitution": "#8e3b8a",
    "murder": "#7a1020",
}

#: Light tints of each suit for panels behind suit content (colour mode only).
SUIT_TINTS: dict[str, str] = {
    "spades": "#e6e6e6",
    "hearts": "#f8dde1",
    "diamonds": "#dce9f7",
    "clubs": "#dcefe2",
    "bootlegging": "#f3e6d3",
    "gambling": "#d7ece6",
    "prostitution": "#efdcee",
    "murder": "#f1d8dc",
}

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
    faint: str  # printed-faintly content (setup pips, guides)
    text: str = INK

    @property
    def bw(self) -> bool:
        return self.ink == "bw"

    def suit(self, suit: str) -> str:
        """The colour of ``suit``'s symbol and rank."""
        return INK if self.bw else SUIT_COLOURS[suit]

    def suit_tint(self, suit: str) -> str:
        """A pale panel colour for ``suit`` (white in b/w)."""
        return WHITE if self.bw else SUIT_TINTS[suit]

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


def palette(slug: str, ink: str) -> Palette:
    """The palette of game ``slug`` for ink mode ``ink`` ("colour" or "bw")."""
    if ink not in ("colour", "bw"):
        raise ValueError(f"unknown ink mode {ink!r}: use 'colour' or 'bw'")
    accent, tint = GAME_ACCENTS.get(slug, ("#333333", "#eeeeee"))
    if ink == "bw":
        return Palette(ink=ink, accent=INK, accent_tint=WHITE, paper=WHITE, line=INK, faint="#b0b0b0")
    return Palette(ink=ink, accent=accent, accent_tint=tint, paper=WHITE, line="#4a4a4a", faint="#b8b8b8")
