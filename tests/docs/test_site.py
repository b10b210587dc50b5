"""Rulebooks, quick references and the site, all from one content (issue 7)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[2]

SLUGS = sorted(p.name for p in (ROOT / "content").iterdir() if (p / "game.yaml").is_file())


def section_ids(slug: str) -> list[str]:
    return [ident for ident, _ in sections(slug)]


def sections(slug: str) -> list[tuple[str, str]]:
    """(id, title) of every setup and rule section of a shipped game."""
    game = yaml.safe_load((ROOT / "content" / slug / "game.yaml").read_text())

    def walk(sections):
        for s in sections or []:
            yield s["id"], s["title"]
            yield from walk(s.get("sections"))

    return list(walk(game["setup"])) + list(walk(game["rules"]))


def pdf_text(path: Path) -> str:
    return " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(path).pages)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_rule_section_is_in_the_site_page_and_the_pdf(built_project: Path, slug: str) -> None:
    """Each rule is on the site under its id (its anchor) and in the PDF under its title,
    and no heading of the PDF prints an id ("Dice #give-dice")."""
    html = (built_project / "output" / "site" / slug / "index.html").read_text()
    text = pdf_text(built_project / "output" / slug / f"{slug}-rulebook.pdf")
    for ident, title in sections(slug):
        assert f'id="{ident}"' in html, f"{slug}: rule section {ident} missing from the site rulebook"
        assert " ".join(title.split()) in text, f"{slug}: rule section {title!r} missing from the PDF rulebook"
        assert f"#{ident}" not in text, f"{slug}: the PDF prints the id of {ident}"


@pytest.mark.parametrize("slug", SLUGS)
def test_printed_rulebook_has_contents_page_numbers_and_embedded_fonts(built_project: Path, slug: str) -> None:
    book = built_project / "output" / slug / f"{slug}-rulebook.pdf"
    reader = PdfReader(book)
    assert len(reader.pages) >= 3
    assert "Contents" in (reader.pages[1].extract_text() or "")
    assert reader.outline, "the PDF should have bookmarks for its sections"
    last = reader.pages[-1].extract_text() or ""
    assert f"page {len(reader.pages)}" in last
    for page in reader.pages:
        for font in page["/Resources"].get("/Font", {}).values():
            descriptor = font.get_object().get("/FontDescriptor")
            assert descriptor is not None and "/FontFile2" in descriptor.get_object(), f"{book.name}: font not embedded"


@pytest.mark.parametrize("slug", SLUGS)
def test_quick_reference_is_one_page(built_project: Path, slug: str) -> None:
    reader = PdfReader(built_project / "output" / slug / f"{slug}-quick-reference.pdf")
    assert len(reader.pages) == 1


@pytest.mark.parametrize("slug", SLUGS)
def test_print_page_links_to_pdfs_that_exist_in_the_site(built_project: Path, slug: str) -> None:
    page = built_project / "output" / "site" / slug / "print-and-play.html"
    links = re.findall(r'href="([^"]+\.pdf)"', page.read_text())
    names = {Path(link).name for link in links}
    assert f"{slug}-pnp-a4.pdf" in names and f"{slug}-pnp-letter.pdf" in names and f"{slug}-rulebook.pdf" in names
    for link in links:
        assert (page.parent / link).resolve().is_file(), f"broken download link {link}"


def test_home_page_lists_every_game(built_project: Path) -> None:
    html = (built_project / "output" / "site" / "index.html").read_text()
    for slug in SLUGS:
        title = yaml.safe_load((ROOT / "content" / slug / "game.yaml").read_text())["title"]
        assert title in html and f'href="{slug}/index.html"' in html


def test_deck_report_is_a_page_of_the_site(built_project: Path) -> None:
    page = built_project / "output" / "site" / "multisuit" / "deck-report.html"
    assert page.is_file()
    assert "<svg" in page.read_text() or ".svg" in page.read_text()


def section(game: dict, ident: str) -> dict:
    """The rule section ``ident`` of a game.yaml's data."""
    def walk(sections):
        for s in sections or []:
            yield s
            yield from walk(s.get("sections"))

    return next(s for s in walk(game["setup"] + game["rules"]) if s["id"] == ident)


def edit_game(project: Path, slug: str, change) -> None:  # type: ignore[no-untyped-def]
    """Change a game's content as a designer would (the YAML re-dumped, same data otherwise)."""
    path = project / "content" / slug / "game.yaml"
    data = yaml.safe_load(path.read_text())
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


def test_one_sentence_changes_site_rulebook_and_quick_reference(built_project: Path, tmp_path: Path, run_pipworks) -> None:
    """Edit one quick-reference sentence, build once: every place that shows it changes."""
    project = tmp_path / "proj"
    shutil.copytree(built_project, project)
    new = "Zebras always lead the second trick of a round."
    old = section(yaml.safe_load((project / "content" / "pip-trick" / "game.yaml").read_text()), "trump-order")["reference"]
    edit_game(project, "pip-trick", lambda d: section(d, "trump-order").update(reference=new))
    result = run_pipworks(project, "build")
    assert result.returncode == 0, result.stderr
    out = project / "output"
    assert new in (out / "site" / "pip-trick" / "index.html").read_text()
    assert new in (out / "site" / "pip-trick" / "quick-reference.html").read_text()
    assert new in pdf_text(out / "pip-trick" / "pip-trick-rulebook.pdf")
    assert new in pdf_text(out / "pip-trick" / "pip-trick-quick-reference.pdf")
    assert " ".join(old.split()[:4]) not in pdf_text(out / "pip-trick" / "pip-trick-quick-reference.pdf")
    assert "reused" in result.stdout


def test_rule_text_change_reaches_site_and_pdf(built_project: Path, tmp_path: Path, run_pipworks) -> None:
    project = tmp_path / "proj"
    shutil.copytree(built_project, project)
    edit_game(project, "four-deuces", lambda d: d["rules"][0].update(text="Quokkas decide first. " + d["rules"][0].get("text", "")))
    result = run_pipworks(project, "build")
    assert result.returncode == 0, result.stderr
    assert "Quokkas decide first." in (project / "output" / "site" / "four-deuces" / "index.html").read_text()
    assert "Quokkas decide first." in pdf_text(project / "output" / "four-deuces" / "four-deuces-rulebook.pdf")


def test_content_is_escaped_in_the_site(built_project: Path, tmp_path: Path, run_pipworks) -> None:
    project = tmp_path / "proj"
    shutil.copytree(built_project, project)
    edit_game(project, "zero-grid", lambda d: d.update(tagline=d["tagline"] + " <script>alert('x')</script>"))
    result = run_pipworks(project, "build", "--only", "site")
    assert result.returncode == 0, result.stderr
    html = (project / "output" / "site" / "zero-grid" / "index.html").read_text()
    assert "<script>alert(" not in html and "&lt;script&gt;" in html


@pytest.mark.parametrize("slug", SLUGS)
def test_printed_rulebooks_for_both_papers_with_a_contents_page_that_fits(built_project: Path, slug: str) -> None:
    """A4 and Letter, each laid out for its paper: the contents fit page 2 (page 3 opens
    the first chapter), each rule links to its rulings, and the glossary is in order."""
    for suffix, size in (("", (595.28, 841.89)), ("-letter", (612.0, 792.0))):
        reader = PdfReader(built_project / "output" / slug / f"{slug}-rulebook{suffix}.pdf")
        box = reader.pages[0].mediabox
        assert (round(float(box.width), 2), round(float(box.height), 2)) == size
        contents = reader.pages[1].extract_text() or ""
        assert "Contents" in contents and "Glossary" in contents and "Quick reference" in contents
        assert re.search(r"page 3\s+Components", reader.pages[2].extract_text() or ""), "page 3 opens the book"
    text = pdf_text(built_project / "output" / slug / f"{slug}-rulebook.pdf")
    game = yaml.safe_load((ROOT / "content" / slug / "game.yaml").read_text())
    for ruling in game.get("clarifications", []):
        assert f"See ruling: {' '.join(ruling['question'].split())}" in text
    terms = [t["term"] for t in game.get("glossary", [])]
    glossary = text[text.rindex("Glossary"):text.rindex("Quick reference")]
    positions = [glossary.index(f"{term}:") for term in sorted(terms, key=str.casefold)]
    assert positions == sorted(positions), "the glossary is alphabetical"


@pytest.mark.parametrize("slug", SLUGS)
def test_site_rules_link_to_their_rulings_and_pages_link_their_pdfs(built_project: Path, slug: str) -> None:
    site = built_project / "output" / "site" / slug
    html = (site / "index.html").read_text()
    game = yaml.safe_load((ROOT / "content" / slug / "game.yaml").read_text())
    for ruling in game.get("clarifications", []):
        assert f'href="#{ruling["id"]}"' in html and f'id="{ruling["id"]}"' in html
    for page, book in (("index.html", "rulebook"), ("quick-reference.html", "quick-reference")):
        page_html = (site / page).read_text()
        for suffix in ("", "-letter"):
            assert f'href="files/{slug}-{book}{suffix}.pdf"' in page_html, (page, suffix)
        # a print button, made to print by the site's script (pages carry no inline handlers)
        assert 'class="md-button pw-print"' in page_html and 'src="../assets/print.js"' in page_html
    script = (built_project / "output" / "site" / "assets" / "print.js").read_text(encoding="utf-8")
    assert "window.print()" in script and ".pw-print" in script
