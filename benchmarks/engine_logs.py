"""Full logs of seeded random games of one engine, for every variant combination, as one
digest line per game: each decision's player, legal actions and choice, every state's
fields (the history is checked through the events it gives), the events after every
move for the first 25 games of each combination and at the end for all, the log, the
description and the result. A speed change must keep the file byte for byte (issue 23).

    python benchmarks/engine_logs.py four-deuces 400 /tmp/before.txt
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import random
from pathlib import Path
from typing import Any, Callable

from generator.games import find_game
from generator.rules.base import SetupError, oldest_first

def _four_deuces() -> tuple[Callable[[Any], list[tuple]], tuple[str, ...]]:
    from generator.games.four_deuces.play import events

    return events, ("lead_leads", "keep_track", "round", "rounds_won", "endings", "track", "reserves", "removed",
                    "piles", "tricks_won", "trick", "round_lead", "leader", "phase", "turn", "hands", "dice", "led",
                    "used", "characters", "capone", "opening", "over")


def _zero_grid() -> tuple[Callable[[Any], list[tuple]], tuple[str, ...]]:
    return (lambda state: oldest_first(state.events)), (
        "players", "flags", "grids", "deck", "discard", "reshuffles", "seeds", "hand_no", "start", "hands", "programs",
        "reveal", "winner", "phase", "seat", "step", "spent", "used", "pending", "ctx", "end", "over")


#: Per game: how to read a state's events, and its fields that are not its history.
GAMES = {"four-deuces": _four_deuces, "zero-grid": _zero_grid}


def combinations(engine: Any) -> list[tuple[str, ...]]:
    """Every set of the engine's variants it can set up a game with."""
    names = list(engine.variants)
    found = []
    for size in range(len(names) + 1):
        for combo in itertools.combinations(names, size):
            try:
                engine.new_game(variants=combo, seed=0)
            except SetupError:
                continue
            found.append(combo)
    return found


def game_digest(engine: Any, events: Callable[[Any], list[tuple]], fields: tuple[str, ...],
                variants: tuple[str, ...], seed: int, every_move: bool) -> tuple[int, str]:
    """(decisions, digest of the game's full log), choosing as ``play_one`` does."""
    digest = hashlib.sha256()

    def write(text: str) -> None:
        digest.update(text.encode())

    def shown(state: Any) -> str:
        return repr(tuple(getattr(state, name) for name in fields))

    state = engine.new_game(variants=variants, seed=seed)
    rng = random.Random(seed ^ 0x5EED)
    write(f"{shown(state)}\n{events(state)!r}\n")
    decisions = 0
    while not engine.is_over(state):
        legal = engine.legal_actions(state)
        action = rng.choice(legal)
        write(f"{engine.to_move(state)} {len(legal)} {tuple(legal)!r} {action!r}\n")
        state = engine.apply(state, action)
        decisions += 1
        write(f"{shown(state)}\n")
        if every_move:
            write(f"{events(state)!r}\n{engine.log(state)!r}\n")
    write(f"{events(state)!r}\n" + "\n".join(engine.log(state)) + "\n" + "\n".join(engine.log(state, viewer=0)))
    write(f"\n{engine.describe(state)}\n{engine.result(state)!r}\n")
    return decisions, digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("games", type=int, help="seeded games per variant combination")
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    engine = find_game(args.game)
    events, fields = GAMES[args.game]()
    lines = []
    combos = combinations(engine)
    for combo in combos:
        for seed in range(args.games):
            decisions, digest = game_digest(engine, events, fields, combo, seed, every_move=seed < 25)
            lines.append(f"{combo} {seed} {decisions} {digest}\n")
    args.out.write_text("".join(lines))
    print(f"{args.game}: {len(lines)} games, {len(combos)} variant combinations")


if __name__ == "__main__":
    main()
