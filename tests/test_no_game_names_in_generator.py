"""What a game may change is its own: no shipped game's suit, symbol, icon, font or
suit colour is named in ``generator/`` outside that game's package.

The names are read from the games themselves (their game.yaml and their packages'
``GameSpec.symbols``), not listed here, so a game that declares a new suit or icon is
checked too. Pipworks' own generic names (the standard four suits, its icons, its
fonts) are not a game's and may appear anywhere.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml

from generator.components.suits import STANDARD_COLOURS, STANDARD_SHAPES, is_text_symbol
from generator.games import SHIPPED

ROOT = Path(__file__).resolve().parents[1]
GENERATOR = ROOT / "generator"
#: Pipworks' own fonts: generic, like the standard suits.
OWN_FONTS = {p.stem.lower() for p in (GENERATOR / "fonts").glob("*.ttf")}


def _package(slug: str) -> Path:
    return GENERATOR / "games" / slug.replace("-", "_")


def _game_yaml(slug: str) -> dict[str, Any]:
    return yaml.safe_load((ROOT / "content" / slug / "game.yaml").read_text(encoding="utf-8"))


def _words(value: Any) -> Iterator[str]:
    """Every string of a YAML value (keys and values), file names without their folder
    and extension: a font's ``Caslon-Bold.ttf`` is named ``caslon-bold``."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _words(key)
            yield from _words(item)
    elif isinstance(value, list):
        for item in value:
            yield from _words(item)
    elif isinstance(value, str):
        yield Path(value).stem if "/" in value or "." in value else value


def game_names(slug: str) -> set[str]:
    """The names that are this game's own: its suits and their symbols and colours (those
    not standard), its package's symbols, and the icons and fonts its content declares."""
    data = _game_yaml(slug)
    names: set[str] = set()
    for suit in data.get("suits") or []:
        if isinstance(suit, str):
            continue  # a bare name is a standard suit
        names.add(suit["name"])
        symbol = suit.get("symbol")
        if symbol and symbol not in STANDARD_SHAPES and not is_text_symbol(symbol):
            names.add(symbol)
        for key in ("colour", "tint"):
            if suit.get(key) and suit[key].lower() not in STANDARD_COLOURS.values():
                names.add(suit[key].lower())
    spec = next(s for s in SHIPPED if s.slug == slug)
    names.update(spec.symbols() if spec.symbols else ())
    names.update(data.get("icons") or {})
    names.update(w for w in _words(data.get("fonts") or {}) if w.lower() not in OWN_FONTS)
    return {n for n in names if n not in STANDARD_SHAPES}


def _hits(name: str, outside: Path) -> list[str]:
    """``file:line`` of every whole-word use of ``name`` in generator/ outside ``outside``."""
    word = re.compile(rf"(?<![\w#-]){re.escape(name)}(?![\w-])", re.IGNORECASE)
    found = []
    for path in sorted(GENERATOR.rglob("*")):
        if not path.is_file() or path.is_relative_to(outside) or "__pycache__" in path.parts:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # fonts and pictures
        for number, line in enumerate(text.splitlines(), start=1):
            if word.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    return found


def test_the_names_come_from_the_games() -> None:
    """The check reads real names: The Four Deuces' rackets, symbols and colours."""
    names = game_names("four-deuces")
    assert {"bootlegging", "murder", "bottle", "dagger", "#8a5110"} <= names
    assert not names & set(STANDARD_SHAPES)


def test_the_search_finds_a_name() -> None:
    assert _hits("suit_symbol", GENERATOR / "games")  # a name generator/ does use
    assert not _hits("bootlegging", GENERATOR / "games" / "four_deuces")


@pytest.mark.parametrize("slug", [spec.slug for spec in SHIPPED])
def test_no_game_name_outside_its_package(slug: str) -> None:
    """A shipped game declares its suits, icons and fonts the way a designer's game
    does; the machinery names none of them."""
    wrong = [hit for name in sorted(game_names(slug)) for hit in _hits(name, _package(slug))]
    assert not wrong, f"{slug}'s own names in generator/ outside {_package(slug).relative_to(ROOT)}:\n" + "\n".join(wrong)
