"""Issue 22, deliverable 7: bots for any engine.

A designer's engine (each template's, here) is played by ``pipworks simulate`` and
``pipworks balance`` through the three levels of the engine protocol
(``generator.rules.protocol``); its hidden hands reach the ISMCTS bot only through the
engine's ``determinise``; and an engine short of a level is named in one line, before
any game is played, exit 2."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from generator.rules.protocol import BalanceEngine, EngineIncomplete, SimulateEngine, VerifyEngine, missing, require
from generator.scaffold import make_project


def pipworks(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", "--project", str(project), *args],
                          capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A trick-taking project as `pipworks new` makes it (trusted by its maker)."""
    root = tmp_path_factory.mktemp("protocol") / "g"
    make_project(root, "trick-taking")
    return root


def broken(project: Path, tmp: Path, rename: dict[str, str]) -> Path:
    """A copy of ``project`` whose engine misses methods (each renamed), trusted again
    after the edit, as its designer would."""
    import shutil

    copy = tmp / "g"
    shutil.copytree(project, copy)
    engine = copy / "g_engine" / "__init__.py"
    text = engine.read_text(encoding="utf-8")
    for old, new in rename.items():
        text = text.replace(f"def {old}(", f"def {new}(")
    engine.write_text(text, encoding="utf-8")
    assert pipworks(copy, "trust").returncode == 0
    return copy


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


# --- the levels --------------------------------------------------------------------------


class Verifies:
    slug, title = "toy", "Toy"

    def run_example(self, position: Any, play: Any, variants: Any) -> dict[str, Any]:
        return {}


class Simulates(Verifies):
    variants: dict[str, str] = {}
    player_counts = (2,)

    def new_game(self, players: int | None = None, variants: Any = (), seed: int = 0, setup: Any = None) -> int:
        return 0

    def to_move(self, state: int) -> int | None:
        return None if state >= 3 else state % 2

    def legal_actions(self, state: int) -> list[int]:
        return [1]

    def apply(self, state: int, action: int) -> int:
        return state + action

    def is_over(self, state: int) -> bool:
        return state >= 3

    def result(self, state: int) -> Any:
        from generator.rules.base import Result

        return Result((1.0, 0.0), ((0,), (1,)))


class Balances(Simulates):
    def determinise(self, state: int, seat: int, rng: random.Random) -> int:
        return state


def test_each_level_adds_to_the_one_before_and_names_what_is_missing() -> None:
    assert missing(Verifies(), "verify") is None
    assert missing(Verifies(), "simulate") == ("variants", "simulate")
    assert missing(Simulates(), "simulate") is None and missing(Simulates(), "balance") == ("determinise", "balance")
    assert missing(Balances(), "balance") is None
    assert missing(Simulates(), "play") == ("describe", "play")  # what pipworks play adds for a person
    assert isinstance(Balances(), BalanceEngine) and isinstance(Simulates(), SimulateEngine)
    assert isinstance(Verifies(), VerifyEngine) and not isinstance(Verifies(), SimulateEngine)
    with pytest.raises(EngineIncomplete, match=r"toy: the engine has no `determinise`, a part of level balance"):
        require(Simulates(), "balance", "toy")


def test_the_shipped_engines_reach_the_simulate_level() -> None:
    from generator.games import SHIPPED, find_game

    for spec in SHIPPED:
        assert missing(find_game(spec.slug), "simulate") is None, spec.slug
        assert spec.bots is not None  # their balance level is their bots module


# --- the trick-taking template through the commands ---------------------------------------


def test_balance_plays_the_templates_engine_with_random_players_and_says_why(project: Path, tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    result = pipworks(project, "balance", "g", "--games", "200", "-j", "1", "--json", str(report))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "g has no heuristic bot" in result.stderr and "every seat plays random" in result.stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    base = data["configurations"][0]
    assert data["bots"] == ["random"] and base["games"] == 200 and base["seat_names"] == ["P1", "P2"]
    assert base["length"]["mean"] == 36  # every card of the 36-card deck is played
    assert sum(seat["wins"] for seat in base["seats"]) == pytest.approx(200)


def test_ismcts_plays_the_templates_engine_and_beats_random(project: Path, tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    result = pipworks(project, "balance", "g", "--bots", "ismcts:30,random", "--games", "12", "-j", "1",
                      "--ladder", "2", "--iterations", "10", "--json", str(report))
    assert result.returncode == 0, result.stdout + result.stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    seats = data["configurations"][0]["seats"]
    assert seats[0]["wins"] > seats[1]["wins"] + 3, seats  # a searching player takes most games
    # with no heuristic player, the ladder has the one pairing it can play
    assert [(row["stronger"], row["weaker"]) for row in data["ladder"]["pairings"]] == [("ismcts:10", "random")]


def test_simulate_plays_the_templates_engine(project: Path) -> None:
    result = pipworks(project, "simulate", "g", "--games", "50", "-j", "1")
    assert result.returncode == 0 and "decisions per game: mean 36.0" in result.stdout, result.stdout + result.stderr


def test_asking_for_a_heuristic_the_engine_lacks_is_one_line(project: Path) -> None:
    line = one_line(pipworks(project, "balance", "g", "--bots", "heuristic", "--games", "2"))
    assert line.startswith("g has no heuristic bot") and "--bots random or ismcts:N" in line


@pytest.mark.parametrize("method", ["legal_actions", "is_over"])
@pytest.mark.parametrize("command", ["simulate", "balance"])
def test_an_engine_without_a_simulate_method_is_named_before_any_game(project: Path, tmp_path: Path, method: str,
                                                                       command: str) -> None:
    copy = broken(project, tmp_path, {method: f"{method}_renamed"})
    line = one_line(pipworks(copy, command, "g", "--games", "3", "-j", "1"))
    assert line.startswith(f"g: the engine has no `{method}`, a part of level simulate of the engine protocol"), line
    assert "make-your-own-game" in line  # and one line only: no progress line, so no game was started


def test_an_engine_without_determinise_simulates_but_is_refused_by_balance(project: Path, tmp_path: Path) -> None:
    copy = broken(project, tmp_path, {"determinise": "deal_again"})
    assert pipworks(copy, "simulate", "g", "--games", "3", "-j", "1").returncode == 0
    line = one_line(pipworks(copy, "balance", "g", "--games", "3", "-j", "1"))
    assert line.startswith("g: the engine has no `determinise`, a part of level balance of the engine protocol"), line


# --- hidden hands: determinise through the protocol ------------------------------------------


@pytest.fixture(scope="module")
def lab(project: Path) -> Any:
    from generator.lab.tournament import game_lab

    return game_lab("g", str(project))


def played(engine: Any, players: int, seed: int, moves: int) -> Any:
    state = engine.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if engine.is_over(state):
            break
        state = engine.apply(state, rng.choice(engine.legal_actions(state)))
    return state


situations = st.tuples(st.sampled_from([2, 3, 4]), st.integers(0, 2**32), st.integers(0, 40), st.integers(0, 3),
                       st.integers(0, 2**32))


@settings(max_examples=60, deadline=None)
@given(situations)
def test_a_determinised_game_agrees_with_all_the_seat_saw_and_plays_on_legally(lab: Any, case: Any) -> None:
    players, seed, moves, seat, draw = case
    engine = lab.engine
    state = played(engine, players, seed, moves)
    seat %= players
    world = lab.bots.determinise(state, seat, random.Random(draw))
    assert engine.describe(world, viewer=seat) == engine.describe(state, viewer=seat)  # the seat's view, unchanged
    assert (world.trick, world.leader, world.tricks, world.voids) == (state.trick, state.leader, state.tricks,
                                                                     state.voids)
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    assert sorted(c for h in world.hands for c in h) == sorted(c for h in state.hands for c in h)
    for other, hand in enumerate(world.hands):  # no card of a suit its holder showed it lacks
        assert not any(state.voids[other] >> engine.deck.suit(card) & 1 for card in hand)
    while not engine.is_over(world):  # a world legal play can finish
        world = engine.apply(world, random.Random(draw).choice(engine.legal_actions(world)))


@settings(max_examples=25, deadline=None)
@given(situations)
def test_the_search_reads_nothing_the_seat_has_not_seen(lab: Any, case: Any) -> None:
    """Two games the seat cannot tell apart give the same deals and the same ISMCTS move."""
    from generator.lab.tournament import make_bot

    players, seed, moves, _, draw = case
    engine = lab.engine
    state = played(engine, players, seed, moves)
    if engine.is_over(state):
        return
    seat = engine.to_move(state)
    twin = lab.bots.determinise(state, seat, random.Random(draw))  # another deal of what the seat has not seen
    assert lab.bots.determinise(state, seat, random.Random(7)) == lab.bots.determinise(twin, seat, random.Random(7))
    bot = make_bot("ismcts:20", lab)
    assert bot.choose(state, seat, random.Random(draw)) == bot.choose(twin, seat, random.Random(draw))


def test_deal_unseen_keeps_the_seats_hand_and_every_size() -> None:
    from generator.rules.hidden import deal_unseen

    hands = ((0, 1, 2), (3, 4), (5, 6, 7))
    dealt = deal_unseen(hands, 1, random.Random(3), lambda seat, card: not (seat == 2 and card == 0))
    assert dealt[1] == (3, 4) and [len(h) for h in dealt] == [3, 2, 3]
    assert sorted(dealt[0] + dealt[2]) == [0, 1, 2, 5, 6, 7] and 0 not in dealt[2]
    assert all(list(hand) == sorted(hand) for hand in dealt)


def test_the_dice_board_engine_hides_only_the_rolls_to_come(tmp_path: Path) -> None:
    """A dice game's only secret is the future: determinise keeps the board and this
    turn's dice and draws the rolls to come anew; balance plays it from the template."""
    from generator.lab.tournament import game_lab

    root = tmp_path / "d"
    make_project(root, "dice-board")
    lab = game_lab("d", str(root))
    engine = lab.engine
    state = played(engine, 3, 5, 7)
    worlds = [lab.bots.determinise(state, 1, random.Random(draw)) for draw in range(8)]
    for world in worlds:
        assert world._replace(seed=state.seed) == state
    assert len({w.seed for w in worlds}) == 8  # so the next turn's roll is not the real one
    result = pipworks(root, "balance", "d", "--games", "200", "-j", "1")
    assert result.returncode == 0 and "200 games per configuration" in result.stdout, result.stdout + result.stderr


# --- the blank template: a minimal engine of its own rules ----------------------------------


@pytest.fixture(scope="module")
def blank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A blank project as `pipworks new` makes it (four cards, two players)."""
    root = tmp_path_factory.mktemp("blank") / "b"
    make_project(root, "blank")
    return root


def test_the_blank_engine_plays_its_own_rules_and_balances(blank: Path, tmp_path: Path) -> None:
    """Two cards dealt to each of two players, one played a turn: four moves a game; the
    most stars wins, and the four cards' five stars never tie."""
    report = tmp_path / "report.json"
    result = pipworks(blank, "balance", "b", "--games", "200", "-j", "1", "--json", str(report))
    assert result.returncode == 0, result.stdout + result.stderr
    base = json.loads(report.read_text(encoding="utf-8"))["configurations"][0]
    assert base["games"] == 200 and base["seat_names"] == ["P1", "P2"] and base["length"]["mean"] == 4
    assert sum(seat["wins"] for seat in base["seats"]) == 200  # always one winner


@pytest.fixture(scope="module")
def bigger_blank(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The blank game as its designer might grow it: ten cards and up to four players, so
    some cards stay undealt (hidden from everyone) whatever the count of players."""
    from generator.lab.tournament import game_lab

    root = tmp_path_factory.mktemp("bigger") / "bb"
    make_project(root, "blank")
    content = root / "content" / "bb"
    game = (content / "game.yaml").read_text(encoding="utf-8")
    game = game.replace("players: {min: 2, max: 2}", "players: {min: 2, max: 4}").replace("count: 4", "count: 10")
    (content / "game.yaml").write_text(game, encoding="utf-8")
    with (content / "cards.csv").open("a", encoding="utf-8") as cards:
        cards.write("4,Comet,spades,4,3,A bright one.\n2,Cloud,hearts,5,0,No stars at all.\n")
    lab = game_lab("bb", str(root))
    assert lab.engine.player_counts == (2, 3, 4)
    return lab


blank_situations = st.tuples(st.sampled_from([2, 3, 4]), st.integers(0, 2**32), st.integers(0, 8), st.integers(0, 3),
                             st.integers(0, 2**32))


@settings(max_examples=60, deadline=None)
@given(blank_situations)
def test_a_determinised_blank_game_agrees_with_all_the_seat_saw(bigger_blank: Any, case: Any) -> None:
    players, seed, moves, seat, draw = case
    lab, engine = bigger_blank, bigger_blank.engine
    state = played(engine, players, seed, moves)
    seat %= players
    world = lab.bots.determinise(state, seat, random.Random(draw))
    assert engine.describe(world, viewer=seat) == engine.describe(state, viewer=seat)  # the seat's view, unchanged
    assert (world.played, world.player, world.log) == (state.played, state.player, state.log)
    assert world.hands[seat] == state.hands[seat]
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands] and len(world.undealt) == len(state.undealt)
    unseen = sorted(c for h in state.hands for c in h) + sorted(state.undealt)
    assert sorted(c for h in world.hands + (world.undealt,) for c in h) == sorted(unseen)
    while not engine.is_over(world):  # a world legal play can finish
        world = engine.apply(world, random.Random(draw).choice(engine.legal_actions(world)))
    assert sum(map(len, world.played)) == 2 * players


@settings(max_examples=25, deadline=None)
@given(blank_situations)
def test_the_search_reads_no_blank_hand_the_seat_has_not_seen(bigger_blank: Any, case: Any) -> None:
    """Two blank games the seat cannot tell apart give the same deals and the same ISMCTS move."""
    from generator.lab.tournament import make_bot

    players, seed, moves, _, draw = case
    lab, engine = bigger_blank, bigger_blank.engine
    state = played(engine, players, seed, moves)
    if engine.is_over(state):
        return
    seat = engine.to_move(state)
    twin = lab.bots.determinise(state, seat, random.Random(draw))
    assert lab.bots.determinise(state, seat, random.Random(7)) == lab.bots.determinise(twin, seat, random.Random(7))
    bot = make_bot("ismcts:20", lab)
    assert bot.choose(state, seat, random.Random(draw)) == bot.choose(twin, seat, random.Random(draw))
