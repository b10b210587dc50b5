"""Fuzzing what strangers' files reach (issue 25, Deliver 9): hand-written site pages
full of hostile HTML, and `pipworks preflight` on random bytes, broken and truncated
PDFs and random Tabletop Simulator JSON. Whatever the input: no script survives the
sanitiser; preflight ends with exit 0, 1 or 2 and no traceback, within 10 s and 1 GB
(RLIMIT_AS on the process that reads it).

CI runs the short profile (each test a few dozen examples, under a minute in all). The
long run, to do after changing the sanitiser or preflight's readers::

    HYPOTHESIS_PROFILE=long python -m pytest -p no:cacheprovider tests/security/test_fuzz_guard.py

(``FUZZ_EXAMPLES=N`` examples a test, 2000 by default; the subprocess tests take a
tenth of that, each example being a whole `pipworks preflight` run.) On 2 Dec 2026, on a
2-core machine shared with other jobs, the long run passed in 8 min: 2000 pages in
process (49 s), 200 batches of 1-8 pages in bounded processes (262 s), 2000 files
preflighted in process (40 s), 200 `pipworks preflight` runs of 1-6 files (119 s). The
short profile takes about 30 s.
"""

from __future__ import annotations

import io
import json
import os
import re
import resource
import subprocess
import sys
import textwrap
import time
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.docs.sanitize import _ATTRIBUTES, _TAGS, unsafe_url
from generator.pnp.preflight import Refused, preflight
from generator.pnp.profiles import PROFILES

ROOT = Path(__file__).resolve().parents[2]
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", 2000)) if LONG else 60
#: Each subprocess example is a whole CLI run (about half a second).
PROCESS_EXAMPLES = max(EXAMPLES // 10, 6)
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=not LONG,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
                                       HealthCheck.function_scoped_fixture])
FUZZ_PROCESS = settings(FUZZ, max_examples=PROCESS_EXAMPLES)
SECONDS = 10
GB = 1024 ** 3
#: The sanitiser's allow-list as Python's parser names things (in lower case).
TAGS_KEPT = {tag.lower() for tag in _TAGS}
ATTRIBUTES_KEPT = {tag.lower(): {name.lower() for name in names} for tag, names in _ATTRIBUTES.items()}


def _bounded() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (GB, GB))


def run_bounded(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``args`` in a process of at most 1 GB, which must end within 10 s."""
    started = time.perf_counter()
    result = subprocess.run(args, input=stdin, capture_output=True, text=True, timeout=SECONDS, preexec_fn=_bounded,
                            cwd=ROOT)
    assert time.perf_counter() - started < SECONDS
    return result


# --- pages ---------------------------------------------------------------------------------

TAGS = ["details", "summary", "svg", "animate", "set", "a", "img", "script", "style", "iframe", "foreignObject", "math",
        "mtext", "mglyph", "noscript", "textarea", "title", "template", "object", "embed", "div", "p", "span", "table",
        "td", "form", "button", "input", "base", "meta", "link", "use", "image", "xmp", "select", "option", "video",
        "audio", "source", "body", "html", "frameset", "marquee", "isindex", "keygen", "portal", "object"]
ATTRS = ["onclick", "ontoggle", "onload", "onerror", "onbegin", "onfocus", "href", "xlink:href", "src", "srcset",
         "style", "attributeName", "values", "to", "from", "by", "formaction", "data", "action", "open", "class", "id",
         "is", "srcdoc", "background", "autofocus", "poster", "dynsrc", "lowsrc", "begin", "markdown"]
VALUES = ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "java&#115;cript:alert(1)", "&#106;avascript:alert(1)",
          "javascript&colon;alert(1)", "java\tscript:alert(1)", " javascript:alert(1)", "vbscript:msgbox(1)",
          "data:text/html,<script>alert(1)</script>", "data:image/svg+xml,<svg onload=alert(1)>", "alert(1)",
          "document.title='XSS'", "href", "onclick", "x' onerror='alert(1)", 'x" onerror="alert(1)', "x",
          "background:url(javascript:alert(1))", "expression(alert(1))", "#x", "https://example.org/", ""]
QUOTES = ['"', "'", ""]
SEPARATORS = [" ", "/", "\t", "\n", " / "]


@st.composite
def start_tag(draw: st.DrawFn) -> str:
    tag = draw(st.sampled_from(TAGS))
    attributes = []
    for _ in range(draw(st.integers(0, 3))):
        name, value, quote = draw(st.sampled_from(ATTRS)), draw(st.sampled_from(VALUES)), draw(st.sampled_from(QUOTES))
        attributes.append(f"{name}={quote}{value}{quote}" if draw(st.booleans()) else name)
    gaps = [draw(st.sampled_from(SEPARATORS)) for _ in attributes]
    return f"<{tag}" + "".join(g + a for g, a in zip(gaps, attributes)) + draw(st.sampled_from([">", "/>", " >", ""]))


TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=20)
MARKDOWN = st.sampled_from(["\n\n", "[x](javascript:alert(1))", "![p](javascript:alert(1))", "{: onclick=alert(1) }",
                            "!!! note \"<script>alert(1)</script>\"\n    body\n", "??? note\n    <svg onload=alert(1)>\n",
                            "<!-- -->", "<!--", "-->", "<![CDATA[", "]]>", "```\n<script>\n```\n", "`<b>`", "\n    ",
                            "| a |\n|---|\n| <img src=x onerror=alert(1)> |\n", "<div markdown=\"1\">\n*x*\n</div>",
                            "</", "<", ">", "&", "&lt;script&gt;", ":smile:"])
CLOSE = st.sampled_from(TAGS).map(lambda tag: f"</{tag}>")
PAGE = st.lists(st.one_of(start_tag(), CLOSE, MARKDOWN, TEXT), min_size=1, max_size=30).map("".join)

#: The worker converts each page as the site does (mkdocs' Markdown extensions, then the
#: sanitiser) and prints what could still run, read by a second parser.
WORKER = textwrap.dedent("""
    import json, sys
    import markdown
    from material.extensions.emoji import to_svg, twemoji
    from generator.docs.sanitize import clean, scripts_in
    EXTENSIONS = ["admonition", "attr_list", "def_list", "md_in_html", "tables", "toc", "pymdownx.details",
                  "pymdownx.superfences", "pymdownx.emoji"]
    CONFIGS = {"toc": {"permalink": True}, "pymdownx.emoji": {"emoji_index": twemoji, "emoji_generator": to_svg}}
    found = []
    for page in json.load(sys.stdin):
        html = clean(markdown.markdown(page, extensions=EXTENSIONS, extension_configs=CONFIGS))
        found.append([html, scripts_in(html)])
    json.dump(found, sys.stdout)
""")


class _AllowList(HTMLParser):
    """Python's parser reading the sanitiser's output: every element and attribute in
    the sanitiser's allow-list, every link's scheme safe."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.outside: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in TAGS_KEPT:
            self.outside.append(f"<{tag}>")
        allowed = ATTRIBUTES_KEPT.get("*", set()) | ATTRIBUTES_KEPT.get(tag, set())
        for name, value in attrs:
            if name not in allowed and not name.startswith("aria-"):
                self.outside.append(f"<{tag} {name}>")
            elif name in ("href", "src") and value and unsafe_url(value):
                self.outside.append(f"<{tag} {name}={value!r}>")


def _runs_something(html: str) -> list[str]:
    reader = _AllowList()
    reader.feed(html)
    reader.close()
    return reader.outside


@FUZZ
@given(page=PAGE)
def test_no_hostile_page_runs_anything(page: str) -> None:
    """In-process, many examples: the page through the site's Markdown and the sanitiser."""
    import markdown

    from generator.docs.sanitize import clean, scripts_in

    started = time.perf_counter()
    html = clean(markdown.markdown(page, extensions=["admonition", "attr_list", "def_list", "md_in_html", "tables", "toc",
                                                     "pymdownx.details", "pymdownx.superfences"]))
    assert not scripts_in(html), (page, html)
    assert not _runs_something(html), (page, html, _runs_something(html))
    assert time.perf_counter() - started < SECONDS


@FUZZ_PROCESS
@given(pages=st.lists(PAGE, min_size=1, max_size=8))
def test_hostile_pages_are_converted_within_the_bounds(pages: list[str]) -> None:
    """A batch of pages in a bounded process, converted exactly as mkdocs does (emoji too)."""
    result = run_bounded([sys.executable, "-c", WORKER], json.dumps(pages))
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr[-2000:]
    for page, (html, found) in zip(pages, json.loads(result.stdout)):
        assert not found and not _runs_something(html), (page, html, found)


# --- preflight -----------------------------------------------------------------------------

def _sample_pdf() -> bytes:
    """A small PDF as a print file is: text, a filled box, a picture, compressed streams."""
    from PIL import Image
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=(200, 200), pageCompression=1)
    for page in range(2):
        pdf.setFillColorCMYK(0.1, 0.5, 0.2, 0.1)
        pdf.rect(10, 10, 100, 60, fill=1)
        pdf.setFont("Helvetica", 9)
        pdf.drawString(20, 150, f"Page {page + 1}: Seven of Cups")
        pdf.drawImage(ImageReader(Image.new("RGB", (16, 16), (200, 30, 30))), 120, 120, 40, 40)
        pdf.showPage()
    pdf.save()
    return out.getvalue()


SAMPLE = _sample_pdf()
SNIPPETS = [b"/Filter /FlateDecode", b"/Filter [/AHx /Fl]", b"/Filter /LZWDecode", b"/Length 99999999999",
            b"/Length -1", b"[" * 300, b"<<" * 300, b"/Encrypt << >>", b"/OutputIntents 5", b"/OutputIntents [5 (x)]",
            b"/Count -1", b"/Count 99999999", b"/Kids [1 0 R 2 0 R 3 0 R]", b"/Parent 3 0 R", b"/MediaBox [0 0 1e99 nan]",
            b"/MediaBox 7", b"/Resources 5", b"/ExtGState << /G << /ca (x) /SMask 5 >> >>", b"stream\n", b"endstream",
            b"endobj", b"xref\n0 99999999\n", b"trailer << /Root 9999 0 R >>", b"%%EOF", b"\x00" * 16,
            b"/Type /Page", b"9 0 obj << /Length 9 0 R >> stream\nxx\nendstream endobj"]


@st.composite
def broken_pdf(draw: st.DrawFn) -> bytes:
    data = bytearray(SAMPLE)
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(data)))
        choice = draw(st.integers(0, 2))
        if choice == 0:
            data[at:at] = draw(st.sampled_from(SNIPPETS))
        elif choice == 1 and at < len(data):
            data[at] = draw(st.integers(0, 255))
        else:
            del data[at:at + draw(st.integers(1, 64))]
    if draw(st.booleans()):
        data = data[:draw(st.integers(0, len(data)))]  # truncated
    return bytes(data)


JSON_SCALARS = st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=False) | st.text(max_size=20) \
    | st.sampled_from(["file:///dev/zero", "file:///tmp", "file:///%00", "file:" + "/x" * 2000, "http://[", "file:///etc/passwd"])
TTS_KEYS = st.sampled_from(["ObjectStates", "CustomDeck", "NumWidth", "NumHeight", "FaceURL", "BackURL", "DeckIDs",
                            "CardID", "UniqueBack", "1", "2", "ContainedObjects"])
JSON = st.recursive(JSON_SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TTS_KEYS | st.text(max_size=5),
                                                                                               inner, max_size=5),
                    max_leaves=30)
TTS = st.one_of(JSON.map(lambda v: {"ObjectStates": v}), st.lists(JSON, max_size=3).map(lambda v: {"ObjectStates": v}),
                JSON)


@st.composite
def hostile_file(draw: st.DrawFn) -> tuple[str, bytes]:
    kind = draw(st.sampled_from(["pdf", "pdf", "json", "json", "bytes", "png"]))
    if kind == "pdf":
        return ".pdf", draw(broken_pdf())
    if kind == "json":
        text = json.dumps(draw(TTS))
        if draw(st.integers(0, 4)) == 0:
            text = text[:draw(st.integers(0, len(text)))]  # truncated JSON
        return ".json", text.encode()
    if kind == "png":
        return ".png", b"\x89PNG\r\n\x1a\n" + draw(st.binary(max_size=64))
    return draw(st.sampled_from([".pdf", ".json", ".png", ".txt"])), draw(st.binary(max_size=4096))


PROFILE_NAMES = st.sampled_from([None, "dtc", "tgc", "mpc", "tts"])


@FUZZ
@given(file=hostile_file(), profile=PROFILE_NAMES)
def test_preflight_lists_problems_of_any_file(tmp_path_factory: pytest.TempPathFactory, file: tuple[str, bytes],
                                              profile: str | None) -> None:
    """In-process, many examples: a list of problems or a refusal, nothing else raised."""
    path = tmp_path_factory.mktemp("pf") / f"file{file[0]}"
    path.write_bytes(file[1])
    started = time.perf_counter()
    try:
        problems = preflight(path, PROFILES[profile] if profile else None)
    except Refused as exc:
        assert "\n" not in str(exc)
    else:
        assert all("\n" not in str(p) for p in problems), problems
    assert time.perf_counter() - started < SECONDS


@FUZZ_PROCESS
@given(files=st.lists(hostile_file(), min_size=1, max_size=6), profile=PROFILE_NAMES)
def test_the_preflight_command_ends_cleanly_within_the_bounds(tmp_path_factory: pytest.TempPathFactory,
                                                              files: list[tuple[str, bytes]], profile: str | None) -> None:
    folder = tmp_path_factory.mktemp("pfcli")
    paths = []
    for n, (suffix, data) in enumerate(files):
        paths.append(folder / f"f{n}{suffix}")
        paths[-1].write_bytes(data)
    result = run_bounded([sys.executable, "-m", "generator", "preflight", *map(str, paths),
                          *(["--for", profile] if profile else [])])
    assert result.returncode in (0, 1, 2), result.stderr[-2000:]
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    # Every line names its file (or sums up): no library's own noise in the report.
    for line in result.stderr.splitlines():
        assert line.startswith(str(folder)) or re.fullmatch(r"\d+ problem\(s\) for .* in \d+ file\(s\)", line), line
    if result.returncode == 2:
        assert len(result.stderr.splitlines()) == 1, result.stderr
