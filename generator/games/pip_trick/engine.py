"""Pip Trick (slug ``pip-trick``): the reference rules engine.

Three or four players, four rounds with trump rotating hearts, diamonds, spades, clubs;
each follower must show a suit new to the trick (or play face down); the middle places
change one of their own dice with their card's suit; each round ends with every player
locking a die; the highest total of four locked dice wins, ties broken by 6s, 5s, ...

The state, numbers and scoring live in ``state``, the rules as pure functions in
``play``, the notation and log in ``notation``, worked examples in ``examples``; this
module gathers them into the engine, built by :func:`make` from the game's content.
Every rule id of ``content/pip-trick/game.yaml`` is marked on the function that carries
it out (``@implements``); ``rule_map`` collects them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from ...rules.base import Game, rule_map
from . import examples, notation, play, state
from .state import VARIANTS, Action, Numbers, State

if TYPE_CHECKING:
    from ...content.loader import LoadedGame


class PipTrick:
    """The engine behind the common protocol (``generator.rules.base.Game``), playing by
    the numbers of one loaded copy of the game's content."""

    slug = "pip-trick"
    title = "Pip Trick"
    player_counts = (3, 4)
    team_size = 1
    variants: Mapping[str, str] = VARIANTS
    rule_map: Mapping[str, tuple[Callable[..., Any], ...]] = rule_map(state, play, notation, examples)

    def __init__(self, numbers: Numbers) -> None:
        self.numbers = numbers

    def new_game(self, players: int | None = None, variants: Sequence[str] = (), seed: int = 0,
                 setup: Mapping[str, Any] | None = None) -> State:
        return state.new_game(self.numbers, players, variants, seed, setup)

    to_move = staticmethod(play.to_move)
    legal_actions = staticmethod(play.legal_actions)
    apply = staticmethod(play.apply)
    is_over = staticmethod(play.is_over)
    result = staticmethod(state.result)
    log = staticmethod(notation.log)
    describe = staticmethod(notation.describe)
    action_text = staticmethod(notation.action_text)
    parse_action = staticmethod(notation.parse_action)
    seat_name = staticmethod(notation.seat_name)

    check_position = staticmethod(examples.check_position)

    def run_example(self, position: Mapping[str, Any], play: Sequence[str], variants: Sequence[str]) -> dict[str, Any]:
        return examples.run_example(self.numbers, position, play, variants)

    # Two helpers beyond the protocol, for tests and the example drawings:

    def position(self, position: Mapping[str, Any], play: Sequence[str] = (), variants: Sequence[str] = ()) -> State:
        """The state a worked example's ``position`` describes."""
        return examples.position_state(self.numbers, position, play, variants)

    def outcomes(self, s: State) -> dict[str, Any]:
        """Everything a worked example may expect of ``s``, by name."""
        return examples.outcomes(s)


def make(game: LoadedGame) -> PipTrick:
    """The engine for a loaded copy of the game: its numbers come from its ``data:``."""
    return PipTrick(Numbers.from_content(game.content))


#: mypy's proof that the engine satisfies the protocol, checked with every run of mypy.
_CHECK: Callable[[LoadedGame], Game[State, Action]] = make
