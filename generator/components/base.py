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


@frozen
class FaceOptions:
    card_size: tuple[float, float] = CARD_SIZES["insert"]
    bleed: float = 3.0  # mm of art drawn beyond the trim on coloured-edge cards
    ink: str = "colour"  # "colour" or "bw" (ink-saving: no full-bleed fills)
    safe: float = 3.0  # mm inside the trim that important content must respect
    version: str = ""


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
