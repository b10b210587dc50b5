"""Units. Pipworks lays everything out in millimetres; PDF wants points."""

from __future__ import annotations

import math
import re

MM_PER_INCH = 25.4
PT_PER_MM = 72.0 / MM_PER_INCH

_UNIT_MM = {"mm": 1.0, "cm": 10.0, "in": MM_PER_INCH, "pt": 1.0 / PT_PER_MM}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*$")


def pt(mm: float) -> float:
    """Millimetres to PDF points."""
    return mm * PT_PER_MM


def mm(points: float) -> float:
    """PDF points to millimetres."""
    return points / PT_PER_MM


def length(value: str | float) -> float:
    """A length written with its unit ("3mm", "0.125in", "9pt") in mm; bare numbers are mm.
    Raises ValueError for anything else, infinities and NaN (YAML's ``.inf``, ``.nan``)
    included: a length that is not a number would reach the SVG as ``nan``."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            number = float(value)
        except OverflowError:  # an int too large for a float
            number = math.inf
        if not math.isfinite(number):
            raise ValueError(f"not a length: {str(value)[:40]} (a length is a finite number of mm, e.g. '3mm')")
        return number
    match = _LENGTH.match(value) if isinstance(value, str) and len(value) < 40 else None
    if not match:
        raise ValueError(f"not a length: {str(value)[:40]!r} (write e.g. '3mm' or '0.125in')")
    return float(match.group(1)) * _UNIT_MM[match.group(2) or "mm"]
