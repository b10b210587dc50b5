"""What `pipworks serve` keeps of a game's pages between rebuilds, under a digest of
everything they are made from.

A save changes one game, mostly; the other games' pages come out the same bytes. So a
game's pages (every file written for it into docs/, and what the nav and the home page
take from it) and its examples' verdict are kept under the sha256 of its inputs: its
content folder, the templates, what the print build left in ``output/<slug>/`` (the
pictures and PDFs the pages copy), and the project's code and trust (its engine decides
the verdicts and what the pages show). Any byte of those changed, and the game is made
again from scratch. Pipworks' own code is not in the digest: it cannot change under a
running process (``pipworks serve`` is restarted to run new code).

Kept in this process's memory only, never on disk.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .folders import template_inputs


@dataclass
class GamePages:
    """One game's share of the generated site: each file written into docs/ (path
    relative to docs/, bytes) and what the nav and the home page take from it."""

    digest: str
    files: list[tuple[str, bytes]]
    info: dict[str, Any]


@dataclass
class PageMemo:
    """Each game's pages and examples' verdict, by the digest of its inputs."""

    games: dict[str, GamePages] = field(default_factory=dict)
    #: slug -> (digest, (lines of mismatches, lines of unreadable examples)); empty: they agree
    verdicts: dict[str, tuple[str, tuple[list[str], list[str]]]] = field(default_factory=dict)
    #: slug -> (``replays.replay_key``, verdict): a verdict kept across saves that changed
    #: neither the game's examples nor its engine
    replays: dict[str, tuple[str, tuple[list[str], list[str]]]] = field(default_factory=dict)
    #: the digests of the rebuild under way (worked out once per rebuild: see ``start``)
    digests: dict[str, str] = field(default_factory=dict)
    #: the project's code and trust, as ``start`` found them
    code: str = ""

    def start(self, root: Path, slugs: list[str], *settings: object) -> None:
        """Work out each game's digest for the rebuild that begins (once: the pages and
        the verdicts of one rebuild share them); ``settings``: how the pages are made
        (with a gallery or not), part of every digest."""
        from ..target import Hasher

        hasher = Hasher(root)
        self.code = code_digest(root, hasher)
        made = json.dumps([self.code, [str(s) for s in settings]])
        self.digests = {slug: game_digest(root, slug, hasher, made) for slug in slugs}

    def pages(self, slug: str) -> GamePages | None:
        """The game's pages as made from its current inputs, if they were made."""
        kept = self.games.get(slug)
        return kept if kept is not None and kept.digest == self.digests.get(slug) else None

    def keep(self, slug: str, files: list[tuple[str, bytes]], info: dict[str, Any]) -> None:
        if slug in self.digests:
            self.games[slug] = GamePages(self.digests[slug], files, info)

    def verdict(self, slug: str) -> tuple[list[str], list[str]] | None:
        kept = self.verdicts.get(slug)
        return kept[1] if kept is not None and kept[0] == self.digests.get(slug) else None

    def keep_verdict(self, slug: str, verdict: tuple[list[str], list[str]]) -> None:
        if slug in self.digests:
            self.verdicts[slug] = (self.digests[slug], verdict)


def code_digest(root: Path, hasher: Any) -> str:
    """The project's own code (what a trusted project runs) and whether it is trusted."""
    from .. import trust

    rows = [(str(p), hasher.file(p)) for p in trust.code_files(root)]
    return hashlib.sha256(json.dumps([rows, trust.mark(root)]).encode()).hexdigest()


def game_digest(root: Path, slug: str, hasher: Any, code: str) -> str:
    """Everything a game's pages are made from: its content, the templates, its print
    files and pictures under output/, and the project's code."""
    parts: list[Any] = [slug, code, hasher.tree(root / "content" / slug), hasher.tree(root / "output" / slug)]
    parts += [hasher.tree(root / rel) for rel in template_inputs(root)]
    return hashlib.sha256(json.dumps(parts).encode()).hexdigest()
