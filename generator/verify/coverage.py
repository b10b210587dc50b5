"""Which rule sections and clarifications have a worked example, and which do not."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from ..content.folders import game_folders
from ..content.loader import iter_sections, parse_game
from ..content.schema import GameContent
from .examples import Example


@dataclass(frozen=True)
class RuleRow:
    game: str
    id: str
    title: str
    kind: str  # "setup", "rule", "clarification", "variant"
    effect: bool
    examples: tuple[str, ...]


def _entries(content: GameContent) -> Iterator[tuple[str, str, str, bool]]:
    """(id, title, kind, has an effect) of every section, variant and clarification."""
    for sections, kind in ((content.setup, "setup"), (content.rules, "rule")):
        for section, _ in iter_sections(sections, ()):
            yield section.id, section.title, kind, section.effect
    yield from ((v.id, v.name, "variant", True) for v in content.variants)
    yield from ((c.id, c.question, "clarification", True) for c in content.clarifications)


def coverage(root: Path, examples: list[Example]) -> list[RuleRow]:
    """One row per rule section, variant and clarification of every game, with its examples.

    Reads each game through the content loader, so a broken game.yaml is reported with its
    line (ContentInvalid) rather than failing on a missing key."""
    rows: list[RuleRow] = []
    for folder in game_folders(root):
        content = parse_game(folder).content
        mine = [e for e in examples if e.game == folder.name]
        for ident, title, kind, effect in _entries(content):
            shown = tuple(e.id for e in mine if ident in e.rules or ident in e.clarifies)
            rows.append(RuleRow(folder.name, ident, title, kind, effect, shown))
    return rows


def uncovered(rows: list[RuleRow]) -> list[RuleRow]:
    """Rows that need an example and have none: sections with an effect, clarifications."""
    return [r for r in rows if r.effect and not r.examples and r.kind in ("setup", "rule", "clarification")]


def table(rows: list[RuleRow]) -> str:
    lines = ["| game | rule | kind | examples |", "|---|---|---|---|"]
    for r in rows:
        shown = ", ".join(r.examples) if r.examples else ("—" if not r.effect else "**none**")
        lines.append(f"| {r.game} | `{r.id}` {r.title} | {r.kind} | {shown} |")
    return "\n".join(lines)
