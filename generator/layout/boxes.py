"""Named boxes: trim (where the card is cut), bleed (art beyond it), safe zone (inside it)."""

from __future__ import annotations
from ..scene import frozen



@frozen
class Box:
    """An axis-aligned box in mm, origin top-left, y downwards."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def inset(self, by: float) -> "Box":
        """The box shrunk by ``by`` mm on every side (grown when negative)."""
        return Box(self.x + by, self.y + by, self.w - 2 * by, self.h - 2 * by)

    def grow(self, left: float = 0.0, top: float = 0.0, right: float = 0.0, bottom: float = 0.0) -> "Box":
        return Box(self.x - left, self.y - top, self.w + left + right, self.h + top + bottom)

    def moved(self, dx: float, dy: float) -> "Box":
        return Box(self.x + dx, self.y + dy, self.w, self.h)

    def contains(self, other: "Box", tolerance: float = 1e-6) -> bool:
        return (other.x >= self.x - tolerance and other.y >= self.y - tolerance
                and other.right <= self.right + tolerance and other.bottom <= self.bottom + tolerance)


@frozen
class CardBoxes:
    """A card's three named boxes in its own coordinates (trim at the origin)."""

    trim: Box
    bleed: Box
    safe: Box


def card_boxes(width: float, height: float, bleed: float, safe: float) -> CardBoxes:
    trim = Box(0.0, 0.0, width, height)
    return CardBoxes(trim=trim, bleed=trim.inset(-bleed), safe=trim.inset(safe))
