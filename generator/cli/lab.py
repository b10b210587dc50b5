"""`pipworks balance`: many games between sensible bots, and what they say about a game."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, Optional

import typer

if TYPE_CHECKING:
    from ..lab.bots import GameLab


def balance(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="Game slug, e.g. pip-trick."),
    bots: Optional[str] = typer.Option(None, "--bots", "-b", show_default=False,
                                       help="Bot for every seat, or one per seat, comma-separated: random, heuristic, "
                                            "ismcts:N (default: heuristic, or random for a game with none)."),
    variant: list[str] = typer.Option([], "--variant", "-v",
                                      help="A variant to compare with the base game (repeatable; 'all': every variant)."),
    players: Optional[int] = typer.Option(None, "--players", "-n", help="Number of players (default: the game's usual)."),
    games: int = typer.Option(1000, "--games", "-g", min=1, help="Games per configuration (the base game, each variant)."),
    seed: int = typer.Option(0, "--seed", "-s", help="Seed: the same seed gives the same report, on any executor."),
    ladder: int = typer.Option(0, "--ladder", min=0, help="Also play the bot ladder, this many games a pairing."),
    iterations: int = typer.Option(200, "--iterations", min=1, help="ISMCTS playouts a move in the ladder."),
    workers: int = typer.Option(0, "--workers", "-j", min=0, help="Processes (default: all cores)."),
    executor: str = typer.Option("local", "--executor", help="Where games run: local, dask or ray."),
    cluster: Optional[str] = typer.Option(None, "--cluster", help="Address of a Dask scheduler or Ray cluster to use."),
    json_out: Optional[Path] = typer.Option(None, "--json", help="Write the report as JSON to this file."),
    charts: Optional[Path] = typer.Option(None, "--charts", help="Write the report's SVG charts into this folder."),
) -> None:
    """Seat and first-player advantage with 95 % intervals, game length, how often each
    rule fires, and each variant against the base game, from bots playing many games."""
    import json

    from ..lab.balance import Configuration, balance as run_balance
    from ..lab.bots import UnknownBot, seat_bots
    from ..lab.executors import EXECUTORS, ExecutorUnavailable, make_runner
    from ..lab.words import report_text

    project = _project(ctx, game)
    lab = _lab(game, project)
    if bots is None:
        bots = "heuristic" if lab.has_heuristic else "random"
        if not lab.has_heuristic:
            typer.echo(f"{game} has no heuristic bot (its engine gives no `heuristic`, which is optional): every seat "
                       "plays random; --bots ismcts:N seats searching players", err=True)
    elif not lab.has_heuristic and "heuristic" in [b.strip() for b in bots.split(",")]:
        _fail(f"{game} has no heuristic bot: its engine gives no `heuristic` (optional, level balance of the engine "
              "protocol); use --bots random or ismcts:N")
    chosen = list(lab.engine.variants) if variant == ["all"] else variant
    unknown = [v for v in chosen if v not in lab.engine.variants]
    if unknown:
        _fail(f"unknown variant(s) {', '.join(unknown)} for {game}; known: {', '.join(lab.engine.variants) or 'none'}")
    if players is not None and players not in lab.engine.player_counts:
        _fail(f"{game} is for {', '.join(map(str, lab.engine.player_counts))} players, not {players}")
    if executor not in EXECUTORS:
        _fail(f"unknown executor {executor!r}; known: {', '.join(EXECUTORS)}")
    names = [b.strip() for b in bots.split(",") if b.strip()]
    configs = [Configuration((), players)] + [Configuration((v,), players) for v in chosen]
    try:
        for config in configs:
            seat_bots(names, len(lab.engine.result(lab.engine.new_game(players=config.players,
                                                                      variants=config.variants)).scores))
    except UnknownBot as exc:
        _fail(str(exc))
    runner = make_runner(executor, workers or os.cpu_count() or 1, cluster)
    total = games * len(configs) + 3 * ladder
    from ..workers import Interrupted, signals_interrupt

    played = [0]
    try:
        with signals_interrupt():
            report = _run(lab, configs, names, games, seed, runner, total, ladder, iterations, project, run_balance,
                          played)
    except ExecutorUnavailable as exc:
        _fail(str(exc))
    except Interrupted as exc:  # workers are stopped at once (generator.workers); nothing is written
        typer.echo(f"\nbalance stopped by {exc.name} after {played[0]} of {total} games; no report written "
                   "(a report of part of the games would compare configurations unevenly)", err=True)
        raise typer.Exit(code=exc.exit_code) from None
    report["command"] = command_line(game, bots, chosen if variant != ["all"] else ["all"], players, games, seed,
                                     ladder, iterations)
    typer.echo(report_text(report))
    if json_out is not None:
        from ..atomic import write_text

        write_text(json_out, json.dumps(report, indent=2, sort_keys=True) + "\n")
        typer.echo(f"report written to {json_out}")
    if charts is not None:
        from ..atomic import write_text
        from ..lab.charts import report_charts

        for name, svg in report_charts(report).items():
            write_text(charts / name, svg)
        typer.echo(f"charts written to {charts}/")


def _run(lab, configs, names, games, seed, runner, total, ladder, iterations, project, run_balance,  # type: ignore[no-untyped-def]
         played):
    from rich.progress import Progress

    from ..lab.ladder import ladder as run_ladder

    def step(n: int) -> None:
        played[0] += n
        bar.advance(task, n)

    with Progress(transient=True) as bar:
        task = bar.add_task(f"{lab.slug}: {total} games on {runner.workers} worker(s)", total=total)
        report = run_balance(lab, configs, names, games, seed, runner, step, project)
        if ladder:
            report["ladder"] = run_ladder(lab, ladder, seed, iterations, runner, step, project)
    return report


def _lab(game: str, project: str | None) -> "GameLab":
    """The game's lab, or exit 2 with one line: no such game, no engine, or an engine
    short of the balance level of the engine protocol (checked before any game)."""
    from ..lab.tournament import game_lab
    from ..rules.protocol import EngineIncomplete
    from .common import command_errors

    try:
        with command_errors(Path(project) if project else Path("."), what="balance"):
            return game_lab(game, project)
    except EngineIncomplete as exc:
        _fail(str(exc))
    except KeyError as exc:
        if project is not None and _engineless(project, game):
            from .engines import no_engine

            _fail(no_engine(game, "pipworks balance needs one, at level balance of the engine protocol"))
        _fail(str(exc.args[0]))  # a game nobody has: the message names the games with an engine


def command_line(game: str, bots: str, variants: list[str], players: int | None, games: int, seed: int,
                 ladder: int, iterations: int) -> str:
    """The command that makes this report again (where the games ran does not matter)."""
    parts = ["pipworks", "balance", game, "--bots", bots, "--games", str(games), "--seed", str(seed)]
    for name in variants:
        parts += ["--variant", name]
    if players is not None:
        parts += ["--players", str(players)]
    if ladder:
        parts += ["--ladder", str(ladder), "--iterations", str(iterations)]
    return " ".join(parts)


def _project(ctx: typer.Context, game: str) -> str | None:
    """The project whose content the game is read from: None for the shipped games when
    the project holds no copy of its own."""
    root = Path(ctx.obj["project"]) if ctx.obj and ctx.obj.get("project") else Path(".")
    folder = root / "content" / game
    shipped = Path(__file__).resolve().parents[2] / "content" / game
    if folder.is_dir() and folder.resolve() != shipped.resolve():
        return str(root.resolve())
    return None


def _engineless(project: str, game: str) -> bool:
    """Is ``game`` a game of ``project`` with content but no rules engine?"""
    from ..verify.run import engine_of
    from .common import command_errors

    with command_errors(Path(project), what="balance"):
        return engine_of(game, Path(project)) is None


def _fail(message: str) -> NoReturn:
    typer.echo(message, err=True)
    raise typer.Exit(code=2)
