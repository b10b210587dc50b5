"""Many random-bot games, on every core, summarised for a designer.

Each game's seed is derived from the run's seed and the game's number, so a summary
does not depend on how many processes played it: same seed → same numbers.
"""

from __future__ import annotations

import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence


@dataclass
class Tally:
    games: int = 0
    decisions: int = 0
    longest: int = 0
    shortest: int = 0
    wins: Counter = field(default_factory=Counter)  # seat -> outright wins
    shared: Counter = field(default_factory=Counter)  # seat -> shared first places
    ties: int = 0
    seats: int = 0
    details: dict[str, Counter] = field(default_factory=dict)

    def add(self, other: "Tally") -> None:
        if other.games:
            self.shortest = other.shortest if not self.games else min(self.shortest, other.shortest)
        self.games += other.games
        self.decisions += other.decisions
        self.longest = max(self.longest, other.longest)
        self.wins.update(other.wins)
        self.shared.update(other.shared)
        self.ties += other.ties
        self.seats = max(self.seats, other.seats)
        for key, counts in other.details.items():
            self.details.setdefault(key, Counter()).update(counts)


def play_one(engine: Any, players: int | None, variants: Sequence[str], seed: int) -> tuple[Any, int]:
    """One game with every seat choosing uniformly among legal actions."""
    state = engine.new_game(players=players, variants=variants, seed=seed)
    rng = random.Random(seed ^ 0x5EED)
    choice = rng.choice
    legal, apply, over = engine.legal_actions, engine.apply, engine.is_over
    decisions = 0
    while not over(state):
        state = apply(state, choice(legal(state)))
        decisions += 1
    return state, decisions


def _play_chunk(args: tuple[str, int | None, tuple[str, ...], list[int]]) -> Tally:
    from .games import find_game

    slug, players, variants, seeds = args
    engine = find_game(slug)
    team = getattr(engine, "team_size", 1)
    tally = Tally()
    for seed in seeds:
        state, decisions = play_one(engine, players, variants, seed)
        result = engine.result(state)
        tally.shortest = decisions if not tally.games else min(tally.shortest, decisions)
        tally.games += 1
        tally.decisions += decisions
        tally.longest = max(tally.longest, decisions)
        tally.seats = len(result.scores)
        first = result.ranking[0]
        if len(first) <= team:  # one player, or one partnership, came first
            tally.wins.update(first)
        else:
            tally.ties += 1
            tally.shared.update(first)
        for key, value in (result.details or {}).items():
            if isinstance(value, (str, int, bool)):
                tally.details.setdefault(key, Counter())[str(value)] += 1
    return tally


def game_seeds(seed: int, games: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.getrandbits(48) for _ in range(games)]


def chunks(seeds: list[int], size: int) -> Iterator[list[int]]:
    for start in range(0, len(seeds), size):
        yield seeds[start : start + size]


def simulate(slug: str, games: int, seed: int, variants: Sequence[str] = (), players: int | None = None,
             workers: int = 1, progress: Callable[[int], None] | None = None) -> Tally:
    seeds = game_seeds(seed, games)
    size = max(1, min(500, games // (workers * 8) or 1))
    jobs = [(slug, players, tuple(variants), chunk) for chunk in chunks(seeds, size)]
    total = Tally()
    if workers <= 1:
        results: Iterator[Tally] = map(_play_chunk, jobs)
        for tally in results:
            total.add(tally)
            if progress:
                progress(tally.games)
        return total
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for tally in pool.map(_play_chunk, jobs):
            total.add(tally)
            if progress:
                progress(tally.games)
    return total


def _natural(item: tuple[str, int]) -> tuple[int, float, str]:
    """Numbers in numeric order (5 before 10), then words."""
    value = item[0]
    try:
        return (0, float(value), "")
    except ValueError:
        return (1, 0.0, value)


def summary(slug: str, tally: Tally, variants: Sequence[str], seed: int, seconds: float) -> dict[str, Any]:
    games = max(tally.games, 1)
    players = tally.seats
    return {
        "game": slug,
        "variants": list(variants),
        "players": players,
        "seed": seed,
        "games": tally.games,
        "seconds": round(seconds, 3),
        "games_per_second": round(tally.games / seconds, 1) if seconds else None,
        "decisions": {"mean": round(tally.decisions / games, 2), "min": tally.shortest, "max": tally.longest},
        "win_rate_by_seat": {str(seat): round(tally.wins[seat] / games, 4) for seat in range(players)},
        "shared_first_by_seat": {str(seat): round(tally.shared[seat] / games, 4) for seat in range(players)},
        "tie_rate": round(tally.ties / games, 4),
        "details": {key: dict(sorted(counts.items(), key=_natural)) for key, counts in sorted(tally.details.items())},
    }
