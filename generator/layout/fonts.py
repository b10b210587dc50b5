"""The font Pipworks ships: Bitstream Vera Sans, the TrueType files bundled with reportlab.

Vera is freely licensed and travels with the reportlab wheel, so every machine that can
build has it. PDFs embed it (reportlab subsets TrueType fonts: only used glyphs go in);
SVGs name the same family, falling back to DejaVu Sans, which is Vera extended and has
the same metrics for every glyph Vera has. Loading parses the TTF once per process.
"""

from __future__ import annotations

import hashlib
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

#: Names registered with reportlab for the regular and bold faces.
REGULAR = "PipworksSans"
BOLD = "PipworksSans-Bold"
#: CSS font-family written into every SVG.
SVG_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', sans-serif"

_FILES = {REGULAR: "Vera.ttf", BOLD: "VeraBd.ttf"}

#: The face of printed rulebooks and quick references: DejaVu Sans, shipped with
#: Pipworks in ``generator/fonts/`` (with its licence). It is Vera extended (the same
#: widths for every glyph Vera has) with the suit symbols, arrows and signs rules text
#: uses, so a book prints "K♠" and "1↔6" as written. Vendored rather than taken from the
#: system (Debian's fonts-dejavu-core) so ``pip install pipworks`` prints the same book
#: on any machine; reportlab embeds only the glyphs a book uses.
BOOK = "PipworksBook"
BOOK_BOLD = "PipworksBook-Bold"
_BOOK_FILES = {BOOK: "DejaVuSans.ttf", BOOK_BOLD: "DejaVuSans-Bold.ttf"}


def font_name(bold: bool) -> str:
    return BOLD if bold else REGULAR


def font_path(name: str) -> Path:
    if name in _BOOK_FILES:
        return Path(__file__).resolve().parent.parent / "fonts" / _BOOK_FILES[name]
    import reportlab

    return Path(reportlab.__file__).resolve().parent / "fonts" / _FILES[name]


def subset_tag(name: str, subset: int) -> bytes:
    """The six capital letters before "+" in an embedded subset's name, e.g. ``QKXBNM``.

    reportlab tags subset n of every font ``SUBSETN(n)``, so a PDF with two faces has
    two ``AAAAAA+`` fonts, while the PDF standard (ISO 32000, 9.6.4) asks for a tag
    per distinct subset. Ours is drawn from a hash of the registered name and the subset
    number: different for each face and subset, the same on every build."""
    digest = hashlib.sha256(f"{name}/{subset}".encode()).digest()
    return bytes(65 + b % 26 for b in digest[:6])


_TAGGING = threading.Lock()


@lru_cache(maxsize=None)
def ttfont(name: str) -> Any:
    """The parsed TrueType font, registered with reportlab under ``name``, its
    subsets tagged by ``subset_tag``."""
    from reportlab.pdfbase import pdfmetrics, ttfonts

    class TaggedFont(ttfonts.TTFont):  # type: ignore[misc]
        def addObjects(self, doc: Any) -> None:
            # reportlab reads its module's SUBSETN while it writes the subsets; the
            # lock keeps another thread from seeing this face's tags.
            with _TAGGING:
                plain = ttfonts.SUBSETN
                ttfonts.SUBSETN = lambda n, *_: subset_tag(self.fontName, n)
                try:
                    super().addObjects(doc)
                finally:
                    ttfonts.SUBSETN = plain

    font = TaggedFont(name, str(font_path(name)))
    pdfmetrics.registerFont(font)
    return font


def register_all() -> None:
    """Make both faces known to reportlab before a canvas uses them."""
    for name in _FILES:
        ttfont(name)


def register_book() -> None:
    """Make the book face known to reportlab as a family, so ``<b>`` in a paragraph
    sets DejaVu Sans Bold (there is no italic face: ``<i>`` keeps the regular one)."""
    from reportlab.pdfbase.pdfmetrics import registerFontFamily

    for name in _BOOK_FILES:
        ttfont(name)
    registerFontFamily(BOOK, normal=BOOK, bold=BOOK_BOLD, italic=BOOK, boldItalic=BOOK_BOLD)
