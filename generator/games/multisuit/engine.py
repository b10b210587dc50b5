"""The Multisuit rules engine: ``make(game)`` builds it from the loaded content.

The engine reads every number from content: the ``data:`` block of game.yaml
(:class:`~.state.Numbers`), the deck file (``files.deck``, default ``deck.csv``) through
the one deck reader ``generator.content.deck``, and the per-suit counts a deck must
have from ``files.deck_rules`` through ``generator.content.deck_rules``. The rules are
the pure functions of ``play``; this class only puts them behind the protocol.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

from ...content.deck import DeckFormatError, read_deck
from ...content.deck_rules import load_rules
from ...rules.base import Game, SetupError, rule_map
from . import examples as _examples
from . import notation as _notation
from . import play as _play
from . import state as _state
from .state import Action, Numbers, State

if TYPE_CHECKING:
    from ...content.loader import LoadedGame


class MultisuitEngine:
    """Multisuit (seed 002) behind the ``Game`` protocol of ``generator.rules.base``."""

    slug = "multisuit"
    title = "Multisuit"
    player_counts = (4,)
    #: partners win together: a first place of two seats is a team win, not a tie.
    team_size = 2
    rule_map: Mapping[str, tuple[Callable[..., Any], ...]] = rule_map(_state, _play, _notation, _examples)
    #: variant id -> what it plays (its words carry the content's numbers)
    variants: Mapping[str, str]

    def __init__(self, numbers: Numbers, deck: Iterable[Any], make_up: Mapping[str, int] | None = None) -> None:
        """An engine playing ``deck`` (deck file cards or (id, ranks) pairs), checked
        against the rules: ``numbers`` and the per-suit counts ``make_up`` (rank label
        -> cards of that rank in every suit; None: not stated)."""
        cards = _state.normalise_deck(deck)
        counts = tuple((make_up or {}).items())
        _state.check_deck(numbers, counts, cards)
        self.numbers = numbers
        self.table = _state.table_for(numbers, cards, counts)
        self.variants = _state.variants(numbers)

    def new_game(self, players: int | None = None, variants: Sequence[str] = (), seed: int = 0,
                 setup: Mapping[str, Any] | None = None) -> State:
        """A session with this engine's deck (see ``state.new_game``; seats in ``setup``
        may be given by name)."""
        return _state.new_game(self.table, players, variants, seed, _notation.setup_seats(setup))

    to_move = staticmethod(_play.to_move)
    legal_actions = staticmethod(_play.legal_actions)
    apply = staticmethod(_play.apply)
    is_over = staticmethod(_play.is_over)
    result = staticmethod(_state.result)
    log = staticmethod(_notation.log)
    describe = staticmethod(_notation.describe)
    action_text = staticmethod(_notation.action_text)
    parse_action = staticmethod(_notation.parse_action)

    check_position = staticmethod(_examples.check_position)

    def seat_name(self, state: State, seat: int) -> str:
        return _notation.SEATS[seat]

    def run_example(self, position: Mapping[str, Any], play: Sequence[str], variants: Sequence[str]) -> Mapping[str, Any]:
        return _examples.run_example(self.table, position, play, variants)


def make(game: LoadedGame) -> Game[State, Action]:
    """The engine of a loaded Multisuit game: its numbers, its deck file and its deck
    rules, all read from content."""
    content = game.content
    numbers = Numbers.from_content(content)
    path = game.folder / (content.files.deck or "deck.csv")
    try:
        deck = read_deck(path)
    except DeckFormatError as exc:
        raise SetupError(f"no Multisuit deck to play: {exc}") from None
    make_up = load_rules(game.folder / content.files.deck_rules).per_suit if content.files.deck_rules else None
    return MultisuitEngine(numbers, deck, make_up)
