"""The Multisuit deck: file format (io), stated thresholds (rules), figures (measures),
property checks (checks), a seeded design search (design) and a report page (report).
"""

from .io import SUITS, Card, read_deck, write_deck

__all__ = ["SUITS", "Card", "read_deck", "write_deck"]
