"""Print-shop and virtual-table profiles: the published numbers each target asks for.

``pipworks pnp GAME --for PROFILE`` lays a game's cards out at the profile's card size,
bleed and safe zone, renders them through the same PDF backend as every other output,
and then writes what the target takes (PNG per face, a CMYK PDF, or sheets and a saved
object). ``pipworks preflight FILE --for PROFILE`` checks a file against the same
numbers. The numbers are the shops' published templates (see PRINT.md): keep them here,
as data, and nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

MM_PER_INCH = 25.4
#: The card every profile prints unless a game's cards are another size: a poker card, 2.5 × 3.5 in.
POKER_IN = (2.5, 3.5)


@dataclass(frozen=True)
class CardProduct:
    """One card a shop makes: its name in the shop's catalogue and its trim, portrait, inches."""

    name: str
    trim_in: tuple[float, float]

    @property
    def trim_mm(self) -> tuple[float, float]:
        return self.trim_in[0] * MM_PER_INCH, self.trim_in[1] * MM_PER_INCH


POKER = CardProduct("poker", POKER_IN)
#: The tarot card of MakePlayingCards (897 × 1497 px with its 0.12 in bleed) and of The
#: Game Crafter (900 × 1500 px with ⅛ in): 2.75 × 4.75 in.
TAROT = CardProduct("tarot", (2.75, 4.75))
#: The Game Crafter's bridge (750 × 1125 px) and mini (600 × 825 px) cards, ⅛ in bleed:
#: the sizes of its published card templates.
BRIDGE = CardProduct("bridge", (2.25, 3.5))
MINI = CardProduct("mini", (1.75, 2.5))


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
    #: the card this profile prints (``for_card`` gives the profile of each card the shop makes)
    card: CardProduct = POKER
    #: the cards the shop makes, as its published templates give them
    products: tuple[CardProduct, ...] = (POKER,)
    #: a virtual table (Tabletop Simulator) takes a card of any other size as it is
    any_size: bool = False

    @property
    def bleed_mm(self) -> float:
        return self.bleed_in * MM_PER_INCH

    @property
    def safe_mm(self) -> float:
        return self.safe_in * MM_PER_INCH

    @property
    def trim_mm(self) -> tuple[float, float]:
        return self.card.trim_mm

    @property
    def page_in(self) -> tuple[float, float]:
        """One card page or image: the trim plus the bleed on every side, inches."""
        return self.card.trim_in[0] + 2 * self.bleed_in, self.card.trim_in[1] + 2 * self.bleed_in

    def for_card(self, trim_mm: tuple[float, float]) -> Profile | None:
        """This profile for a card of ``trim_mm`` (portrait or landscape): the shop's card
        of that size (within SHOP_SIZE_SLACK_MM) with its pixel size, or, for a virtual
        table, the card itself; None when the shop makes no such card."""
        from ...components.base import shop_size

        for product in self.products:
            fitted = shop_size(trim_mm, (product.trim_mm,))
            if fitted is None:
                continue
            if self.any_size and fitted != product.trim_mm:  # a table takes a card as it lies, on its side too
                return self.at(CardProduct(product.name, (product.trim_in[1], product.trim_in[0])))
            return self.at(product)
        if self.any_size:
            w, h = trim_mm
            return replace(self, card=CardProduct(f"{w:g} × {h:g} mm", (w / MM_PER_INCH, h / MM_PER_INCH)))
        return None

    def at(self, product: CardProduct) -> Profile:
        """This profile for the shop's ``product``: its trim, its exact image size, and a
        target that names it ("MakePlayingCards (tarot cards)")."""
        if product == self.card:
            return self
        page = (product.trim_in[0] + 2 * self.bleed_in, product.trim_in[1] + 2 * self.bleed_in)
        face_px = (round(page[0] * self.dpi), round(page[1] * self.dpi)) if self.face_px is not None else None
        return replace(self, card=product, face_px=face_px,
                       target=self.target.replace(f"{self.card.name} cards", f"{product.name} cards"))

    def sizes_words(self) -> str:
        """The cards the shop makes, for a refusal: "poker (63.5 × 88.9 mm)"."""
        return ", ".join(f"{p.name} ({p.trim_mm[0]:.1f} × {p.trim_mm[1]:.1f} mm)" for p in self.products)


#: Tabletop Simulator's limits: a sheet of at most 10 × 7 cards whose last slot shows
#: hidden cards (so at most 69 faces), and at most 4096 px a side in practice.
TTS_GRID = (10, 7)
TTS_MAX_PX = 4096

PROFILES: dict[str, Profile] = {
    # The Game Crafter, poker card: 825 × 1125 px at 300 dpi (trim 750 × 1050, ⅛ in bleed),
    # safe area 675 × 975 (a further ⅛ in inside the trim). Sizes must be exact.
    # Its bridge, mini and tarot decks: 750 × 1125, 600 × 825 and 900 × 1500 px, the same
    # ⅛ in bleed and safe area (its published templates, as Squib-like tools carry them).
    "tgc": Profile("tgc", "The Game Crafter (poker cards)", bleed_in=0.125, safe_in=0.125, face_px=(825, 1125),
                   takes=("png", "jpg", "jpeg", "folder"), products=(POKER, BRIDGE, MINI, TAROT),
                   takes_words="The Game Crafter takes each card face as its own PNG or JPG image, 825 × 1125 px"),
    # MakePlayingCards, poker: 822 × 1122 px, 0.12 in (36 px) bleed, not ⅛ in: 3 px
    # smaller than The Game Crafter's, a common trap. Safe area a further 36 px in.
    # Its tarot card: 897 × 1497 px, so 2.75 × 4.75 in trim.
    "mpc": Profile("mpc", "MakePlayingCards (poker cards)", bleed_in=0.12, safe_in=0.12, face_px=(822, 1122),
                   takes=("png", "jpg", "jpeg", "folder"), products=(POKER, TAROT),
                   takes_words="MakePlayingCards takes card images, PNG or JPG, 822 × 1122 px at 300 dpi"),
    # DriveThruCards: one PDF per deck, each page one 2.75 × 3.75 in card (⅛ in bleed),
    # back 1, front 1, back 2, front 2 …; CMYK, total ink ≤ 240 %; text ≥ ⅛ in inside the trim.
    "dtc": Profile("dtc", "DriveThruCards (poker cards, PDF)", bleed_in=0.125, safe_in=0.125, colour="cmyk",
                   max_ink=240.0, takes=("pdf",),
                   takes_words="DriveThruCards takes one PDF per deck (PDF/X-1a, CMYK, one card a page), not images"),
    # Tabletop Simulator: card images are cut at the trim (laid out with ⅛ in bleed so no
    # hairline shows at the edge); sheets as TTS_GRID and TTS_MAX_PX say.
    # A card of any size: the sheet's cells take the card's own proportions (a poker-sized one: poker).
    "tts": Profile("tts", "Tabletop Simulator (deck sheets and a saved object)", bleed_in=0.125, safe_in=0.125,
                   takes=("json", "png", "jpg", "jpeg", "folder"), any_size=True,
                   takes_words="Tabletop Simulator imports a deck from a saved object (.json) naming PNG or JPG sheets"),
}


def find_profile(name: str) -> Profile:
    """The profile called ``name``; a ValueError naming the choices otherwise."""
    try:
        return PROFILES[name]
    except KeyError:
        raise ValueError(f"unknown profile {name!r}; choose one of {', '.join(PROFILES)}") from None
