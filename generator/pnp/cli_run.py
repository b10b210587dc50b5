"""The work behind ``pipworks pnp``: reuse an up-to-date kit or render it again."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .options import PnpOptions

if TYPE_CHECKING:
    from ..target import Target


@dataclass
class Outcome:
    written: list[Path] = field(default_factory=list)
    error: str = ""


def _target(game: str, options: PnpOptions, papers: list[str], pod: bool, svg: bool) -> Target:
    from ..target import Target

    outputs = [f"{game}/{PnpOptions(**{**options.__dict__, 'paper': p}).pnp_name(game)}" for p in papers]
    if svg:
        outputs.append(f"{game}/{options.svg_folder()}")
    # The options object itself: its stamp reads str(options), the dataclass's repr.
    chosen = (("options", options), ("papers", tuple(papers)), ("pod", pod), ("svg", svg))
    return Target(key=f"{game}/pnp-cli{options.suffix()}-{'-'.join(papers)}", builder=build_chosen_kit,
                  inputs=(f"content/{game}",), outputs=tuple(outputs), options=chosen, game=game, group="pnp")


def build_chosen_kit(project: Any, target: Target, out: Path) -> list[Path]:
    """The kit of ``target.game`` with the player's choices kept in the target."""
    from .kit import build_kit

    chosen = target.option_map
    assert target.game is not None, "a PnP target belongs to a game"
    return build_kit(project.games[target.game].content, project.root, out / target.game, chosen["options"],
                     papers=list(chosen["papers"]), svg=chosen["svg"], pod=chosen["pod"])


def run_pnp(root: Path, game: str, options: PnpOptions, papers: list[str], pod: bool, svg: bool, force: bool) -> Outcome:
    """Render ``game``'s kit for ``papers`` unless the same request is already fresh."""
    from ..atomic import write_text
    from ..target import MANIFEST, entry, read_manifest, stale_targets

    target = _target(game, options, papers, pod, svg)
    stale, _, _ = stale_targets(root, [target], force)
    if not stale:
        return Outcome()
    from ..layout.lint import LayoutError
    from ..verify.project import validated_project
    from ..render.press import Transparency
    from .assemble import NoLayouts

    project = validated_project(root, only=[game], printing=True)
    out = root / "output"
    try:
        written = build_chosen_kit(project, target, out)
    except NoLayouts as exc:
        return Outcome(error=str(exc))
    except LayoutError as exc:
        return Outcome(error=f"{game}: cannot print as laid out:\n" + "\n".join(f"  {p}" for p in exc.problems))
    except Transparency as exc:
        return Outcome(error=f"{game}: cannot print in CMYK: {exc}")
    manifest = read_manifest(out)
    # With each file's sha256, as `pipworks build` keeps them: one edited by hand is made again.
    manifest[target.key] = entry(stale[0][1], [str(p.relative_to(out)) for p in written if p.is_relative_to(out)], out)
    write_text(out / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True))
    return Outcome(written=written)
