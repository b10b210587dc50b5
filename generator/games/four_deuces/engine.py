"""The Four Deuces' rules engine: the protocol object Pipworks plays, verifies and
simulates with (:class:`generator.rules.base.Game`), built from the game's content.

A round is seven tricks; each trick is a card (a suit, no rank) carrying one die. Same
suit: the bigger die wins. Different suits: the bigger die's suit climbs one place on the
Suit Power Track, then the suit standing higher wins. Take exactly four tricks to win a
round, never five; two rounds win the game. Rulings from shared/RULINGS.md and our own
gap rulings (content/four-deuces/game.yaml, clarifications) are implemented as stated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from ...rules.base import Game, rule_map
from . import examples, notation, play, state
from .state import VARIANTS, Action, Numbers, State

if TYPE_CHECKING:
    from ...content.loader import LoadedGame


class FourDeuces:
    """The engine: metadata, the game's numbers, and the rules as pure functions."""

    slug = "four-deuces"
    title = "The Four Deuces"
    player_counts = (2,)
    team_size = 1
    variants: Mapping[str, str] = VARIANTS
    #: rule, variant and clarification id -> the functions marked ``@implements`` it.
    rule_map: Mapping[str, tuple[Callable[..., Any], ...]] = rule_map(state, play, notation, examples)

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
        return notation.seat_name(seat)

    def __init__(self, numbers: Numbers) -> None:
        self.numbers = numbers

    def new_game(self, players: int | None = None, variants: Sequence[str] = (), seed: int = 0,
                 setup: Mapping[str, Any] | None = None) -> State:
        """A game for two, every shuffle, roll and deal drawn from ``seed`` (or fixed by
        ``setup``: see :func:`.state.chance_from_setup`)."""
        return state.new_game(self.numbers, players, variants, seed, setup)

    check_position = staticmethod(examples.check_position)

    def run_example(self, position: Mapping[str, Any], play: Sequence[str],
                    variants: Sequence[str]) -> Mapping[str, Any]:
        return examples.run_example(self.numbers, position, play, variants)


def make(game: LoadedGame) -> Game[State, Action]:
    """The engine of a loaded four-deuces game, with the numbers its game.yaml states.
    (The return annotation is mypy's proof that the engine satisfies the protocol.)"""
    return FourDeuces(Numbers.from_content(game.content))
