"""Issue 25, finding 8: worked examples whose positions no game can reach were certified
by ``pipworks verify``. Each is now refused with
``file:line: example <id>: impossible position: <reason> (rule <id>)`` at the line of
the field that cannot be, exit 1 like every impossible position (tests/verify/test_positions.py);
and a Four Deuces ``next_round`` after the deciding round, which crashed verify with an
IndexError, is an unreadable example: one line, exit 2.

Each case is a one-example examples.yaml in a scratch copy of the project, checked by the
real CLI in its own process, so a traceback would show.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import copy_project, pipworks

HEADER = "examples:\n"

ZERO_GRID_CLEARED = """\
  - id: ten-removed-before-hand-1
    title: Ten dice gone before anything was played
    rules: [setup-grid]
    story: P1's grid has lost ten dice although no hand has been played.
    position:
      hand: 1
      grid:
        P1: [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 5, 3], [6, 3, 5, 4]]
      hands: {P1: [2♠, 3♠, 4♠, 5♠], P2: [2♥, 3♥, 4♥, 5♥]}
    play: []
    expect:
      hand: 1
"""

DICE_LANES_CLAIMED = """\
  - id: four-claimed-in-round-1
    title: Four dice claimed while three still fill the lanes
    rules: [setup-dice]
    story: Round 1, every lane holds a die, and four more dice are already claimed.
    position:
      lanes: [4 in Center, 2 in Center, 6 in Center]
      hands: {P1: [A♥, 2♥, 3♥, 4♥], P2: [A♠, 2♠, 3♠, 4♠]}
      claimed: {P1: [4, 5], P2: [2, 6]}
    play: []
    expect:
      round: 1
"""

FOUR_DEUCES_BUGS_MORAN = """\
  - id: lead-traded-and-still-higher
    title: The lead player traded a die and still has the higher total
    rules: [round-lead, bugs-moran]
    story: North leads trick 1 with 26 pips against 16 after using Bugs Moran.
    position:
      track: [Murder, Gambling, Prostitution, Bootlegging]
      leader: North
      characters: {North: Bugs Moran, South: Al Capone}
      abilities_used: [North]
      hands: {North: [Murder, Murder, Gambling, Bootlegging], South: [Prostitution, Prostitution, Gambling, Murder]}
      dice: {North: [2, 3, 3, 4, 4, 5, 5], South: [1, 1, 2, 2, 3, 3, 4]}
    play: []
    expect:
      leader: North
"""

FOUR_DEUCES_NEXT_ROUND = """\
  - id: a-round-after-the-decider
    title: A next round after the round that decides the game
    rules: [victory]
    story: One round each; the example also sets up a fourth round.
    position:
      track: [Murder, Gambling, Prostitution, Bootlegging]
      rounds_won: {North: 1, South: 1}
      tricks_won: {North: 3, South: 3}
      leader: North
      hands: {North: [Bootlegging], South: [Bootlegging]}
      dice: {North: [3], South: [4]}
      next_round:
        track: [Bootlegging, Prostitution, Gambling, Murder]
    play:
      - North plays Bootlegging 3
      - South plays Bootlegging 4
    expect:
      winner: South
"""

PIP_TRICK_FIRST_TRICK = """\
  - id: sixes-at-the-first-trick
    title: Four sixes and a used die before the first trick
    rules: [give-dice]
    story: Round 1, thirteen cards each, and North's dice already changed.
    position:
      dealer: South
      dice: {North: [6, 6, 6, 6]}
      used: {North: [2]}
      hands:
        North: [7♥, K♥, 4♦, A♦, 5♠, 10♠, J♠, 2♣, 6♣, 7♣, 10♣, K♣, A♣]
        East: [2♥, 3♥, 4♥, 6♥, 9♥, J♥, 5♦, J♦, 6♠, 7♠, 9♠, K♠, 9♣]
        South: [5♥, 10♥, Q♥, A♥, 2♦, 8♦, 9♦, Q♦, 2♠, 4♠, Q♠, 8♣, J♣]
        West: [8♥, 3♦, 6♦, 7♦, 10♦, K♦, 3♠, 8♠, A♠, 3♣, 4♣, 5♣, Q♣]
    play: []
    expect:
      to_move: West
"""

MULTISUIT_SINGLE_DEAL = """\
  - id: a-single-deal-already-scored
    title: A single deal that starts seven points to three
    rules: [deal-points]
    variants: [single-deal]
    story: The single deal is one deal from no score, yet points are written down.
    position:
      points: {North-South: 7, East-West: 3}
    play: []
    expect:
      to_move: North
"""

MULTISUIT_ONE_GAME = """\
  - id: one-game-already-won
    title: One game, and a game is already won
    rules: [game-to-five]
    variants: [one-game]
    story: The one-game variant ends with its game, yet a game is already won.
    position:
      games: {North-South: 1, East-West: 0}
    play: []
    expect:
      to_move: North
"""

CASES = [
    # (finding, game, examples, the field whose line is reported, the message after "impossible position: ")
    ("zero-grid: 10 dice removed before hand 1", "zero-grid", ZERO_GRID_CLEARED, "        P1:",
     r"P1 has 10 dice removed at the start of hand 1; a card removes at most one die and a player resolves at most "
     r"4 cards a hand, so the hands before it removed at most 0 \(rule removal\)"),
    ("dice-lanes: round 1 with 3 lanes full and 4 dice claimed", "dice-lanes", DICE_LANES_CLAIMED, "      claimed:",
     r"round 1 with 7 dice on the board and in scoring areas; the setup brings 3 into play and each later round at "
     r"most one for each empty lane, so round 1 has at most 3 \(rule setup-dice\)"),
    ("four-deuces: the lead used Bugs Moran and still has the higher total", "four-deuces", FOUR_DEUCES_BUGS_MORAN,
     "      dice:",
     r"North is the lead player and has used Bugs Moran, but no one swap of a die undone gives North the lower pip "
     r"total \(26 against South's 16\); the lower total leads \(rule round-lead\)"),
    ("pip-trick: four sixes at the first trick of round 1", "pip-trick", PIP_TRICK_FIRST_TRICK, "      dice:",
     r"North's dice show 6 6 6 6 at the first trick of the game, but every player starts with 2 3 4 5 and no die "
     r"changes before the first trick is over \(rule give-dice\)"),
    ("pip-trick: a used die at the first trick of round 1", "pip-trick", PIP_TRICK_FIRST_TRICK, "      used:",
     r"North has used die 2 at the first trick of the game, but no die is used before the first trick is over "
     r"\(rule used-dice\)"),
    ("multisuit: a single deal with points already scored", "multisuit", MULTISUIT_SINGLE_DEAL, "      points:",
     r"points 7–3 scored before the deal, but the single-deal variant plays one deal from no score "
     r"\(rule single-deal\)"),
    ("multisuit: one game with the game already won", "multisuit", MULTISUIT_ONE_GAME, "      games:",
     r"1 game\(s\) already won, but the one-game variant ends when the first game is won \(rule one-game\)"),
]


def project_with(tmp_path: Path, slug: str, examples: str) -> Path:
    """A scratch project whose ``slug`` has only ``examples`` as worked examples."""
    project = copy_project(tmp_path)
    (project / "content" / slug / "examples.yaml").write_text(HEADER + examples, encoding="utf-8")
    return project


def line_of(project: Path, slug: str, start: str) -> int:
    """The line of the examples file that begins with ``start``."""
    lines = (project / "content" / slug / "examples.yaml").read_text(encoding="utf-8").splitlines()
    found = [n for n, line in enumerate(lines, start=1) if line.startswith(start)]
    assert len(found) == 1, start
    return found[0]


@pytest.mark.parametrize("finding, slug, examples, field, message", CASES, ids=[c[0] for c in CASES])
def test_an_impossible_position_of_issue_25_is_refused_naming_the_rule(tmp_path: Path, finding: str, slug: str,
                                                                       examples: str, field: str, message: str) -> None:
    project = project_with(tmp_path, slug, examples)
    result = pipworks(project, "verify", str(project / "content" / slug))
    output = result.stdout + result.stderr
    assert result.returncode == 1, f"{finding}: {output}"
    assert "Traceback" not in output
    example_id = examples.split("id: ", 1)[1].split("\n", 1)[0]
    wanted = (rf"content/{slug}/examples\.yaml:{line_of(project, slug, field)}: example {example_id}: "
              rf"impossible position: {message}")
    assert any(re.fullmatch(wanted, line) for line in output.splitlines()), f"{finding}: {output}"
    assert "agree with the engines" not in output.replace("disagree", "")


def test_a_next_round_after_the_deciding_round_is_one_line_not_an_index_error(tmp_path: Path) -> None:
    project = project_with(tmp_path, "four-deuces", FOUR_DEUCES_NEXT_ROUND)
    result = pipworks(project, "verify", str(project / "content" / "four-deuces"))
    output = result.stdout + result.stderr
    assert result.returncode == 2, output
    assert "Traceback" not in output and "IndexError" not in output
    refusals = [line for line in output.splitlines() if "next_round" in line]
    assert len(refusals) == 1, output
    line = line_of(project, "four-deuces", "      next_round:")
    assert re.fullmatch(rf"content/four-deuces/examples\.yaml:{line}: position\.next_round: example "
                        r"a-round-after-the-decider: round 3 is the last a game can have \(whoever wins it has 2 "
                        r"rounds and the game\), so there is no next round to set up \(rule victory\)",
                        refusals[0]), refusals


def test_a_zero_grid_example_without_a_hand_stands_at_the_first_hand_its_grid_can_reach(tmp_path: Path) -> None:
    """Not stating the hand is not claiming hand 1: ten dice removed is a position of hand
    4 at the earliest (four dice a hand), which the engine then reports."""
    examples = ZERO_GRID_CLEARED.replace("    position:\n      hand: 1\n", "    position:\n").replace(
        "    expect:\n      hand: 1\n", "    expect:\n      hand: 4\n")
    assert "hand: 1" not in examples
    project = project_with(tmp_path, "zero-grid", examples)
    result = pipworks(project, "verify", str(project / "content" / "zero-grid"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "verified 1 example" in result.stdout + result.stderr


def test_the_shipped_examples_all_still_agree(tmp_path: Path) -> None:
    """The stricter checks refuse none of the 104 shipped examples."""
    result = pipworks(copy_project(tmp_path), "verify")
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"verified 104 examples .*: all agree with the engines", result.stdout + result.stderr)


MISTYPED = [
    # (game, examples, a field given a value of a kind its reader did not foresee)
    ("four-deuces", FOUR_DEUCES_BUGS_MORAN.replace("track: [Murder, Gambling, Prostitution, Bootlegging]", "track: 5")),
    ("zero-grid", ZERO_GRID_CLEARED.replace("      hand: 1\n      grid:", "      hand: x\n      grid:")),
    ("dice-lanes", DICE_LANES_CLAIMED.replace("      claimed:", "      round: [1]\n      claimed:")),
    ("pip-trick", PIP_TRICK_FIRST_TRICK.replace("      dealer: South", "      dealer: South\n      players: four")),
    ("multisuit", MULTISUIT_ONE_GAME.replace("      games: {North-South: 1, East-West: 0}", "      hands: {North: 1}")),
]


@pytest.mark.parametrize("slug, examples", MISTYPED, ids=[m[0] for m in MISTYPED])
def test_a_position_field_of_the_wrong_kind_is_one_line_not_a_traceback(tmp_path: Path, slug: str,
                                                                        examples: str) -> None:
    """Issue 25, finding 5's family: a value the game's reader did not foresee is an
    unreadable example (exit 2) at the position's line, not a crash of verify."""
    project = project_with(tmp_path, slug, examples)
    result = pipworks(project, "verify", str(project / "content" / slug))
    output = result.stdout + result.stderr
    assert result.returncode == 2, output
    assert "Traceback" not in output
    problems = [line for line in output.splitlines() if line.startswith(f"content/{slug}/examples.yaml:")]
    assert len(problems) == 1, output
    line = line_of(project, slug, "    position:")
    assert re.fullmatch(rf"content/{slug}/examples\.yaml:{line}: position: example \S+: the {slug} engine cannot "
                        r"replay this example \(\w+Error: .+\); a position field may hold a value of the wrong kind",
                        problems[0]), problems
