"""The Dice Lanes engine: the game's metadata and its rules behind the common protocol.

``make(game)`` builds it from the loaded content, so the numbers it plays by are the
ones ``game.yaml`` states; the rule map gathers every ``@implements`` of the package.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from ...rules.base import Game, rule_map as rules_of
from . import examples, notation, play, state
from .state import Action, Numbers, State

if TYPE_CHECKING:
    from ...content.loader import LoadedGame


class Engine:
    """Dice Lanes (``dice-lanes``) for the CLI, the verifier, the simulator and the bots."""

    slug = "dice-lanes"
    title = "Dice Lanes"
    player_counts = (2,)
    team_size = 1
    rule_map: Mapping[str, tuple[Callable[..., Any], ...]] = rules_of(state, play, notation, examples)

    def __init__(self, numbers: Numbers) -> None:
        self.numbers = numbers
        self.variants: Mapping[str, str] = state.variants(numbers)

    def new_game(self, players: int | None = None, variants: Sequence[str] = (), seed: int = 0,
                 setup: Mapping[str, Any] | None = None) -> State:
        """A game drawn from ``seed``; ``setup`` fixes the Start Player, decks or rolls
        in players' terms (see ``notation.read_setup``)."""
        fixed = notation.read_setup(self.numbers, setup) if setup else None
        return state.new_game(self.numbers, players, variants, seed, fixed)

    to_move = staticmethod(play.to_move)
    legal_actions = staticmethod(play.legal_actions)
    apply = staticmethod(play.apply)
    is_over = staticmethod(play.is_over)
    result = staticmethod(state.result)
    log = staticmethod(notation.log)
    describe = staticmethod(notation.describe)
    action_text = staticmethod(notation.action_text)
    parse_action = staticmethod(notation.parse_action)

    check_position = staticmethod(examples.check_position)

    def seat_name(self, state: State, seat: int) -> str:
        return notation.who(seat)

    def run_example(self, position: Mapping[str, Any], play: Sequence[str], variants: Sequence[str]) -> dict[str, Any]:
        return examples.run_example(self.numbers, position, play, variants)


def make(game: LoadedGame) -> Engine:
    """The engine of a loaded Dice Lanes game, playing by its content's numbers."""
    return Engine(Numbers.from_content(game.content))


#: mypy's proof that the engine is a ``Game[State, Action]``.
_CHECK: Callable[[LoadedGame], Game[State, Action]] = make
