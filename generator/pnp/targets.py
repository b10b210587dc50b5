"""``pipworks build`` targets: each game's PnP kit (both papers, POD PDF, face SVGs).

Planning imports nothing heavy: whether a game has layouts is looked up with
``importlib.util.find_spec``, and the renderers load only when a kit is stale.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from ..target import Target
from .options import PnpOptions

PAPERS = ("a4", "letter")


def _has_layouts(root: Path, slug: str) -> bool:
    from ..games import has_faces

    return has_faces(root, slug)


def targets(root: Path, slugs: list[str], options: Mapping[str, Any]) -> list[Target]:
    found = []
    for slug in slugs:
        if not _has_layouts(root, slug):
            continue
        outputs = tuple(f"{slug}/{PnpOptions(paper=p).pnp_name(slug)}" for p in PAPERS) + (f"{slug}/svg",)
        found.append(Target(key=f"{slug}/pnp", builder=build_pnp,
                            inputs=(f"content/{slug}",), outputs=outputs, game=slug, stage=1, group="pnp",
                            options=(("papers", PAPERS),)))
    return found


def build_pnp(project: Any, target: Target, out: Path) -> None:
    from .kit import build_kit

    slug = target.game
    assert slug is not None, "a PnP target belongs to a game"
    build_kit(project.games[slug].content, project.root, out / slug, PnpOptions(), papers=PAPERS)
