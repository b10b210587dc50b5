"""The last guard between content and a browser: no script survives into a site page.

Templates escape every content string (``generator.templating``), so ``<script>`` in a
rule prints as text. But the pages are Markdown, and Markdown passes raw HTML through and
makes links and attributes from plain text: ``[x](javascript:alert(1))`` becomes a
clickable script, ``{: onclick=... }`` an event handler, and a hand-written page in
``site/pages/`` may hold any HTML at all. Every page's HTML (generated and hand-written
alike) passes through :func:`clean` (registered on every site build and serve by
:func:`guarded`).

:func:`clean` is nh3 (the Python binding of ammonia, a maintained HTML sanitiser built
on a browser-grade HTML5 parser), with an allow-list of what the site's pages use:
mkdocs-material's markup (admonitions, ``details``/``summary``, tables, code, tabs), ids
for anchors, ``class``, ``aria-*``, pictures, and the plain SVG charts of the "how it
plays" pages. Everything else goes: event handlers, ``<script>``, ``<style>``, frames,
forms, SVG animation (``<animate attributeName=href ...>``), ``<foreignObject>``, and any
URL whose scheme is not http(s)/mailto/relative (a ``data:`` URL only as a picture's
``src``). It was a set of regexes before, which the browser's parser read differently
(issue 25: an unquoted value holding a quote kept ``ontoggle``).
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from typing import Any

import nh3

#: Elements a page may hold: HTML text structure, what mkdocs-material's Markdown
#: extensions write, and the shapes of the SVG charts (no SVG element that loads,
#: links or animates: no ``a``, ``use``, ``image``, ``animate``, ``set``, ``foreignObject``).
_TAGS = {
    "a", "abbr", "b", "blockquote", "br", "caption", "cite", "code", "col", "colgroup", "dd", "del", "details",
    "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img",
    "ins", "kbd", "li", "mark", "ol", "p", "pre", "q", "s", "samp", "small", "span", "strong", "sub", "summary",
    "sup", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "u", "ul", "var", "wbr",
    "button",  # the "Print this page" button of a game's page (site/assets/print.js acts on it)
    "svg", "g", "path", "rect", "line", "circle", "ellipse", "polyline", "polygon", "text", "tspan", "title", "desc",
}
#: Removed with everything inside them (the rest of a refused element's text is kept).
_DROPPED_WITH_CONTENT = {"script", "style", "template", "iframe", "object", "embed", "noscript", "textarea",
                         "select", "math", "foreignObject", "noembed", "noframes", "xmp", "plaintext"}
_SVG_SHAPE = {"x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "d", "points", "width", "height",
              "transform", "fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity", "stroke-dasharray",
              "stroke-linecap", "stroke-linejoin", "opacity", "font-family", "font-size", "font-weight",
              "text-anchor", "dominant-baseline"}
_ATTRIBUTES: dict[str, set[str]] = {
    "*": {"class", "id", "title", "lang", "dir", "role"},
    "a": {"href"},
    "img": {"src", "alt", "width", "height", "loading"},
    "details": {"open"},
    "ol": {"start", "type"},
    "li": {"value"},
    "td": {"colspan", "rowspan", "align"},
    "th": {"colspan", "rowspan", "align", "scope"},
    "col": {"span"},
    "button": {"type"},
    "svg": {"xmlns", "viewBox", "width", "height", "style", "preserveAspectRatio"},
    **{shape: _SVG_SHAPE for shape in ("g", "path", "rect", "line", "circle", "ellipse", "polyline", "polygon",
                                       "text", "tspan")},
}
#: CSS properties a ``style`` attribute keeps (the charts size themselves with these);
#: no ``url()``, no ``position``, nothing that loads or covers the page.
_STYLE = {"max-width", "width", "height", "color"}
_SCHEMES = {"http", "https", "mailto"}
_SAFE_DATA = re.compile(r"data:image/(png|jpeg|gif|webp|svg\+xml)[;,]", re.I)


def unsafe_url(value: str) -> bool:
    """Could following ``value`` run code? (Entities and the blanks and control
    characters browsers ignore inside a scheme are undone first.)"""
    plain = re.sub(r"[\x00-\x20\x7f]+", "", html.unescape(value)).lower()
    if plain.startswith(("javascript:", "vbscript:", "livescript:")):
        return True
    return plain.startswith("data:") and not _SAFE_DATA.match(plain)


def _attribute(element: str, name: str, value: str) -> str | None:
    """A picture may come as a ``data:image`` URL; no other attribute may hold a
    ``data:`` URL (nh3 checks every other scheme against ``_SCHEMES``). A link that
    would be a script once blanks are taken out goes too: nh3 reads ``java   script:``
    (Markdown turns a tab into spaces) as a harmless relative link, which it is in
    today's browsers, but nothing on the site needs one."""
    if name not in ("src", "href"):
        return value
    if re.sub(r"[\x00-\x20\x7f]+", "", value).lower().startswith("data:"):
        return value if element == "img" and name == "src" and not unsafe_url(value) else None
    return None if unsafe_url(value) else value


_CLEANER = nh3.Cleaner(
    tags=_TAGS, clean_content_tags=_DROPPED_WITH_CONTENT, attributes=_ATTRIBUTES,
    generic_attribute_prefixes={"aria-"}, url_schemes=_SCHEMES | {"data"}, attribute_filter=_attribute,
    filter_style_properties=_STYLE, strip_comments=True,
    link_rel=None,  # the site's links are its own pages and downloads: no rel added to each
)


def clean(page: str) -> str:
    """``page`` (HTML) with only what the allow-list keeps: nothing that could run a script."""
    return _CLEANER.clean(page)


#: What can run code in a page, for :func:`scripts_in`.
_RUNNING = {"script", "iframe", "object", "embed", "applet", "frame", "frameset", "base", "meta", "link", "style",
            "form", "template", "animate", "set", "animatemotion", "animatetransform", "foreignobject", "handler",
            "listener", "use", "image"}
_URL_ATTRS = {"href", "src", "action", "formaction", "xlink:href", "srcset", "data", "poster", "background",
              "cite", "longdesc", "usemap", "ping", "values", "to", "from", "by"}


class _Finder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _RUNNING:
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on") or (name in _URL_ATTRS and value and unsafe_url(value)):
                self.found.append(f"{tag} {name}={value!r}")
            elif name == "style" and value and re.search(r"url\(|expression\(|javascript:", value, re.I):
                self.found.append(f"{tag} style={value!r}")


def scripts_in(page: str) -> list[str]:
    """What in ``page`` could run code, read by a second parser (Python's): for tests
    and checks of built files. Empty for every output of :func:`clean`."""
    finder = _Finder()
    finder.feed(page)
    finder.close()
    return finder.found


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
