"""Units. Pipworks lays everything out in millimetres; PDF wants points."""

from __future__ import annotations

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
    """A length written with its unit ("3mm", "0.125in", "9pt") in mm; bare numbers are mm."""
    if isinstance(value, (int, float)):
        return float(value)
    match = _LENGTH.match(value)
    if not match:
        raise ValueError(f"not a length: {value!r} (write e.g. '3mm' or '0.125in')")
    return float(match.group(1)) * _UNIT_MM[match.group(2) or "mm"]
