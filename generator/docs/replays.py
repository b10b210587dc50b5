"""Worked examples replayed once per game's rulebooks, their verdict shared.

Each game's rulebook target replays that game's examples through its engine (its
game's examples only, so games replay in parallel and a change to one game replays
only its examples) and fails the build on a mismatch. The rulebook draws each
example's position from those replays, and the verdict is recorded in
``output/.pipworks/examples/<slug>.verified`` with the stamp of the target, so the
site's hook takes it instead of replaying. A record whose stamp no longer matches its
sources (content edited while ``pipworks serve`` runs, a plain ``mkdocs build``) is not
used: that game's examples are replayed by the hook. The few examples in the site's own
pages are replayed by the hook. The target prints both papers' rulebooks from the
one replay.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Mapping

from .folders import site_folder

if TYPE_CHECKING:
    from ..target import Hasher, Target
    from .memo import PageMemo
    from ..verify.examples import Example
    from ..verify.run import Outcome, Replay

RECORDS = Path(".pipworks") / "examples"

Replays = Mapping[tuple[str, str], "Replay"]


def record_path(out: Path, slug: str) -> Path:
    """Where a game's verdict is recorded: the stamp of the rulebook target that checked
    its examples, and how many agreed."""
    return out / RECORDS / f"{slug}.verified"


def replay_game(root: Path, slug: str, examples: list[Example] | None = None) -> Outcome:
    """Every worked example of one game (``examples``, default: read from its content)
    replayed, with the engine's outcomes kept."""
    from ..verify.examples import content_examples
    from ..verify.run import run_all

    return run_all(content_examples(root, [slug]) if examples is None else examples, before=True, root=root)


def replay_pages(root: Path) -> Outcome:
    """The worked examples of the site's own pages, replayed."""
    from .. import shipped_root
    from ..verify.examples import discover
    from ..verify.run import run_all

    pages = site_folder(root) / "pages"
    return run_all(discover(root, [pages], also=shipped_root() / "site") if pages.is_dir() else [], root=root)


def raise_problems(root: Path, outcome: Outcome) -> None:
    """Stop the build on an example that cannot be read or that the engine contradicts."""
    from ..content.errors import ContentInvalid
    from ..verify.run import ExamplesDisagree

    if outcome.unreadable:
        raise ContentInvalid(outcome.unreadable)
    if outcome.mismatches:
        raise ExamplesDisagree([m.render(root) for m in outcome.mismatches])


def current_stamp(root: Path, target: Target, hasher: Hasher | None = None) -> str:
    """``target``'s stamp now (pass one ``hasher`` to stamp several targets)."""
    from ..target import Hasher, renderer_version, stamp

    hasher = hasher or Hasher(root)
    return stamp(target, hasher, renderer_version(hasher))


def checked_replays(root: Path, target: Target, out: Path, examples: list[Example]) -> Replays:
    """A rulebook target's replays of its game's examples: replayed once, checked (the
    build stops on a disagreement), and the verdict recorded for the site."""
    from ..atomic import write_text

    assert target.game is not None, "a rulebook target belongs to a game"
    outcome = replay_game(root, target.game, examples)
    raise_problems(root, outcome)
    write_text(record_path(out, target.game), f"{current_stamp(root, target)}\n{len(outcome.checked)} examples agree\n")
    return outcome.replays


def is_current(root: Path, target: Target, hasher: Hasher | None = None) -> bool:
    """Did a game's rulebook ``target`` check its examples against the current sources
    and code?"""
    assert target.game is not None, "a rulebook target belongs to a game"
    try:
        recorded = record_path(root / "output", target.game).read_text().split("\n", 1)[0]
    except OSError:
        return False
    return recorded == current_stamp(root, target, hasher)


def disagreements(root: Path, books: list[Target], memo: PageMemo | None = None) -> list[str]:
    """What the rules site must refuse, one line each: for every game (its rulebook
    target among ``books``), the verdicts recorded for the current sources stand; a game
    without a current record, and the site's own pages, are replayed now. With a
    ``memo`` (``pipworks serve``), a game whose inputs are as when its verdict was kept
    is not replayed again."""
    from ..content.errors import ContentInvalid
    from ..target import Hasher

    mismatches: list[str] = []
    unreadable: list[str] = []
    hasher = Hasher(root)  # hashes each file once for all the games' stamps
    try:
        for target in books:
            if target.game is None:
                continue
            kept = memo.verdict(target.game) if memo is not None else None
            if kept is None:
                kept = game_verdict(root, target, hasher, memo)
                if memo is not None:
                    memo.keep_verdict(target.game, kept)
            mismatches += kept[0]
            unreadable += kept[1]
        pages = replay_pages(root)
    except ContentInvalid as exc:
        return ["unreadable example:", exc.render(root)]
    mismatches += [m.render(root) for m in pages.mismatches]
    unreadable += [e.render(root) for e in pages.unreadable]
    return mismatches + unreadable


def game_verdict(root: Path, target: Target, hasher: Hasher, memo: PageMemo | None = None) -> tuple[list[str], list[str]]:
    """What a game's examples disagree with (lines of mismatches, lines of unreadable
    examples): none when its rulebook target recorded a verdict for the current sources;
    with a ``memo``, the verdict kept for the same examples and engine (a save that
    changed only the rulebook's words replays nothing); else replayed now."""
    assert target.game is not None, "a rulebook target belongs to a game"
    slug = target.game
    if memo is None:
        if is_current(root, target, hasher):
            return [], []
        outcome = replay_game(root, slug)
        return [m.render(root) for m in outcome.mismatches], [e.render(root) for e in outcome.unreadable]
    key = replay_key(root, slug, hasher, memo.code)
    kept = memo.replays.get(slug)
    if kept is not None and key is not None and kept[0] == key:
        return kept[1]
    if is_current(root, target, hasher):
        verdict: tuple[list[str], list[str]] = ([], [])
    else:
        outcome = replay_game(root, slug)
        verdict = [m.render(root) for m in outcome.mismatches], [e.render(root) for e in outcome.unreadable]
    if key is not None:
        memo.replays[slug] = (key, verdict)
    return verdict


def replay_key(root: Path, slug: str, hasher: Hasher, code: str) -> str | None:
    """What a game's verdict is made from: the project's code, the game's files but its
    game.yaml (examples, decks, cards), and the engine as built from its game.yaml,
    pickled to be hashed (never read back: what the engine took from the content is in
    those bytes, the rulebook's words are not). None for an engine that cannot be
    pickled (then the verdict is not kept)."""
    import hashlib
    import json
    import pickle

    from ..verify.run import engine_of

    try:
        engine = engine_of(slug, root)
        built = pickle.dumps(engine, protocol=5)
    except Exception:  # noqa: BLE001 - the replay itself says what is wrong
        return None
    files = [row for row in hasher.tree(root / "content" / slug) if Path(row[0]).name != "game.yaml"
             or Path(row[0]).parent != Path("content") / slug]
    blob = json.dumps([code, files, type(engine).__module__, type(engine).__qualname__]).encode()
    return hashlib.sha256(blob + hashlib.sha256(built).digest()).hexdigest()
