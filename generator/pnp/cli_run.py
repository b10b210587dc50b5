"""The work behind ``pipworks pnp``: reuse an up-to-date kit or render it again."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .options import PnpOptions


@dataclass
class Outcome:
    written: list[Path] = field(default_factory=list)
    error: str = ""


def _target(game: str, options: PnpOptions, papers: list[str], pod: bool, svg: bool):  # type: ignore[no-untyped-def]
    from ..build import Target

    outputs = [f"{game}/{PnpOptions(**{**options.__dict__, 'paper': p}).pnp_name(game)}" for p in papers]
    if svg:
        outputs.append(f"{game}/{options.svg_folder()}")
    chosen = (("options", repr(options)), ("papers", tuple(papers)), ("pod", pod), ("svg", svg))
    return Target(key=f"{game}/pnp-cli{options.suffix()}-{'-'.join(papers)}", builder="generator.pnp.cli_run:run_pnp",
                  inputs=(f"content/{game}",), outputs=tuple(outputs), options=chosen, game=game, group="pnp")


def run_pnp(root: Path, game: str, options: PnpOptions, papers: list[str], pod: bool, svg: bool, force: bool) -> Outcome:
    """Render ``game``'s kit for ``papers`` unless the same request is already fresh."""
    from ..atomic import write_text
    from ..build import MANIFEST, read_manifest, stale_targets

    target = _target(game, options, papers, pod, svg)
    stale, _, _ = stale_targets(root, [target], force)
    if not stale:
        return Outcome()
    from ..content.project import load_project
    from ..layout.lint import LayoutError
    from .assemble import NoLayouts
    from .kit import build_kit

    project = load_project(root, only=[game])
    out = root / "output"
    try:
        written = build_kit(project.games[game].content, root, out / game, options, papers=papers, svg=svg, pod=pod)
    except NoLayouts as exc:
        return Outcome(error=str(exc))
    except LayoutError as exc:
        return Outcome(error=f"{game}: cannot print as laid out:\n" + "\n".join(f"  {p}" for p in exc.problems))
    manifest = read_manifest(out)
    manifest[target.key] = stale[0][1]
    write_text(out / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True))
    return Outcome(written=written)
