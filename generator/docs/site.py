"""The rules website's pages, generated from content into ``site/docs/``.

Called by the mkdocs hook on every build (so ``pipworks serve`` regenerates pages when
content changes). Files are written only when their bytes change, so mkdocs' watcher is
not re-triggered by a rebuild that changed nothing, and files no longer produced are
removed: docs/ is entirely generated.
"""

from __future__ import annotations

import html
import re
import shutil
from html import escape
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from ..atomic import write_bytes
from ..content.loader import read_text
from ..content.outline import READING_INTRO, outline, play_time_text, players_text
from ..content.project import Project
from ..games import has_engine
from ..templating import render
from ..verify.examples import FENCE, Example, content_examples
from ..verify.project import validated_project
from ..verify.run import Replay
from .drawings import drawing
from .memo import PageMemo

CHECKED_PAGE = "how-examples-are-checked.md"
#: Folder of output/<slug>/ where the rulebook build leaves each example's drawing.
EXAMPLE_SVGS = "examples"
SUIT_GLYPHS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
PICTURES_PER_COMPONENT = 6
#: Which component picture stands for a game (home page, setup diagram), by name.
SETUP_HINTS = ("board", "mat", "grid", "playing-card")
PDF_LABELS = {
    "pnp-a4": "Everything to print, A4 paper",
    "pnp-letter": "Everything to print, US Letter paper",
    "cards-pod": "Cards one per page with trim and bleed boxes, for print-on-demand services",
    "rulebook": "The rulebook, printable (A4)",
    "rulebook-letter": "The rulebook, printable (US Letter)",
    "quick-reference": "The quick reference, one page (A4)",
    "quick-reference-letter": "The quick reference, one page (US Letter)",
}


@dataclass(frozen=True)
class Picture:
    src: str
    alt: str


class DocsWriter:
    """Writes files into docs/ only when they change; remembers what it wrote."""

    def __init__(self, docs: Path):
        self.docs = docs
        self.written: set[Path] = set()
        #: every (path relative to docs/, bytes) written, when a caller keeps them
        self.kept: list[tuple[str, bytes]] | None = None

    def text(self, rel: str, text: str) -> None:
        self.bytes(rel, text.encode("utf-8"))

    def bytes(self, rel: str, data: bytes) -> None:
        path = self.docs / rel
        self.written.add(path)
        if self.kept is not None:
            self.kept.append((rel, data))
        if path.is_file() and path.read_bytes() == data:
            return
        write_bytes(path, data)  # whole or not at all, even if the build is stopped

    def copy(self, source: Path, rel: str) -> None:
        self.bytes(rel, source.read_bytes())

    def prune(self) -> None:
        for path in sorted(self.docs.rglob("*"), reverse=True):
            if path.is_file() and path not in self.written and not path.name.startswith('.'):
                path.unlink()
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()


def _component_label(stem: str, title: str) -> str:
    words = re.sub(r"-(\d+)$", r" \1", stem).replace("-", " ")
    return f"{title}: {words}"


def pictures(root: Path, slug: str, title: str, out: DocsWriter) -> list[Picture]:
    """The game's component SVGs from output/, copied beside its pages."""
    svg_dir = root / "output" / slug / "svg"
    chosen: list[Picture] = []
    per_component: dict[str, int] = {}
    for svg in sorted(svg_dir.glob("*.svg")) if svg_dir.is_dir() else []:
        component = re.sub(r"-\d+$", "", svg.stem)
        per_component[component] = per_component.get(component, 0) + 1
        if per_component[component] > PICTURES_PER_COMPONENT:
            continue
        out.copy(svg, f"{slug}/img/{svg.name}")
        chosen.append(Picture(f"img/{svg.name}", _component_label(svg.stem, title)))
    return chosen


def downloads(root: Path, slug: str, out: DocsWriter) -> list[dict[str, str]]:
    found = []
    for pdf in sorted((root / "output" / slug).glob("*.pdf")):
        kind = pdf.stem[len(slug) + 1 :] if pdf.stem.startswith(slug + "-") else pdf.stem
        if kind not in PDF_LABELS:
            continue  # a `pipworks pnp` experiment (other paper, size, offset...): the builder's, not the site's
        out.copy(pdf, f"{slug}/files/{pdf.name}")
        label = PDF_LABELS.get(kind, kind.replace("-", " "))
        found.append({"name": pdf.name, "href": f"files/{pdf.name}", "label": label, "size": f"{pdf.stat().st_size / 1024:.0f} KB"})
    return found


#: The badge of a checked example, in the site and the printed rulebook: what was done,
#: by which engine (the Pipworks version); the site links it to "How examples are checked".
CHECKED_BADGE = "outcome checked against the reference engine"


def checked_badge() -> str:
    from .. import __version__

    return f"{CHECKED_BADGE} (Pipworks {__version__})"


def rule_titles(content: Any) -> dict[str, str]:
    """Rule, variant and ruling ids -> the titles a reader knows them by."""
    titles = {s.id: s.title for s in content.all_sections()}
    titles.update({v.id: v.name for v in content.variants})
    titles.update({k.id: k.question for k in content.clarifications})
    return titles


def example_view(example: Example, titles: Mapping[str, str] | None = None) -> dict[str, Any]:
    """What the site page and the printed rulebook show of one example; ``titles`` name
    the rule that refuses a move (see :func:`rule_titles`)."""
    from markupsafe import Markup

    from .wording import description, engine_details, rows

    data = example.data
    view: dict[str, Any] = {
        "id": example.id,
        "title": data["title"],
        "story": str(data["story"]).strip(),
        "position_rows": rows(data.get("position")),
        "play": [" ".join(m.split()) for m in example.play if m.strip()],
        "outcome_rows": rows(data.get("expect"), titles),
        "diagram": None,
        "badge": checked_badge(),
    }
    # a fenced code block escapes what it shows itself; the fence keeps it closed
    raw, fence = engine_details(data)
    view["engine"], view["engine_fence"] = Markup(raw), fence
    view["description"] = description(view["title"], view["position_rows"], view["play"], view["outcome_rows"])
    return view


def place_examples(game: Any, examples: list[Example], replays: Mapping[tuple[str, str], Replay] | None = None
                   ) -> tuple[dict[str, list[dict]], list[dict]]:
    """Each example goes after the first rule (or clarification) it names; given the
    examples' ``replays`` (see ``generator.docs.replays``), each also gets the drawing
    of its position (``view["scene"]``)."""
    from ..content.checks import rule_ids
    from ..games import engine_for

    known = set(rule_ids(game))
    titles = rule_titles(game.content)
    by_section: dict[str, list[dict]] = {}
    others: list[dict] = []
    checked = engine_for(game) is not None  # a game without an engine shows its examples as not checked
    for example in examples:
        anchor = next((r for r in example.rules + example.clarifies if r in known), None)
        view = example_view(example, titles)
        view["checked"] = checked
        if replays is not None:
            replay = replays.get((example.game, example.id))
            view["scene"] = drawing(game.content.slug, example.data, game.content, replay, engine_for(game))
        else:
            view["scene"] = None
        if anchor is None:
            others.append(view)
        else:
            by_section.setdefault(anchor, []).append(view)
    return by_section, others


def book_links(downloads: list[dict[str, str]], slug: str) -> dict[str, dict[str, str]]:
    """The rulebook's and the quick reference's PDFs by paper: {"rulebook": {"a4": href…}}."""
    links: dict[str, dict[str, str]] = {}
    for d in downloads:
        for book in ("rulebook", "quick-reference"):
            for paper, suffix in (("a4", ""), ("letter", "-letter")):
                if d["name"] == f"{slug}-{book}{suffix}.pdf":
                    links.setdefault(book, {})[paper] = d["href"]
    return links


#: The page of every printed face, which ``pipworks serve`` adds to each game.
GALLERY_PAGE = "gallery.md"
#: A face's file stem as the print files name it: ``playing-cards-07``, ``playing-cards-back-01``.
FACE_STEM = re.compile(r"^(?P<component>.+?)-(?P<back>back-)?(?P<number>\d+)$")


def gallery(root: Path, slug: str, content: Any, out: DocsWriter) -> str | None:
    """The game's card gallery: every face the print files draw (``output/<slug>/svg/``,
    the scenes the PDFs print), by component in the order the game lists them, fronts
    then backs; its path, or None before any face is drawn. ``pipworks serve`` shows it
    and reloads it when the print files are made again."""
    svg_dir = root / "output" / slug / "svg"
    faces = sorted(svg_dir.glob("*.svg")) if svg_dir.is_dir() else []
    if not faces:
        return None
    names = {c.id: c.name for c in content.components}
    groups: dict[str, dict[str, Any]] = {cid: {"id": cid, "name": name, "fronts": [], "backs": []}
                                         for cid, name in names.items()}
    for svg in faces:
        match = FACE_STEM.match(svg.stem)
        component = match["component"] if match else svg.stem
        group = groups.setdefault(component, {"id": component, "name": component.replace("-", " "),
                                              "fronts": [], "backs": []})
        data = svg.read_bytes()
        out.bytes(f"{slug}/img/{svg.name}", data)
        said = re.search(rb"<title>(.*?)</title>", data[:4096], re.S)
        alt = " ".join(html.unescape(said.group(1).decode("utf-8", "replace")).split()) if said else ""
        face = Picture(f"img/{svg.name}", alt or _component_label(svg.stem, content.title))
        group["backs" if match and match["back"] else "fronts"].append(face)
    shown = [g for g in groups.values() if g["fronts"] or g["backs"]]
    out.text(f"{slug}/{GALLERY_PAGE}", render(root, "site/gallery.md.j2", game=content, groups=shown,
                                              faces=sum(len(g["fronts"]) + len(g["backs"]) for g in shown)))
    return f"{slug}/{GALLERY_PAGE}"


def game_pages(project: Project, slug: str, examples: list[Example], out: DocsWriter,
               with_gallery: bool = False) -> dict[str, Any]:
    from ..content.outline import glossary_terms, rulings_by_rule
    from ..content.reference import PARTS, quick_reference, reference_lines

    root = project.root
    game = project.games[slug]
    content = game.content
    pics = pictures(root, slug, content.title, out)
    # The drawings of the examples' positions were made with the printed rulebook
    # (in parallel, one game per process); the site copies them.
    by_section, others = place_examples(game, examples)
    drawn = root / "output" / slug / EXAMPLE_SVGS
    for view in [v for views in by_section.values() for v in views] + others:
        svg = drawn / f"example-{view['id']}.svg"
        if svg.is_file():
            view["diagram"] = f"img/{svg.name}"
            out.copy(svg, f"{slug}/{view['diagram']}")
    files = downloads(root, slug, out)
    context = dict(game=content, outline=outline(content, others), players=players_text(content),
                   play_time=play_time_text(content), pictures=pics, setup_scene=setup_scene(root, slug, out),
                   legend_scene=setup_scene(root, slug, out, LEGEND_SVG), reading_intro=READING_INTRO,
                   examples_by_section=by_section, other_examples=others, checked_page=f"../{CHECKED_PAGE}",
                   suit_glyphs=SUIT_GLYPHS, downloads=files, books=book_links(files, slug),
                   rulings=rulings_by_rule(content), glossary=glossary_terms(content),
                   reference=quick_reference(content), reference_lines=reference_lines(content), parts=PARTS,
                   playable=has_engine(slug))
    out.text(f"{slug}/index.md", render(root, "site/rulebook.md.j2", **context))
    out.text(f"{slug}/quick-reference.md", render(root, "site/quick-reference.md.j2", **context))
    out.text(f"{slug}/print-and-play.md", render(root, "site/print-and-play.md.j2", **context))
    nav: list[dict[str, str]] = [
        {"Rulebook": f"{slug}/index.md"},
        {"Quick reference": f"{slug}/quick-reference.md"},
        {"Print and play": f"{slug}/print-and-play.md"},
    ]
    faces = gallery(root, slug, content, out) if with_gallery else None
    if faces:
        nav.append({"Card gallery": faces})
    extra = deck_report(project, slug, out)
    if extra:
        nav.append({"Deck report": extra})
    from .how_it_plays import how_it_plays

    plays = how_it_plays(project, slug, out)
    if plays:
        nav.append({"How it plays": plays})
    return {"content": content, "picture": pics[0] if pics else None, "pictures": pics, "nav": nav}


#: Where the rulebook build leaves the picture of the table after setup and the drawing
#: of "Reading the examples" (in output/<slug>/).
SETUP_SVG = "setup.svg"
LEGEND_SVG = "reading-the-examples.svg"


def setup_scene(root: Path, slug: str, out: DocsWriter, name: str = SETUP_SVG) -> Picture | None:
    """A picture drawn with the rulebook (the table after setup, or ``name``), copied
    beside the pages, with its description as the text a screen reader reads."""
    svg = root / "output" / slug / name
    if not svg.is_file():
        return None
    out.copy(svg, f"{slug}/img/{name}")
    match = re.search(r"<title>(.*?)</title>", svg.read_text(encoding="utf-8"), re.S)
    alt = html.unescape(match.group(1)) if match else "A drawing of the table"
    return Picture(f"img/{name}", " ".join(alt.split()))


def deck_report(project: Project, slug: str, out: DocsWriter) -> str | None:
    """The deck report page (and its charts) for a game that ships a deck file."""
    files = project.games[slug].content.files
    if files.deck is None or files.deck_rules is None:
        return None
    import tempfile

    from ..deck.report import write_report

    folder = project.games[slug].folder
    with tempfile.TemporaryDirectory() as tmp:
        page = write_report(folder / files.deck, folder / files.deck_rules, Path(tmp), deals=2000, seed=1)
        for path in sorted(Path(tmp).rglob("*")):
            if path.is_file():
                rel = path.relative_to(tmp)
                name = "deck-report.md" if path == page else str(rel)
                out.copy(path, f"{slug}/{name}")
    return f"{slug}/deck-report.md"


def hand_written(site: Path, out: DocsWriter) -> list[dict[str, str]]:
    """Pages from site/pages/: example fences shown as YAML with a verified note."""
    nav = []
    for page in sorted((site / "pages").glob("*.md")):
        lines = []
        for line in read_text(page).splitlines():
            match = FENCE.match(line)
            lines.append(f"{match['indent']}{match['fence']}yaml" if match else line)
        out.text(page.name, "\n".join(lines) + "\n")
        title = next((l[2:].strip() for l in lines if l.startswith("# ")), page.stem)
        nav.append({escape(title): page.name})
    for asset in sorted((site / "assets").rglob("*")) if (site / "assets").is_dir() else []:
        if asset.is_file():
            out.copy(asset, f"assets/{asset.relative_to(site / 'assets')}")
    return nav


def generate(root: Path, docs: Path, site: Path, project: Project | None = None,
             memo: PageMemo | None = None, with_gallery: bool = False) -> list[Any]:
    """Write every page into ``docs`` and return the mkdocs nav; no write goes through a
    symbolic link in the project (``pipworks serve`` calls this outside any build).

    ``project``: the project as the build validated it (else it is loaded and validated
    here). ``memo`` (``pipworks serve``): each game's pages are kept, and a game whose
    inputs are the same bytes as when its pages were made is neither loaded nor made
    again; its files are written from the memo. ``with_gallery``: each game also gets
    its card gallery (see :func:`gallery`)."""
    from ..atomic import confined

    with confined(root.resolve()):
        return _generate(root, docs, site, project, memo, with_gallery)


def _generate(root: Path, docs: Path, site: Path, project: Project | None, memo: PageMemo | None,
              with_gallery: bool = False) -> list[Any]:
    from ..content.folders import game_folders

    slugs = [f.name for f in game_folders(root)]
    if memo is not None:
        memo.start(root, slugs, f"gallery={with_gallery}")
    todo = [s for s in slugs if memo is None or memo.pages(s) is None]
    if project is None:
        project = validated_project(root, only=todo if memo is not None else None)
    examples = content_examples(root, todo) if todo else []
    out = DocsWriter(docs)
    games = []
    nav: list[Any] = [{"Home": "index.md"}]
    for slug in sorted(slugs):
        kept = memo.pages(slug) if memo is not None else None
        if kept is not None:
            for rel, data in kept.files:
                out.bytes(rel, data)
            info = kept.info
        else:
            out.kept = [] if memo is not None else None
            info = game_pages(project, slug, [e for e in examples if e.game == slug], out, with_gallery)
            setup = next((p for hint in SETUP_HINTS for p in info["pictures"] if hint in p.src), info["picture"])
            if setup is not None:
                info["picture"] = Picture(f"{slug}/{setup.src}", setup.alt)
            if memo is not None and out.kept is not None:
                memo.keep(slug, out.kept, info)
            out.kept = None
        games.append(info)
        # The theme prints nav titles as they are, unescaped: a title is text, not HTML.
        nav.append({escape(info["content"].title): info["nav"]})
    nav += hand_written(site, out)
    out.text("index.md", render(root, "site/home.md.j2", games=games, checked_page=CHECKED_PAGE))
    out.prune()
    return nav
