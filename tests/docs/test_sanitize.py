"""Content never becomes code on the site or in a rulebook (issue 17: a game title ran
`<script>` from the nav of every page; `[x](javascript:alert(1))` in rule text was a
clickable link; attribute lists; a title broke the printed contents)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.docs.sanitize import clean, scripts_in, unsafe_url

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("page, kept", [
    ('<p><a href="javascript:alert(1)">x</a></p>', "<p><a>x</a></p>"),
    ('<p><a href=" JaVa\tScRiPt:alert(1)">x</a></p>', "<p><a>x</a></p>"),
    ('<p><a href="java&#115;cript:alert(1)">x</a></p>', "<p><a>x</a></p>"),
    ('<p><a href="&#106;avascript&colon;alert(1)">x</a></p>', "<p><a>x</a></p>"),
    ('<img alt="i" src="javascript:alert(1)" />', '<img alt="i">'),
    ('<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', "<a>x</a>"),
    ('<p onclick="alert(1)" class="a">x</p>', '<p class="a">x</p>'),
    ("<h3 id=\"a\" onmouseover='alert(1)'>T</h3>", '<h3 id="a">T</h3>'),
    ("<p>a<script>alert(1)</script>b</p>", "<p>ab</p>"),
    ('<p>a<iframe src="x"></iframe>b<object data="x"></object></p>', "<p>ab</p>"),
    ('<p style="background:url(javascript:alert(1))">x</p>', "<p>x</p>"),
])
def test_whatever_markdown_made_runs_nothing(page: str, kept: str) -> None:
    assert clean(page) == kept
    assert scripts_in(page) and not scripts_in(kept)


def test_a_clean_page_keeps_everything() -> None:
    """Nothing is removed from a page that runs nothing; the sanitiser writes the page
    back as HTML5 (a character for an entity, no ``/>``), which reads the same."""
    page = ('<h2 id="rules">Rules<a class="headerlink" href="#rules" title="Permanent link">&para;</a></h2>\n'
            '<p><img alt="Pip Trick: player mat 01" src="img/player-mat-01.svg" /> '
            '<a href="files/pip-trick-pnp-a4.pdf">PDF</a> <a href="https://example.org/?a=1&amp;b=2">web</a></p>')
    assert clean(page) == page.replace("&para;", "\u00b6").replace(" />", ">")
    assert not unsafe_url("data:image/svg+xml;base64,PHN2Zz4=") and unsafe_url("data:image/svg+xml-evil,x") is True


def test_the_nav_prints_a_title_as_text(tmp_path: Path) -> None:
    """The theme prints nav titles unescaped: the title goes into the nav escaped."""
    from generator.docs.site import generate

    shutil.copytree(ROOT / "content" / "pip-trick", tmp_path / "content" / "pip-trick")
    game = tmp_path / "content" / "pip-trick" / "game.yaml"
    game.write_text(game.read_text().replace("title: Pip Trick", 'title: "Pip <script>alert(1)</script>"', 1))
    nav = generate(tmp_path, tmp_path / "docs", ROOT / "site")
    titles = [next(iter(entry)) for entry in nav]
    assert "Pip &lt;script&gt;alert(1)&lt;/script&gt;" in titles
    assert not any("<script" in title for title in titles)


def test_content_cannot_write_an_attribute_list() -> None:
    """Braces from content reach Markdown as entities: `{: style=... }` stays text."""
    import markdown

    from generator.templating import environment

    template = environment(ROOT).from_string("### {{ title }} {: #rule-id }\n\n{{ text }}\n")
    page = template.render(title="Leading {: onclick=alert(1) }", text='A rule { style="position:fixed" }')
    html = markdown.markdown(page, extensions=["attr_list", "toc"])
    assert html.startswith('<h3 id="rule-id">Leading &#123;: onclick=alert(1) &#125;</h3>'), html
    assert "<p>A rule &#123; style=" in html and "<p style" not in html


def test_a_title_that_looks_like_markup_prints_in_the_contents() -> None:
    """reportlab lays out the contents list as markup: a title is escaped there."""
    from pypdf import PdfReader
    import io

    from generator.games import shipped_game
    from generator.render.book import rulebook_pdf

    content = shipped_game("pip-trick").content
    first = content.rules[0]
    hostile = type(first)(**{**first.__dict__, "title": 'Leading "><img src=x onerror=alert(1)>'})
    game = type(content)(**{**content.__dict__, "rules": [hostile, *content.rules[1:]]})
    reader = PdfReader(io.BytesIO(rulebook_pdf(game, {}, [], None, "test")))
    contents = reader.pages[1].extract_text() + reader.pages[2].extract_text()
    assert "onerror=alert(1)>" in contents
