"""Bots: whatever chooses a move for a seat, and the names the command line gives them.

A bot is told the state and its seat, and must choose as a player in that seat would:
from what the seat may know. The random bot reads only the legal actions; the
heuristic bot is the game's own quick player (its ``bots.heuristic``); the ISMCTS bot
searches determinised states (``generator.lab.ismcts``). Each bot gets its own random
stream, so a game's moves depend only on the game's seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence

from ..rules.base import Game, Result
from ..rules.bots import GameBots

#: Bot kinds by name, with what each is.
KINDS: dict[str, str] = {
    "random": "chooses uniformly among the legal moves",
    "heuristic": "the game's quick sensible player: the obvious good move, no search",
    "ismcts": "information-set Monte Carlo tree search (ismcts:N searches N playouts a move)",
}
DEFAULT_ITERATIONS = 200


class Bot(Protocol):
    name: str

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        """The move for ``seat`` (the player to move), from what that seat may know."""


@dataclass(frozen=True)
class GameLab:
    """A game as the lab sees it: its engine and its bots module (or, for a game with
    none, its engine's own balance-level methods: ``generator.lab.engine_bots``)."""

    slug: str
    engine: Game[Any, Any]
    bots: GameBots

    @property
    def has_heuristic(self) -> bool:
        """Does the game have a quick sensible player? (Optional for a designer's engine.)"""
        return bool(getattr(self.bots, "has_heuristic", True))


class RandomBot:
    def __init__(self, lab: GameLab) -> None:
        self.name = "random"
        self.legal_actions = lab.engine.legal_actions

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        return rng.choice(self.legal_actions(state))


class HeuristicBot:
    def __init__(self, lab: GameLab) -> None:
        self.name = "heuristic"
        self.play = lab.bots.heuristic

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        return self.play(state, seat, rng)


class UnknownBot(ValueError):
    """A bot name the lab does not know; the message lists the known ones."""


def parse_bot(name: str) -> tuple[str, int]:
    """``"ismcts:400"`` -> ("ismcts", 400); other kinds take no number."""
    kind, _, number = name.strip().partition(":")
    if kind not in KINDS:
        raise UnknownBot(f"unknown bot {name!r}; known: {', '.join(KINDS)} (e.g. ismcts:{DEFAULT_ITERATIONS})")
    if number and kind != "ismcts":
        raise UnknownBot(f"bot {kind!r} takes no number ({name!r})")
    try:
        iterations = int(number) if number else DEFAULT_ITERATIONS
    except ValueError:
        raise UnknownBot(f"{name!r}: the number after ismcts: is the playouts per move, e.g. ismcts:400") from None
    if iterations < 1:
        raise UnknownBot(f"{name!r}: at least one playout per move")
    return kind, iterations


def seat_bots(names: str | Sequence[str], players: int) -> tuple[str, ...]:
    """One bot name per seat from a comma list: a single name plays every seat."""
    parts = [p.strip() for p in (names.split(",") if isinstance(names, str) else names) if p.strip()]
    for part in parts:
        parse_bot(part)
    if len(parts) == 1:
        return tuple(parts) * players
    if len(parts) != players:
        raise UnknownBot(f"give one bot for every seat ({players}) or one for all, not {len(parts)}")
    return tuple(parts)


def win_shares(result: Result, team_size: int) -> list[float]:
    """Each seat's share of the victory: 1 for a sole winner (or each player of the
    winning partnership), 1/k each when k players or partnerships share first place."""
    first = result.ranking[0] if result.ranking else ()
    sides = max(1, len(first) // max(1, team_size))
    share = [0.0] * len(result.scores)
    for seat in first:
        share[seat] = 1.0 / sides
    return share

