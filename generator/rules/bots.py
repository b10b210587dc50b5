"""What the designer's lab needs of a game beyond its rules: the game's ``bots`` module.

Every shipped game package has a ``bots`` module with the functions of
:class:`GameBots`; the lab (``generator.lab``) plays tournaments, searches and balance
runs through them and the engine, never through anything game-specific. A designer's
game needs no such module: its engine's balance-level methods stand in for it
(``generator.rules.protocol``, ``generator.lab.engine_bots``).

The one rule every function here keeps: **a bot never reads hidden information.** What
a seat may know is what ``describe(state, viewer=seat)`` and ``log(state,
viewer=seat)`` show it. ``determinise`` turns a state into one the seat cannot tell
apart from it, with every card the seat has not seen dealt again at random (and every
future shuffle, deal and roll drawn anew), so a search that only ever looks at
determinised states cannot cheat. Each game's tests check that its determinised states
are legal, agree with everything the seat has seen, and depend on nothing else.
"""

from __future__ import annotations

import random
from typing import Any, Hashable, Mapping, Protocol


class GameBots(Protocol):
    """The functions of a game's ``bots`` module (a module satisfies this protocol)."""

    #: Count key -> what it counts, in a designer's words ("face-down plays"); the keys
    #: of :meth:`rule_counts`, in the order a report lists them.
    RULE_EVENTS: Mapping[str, str]

    def seat_name(self, players: int, seat: int) -> str:
        """The seat's name as the game's notation writes it (North, P1...)."""

    def heuristic(self, state: Any, seat: int, rng: random.Random) -> Any:
        """The move a sensible, quick player makes (the obvious good move, no search).
        Reads only what ``seat`` may know."""

    def determinise(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A state ``seat`` cannot tell from ``state``: the cards it has not seen dealt
        again consistently with everything it saw, future chance drawn anew; the same
        for every state the seat cannot tell apart (given the same ``rng``)."""

    def observed(self, state: Any, action: Any, seat: int) -> Hashable:
        """What ``seat`` sees of ``action`` taken in ``state`` by the player to move:
        the action itself when the seat sees all of it (always for its own actions),
        else a key shared by every action it cannot tell apart (another player's
        face-down card, say)."""

    def rule_counts(self, state: Any) -> Mapping[str, int]:
        """How often each rule of :attr:`RULE_EVENTS` fired in the game so far, counted
        from the game's named events."""
