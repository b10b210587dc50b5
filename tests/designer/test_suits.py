"""A designer's own suits: declared in game.yaml (name, symbol, colour), built into the
cards, the rulebook and the engine; and every mistake in them one line naming the
file, line and field, exit 2, nothing written.

The project is made the way a designer makes one (``pipworks new --template
trick-taking``) and run through the console script."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.components.suits import STANDARD_SHAPES

SLUG = "g"
#: Three suits of the designer's own: a glyph, a letter, and a standard shape recoloured.
OWN_SUITS = '''suits:
  - {name: crowns, symbol: "Ω", colour: "#b8860b"}
  - {name: moons, symbol: "M", colour: "#4b3f8f"}
  - {name: leaves, symbol: clubs, colour: "#2e7d32", tint: "#e3f1e4"}
'''
COLOURS = {"crowns": "#b8860b", "moons": "#4b3f8f", "leaves": "#2e7d32"}


def pipworks(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).parent / "pipworks"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([str(script), *args], cwd=cwd, capture_output=True, text=True, timeout=600, env=env)


def _new(where: Path) -> Path:
    made = pipworks(where, "new", SLUG, "--template", "trick-taking")
    assert made.returncode == 0, made.stderr
    return where / SLUG


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


def _three_suits(root: Path) -> Path:
    """The template's four standard suits replaced by three of the designer's own: the
    suits, the cards (9 ranks each), the counts and deals, and the examples' cards."""
    folder = root / "content" / SLUG
    game = folder / "game.yaml"
    _edit(game, "suits: [hearts, spades, diamonds, clubs]\n", OWN_SUITS)
    _edit(game, "    count: 36\n", "    count: 27\n")
    _edit(game, "Ranks 1 to 9 in four suits", "Ranks 1 to 9 in three suits")
    _edit(game, """  - {players: 2, deck: 36, hand: 18, rule: deal}
  - {players: 3, deck: 36, hand: 12, rule: deal}
  - {players: 4, deck: 36, hand: 9, rule: deal}""", """  - {players: 2, deck: 27, hand: 13, set_aside: 1, rule: deal}
  - {players: 3, deck: 27, hand: 9, rule: deal}
  - {players: 4, deck: 27, hand: 6, set_aside: 3, rule: deal}""")
    rows = [f"1,{suit},{rank}" for suit in COLOURS for rank in range(1, 10)]
    (folder / "cards.csv").write_text("count,suit,rank\n" + "\n".join(rows) + "\n", encoding="utf-8")
    examples = folder / "examples.yaml"
    text = examples.read_text(encoding="utf-8")
    for old, new in (("♥", "Ω"), ("♠", "M"), ("♦", "Ω"), ("heart", "crown"), ("diamond", "crown")):
        text = text.replace(old, new)
    # the second example's P2 must hold no crown: its 1Ω becomes a 1M
    text = text.replace("P2: [9M, 1Ω]", "P2: [9M, 1M]")
    examples.write_text(text, encoding="utf-8")
    return game


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = _new(tmp_path_factory.mktemp("own-suits"))
    _three_suits(root)
    result = pipworks(root, "build")
    assert result.returncode == 0, result.stdout + result.stderr
    return root


def test_a_game_with_three_suits_of_its_own_builds(built: Path) -> None:
    out = built / "output" / SLUG
    assert (out / f"{SLUG}-pnp-a4.pdf").read_bytes()[:4] == b"%PDF"
    verified = pipworks(built, "verify", "--strict")
    assert verified.returncode == 0 and "verified 2 examples" in verified.stdout, verified.stdout + verified.stderr


def test_each_card_shows_its_own_suit(built: Path) -> None:
    """The card faces draw each suit's own symbol in its own colour: the Ω and the
    letter as text, the leaves as the clubs outline in green; no standard suit's colour.
    The faces come in cards.csv's order: nine crowns, nine moons, nine leaves."""
    svg = built / "output" / SLUG / "svg"
    fronts = [(svg / f"card-{n:02d}.svg").read_text(encoding="utf-8") for n in range(1, 28)]
    for first, (suit, colour) in zip(range(0, 27, 9), COLOURS.items()):
        faces = fronts[first:first + 9]
        assert all(colour in face for face in faces), suit
        assert not any(other in face for face in faces for other in COLOURS.values() if other != colour), suit
    assert all(">Ω<" in face for face in fronts[0:9])
    assert all(">M<" in face for face in fronts[9:18])
    leaves = STANDARD_SHAPES["clubs"].commands
    assert all("<path" in face and ">Ω<" not in face and ">M<" not in face for face in fronts[18:27]), leaves[0]
    standard = {"#c8102e", "#0b5cad", "#176f34"}  # hearts, diamonds, clubs: none of this game's
    assert not any(c in face for face in fronts for c in standard)


def test_a_game_without_suits_validates(tmp_path: Path) -> None:
    root = _new(tmp_path)
    game = root / "content" / SLUG / "game.yaml"
    text = game.read_text(encoding="utf-8")
    text = text.replace("suits: [hearts, spades, diamonds, clubs]\n", "suits: []\n")
    text = text.replace("    per_suit: 9\n", "").replace("    layout: card-layout.yaml\n    cards: cards.csv\n", "")
    game.write_text(text, encoding="utf-8")
    result = pipworks(root, "validate")
    assert result.returncode == 0, result.stdout + result.stderr


BAD = [
    ("unknown symbol", '  - {name: moons, symbol: "M", colour: "#4b3f8f"}',
     '  - {name: moons, symbol: crescent, colour: "#4b3f8f"}', "suits[1].symbol", "no symbol 'crescent'"),
    ("bad colour", '  - {name: moons, symbol: "M", colour: "#4b3f8f"}',
     '  - {name: moons, symbol: "M", colour: purple}', "suits[1].colour", "not a colour written #rrggbb"),
    ("duplicate name", '  - {name: moons, symbol: "M", colour: "#4b3f8f"}',
     '  - {name: crowns, symbol: "M", colour: "#4b3f8f"}', "suits[1].name", "declared twice"),
    ("glyph not in the font", '  - {name: moons, symbol: "M", colour: "#4b3f8f"}',
     '  - {name: moons, symbol: "★", colour: "#4b3f8f"}', "suits[1].symbol", "the shipped font has no '★'"),
    ("undeclared bare name", '  - {name: moons, symbol: "M", colour: "#4b3f8f"}', "  - moons",
     "suits[1]", "unknown suit 'moons'"),
]


@pytest.mark.parametrize("why, old, new, field, message", BAD, ids=[b[0] for b in BAD])
def test_a_bad_suit_is_one_line_exit_2_nothing_written(tmp_path: Path, why: str, old: str, new: str, field: str,
                                                        message: str) -> None:
    root = _new(tmp_path)
    game = _three_suits(root)
    _edit(game, old, new)
    line = game.read_text(encoding="utf-8").splitlines().index(new) + 1
    result = pipworks(root, "pnp", SLUG)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    problems = [l for l in result.stderr.splitlines() if f"game.yaml:{line}:" in l]
    assert len(problems) == 1 and f"{field}: " in problems[0] and message in problems[0], result.stderr
    assert not (root / "output" / SLUG).exists()


def test_a_card_of_an_undeclared_suit_names_its_row(tmp_path: Path) -> None:
    root = _new(tmp_path)
    _three_suits(root)
    cards = root / "content" / SLUG / "cards.csv"
    _edit(cards, "1,moons,5\n", "1,suns,5\n")
    result = pipworks(root, "pnp", SLUG)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    line = cards.read_text(encoding="utf-8").splitlines().index("1,suns,5") + 1
    assert re.search(rf"cards\.csv:{line}: .*'suns' is not a suit of this game", result.stderr), result.stderr
    assert not (root / "output" / SLUG).exists()


def test_the_symbols_a_suit_may_name() -> None:
    """Pipworks keeps the standard four shapes for any game."""
    assert set(STANDARD_SHAPES) == {"hearts", "diamonds", "clubs", "spades"}


def test_a_symbol_the_games_package_draws_prints_on_data_made_cards(tmp_path: Path) -> None:
    """A game's package may draw symbols of its own (``GameSpec.symbols``), as The Four
    Deuces does; cards made from data draw them for the suit that names one."""
    from generator.components.base import FaceOptions
    from generator.components.suits import Shape
    from generator.content.project import load_project
    from generator.faces_from_data.faces import components
    from generator.scene import Path as Outline

    root = _new(tmp_path)
    game = _three_suits(root)
    _edit(game, 'symbol: "M"', "symbol: crescent")
    crescent = Shape("crescent", (("M", -0.5, -0.5), ("L", 0.5, -0.5), ("L", 0.5, 0.5), ("Z",)))
    content = load_project(root).games[SLUG].content
    made = components(content, FaceOptions(), root, shapes={"crescent": crescent})
    moons = [face.front for face in made[0].faces[9:18]]
    outlines = [item for scene in moons for item in scene.items if isinstance(item, Outline)]
    # the box's symbol: the triangle at the box's size, in the moons' colour
    assert sum(1 for o in outlines if o.style.fill == COLOURS["moons"] and len(o.commands) == 4) >= 9
