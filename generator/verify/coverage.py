"""Which rule sections and clarifications have a worked example, and which do not."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import yaml

from .examples import Example


@dataclass(frozen=True)
class RuleRow:
    game: str
    id: str
    title: str
    kind: str  # "setup", "rule", "clarification", "variant"
    effect: bool
    examples: tuple[str, ...]


def _sections(items: list[dict[str, Any]], kind: str) -> Iterator[tuple[str, str, str, bool]]:
    for item in items or []:
        yield item["id"], item.get("title", item["id"]), kind, bool(item.get("effect", True))
        yield from _sections(item.get("sections") or [], kind)


def coverage(root: Path, examples: list[Example]) -> list[RuleRow]:
    """One row per rule section, variant and clarification of every game, with its examples."""
    rows: list[RuleRow] = []
    for folder in sorted((root / "content").iterdir()):
        path = folder / "game.yaml"
        if not path.is_file():
            continue
        game = yaml.safe_load(path.read_text(encoding="utf-8"))
        entries = list(_sections(game.get("setup") or [], "setup")) + list(_sections(game.get("rules") or [], "rule"))
        entries += [(v["id"], v.get("name", v["id"]), "variant", True) for v in game.get("variants") or []]
        entries += [(c["id"], c.get("question", c["id"]), "clarification", True) for c in game.get("clarifications") or []]
        mine = [e for e in examples if e.game == folder.name]
        for ident, title, kind, effect in entries:
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
