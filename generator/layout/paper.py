"""Paper sizes and the home printer's limits (numbers from shared PRINT.md)."""

from __future__ import annotations
from ..scene import frozen



@frozen
class Paper:
    key: str
    label: str
    width: float  # mm, portrait
    height: float


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", "A4", 210.0, 297.0),
    "letter": Paper("letter", "US Letter", 215.9, 279.4),
}

#: Home printers cannot print the outer ~6 mm reliably: nothing important goes there.
PRINTER_MARGIN = 6.0


def paper(key: str) -> Paper:
    try:
        return PAPERS[key]
    except KeyError:
        raise ValueError(f"unknown paper {key!r}; choose one of {', '.join(PAPERS)}") from None
