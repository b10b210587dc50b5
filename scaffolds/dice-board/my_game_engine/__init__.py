"""The rules engine of My Game: a roll-and-place dice game, as a Pipworks plugin.

Pipworks finds this package through the entry point in the project's pyproject.toml
(``[project.entry-points."pipworks.games"]``), whether or not it is installed, and
replays every worked example of content/my-game/examples.yaml through it when it
builds or runs ``pipworks verify``.

The rules: on your turn roll three dice and put each on the lane of its number (the
board has six lanes, one for each number); a lane holds three dice, and the die that
fills it scores the lane for you and clears it. The first to score three lanes wins.

The engine has the three levels of Pipworks' engine protocol (the guide's page "Make
your own game" lists them): ``run_example`` for ``pipworks verify``; ``new_game``,
``to_move``, ``legal_actions``, ``apply``, ``is_over`` and ``result`` for ``pipworks
simulate``; and ``determinise`` for ``pipworks balance``. Nothing is hidden in this
game but the rolls to come: they are drawn from ``seed`` in the state, so a search bot
that is given a new seed (``determinise``) cannot know them.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, NamedTuple, Sequence

from generator.games.spec import GameSpec
from generator.rules.base import IllegalAction, Result, SetupError, implements

LANES = 6  # one lane for each number on a die
LANE_HOLDS = 3  # dice a lane holds; the die that fills it scores it
TO_WIN = 3  # lanes to score
DICE = 3  # dice rolled each turn
Action = tuple[str, int]


class State(NamedTuple):
    lanes: tuple[int, ...]  # dice on the lanes of 1 to 6
    rolled: tuple[int, ...]  # this turn's dice not yet placed, lowest first
    player: int  # whose turn it is
    scored: tuple[int, ...]  # lanes each player has scored
    turn: int
    seed: int  # where the rolls to come are drawn from
    log: tuple[str, ...]


@implements("roll")
def roll(seed: int, turn: int) -> tuple[int, ...]:
    """The dice of ``turn``: three numbers from 1 to 6, drawn from the game's seed."""
    rng = random.Random(seed * 1009 + turn)
    return tuple(sorted(rng.randint(1, LANES) for _ in range(DICE)))


class Engine:
    slug = "my-game"
    title = "My Game"
    player_counts = (1, 2, 3, 4)
    team_size = 1
    variants: Mapping[str, str] = {}

    def __init__(self) -> None:
        self.rule_map = {"roll": (roll,), "place": (place,), "scoring": (place,), "winning": (ranking,)}

    def new_game(self, players: int | None = None, variants: Sequence[str] = (), seed: int = 0,
                 setup: Mapping[str, Any] | None = None) -> State:
        players = players or 2
        dice = roll(seed, 0)
        return State((0,) * LANES, dice, 0, (0,) * players, 0, seed, (f"P1 rolls {' '.join(map(str, dice))}",))

    def to_move(self, state: State) -> int | None:
        return None if self.is_over(state) else state.player

    def legal_actions(self, state: State) -> Sequence[Action]:
        return [] if self.is_over(state) else [("place", n) for n in sorted(set(state.rolled))]

    def apply(self, state: State, action: Action) -> State:
        if self.is_over(state) or action not in self.legal_actions(state):
            raise IllegalAction(f"{self.action_text(state, action)} is not a legal move now", "place")
        state = place(state, action[1])
        if state.rolled or self.is_over(state):
            return state
        player, turn = (state.player + 1) % len(state.scored), state.turn + 1
        dice = roll(state.seed, turn)
        return state._replace(player=player, turn=turn, rolled=dice,
                              log=state.log + (f"P{player + 1} rolls {' '.join(map(str, dice))}",))

    def is_over(self, state: State) -> bool:
        return max(state.scored) >= TO_WIN

    def result(self, state: State) -> Result:
        return Result(tuple(float(n) for n in state.scored), ranking(state.scored))

    def determinise(self, state: State, seat: int, rng: random.Random) -> State:
        """The game as any player sees it (the board and this turn's dice are public),
        with the rolls to come drawn anew: no one knows them."""
        return state._replace(seed=rng.getrandbits(48))

    def log(self, state: State, viewer: int | None = None) -> Sequence[str]:
        return list(state.log)

    def describe(self, state: State, viewer: int | None = None) -> str:
        lanes = "  ".join(f"{n + 1}: {'●' * dice or '·'}" for n, dice in enumerate(state.lanes))
        scores = ", ".join(f"P{i + 1} {n}" for i, n in enumerate(state.scored))
        return f"lanes  {lanes}\nto place: {' '.join(map(str, state.rolled)) or '-'}\nlanes scored: {scores}"

    def action_text(self, state: State, action: Action) -> str:
        return f"place {action[1]}"

    def parse_action(self, state: State, text: str) -> Action:
        words = text.split()
        if len(words) != 2 or words[0] != "place" or not words[1].isdigit():
            raise IllegalAction(f"{text!r}: a move reads like 'place 4'")
        action = ("place", int(words[1]))
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{text}: no {words[1]} to place (to place: {' '.join(map(str, state.rolled))})",
                                "place")
        return action

    def run_example(self, position: Mapping[str, Any], play: Sequence[str], variants: Sequence[str]) -> Mapping[str, Any]:
        """position: ``rolled: [4, 1, 6]``, and any of ``lane_1`` … ``lane_6`` (dice on
        that lane, 0 when left out)."""
        rolled = position.get("rolled")
        if not isinstance(rolled, list) or not rolled or not all(isinstance(d, int) and 1 <= d <= LANES for d in rolled):
            raise SetupError("position needs rolled: the dice to place, e.g. [4, 1, 6]", ("rolled",))
        lanes = []
        for n in range(1, LANES + 1):
            dice = position.get(f"lane_{n}", 0)
            if not isinstance(dice, int) or not 0 <= dice < LANE_HOLDS:
                raise SetupError(f"lane_{n} holds 0 to {LANE_HOLDS - 1} dice (a full lane is scored at once)",
                                 (f"lane_{n}",))
            lanes.append(dice)
        state = State(tuple(lanes), tuple(sorted(rolled)), 0, (0, 0), 0, 0, ())
        for number, move in enumerate(play, start=1):
            try:
                state = place(state, self.parse_action(state, str(move))[1])
            except IllegalAction as exc:
                raise IllegalAction(f"move {number} ({move}): {exc}", exc.rule, number) from None
        scored = [int(line.split()[-1]) for line in state.log if line.startswith("P1 scores")]
        return {"scored": scored, "lanes": {f"lane_{n + 1}": dice for n, dice in enumerate(state.lanes)},
                "to_place": list(state.rolled), "log": list(state.log)}


@implements("place", "scoring")
def place(state: State, number: int) -> State:
    """One die on the lane of its number; the die that fills a lane scores it for the
    player and clears it."""
    rolled = list(state.rolled)
    rolled.remove(number)
    lanes, scored = list(state.lanes), list(state.scored)
    lanes[number - 1] += 1
    log = state.log + (f"P{state.player + 1} places {number}",)
    if lanes[number - 1] == LANE_HOLDS:
        lanes[number - 1] = 0
        scored[state.player] += 1
        log += (f"P{state.player + 1} scores lane {number}",)
    return state._replace(lanes=tuple(lanes), rolled=tuple(rolled), scored=tuple(scored), log=log)


@implements("winning")
def ranking(scored: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Most lanes scored first (the first to three ends the game); equal counts share."""
    return tuple(tuple(s for s, n in enumerate(scored) if n == count) for count in sorted(set(scored), reverse=True))


def make(game: Any) -> Engine:
    return Engine()


SPEC = GameSpec(slug="my-game", engine=make)
