"""The Multisuit deck tool: stated thresholds (rules), figures (measures), property
checks (checks), a seeded design search (design) and a report page (report). The deck
file format is ``generator.content.deck``, its one reader, shared with the rules engine
and the printed faces.
"""

from ..content.deck import SUITS, Card, read_deck, write_deck

__all__ = ["SUITS", "Card", "read_deck", "write_deck"]
