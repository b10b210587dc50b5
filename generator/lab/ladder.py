"""The strength ladder: does each bot beat the one below it, by more than chance?

For each pairing (``ismcts:N`` against ``random``, ``heuristic`` against ``random``,
``ismcts:N`` against ``heuristic``) the stronger bot takes one seat (one partnership in a
partnership game) and the weaker bot every other seat; the stronger bot's seat moves
round the table from game to game, so no seat or turn order favours either. A game
without a heuristic player has only the first pairing. Each side's
share of the victories per player comes with its 95 % Wilson interval; a pairing is
*separated* when the intervals do not overlap, and says which side is ahead. (``players`` behind a rate counts each
partnership once a game: partners share their outcome.)
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from .bots import GameLab
from .executors import Runner
from .stats import wilson
from .tournament import GameRecord, Match, play

PAIRINGS: tuple[tuple[str, str], ...] = (("ismcts", "random"), ("heuristic", "random"), ("ismcts", "heuristic"))


def seatings(lab: GameLab, seats: int, strong: str, weak: str) -> tuple[tuple[str, ...], ...]:
    """Every seating of one strong player (or partnership) among weak ones, in turn."""
    team = max(1, lab.engine.team_size)
    sides = seats // team
    out = []
    for side in range(sides):
        out.append(tuple(strong if seat % sides == side else weak for seat in range(seats)))
    return tuple(out)


def side_rate(records: Sequence[GameRecord], name: str, team: int = 1) -> dict[str, float]:
    """The share of victories per player of the seats ``name`` sat in, with its
    interval. Partners share one outcome, so a partnership counts once (``team``
    seats a side): counting both partners would halve the interval's honest width."""
    wins = 0.0
    players = 0
    for record in records:
        seats = [seat for seat, bot in enumerate(record.seats) if bot == name]
        wins += sum(record.shares[seat] for seat in seats) / team
        players += len(seats) // team
    low, high = wilson(wins, players)
    return {"rate": round(wins / players, 4) if players else 0.0, "low": round(low, 4), "high": round(high, 4),
            "players": players}


def verdict(a: dict[str, float], b: dict[str, float]) -> dict[str, object]:
    """Whether the two intervals are apart (``separated``), and which side is ahead:
    the bot meant to be stronger, the weaker one (the ladder's order reversed), or
    neither (no difference detected at 95 %)."""
    ahead = "stronger" if a["low"] > b["high"] else "weaker" if b["low"] > a["high"] else "neither"
    return {"separated": ahead != "neither", "ahead": ahead}


def ladder(lab: GameLab, games: int, seed: int, iterations: int, run: Runner,
           progress: Callable[[int], None] | None = None, project: str | None = None) -> dict[str, Any]:
    """Every pairing of :data:`PAIRINGS` over ``games`` games (ISMCTS with ``iterations``
    playouts a move), from ``seed``."""
    seats = len(lab.engine.result(lab.engine.new_game()).scores)
    rows = []
    for strong, weak in PAIRINGS:
        if "heuristic" in (strong, weak) and not lab.has_heuristic:
            continue  # a designer's engine need not have a heuristic player
        strong_name = f"ismcts:{iterations}" if strong == "ismcts" else strong
        match = Match(lab.slug, seatings(lab, seats, strong_name, weak), (), None, project)
        records = play(match, games, seed, run, progress)
        team = max(1, lab.engine.team_size)
        a, b = side_rate(records, strong_name, team), side_rate(records, weak, team)
        rows.append({"stronger": strong_name, "weaker": weak, "games": len(records), "stronger_rate": a,
                     "weaker_rate": b, **verdict(a, b),
                     "mean_decisions": round(sum(r.decisions for r in records) / max(1, len(records)), 1)})
    return {"seed": seed, "games": games, "iterations": iterations, "players": seats, "pairings": rows}
