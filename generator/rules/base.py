"""The protocol every rules engine follows.

One module per game under ``generator.rules``; each exposes a module-level ``GAME``
object satisfying :class:`Game`. Engines are pure: ``apply`` returns a new state and never
mutates the one it was given, and every random event (shuffle, deal, roll, start
player) comes from the seed given to ``new_game`` or from explicit ``setup`` data, so a
test or a worked example can fix the deal, the dice and the order.

Rules modules never import rendering, content loading or the CLI.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any, Hashable, Mapping, Protocol, Sequence, TypeVar


class IllegalAction(ValueError):
    """An action that the rules do not allow in this state; the message says why."""


class SetupError(ValueError):
    """A position or configuration the rules cannot start from (bad deal, bad dice...)."""


#: An engine's event history, newest first as ``(event, older)`` pairs: appending an
#: event shares the whole past instead of copying it, which keeps ``apply`` cheap.
Events = tuple[tuple, "Events"] | None


def oldest_first(events: Events) -> list[tuple]:
    """The events of a history, oldest first."""
    out: list[tuple] = []
    while events is not None:
        out.append(events[0])
        events = events[1]
    out.reverse()
    return out


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game.

    ``scores`` is one number per seat (what the game counts: locked pips, claimed dice,
    rounds won...). ``ranking`` lists groups of seats from first place down; a group of
    more than one seat is a shared place (a shared victory when it is the first group).
    ``details`` holds game-specific figures for reports (e.g. tie-breaks used).
    """

    scores: tuple[float, ...]
    ranking: tuple[tuple[int, ...], ...]
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ranking[0] if self.ranking else ()


class Game(Protocol):
    """What the CLI, the verifier and the simulator rely on."""

    slug: str
    title: str
    player_counts: tuple[int, ...]
    #: seats that win together (2 in a partnership game); optional, default 1.
    #: team_size: int
    #: variant name -> one-line description; names are what ``--variant`` takes.
    variants: Mapping[str, str]
    #: rule section id (from content/<slug>/game.yaml) -> name of the engine function
    #: or constant implementing it; checked by a traceability test.
    rule_map: Mapping[str, str]

    def new_game(
        self,
        players: int | None = None,
        variants: Sequence[str] = (),
        seed: int = 0,
        setup: Mapping[str, Any] | None = None,
    ) -> Any: ...

    def to_move(self, state: Any) -> int | None:
        """Seat of the player who decides next (None once the game is over)."""

    def legal_actions(self, state: Any) -> list[Hashable]:
        """Every legal decision for ``to_move(state)``; never empty unless over."""

    def apply(self, state: Any, action: Hashable) -> Any:
        """Next state; raises :class:`IllegalAction` (saying why) for an illegal action."""

    def is_over(self, state: Any) -> bool: ...

    def result(self, state: Any) -> Result: ...

    def log(self, state: Any, viewer: int | None = None) -> Sequence[str]:
        """Readable events so far: who won the trick and why, which die changed how...

        ``viewer=None`` tells everything (designers, tests, examples, simulate). With a
        seat number, each line says only what that seat may know at that moment under the
        rules: their own cards, cards face up on the table, public dice; another seat's
        face-down or passed card reads "a face-down card" until the rules reveal it. The
        log has one line per event whoever reads it, so lines can be shown as they come.
        """

    def describe(self, state: Any, viewer: int | None = None) -> str:
        """A multi-line, human-readable picture of the state for `pipworks play`.

        ``viewer=None`` shows every hand, reserve and programmed card. With a seat
        number, only that seat's own hand and reserve, the cards face up on the table and
        the public dice; other seats' hidden cards appear as counts or as "a face-down
        card", and programmed cards only once revealed or resolved.
        """

    def action_text(self, state: Any, action: Hashable) -> str:
        """How an action reads to a player (used by `play`, logs and errors)."""

    def parse_action(self, state: Any, text: str) -> Hashable:
        """The action a player's notation names (inverse of ``action_text``); raises
        IllegalAction when the text names no legal action, saying why."""

    def run_example(self, position: Mapping[str, Any], play: Sequence[str], variants: Sequence[str]) -> Mapping[str, Any]:
        """Play a worked example: set up ``position`` (the example's own rules-term
        fields), apply each line of ``play`` (notation), and return every observable
        outcome by the names examples use in ``expect`` (a superset of them).
        Raises SetupError / IllegalAction for an unreadable position or move."""


#: The functions every engine module provides (see :class:`Game`).
PROTOCOL_FUNCTIONS = ("new_game", "to_move", "legal_actions", "apply", "is_over", "result", "log",
                      "describe", "action_text", "parse_action", "run_example")

EngineClass = TypeVar("EngineClass", bound=type)


def engine(cls: EngineClass) -> EngineClass:
    """Class decorator: attach the module's protocol functions to its engine class.

    An engine module writes its rules as plain module functions; the class only declares
    the game's metadata (slug, title, player counts, variants, rule map) and any member
    it implements differently. Functions are attached as staticmethods, so a simulation's
    hot path calls them with no bound-method hop."""
    namespace = vars(sys.modules[cls.__module__])
    missing = [name for name in PROTOCOL_FUNCTIONS if name not in vars(cls) and not callable(namespace.get(name))]
    if missing:
        raise TypeError(f"{cls.__module__}: engine lacks {', '.join(missing)}")
    for name in PROTOCOL_FUNCTIONS:
        if name not in vars(cls):
            setattr(cls, name, staticmethod(namespace[name]))
    return cls
