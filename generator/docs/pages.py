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
    inputs = ("content", "templates", "site/mkdocs.yml", "site/hooks", "site/pages", "site/assets")
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
    (project.root / "site" / "docs").mkdir(exist_ok=True)
    config = load_config(config_file=str(project.root / "site" / "mkdocs.yml"), site_dir=str(out / "site"), strict=True)
    build(config)
