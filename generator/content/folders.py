"""Where a project's games live; kept free of the schema so a no-op build starts fast."""

from __future__ import annotations

from pathlib import Path

from .errors import ContentError, ContentInvalid


def game_folders(root: Path) -> list[Path]:
    content = root / "content"
    if not content.is_dir():
        raise ContentInvalid([ContentError(content, None, (), "no content/ folder here (use --project to point at one)")])
    return sorted(p for p in content.iterdir() if (p / "game.yaml").is_file())
