"""``**bold**`` and ``*italic*`` in content text, read the way Markdown reads them.

Rule text goes to the site through Markdown, which already sets these; cards drawn from
data (``generator.faces_from_data.draw``) and the printed books
(``generator.render.book_base``) read the same marks here, so a phrase a designer
stresses is stressed in every output. Markers touch the words they mark (``2 * 3`` is
no emphasis), ``***both***`` is bold italic and ``\\*`` is an asterisk.
"""

from __future__ import annotations

import re
from typing import Callable

EMPHASIS = re.compile(r"\\\*|\*\*\*(?=\S)(.+?)(?<=\S)\*\*\*|\*\*(?=\S)(.+?)(?<=\S)\*\*|\*(?=\S)(.+?)(?<=\S)\*")


def pieces(text: str, bold: bool = False, italic: bool = False) -> list[tuple[str, bool, bool]]:
    """``text`` as (part, bold, italic) pieces, its marks read and dropped."""
    out: list[tuple[str, bool, bool]] = []
    at = 0
    for match in EMPHASIS.finditer(text):
        out.append((text[at:match.start()], bold, italic))
        both, strong, em = match.groups()
        if both is None and strong is None and em is None:
            out.append(("*", bold, italic))
        else:
            inner = both if both is not None else strong if strong is not None else em
            out += pieces(str(inner), bold or em is None, italic or strong is None)
        at = match.end()
    out.append((text[at:], bold, italic))
    return [piece for piece in out if piece[0]]


def markup(text: str, tags: Callable[[str, bool, bool], str]) -> str:
    """``text`` with each piece passed through ``tags(part, bold, italic)``."""
    return "".join(tags(part, bold, italic) for part, bold, italic in pieces(text))


def has_marks(text: str) -> bool:
    return "*" in text and EMPHASIS.search(text) is not None
