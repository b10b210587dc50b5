"""Many games between bots, in batches, with one record per game.

A run is a :class:`Match` (the game, its variants and player count, and who sits
where) played ``games`` times. Game ``k`` is played from its own seed, drawn from the
run's seed, and every bot's random stream comes from that game seed and its seat, so a
game's record depends on nothing but the run's seed and ``k``: the same seed gives the
same records on one process, several, or a cluster (:mod:`.executors`), whatever order
the batches finish in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Sequence, cast

from .bots import Bot, GameLab, HeuristicBot, RandomBot, parse_bot, win_shares
from .ismcts import IsmctsBot
from .executors import Runner


@dataclass(frozen=True)
class Match:
    """What to play: a game, its variants and player count (None: the usual), and the
    seatings (one bot name per seat), used in turn: game k uses ``seatings[k % len]``."""

    slug: str
    seatings: tuple[tuple[str, ...], ...]
    variants: tuple[str, ...] = ()
    players: int | None = None
    #: the project folder whose content/ holds the game (None: the shipped games)
    project: str | None = None


@dataclass(frozen=True)
class GameRecord:
    """One finished game, as the reports need it."""

    index: int
    seats: tuple[str, ...]  # the bot in each seat
    first: int  # the seat that made the game's first decision
    shares: tuple[float, ...]  # each seat's share of the victory
    scores: tuple[float, ...]
    decisions: int
    counts: tuple[int, ...]  # the game's rule counts, in its RULE_EVENTS order


def game_seeds(seed: int, games: int) -> list[int]:
    """Game k's seed, for k < games: the same prefix whatever ``games`` is."""
    rng = random.Random(seed)
    return [rng.getrandbits(48) for _ in range(games)]


@lru_cache(maxsize=8)
def game_lab(slug: str, project: str | None = None) -> GameLab:
    """The engine and bots of a game (the shipped content, or a project's): the game's
    ``bots`` module when it has one, else its engine's own balance-level methods
    (``generator.rules.protocol``; raises EngineIncomplete naming a missing one).
    Raises KeyError for a game with no rules engine."""
    from ..games import find_spec
    from ..rules.protocol import require
    from ..verify.run import engine_of
    from .engine_bots import EngineBots

    # engine_of reads the project's own plugins first (a worker process has not yet)
    engine = engine_of(slug, Path(project) if project is not None else None)
    if engine is None:
        raise KeyError(f"{slug!r} has no rules engine")
    spec = find_spec(slug)
    if spec is not None and spec.bots is not None:
        return GameLab(slug, engine, spec.bots())
    require(engine, "balance", slug)
    return GameLab(slug, engine, EngineBots(engine))


def make_bot(name: str, lab: GameLab) -> Bot:
    """The bot a name stands for (``random``, ``heuristic``, ``ismcts:N``)."""
    kind, iterations = parse_bot(name)
    if kind == "random":
        return RandomBot(lab)
    if kind == "heuristic":
        return HeuristicBot(lab)
    return IsmctsBot(lab, iterations)


def play_game(lab: GameLab, seats: Sequence[str], seed: int, players: int | None,
              variants: Sequence[str], index: int = 0) -> GameRecord:
    """One game from ``seed`` with the named bot in each seat."""
    engine = lab.engine
    state = engine.new_game(players=players, variants=variants, seed=seed)
    bots = [make_bot(name, lab) for name in seats]
    rngs = [random.Random(seed * 8 + seat + 1) for seat in range(len(seats))]
    first = engine.to_move(state)
    decisions = 0
    # to_move gives a seat while the game is on
    to_move, apply, is_over = cast(Callable[[Any], int], engine.to_move), engine.apply, engine.is_over
    while not is_over(state):
        seat = to_move(state)
        state = apply(state, bots[seat].choose(state, seat, rngs[seat]))
        decisions += 1
    result = engine.result(state)
    counts = lab.bots.rule_counts(state)
    return GameRecord(index, tuple(seats), first if first is not None else 0,
                      tuple(win_shares(result, engine.team_size)), tuple(result.scores), decisions,
                      tuple(counts[key] for key in lab.bots.RULE_EVENTS))


#: One task: the match, and the (index, seed) of each game in the batch.
Batch = tuple[Match, tuple[tuple[int, int], ...]]


def play_batch(batch: Batch) -> list[GameRecord]:
    """Play a batch of games (a task for a worker process or a cluster)."""
    match, games = batch
    lab = game_lab(match.slug, match.project)
    out = []
    for index, seed in games:
        seats = match.seatings[index % len(match.seatings)]
        out.append(play_game(lab, seats, seed, match.players, match.variants, index))
    return out


def batches(match: Match, games: int, seed: int, size: int) -> list[Batch]:
    seeds = game_seeds(seed, games)
    pairs = tuple(enumerate(seeds))
    return [(match, pairs[i:i + size]) for i in range(0, games, size)]


def batch_size(match: Match, games: int, workers: int) -> int:
    """Games per task: a few for search bots (a game takes seconds), many for quick bots
    (a game takes milliseconds and a task has a fixed cost)."""
    searching = any(parse_bot(name)[0] == "ismcts" for seats in match.seatings for name in seats)
    if searching:
        return 2
    return max(1, min(200, games // max(1, workers * 8)))


def play(match: Match, games: int, seed: int, run: Runner, progress: Callable[[int], None] | None = None) -> list[GameRecord]:
    """Every game of the match, in game order, whichever way the batches are run."""
    records: list[GameRecord] = []
    for done in run(play_batch, batches(match, games, seed, batch_size(match, games, run.workers))):
        records += done
        if progress is not None:
            progress(len(done))
    records.sort(key=lambda r: r.index)
    return records
