"""Content is never code, shown by fuzzing (issue 17, Deliver 2).

Hostile strings (``<script>``, ``javascript:`` links in every spelling, attribute lists,
Jinja and Markdown syntax, control characters, huge strings, alias bombs) go into every
text field of a game. Whatever they are, the content loader either refuses them with a
``file:line`` message or accepts them, and then no page of the site, no printed face
(SVG) and no rulebook (PDF) runs a script or links to one; nothing raises anything but
a content message; time and memory stay bounded.

CI runs a few dozen examples of each (well under 60 s). A longer run, to do after
changing the loader, the templates or the sanitiser::

    HYPOTHESIS_PROFILE=long python -m pytest -p no:cacheprovider tests/test_fuzz_content.py

(4000 random examples a test, 2000 for the faces: about 10 minutes of CPU time;
``FUZZ_EXAMPLES=1000`` for a shorter one.)
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import markdown
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.content.errors import ContentInvalid
from generator.content.project import load_project
from generator.docs.sanitize import clean

ROOT = Path(__file__).resolve().parents[1]
TINY = ROOT / "tests" / "fixtures" / "tiny" / "content" / "tiny" / "game.yaml"
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"
#: Examples per test: CI keeps the file under 60 s; the long run is a few thousand
#: (or $FUZZ_EXAMPLES, to fit the run into the time at hand).
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", 4000)) if LONG else 40
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=not LONG,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
#: Every payload that could run something calls alert(1337): it must never be code.
MARK = "1337"
PAYLOADS = [
    "<script>alert(1337)</script>",
    '"><img src=x onerror=alert(1337)>',
    "<svg onload=alert(1337)>",
    "<iframe src=javascript:alert(1337)></iframe>",
    "<details open ontoggle=alert(1337)>",
    "[click](javascript:alert(1337))",
    "[click]( javascript:alert(1337) )",
    "[click](JaVaScRiPt:alert(1337))",
    "[click](java&#115;cript:alert(1337))",
    "[click](&#106;avascript:alert(1337))",
    "[click](javascript&colon;alert(1337))",
    "[click](java\tscript:alert(1337))",
    "![pic](javascript:alert(1337))",
    "<javascript:alert(1337)>",
    "[click][r]\n\n[r]: javascript:alert(1337)",
    "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxMzM3KTwvc2NyaXB0Pg==)",
    "[click](vbscript:alert(1337))",
    "text {: onclick=alert(1337) }",
    "text\n{: onmouseover=\"alert(1337)\" }",
    "# Heading {: onclick=alert(1337) }",
    "<div markdown=\"1\" onclick=\"alert(1337)\">*x*</div>",
    "!!! danger \"<script>alert(1337)</script>\"\n    body",
    "??? note \"x\" onclick=alert(1337)",
    "```html\n<script>alert(1337)</script>\n```",
    "{{ 7*7 }} {{ ''.__class__.__mro__ }} {% for x in range(99999999) %}x{% endfor %}",
    "{% raw %}{{ alert(1337) }}{% endraw %}",
    "| a | b |\n|---|---|\n| <script>alert(1337)</script> | [x](javascript:alert(1337)) |",
    "*emphasis* **strong** `code` ~~x~~ <b onmouseover=alert(1337)>b</b>",
    "\u202e\u200b\ufeff caf\u00e9 \U0001F3B2 \u0301",
    "\x1b[31mred\x1b[0m",
    "nul\x00byte",
    "A" * 25_000,
]
#: Payloads the loader must refuse (with a message), not pass on.
REFUSED = [p for p in PAYLOADS if "\x00" in p or "\x1b" in p or len(p) > 20_000]
ACCEPTED = [p for p in PAYLOADS if p not in REFUSED]


def hostile(one_line: bool) -> st.SearchStrategy[str]:
    """Strings built around and besides the payloads, all of which the loader accepts
    (so the pages are made from them); a title's stay on one line."""
    payloads = [p for p in ACCEPTED if "\n" not in p] if one_line else ACCEPTED
    text = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=60)
    return st.one_of(
        st.sampled_from(payloads),
        st.builds(lambda before, payload, after: before + payload + after, text, st.sampled_from(payloads), text),
        st.lists(st.sampled_from(payloads), min_size=2, max_size=4).map(" ".join),
        text,
    )


#: What the loader must refuse with a message: control characters, huge texts.
REFUSE = st.sampled_from(REFUSED) | st.text(st.characters(whitelist_categories=("Cc",), blacklist_characters="\t\n\r"),
                                            min_size=1, max_size=3)


#: The text fields of the tiny game, by their place in game.yaml; titles and names are
#: one line (the schema refuses a line break there: tested in tests/content).
LINES = [("title",), ("tagline",), ("components", 0, "name"), ("setup", 0, "title"), ("rules", 0, "title"),
         ("rules", 0, "sections", 0, "title"), ("quickref", 0, "group"), ("clarifications", 0, "question"),
         ("glossary", 0, "term")]
PROSE = [("source",), ("overview",), ("designer",), ("components", 0, "description"), ("setup", 0, "text"),
         ("rules", 0, "text"), ("rules", 0, "sections", 0, "text"), ("quickref", 0, "text"),
         ("clarifications", 0, "ruling"), ("clarifications", 0, "why"), ("glossary", 0, "definition")]
TEXT_FIELDS = LINES + PROSE


@st.composite
def hostile_fields(draw: st.DrawFn, fields: list[tuple], lines: list[tuple] | None = None) -> dict[tuple, str]:
    """A hostile string for each field (one line in ``lines``, default the titles); one
    game in ten also gets one the loader must refuse, in a field of its own choosing."""
    texts = {path: draw(hostile(path in (LINES if lines is None else lines))) for path in fields}
    if draw(st.integers(0, 9)) == 0:
        texts[draw(st.sampled_from(fields))] = draw(REFUSE)
    return texts


MARKDOWN_EXTENSIONS = ["admonition", "attr_list", "def_list", "md_in_html", "tables", "toc",
                       "pymdownx.details", "pymdownx.superfences"]
#: One example may take this long, and the whole test process this much memory.
SECONDS_PER_EXAMPLE = 10.0
MAX_RSS_KB = 1_500_000


# --- what counts as code ---------------------------------------------------------------------


class _CodeFinder(HTMLParser):
    """Scripts, event handlers and script URLs in HTML or SVG that carry a payload (the
    theme's own scripts carry none) or that no page of ours ever has."""

    EMBEDS = {"script", "iframe", "object", "embed", "frame", "base", "applet"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.inside: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            value = value or ""
            if name.startswith("on") and (MARK in value or tag != "body"):
                self.found.append(f"<{tag} {name}={value!r}>")
            # ``value`` is decoded once, as a browser decodes it (no second unescape).
            plain = re.sub(r"[\x00-\x20]+", "", value).lower()
            if name in ("href", "src", "action", "formaction", "xlink:href", "data") and \
                    plain.startswith(("javascript:", "vbscript:", "data:text")):
                self.found.append(f"<{tag} {name}={value!r}>")
        if tag in self.EMBEDS:
            if tag != "script" or any(MARK in (v or "") for _, v in attrs):
                self.found.append(f"<{tag} {attrs}>")
            self.inside.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in self.EMBEDS:
            self.inside.pop()

    def handle_endtag(self, tag: str) -> None:
        if self.inside and self.inside[-1] == tag:
            self.inside.pop()

    def handle_data(self, data: str) -> None:
        if "script" in self.inside and MARK in data:
            self.found.append(f"<script>{data[:80]}")


def code_in(markup: str) -> list[str]:
    finder = _CodeFinder()
    finder.feed(markup)
    finder.close()
    return finder.found


def svg_code(svg: str) -> list[str]:
    ET.fromstring(svg)  # well-formed XML, control characters and all
    return code_in(svg) + (["<script> in an SVG"] if "<script" in svg else [])


# --- building hostile games -----------------------------------------------------------------


def _set(data: Any, path: tuple, value: str) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def hostile_project(root: Path, texts: dict[tuple, str], template: Path = TINY) -> Path:
    data = yaml.safe_load(template.read_text())
    for path, text in texts.items():
        _set(data, path, text)
    folder = root / "content" / data["slug"]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return root


def refused_cleanly(exc: ContentInvalid, root: Path) -> None:
    assert exc.errors
    for error in exc.errors:
        line = error.render(root)
        assert line.startswith("content/") and error.message, line


@pytest.fixture(autouse=True)
def bounded() -> Any:
    yield
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss < MAX_RSS_KB


# --- the fuzz tests ---------------------------------------------------------------------------


@FUZZ
@given(texts=hostile_fields(TEXT_FIELDS))
def test_no_text_becomes_code_on_a_site_page(tmp_path_factory: pytest.TempPathFactory, texts: dict[tuple, str]) -> None:
    """The site's Markdown pages, made from hostile text and converted as mkdocs does,
    run nothing once the sanitiser has passed over them."""
    from generator.docs.site import DocsWriter, game_pages

    started = time.perf_counter()
    root = hostile_project(tmp_path_factory.mktemp("site"), texts)
    try:
        project = load_project(root)
    except ContentInvalid as exc:
        refused_cleanly(exc, root)
        return
    docs = root / "docs"
    game_pages(project, "tiny", [], DocsWriter(docs))
    for page in docs.rglob("*.md"):
        converted = clean(markdown.markdown(page.read_text(), extensions=MARKDOWN_EXTENSIONS))
        assert not code_in(converted), (page.name, code_in(converted))
    assert time.perf_counter() - started < SECONDS_PER_EXAMPLE


@FUZZ
@given(texts=hostile_fields(LINES[:6] + PROSE[:4]))
def test_no_text_breaks_a_printed_rulebook(tmp_path_factory: pytest.TempPathFactory, texts: dict[tuple, str]) -> None:
    """The PDF rulebook and quick reference lay out hostile text as text (reportlab's
    own markup is escaped), in bounded time."""
    from pypdf import PdfReader
    import io

    from generator.render.book import rulebook_pdf
    from generator.render.book_quickref import quickref_pdf

    started = time.perf_counter()
    root = hostile_project(tmp_path_factory.mktemp("pdf"), texts)
    try:
        game = load_project(root).games["tiny"].content
    except ContentInvalid as exc:
        refused_cleanly(exc, root)
        return
    for pdf in (rulebook_pdf(game, {}, [], None, "fuzz"), quickref_pdf(game, "fuzz")):
        assert PdfReader(io.BytesIO(pdf)).pages
        assert b"/JavaScript" not in pdf and b"/JS " not in pdf
    assert time.perf_counter() - started < SECONDS_PER_EXAMPLE


# the printed cards set the quick reference the rule sections give (their ``reference``)
PIP_TRICK_TEXT = [("title",), ("tagline",), ("rules", 1, "sections", 0, "reference"),
                  ("rules", 2, "sections", 0, "reference", "line"), ("rules", 2, "sections", 0, "reference", "step"),
                  ("components", 0, "name"), ("components", 1, "name")]


@settings(FUZZ, max_examples=EXAMPLES // 2)
@given(texts=hostile_fields(PIP_TRICK_TEXT, lines=PIP_TRICK_TEXT))
def test_no_text_becomes_code_on_a_printed_face(tmp_path_factory: pytest.TempPathFactory, texts: dict[tuple, str]) -> None:
    """The SVG faces of a game whose printed cards show its title, quick reference and
    component names: well-formed XML, and no script."""
    from generator.components.base import FaceOptions
    from generator.games import find_spec
    from generator.layout.lint import LayoutError
    from generator.render.svg import render_scene

    root = hostile_project(tmp_path_factory.mktemp("svg"), texts, ROOT / "content" / "pip-trick" / "game.yaml")
    shutil.copy(ROOT / "content" / "pip-trick" / "examples.yaml", root / "content" / "pip-trick")
    try:
        content = load_project(root).games["pip-trick"].content
    except ContentInvalid as exc:
        refused_cleanly(exc, root)
        return
    spec = find_spec("pip-trick")
    assert spec is not None and spec.faces is not None
    try:
        components = spec.faces(content, FaceOptions(), root)
    except LayoutError:
        return  # text that cannot fit is a message of its own (tested with the layouts)
    for component in components:
        for face in component.faces:
            for scene in (face.front, face.back):
                if scene is not None:
                    assert not svg_code(render_scene(scene)), component.id


def test_an_alias_bomb_in_any_file_is_refused_in_bounded_time(tmp_path: Path) -> None:
    bomb = "a: &a [" + ",".join(["x"] * 20) + "]\n" + "".join(
        f"{c}: &{c} [" + ",".join([f"*{p}"] * 20) + "]\n" for p, c in zip("abcdefg", "bcdefgh"))
    started = time.perf_counter()
    for name in ("game.yaml", "examples.yaml"):
        folder = tmp_path / name / "content" / "tiny"
        folder.mkdir(parents=True)
        shutil.copy(TINY, folder / "game.yaml")
        with (folder / name).open("a") as handle:
            handle.write(("data:\n" if name == "game.yaml" else "") + re.sub(r"^", "  " if name == "game.yaml" else "",
                                                                            bomb, flags=re.M))
        with pytest.raises(ContentInvalid) as caught:
            from generator.verify.project import validated_project
            from generator.verify.examples import discover

            validated_project(tmp_path / name)
            discover(tmp_path / name, [folder / name])
        assert "expand to" in caught.value.render()
    assert time.perf_counter() - started < 5


#: Payloads a strict mkdocs build of valid content accepts: the others (an obfuscated
#: script link is a "relative link" to mkdocs, an attribute list in a title moves its
#: anchor, a line break in a title is refused by the schema) end the build with a
#: message, which the second build below checks.
SITE_PAYLOADS = [p for p in PAYLOADS if not re.search(r"&#|&colon;|\t|\{:|\n|\x00|\x1b", p) and len(p) < 1000]


def poisoned_pip_trick(root: Path, payloads: list[str]) -> int:
    """Pip Trick with a payload after every free text; returns how many were placed."""
    data = yaml.safe_load((ROOT / "content" / "pip-trick" / "game.yaml").read_text())
    count = 0

    def poison(node: Any) -> Any:
        nonlocal count
        if isinstance(node, dict):
            return {k: poison(v) if k in FREE_TEXT else v for k, v in node.items()}
        if isinstance(node, list):
            return [poison(v) for v in node]
        if isinstance(node, str):
            count += 1
            return f"{node} {payloads[count % len(payloads)]}"
        return node

    folder = root / "content" / "pip-trick"
    shutil.copytree(ROOT / "content" / "pip-trick", folder)
    (folder / "game.yaml").write_text(yaml.safe_dump(poison(data), allow_unicode=True, sort_keys=False))
    return count


def build(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", "--project", str(root), "build", *args],
                          capture_output=True, text=True, timeout=600)


def test_a_whole_build_of_a_hostile_game_runs_no_script(tmp_path: Path) -> None:
    """End to end: every text field of Pip Trick carries a payload; the rulebooks and
    the built site (nav, contents, search, titles, pages) and every example drawing are
    free of code. (The print files' faces are fuzzed above: a payload that cannot fit
    on a card is a layout message of its own.)"""
    assert poisoned_pip_trick(tmp_path, SITE_PAYLOADS) > 100
    for group in ("docs", "site"):
        built = build(tmp_path, "--only", group)
        assert built.returncode == 0, built.stdout + built.stderr
    pages = list((tmp_path / "output" / "site").rglob("*.html"))
    assert len(pages) > 5
    for page in pages:
        assert not code_in(page.read_text()), (page, code_in(page.read_text()))
    svgs = list((tmp_path / "output").rglob("*.svg"))
    assert svgs
    for svg in svgs:
        assert not svg_code(svg.read_text()), svg


def test_a_build_of_every_payload_ends_in_a_message_or_a_safe_site(tmp_path: Path) -> None:
    poisoned_pip_trick(tmp_path, PAYLOADS)
    built = build(tmp_path)
    assert "Traceback" not in built.stderr
    if built.returncode == 0:
        for page in (tmp_path / "output" / "site").rglob("*.html"):
            assert not code_in(page.read_text()), page
    else:
        assert built.returncode in (1, 2) and built.stderr.strip().splitlines()[-1], built.stderr


#: Keys whose strings are prose a designer writes (ids, suits and numbers stay valid).
FREE_TEXT = {"title", "tagline", "overview", "text", "items", "name", "description", "question", "ruling", "why",
             "term", "definition", "sections", "setup", "rules", "variants", "clarifications", "glossary", "quickref",
             "components", "group"}
