"""Looking things up in a game's loaded content, for the per-game content tests."""

from __future__ import annotations

import json
from dataclasses import asdict

from generator.content.schema import GameContent, Section


def section(content: GameContent, ident: str) -> Section:
    """The setup or rule section with id ``ident``, at any depth."""
    found = next((s for s in content.all_sections() if s.id == ident), None)
    assert found is not None, f"no section {ident!r}"
    return found


def json_text(content: GameContent) -> str:
    """Everything the content says, lower-cased, so a term can be looked for anywhere."""
    return json.dumps(asdict(content), ensure_ascii=False).lower()
