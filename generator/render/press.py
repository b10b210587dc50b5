"""The PDF backend in process colours, for print shops that want PDF/X-1a:2003.

Drawing is :mod:`generator.render.pdf`'s own (same scenes, same pages, same bytes for
the same input); only the canvas differs. It converts every colour to CMYK as it is
set, refuses transparency (PDF/X-1a forbids it) and writes what the standard asks of
the file itself: the ``GTS_PDFXVersion`` and ``Trapped`` keys and an OutputIntent.

The OutputIntent names a registered characterisation (CGATS TR 001, "SWOP", in the
ICC's registry, which PDF/X-1a allows instead of an embedded ICC profile): no freely
redistributable CMYK profile is packaged on PyPI or Debian (icc-profiles-free and
colord ship RGB, grey and Lab profiles; Ghostscript's CMYK profile is AGPL).

The colour conversion is a plain formula, not a colour-managed one: grey becomes black
ink alone (so text prints with one plate, no registration fringes), other colours take
the most black they can (full grey-component replacement), and the total ink is capped.
"""

from __future__ import annotations

from functools import lru_cache, partial
from typing import Any

from ..layout.sheet import Document

#: The registered printing condition the OutputIntent names.
OUTPUT_CONDITION = "CGATS TR 001"
OUTPUT_CONDITION_TEXT = "U.S. Web Coated (SWOP)"
REGISTRY = "http://www.color.org"
PDFX_VERSION = "PDF/X-1a:2003"


class Transparency(ValueError):
    """A scene asked for transparency, which PDF/X-1a does not allow."""


@lru_cache(maxsize=1024)
def cmyk(r: float, g: float, b: float, max_ink: float) -> tuple[float, float, float, float]:
    """RGB (0–1) as CMYK (0–1) with the total of the four at most ``max_ink`` (e.g. 2.4)."""
    if r == g == b:
        return 0.0, 0.0, 0.0, round(1.0 - r, 4)
    k = 1.0 - max(r, g, b)
    c, m, y = ((1.0 - v - k) / (1.0 - k) for v in (r, g, b))
    if c + m + y + k > max_ink:
        scale = (max_ink - k) / (c + m + y)
        c, m, y = c * scale, m * scale, y * scale
    return round(c, 4), round(m, 4), round(y, 4), round(k, 4)


def _enforce(max_ink: float, colour: Any) -> Any:
    from reportlab.lib.colors import CMYKColor, toColor

    value = toColor(colour)
    if isinstance(value, CMYKColor):
        return value
    return CMYKColor(*cmyk(value.red, value.green, value.blue, max_ink))


def _press_canvas_class() -> Any:
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFInfo, PDFName, PDFString
    from reportlab.pdfgen.canvas import Canvas

    class PdfxInfo(PDFInfo):  # type: ignore[misc]
        def format(self, document: Any) -> Any:
            formatted = super().format(document)
            # PDFInfo builds its dictionary inside format(); add our keys to the text it made.
            extra = PDFDictionary({"GTS_PDFXVersion": PDFString(PDFX_VERSION)}).format(document)
            return formatted[:-2] + extra[2:]

    class PressCanvas(Canvas):  # type: ignore[misc]
        def __init__(self, *args: Any, max_ink: float, **kwargs: Any) -> None:
            super().__init__(*args, enforceColorSpace=partial(_enforce, max_ink), **kwargs)
            self._doc.info.__class__ = PdfxInfo
            catalog = self._doc.Catalog
            catalog.__NoDefault__ = [*catalog.__NoDefault__, "OutputIntents"]
            catalog.OutputIntents = PDFArray([PDFDictionary({
                "Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
                "OutputConditionIdentifier": PDFString(OUTPUT_CONDITION),
                "OutputCondition": PDFString(OUTPUT_CONDITION_TEXT),
                "RegistryName": PDFString(REGISTRY),
                "Info": PDFString(OUTPUT_CONDITION_TEXT),
            })])

        def setFillAlpha(self, alpha: float) -> None:
            self._opaque(alpha)

        def setStrokeAlpha(self, alpha: float) -> None:
            self._opaque(alpha)

        def _opaque(self, alpha: float) -> None:
            if alpha < 1.0:
                raise Transparency(f"a shape is drawn {alpha:.0%} opaque, but {PDFX_VERSION} allows no transparency")

    return PressCanvas


def render_press_document(doc: Document, max_ink: float) -> bytes:
    """``doc`` as a CMYK PDF/X-1a:2003 file; total ink at most ``max_ink`` percent."""
    from ..layout import fonts
    from .pdf import _render, fast_reportlab

    canvas = partial(_press_canvas_class(), max_ink=max_ink / 100.0)  # loads reportlab before it is patched
    fonts.register_all()
    with fast_reportlab():
        return _render(canvas, doc)
