"""``pipworks new``: a project folder a designer owns, from one of the templates.

Each template (``scaffolds/<name>/`` in what Pipworks ships) is a working project for a
game called "My Game" (slug ``my-game``, engine package ``my_game_engine``); making a
project copies it with the designer's names in place of those, plus what every project
has (``scaffolds/common/``: the site settings, a home page template, a README) and the
rules site's assets and the page on how examples are checked from Pipworks' own site
(no code: what the site needs of Pipworks is in the package). The project is recorded
as trusted for its maker (``generator.trust``), so a template's own engine runs at
once. ``cd NAME && pipworks build`` then builds it as it is.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from . import shipped_root

TEMPLATES = ("blank", "trick-taking", "dice-board")
#: What each template gives, for ``pipworks new --help`` and the tutorial.
ABOUT = {
    "blank": "a few cards from a cards file, no engine",
    "trick-taking": "a 36-card trick-taking game with a small rules engine and two verified examples",
    "dice-board": "a board drawn from a layout, dice, no engine",
}
#: The names a template is written with, replaced by the designer's.
SLUG, TITLE, MODULE = "my-game", "My Game", "my_game"
#: From Pipworks' own rules site, copied into every project's site/.
SITE_PARTS = ("assets", "pages/how-examples-are-checked.md")


class ScaffoldError(ValueError):
    """The project cannot be made; the message says why."""


@dataclass(frozen=True)
class Names:
    slug: str
    title: str
    module: str

    def apply(self, text: str) -> str:
        return text.replace(SLUG, self.slug).replace(TITLE, self.title).replace(MODULE, self.module)


def names_for(name: str) -> Names:
    """``"Dragon Dice"`` or ``dragon-dice`` -> slug dragon-dice, title Dragon Dice,
    module dragon_dice."""
    words = re.findall(r"[A-Za-z0-9]+", Path(name).name)
    if not words or not words[0][0].isalpha():
        raise ScaffoldError(f"{name!r}: a game's name starts with a letter (e.g. 'demo' or 'dragon-dice')")
    slug = "-".join(w.lower() for w in words)
    title = " ".join(w if w.isupper() else w.capitalize() for w in words)
    return Names(slug, title, slug.replace("-", "_"))


def scaffolds_root() -> Path:
    return shipped_root() / "scaffolds"


def _copy_tree(source: Path, dest: Path, names: Names) -> list[Path]:
    written = []
    for path in sorted(source.rglob("*")):
        if path.is_dir() or "__pycache__" in path.parts:
            continue
        target = dest / names.apply(str(path.relative_to(source)))
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            target.write_text(names.apply(path.read_text(encoding="utf-8")), encoding="utf-8")
        except UnicodeDecodeError:  # a picture: copied as it is
            shutil.copyfile(path, target)
        written.append(target)
    return written


def make_project(folder: Path, template: str = "blank") -> Names:
    """Make the project ``folder`` (which must not exist, or be empty) from ``template``.

    Everything goes into a scratch folder beside it first and is moved into place at
    the end, so a failure leaves nothing half-made."""
    if template not in TEMPLATES:
        raise ScaffoldError(f"no template {template!r}; choose one of {', '.join(TEMPLATES)}")
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise ScaffoldError(f"{folder} already exists and is not empty; choose a new folder")
    names = names_for(folder.name)
    root = scaffolds_root()
    scratch = folder.parent / f".{folder.name}.pipworks-new"
    shutil.rmtree(scratch, ignore_errors=True)
    try:
        _copy_tree(root / "common", scratch, names)
        _copy_tree(root / template, scratch, names)
        site = shipped_root() / "site"
        for part in SITE_PARTS:
            source = site / part
            if source.is_dir():
                shutil.copytree(source, scratch / "site" / part, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                (scratch / "site" / part).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, scratch / "site" / part)
        if folder.exists():
            folder.rmdir()
        scratch.rename(folder)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    from .trust import TrustError, trust

    try:
        trust(folder)  # its maker wrote it (from Pipworks' own templates): its engine runs at once
    except (TrustError, OSError) as exc:
        raise ScaffoldError(f"made {folder}, but could not record it as trusted ({exc}); "
                            f"run `pipworks trust {folder}`") from None
    return names
