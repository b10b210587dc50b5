"""The quick reference players keep on the table (issue 18): one page on A4 and on US
Letter, no text under 8 pt (measured from the PDF), no line printed twice, every rule
marked for it present on the page and in the PDF (and the check fails when a part is
removed from the template), and ``validate`` warns about a rule left undecided."""

from __future__ import annotations

import math
import re
import shutil
from html import unescape
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from generator.content.loader import parse_game
from generator.content.reference import QuickReference, quick_reference

ROOT = Path(__file__).resolve().parents[2]
SLUGS = sorted(p.name for p in (ROOT / "content").iterdir() if (p / "game.yaml").is_file())
PAPERS = {"": (595.28, 841.89), "-letter": (612.0, 792.0)}


def folded(text: str) -> str:
    return " ".join(text.split())


def pdf_text(path: Path) -> str:
    return folded(" ".join(page.extract_text() or "" for page in PdfReader(path).pages))


def page_text(html: str) -> str:
    """The words of a site page's article, tags removed."""
    article = html.split("<article", 1)[-1].split("</article>", 1)[0]
    return folded(unescape(re.sub(r"<[^>]+>", " ", article)))


def text_sizes(path: Path) -> list[tuple[float, str]]:
    """(size in points as printed, text) of every piece of text in the PDF: the font size
    times the scale of the text and graphics matrices it is drawn with."""
    found: list[tuple[float, str]] = []
    for page in PdfReader(path).pages:
        def visit(text, cm, tm, font, size):  # type: ignore[no-untyped-def]
            if text.strip():
                a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
                c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
                found.append((size * math.sqrt(abs(a * d - b * c)), text.strip()))
        page.extract_text(visitor_text=visit)
    return found


def reference(slug: str) -> QuickReference:
    return quick_reference(parse_game(ROOT / "content" / slug).content)


def missing_lines(ref: QuickReference, text: str) -> list[str]:
    """The rules marked for the quick reference whose line ``text`` lacks."""
    return [f"{e.rule}: {e.line}" for e in ref.entries if folded(e.line) not in text]


@pytest.mark.parametrize("suffix", PAPERS)
@pytest.mark.parametrize("slug", SLUGS)
def test_one_page_of_the_right_paper_with_no_text_under_8_pt(built_project: Path, slug: str, suffix: str) -> None:
    path = built_project / "output" / slug / f"{slug}-quick-reference{suffix}.pdf"
    reader = PdfReader(path)
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width), 2), round(float(box.height), 2)) == PAPERS[suffix]
    sizes = text_sizes(path)
    assert sizes, "no text found"
    small = [(round(s, 2), t) for s, t in sizes if s < 8.0 - 0.01]
    assert not small, f"{path.name}: text under 8 pt: {small[:5]}"


@pytest.mark.parametrize("suffix", PAPERS)
@pytest.mark.parametrize("slug", SLUGS)
def test_every_marked_rule_is_printed_once(built_project: Path, slug: str, suffix: str) -> None:
    """Each rule marked for the quick reference (and each ruling given a line) is in the
    PDF exactly once: nothing left out, nothing printed twice."""
    text = pdf_text(built_project / "output" / slug / f"{slug}-quick-reference{suffix}.pdf")
    ref = reference(slug)
    assert len(ref.entries) >= 15
    assert not missing_lines(ref, text)
    twice = [e.line for e in ref.entries if text.count(folded(e.line)) > 1]
    assert not twice, f"printed more than once: {twice}"


@pytest.mark.parametrize("slug", SLUGS)
def test_every_marked_rule_is_on_the_site_page(built_project: Path, slug: str) -> None:
    html = (built_project / "output" / "site" / slug / "quick-reference.html").read_text(encoding="utf-8")
    assert not missing_lines(reference(slug), page_text(html))


def test_the_check_fails_when_a_part_is_removed_from_the_template(built_project: Path, tmp_path: Path,
                                                                   run_pipworks) -> None:  # type: ignore[no-untyped-def]
    """A project whose quick-reference template leaves out the end of the game: the
    completeness check names exactly the rules of that part."""
    project = tmp_path / "proj"
    shutil.copytree(built_project, project)
    template = project / "templates" / "site" / "quick-reference.md.j2"
    source = template.read_text(encoding="utf-8")
    cut = source.replace('{% for part in ("end", "rulings") %}', '{% for part in ("rulings",) %}')
    assert cut != source, "the template changed: update this test"
    template.write_text(cut, encoding="utf-8")
    result = run_pipworks(project, "build", "--only", "site")
    assert result.returncode == 0, result.stderr
    html = (project / "output" / "site" / "pip-trick" / "quick-reference.html").read_text(encoding="utf-8")
    ref = reference("pip-trick")
    missing = missing_lines(ref, page_text(html))
    assert missing and {m.split(":")[0] for m in missing} == {e.rule for e in ref.part("end")}


@pytest.mark.parametrize("slug", SLUGS)
def test_the_parts_players_need_are_there(slug: str) -> None:
    """A setup checklist, the turn's flow, the end of the game, and the suit powers where
    the game has them (each with a name)."""
    ref = reference(slug)
    assert len(ref.part("setup")) >= 2
    assert len(ref.steps) >= 3, "the turn's flow has at least three steps"
    assert ref.part("end")
    assert ref.part("rulings")
    for entry in ref.part("powers"):
        assert entry.suit and entry.power


def test_pip_trick_states_what_players_missed(built_project: Path) -> None:
    """The lines players asked for: face-down cards never change a die, a club swap needs
    a used die, and which suit does what (the table pairs symbol, name and effect)."""
    text = pdf_text(built_project / "output" / "pip-trick" / "pip-trick-quick-reference.pdf")
    assert "never changes a die" in text
    assert "a used die is needed" in text
    assert re.search(r"♥\s*Increase\s*Raise one available die by 1", text)


def project_copy(tmp_path: Path) -> Path:
    for name in ("content", "templates", "site"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("docs", "__pycache__"))
    return tmp_path


def set_reference(project: Path, slug: str, ident: str, value: object) -> int:
    """Set (or, with None, remove) a section's ``reference``; returns its line."""
    path = project / "content" / slug / "game.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(n for n, line in enumerate(lines) if line.strip() == f"- id: {ident}")
    at = next(n for n in range(start + 1, len(lines)) if lines[n].strip().startswith("reference:"))
    if value is None:
        del lines[at]
    else:
        indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())]
        lines[at] = f"{indent}reference: {yaml.safe_dump(value, default_flow_style=True).strip().removesuffix('...').strip()}"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return start + 1


def test_validate_warns_about_a_rule_on_neither_the_reference_nor_left_off(tmp_path: Path, run_pipworks) -> None:  # type: ignore[no-untyped-def]
    project = project_copy(tmp_path)
    clean = run_pipworks(project, "validate")
    assert clean.returncode == 0 and "warning" not in clean.stderr
    line = set_reference(project, "pip-trick", "hearts-increase", None)
    warned = run_pipworks(project, "validate")
    assert warned.returncode == 0, "a warning does not fail validate"
    assert re.search(rf"warning: content/pip-trick/game.yaml:{line}: rules\[\d+\]\.sections\[0\]"
                     r"\.reference: rule 'hearts-increase' has an effect", warned.stderr), warned.stderr
    set_reference_back = project / "content" / "pip-trick" / "game.yaml"
    text = set_reference_back.read_text(encoding="utf-8").replace(
        "title: Hearts raise\n", "title: Hearts raise\n        reference: false\n")
    set_reference_back.write_text(text, encoding="utf-8")
    assert "warning" not in run_pipworks(project, "validate").stderr, "reference: false leaves it off on purpose"


@pytest.mark.parametrize("value, message", [(True, "write the line the quick reference prints"),
                                            (7, "should be one of: string, a mapping of fields, boolean"),
                                            ({"line": "Raise a die.", "part": "lunch"}, "is not setup, play or end")])
def test_a_wrong_reference_is_refused_with_its_line(tmp_path: Path, run_pipworks, value: object, message: str) -> None:  # type: ignore[no-untyped-def]
    project = project_copy(tmp_path)
    line = set_reference(project, "pip-trick", "hearts-increase", value)
    result = run_pipworks(project, "validate")
    assert result.returncode == 2
    assert f"content/pip-trick/game.yaml:{line + 2}" in result.stderr and message in result.stderr, result.stderr
