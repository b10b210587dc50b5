"""Markdown pages rendered from content through ``templates/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from ..build import Target


def targets(root: Path, slugs: list[str], options: Mapping[str, Any]) -> list[Target]:
    return [
        Target(
            key=f"{slug}/rulebook-md",
            builder="generator.docs.pages:build_rulebook_md",
            inputs=(f"content/{slug}", "templates"),
            outputs=(f"{slug}/{slug}-rulebook.md",),
            game=slug,
        )
        for slug in slugs
    ]


def build_rulebook_md(project: Any, target: Target, out: Path) -> None:
    from ..atomic import write_text
    from ..templating import render

    game = project.games[target.game]
    text = render(project.root, "rulebook.md.j2", game=game.content)
    write_text(out / target.outputs[0], text)


def site_targets(root: Path, slugs: list[str], options: Mapping[str, Any]) -> list[Target]:
    """The rules website: built last, from content and every game's print files."""
    site = root / "site"
    if not (site / "mkdocs.yml").is_file():
        return []
    inputs: tuple[str, ...] = ("content", "templates", "site/mkdocs.yml", "site/hooks", "site/pages", "site/assets")
    inputs += tuple(f"output/{slug}" for slug in slugs)
    return [Target(key="site", builder="generator.docs.pages:build_site", inputs=inputs,
                   outputs=("site/index.html",), stage=9, group="site")]


def build_site(project: Any, target: Target, out: Path) -> None:
    """mkdocs build --strict of site/ into output/site/ (the hook generates the pages)."""
    import os

    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    os.environ["PIPWORKS_PROJECT"] = str(project.root)
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    # The examples step of this build already replayed every example; the hook need not.
    os.environ["PIPWORKS_EXAMPLES_VERIFIED"] = "1" if examples_already_verified(project.root) else "0"
    # The sitemap's dates come from here; fixed, so the same content gives the same bytes.
    os.environ.setdefault("SOURCE_DATE_EPOCH", "0")
    (project.root / "site" / "docs").mkdir(exist_ok=True)
    from mkdocs.exceptions import MkDocsException

    from ..verify.run import SiteBuildFailed

    # mkdocs reports through logging; keep its warnings and errors for our own message.
    import logging

    class Keep(logging.Handler):
        def __init__(self) -> None:
            super().__init__(logging.WARNING)
            self.lines: list[str] = []

        def emit(self, record: logging.LogRecord) -> None:
            self.lines.append(record.getMessage())

    keep = Keep()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(keep)
    try:
        config = load_config(config_file=str(project.root / "site" / "mkdocs.yml"), site_dir=str(out / "site"), strict=True)
        build(config)
    except (MkDocsException, SystemExit) as exc:
        raise SiteBuildFailed(keep.lines + [str(exc)]) from None
    finally:
        logger.removeHandler(keep)


def book_targets(root: Path, slugs: list[str], options: Mapping[str, Any]) -> list[Target]:
    """Printable rulebook and one-page quick reference per game (before the site copies them)."""
    return [
        Target(
            key=f"{slug}/rulebook-pdf",
            builder="generator.docs.pages:build_books",
            inputs=(f"content/{slug}",),
            outputs=(f"{slug}/{slug}-rulebook.pdf", f"{slug}/{slug}-quick-reference.pdf"),
            game=slug,
            stage=1,
        )
        for slug in slugs
    ]


def game_components(project: Any, slug: str) -> list[Any]:
    """The game's printed components (empty for a game with no layout module yet)."""
    from ..components.base import FaceOptions
    from ..games import find_spec

    spec = find_spec(slug)
    if spec is None or spec.faces is None:
        return []
    return list(spec.faces(project.games[slug].content, FaceOptions(), project.root))


def setup_picture(components: list[Any]) -> Any:
    """The scene shown on a rulebook's first page: the game's first board or mat."""
    for kind in ("board", "sheet", "card"):
        for component in components:
            if component.kind == kind and component.faces and "quick" not in component.id:
                return component.faces[0].front
    return None


def reference_pictures(components: list[Any]) -> list[Any]:
    return [face.front for c in components if "quick" in c.id for face in c.faces][:3]


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
    from .. import __version__
    from ..atomic import write_bytes
    from ..render.book import quickref_pdf, rulebook_pdf
    from ..verify.examples import content_examples
    from .site import EXAMPLE_SVGS, place_examples

    slug = target.game
    assert slug is not None, "a rulebook target belongs to a game"
    game = project.games[slug]
    examples = content_examples(project.root, [slug])
    placed, others = place_examples(game, examples)
    components = game_components(project, slug)
    write_example_drawings(out / slug / EXAMPLE_SVGS, [v for views in placed.values() for v in views] + others)
    write_bytes(out / target.outputs[0], rulebook_pdf(game.content, placed, others, setup_picture(components), __version__))
    write_bytes(out / target.outputs[1], quickref_pdf(game.content, __version__, reference_pictures(components)))


def verify_targets(root: Path, slugs: list[str], options: Mapping[str, Any]) -> list[Target]:
    """Every worked example replayed, as a build step of its own: it runs beside the
    rulebooks (stage 1), and the site, built after it, need not replay them again."""
    return [Target(key="examples", builder="generator.docs.pages:build_verified",
                   inputs=("content", "site/pages"), outputs=(".pipworks/verified.txt",), stage=1, group="docs")]


def build_verified(project: Any, target: Target, out: Path) -> None:
    from ..atomic import write_text
    from ..build import Hasher, renderer_version, stamp
    from ..content.errors import ContentInvalid
    from ..verify.examples import discover
    from ..verify.run import ExamplesDisagree, run_all

    root = project.root
    outcome = run_all(discover(root, [p for p in (root / "content", root / "site" / "pages") if p.exists()]))
    if outcome.unreadable:
        raise ContentInvalid(outcome.unreadable)
    if outcome.mismatches:
        raise ExamplesDisagree([m.render(root) for m in outcome.mismatches])
    hasher = Hasher(root)
    write_text(out / target.outputs[0], stamp(target, hasher, renderer_version(hasher)) + f"\n{len(outcome.checked)} examples\n")


def examples_already_verified(root: Path) -> bool:
    """True when this build's examples step checked exactly the current sources."""
    from ..build import Hasher, renderer_version, stamp

    record = root / "output" / ".pipworks" / "verified.txt"
    if not record.is_file():
        return False
    hasher = Hasher(root)
    target = verify_targets(root, [], {})[0]
    return record.read_text().split("\n", 1)[0] == stamp(target, hasher, renderer_version(hasher))
