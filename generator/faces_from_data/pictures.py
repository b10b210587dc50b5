"""A designer's pictures (PNG, JPEG, SVG) for image boxes: found, confined, measured.

A picture's path is relative to the game's folder and must stay inside the project:
content is data, and a layout must not read files elsewhere on the machine. The
picture's own proportions are read from its header, so the box can keep them; the
bytes go into the scene as they are. A picture is bounded before anything decodes it
(``MAX_BYTES``, and ``MAX_PIXELS`` from its header), and a PNG or JPEG is then decoded
once, so a damaged one is refused with its box's line rather than by the PDF writer.
"""

from __future__ import annotations

import io
import math
import struct
import warnings
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

FORMATS = {".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg", ".svg": "svg"}
#: Pixels a PNG or JPEG may have, read from its header before anything decodes it: a
#: poker card at 1200 dpi is 9 MP, so 50 MP is room for any print; past it a small file
#: can unpack to gigabytes (a 191 KB PNG of 179 MP took 51 s and 552 MB to draw).
MAX_PIXELS = 50_000_000
#: Bytes a picture file may have (every byte goes into each PDF that shows it).
MAX_BYTES = 20_000_000


class PictureProblem(ValueError):
    """The picture cannot be used; the message says why."""


@dataclass(frozen=True)
class Picture:
    data: bytes
    format: str
    width: float  # in its own units: only the proportions matter
    height: float


def find_picture(rel: str, folder: Path, project: Path) -> Path:
    """The file ``rel`` names, relative to the game's ``folder``; refuses a path that
    leaves the ``project`` or a file that is not there or not PNG, JPEG or SVG."""
    target = (folder / rel).resolve()
    if not target.is_relative_to(project.resolve()):
        raise PictureProblem(f"picture path {rel!r} leaves the project; refusing it")
    if Path(rel).suffix.lower() not in FORMATS:
        raise PictureProblem(f"picture {rel!r} is not PNG, JPEG or SVG (.png, .jpg, .jpeg, .svg)")
    if not target.is_file():
        raise PictureProblem(f"picture {rel!r} does not exist (looked for {target})")
    return target


def load_picture(path: Path) -> Picture:
    """The picture at ``path``, its size read from its header; raises PictureProblem
    for a file too large, of too many pixels, or whose header gives no usable size."""
    try:
        stat = path.stat()
    except OSError as exc:
        raise PictureProblem(f"cannot read picture {path.name!r}: {exc.strerror or exc}") from None
    if stat.st_size > MAX_BYTES:
        raise PictureProblem(f"picture {path.name!r} has {stat.st_size:,} bytes; a picture may have at most "
                             f"{MAX_BYTES:,}")
    return _load(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=256)
def _load(path: Path, mtime: int, size: int) -> Picture:
    """Read once per process per version of the file (a deck shows one picture on many cards)."""
    data = path.read_bytes()
    kind = FORMATS[path.suffix.lower()]
    width, height = {"png": _png_size, "jpeg": _jpeg_size, "svg": _svg_size}[kind](data, path.name)
    if not (math.isfinite(width) and math.isfinite(height) and width > 0 and height > 0):
        raise PictureProblem(f"picture {path.name!r} states a size of {width:g} × {height:g}; it cannot be drawn")
    if kind != "svg":
        _check_pixels(width, height, path.name)
        _check_decodes(data, path.name)
    return Picture(data, kind, width, height)


def _check_pixels(width: float, height: float, name: str) -> None:
    if width * height > MAX_PIXELS:
        raise PictureProblem(f"picture {name!r} is {width:.0f} × {height:.0f} pixels ({width * height / 1e6:,.0f} "
                             f"MP); a picture may have at most {MAX_PIXELS / 1e6:g} MP (scale it down)")


def _check_decodes(data: bytes, name: str) -> None:
    """Decode the bitmap once, here, so a damaged file is refused at the line that names
    it, not by the PDF writer halfway through a build. The size Pillow reads from the
    header is checked again before it decodes anything (its own limit is far higher)."""
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # Pillow's notes on odd metadata: the picture is drawn all the same
            with Image.open(io.BytesIO(data)) as image:
                _check_pixels(float(image.size[0]), float(image.size[1]), name)
                image.load()
    except PictureProblem:
        raise
    except (OSError, ValueError, SyntaxError, UnidentifiedImageError, Image.DecompressionBombError) as exc:
        raise PictureProblem(f"picture {name!r} cannot be read ({str(exc)[:80] or type(exc).__name__}); "
                             "save it again as PNG or JPEG") from None


def _png_size(data: bytes, name: str) -> tuple[float, float]:
    if not data.startswith(b"\x89PNG\r\n\x1a\n") or data[12:16] != b"IHDR":
        raise PictureProblem(f"picture {name!r} is not a PNG file")
    width, height = struct.unpack(">II", data[16:24])
    return float(width), float(height)


def _jpeg_size(data: bytes, name: str) -> tuple[float, float]:
    if not data.startswith(b"\xff\xd8"):
        raise PictureProblem(f"picture {name!r} is not a JPEG file")
    at = 2
    while at + 9 < len(data):
        if data[at] != 0xFF:
            at += 1
            continue
        marker = data[at + 1]
        if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            height, width = struct.unpack(">HH", data[at + 5: at + 9])
            return float(width), float(height)
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            at += 2
            continue
        (segment,) = struct.unpack(">H", data[at + 2: at + 4])
        at += 2 + segment
    raise PictureProblem(f"picture {name!r}: no image size found in the JPEG file")


def _svg_size(data: bytes, name: str) -> tuple[float, float]:
    """The width and height of the SVG's root element (or its viewBox)."""
    import io
    import xml.etree.ElementTree as ET

    from ..layout.units import length

    try:
        _, root = next(ET.iterparse(io.BytesIO(data), events=("start",)))
    except (ET.ParseError, StopIteration) as exc:
        raise PictureProblem(f"picture {name!r} is not a readable SVG file ({exc})") from None
    if not root.tag.endswith("svg"):
        raise PictureProblem(f"picture {name!r} is not an SVG file (its root is <{root.tag}>)")
    view = (root.get("viewBox") or "").replace(",", " ").split()
    try:
        if len(view) == 4 and float(view[2]) > 0 and float(view[3]) > 0:
            return float(view[2]), float(view[3])
        width, height = length((root.get("width") or "").replace("px", "")), length((root.get("height") or "").replace("px", ""))
        if width > 0 and height > 0:
            return width, height
    except ValueError:
        pass
    raise PictureProblem(f"picture {name!r}: the SVG states no size (give its <svg> a viewBox or width and height)")


def fitted(picture: Picture, x: float, y: float, w: float, h: float, fit: str) -> tuple[float, float, float, float]:
    """Where the picture goes in the box: stretched to it, or as large as fits with its
    proportions kept, centred ("contain")."""
    if fit == "stretch":
        return x, y, w, h
    scale = min(w / picture.width, h / picture.height)
    pw, ph = picture.width * scale, picture.height * scale
    return round(x + (w - pw) / 2, 4), round(y + (h - ph) / 2, 4), round(pw, 4), round(ph, 4)
