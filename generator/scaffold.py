"""``pipworks new``: a project folder a designer owns, from one of the templates.

Each template (``scaffolds/<name>/`` in what Pipworks ships) is a working project for a
game called "My Game" (slug ``my-game``, engine package ``my_game_engine``); making a
project copies it with the designer's names in place of those, plus what every project
has (``scaffolds/common/``: the site settings, a home page template, a README) and the
rules site's assets, the page on how examples are checked and the guide "Make your own
game" from Pipworks' own site (no code: what the site needs of Pipworks is in the
package). The project is recorded
as trusted for its maker (``generator.trust``), so a template's own engine runs at
once. ``cd NAME && pipworks build`` then builds it as it is.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from . import shipped_root

TEMPLATES = ("blank", "trick-taking", "dice-board")
#: What each template gives, for ``pipworks new --help`` and the tutorial.
ABOUT = {
    "blank": "a few cards from a cards file and a minimal rules engine: deal two, play one a turn, most stars wins",
    "trick-taking": "a 36-card trick-taking game with a small rules engine and two verified examples",
    "dice-board": "a board drawn from a layout, player aid cards, dice, and a small rules engine that checks its example",
}
#: The names a template is written with, replaced by the designer's.
SLUG, TITLE, MODULE = "my-game", "My Game", "my_game"
#: From Pipworks' own rules site, copied into every project's site/: its assets, the page
#: on how examples are checked, and the guide (the tutorial travels with the project, so
#: a designer who installed a wheel finds it in their own site, from one source).
SITE_PARTS = ("assets", "pages/how-examples-are-checked.md", "pages/make-your-own-game.md")


class ScaffoldError(ValueError):
    """The project cannot be made; the message says why."""


@dataclass(frozen=True)
class Names:
    slug: str
    title: str
    module: str

    def apply(self, text: str) -> str:
        return text.replace(SLUG, self.slug).replace(TITLE, self.title).replace(MODULE, self.module)


#: Letters NFKD does not take apart into an ASCII letter and accents.
_LATIN_EXTRA = {"ß": "ss", "ẞ": "SS", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O", "ł": "l",
                "Ł": "L", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ı": "i", "ŀ": "l", "Ŀ": "L"}
#: The longest slug: it names a folder, files inside it and a Python package.
MAX_SLUG = 64
_SLUG = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")


def ascii_letters(text: str) -> str:
    """``Überspiel`` -> ``Uberspiel``: accents dropped (NFKD), the letters NFKD keeps
    whole spelled out; what has no ASCII spelling (``名前``) is dropped."""
    spelled = "".join(_LATIN_EXTRA.get(c, c) for c in text)
    return unicodedata.normalize("NFKD", spelled).encode("ascii", "ignore").decode("ascii")


def names_for(name: str, slug: str | None = None) -> Names:
    """``"Dragon Dice"`` or ``dragon-dice`` -> slug dragon-dice, title Dragon Dice,
    module dragon_dice; ``Überspiel`` -> slug uberspiel, title Überspiel. A name with
    letters that have no ASCII spelling needs ``slug`` given."""
    base = Path(name).name
    words = re.findall(r"[^\W_]+", base)
    title = " ".join(w if w.isupper() else w[:1].upper() + w[1:] for w in words)
    if slug is not None:
        if len(slug) > MAX_SLUG or not _SLUG.fullmatch(slug):
            raise ScaffoldError(f"--slug {slug!r}: a slug is lower-case ASCII letters, digits and hyphens, starting "
                                f"with a letter, at most {MAX_SLUG} characters (e.g. 'dragon-dice')")
        return Names(slug, title or slug, slug.replace("-", "_"))
    unspellable = list(dict.fromkeys(c for c in base if c.isalnum() and not re.search("[A-Za-z0-9]", ascii_letters(c))))
    if unspellable:
        raise ScaffoldError(f"{base!r}: cannot spell {''.join(unspellable)!r} in ASCII for the game's slug (its "
                            "folder and file names); give one with --slug, e.g. --slug my-game")
    ascii_words = re.findall(r"[A-Za-z0-9]+", ascii_letters(base))
    if not ascii_words or not ascii_words[0][0].isalpha():
        raise ScaffoldError(f"{name!r}: a game's name starts with a letter (e.g. 'demo' or 'dragon-dice')")
    made = "-".join(w.lower() for w in ascii_words)
    if len(made) > MAX_SLUG:
        raise ScaffoldError(f"{base[:40]!r}…: the name is {len(base)} characters, too long for a slug (at most "
                            f"{MAX_SLUG}); give a shorter one with --slug, e.g. --slug {made[:20].rstrip('-')}")
    return Names(made, title, made.replace("-", "_"))


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


def make_project(folder: Path, template: str = "blank", slug: str | None = None) -> Names:
    """Make the project ``folder`` (which must not exist, or be an empty folder) from
    ``template``; ``slug`` names the game where the folder's name cannot.

    Everything goes into a scratch folder beside it first and is moved into place at
    the end, so a failure leaves nothing half-made. Raises ScaffoldError, with one line
    saying why, for anything that stops it (a file system refusing included)."""
    if template not in TEMPLATES:
        raise ScaffoldError(f"no template {template!r}; choose one of {', '.join(TEMPLATES)}")
    names = names_for(folder.name, slug)
    try:
        if folder.is_symlink():  # the project would be made wherever the link points
            raise ScaffoldError(f"{folder} is a symbolic link; give the path of a new folder (pipworks new makes it)")
        if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
            raise ScaffoldError(f"{folder} already exists and is not empty; choose a new folder")
        folder.parent.mkdir(parents=True, exist_ok=True)
        _make(folder, template, names)
    except OSError as exc:
        raise ScaffoldError(f"cannot make {folder}: {_why(folder, exc)}") from None
    from .trust import TrustError, trust

    try:
        trust(folder)  # its maker wrote it (from Pipworks' own templates): its engine runs at once
    except (TrustError, OSError) as exc:
        raise ScaffoldError(f"made {folder}, but could not record it as trusted ({exc}); "
                            f"run `pipworks trust {folder}`") from None
    return names


def _why(folder: Path, exc: OSError) -> str:
    blocker = next((p for p in folder.parents if p.exists() and not p.is_dir()), None)
    return f"{blocker} is a file, not a folder" if blocker is not None else (exc.strerror or str(exc)).lower()


def _make(folder: Path, template: str, names: Names) -> None:
    root = scaffolds_root()
    # A short scratch name: a long project name must not make it too long to exist.
    scratch = Path(tempfile.mkdtemp(prefix=".pipworks-new-", dir=folder.parent))
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
        os.chmod(scratch, 0o777 & ~_umask())  # mkdtemp's folder is private; a project is not
        if folder.exists():
            folder.rmdir()
        scratch.rename(folder)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
