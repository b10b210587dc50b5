"""Markdown pages rendered from content through ``templates/``."""

from __future__ import annotations

import contextlib
import logging

from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, NamedTuple

from ..target import Target
from .folders import SITE, SITE_NEW, SITE_OLD, input_path, site_folder, template_inputs
from .replays import RECORDS


def targets(root: Path, slugs: list[str], options: Mapping[str, Any]) -> list[Target]:
    return [
        Target(
            key=f"{slug}/rulebook-md",
            builder=build_rulebook_md,
            inputs=(f"content/{slug}", *template_inputs(root)),
            outputs=(f"{slug}/{slug}-rulebook.md",),
            game=slug,
            # with the books rather than a stage of its own: a process pool started
            # for five small pages costs more than the pages
            stage=1,
            weight=0.1,
        )
        for slug in slugs
    ]


def build_rulebook_md(project: Any, target: Target, out: Path) -> None:
    from ..atomic import write_text
    from ..games import has_engine
    from ..templating import render

    from ..content.outline import glossary_terms, outline, play_time_text, players_text

    game = project.games[target.game].content
    text = render(project.root, "rulebook.md.j2", game=game, outline=outline(game, examples=False, reference=False),
                  players=players_text(game), play_time=play_time_text(game), glossary=glossary_terms(game),
                  playable=has_engine(game.slug))
    write_text(out / target.outputs[0], text)


def site_targets(root: Path, slugs: list[str], options: Mapping[str, Any]) -> list[Target]:
    """The rules website: built last, from content and every game's print files."""
    site = site_folder(root)
    inputs: tuple[str, ...] = ("content", *template_inputs(root))
    inputs += tuple(input_path(root, site / name) for name in ("mkdocs.yml", "hooks", "pages", "assets"))
    inputs += tuple(f"output/{slug}" for slug in slugs)
    return [Target(key="site", builder=build_site, inputs=inputs,
                   outputs=("site/index.html",), stage=9, group="site")]


def build_site(project: Any, target: Target, out: Path) -> list[Path]:
    """mkdocs build --strict of the site skeleton into output/site/ (Pipworks' plugin
    generates the pages: into the project's site/docs/, or output/.pipworks/site-docs/ when the
    skeleton is the one Pipworks ships, which may be read-only); returns its files.

    mkdocs empties the folder it builds into, so the site is built beside output/site/
    and swapped in whole: a build stopped half-way leaves the previous site as it was."""
    import os

    from mkdocs.commands.build import build

    from .site_config import load_site

    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    site = site_folder(project.root)
    own = site == project.root / "site"
    docs = site / "docs" if own else out / ".pipworks" / "site-docs"
    docs.mkdir(parents=True, exist_ok=True)
    # A shipped skeleton watches nothing (its watch: paths are the checkout's folders).
    # A build watches nothing (a copied skeleton's watch: may name folders this project lacks).
    extra: dict[str, Any] = {"watch": []} if own else {"docs_dir": str(docs), "watch": []}
    from mkdocs.exceptions import MkDocsException

    from ..verify.run import SiteBuildFailed

    fresh = out / SITE_NEW
    with mkdocs_said(logging.WARNING) as said:  # its warnings and errors, for our own message
        try:
            config = load_site(site / "mkdocs.yml", project.root, site_disagreements, project=project,
                               site_dir=str(fresh), strict=True, **extra)
            with sitemap_dates():
                build(config)
        except (MkDocsException, SystemExit) as exc:
            raise SiteBuildFailed(said + [str(exc)]) from None
    return swap_in(fresh, out / SITE, out / SITE_OLD)


@contextlib.contextmanager
def mkdocs_said(level: int) -> Iterator[list[str]]:
    """The messages mkdocs logs at ``level`` or above while the block runs (mkdocs
    reports through logging, and ends a failed build with a bare Abort)."""
    class Said(logging.Handler):
        def __init__(self) -> None:
            super().__init__(level)
            self.lines: list[str] = []

        def emit(self, record: logging.LogRecord) -> None:
            self.lines.append(record.getMessage())

    said = Said()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(said)
    try:
        yield said.lines
    finally:
        logger.removeHandler(said)


@contextlib.contextmanager
def sitemap_dates() -> Iterator[None]:
    """SOURCE_DATE_EPOCH fixed for the block: the sitemap's dates come from it, so the
    same content gives the same bytes. Only for the block: reportlab reads the same
    variable, and a PDF made later in this process (``pipworks serve``, or a build
    after a site in one process) must keep its own fixed date, not 1970."""
    import os

    before = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = before if before is not None else "0"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)


def swap_in(fresh: Path, final: Path, old: Path) -> list[Path]:
    """Replace the folder ``final`` by ``fresh`` (two renames; between them the previous
    folder waits at ``old``, where the next build finds it if this one is killed)."""
    import shutil

    if old.exists():
        shutil.rmtree(old)
    if final.exists():
        final.rename(old)
    fresh.rename(final)
    if old.exists():
        shutil.rmtree(old)
    return sorted(p for p in final.rglob("*") if p.is_file())


#: The printed books of a game, per paper: (rulebook, quick reference) file suffixes.
BOOK_PAPERS = {"a4": "", "letter": "-letter"}
BOOKS = ("rulebook", "quick-reference")


def book_files(slug: str, *papers: str, books: tuple[str, ...] = BOOKS) -> tuple[str, ...]:
    """The rulebook and quick-reference PDFs (or just ``books``) of ``slug`` on
    ``papers`` (default: all): A4 (``<slug>-rulebook.pdf``) and US Letter
    (``<slug>-rulebook-letter.pdf``), each laid out for its paper."""
    return tuple(f"{slug}/{slug}-{book}{BOOK_PAPERS[paper]}.pdf" for paper in (papers or BOOK_PAPERS)
                 for book in books)


def book_targets(root: Path, slugs: list[str], options: Mapping[str, Any]) -> list[Target]:
    """Printable rulebooks per game, A4 and US Letter. Building them replays the game's
    worked examples once (see ``generator.docs.replays``): a disagreement stops the
    build, and each example is drawn from its replay for both papers. Before the site,
    which copies the files and takes the verdicts.

    Both papers in one target: they are drawn from the same replays and drawings, and
    the second edition reuses the first one's parsed text (``render.book_base``); the
    games' rulebooks, the longest jobs of a build, still share the cores."""
    return [
        Target(
            key=f"{slug}/rulebook-pdf",
            builder=build_books,
            inputs=(f"content/{slug}",),
            # Only the files every game's books write: the setup picture and the drawing of
            # "Reading the examples" exist only for a game that draws them, and are checked
            # through the files the build recorded it wrote (a game without them is fresh).
            outputs=(*book_files(slug, books=("rulebook",)), str(RECORDS / f"{slug}.verified")),
            game=slug,
            stage=1,
            weight=10.0,
        )
        for slug in slugs
    ]


def quick_reference_targets(root: Path, slugs: list[str], options: Mapping[str, Any]) -> list[Target]:
    """The one-page quick reference per game, A4 and US Letter: a target of its own (it
    needs no replays), so it lays out on one core while the rulebooks use the other."""
    return [
        Target(key=f"{slug}/quick-reference-pdf", builder=build_quick_references, inputs=(f"content/{slug}",),
               outputs=book_files(slug, books=("quick-reference",)), game=slug, stage=1)
        for slug in slugs
    ]


def site_disagreements(root: Path, memo: Any = None) -> list[str]:
    """What the rules site must refuse: examples the engines contradict or cannot read
    (the verdicts of this build's rulebook steps where current; see ``replays``; with
    ``pipworks serve``'s ``memo``, the verdicts it kept for unchanged games)."""
    from ..content.folders import game_folders
    from .replays import disagreements

    return disagreements(root, book_targets(root, [f.name for f in game_folders(root)], {}), memo)


def game_components(project: Any, slug: str) -> list[Any]:
    """The game's printed components (empty for a game with no layout module yet)."""
    from ..components.base import FaceOptions
    from ..games import faces_for

    content = project.games[slug].content
    faces = faces_for(slug, content)
    return [] if faces is None else list(faces(content, FaceOptions(), project.root))


def title_picture(components: list[Any]) -> Any:
    """The scene shown on a rulebook's first page: the game's first board or mat."""
    for kind in ("board", "sheet", "card"):
        for component in components:
            if component.kind == kind and component.faces and "quick" not in component.id:
                return component.faces[0].front
    return None


def setup_scene(game: Any, components: list[Any]) -> Any:
    """The picture of the table after setup, drawn by the game's ``setup`` from its
    printed components (None for a game that draws none)."""
    from ..components.palette import palette
    from ..games import find_spec, suits_of

    spec = find_spec(game.content.slug)
    if spec is None or spec.setup is None:
        return None
    return spec.setup(game.content, components, palette(game.content.slug, "colour", suits_of(game.content)))


def write_setup_picture(path: Path, scene: Any) -> None:
    """A picture of the rulebook (the setup picture, the drawing of "Reading the
    examples") as an SVG for the site (removed when a game draws none)."""
    from ..atomic import write_text
    from ..render.svg import render_scene

    if scene is None:
        path.unlink(missing_ok=True)
    else:
        write_text(path, render_scene(scene))


def write_example_drawings(folder: Path, views: list[dict]) -> None:
    """Each example's position as an SVG (the site shows them); stale drawings removed."""
    from ..atomic import write_text
    from ..render.svg import render_scene

    wanted = {f"example-{v['id']}.svg": v["scene"] for v in views if v.get("scene") is not None}
    if folder.is_dir():
        for old in folder.glob("*.svg"):
            if old.name not in wanted:
                old.unlink()
    for name, scene in sorted(wanted.items()):
        write_text(folder / name, render_scene(scene))


def build_books(project: Any, target: Target, out: Path) -> None:
    """The rulebooks on every paper; checks and records the examples' replays and
    writes the drawings the site shows."""
    from .replays import checked_replays
    from .site import EXAMPLE_SVGS, LEGEND_SVG, SETUP_SVG

    slug = target.game
    assert slug is not None, "a rulebook target belongs to a game"
    book = _book_parts(project, slug, lambda examples: checked_replays(project.root, target, out, examples))
    write_example_drawings(out / slug / EXAMPLE_SVGS, [v for views in book.placed.values() for v in views]
                           + book.others)
    write_setup_picture(out / slug / SETUP_SVG, book.table)
    write_setup_picture(out / slug / LEGEND_SVG, book.legend)
    for paper in BOOK_PAPERS:
        _write_rulebook(book, out, paper)


def build_quick_references(project: Any, target: Target, out: Path) -> None:
    """The quick reference on every paper, with the picture of the table after setup."""
    from .. import __version__
    from ..atomic import write_bytes
    from ..render.book_quickref import quickref_pdf

    slug = target.game
    assert slug is not None, "a quick-reference target belongs to a game"
    game = project.games[slug]
    table = setup_scene(game, game_components(project, slug))
    for paper in BOOK_PAPERS:
        (quickref,) = book_files(slug, paper, books=("quick-reference",))
        write_bytes(out / quickref, quickref_pdf(game.content, __version__, table, paper))


class _BookParts(NamedTuple):
    """What both editions of a game's books are drawn from (the same for every paper)."""
    game: Any
    placed: dict[str, list]
    others: list[dict]
    cover: Any
    table: Any
    legend: Any


def _book_parts(project: Any, slug: str, replayed: Callable[[list[Any]], Any]) -> _BookParts:
    from ..verify.examples import content_examples
    from .drawings import legend_scene
    from .site import place_examples

    game = project.games[slug]
    examples = content_examples(project.root, [slug])
    placed, others = place_examples(game, examples, replayed(examples))
    components = game_components(project, slug)
    legend = legend_scene(slug, game.content) if game.content.notation else None
    return _BookParts(game, placed, others, title_picture(components), setup_scene(game, components), legend)


def _write_rulebook(book: _BookParts, out: Path, paper: str) -> None:
    from .. import __version__
    from ..atomic import write_bytes
    from ..games import has_engine
    from ..render.book import rulebook_pdf

    content = book.game.content
    (rulebook,) = book_files(content.slug, paper, books=("rulebook",))
    write_bytes(out / rulebook, rulebook_pdf(content, book.placed, book.others, book.cover, __version__, paper,
                                             book.table, book.legend, playable=has_engine(content.slug)))
