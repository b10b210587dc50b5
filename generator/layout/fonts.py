"""The font Pipworks ships: Bitstream Vera Sans, the TrueType files bundled with reportlab.

Vera is freely licensed and travels with the reportlab wheel, so every machine that can
build has it. PDFs embed it (reportlab subsets TrueType fonts: only used glyphs go in);
SVGs name the same family, falling back to DejaVu Sans, which is Vera extended and has
the same metrics for every glyph Vera has. Loading parses the TTF once per process.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

#: Names registered with reportlab for the regular and bold faces.
REGULAR = "PipworksSans"
BOLD = "PipworksSans-Bold"
#: CSS font-family written into every SVG.
SVG_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', sans-serif"

_FILES = {REGULAR: "Vera.ttf", BOLD: "VeraBd.ttf"}


def font_name(bold: bool) -> str:
    return BOLD if bold else REGULAR


def font_path(name: str) -> Path:
    import reportlab

    return Path(reportlab.__file__).resolve().parent / "fonts" / _FILES[name]


@lru_cache(maxsize=None)
def ttfont(name: str) -> Any:
    """The parsed TrueType font, registered with reportlab under ``name``."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    font = TTFont(name, str(font_path(name)))
    pdfmetrics.registerFont(font)
    return font


def register_all() -> None:
    """Make both faces known to reportlab before a canvas uses them."""
    for name in _FILES:
        ttfont(name)
