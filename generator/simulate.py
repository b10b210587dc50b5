"""Many random-bot games, on every core, summarised for a designer.

Each game's seed is derived from the run's seed and the game's number, so a summary
does not depend on how many processes played it: same seed → same numbers.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence


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
    #: the signal that stopped the run early (the tally is of the games finished), or 0.
    interrupted: int = 0

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
    """One game with every seat choosing uniformly among legal actions: the action
    ``random.Random(seed ^ 0x5EED).choice`` picks, drawn as it draws it (just enough
    random bits for the count of actions, drawn again while the number is too big),
    without its two Python calls a decision: a fair part of a fast engine's time."""
    state = engine.new_game(players=players, variants=variants, seed=seed)
    bits = random.Random(seed ^ 0x5EED).getrandbits
    legal, apply, over = engine.legal_actions, engine.apply, engine.is_over
    decisions = 0
    while not over(state):
        actions = legal(state)
        count = len(actions)
        if not count:
            raise IndexError(f"{engine.slug}: no legal action, and the game is not over")
        k = count.bit_length()
        pick = bits(k)
        while pick >= count:
            pick = bits(k)
        state = apply(state, actions[pick])
        decisions += 1
    return state, decisions


#: One chunk of work for a worker: (game, players, variants, seeds, project root or None).
Chunk = tuple[str, int | None, tuple[str, ...], list[int], str | None]


def _play_chunk(args: Chunk) -> Tally:
    from .verify.run import engine_of

    slug, players, variants, seeds, root = args
    engine = engine_of(slug, Path(root) if root else None)
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


def iter_seeds(seed: int, games: int) -> Iterator[int]:
    """Each game's seed, derived from the run's seed in game order, one at a time (a
    billion games need no list of a billion seeds)."""
    rng = random.Random(seed)
    for _ in range(games):
        yield rng.getrandbits(48)


def game_seeds(seed: int, games: int) -> list[int]:
    return list(iter_seeds(seed, games))


def chunks(seeds: Iterable[int], size: int) -> Iterator[list[int]]:
    batch: list[int] = []
    for seed in seeds:
        batch.append(seed)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def simulate(slug: str, games: int, seed: int, variants: Sequence[str] = (), players: int | None = None,
             workers: int = 1, progress: Callable[[int], None] | None = None, root: Path | None = None) -> Tally:
    """Play ``games`` games and tally them; the engine is built from ``root``'s content
    when the project has the game (else the shipped one).

    Games are handed out a chunk at a time, a few chunks per worker ahead, so memory
    does not grow with ``games``. On Ctrl-C or SIGTERM (:class:`~generator.workers.Interrupted`
    raised by the caller's handler), the workers are stopped at once and the tally of
    the games finished so far is returned with ``interrupted`` set."""
    from .workers import Interrupted

    size = max(1, min(500, games // (workers * 8) or 1))
    jobs = ((slug, players, tuple(variants), chunk, str(root) if root else None)
            for chunk in chunks(iter_seeds(seed, games), size))
    total = Tally()

    def add(tally: Tally) -> None:
        total.add(tally)
        if progress:
            progress(tally.games)

    try:
        if workers <= 1:
            for job in jobs:
                add(_play_chunk(job))
        else:
            _in_pool(jobs, workers, add)
    except Interrupted as exc:
        total.interrupted = exc.signum
    return total


def _in_pool(jobs: Iterator[Chunk], workers: int, add: Callable[[Tally], None]) -> None:
    from concurrent.futures import FIRST_COMPLETED, Future, wait

    from . import workers as pools

    pending: set[Future[Tally]] = set()
    with pools.running(workers) as executor:
        for job in jobs:
            pending.add(executor.submit(_play_chunk, job))
            if len(pending) >= 2 * workers:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    add(future.result())
        for future in pending:
            add(future.result())


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
