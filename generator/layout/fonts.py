"""The fonts Pipworks sets type in: its own, and a designer's from the project folder.

The font Pipworks ships is Bitstream Vera Sans, the TrueType files bundled with reportlab.

Vera is freely licensed and travels with the reportlab wheel, so every machine that can
build has it. PDFs embed it (reportlab subsets TrueType fonts: only used glyphs go in);
SVGs name the same family, falling back to DejaVu Sans, which is Vera extended and has
the same metrics for every glyph Vera has. Loading parses the TTF once per process.

A designer's own font (``fonts:`` in a layout file, see
``generator.faces_from_data.assets``) is a TrueType file in the project: it is read as
data (bounded by ``MAX_FONT_BYTES``, its header checked before reportlab parses it),
registered under a name drawn from its bytes (the same on every build) and named in
scene text by its file's path, so a worker process can load it again. The PDF embeds
the glyphs used; the SVG names the font's own family, measured with the same metrics.
"""

from __future__ import annotations

import hashlib
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

#: Names registered with reportlab for the regular and bold faces.
REGULAR = "PipworksSans"
BOLD = "PipworksSans-Bold"
ITALIC = "PipworksSans-Italic"
BOLD_ITALIC = "PipworksSans-BoldItalic"
#: CSS font-family written into every SVG.
SVG_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', sans-serif"

_FILES = {REGULAR: "Vera.ttf", BOLD: "VeraBd.ttf"}
#: Italics are registered when first used: most builds set none.
_ITALIC_FILES = {ITALIC: "VeraIt.ttf", BOLD_ITALIC: "VeraBI.ttf"}
#: Bytes a designer's font file may have (a font with every CJK glyph is some 16 MB).
MAX_FONT_BYTES = 20_000_000

#: The face of printed rulebooks and quick references: DejaVu Sans, shipped with
#: Pipworks in ``generator/fonts/`` (with its licence). It is Vera extended (the same
#: widths for every glyph Vera has) with the suit symbols, arrows and signs rules text
#: uses, so a book prints "K♠" and "1↔6" as written. Vendored rather than taken from the
#: system (Debian's fonts-dejavu-core) so ``pip install pipworks`` prints the same book
#: on any machine; reportlab embeds only the glyphs a book uses.
BOOK = "PipworksBook"
BOOK_BOLD = "PipworksBook-Bold"
BOOK_ITALIC = "PipworksBook-Oblique"
BOOK_BOLD_ITALIC = "PipworksBook-BoldOblique"
_BOOK_FILES = {BOOK: "DejaVuSans.ttf", BOOK_BOLD: "DejaVuSans-Bold.ttf", BOOK_ITALIC: "DejaVuSans-Oblique.ttf",
               BOOK_BOLD_ITALIC: "DejaVuSans-BoldOblique.ttf"}


class FontProblem(ValueError):
    """A designer's font file cannot be used; the message says why."""


def font_name(bold: bool, italic: bool = False) -> str:
    if italic:
        return BOLD_ITALIC if bold else ITALIC
    return BOLD if bold else REGULAR


def font_path(name: str) -> Path:
    if name in _BOOK_FILES:
        return Path(__file__).resolve().parent.parent / "fonts" / _BOOK_FILES[name]
    import reportlab

    return Path(reportlab.__file__).resolve().parent / "fonts" / {**_FILES, **_ITALIC_FILES}[name]


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
    if name in _PROJECT_FONTS:
        return _PROJECT_FONTS[name]
    return _registered(name, str(font_path(name)))


def _registered(name: str, source: Any) -> Any:
    """``source`` (a path or a file object) parsed and registered under ``name``."""
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

    font = TaggedFont(name, source)
    pdfmetrics.registerFont(font)
    return font


# -- a designer's own fonts -------------------------------------------------------------

#: Registered name -> parsed font, for the designer's fonts loaded in this process.
_PROJECT_FONTS: dict[str, Any] = {}
#: Font file (absolute path) -> (its size and mtime when read, its registered name).
_LOADED: dict[str, tuple[tuple[int, int], str]] = {}
_LOADING = threading.Lock()
#: What a file's first four bytes say it is, when it is not a TrueType font.
_NOT_TRUETYPE = {
    b"OTTO": "an OpenType font with PostScript (CFF) outlines, which PDFs here cannot embed; use its TrueType (.ttf) version",
    b"ttcf": "a font collection (.ttc); give one font of it as a .ttf file",
    b"wOFF": "a web font (WOFF); give the .ttf it was made from",
    b"wOF2": "a web font (WOFF2); give the .ttf it was made from",
}


#: What to forget when a designer's font file changes (measures keyed by its path).
_FORGET: list[Callable[[], None]] = []


def on_change(forget: Callable[[], None]) -> None:
    _FORGET.append(forget)


def load_project_font(path: str) -> str:
    """Read the designer's font file at ``path`` (absolute) if it is new or changed, and
    return the name it is registered under; raises FontProblem for a file that is
    missing, too large, or not a TrueType font reportlab can embed."""
    try:
        stat = Path(path).stat()
    except OSError as exc:
        raise FontProblem(f"cannot read it: {exc.strerror or exc}") from None
    stamp = (stat.st_size, stat.st_mtime_ns)
    with _LOADING:
        known = _LOADED.get(path)
        if known is not None and known[0] == stamp:
            return known[1]
        if stat.st_size > MAX_FONT_BYTES:
            raise FontProblem(f"it has {stat.st_size:,} bytes; a font file may have at most {MAX_FONT_BYTES:,}")
        with open(path, "rb") as handle:
            data = handle.read(MAX_FONT_BYTES + 1)
        if len(data) > MAX_FONT_BYTES:
            raise FontProblem(f"it has more than {MAX_FONT_BYTES:,} bytes, the most a font file may have")
        head = data[:4]
        if head in _NOT_TRUETYPE:
            raise FontProblem(f"it is {_NOT_TRUETYPE[head]}")
        if head not in (b"\x00\x01\x00\x00", b"true"):
            raise FontProblem("it is not a TrueType font (.ttf)")
        name = "PipworksFont-" + hashlib.sha256(data).hexdigest()[:16]
        if name not in _PROJECT_FONTS:
            import io

            try:
                font = _registered(name, io.BytesIO(data))
            except Exception as exc:  # reportlab's parser says many things about a broken file
                detail = " ".join(str(exc).split())[:120] or type(exc).__name__
                raise FontProblem(f"it cannot be read as a font ({detail})") from None
            _PROJECT_FONTS[name] = font
        if known is not None and known[1] != name:  # the file changed: its old measures go
            for forget in _FORGET:
                forget()
        _LOADED[path] = (stamp, name)
        return name


def face_name(font: str, bold: bool, italic: bool) -> str:
    """The registered name of the face a scene's text is set in: ``font`` is "" for the
    shipped font (``bold`` and ``italic`` choose the face), else the path of the
    designer's face file (already the bold or italic one)."""
    if not font:
        return font_name(bold, italic)
    known = _LOADED.get(font)
    return known[1] if known is not None else load_project_font(font)


def family(font: str) -> str:
    """The family name a designer's font file gives itself (what an SVG names)."""
    face = ttfont(face_name(font, False, False)).face
    raw = getattr(face, "familyName", None) or face.name
    name = raw.decode("latin-1") if isinstance(raw, bytes) else str(raw)
    return "".join(ch for ch in name if ch.isalnum() or ch in " -_") or "sans-serif"


def svg_family(font: str) -> str:
    """The CSS font-family an SVG names for ``font``: its own family, then the shipped."""
    return f"'{family(font)}', {SVG_FAMILY}" if font else SVG_FAMILY


def register_all() -> None:
    """Make both faces known to reportlab before a canvas uses them."""
    for name in _FILES:
        ttfont(name)


def register_book() -> None:
    """Make the book face known to reportlab as a family, so ``<b>`` in a paragraph
    sets DejaVu Sans Bold and ``<i>`` DejaVu Sans Oblique (only the faces a book uses are
embedded)."""
    from reportlab.pdfbase.pdfmetrics import registerFontFamily

    for name in _BOOK_FILES:
        ttfont(name)
    registerFontFamily(BOOK, normal=BOOK, bold=BOOK_BOLD, italic=BOOK_ITALIC, boldItalic=BOOK_BOLD_ITALIC)
