"""The PDF backend in process colours, for print shops that want PDF/X-1a:2003.

Drawing is :mod:`generator.render.pdf`'s own (same scenes, same pages, same bytes for
the same input); only the canvas differs. It converts every colour to CMYK as it is
set, refuses transparency (PDF/X-1a forbids it) and writes what the standard asks of
the file itself: the ``GTS_PDFXVersion`` and ``Trapped`` keys and an OutputIntent.

Colours go through an ICC transform (littleCMS, through Pillow's ImageCms) from sRGB to
a CMYK output profile, the same profile embedded as the OutputIntent's
DestOutputProfile: Pipworks' own coated-offset profile (``icc_build``, modelled on
FOGRA39, total ink ≤ 300 %) unless the shop's own ICC is given. Greys print with black
ink alone (text on one plate, no registration fringes), the black level chosen through
the profile so the grey keeps its lightness. Where a shop asks for less ink than the
profile gives (DriveThruCards: 240 %) the colour inks are scaled down, black kept.
"""

from __future__ import annotations

from functools import lru_cache, partial
from typing import Any

from ..layout.sheet import Document

PDFX_VERSION = "PDF/X-1a:2003"


class Transparency(ValueError):
    """A scene asked for transparency, which PDF/X-1a does not allow."""


class BadProfile(ValueError):
    """An ICC file that cannot serve as a CMYK output profile."""


def shipped_profile() -> bytes:
    """Pipworks' own CMYK profile (see ``generator.render.icc_build``)."""
    from .icc_build import PROFILE_PATH

    return PROFILE_PATH.read_bytes()


@lru_cache(maxsize=4)
def _transforms(icc: bytes) -> tuple[Any, list[float]]:
    """(sRGB → CMYK transform, L* of black ink alone at each 8-bit level) for ``icc``."""
    import io

    from PIL import Image, ImageCms

    try:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    except (OSError, ImageCms.PyCMSError) as exc:
        raise BadProfile(f"not an ICC profile littleCMS can read ({exc})") from None
    if profile.profile.xcolor_space.strip() != "CMYK":
        raise BadProfile(f"a {profile.profile.xcolor_space.strip()} profile; a CMYK output profile is needed")
    srgb, lab = ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB", 5000)
    flags = ImageCms.Flags.BLACKPOINTCOMPENSATION
    try:
        to_cmyk = ImageCms.buildTransform(srgb, profile, "RGB", "CMYK", ImageCms.Intent.RELATIVE_COLORIMETRIC, flags=flags)
        to_lab = ImageCms.buildTransform(profile, lab, "CMYK", "LAB", ImageCms.Intent.RELATIVE_COLORIMETRIC)
    except ImageCms.PyCMSError as exc:
        raise BadProfile(f"littleCMS cannot convert through it ({exc})") from None
    ramp = Image.frombytes("CMYK", (256, 1), bytes(v for k in range(256) for v in (0, 0, 0, k)))
    lightness = [value * 100 / 255 for value in to_lab.apply(ramp).tobytes()[::3]]
    return to_cmyk, lightness


def check_profile(icc: bytes) -> None:
    """Raise BadProfile unless ``icc`` is a CMYK profile littleCMS can convert to."""
    _transforms(icc)


def _grey_lightness(v: float) -> float:
    """CIE L* of the sRGB grey ``v`` (0–1)."""
    linear = v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    return 116 * linear ** (1 / 3) - 16 if linear > (6 / 29) ** 3 else linear * (29 / 3) ** 3


@lru_cache(maxsize=4096)
def cmyk(r: float, g: float, b: float, max_ink: float, icc: bytes | None = None) -> tuple[float, float, float, float]:
    """RGB (0–1) as CMYK (0–1) through the profile, total ink at most ``max_ink`` (e.g. 2.4)."""
    from PIL import Image

    transform, lightness = _transforms(icc if icc is not None else shipped_profile())
    if r == g == b:
        target = _grey_lightness(r)
        black = min(range(256), key=lambda level: (abs(lightness[level] - target), level))
        return 0.0, 0.0, 0.0, round(black / 255, 4)
    pixel = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in (r, g, b)))
    c, m, y, k = (v / 255 for v in transform.apply(pixel).tobytes())
    if c + m + y + k > max_ink and c + m + y > 0:
        scale = max(0.0, max_ink - k) / (c + m + y)
        c, m, y = c * scale, m * scale, y * scale
    return round(c, 4), round(m, 4), round(y, 4), round(k, 4)


def _enforce(max_ink: float, icc: bytes, colour: Any) -> Any:
    from reportlab.lib.colors import CMYKColor, toColor

    value = toColor(colour)
    if isinstance(value, CMYKColor):
        return value
    return CMYKColor(*cmyk(value.red, value.green, value.blue, max_ink, icc))


def _description(icc: bytes) -> str:
    import io

    from PIL import ImageCms

    text = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(icc))).strip()
    return text or "CMYK output profile"


def _press_canvas_class() -> Any:
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFInfo, PDFName, PDFStream, PDFString, PDFZCompress
    from reportlab.pdfgen.canvas import Canvas

    class PdfxInfo(PDFInfo):  # type: ignore[misc]
        def format(self, document: Any) -> Any:
            formatted = super().format(document)
            # PDFInfo builds its dictionary inside format(); add our keys to the text it made.
            extra = PDFDictionary({"GTS_PDFXVersion": PDFString(PDFX_VERSION)}).format(document)
            return formatted[:-2] + extra[2:]

    class PressCanvas(Canvas):  # type: ignore[misc]
        def __init__(self, *args: Any, max_ink: float, icc: bytes, **kwargs: Any) -> None:
            super().__init__(*args, enforceColorSpace=partial(_enforce, max_ink, icc), **kwargs)
            self._doc.info.__class__ = PdfxInfo
            catalog = self._doc.Catalog
            catalog.__NoDefault__ = [*catalog.__NoDefault__, "OutputIntents"]
            # The profile the colours were converted through, embedded: the printing
            # condition is this profile (PDF/X allows a custom one when it is embedded).
            profile = PDFStream(PDFDictionary({"N": 4}), icc, filters=[PDFZCompress])
            name = _description(icc)
            catalog.OutputIntents = PDFArray([PDFDictionary({
                "Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
                "OutputConditionIdentifier": PDFString("Custom"),
                "OutputCondition": PDFString(name),
                "Info": PDFString(name),
                "DestOutputProfile": self._doc.Reference(profile, "DestOutputProfile"),
            })])

        def setFillAlpha(self, alpha: float) -> None:
            self._opaque(alpha)

        def setStrokeAlpha(self, alpha: float) -> None:
            self._opaque(alpha)

        def _opaque(self, alpha: float) -> None:
            if alpha < 1.0:
                raise Transparency(f"a shape is drawn {alpha:.0%} opaque, but {PDFX_VERSION} allows no transparency")

    return PressCanvas


def render_press_document(doc: Document, max_ink: float, icc: bytes | None = None) -> bytes:
    """``doc`` as a CMYK PDF/X-1a:2003 file converted through ``icc`` (default: the
    shipped profile), which it embeds; total ink at most ``max_ink`` percent."""
    from ..layout import fonts
    from .pdf import _render, fast_reportlab

    icc = icc if icc is not None else shipped_profile()
    check_profile(icc)
    canvas = partial(_press_canvas_class(), max_ink=max_ink / 100.0, icc=icc)  # loads reportlab before it is patched
    fonts.register_all()
    with fast_reportlab():
        return _render(canvas, doc)
