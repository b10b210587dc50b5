"""Where a project's games live; kept free of the schema so a no-op build starts fast."""

from __future__ import annotations

from pathlib import Path

from .errors import ContentError, ContentInvalid


def game_folders(root: Path) -> list[Path]:
    content = root / "content"
    if not content.is_dir():
        raise ContentInvalid([ContentError(content, None, (), "no content/ folder here (use --project to point at one)")])
    folders = sorted(p for p in content.iterdir() if p.is_dir())
    misnamed = [f / name for f in folders if not (f / "game.yaml").is_file()
                for name in sorted(n.name for n in f.iterdir()) if _looks_like_game_file(name)]
    if misnamed:
        raise ContentInvalid([ContentError(path, None, (), f"a game's file must be named game.yaml, not {path.name}; "
                                                           "rename it (this game would be skipped)")
                              for path in misnamed])
    games = [f for f in folders if (f / "game.yaml").is_file()]
    if not games:
        raise ContentInvalid([ContentError(content, None, (), "holds no game: each game is a folder "
                                                              "content/<slug>/ with a game.yaml")])
    return games


def _looks_like_game_file(name: str) -> bool:
    """game.yml, Game.yaml, game.YAML...: meant as game.yaml, but not found under that name."""
    stem, _, suffix = name.lower().rpartition(".")
    return stem == "game" and suffix in ("yaml", "yml")
