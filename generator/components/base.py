"""What a game's printable components are, independent of paper and backend.

A game's ``faces`` module (``generator.games.<game>.faces``) lays out its components
(``components(game, options, project_root) -> list[Component]``): pure layout in mm from
content. ``generator.pnp`` imposes them on sheets and ``generator.render`` draws them.
"""

from __future__ import annotations


from ..scene import Scene
from ..scene import frozen

#: The smallest type on any printed piece, and on quick-reference cards (points).
MIN_TEXT_PT = 6.0
MIN_REFERENCE_PT = 7.0

#: Card sizes a user can ask for (``--size``), trim width × height in mm.
CARD_SIZES: dict[str, tuple[float, float]] = {
    "insert": (63.0, 88.0),
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "quick-insert": (60.0, 85.0),
}
#: Card sizes a layout file may name (``size: tarot``), portrait, trim width × height in
#: mm: ``--size``'s and the other cards designers use (``landscape: true`` turns any of
#: them on its side). Kept apart from CARD_SIZES because the shipped games check their
#: faces at every size ``--size`` offers, and their text is not drawn for a 44 mm card.
NAMED_SIZES: dict[str, tuple[float, float]] = {
    **CARD_SIZES,
    "tarot": (70.0, 120.0),
    "mini": (44.0, 63.0),
    "square": (70.0, 70.0),
}


@frozen
class FaceOptions:
    card_size: tuple[float, float] = CARD_SIZES["insert"]
    bleed: float = 3.0  # mm of art drawn beyond the trim on coloured-edge cards
    ink: str = "colour"  # "colour" or "bw" (ink-saving: no full-bleed fills)
    safe: float = 3.0  # mm inside the trim that important content must respect
    version: str = ""
    #: the cards a print shop makes (trim, mm, portrait): a card drawn from data whose size
    #: is within SHOP_SIZE_SLACK_MM of one (either way round) is laid out at exactly that
    #: size, its boxes stretched to it; () outside ``pnp --for``
    shop_sizes: tuple[tuple[float, float], ...] = ()


#: How far a card's size may be from a shop's card to print as it (mm each way): a 63 × 88
#: mm insert prints as a 63.5 × 88.9 mm poker card; less than a shop's own cutting tolerance.
SHOP_SIZE_SLACK_MM = 1.0


def shop_size(size: tuple[float, float], sizes: tuple[tuple[float, float], ...]) -> tuple[float, float] | None:
    """The shop card of ``sizes`` a card of ``size`` prints as, turned as the card is
    (a landscape card gets the landscape size); None when the shop makes none close enough."""
    w, h = size
    for sw, sh in sizes:
        for tw, th in ((sw, sh), (sh, sw)):
            if (tw > th) == (w > h):
                if abs(tw - w) <= SHOP_SIZE_SLACK_MM and abs(th - h) <= SHOP_SIZE_SLACK_MM:
                    return tw, th
    return None


@frozen
class Face:
    """One printed face. Its scene's (0, 0)–(trim) box is the trim; art may extend to
    -bleed .. trim+bleed. ``back`` is the matching back face (None: no back printed)."""

    front: Scene
    back: Scene | None = None
    copies: int = 1


@frozen
class Component:
    """A printable component: all its faces share one trim size.

    ``kind`` decides imposition: cards are imposed n-up with shared cut lines; tokens
    (round or odd-shaped pieces) n-up with a gutter, each with its full bleed; "board"
    and "sheet" get pages of their own (split with glue marks if larger than the
    printable area). ``min_text_pt`` is the smallest type the piece may carry (the build
    fails below it); ``sleeve_insert`` marks faces meant to slide into a sleeve in front
    of an ordinary playing card.
    """

    id: str
    name: str
    kind: str
    faces: tuple[Face, ...]
    trim: tuple[float, float]
    bleed: float = 0.0
    safe: float = 3.0
    assembly: str = ""  # one line for the cover page: how to cut/assemble it
    min_text_pt: float = MIN_TEXT_PT
    sleeve_insert: bool = False
