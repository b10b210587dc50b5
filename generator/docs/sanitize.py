"""The last guard between content and a browser: no script survives into a site page.

Templates escape every content string (``generator.templating``), so ``<script>`` in a
rule prints as text. But the pages are Markdown, and Markdown makes links and
attributes from plain text: ``[x](javascript:alert(1))`` becomes a clickable script,
``{: onclick=... }`` an event handler. Every page's HTML passes through :func:`clean`
(registered on every site build and serve by :func:`guarded`): script-bearing elements go, ``on…`` attributes
go, and a URL whose scheme can run code (``javascript:``, ``vbscript:``, ``data:``
other than an image) is dropped. Tags that need no change are kept byte for byte.
"""

from __future__ import annotations

import html
import re
from typing import Any

#: Elements that run or embed code; removed with everything inside them.
_ELEMENTS = ("script", "iframe", "object", "embed", "applet", "frame", "frameset", "base", "meta", "link",
             "style", "form", "template")
_CONTAINER = re.compile(r"<(" + "|".join(_ELEMENTS) + r")\b[^>]*>.*?</\1\s*>", re.I | re.S)
_SINGLE = re.compile(r"</?(" + "|".join(_ELEMENTS) + r")\b[^>]*>", re.I)
#: A start tag, attributes and all (a ``>`` inside a quoted value does not end it).
_TAG = re.compile(r"""<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(/?)>""")
_ATTR = re.compile(r"""([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?""")
_URL_ATTRS = {"href", "src", "action", "formaction", "xlink:href", "srcset", "data", "poster", "background",
              "cite", "longdesc", "usemap", "ping"}
_SAFE_DATA = re.compile(r"data:image/(png|jpeg|gif|webp|svg\+xml)[;,]", re.I)


def unsafe_url(value: str) -> bool:
    """Could following ``value`` run code? (Entities and the blanks and control
    characters browsers ignore inside a scheme are undone first.)"""
    plain = re.sub(r"[\x00-\x20\x7f]+", "", html.unescape(value)).lower()
    if plain.startswith(("javascript:", "vbscript:", "livescript:")):
        return True
    return plain.startswith("data:") and not _SAFE_DATA.match(plain)


def _unsafe_attr(name: str, value: str | None) -> bool:
    name = name.lower()
    if name.startswith("on"):
        return True
    if value is None:
        return False
    raw = value[1:-1] if value[:1] in "\"'" else value
    if name in _URL_ATTRS:
        return any(unsafe_url(part) for part in raw.split(",")) if name == "srcset" else unsafe_url(raw)
    if name == "style":
        plain = html.unescape(raw).lower()
        return "javascript:" in plain or "expression(" in plain or "url(" in plain and "data:" in plain
    return False


def _clean_tag(match: re.Match[str]) -> str:
    attrs = match.group(2)
    if not attrs:
        return match.group(0)
    kept = [m.group(0) for m in _ATTR.finditer(attrs) if not _unsafe_attr(m.group(1), m.group(2))]
    if len(kept) == len(_ATTR.findall(attrs)):
        return match.group(0)  # nothing to remove: the tag as it was
    return f"<{match.group(1)}{''.join(' ' + a for a in kept)}{' /' if match.group(3) else ''}>"


def clean(page: str) -> str:
    """``page`` (HTML) without anything that could run a script."""
    page = _CONTAINER.sub("", page)
    page = _SINGLE.sub("", page)
    return _TAG.sub(_clean_tag, page)


def scripts_in(page: str) -> list[str]:
    """What :func:`clean` would remove: for tests and checks of built files."""
    found = [m.group(0) for m in _CONTAINER.finditer(page)] + [m.group(0) for m in _SINGLE.finditer(page)]
    for tag in _TAG.finditer(page):
        found += [a.group(0) for a in _ATTR.finditer(tag.group(2) or "") if _unsafe_attr(a.group(1), a.group(2))]
    return found


def guarded(config: Any) -> Any:
    """``config`` (a loaded mkdocs config) with :func:`clean` applied to every page and
    each rebuild logged, whatever hooks the project's own site skeleton has (an old
    copy of the shipped one, or none): registered here rather than in the skeleton."""
    from mkdocs.plugins import BasePlugin

    class Guard(BasePlugin):  # type: ignore[type-arg]
        started = 0.0

        def on_pre_build(self, config: Any) -> None:
            import time

            self.started = time.perf_counter()

        def on_page_content(self, html: str, page: Any, config: Any, files: Any) -> str:
            return clean(html)

        def on_post_build(self, config: Any) -> None:
            import logging
            import time

            # Shown by `pipworks serve` on every rebuild (a build shows warnings only).
            logging.getLogger("mkdocs.plugins.pipworks").info(
                "pipworks: site rebuilt from content in %.1f s", time.perf_counter() - self.started)

    config.plugins["pipworks-guard"] = Guard()
    return config
