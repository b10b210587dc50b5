"""A layout's own fonts and icons: its ``fonts:`` and ``icons:`` files, found and read.

The files are the project's data: each path is relative to the game's folder and must
lead (symlinks followed) to a file inside the project. A font file is read by
``generator.layout.fonts.load_project_font`` (bounded, its header checked, registered
under a name drawn from its bytes); an SVG icon by ``svg_icons`` (parsed safely into
vector paths); a PNG icon by ``pictures`` (bounded in bytes and pixels, decoded once).
Every problem is reported at the line of the layout that names the file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Union

from ..content.errors import ContentError
from ..layout.fonts import FontProblem, load_project_font
from ..scene import Image, Item
from .layout import Layout
from .pictures import Picture, PictureProblem, find_picture, fitted, load_picture
from .svg_icons import IconProblem, VectorIcon, load_svg_icon

#: (bold, italic) -> the face file's absolute path, and the path as the layout wrote it.
Faces = Mapping[tuple[bool, bool], tuple[str, str]]


@dataclass(frozen=True)
class PictureIcon:
    """A PNG icon: drawn as its picture, as large as fits the icon's square."""

    picture: Picture

    def items(self, cx: float, cy: float, size: float, colour: str, bw: bool) -> list[Item]:
        x, y, w, h = fitted(self.picture, cx - size / 2, cy - size / 2, size, size, "contain")
        return [Image(x, y, w, h, self.picture.data, self.picture.format, name="icon")]


OwnIcon = Union[VectorIcon, PictureIcon]


def _inside(folder: Path, project: Path, rel: str) -> Path:
    target = (folder / rel).resolve()
    if not target.is_relative_to(project.resolve()):
        raise FontProblem("the path leads outside the project (a symlink?); refusing it")
    if not target.is_file():
        raise FontProblem(f"the file does not exist (looked for {target})")
    return target


def load_fonts(layout: Layout, folder: Path, project: Path) -> tuple[dict[str, Faces], list[ContentError]]:
    """Each declared font's faces, read and registered; and the problems found."""
    found: dict[str, Faces] = {}
    problems: list[ContentError] = []
    for name, family in layout.fonts.items():
        faces: dict[tuple[bool, bool], tuple[str, str]] = {}
        for style, (rel, line) in family.faces.items():
            try:
                target = _inside(folder, project, rel)
                load_project_font(str(target))
            except FontProblem as exc:
                face = _FACE_NAMES[style]
                problems.append(ContentError(layout.path, line or family.line or None, ("fonts", name, face),
                                             f"font file {rel!r}: {exc}"))
                continue
            faces[style] = (str(target), rel)
        found[name] = faces
    return found, problems


_FACE_NAMES = {(False, False): "regular", (True, False): "bold", (False, True): "italic", (True, True): "bold_italic"}


def face_label(style: tuple[bool, bool]) -> str:
    return _FACE_NAMES[style]


def load_icons(layout: Layout, folder: Path, project: Path) -> tuple[dict[str, OwnIcon], list[ContentError]]:
    """Each declared icon, read; and the problems found."""
    found: dict[str, OwnIcon] = {}
    problems: list[ContentError] = []
    for name, icon in layout.icons.items():
        try:
            if icon.file.lower().endswith(".svg"):
                target = _inside(folder, project, icon.file)
                found[name] = load_svg_icon(target)
            else:
                found[name] = PictureIcon(load_picture(find_picture(icon.file, folder, project)))
        except (FontProblem, IconProblem, PictureProblem) as exc:
            problems.append(ContentError(layout.path, icon.line or None, ("icons", name),
                                         f"icon file {icon.file!r}: {exc}"))
    return found, problems
