"""What each command needs of a rules engine, in three levels.

A designer's engine grows with what they ask of it. Each level adds methods to the one
before, and each command checks its level before it starts, so a missing method is one
line naming it and its level (exit 2), never an ``AttributeError`` in the middle of a
game:

1. **verify** (``pipworks verify`` and ``build`` replay the worked examples):
   ``slug``, ``title``, ``run_example``;
2. **simulate** (``pipworks simulate`` plays whole games between random players):
   ``variants``, ``player_counts``, ``new_game``, ``to_move``, ``legal_actions``,
   ``apply``, ``is_over``, ``result``; ``pipworks play`` adds what a person reads and
   types (:data:`PLAY`: ``describe``, ``log``, ``action_text``, ``parse_action``);
3. **balance** (``pipworks balance``: its search bot, ISMCTS, must never read what a
   seat has not seen): ``determinise``, a world the seat cannot tell from the real
   one, its unseen cards dealt again consistently with what it saw and any future
   chance drawn anew.

Optional at the balance level (a default is used when a method is absent):
``observed`` (what a seat sees of another's move: the move itself by default),
``heuristic`` (a quick sensible player; without it balance plays random and ISMCTS
bots and says so), ``team_size`` (1), ``seat_name`` (P1, P2...), ``rule_events`` and
``rule_counts`` (how often each rule fired; none by default).

The full protocol every shipped game follows is :class:`generator.rules.base.Game`;
the shipped games keep their balance-level functions in a ``bots`` module instead
(:class:`generator.rules.bots.GameBots`). The site's "Make your own game" page
documents the levels for designers.
"""

from __future__ import annotations

import random
from typing import Any, Hashable, Mapping, Protocol, Sequence, runtime_checkable

from .base import Result


@runtime_checkable
class VerifyEngine(Protocol):
    """Level 1: enough to replay the worked examples."""

    @property
    def slug(self) -> str: ...

    @property
    def title(self) -> str: ...

    def run_example(self, position: Mapping[str, Any], play: Sequence[str],
                    variants: Sequence[str]) -> Mapping[str, Any]:
        """Set up ``position``, play each line of ``play`` and return the outcomes."""


@runtime_checkable
class SimulateEngine(VerifyEngine, Protocol):
    """Level 2: enough to play whole games between random players."""

    @property
    def variants(self) -> Mapping[str, str]: ...

    @property
    def player_counts(self) -> tuple[int, ...]: ...

    def new_game(self, players: int | None = None, variants: Sequence[str] = (), seed: int = 0,
                 setup: Mapping[str, Any] | None = None) -> Any:
        """A game set up from the seed: every shuffle, deal and roll drawn from it."""

    def to_move(self, state: Any) -> int | None:
        """The seat that decides next; None once the game is over."""

    def legal_actions(self, state: Any) -> Sequence[Any]:
        """Every legal decision of ``to_move(state)``; never empty unless over."""

    def apply(self, state: Any, action: Any) -> Any:
        """The next state (a new one: ``state`` is left as it was)."""

    def is_over(self, state: Any) -> bool: ...

    def result(self, state: Any) -> Result: ...


@runtime_checkable
class BalanceEngine(SimulateEngine, Protocol):
    """Level 3: enough for the lab's search bot to play without cheating."""

    def determinise(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A state ``seat`` cannot tell from ``state``: every card it has not seen dealt
        again, consistently with all it saw, and future chance drawn anew from ``rng``."""


class OptionalBalance(Protocol):
    """What a balance-level engine may add (each has a default)."""

    team_size: int
    rule_events: Mapping[str, str]

    def observed(self, state: Any, action: Any, seat: int) -> Hashable: ...

    def heuristic(self, state: Any, seat: int, rng: random.Random) -> Any: ...

    def seat_name(self, state: Any, seat: int) -> str: ...

    def rule_counts(self, state: Any) -> Mapping[str, int]: ...


#: Level name -> (the methods and attributes it adds, the commands that need it).
LEVELS: dict[str, tuple[tuple[str, ...], str]] = {
    "verify": (("slug", "title", "run_example"), "pipworks verify and build, and every command that plays"),
    "simulate": (("variants", "player_counts", "new_game", "to_move", "legal_actions", "apply", "is_over", "result"),
                 "pipworks simulate, play and balance"),
    "balance": (("determinise",), "pipworks balance"),
}
#: What ``pipworks play`` adds to the simulate level: the table, the log and the moves
#: as a person reads and types them.
PLAY: tuple[str, ...] = ("describe", "log", "action_text", "parse_action")
#: Where a designer reads about the levels.
GUIDE = "see 'The engine protocol' in site/pages/make-your-own-game.md"


class EngineIncomplete(ValueError):
    """An engine lacks a method the command needs; the message names it and its level."""

    def __init__(self, slug: str, name: str, level: str) -> None:
        self.name, self.level = name, level
        if level == "play":
            super().__init__(f"{slug}: the engine has no `{name}`, a part of what pipworks play adds to level simulate "
                             f"of the engine protocol; {GUIDE}")
            return
        super().__init__(f"{slug}: the engine has no `{name}`, a part of level {level} of the engine protocol "
                         f"(needed by {LEVELS[level][1]}); {GUIDE}")


def missing(engine: Any, level: str) -> tuple[str, str] | None:
    """The first method or attribute of ``level`` (or a level below it) that ``engine``
    lacks, with the level it belongs to; None when it has them all. ``play`` is the
    simulate level and :data:`PLAY`."""
    if level == "play":
        return missing(engine, "simulate") or next(((p, "play") for p in PLAY if not callable(getattr(engine, p, None))),
                                                   None)
    for name, (parts, _) in LEVELS.items():
        for part in parts:
            if not hasattr(engine, part) or (part not in ("slug", "title", "variants", "player_counts")
                                             and not callable(getattr(engine, part))):
                return part, name
        if name == level:
            return None
    raise KeyError(f"no engine protocol level {level!r}; known: {', '.join(LEVELS)}")


def require(engine: Any, level: str, slug: str) -> None:
    """Raise :class:`EngineIncomplete` unless ``engine`` has everything ``level`` needs."""
    gap = missing(engine, level)
    if gap is not None:
        raise EngineIncomplete(slug, *gap)
