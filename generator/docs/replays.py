"""The build's examples step: every worked example replayed ONCE, its outcomes shared.

The step (target ``examples``, stage 1) replays every example of the project (content
and the site's hand-written pages) through the engines, fails the build on a mismatch,
and records what the engines made of each example in ``output/.pipworks/examples.pickle``
with the stamp of the sources it replayed. Later steps of the same build read that
record instead of replaying: the rulebooks draw each example's position from it (stage
2), and the site's hook takes its verdict from it. A record whose stamp no longer
matches the sources (content edited while ``pipworks serve`` runs, or a book built on
its own) is not used: the caller replays.
"""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

from .folders import input_path, site_folder

if TYPE_CHECKING:
    from ..target import Target
    from ..verify.run import Outcome, Replay

RECORD = ".pipworks/examples.pickle"
SUMMARY = ".pipworks/verified.txt"

Replays = Mapping[tuple[str, str], "Replay"]


def targets(root: Path, slugs: list[str], options: Mapping[str, Any]) -> list[Target]:
    """Every worked example replayed once, as a build step of its own (stage 1): the
    rulebooks (stage 2) draw from its record and the site takes its verdicts."""
    from ..target import Target

    pages = input_path(root, site_folder(root) / "pages")
    return [Target(key="examples", builder=build_examples,
                   inputs=("content", pages), outputs=(SUMMARY, RECORD), stage=1, group="docs")]


def sources(root: Path) -> list[Path]:
    """Where a project's worked examples are: its content and the site's own pages."""
    return [p for p in (root / "content", site_folder(root) / "pages") if p.exists()]


def replay_all(root: Path) -> Outcome:
    """Every example of the project replayed, with the engine's outcomes kept."""
    from .. import shipped_root
    from ..verify.examples import discover
    from ..verify.run import run_all

    return run_all(discover(root, sources(root), also=shipped_root() / "site"), before=True, root=root)


def raise_problems(root: Path, outcome: Outcome) -> None:
    from ..content.errors import ContentInvalid
    from ..verify.run import ExamplesDisagree

    if outcome.unreadable:
        raise ContentInvalid(outcome.unreadable)
    if outcome.mismatches:
        raise ExamplesDisagree([m.render(root) for m in outcome.mismatches])


def _current_stamp(root: Path, target: Target) -> str:
    from ..target import Hasher, renderer_version, stamp

    hasher = Hasher(root)
    return stamp(target, hasher, renderer_version(hasher))


def build_examples(project: Any, target: Target, out: Path) -> None:
    """The examples step: replay, refuse a disagreement, record the outcomes."""
    from ..atomic import write_bytes, write_text

    root = project.root
    outcome = replay_all(root)
    raise_problems(root, outcome)
    current = _current_stamp(root, target)
    write_bytes(out / RECORD, pickle.dumps({"stamp": current, "replays": outcome.replays}, protocol=pickle.HIGHEST_PROTOCOL))
    write_text(out / SUMMARY, current + f"\n{len(outcome.checked)} examples\n")


def recorded(root: Path) -> Replays | None:
    """The replays this project's examples step recorded, if they are of the current
    sources and code; else None."""
    target = targets(root, [], {})[0]
    path = root / "output" / RECORD
    try:
        record = pickle.loads(path.read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        return None
    if not isinstance(record, dict) or record.get("stamp") != _current_stamp(root, target):
        return None
    replays: Replays = record["replays"]
    return replays


def disagreements(root: Path) -> list[str]:
    """What the rules site must refuse: nothing when this build's examples step
    checked the current sources, else every example replayed now and each mismatch or
    unreadable example as a line."""
    from ..content.errors import ContentInvalid

    if recorded(root) is not None:
        return []  # `pipworks build` replayed these very sources: its verdicts stand
    try:
        outcome = replay_all(root)
    except ContentInvalid as exc:
        return ["unreadable example:", exc.render(root)]
    return [m.render(root) for m in outcome.mismatches] + [e.render(root) for e in outcome.unreadable]
