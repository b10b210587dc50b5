"""The site's sanitiser is an allow-list HTML sanitiser (nh3), not regexes (issue 25,
finding 6): a hand-written page in site/pages/ holding hostile HTML builds into a page
that runs nothing, read by Python's parser, by the built files' text and by Chromium."""

from __future__ import annotations

import functools
import http.server
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

from generator.docs.sanitize import clean, scripts_in

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "fixtures" / "tiny" / "content" / "tiny"

#: Each bypassed the regex sanitiser or is a classic of the kind (mXSS, SVG animation).
HOSTILE = [
    "<details open ontoggle=document.title='XSS'><summary>s</summary>d</details>",
    "<svg><animate attributeName=href values=javascript:alert(1) /><a><text y=20>click</text></a></svg>",
    "<svg><set attributeName=onmouseover to=alert(1) /><rect width=9 height=9 /></svg>",
    "<svg><a href='javascript:alert(1)'><text>x</text></a></svg>",
    "<svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>",
    "<svg><use href='data:image/svg+xml,<svg id=x><script>alert(1)</script></svg>#x' /></svg>",
    "<img src=x onerror=alert(1)//>",
    "<img src=\"x\" alt='\"' onerror=alert(1)>",
    "<a href=\"ja&#x09;vascript:alert(1)\">x</a>",
    "<a href=javascript&colon;alert(1)>x</a>",
    "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    "<p style=\"background:url(javascript:alert(1))\">x</p>",
    "<style>@import 'javascript:alert(1)';</style>",
    "<iframe srcdoc='<script>alert(1)</script>'></iframe>",
    "<form><button formaction=javascript:alert(1)>x</button></form>",
    "<object data=\"data:text/html,<script>alert(1)</script>\"></object>",
    "<base href=\"javascript:alert(1)//\">",
    "<meta http-equiv=refresh content=\"0;url=javascript:alert(1)\">",
]


@pytest.mark.parametrize("page", HOSTILE)
def test_nothing_that_runs_survives(page: str) -> None:
    kept = clean(page)
    assert not scripts_in(kept), kept
    assert "ontoggle" not in kept and "animate" not in kept and "javascript" not in kept.lower(), kept


@pytest.mark.parametrize("page", [
    '<div class="admonition note"><p class="admonition-title">Note</p><p>Body</p></div>',
    '<details class="example" open=""><summary>An example</summary><p>Text</p></details>',
    '<table><thead><tr><th align="left">a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>',
    '<h3 id="lead">Leading<a class="headerlink" href="#lead" title="Permanent link">\u00b6</a></h3>',
    '<p><img alt="A card" class="pw-thumb" loading="lazy" src="img/card-01.svg"></p>',
    '<p><img alt="dot" src="data:image/png;base64,iVBORw0KGgo="></p>',
    '<p><a href="https://example.org/x?a=1&amp;b=2">web</a> <a href="mailto:a@b.org">mail</a></p>',
    '<span aria-hidden="true" class="twemoji">x</span>',
    '<p><button class="md-button pw-print" type="button">Print this page</button></p>',
    ('<svg xmlns="http://www.w3.org/2000/svg" class="pw-chart" width="640" height="136" viewBox="0 0 640 136" '
     'role="img" aria-label="Chart" style="max-width:100%;height:auto;color:inherit"><title>Chart</title>'
     '<rect x="1" y="2" width="3" height="4" fill="#abc"></rect><line x1="0" y1="0" x2="5" y2="5" stroke="#000" '
     'stroke-opacity="0.3"></line><text x="1" y="2" font-family="sans-serif" font-size="11" text-anchor="end" '
     'font-weight="bold" fill="currentColor">a &amp; b</text></svg>'),
])
def test_what_the_site_uses_is_kept(page: str) -> None:
    assert clean(page) == page


def _project(tmp_path: Path, page: str) -> Path:
    shutil.copytree(TINY, tmp_path / "content" / "tiny")
    for name in ("site", "templates"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("docs", "__pycache__"))
    for shipped in (tmp_path / "site" / "pages").glob("*.md"):
        shipped.write_text("# A page\n")  # theirs replay the shipped games, which this project lacks
    (tmp_path / "site" / "pages" / "x.md").write_text(f"# Hostile\n\n{page}\n\nafter\n")
    return tmp_path


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = _project(tmp_path_factory.mktemp("hostile"), "\n\n".join(HOSTILE[:2]))
    result = subprocess.run([sys.executable, "-m", "generator", "--project", str(project), "build", "--only", "site"],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    return project / "output" / "site"


def _article(page: Path) -> str:
    text = page.read_text()
    return text[text.index("<article"):text.index("</article>")]


def test_a_hand_written_page_is_sanitised_when_built(hostile_site: Path) -> None:
    article = _article(hostile_site / "x.html")
    assert "after" in article and "<details open" in article  # the page is there, its details too
    assert "ontoggle" not in article and "<animate" not in article and "javascript:" not in article
    assert not scripts_in(article)


CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@pytest.fixture
def served(hostile_site: Path) -> Iterator[str]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(hostile_site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()


@pytest.mark.chromium
def test_the_ontoggle_page_runs_nothing_in_chromium(served: str) -> None:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        driver.set_page_load_timeout(30)
        driver.get(served + "x.html")
        time.sleep(1.0)  # `toggle` fires after load, from a queued task
        opened = driver.execute_script("return document.querySelector('article details').open")
        title = driver.title
    finally:
        driver.quit()
    assert opened is True  # the details element is there and open: it would have toggled
    assert title != "XSS" and "Hostile" in title
