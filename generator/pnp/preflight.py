"""``pipworks preflight FILE [--for PROFILE]``: what a printer or a print shop would reject.

A PDF is read back (:mod:`.preflight_pdf`) and checked for page and box sizes, fonts
embedded, colour space, total ink, transparency, the smallest type and text inside the
safe zone. A PNG or a folder of PNGs is checked for exact pixel sizes; a Tabletop
Simulator saved object for its grids and sheet sizes. Without a profile the checks are
the ones every printed file needs; with one, the shop's published numbers
(:mod:`generator.pnp.profiles`). Every problem names the file, page and position.

The files may come from anyone: what preflight reads is bounded first
(:mod:`.preflight_limits`), and a path that is not a regular file or folder is refused
(:class:`Refused`, exit code 2).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterable

from ..layout.paper import PAPERS, PRINTER_MARGIN
from .preflight_limits import (MAX_JSON_BYTES, MAX_NESTING, MAX_PDF_BYTES, Refused, TooLarge, json_depth, read_capped,
                              regular_file)
from .profiles import PROFILES, TTS_GRID, TTS_MAX_PX, Profile


#: Every printed file: PRINT.md's safe zone, issue 14's smallest type on cards.
DEFAULT_SAFE_MM = 3.0
DEFAULT_MIN_TYPE_PT = 6.0
#: How far (mm) a measured position may stray before it counts: pdfium's glyph boxes
#: and our layout's font metrics differ by a few hundredths of a millimetre.
TOLERANCE_MM = 0.1
#: The most problems of one kind listed per file; the rest are counted.
LISTED = 20


@dataclass(frozen=True)
class Problem:
    file: str
    what: str
    page: int | None = None
    at: tuple[float, float] | None = None  # mm from the page's top-left corner
    kind: str = ""  # problems of one kind are listed LISTED at a time ("" : each its own kind)
    more: int = 0  # > 0: this line stands for that many further problems not listed one by one

    @property
    def count(self) -> int:
        """How many problems this line stands for."""
        return self.more or 1

    def as_json(self) -> dict[str, Any]:
        return {"file": self.file, "page": self.page, "at_mm": list(self.at) if self.at else None,
                "problem": self.what, "kind": self.kind or None, "stands_for": self.count}

    def __str__(self) -> str:
        where = "".join([f" page {self.page}" if self.page is not None else "",
                         f" at {self.at[0]:.1f}, {self.at[1]:.1f} mm" if self.at is not None else ""])
        return f"{self.file}:{where}{':' if where else ''} {self.what}"


@dataclass(frozen=True)
class Rules:
    """What one file is checked against."""

    min_type_pt: float = DEFAULT_MIN_TYPE_PT
    safe_mm: float = DEFAULT_SAFE_MM  # text this far inside the TrimBox, on pages that have one
    page_mm: tuple[float, float] | None = None  # exact page size (the bleed box of one card)
    trim_mm: tuple[float, float] | None = None  # exact TrimBox size
    boxes: bool = False  # every page must carry TrimBox and BleedBox
    cmyk: bool = False  # colour operators CMYK (or grey) only, no transparency, an OutputIntent
    max_ink: float | None = None  # total area coverage, %
    face_px: tuple[int, int] | None = None  # every PNG exactly this size
    edge_mm: float | None = None  # text at least this far in from the paper's edge (home printers)
    rgb_images: bool = False  # images in RGB (or grey): what the image-taking shops print from
    page_name: str = "the profile's card with bleed"  # what ``page_mm`` is, in messages
    #: the rules for the shop's other cards (MakePlayingCards' tarot beside its poker
    #: card): a page or image of one of their sizes is checked against them instead
    others: tuple[Rules, ...] = ()

    def for_page(self, size_mm: tuple[float, float]) -> Rules:
        """The rules for a page of ``size_mm``: the shop's card of that size, if it makes one."""
        if self.page_mm is not None and not _same(size_mm, self.page_mm):
            return next((r for r in self.others if r.page_mm is not None and _same(size_mm, r.page_mm)), self)
        return self

    def for_px(self, size: tuple[int, int]) -> Rules:
        """The rules for an image of ``size``: the shop's card of that size, if it makes one."""
        if self.face_px is not None and size != self.face_px:
            return next((r for r in self.others if r.face_px == size), self)
        return self


def rules_for(profile: Profile | None) -> Rules:
    """What a file for ``profile`` is checked against: its card (and the shop's other cards)."""
    if profile is None:
        return Rules()
    others = tuple(_card_rules(profile.at(product)) for product in profile.products if product != profile.card)
    return replace(_card_rules(profile), others=others)


def _card_rules(profile: Profile) -> Rules:
    page = (profile.page_in[0] * 25.4, profile.page_in[1] * 25.4)
    return Rules(min_type_pt=profile.min_type_pt, safe_mm=profile.safe_mm, page_mm=page, trim_mm=profile.trim_mm,
                 boxes=True, cmyk=profile.colour == "cmyk", max_ink=profile.max_ink, face_px=profile.face_px,
                 rgb_images=profile.colour == "rgb")


@dataclass(frozen=True)
class Shop:
    """What ``preflight --for NAME`` checks against: a print-shop profile, or a home
    printer's paper (a print-and-play kit: the paper's exact size, text clear of the
    margin the printer cannot reach, any colour)."""

    name: str
    target: str
    takes: tuple[str, ...]  # file kinds: suffixes, or "folder"
    takes_words: str
    rules: Rules


def _shop(profile: Profile) -> Shop:
    return Shop(profile.name, profile.target, profile.takes, profile.takes_words, rules_for(profile))


def _shops() -> dict[str, Shop]:
    shops = {p.name: _shop(p) for p in PROFILES.values()}
    for paper in PAPERS.values():
        name = f"home-{paper.key}"
        shops[name] = Shop(name, f"a home printer ({paper.label})", ("pdf",),
                           f"a home printer prints a PDF of {paper.label} pages ({paper.width:g} × {paper.height:g} mm)",
                           Rules(page_mm=(paper.width, paper.height), edge_mm=PRINTER_MARGIN,
                                 page_name=f"{paper.label} paper"))
    return shops


SHOPS: dict[str, Shop] = _shops()


def find_shop(name: str) -> Shop:
    """The shop or home paper called ``name``; a ValueError naming the choices otherwise."""
    try:
        return SHOPS[name]
    except KeyError:
        raise ValueError(f"unknown profile {name!r}; choose one of {', '.join(SHOPS)}") from None


def _file_kind(path: Path) -> str:
    return "folder" if path.is_dir() else path.suffix.lower().lstrip(".") or "(no suffix)"


def refused(path: Path, shop: Shop, name: str) -> Problem | None:
    """A file of a kind the shop does not take, refused in the shop's words."""
    kind = _file_kind(path)
    if kind in shop.takes:
        return None
    what = "a folder" if kind == "folder" else f"a .{kind} file"
    return Problem(name, f"{what}, which {shop.target} does not take: {shop.takes_words}")


def total(problems: Iterable[Problem]) -> int:
    """How many problems ``problems`` lists, a "… and N more" line counting N."""
    return sum(p.count for p in problems)


def preflight(path: Path, profile: Profile | Shop | None = None, shown: str | None = None) -> list[Problem]:
    """Every problem of the PDF, PNG, folder of PNGs or TTS saved object at ``path``;
    with a profile, a file of a kind its target does not take is refused outright.
    Raises :class:`Refused` for a path that is neither a regular file nor a folder."""
    name = shown or str(path)
    shop = _shop(profile) if isinstance(profile, Profile) else profile
    if shop is not None and (refusal := refused(path, shop, name)) is not None:
        return [refusal]
    rules = shop.rules if shop is not None else Rules()
    if path.is_dir():
        pngs = sorted(path.rglob("*.png"))
        if not pngs:
            return [Problem(name, "no PNG files in this folder")]
        return [p for png in pngs for p in check_png(png, rules, f"{name}/{png.relative_to(path)}")]
    regular_file(path, name)
    suffix = path.suffix.lower()
    if suffix == ".pdf":
        try:
            data = read_capped(path, name, MAX_PDF_BYTES, "the file")
        except TooLarge as exc:
            return [Problem(name, str(exc))]
        return check_pdf(data, rules, name)
    if suffix == ".png":
        return check_png(path, rules, name)
    if suffix in (".jpg", ".jpeg") and shop is not None:
        return check_jpeg(path, rules, name)
    if suffix == ".json":
        return check_tts(path, name)
    return [Problem(name, "not a PDF, a PNG, a folder of PNGs or a Tabletop Simulator saved object (.json)")]


# -- PDF --------------------------------------------------------------------------------

def _inside(inner: tuple[float, float, float, float], outer: tuple[float, float, float, float], margin: float = 0.0) -> bool:
    return (inner[0] >= outer[0] + margin - TOLERANCE_MM and inner[1] >= outer[1] + margin - TOLERANCE_MM
            and inner[2] <= outer[2] - margin + TOLERANCE_MM and inner[3] <= outer[3] - margin + TOLERANCE_MM)


def _size(box: tuple[float, float, float, float]) -> tuple[float, float]:
    return box[2] - box[0], box[3] - box[1]


def _same(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) <= TOLERANCE_MM and abs(a[1] - b[1]) <= TOLERANCE_MM


def _mm(size: tuple[float, float]) -> str:
    return f"{size[0]:.2f} × {size[1]:.2f} mm"


def check_pdf(data: bytes, rules: Rules, name: str) -> list[Problem]:
    from .preflight_limits import pdf_limits
    from .preflight_pdf import read_pages

    beyond = pdf_limits(data)
    if beyond:  # not handed to pdfium or pypdf: they would inflate every stream whole
        return [Problem(name, what) for what in beyond]

    def wanted(size_pt: float, box: Any, embedded: bool, trim: Any) -> bool:
        """Only a run that breaks a rule needs its text read (for the message)."""
        return (not embedded or size_pt < rules.min_type_pt - 0.01 or rules.edge_mm is not None
                or (trim is not None and not _inside(box, trim, rules.safe_mm)))

    try:
        pages = read_pages(data, wanted)
    except TooLarge as exc:
        return [Problem(name, str(exc))]
    except Exception as exc:  # pdfium says why it cannot open the file
        return [Problem(name, f"cannot be read as a PDF ({exc})")]
    problems: list[Problem] = []
    for page in pages:
        problems.extend(_page_problems(page, rules, name))
    if rules.cmyk:
        problems.extend(_colour_problems_of(data, rules, name))
    return _capped(problems)


def _colour_problems_of(data: bytes, rules: Rules, name: str) -> list[Problem]:
    """The colour problems pypdf finds; a file pdfium read but pypdf cannot (a
    malformed object, a wrong type where a dictionary belongs) is itself a problem."""
    import logging
    import warnings

    found: list[Problem] = []
    quiet = logging.getLogger("pypdf")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)  # its notes on a broken file are not lines of the report
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            found.extend(_colour_problems(data, rules, name))
    except Exception as exc:  # pypdf's errors are many and untyped: each says what it met
        found.append(Problem(name, f"colours and transparency cannot be checked ({exc})"[:300]))
    finally:
        quiet.setLevel(level)
    return found


def _page_problems(page: Any, rules: Rules, name: str) -> Iterable[Problem]:
    n = page.number
    rules = rules.for_page(page.size_mm)
    if rules.page_mm and not _same(page.size_mm, rules.page_mm):
        yield Problem(name, f"page is {_mm(page.size_mm)}, {rules.page_name} is {_mm(rules.page_mm)}", n)
    if rules.boxes and page.trim is None:
        yield Problem(name, "no TrimBox (print shops cut along it)", n)
    if rules.boxes and page.bleed is None:
        yield Problem(name, "no BleedBox", n)
    if page.trim is not None:
        if rules.trim_mm and not _same(_size(page.trim), rules.trim_mm):
            yield Problem(name, f"TrimBox is {_mm(_size(page.trim))}, the profile's card is {_mm(rules.trim_mm)}", n)
        outer = page.bleed or page.media
        if not _inside(page.trim, outer):
            yield Problem(name, "TrimBox reaches outside the BleedBox", n, page.trim[:2])
    if page.bleed is not None and not _inside(page.bleed, page.media):
        yield Problem(name, "BleedBox reaches outside the page", n, page.bleed[:2])
    for run in page.texts:
        yield from _text_problems(run, page, rules, name)
        if rules.edge_mm is not None and run.text.strip() and not _inside(run.box, page.media, rules.edge_mm):
            yield Problem(name, f"text {run.text.strip()[:40]!r} is less than {rules.edge_mm:g} mm from the paper's "
                                "edge, where a home printer may not print", n, (run.box[0], run.box[1]), "edge")


def _text_problems(run: Any, page: Any, rules: Rules, name: str) -> Iterable[Problem]:
    at = (run.box[0], run.box[1])
    shown = run.text.strip()[:40] or "(a space)"
    if not run.embedded:
        yield Problem(name, f"font {run.font} is not embedded (text {shown!r})", page.number, at, "font")
    if run.size_pt < rules.min_type_pt - 0.01 and run.text.strip():
        yield Problem(name, f"text {shown!r} is {run.size_pt:.1f} pt, under the {rules.min_type_pt:g} pt minimum",
                      page.number, at, "type")
    if page.trim is not None and run.text.strip() and not _inside(run.box, page.trim, rules.safe_mm):
        yield Problem(name, f"text {shown!r} is less than {rules.safe_mm:.2f} mm inside the trim (outside the safe zone)",
                      page.number, at, "safe")


def _colour_problems(data: bytes, rules: Rules, name: str) -> Iterable[Problem]:
    import io

    from pypdf import PdfReader

    from .preflight_pdf import paints, transparency

    reader = PdfReader(io.BytesIO(data))
    root: Any = reader.trailer["/Root"].get_object()
    intents = _resolved(root.get("/OutputIntents"))
    if not isinstance(intents, list) or not any(_field(i, "/S") == "/GTS_PDFX" for i in intents):
        yield Problem(name, "no PDF/X OutputIntent (the printing condition the colours are meant for)")
    info = _resolved(reader.trailer.get("/Info"))
    if not isinstance(info, dict) or "/GTS_PDFXVersion" not in info:
        yield Problem(name, "no GTS_PDFXVersion in the document information (not marked PDF/X)")
    for index in range(len(reader.pages)):
        for reason in transparency(reader, index):
            yield Problem(name, f"transparency: {reason}", index + 1)
        for paint in paints(reader, index):
            if paint.space not in ("cmyk", "gray"):
                yield Problem(name, f"colour in {paint.space.upper()} {_values(paint.values)}, the profile prints CMYK only",
                              paint.page, paint.at, "colour")
            elif paint.space == "cmyk" and rules.max_ink and sum(paint.values) * 100 > rules.max_ink + 0.01:
                yield Problem(name, f"total ink {sum(paint.values) * 100:.0f} % {_values(paint.values)}, over "
                                    f"{rules.max_ink:g} %", paint.page, paint.at, "ink")


def _resolved(value: Any) -> Any:
    return value.get_object() if hasattr(value, "get_object") else value


def _field(value: Any, key: str) -> Any:
    """``value[key]`` if ``value`` is (a reference to) a dictionary: an OutputIntent may be a number."""
    value = _resolved(value)
    return value.get(key) if isinstance(value, dict) else None


def _values(values: tuple[float, ...]) -> str:
    return "(" + " ".join(f"{v:g}" for v in values) + ")"


def _capped(problems: list[Problem]) -> list[Problem]:
    """At most LISTED problems of each kind, then how many more there are."""
    counts: dict[str, int] = {}
    for problem in problems:
        if problem.kind:
            counts[problem.kind] = counts.get(problem.kind, 0) + 1
    kept: list[Problem] = []
    listed: dict[str, int] = {}
    for problem in problems:
        if not problem.kind:
            kept.append(problem)
            continue
        listed[problem.kind] = listed.get(problem.kind, 0) + 1
        if listed[problem.kind] <= LISTED:
            kept.append(problem)
        elif listed[problem.kind] == LISTED + 1:
            more = counts[problem.kind] - LISTED
            kept.append(Problem(problem.file, f"… and {more} more like the above", kind=problem.kind, more=more))
    return kept


# -- PNG and Tabletop Simulator -----------------------------------------------------------

def _png_header(path: Path) -> tuple[int, int, int] | None:
    from .profiles.raster import png_size

    with path.open("rb") as handle:
        return png_size(handle.read(32))


def check_png(path: Path, rules: Rules, name: str) -> list[Problem]:
    regular_file(path, name)  # a FIFO named x.png in a folder would block for ever
    header = _png_header(path)
    if header is None:
        return [Problem(name, "not a PNG image")]
    width, height, colour_type = header
    rules = rules.for_px((width, height))
    problems = []
    if rules.face_px and (width, height) != rules.face_px:
        problems.append(Problem(name, f"image is {width} × {height} px, the profile takes exactly "
                                      f"{rules.face_px[0]} × {rules.face_px[1]} px"))
    if colour_type in (4, 6):  # grey or RGB with an alpha channel
        problems.append(Problem(name, "image has an alpha channel: print shops want opaque images"))
    return problems


def check_jpeg(path: Path, rules: Rules, name: str) -> list[Problem]:
    """A JPG face: its pixel size and colour mode, read from the header only."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as image:
            size, mode = image.size, image.mode
    except (OSError, UnidentifiedImageError):
        return [Problem(name, "not a JPG image")]
    rules = rules.for_px(size)
    problems = []
    if rules.face_px and size != rules.face_px:
        problems.append(Problem(name, f"image is {size[0]} × {size[1]} px, the profile takes exactly "
                                      f"{rules.face_px[0]} × {rules.face_px[1]} px"))
    if rules.rgb_images and mode not in ("RGB", "L"):
        problems.append(Problem(name, f"image is {mode}, the shop prints from RGB images"))
    return problems


def check_tts(path: Path, name: str) -> list[Problem]:
    """A saved object: every CustomDeck's grid within 10 × 7, its sheets' pixel sizes a
    whole number of cells and at most 4096 px, every card in a slot before the last.
    A value of the wrong type (or nesting past the limit) is a problem, never a crash."""
    try:
        save = json.loads(read_capped(path, name, MAX_JSON_BYTES, "the file").decode("utf-8"))
    except TooLarge as exc:
        return [Problem(name, str(exc))]
    except RecursionError:
        return [Problem(name, f"lists and objects nest over {MAX_NESTING} deep, more than preflight reads")]
    except (OSError, ValueError) as exc:
        return [Problem(name, f"cannot be read as JSON ({exc})"[:300])]
    if json_depth(save) > MAX_NESTING:
        return [Problem(name, f"lists and objects nest {json_depth(save)} deep, over the {MAX_NESTING} preflight reads")]
    objects = save.get("ObjectStates") if isinstance(save, dict) else None
    if not isinstance(objects, list) or not objects:
        return [Problem(name, "no ObjectStates: nothing for Tabletop Simulator to spawn")]
    problems: list[Problem] = []
    for n, obj in enumerate(objects):
        problems.extend(_object_problems(obj, f"ObjectStates[{n}]", name, path.parent))
    return _capped(problems)


def _typed(value: Any, kind: type | tuple[type, ...], where: str, name: str, wanted: str) -> Problem | None:
    """A problem if ``value`` is not of ``kind`` (a bool is no number here)."""
    if isinstance(value, kind) and not (isinstance(value, bool) and kind is not bool):
        return None
    return Problem(name, f"{where} is {json.dumps(value)[:40]}, not {wanted}", kind="type")


def _object_problems(obj: Any, where: str, name: str, folder: Path) -> list[Problem]:
    wrong = _typed(obj, dict, where, name, "an object")
    if wrong:
        return [wrong]
    decks = obj.get("CustomDeck") or {}
    wrong = _typed(decks, dict, f"{where}.CustomDeck", name, "an object")
    if wrong:
        return [wrong]
    problems = []
    for key, deck in decks.items():
        at = f"{where}.CustomDeck.{key}"
        problems.extend([wrong] if (wrong := _typed(deck, dict, at, name, "an object"))
                        else _custom_deck_problems(deck, at, name, folder))
    ids = obj.get("DeckIDs") or ([obj["CardID"]] if "CardID" in obj else [])
    wrong = _typed(ids, list, f"{where}.DeckIDs", name, "a list")
    if wrong:
        return [*problems, wrong]
    for card_id in ids:
        wrong = _typed(card_id, int, f"{where}: a card", name, "a whole number")
        if wrong:
            problems.append(wrong)
            continue
        deck = decks.get(str(card_id // 100))
        if not isinstance(deck, dict):
            problems.append(Problem(name, f"{where}: card {card_id} names sheet {card_id // 100}, "
                                          "which its CustomDeck lacks", kind="card"))
        elif card_id % 100 >= _whole(deck.get("NumWidth")) * _whole(deck.get("NumHeight")) - 1:
            problems.append(Problem(name, f"{where}: card {card_id} sits in the hidden-card slot or beyond", kind="card"))
    return problems


def _whole(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _custom_deck_problems(deck: dict[str, Any], at: str, name: str, folder: Path) -> list[Problem]:
    where = f"{name}: {at}"
    problems = [wrong for field in ("NumWidth", "NumHeight")
                if (wrong := _typed(deck.get(field, 0), int, f"{at}.{field}", name, "a whole number"))]
    cols, rows = _whole(deck.get("NumWidth")), _whole(deck.get("NumHeight"))
    if not (1 <= cols <= TTS_GRID[0] and 1 <= rows <= TTS_GRID[1]):
        problems.append(Problem(where, f"grid {cols} × {rows}, Tabletop Simulator takes at most {TTS_GRID[0]} × {TTS_GRID[1]}"))
    for field in ("FaceURL", "BackURL"):
        url = deck.get(field, "")
        wrong = _typed(url, str, f"{at}.{field}", name, "a text")
        if wrong:
            problems.append(wrong)
            continue
        local = _local_file(url, folder)
        if local is None:
            continue  # an uploaded image: nothing here to measure
        header = _local_png(local)
        if header is None:
            problems.append(Problem(where, f"{field} {url[:200]} is not a PNG file here"))
            continue
        w, h, _ = header
        if max(w, h) > TTS_MAX_PX:
            problems.append(Problem(where, f"{field} image is {w} × {h} px, over {TTS_MAX_PX} px a side"))
        sheet = field == "FaceURL" or deck.get("UniqueBack")
        if sheet and cols and rows and (w % cols or h % rows):
            problems.append(Problem(where, f"{field} image {w} × {h} px does not divide into {cols} × {rows} cards"))
    return problems


def _local_png(path: Path) -> tuple[int, int, int] | None:
    """The PNG header of a regular file (a FIFO or a device is no PNG, and never opened)."""
    try:
        return _png_header(path) if path.is_file() else None
    except (OSError, ValueError):  # a name too long, a NUL byte in it
        return None


def _local_file(url: str, folder: Path) -> Path | None:
    """The file an image URL names on this computer: a file: URL, or a bare name relative
    to the saved object's ``folder``; None for an uploaded image (http, https)."""
    from urllib.parse import unquote, urlparse

    try:
        parsed = urlparse(url)
    except ValueError:  # not a URL at all ("http://[")
        return None
    if parsed.scheme == "file":
        return Path(unquote(parsed.path))
    return folder / unquote(url) if not parsed.scheme and url else None
