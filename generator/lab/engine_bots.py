"""The lab's view of a game with no ``bots`` module: its engine's own methods.

A designer's engine reaches the balance level of the engine protocol
(``generator.rules.protocol``) by giving ``determinise``; everything else the lab
asks of a ``bots`` module (:class:`generator.rules.bots.GameBots`) has a default here:
every move seen in full, seats named P1, P2..., no rule counts. ``heuristic`` is
optional: without it the lab has no heuristic bot (:attr:`EngineBots.has_heuristic`).
"""

from __future__ import annotations

import random
from typing import Any, Hashable, Mapping


class EngineBots:
    """A :class:`~generator.rules.bots.GameBots` made from a balance-level engine."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.RULE_EVENTS: Mapping[str, str] = dict(getattr(engine, "rule_events", {}) or {})
        self.has_heuristic = callable(getattr(engine, "heuristic", None))
        self.determinise = engine.determinise
        seen = getattr(engine, "observed", None)
        self._observed = seen if callable(seen) else None

    def seat_name(self, players: int, seat: int) -> str:
        name = getattr(self.engine, "seat_name", None)
        if callable(name):
            return str(name(self.engine.new_game(players=players), seat))
        return f"P{seat + 1}"

    def heuristic(self, state: Any, seat: int, rng: random.Random) -> Any:
        return self.engine.heuristic(state, seat, rng)

    def observed(self, state: Any, action: Any, seat: int) -> Hashable:
        """The engine's own ``observed``; without one, every move is seen in full by
        every seat (a game with face-down moves says otherwise)."""
        if self._observed is not None:
            return self._observed(state, action, seat)  # type: ignore[no-any-return]
        return action  # type: ignore[no-any-return]

    def rule_counts(self, state: Any) -> Mapping[str, int]:
        counts = getattr(self.engine, "rule_counts", None)
        found = counts(state) if callable(counts) else {}
        return {key: int(found.get(key, 0)) for key in self.RULE_EVENTS}
