"""Positions are checked before they are played (issue 13): a worked example whose
position no real game can reach fails ``pipworks verify`` with
``file:line: example <id>: impossible position: <reason> (rule <id>)``.

Each mutation below breaks one shipped example the way an author could, and must fail
with its own message at the line of the field it broke: a card twice, a card that is
not in the deck, the wrong leader, a die showing 7.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml
from typer.testing import CliRunner

from generator.cli import app
from generator.content.deck import read_deck, rank_label
from generator.content.loader import read_yaml

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()

Mutation = Callable[[dict[str, Any]], None]


def mutated_project(tmp_path: Path, slug: str, example_id: str, change: Mutation) -> Path:
    """A copy of the shipped content with one example's position changed."""
    project = tmp_path / "proj"
    shutil.copytree(ROOT / "content", project / "content")
    path = project / "content" / slug / "examples.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    example = next(e for e in data["examples"] if e["id"] == example_id)
    change(example["position"])
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=200), encoding="utf-8")
    return project


def line_of(project: Path, slug: str, example_id: str, where: tuple[Any, ...]) -> int:
    """The line of the value at ``where`` inside the example's position (as the YAML
    reader records it)."""
    source = read_yaml(project / "content" / slug / "examples.yaml")
    index = next(i for i, e in enumerate(source.data["examples"]) if e["id"] == example_id)
    line = source.line(("examples", index, "position", *where))
    assert line is not None
    return line


def set_in(path: tuple[Any, ...], value: Any) -> Mutation:
    def change(position: dict[str, Any]) -> None:
        where: Any = position
        for key in path[:-1]:
            where = where[key]
        where[path[-1]] = value
    return change


def copy_card(source: tuple[Any, ...], target: tuple[Any, ...]) -> Mutation:
    def change(position: dict[str, Any]) -> None:
        get: Any = position
        for key in source:
            get = get[key]
        set_in(target, get)(position)
    return change


def swap(a: str, b: str, key: str) -> Mutation:
    def change(position: dict[str, Any]) -> None:
        position[key][a], position[key][b] = position[key][b], position[key][a]
    return change


MUTATIONS = [
    # (what an author got wrong, game, example, change, where in the position the line is, message)
    ("a duplicated card", "multisuit", "match-or-beat", copy_card(("hands", "North", 0), ("hands", "South", 0)),
     ("hands", "South", 0), r"impossible position: Q♠9♦K♣ is named more often than the deck has it \(1\) \(rule the-deck\)"),
    ("a card not in the deck", "multisuit", "match-or-beat", set_in(("hands", "East", 1), "A♠A♦A♣"),
     ("hands", "East", 1), r"impossible position: A♠A♦A♣ is not a card of the deck \(deck.csv\) \(rule the-deck\)"),
    ("a wrong leader", "four-deuces", "winner-leads-next", swap("North", "South", "dice"),
     ("dice",), r"impossible position: North is the lead player, but North has the higher pip total \(22 against "
             r"South's 20\); the lower total leads \(rule round-lead\)"),
    ("a die of 7", "four-deuces", "token-climbs-then-wins", set_in(("dice", "South", 0), 7),
     ("dice", "South"), r"impossible position: South has a die showing 7; a die shows 1 to 6 \(rule setup-dice\)"),
    ("a duplicated card", "pip-trick", "low-trump-beats-an-ace", set_in(("hands", "East", 1), "6♠"),
     ("hands",), r"impossible position: 6♠ in two places at once; the deck has each card once \(rule deal\)"),
    ("a die of 7", "pip-trick", "low-trump-beats-an-ace", set_in(("dice",), {"North": [2, 3, 7, 5]}),
     ("dice", "North"), r"impossible position: North's die 3 shows 7; a die shows 1 to 6 \(rule give-dice\)"),
    ("a wrong leader", "multisuit", "order-of-play-and-gathering", set_in(("tricks",), {"North-South": 7, "East-West": 0}),
     ("leader",), r"impossible position: East leads, but East-West have won no trick; the winner of a trick leads the "
               r"next \(rule gather-the-trick\)"),
    ("a die of 7", "dice-lanes", "swap-across-slots", set_in(("lanes", 1), "7 in Center"),
     ("lanes", 1), r"impossible position: the die in lane 2 shows 7; a die shows 1 to 6 \(rule setup-dice\)"),
    ("a die of 7", "zero-grid", "shift-over-an-empty-column", set_in(("grid", "P1", 1, 0), 7),
     ("grid", "P1"), r"impossible position: P1's grid has a die showing 7; a die shows 1 to 6 \(rule setup-grid\)"),
    ("a duplicated card", "zero-grid", "shift-over-an-empty-column", set_in(("hands", "P2", 0), "J♠"),
     ("hands",), r"impossible position: J♠ in two places at once; the deck has each card once \(rule setup-deck\)"),
]


@pytest.mark.parametrize("mistake, slug, example_id, change, where, message", MUTATIONS,
                         ids=[f"{m[1]}-{m[0].replace(' ', '-')}" for m in MUTATIONS])
def test_an_impossible_position_fails_with_its_own_message(tmp_path: Path, mistake: str, slug: str, example_id: str,
                                                           change: Mutation, where: tuple[Any, ...], message: str) -> None:
    project = mutated_project(tmp_path, slug, example_id, change)
    result = runner.invoke(app, ["--project", str(project), "verify"])
    assert result.exit_code == 1, result.output
    line = line_of(project, slug, example_id, where)
    reported = [text for text in result.output.splitlines() if "impossible position" in text]
    assert len(reported) == 1, f"{mistake}: {result.output}"
    assert re.fullmatch(rf"content/{slug}/examples\.yaml:{line}: example {example_id}: {message}", reported[0]), reported


def test_the_four_mistakes_read_differently() -> None:
    """The issue's four mutations (a card twice, a card not in the deck, a wrong leader, a
    die of 7) each have their own words, not one generic 'bad position'."""
    wanted = {"a duplicated card", "a card not in the deck", "a wrong leader", "a die of 7"}
    assert {m[0] for m in MUTATIONS} == wanted
    assert len({m[5] for m in MUTATIONS}) == len(MUTATIONS)


# --- the shipped examples themselves --------------------------------------------------------

CARD = re.compile(r"(?:10|[2-9AJQK-])♠(?:10|[2-9AJQK-])♦(?:10|[2-9AJQK-])♣")


def test_every_multisuit_example_card_is_a_card_of_the_printed_deck() -> None:
    """Every card an example shows (position, moves, outcomes and story) is in deck.csv,
    so a player holding the printed deck can set the example up."""
    deck = {"".join(rank_label(r) + s for r, s in zip(card.ranks, "♠♦♣"))
            for card in read_deck(ROOT / "content" / "multisuit" / "deck.csv")}
    text = (ROOT / "content" / "multisuit" / "examples.yaml").read_text(encoding="utf-8")
    shown = set(CARD.findall(text))
    assert len(shown) > 30, "the examples show cards"
    assert not shown - deck, f"cards not in deck.csv: {sorted(shown - deck)}"


def four_deuces_openings() -> list[dict[str, Any]]:
    """Examples that open a round's first trick from a position (not from a roll)."""
    data = yaml.safe_load((ROOT / "content" / "four-deuces" / "examples.yaml").read_text(encoding="utf-8"))
    return [e for e in data["examples"] if not e["position"].get("round_start")
            and not sum((e["position"].get("tricks_won") or {}).values())]


@pytest.mark.parametrize("example", four_deuces_openings(), ids=lambda e: e["id"])
def test_every_four_deuces_opening_follows_the_lead_rule(example: dict[str, Any]) -> None:
    """The first trick of a round is led by the lead player, who has the lower pip total
    (round-lead); the four openings that once had North lead on the higher total no more."""
    position = example["position"]
    leader = position.get("leader", "North")
    other = "South" if leader == "North" else "North"
    lead_player = position.get("lead_player", leader)
    dice = position["dice"]
    assert lead_player == leader, "the lead player leads the first trick"
    assert len(dice[leader]) == len(dice[other]) == 7, "nothing has been played yet"
    assert sum(dice[leader]) < sum(dice[other]), f"{leader} leads on {sum(dice[leader])} pips against {sum(dice[other])}"


def test_the_four_openings_named_in_the_issue_are_among_the_checked() -> None:
    ids = {e["id"] for e in four_deuces_openings()}
    assert {"lead-player-leads-variant", "winner-leads-next", "bugs-moran-as-follower"} <= ids
