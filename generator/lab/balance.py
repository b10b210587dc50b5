"""``pipworks balance``: what many games between bots say about a design, as JSON.

For the base game and each variant asked for (a *configuration*), the same number of
games from the same seed, and:

- **seats**: each seat's share of the victories, and each place in the turn order's
  (the player who made the game's first decision is place 1), with 95 % Wilson
  intervals; an advantage is *detected* when the interval leaves out the fair share;
- **scores**: each seat's mean score (what the game counts) with a 95 % interval;
- **length**: decisions per game (every card, die choice, lock...), its spread and
  histogram;
- **rules**: how often each rule the game's bots module counts fired, per game, and in
  how many games at all;
- **variants**: each variant against the base game: the first player's share and the
  mean length, with the difference and its p-value (significant below 0.05).

Every number comes from the game records (:mod:`.tournament`), in game order, so the
JSON is the same for the same seed whatever ran the games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .. import __version__
from .bots import GameLab
from .executors import Runner
from .stats import histogram, mean_interval, summary, two_means, two_rates, wilson
from .tournament import GameRecord, Match, play

#: significance level of the variant comparison
ALPHA = 0.05


@dataclass(frozen=True)
class Configuration:
    """The base game (no variant) or one variant, at a player count (None: usual)."""

    variants: tuple[str, ...] = ()
    players: int | None = None

    @property
    def label(self) -> str:
        return ", ".join(self.variants) or "base game"


def seats_of(lab: GameLab, config: Configuration) -> int:
    """How many seats the game has in this configuration."""
    return len(lab.engine.result(lab.engine.new_game(players=config.players, variants=config.variants)).scores)


def _r(value: float) -> float:
    return round(value, 4)


def rate(successes: float, trials: int, fair: float | None = None) -> dict[str, Any]:
    """A rate with its 95 % Wilson interval (and whether it leaves out ``fair``)."""
    low, high = wilson(successes, trials)
    out: dict[str, Any] = {"wins": _r(successes), "games": trials, "rate": _r(successes / trials if trials else 0.0),
                           "low": _r(low), "high": _r(high)}
    if fair is not None:
        out["fair"] = _r(fair)
        out["advantage"] = "ahead" if low > fair else "behind" if high < fair else "none detected"
    return out


def configuration_report(lab: GameLab, config: Configuration, records: Sequence[GameRecord]) -> dict[str, Any]:
    """Everything balance says about one configuration, from its game records."""
    n = len(records)
    seats = len(records[0].shares) if records else seats_of(lab, config)
    fair = 1.0 / seats * max(1, lab.engine.team_size)
    names = [lab.bots.seat_name(seats, seat) for seat in range(seats)]
    by_seat = [rate(sum(r.shares[seat] for r in records), n, fair if seats > 1 else None) for seat in range(seats)]
    by_turn = [rate(sum(r.shares[(r.first + place) % seats] for r in records), n, fair if seats > 1 else None)
               for place in range(seats)]
    scores = []
    for seat in range(seats):
        mean, low, high = mean_interval([r.scores[seat] for r in records])
        scores.append({"mean": _r(mean), "low": _r(low), "high": _r(high)})
    shared = sum(1 for r in records if any(0 < share < 1 for share in r.shares))
    lengths = [r.decisions for r in records]
    rules = []
    for index, (rule, what) in enumerate(lab.bots.RULE_EVENTS.items()):
        counts = [r.counts[index] for r in records]
        rules.append({"id": rule, "what": what, "per_game": _r(sum(counts) / n if n else 0.0),
                      "games_with": _r(sum(1 for c in counts if c) / n if n else 0.0)})
    return {
        "label": config.label,
        "variants": list(config.variants),
        "players": seats,
        "games": n,
        "seat_names": names,
        "seats": by_seat,
        "turn_order": by_turn,
        "first_player": by_turn[0],
        "scores": scores,
        "shared_victories": _r(shared / n if n else 0.0),
        "length": {"unit": "decisions", **summary(lengths), "histogram": histogram(lengths)},
        "rules": rules,
    }


def compare(base: dict[str, Any], other: dict[str, Any], base_records: Sequence[GameRecord],
            other_records: Sequence[GameRecord]) -> dict[str, Any]:
    """A variant against the base game: the first player's share and the length."""
    out: dict[str, Any] = {"label": other["label"], "variants": other["variants"]}
    if base["players"] == other["players"] and base["players"] > 1:
        a, b = other["first_player"], base["first_player"]
        diff, p = two_rates(a["wins"], a["games"], b["wins"], b["games"])
        out["first_player"] = {"difference": _r(diff), "p": _r(p), "significant": p < ALPHA}
    diff, p = two_means([r.decisions for r in other_records], [r.decisions for r in base_records])
    out["length"] = {"difference": _r(diff), "p": _r(p), "significant": p < ALPHA}
    changed = []
    for index, rule in enumerate(other["rules"]):
        mine = [r.counts[index] for r in other_records]
        theirs = [r.counts[index] for r in base_records]
        diff, p = two_means(mine, theirs)
        if p < ALPHA:
            changed.append({"id": rule["id"], "difference": _r(diff), "p": _r(p)})
    out["rules_changed"] = changed
    return out


def balance(lab: GameLab, configs: Sequence[Configuration], bots: Sequence[str], games: int, seed: int,
            run: Runner, progress: Callable[[int], None] | None = None, project: str | None = None) -> dict[str, Any]:
    """The balance report of ``configs`` (the first is the one the others are compared
    with), ``games`` games each between ``bots`` (one name for every seat, or one per seat)."""
    from .bots import seat_bots

    reports, all_records = [], []
    for config in configs:
        seats = seat_bots(bots, seats_of(lab, config))
        match = Match(lab.slug, (seats,), config.variants, config.players, project)
        records = play(match, games, seed, run, progress)
        reports.append(configuration_report(lab, config, records))
        all_records.append(records)
    comparisons = [compare(reports[0], report, all_records[0], records)
                   for report, records in zip(reports[1:], all_records[1:])]
    return {
        "game": lab.slug,
        "title": lab.engine.title,
        "seed": seed,
        "games": games,
        "bots": list(bots),
        "pipworks": __version__,
        "configurations": reports,
        "variants": comparisons,
    }
