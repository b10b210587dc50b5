"""A designer's own SVG icon, read safely and turned into the scene's vector paths.

An icon file is data from a project, so it is parsed as data: with expat, refusing any
DOCTYPE (and so every entity, internal or external, as defusedxml does), bounded in
bytes, elements, nesting and path segments, and read for shapes only. What it draws
becomes :class:`~generator.scene.Path` items, so the SVG and the PDF backends draw the
very same vectors (nothing of the file itself is copied into an output: no script,
link or style can travel). The subset read is what icon sets and editors write for a
flat icon: ``path``, ``rect``, ``circle``, ``ellipse``, ``line``, ``polyline``,
``polygon`` and ``g``, with ``transform``, ``fill``, ``stroke``, ``stroke-width`` and
``opacity`` (as attributes or in ``style``); ``title``, ``desc``, ``metadata`` and
editors' own elements (Inkscape's ``sodipodi:namedview``) are skipped. Anything else
(text, images, gradients, ``use``, links) is refused with the element's name.
``fill="currentColor"`` takes the colour the layout gives the icon; every other colour
is the icon's own. Fill rules are drawn non-zero in both backends.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path as FilePath
from typing import Any, Iterator
from xml.parsers import expat

from ..scene import Item, Path, Style

#: Bytes an icon file may have: a detailed icon is a few kilobytes.
MAX_ICON_BYTES = 1_000_000
#: Elements, nesting depth and path segments an icon may have.
MAX_ELEMENTS = 10_000
MAX_DEPTH = 32
MAX_SEGMENTS = 100_000

SVG_NS = "http://www.w3.org/2000/svg"
SHAPES = ("path", "rect", "circle", "ellipse", "line", "polyline", "polygon")
SKIPPED = ("title", "desc", "metadata")
#: Presentation properties read; others (ids, classes, fonts never used) are ignored.
PAINT = ("fill", "stroke", "stroke-width", "opacity", "fill-opacity", "stroke-opacity", "display", "visibility")
NAMED = {
    "black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000", "blue": "#0000ff",
    "yellow": "#ffff00", "orange": "#ffa500", "purple": "#800080", "grey": "#808080", "gray": "#808080",
    "brown": "#a52a2a", "navy": "#000080", "gold": "#ffd700", "silver": "#c0c0c0", "maroon": "#800000",
}
CURRENT = "currentColor"
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


class IconProblem(ValueError):
    """The icon cannot be used; the message says why (and names the element)."""


@dataclass(frozen=True)
class Shape:
    """One drawn outline of an icon, in the icon's unit square centred on (0, 0)."""

    commands: tuple[tuple[Any, ...], ...]
    fill: str | None
    stroke: str | None
    stroke_width: float
    opacity: float


@dataclass(frozen=True)
class VectorIcon:
    shapes: tuple[Shape, ...]

    def items(self, cx: float, cy: float, size: float, colour: str, bw: bool) -> list[Item]:
        """The icon in a ``size`` mm square centred on (cx, cy); ``currentColor`` is
        ``colour``; in the ink-saving build the icon's own colours print as greys of the
        same lightness (all black, a coloured icon would lose what it draws inside)."""
        def paint(value: str | None) -> str | None:
            if value is None or value == CURRENT:
                return colour if value == CURRENT else None
            return grey(value) if bw else value

        out: list[Item] = []
        for shape in self.shapes:
            commands = tuple((op, *(round((cx if i % 2 == 0 else cy) + v * size, 4) for i, v in enumerate(args)))
                             for op, *args in shape.commands)
            stroke = paint(shape.stroke)
            out.append(Path(commands, Style(fill=paint(shape.fill), stroke=stroke,
                                            stroke_width=round(shape.stroke_width * size, 4) if stroke else 0.0,
                                            opacity=shape.opacity)))
        return out


def grey(colour: str) -> str:
    """``#rrggbb`` as the grey of its lightness (Rec. 601 luma, as printers take it)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    level = round(0.299 * r + 0.587 * g + 0.114 * b)
    return f"#{level:02x}{level:02x}{level:02x}"


def load_svg_icon(path: FilePath) -> VectorIcon:
    """The icon in ``path``; raises IconProblem saying what is wrong with it."""
    try:
        stat = path.stat()
    except OSError as exc:
        raise IconProblem(f"cannot read it: {exc.strerror or exc}") from None
    if stat.st_size > MAX_ICON_BYTES:
        raise IconProblem(f"it has {stat.st_size:,} bytes; an SVG icon may have at most {MAX_ICON_BYTES:,}")
    return _load(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=256)
def _load(path: FilePath, mtime: int, size: int) -> VectorIcon:
    return parse_svg_icon(path.read_bytes())


# -- a tree from expat, with no DOCTYPE and no entities ---------------------------------


@dataclass
class _Element:
    tag: str  # local name; "" for an element outside SVG's namespace (skipped)
    attrs: dict[str, str]
    children: list["_Element"]
    line: int


def _tree(data: bytes) -> _Element:
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[_Element] = []
    root: list[_Element] = []
    count = [0]

    def refuse_doctype(*_: Any) -> None:
        raise IconProblem("it has a DOCTYPE (entities are not allowed in an icon); remove it")

    def refuse_entity(*_: Any) -> int:
        raise IconProblem("it refers to an external entity; refusing it")

    def start(name: str, attrs: dict[str, str]) -> None:
        count[0] += 1
        if count[0] > MAX_ELEMENTS:
            raise IconProblem(f"it has more than {MAX_ELEMENTS:,} elements")
        if len(stack) >= MAX_DEPTH:
            raise IconProblem(f"its elements nest more than {MAX_DEPTH} deep")
        ns, _, local = name.rpartition(" ")
        element = _Element(local if ns in ("", SVG_NS) else "", dict(attrs), [], parser.CurrentLineNumber)
        (stack[-1].children if stack else root).append(element)
        stack.append(element)

    def end(_: str) -> None:
        stack.pop()

    parser.StartDoctypeDeclHandler = refuse_doctype
    parser.EntityDeclHandler = refuse_doctype
    parser.UnparsedEntityDeclHandler = refuse_doctype
    parser.ExternalEntityRefHandler = refuse_entity
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise IconProblem(f"it is not well-formed XML ({expat.errors.messages[exc.code]}, line {exc.lineno})") from None
    if not root or root[0].tag != "svg":
        raise IconProblem("it is not an SVG file (its root element is not <svg>)")
    return root[0]


# -- the tree to shapes -------------------------------------------------------------------


def parse_svg_icon(data: bytes) -> VectorIcon:
    """The shapes an SVG icon draws, fitted into a unit square centred on (0, 0)."""
    root = _tree(data)
    box = _view_box(root)
    found: list[tuple[tuple[tuple[Any, ...], ...], dict[str, Any], float]] = []
    segments = [0]
    _walk(root, IDENTITY, {"fill": "#000000", "stroke": None, "stroke-width": 1.0, "opacity": 1.0}, found, segments)
    if not found:
        raise IconProblem("it draws nothing (no path, rect, circle, ellipse, line, polyline or polygon)")
    if box is None:
        xs = [v for commands, _, _ in found for c in commands for v in c[1::2]]
        ys = [v for commands, _, _ in found for c in commands for v in c[2::2]]
        box = (min(xs), min(ys), max(xs) - min(xs) or 1.0, max(ys) - min(ys) or 1.0)
    x0, y0, w, h = box
    scale = 1.0 / max(w, h)
    mx, my = x0 + w / 2, y0 + h / 2
    shapes = []
    for commands, paint, stretch in found:
        fitted = tuple((c[0], *(((v - (mx if i % 2 == 0 else my)) * scale) for i, v in enumerate(c[1:])))
                       for c in commands)
        shapes.append(Shape(fitted, paint["fill"], paint["stroke"], paint["stroke-width"] * stretch * scale,
                            paint["opacity"]))
    return VectorIcon(tuple(shapes))


def _view_box(root: _Element) -> tuple[float, float, float, float] | None:
    if "viewBox" in root.attrs:
        numbers = _numbers(root.attrs["viewBox"], "viewBox")
        if len(numbers) != 4 or numbers[2] <= 0 or numbers[3] <= 0:
            raise IconProblem(f"its viewBox {root.attrs['viewBox']!r} is not four numbers with a positive size")
        return numbers[0], numbers[1], numbers[2], numbers[3]
    try:
        w, h = (float(re.sub(r"px$", "", root.attrs[k].strip())) for k in ("width", "height"))
    except (KeyError, ValueError):
        return None  # the shapes' own extent
    return (0.0, 0.0, w, h) if w > 0 and h > 0 else None


def _walk(element: _Element, matrix: Matrix, inherited: dict[str, Any],
          found: list[tuple[tuple[tuple[Any, ...], ...], dict[str, Any], float]], segments: list[int]) -> None:
    for child in element.children:
        if child.tag == "" or child.tag in SKIPPED:
            continue
        where = f"<{child.tag}> (line {child.line})"
        for name, value in child.attrs.items():
            if name.rpartition(" ")[2] == "href" or name.startswith("on"):
                raise IconProblem(f"{where} has {name.rpartition(' ')[2]}=: links and scripts are not allowed in an icon")
            if "url(" in value:
                raise IconProblem(f"{where} refers to {value.strip()!r}: gradients, patterns, masks and clips "
                                  "are not supported in an icon; use flat colours")
        if child.tag not in SHAPES and child.tag != "g":
            raise IconProblem(f"{where} is not supported in an icon; draw with path, rect, circle, ellipse, line, "
                              "polyline, polygon and g (text: convert it to paths)")
        paint = _paint(child, inherited, where)
        if paint is None:  # display: none
            continue
        here = _multiply(matrix, _transform(child.attrs.get("transform", ""), where))
        if child.tag == "g":
            _walk(child, here, paint, found, segments)
            continue
        commands = _shape(child, where)
        segments[0] += len(commands)
        if segments[0] > MAX_SEGMENTS:
            raise IconProblem(f"it draws more than {MAX_SEGMENTS:,} path segments")
        if commands:
            stretch = math.sqrt(abs(here[0] * here[3] - here[1] * here[2]))
            found.append((tuple(_moved(c, here) for c in commands), paint, stretch))


def _paint(element: _Element, inherited: dict[str, Any], where: str) -> dict[str, Any] | None:
    props = {k: v for k, v in element.attrs.items() if k in PAINT}
    for part in element.attrs.get("style", "").split(";"):
        key, _, value = part.partition(":")
        if key.strip() in PAINT:
            props[key.strip()] = value.strip()
    if props.get("display") == "none" or props.get("visibility") == "hidden":
        return None
    paint = dict(inherited)
    for key in ("fill", "stroke"):
        if key in props:
            paint[key] = _colour(props[key], where)
    if "stroke-width" in props:
        paint["stroke-width"] = _number(re.sub(r"px$", "", props["stroke-width"]), where, "stroke-width")
    opacity = paint["opacity"] * _unit(props.get("opacity"), where)
    own = "fill-opacity" if paint["fill"] is not None else "stroke-opacity"
    paint["opacity"] = round(opacity * _unit(props.get(own), where), 4)
    return paint


def _unit(value: str | None, where: str) -> float:
    if value is None:
        return 1.0
    return min(1.0, max(0.0, _number(value, where, "opacity")))


def _colour(value: str, where: str) -> str | None:
    text = value.strip()
    if text in ("none", "transparent"):
        return None
    if text == CURRENT:
        return CURRENT
    if re.fullmatch(r"#[0-9a-fA-F]{6}", text):
        return text.lower()
    if re.fullmatch(r"#[0-9a-fA-F]{3}", text):
        return "#" + "".join(ch * 2 for ch in text[1:].lower())
    rgb = re.fullmatch(r"rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)", text)
    if rgb:
        return "#" + "".join(f"{min(255, int(v)):02x}" for v in rgb.groups())
    if text.lower() in NAMED:
        return NAMED[text.lower()]
    raise IconProblem(f"{where} has colour {text[:40]!r}; write #rrggbb, rgb(r, g, b), currentColor, none "
                      f"or one of {', '.join(NAMED)}")


def _number(value: str, where: str, name: str) -> float:
    try:
        number = float(value)
    except ValueError:
        raise IconProblem(f"{where} has {name} {value[:40]!r}, which is not a number") from None
    if not math.isfinite(number) or abs(number) > 1e9:
        raise IconProblem(f"{where} has {name} {value[:40]!r}, out of range")
    return number


_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def _numbers(text: str, where: str) -> list[float]:
    return [_number(n, where, "a coordinate") for n in _NUMBER.findall(text)]


# -- transforms ---------------------------------------------------------------------------


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _transform(text: str, where: str) -> Matrix:
    matrix = IDENTITY
    rest = text.strip()
    for name, args in re.findall(r"([a-zA-Z]+)\s*\(([^)]*)\)", rest):
        v = _numbers(args, where)
        step: Matrix
        if name == "matrix" and len(v) == 6:
            step = (v[0], v[1], v[2], v[3], v[4], v[5])
        elif name == "translate" and len(v) in (1, 2):
            step = (1, 0, 0, 1, v[0], v[1] if len(v) == 2 else 0.0)
        elif name == "scale" and len(v) in (1, 2):
            step = (v[0], 0, 0, v[1] if len(v) == 2 else v[0], 0, 0)
        elif name == "rotate" and len(v) in (1, 3):
            r = math.radians(v[0])
            step = (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0)
            if len(v) == 3:
                step = _multiply(_multiply((1, 0, 0, 1, v[1], v[2]), step), (1, 0, 0, 1, -v[1], -v[2]))
        elif name == "skewX" and len(v) == 1:
            step = (1, 0, math.tan(math.radians(v[0])), 1, 0, 0)
        elif name == "skewY" and len(v) == 1:
            step = (1, math.tan(math.radians(v[0])), 0, 1, 0, 0)
        else:
            raise IconProblem(f"{where} has transform {name}({args.strip()[:40]}), which is not one SVG knows")
        matrix = _multiply(matrix, step)
    if rest and not re.fullmatch(r"(\s*[a-zA-Z]+\s*\([^)]*\)\s*,?)+", rest):
        raise IconProblem(f"{where} has transform {rest[:60]!r}, which cannot be read")
    return matrix


def _moved(command: tuple[Any, ...], m: Matrix) -> tuple[Any, ...]:
    out: list[Any] = [command[0]]
    for i in range(1, len(command), 2):
        x, y = command[i], command[i + 1]
        out += [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]
    return tuple(out)


# -- shapes to M, L, C and Z ----------------------------------------------------------------

_K = 0.5522847498  # a quarter circle's control points, as a share of the radius


def _attr(element: _Element, name: str, where: str, default: float = 0.0) -> float:
    value = element.attrs.get(name)
    return default if value is None else _number(re.sub(r"px$", "", value.strip()), where, name)


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> list[tuple[Any, ...]]:
    kx, ky = rx * _K, ry * _K
    return [("M", cx + rx, cy), ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
            ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy), ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
            ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy), ("Z",)]


def _shape(element: _Element, where: str) -> list[tuple[Any, ...]]:
    tag = element.tag
    if tag == "path":
        return list(path_commands(element.attrs.get("d", ""), where))
    if tag in ("circle", "ellipse"):
        cx, cy = _attr(element, "cx", where), _attr(element, "cy", where)
        rx = _attr(element, "r" if tag == "circle" else "rx", where)
        ry = rx if tag == "circle" else _attr(element, "ry", where)
        return _ellipse(cx, cy, rx, ry) if rx > 0 and ry > 0 else []
    if tag == "rect":
        x, y = _attr(element, "x", where), _attr(element, "y", where)
        w, h = _attr(element, "width", where), _attr(element, "height", where)
        if w <= 0 or h <= 0:
            return []
        given_x = element.attrs.get("rx", element.attrs.get("ry"))
        given_y = element.attrs.get("ry", element.attrs.get("rx"))
        r_x = min(w / 2, _number(given_x, where, "rx")) if given_x else 0.0
        r_y = min(h / 2, _number(given_y, where, "ry")) if given_y else 0.0
        if r_x <= 0 or r_y <= 0:
            return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
        kx, ky = r_x * (1 - _K), r_y * (1 - _K)
        return [("M", x + r_x, y), ("L", x + w - r_x, y), ("C", x + w - kx, y, x + w, y + ky, x + w, y + r_y),
                ("L", x + w, y + h - r_y), ("C", x + w, y + h - ky, x + w - kx, y + h, x + w - r_x, y + h),
                ("L", x + r_x, y + h), ("C", x + kx, y + h, x, y + h - ky, x, y + h - r_y),
                ("L", x, y + r_y), ("C", x, y + ky, x + kx, y, x + r_x, y), ("Z",)]
    if tag == "line":
        return [("M", _attr(element, "x1", where), _attr(element, "y1", where)),
                ("L", _attr(element, "x2", where), _attr(element, "y2", where))]
    points = _numbers(element.attrs.get("points", ""), where)
    if len(points) < 4:
        return []
    pairs = list(zip(points[0::2], points[1::2]))
    commands: list[tuple[Any, ...]] = [("M", *pairs[0]), *(("L", *p) for p in pairs[1:])]
    return commands + [("Z",)] if tag == "polygon" else commands


_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
_TOKEN = re.compile(r"\s*,?\s*([MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
_FLAG = re.compile(r"\s*,?\s*([01])")


def _tokens(d: str, where: str) -> Iterator[tuple[str, list[float]]]:
    """(command letter, its numbers) for each command of ``d``, repeats split out."""
    at, letter = 0, ""
    d = d.strip()
    while at < len(d):
        match = _TOKEN.match(d, at)
        if match is None:
            if not d[at:].strip(" ,"):
                return
            raise IconProblem(f"{where} has path data that cannot be read near {d[at:at + 20]!r}")
        token = match.group(1)
        if token.isalpha():
            letter, at = token, match.end()
            if letter in "Zz":
                yield letter, []
                continue
        elif not letter or letter in "Zz":
            raise IconProblem(f"{where} has path data with a number where a command belongs near {d[at:at + 20]!r}")
        args: list[float] = []
        for i in range(_ARGS[letter.upper()]):
            flag = letter in "Aa" and i in (3, 4)
            found = (_FLAG if flag else _TOKEN).match(d, at)
            if found is None or found.group(1).isalpha():
                raise IconProblem(f"{where} has a {letter} command with too few numbers near {d[at:at + 20]!r}")
            args.append(_number(found.group(1), where, "a path coordinate"))
            at = found.end()
        yield letter, args
        if letter == "M":
            letter = "L"
        elif letter == "m":
            letter = "l"


def path_commands(d: str, where: str) -> Iterator[tuple[Any, ...]]:
    """SVG path data as absolute M, L, C and Z commands (curves of every kind as cubics)."""
    x = y = sx = sy = 0.0
    last_c: tuple[float, float] | None = None  # the previous cubic's second control point
    last_q: tuple[float, float] | None = None
    for letter, a in _tokens(d, where):
        rel = letter.islower()
        op = letter.upper()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        if op == "Z":
            yield ("Z",)
            x, y = sx, sy
            last_c = last_q = None
            continue
        if op == "M":
            x, y = ox + a[0], oy + a[1]
            sx, sy = x, y
            yield ("M", x, y)
        elif op in "LHV":
            x = ox + a[0] if op in "LH" else x
            y = (oy + a[1] if op == "L" else oy + a[0]) if op in "LV" else y
            yield ("L", x, y)
        elif op in "CS":
            if op == "C":
                c1 = (ox + a[0], oy + a[1])
                rest = a[2:]
            else:
                c1 = (2 * x - last_c[0], 2 * y - last_c[1]) if last_c else (x, y)
                rest = a
            c2 = (ox + rest[0], oy + rest[1])
            x, y = ox + rest[2], oy + rest[3]
            yield ("C", *c1, *c2, x, y)
            last_c, last_q = c2, None
            continue
        elif op in "QT":
            if op == "Q":
                q = (ox + a[0], oy + a[1])
                end = (ox + a[2], oy + a[3])
            else:
                q = (2 * x - last_q[0], 2 * y - last_q[1]) if last_q else (x, y)
                end = (ox + a[0], oy + a[1])
            yield ("C", x + 2 / 3 * (q[0] - x), y + 2 / 3 * (q[1] - y),
                   end[0] + 2 / 3 * (q[0] - end[0]), end[1] + 2 / 3 * (q[1] - end[1]), *end)
            x, y = end
            last_q, last_c = q, None
            continue
        elif op == "A":
            end = (ox + a[5], oy + a[6])
            yield from _arc(x, y, a[0], a[1], a[2], bool(a[3]), bool(a[4]), *end)
            x, y = end
        last_c = last_q = None


def _arc(x1: float, y1: float, rx: float, ry: float, angle: float, large: bool, sweep: bool,
         x2: float, y2: float) -> Iterator[tuple[Any, ...]]:
    """An SVG elliptical arc as cubics of at most a quarter turn (SVG 1.1, appendix F.6)."""
    if (x1, y1) == (x2, y2):
        return
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        yield ("L", x2, y2)
        return
    phi = math.radians(angle % 360)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cos * dx + sin * dy, -sin * dx + cos * dy
    scale = xp * xp / (rx * rx) + yp * yp / (ry * ry)
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    den = rx * rx * yp * yp + ry * ry * xp * xp
    root = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        root = -root
    cxp, cyp = root * rx * yp / ry, -root * ry * xp / rx
    cx, cy = cos * cxp - sin * cyp + (x1 + x2) / 2, sin * cxp + cos * cyp + (y1 + y2) / 2
    start = math.atan2((yp - cyp) / ry, (xp - cxp) / rx)
    delta = math.atan2((-yp - cyp) / ry, (-xp - cxp) / rx) - start
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    pieces = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / pieces
    k = 4 / 3 * math.tan(step / 4)

    def point(t: float, dxs: float = 0.0, dys: float = 0.0) -> tuple[float, float]:
        ex, ey = rx * math.cos(t) + dxs, ry * math.sin(t) + dys
        return cos * ex - sin * ey + cx, sin * ex + cos * ey + cy

    for i in range(pieces):
        t1, t2 = start + i * step, start + (i + 1) * step
        p1 = point(t1, -k * rx * math.sin(t1), k * ry * math.cos(t1))
        p2 = point(t2, k * rx * math.sin(t2), -k * ry * math.cos(t2))
        end = (x2, y2) if i == pieces - 1 else point(t2)
        yield ("C", *p1, *p2, *end)
