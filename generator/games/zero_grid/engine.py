"""The Zero Grid engine: metadata, the rule map and the protocol, built from content.

``make(game)`` reads the game's numbers (setup grid, scoring chart, Initiative suit
order) from its ``data:`` block; the rules themselves are the pure functions of
:mod:`.play`, with setting up and scoring in :mod:`.state`, the notation and the log in
:mod:`.notation` and worked examples in :mod:`.examples`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...rules.base import Game, rule_map
from . import examples, notation, play, state
from .state import VARIANTS, Action, Numbers, State

if TYPE_CHECKING:
    from ...content.loader import LoadedGame


class ZeroGrid:
    """Zero Grid's rules engine (see :class:`generator.rules.base.Game`)."""

    slug = "zero-grid"
    title = "Zero Grid"
    player_counts = (2, 1)
    team_size = 1
    variants: Mapping[str, str] = VARIANTS
    rule_map = rule_map(state, play, notation, examples)

    def __init__(self, numbers: Numbers) -> None:
        self.numbers = numbers

    def new_game(self, players: int | None = None, variants: Sequence[str] = (), seed: int = 0,
                 setup: Mapping[str, Any] | None = None) -> State:
        return state.new_game(self.numbers, players, variants, seed, setup)

    check_position = staticmethod(examples.check_position)

    def run_example(self, position: Mapping[str, Any], play: Sequence[str], variants: Sequence[str]) -> Mapping[str, Any]:
        return examples.run_example(self.numbers, position, play, variants)

    to_move = staticmethod(play.to_move)
    legal_actions = staticmethod(play.legal_actions)
    apply = staticmethod(play.apply)
    is_over = staticmethod(play.is_over)
    result = staticmethod(state.result)
    log = staticmethod(notation.log)
    describe = staticmethod(notation.describe)
    action_text = staticmethod(notation.action_text)
    parse_action = staticmethod(notation.parse_action)

    def seat_name(self, state: State, seat: int) -> str:
        return notation.seat_text(seat)


def make(game: LoadedGame) -> Game[State, Action]:
    """The engine of a loaded Zero Grid (its numbers read from the content)."""
    return ZeroGrid(Numbers.from_content(game.content))
