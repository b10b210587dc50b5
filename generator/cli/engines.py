"""`pipworks play` and `pipworks simulate`: feel the rules, then measure them."""

from __future__ import annotations

import os
import random
import time
from pathlib import Path
from typing import Optional

import typer

VariantOption = typer.Option([], "--variant", "-v", help="Engine variant to play (repeatable); see the rulebook's variants.")
PlayersOption = typer.Option(None, "--players", "-n", help="Number of players (default: the game's usual count).")


def _engine(slug: str):  # type: ignore[no-untyped-def]
    from ..games import find_game

    try:
        return find_game(slug)
    except KeyError as exc:
        typer.echo(str(exc.args[0]), err=True)
        raise typer.Exit(code=2) from None


def _check_variants(engine, variants: list[str]) -> None:  # type: ignore[no-untyped-def]
    unknown = [v for v in variants if v not in engine.variants]
    if unknown:
        known = ", ".join(sorted(engine.variants)) or "none"
        typer.echo(f"unknown variant(s) {', '.join(unknown)} for {engine.slug}; known: {known}", err=True)
        raise typer.Exit(code=2)


def simulate(
    game: str = typer.Argument(..., help="Game slug, e.g. pip-trick."),
    games: int = typer.Option(1000, "--games", "-g", min=1, help="How many games to play."),
    seed: int = typer.Option(0, "--seed", "-s", help="Seed: same seed, same summary."),
    variant: list[str] = VariantOption,
    players: Optional[int] = PlayersOption,
    workers: int = typer.Option(0, "--workers", "-j", help="Processes (default: all cores)."),
    json_out: Optional[Path] = typer.Option(None, "--json", help="Also write the summary as JSON to this file."),
) -> None:
    """Play many games between random bots and summarise how the game plays out."""
    import json

    from rich.progress import Progress

    from ..simulate import simulate as run, summary

    engine = _engine(game)
    _check_variants(engine, variant)
    if players is not None and players not in engine.player_counts:
        typer.echo(f"{game} is for {', '.join(map(str, engine.player_counts))} players", err=True)
        raise typer.Exit(code=2)
    workers = workers or os.cpu_count() or 1
    start = time.perf_counter()
    with Progress(transient=True) as bar:
        task = bar.add_task(f"{game}: {games} games on {workers} process(es)", total=games)
        tally = run(game, games, seed, variant, players, workers, progress=lambda n: bar.advance(task, n))
    seconds = time.perf_counter() - start
    report = summary(game, tally, variant, seed, seconds)
    typer.echo(render_summary(report))
    if json_out is not None:
        from ..atomic import write_text

        write_text(json_out, json.dumps(report, indent=2, sort_keys=True) + "\n")
        typer.echo(f"summary written to {json_out}")


def render_summary(report: dict) -> str:
    lines = [
        f"{report['game']} — {report['games']} games, seed {report['seed']}, variants: {', '.join(report['variants']) or 'none'}",
        f"  {report['seconds']} s ({report['games_per_second']} games/s)",
        f"  decisions per game: mean {report['decisions']['mean']}, min {report['decisions']['min']}, max {report['decisions']['max']}",
        "  win rate by seat:  " + "  ".join(f"seat {s}: {r:.1%}" for s, r in report["win_rate_by_seat"].items()),
        f"  shared victories:  {report['tie_rate']:.1%}",
    ]
    for key, counts in report["details"].items():
        total = sum(counts.values()) or 1
        lines.append(f"  {key}: " + ", ".join(f"{value} {n / total:.1%}" for value, n in counts.items()))
    return "\n".join(lines)


def play(
    game: str = typer.Argument(..., help="Game slug, e.g. dice-lanes."),
    seat: list[int] = typer.Option([0], "--seat", help="Seat(s) played by you (repeatable); the rest are random bots."),
    hot_seat: bool = typer.Option(False, "--hot-seat", help="You play every seat."),
    seed: int = typer.Option(0, "--seed", "-s", help="Seed for the deal, dice and bots."),
    variant: list[str] = VariantOption,
    players: Optional[int] = PlayersOption,
) -> None:
    """Play a game in the terminal against random bots (or hot-seat).

    The table and the log are shown from the point of view of the person about to
    decide (their own seat; with several human seats or --hot-seat, the seat to move):
    other players' hands and face-down cards stay hidden, as at a real table. The log
    lines the bots' moves produced are shown just before the person's next decision.
    """
    engine = _engine(game)
    _check_variants(engine, variant)
    state = engine.new_game(players=players, variants=variant, seed=seed)
    bots = random.Random(seed ^ 0xB07)
    shown = 0
    viewer = seat[0] if seat else 0
    while not engine.is_over(state):
        who = engine.to_move(state)
        actions = engine.legal_actions(state)
        if hot_seat or who in seat:
            viewer = who
            shown = _show_log(engine, state, shown, viewer)
            typer.echo("\n" + engine.describe(state, viewer=viewer))
            state = engine.apply(state, _ask(engine, state, actions, who))
        else:
            state = engine.apply(state, bots.choice(actions))
    _show_log(engine, state, shown, viewer)
    result = engine.result(state)
    typer.echo("\nGame over. " + ", ".join(f"seat {s}: {score:g}" for s, score in enumerate(result.scores)))
    places = " > ".join(" = ".join(f"seat {s}" for s in group) for group in result.ranking)
    typer.echo(f"Ranking: {places}")


def _show_log(engine, state, shown: int, viewer: int) -> int:  # type: ignore[no-untyped-def]
    """Print the log lines after the first ``shown``, as ``viewer`` may know them; every
    viewer's log has one line per event, so the count carries over between viewers."""
    events = list(engine.log(state, viewer=viewer))
    for line in events[shown:]:
        typer.echo(f"  · {line}")
    return len(events)


def _ask(engine, state, actions, who):  # type: ignore[no-untyped-def]
    from ..rules.base import IllegalAction

    for number, action in enumerate(actions, start=1):
        typer.echo(f"  {number:>2}. {engine.action_text(state, action)}")
    while True:
        answer = typer.prompt(f"seat {who}, your move (number or notation)").strip()
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1]
        try:
            return engine.parse_action(state, answer)
        except IllegalAction as exc:
            typer.echo(f"  not legal: {exc}")
