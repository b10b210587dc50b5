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
