"""The built site in a real browser: headless Chromium through selenium (issue 7).

Every page loads without console errors, search finds "trump", every internal link and
download resolves, and every image has alt text.
"""

from __future__ import annotations

import functools
import http.server
import re
import shutil
import threading
from html.parser import HTMLParser
from pathlib import Path
from typing import Iterator
from urllib.parse import unquote, urljoin, urlparse

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

pytestmark = pytest.mark.chromium

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


@pytest.fixture(scope="module")
def site(built_project: Path) -> Path:
    return built_project / "output" / "site"


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    handler = functools.partial(QuietHandler, directory=str(site))
    httpd = QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        pass  # the browser drops keep-alive connections when it moves on: not a failure


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=1280,1000"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


def pages(site: Path) -> list[str]:
    return sorted(str(p.relative_to(site)) for p in site.rglob("*.html") if p.name != "404.html")


def test_every_page_loads_without_console_errors(site: Path, server: str, browser: webdriver.Chrome) -> None:
    found = pages(site)
    assert len(found) >= 16, found
    problems = []
    for rel in found:
        browser.get(urljoin(server, rel))
        assert browser.find_element(By.CSS_SELECTOR, "article h1").text.strip(), rel
        errors = [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]
        if errors:
            problems.append(f"{rel}: {errors}")
        missing_alt = browser.execute_script(
            "return Array.from(document.querySelectorAll('article img')).filter(i => !i.alt.trim()).map(i => i.src)")
        if missing_alt:
            problems.append(f"{rel}: images without alt text: {missing_alt}")
        broken = browser.execute_script(
            "return Array.from(document.querySelectorAll('article img')).filter(i => i.complete && i.naturalWidth === 0).map(i => i.src)")
        if broken:
            problems.append(f"{rel}: images that did not load: {broken}")
    assert not problems, "\n".join(problems)


def test_search_finds_trump(server: str, browser: webdriver.Chrome) -> None:
    browser.get(server)
    # On a wide window the search box sits in the header, ready to type in.
    box = WebDriverWait(browser, 10).until(EC.element_to_be_clickable((By.CSS_SELECTOR, "input.md-search__input")))
    box.click()
    box.send_keys("trump")
    WebDriverWait(browser, 20).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".md-search-result__item")))
    results = browser.find_elements(By.CSS_SELECTOR, ".md-search-result__item")
    assert results, "search for 'trump' found nothing"
    assert any("Pip Trick" in r.text or "trump" in r.text.lower() for r in results)


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value and ((tag == "a" and name == "href") or (tag in ("img", "script") and name == "src")
                          or (tag == "link" and name == "href")):
                self.links.append(value)


def test_every_internal_link_and_download_resolves(site: Path) -> None:
    broken = []
    checked = 0
    for page in site.rglob("*.html"):
        if page.name == "404.html":
            continue  # served at any depth, so mkdocs gives it root-relative links on purpose
        parser = Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for link in parser.links:
            url = urlparse(link)
            if url.scheme or link.startswith(("#", "mailto:", "//")):
                continue
            target = (page.parent / unquote(url.path)).resolve() if url.path else page
            if target.is_dir():
                target = target / "index.html"
            checked += 1
            if not target.is_file():
                broken.append(f"{page.relative_to(site)} → {link}")
            elif url.fragment and target.suffix == ".html":
                if not re.search(rf'id="{re.escape(unquote(url.fragment))}"', target.read_text(encoding="utf-8")):
                    broken.append(f"{page.relative_to(site)} → {link} (no such anchor)")
    assert checked > 100
    assert not broken, "\n".join(broken[:40])


def test_downloads_are_served(site: Path, server: str) -> None:
    import urllib.request

    pdfs = sorted(site.rglob("*.pdf"))
    assert len(pdfs) >= 15
    for pdf in pdfs:
        with urllib.request.urlopen(urljoin(server, str(pdf.relative_to(site)))) as response:
            assert response.status == 200
            assert response.read(5) == b"%PDF-"
