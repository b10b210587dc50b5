"""Print-shop and virtual-table profiles: the published numbers each target asks for.

``pipworks pnp GAME --for PROFILE`` lays a game's cards out at the profile's card size,
bleed and safe zone, renders them through the same PDF backend as every other output,
and then writes what the target takes (PNG per face, a CMYK PDF, or sheets and a saved
object). ``pipworks preflight FILE --for PROFILE`` checks a file against the same
numbers. The numbers are the shops' published templates (see PRINT.md): keep them here,
as data, and nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass

MM_PER_INCH = 25.4
#: The card every profile prints: a poker card, 2.5 × 3.5 in.
POKER_IN = (2.5, 3.5)


@dataclass(frozen=True)
class Profile:
    name: str  # what --for takes
    target: str  # who prints it, as a designer would say
    bleed_in: float  # bleed around the trim on each side, inches
    safe_in: float  # nothing important this far inside the trim, inches
    dpi: int = 300
    #: the exact pixel size of one face image (None: the target takes no face images)
    face_px: tuple[int, int] | None = None
    colour: str = "rgb"  # "rgb" or "cmyk" (the PDF's colour operators)
    max_ink: float | None = None  # total area coverage allowed, % (CMYK only)
    #: smallest type anywhere on a card, pt (issue 14: no text under 6 pt on cards)
    min_type_pt: float = 6.0
    #: the kinds of file the target takes: suffixes without the dot, "folder" for a folder of images
    takes: tuple[str, ...] = ("pdf",)
    #: what the target says it takes, shown when preflight refuses a file of another kind
    takes_words: str = ""

    @property
    def bleed_mm(self) -> float:
        return self.bleed_in * MM_PER_INCH

    @property
    def safe_mm(self) -> float:
        return self.safe_in * MM_PER_INCH

    @property
    def trim_mm(self) -> tuple[float, float]:
        return POKER_IN[0] * MM_PER_INCH, POKER_IN[1] * MM_PER_INCH

    @property
    def page_in(self) -> tuple[float, float]:
        """One card page or image: the trim plus the bleed on every side, inches."""
        return POKER_IN[0] + 2 * self.bleed_in, POKER_IN[1] + 2 * self.bleed_in


#: Tabletop Simulator's limits: a sheet of at most 10 × 7 cards whose last slot shows
#: hidden cards (so at most 69 faces), and at most 4096 px a side in practice.
TTS_GRID = (10, 7)
TTS_MAX_PX = 4096

PROFILES: dict[str, Profile] = {
    # The Game Crafter, poker card: 825 × 1125 px at 300 dpi (trim 750 × 1050, ⅛ in bleed),
    # safe area 675 × 975 (a further ⅛ in inside the trim). Sizes must be exact.
    "tgc": Profile("tgc", "The Game Crafter (poker cards)", bleed_in=0.125, safe_in=0.125, face_px=(825, 1125),
                   takes=("png", "jpg", "jpeg", "folder"),
                   takes_words="The Game Crafter takes each card face as its own PNG or JPG image, 825 × 1125 px"),
    # MakePlayingCards, poker: 822 × 1122 px, 0.12 in (36 px) bleed, not ⅛ in: 3 px
    # smaller than The Game Crafter's, a common trap. Safe area a further 36 px in.
    "mpc": Profile("mpc", "MakePlayingCards (poker cards)", bleed_in=0.12, safe_in=0.12, face_px=(822, 1122),
                   takes=("png", "jpg", "jpeg", "folder"),
                   takes_words="MakePlayingCards takes card images, PNG or JPG, 822 × 1122 px at 300 dpi"),
    # DriveThruCards: one PDF per deck, each page one 2.75 × 3.75 in card (⅛ in bleed),
    # back 1, front 1, back 2, front 2 …; CMYK, total ink ≤ 240 %; text ≥ ⅛ in inside the trim.
    "dtc": Profile("dtc", "DriveThruCards (poker cards, PDF)", bleed_in=0.125, safe_in=0.125, colour="cmyk",
                   max_ink=240.0, takes=("pdf",),
                   takes_words="DriveThruCards takes one PDF per deck (PDF/X-1a, CMYK, one card a page), not images"),
    # Tabletop Simulator: card images are cut at the trim (laid out with ⅛ in bleed so no
    # hairline shows at the edge); sheets as TTS_GRID and TTS_MAX_PX say.
    "tts": Profile("tts", "Tabletop Simulator (deck sheets and a saved object)", bleed_in=0.125, safe_in=0.125,
                   takes=("json", "png", "jpg", "jpeg", "folder"),
                   takes_words="Tabletop Simulator imports a deck from a saved object (.json) naming PNG or JPG sheets"),
}


def find_profile(name: str) -> Profile:
    """The profile called ``name``; a ValueError naming the choices otherwise."""
    try:
        return PROFILES[name]
    except KeyError:
        raise ValueError(f"unknown profile {name!r}; choose one of {', '.join(PROFILES)}") from None
