"""`pipworks simulate`: many games between random bots, summarised (and what `play`
shares with it: the engine from the project's content, its variants and seats)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any, Callable, Optional

import typer

from .common import SHIPPED_SLUGS, command_errors, fail, project_root

VariantOption = typer.Option([], "--variant", "-v",
                             help="A variant, by the name the rulebook shows under Variants (repeatable).")
PlayersOption = typer.Option(None, "--players", "-n", help="Number of players (default: the game's usual count).")


def game_engine(root: Path, slug: str, command: str = "play") -> Any:
    """The rules engine of ``slug``, built from the project's own content when it has
    that game (validated first, so broken content gets its file:line message), else
    from the content Pipworks ships. A game without one (content only) ends ``command``
    with a message, exit 2; so does an engine short of the simulate level of the engine
    protocol (``generator.rules.protocol``), before any game is played."""
    from ..games import all_specs
    from ..verify.project import validated_project
    from ..verify.run import engine_of

    if (root / "content" / slug / "game.yaml").is_file():
        validated_project(root, only=[slug])
    try:
        engine = engine_of(slug, root)
    except KeyError:
        engine = None
    if engine is None:  # a game known by its content only (or whose plugin is not trusted: said above)
        if (root / "content" / slug / "game.yaml").is_file():
            fail(no_engine(slug, f"pipworks {command} needs one, at level simulate of the engine protocol"))
        known = sorted(s for s, spec in all_specs().items() if spec.engine is not None)
        fail(f"no rules engine for {slug!r}; games with one: {', '.join(known)}")
    from ..rules.protocol import EngineIncomplete, require

    try:  # before any game: a missing method is named here, not met as an AttributeError mid-game
        require(engine, "play" if command == "play" else "simulate", slug)
    except EngineIncomplete as exc:
        fail(str(exc))
    return engine


def no_engine(slug: str, needs: str) -> str:
    """Why a command that plays games cannot play ``slug``, and where to read how to give
    it an engine."""
    return (f"{slug!r} has no rules engine: {needs}; see 'Your engine as a plugin' and 'The engine "
            "protocol' in the guide Make your own game (site/pages/make-your-own-game.md)")


def seat_names(engine: Any, state: Any) -> list[str]:
    """Each seat's name as the board shows it (North, P1...)."""
    count = len(engine.result(state).scores)
    name = getattr(engine, "seat_name", None)
    return [name(state, seat) if name else f"P{seat + 1}" for seat in range(count)]


def player_counts(engine: Any) -> str:
    """``1 or 2``, ``3 or 4``, ``2``: the counts in order, as a sentence says them."""
    counts = [str(n) for n in sorted(engine.player_counts)]
    return counts[0] if len(counts) == 1 else ", ".join(counts[:-1]) + " or " + counts[-1]


def new_game(engine: Any, players: int | None, variants: list[str], seed: int) -> Any:
    """The first state, or exit 2 with why it cannot be set up (a variant unknown or
    for another player count, a player count the game does not have)."""
    from ..rules.base import SetupError

    unknown = [v for v in variants if v not in engine.variants]
    if unknown:
        known = ", ".join(sorted(engine.variants)) or "none"
        fail(f"unknown variant(s) {', '.join(unknown)} for {engine.slug}; known: {known}")
    if players is not None and players not in engine.player_counts:
        fail(f"{engine.title} is for {player_counts(engine)} players, not {players}")
    try:
        return engine.new_game(players=players, variants=variants, seed=seed)
    except SetupError as exc:
        fail(f"cannot set up {engine.title}: {exc}")


def _writable_json(path: Path | None) -> None:
    """Refuse a --json path that cannot take the summary, before playing any game."""
    if path is None:
        return
    if path.is_dir():
        fail(f"--json {path}: that is a folder; give a file name, e.g. {path / 'summary.json'}")
    if not path.parent.is_dir():
        fail(f"--json {path}: the folder {path.parent} does not exist")


def simulate(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=f"Game slug: {SHIPPED_SLUGS}, or a game of the project.", show_default=False,
                              metavar="GAME"),
    games: int = typer.Option(1000, "--games", "-g", min=1, help="How many games to play."),
    seed: int = typer.Option(0, "--seed", "-s", help="Seed: same seed, same summary."),
    variant: list[str] = VariantOption,
    players: Optional[int] = PlayersOption,
    workers: int = typer.Option(0, "--workers", "-j", min=0, help="Processes (default: all cores)."),
    json_out: Optional[Path] = typer.Option(None, "--json", help="Also write the summary as JSON to this file."),
) -> None:
    """Play many games between random bots and summarise how the game plays out.

    Progress goes to stderr (a bar on a terminal, a line every 10 % otherwise). Ctrl-C
    or SIGTERM stops within seconds and prints the summary of the games finished (or,
    if none had, says so and prints no summary).
    """
    import json

    from ..simulate import Tally, simulate as run, summary
    from ..workers import Interrupted, signals_interrupt

    root = project_root(ctx)
    _writable_json(json_out)
    with command_errors(root, what="simulate"):
        engine = game_engine(root, game, "simulate")
    names = seat_names(engine, new_game(engine, players, variant, seed))
    workers = workers or os.cpu_count() or 1
    start = time.perf_counter()
    tally = Tally()
    try:  # a signal before the first game ends with a plain line, not "Aborted!"
        with signals_interrupt(), progress_reporter(f"{game}: {games} games on {workers} process(es)", games) as step:
            tally = run(game, games, seed, variant, players, workers, progress=step, root=root)
    except Interrupted as exc:
        tally.interrupted = exc.signum
    if tally.interrupted and not tally.games:  # a summary of no games would read like a result
        typer.echo(f"stopped by {_signal_name(tally.interrupted)} before any of the {games} games finished: "
                   f"nothing to summarise{', and nothing written to ' + str(json_out) if json_out else ''}.", err=True)
        raise typer.Exit(code=Interrupted(tally.interrupted).exit_code)
    report = summary(game, tally, variant, seed, time.perf_counter() - start)
    if tally.interrupted:
        typer.echo(f"stopped by {_signal_name(tally.interrupted)} after {tally.games} of {games} games; "
                   "the summary of those:", err=True)
    typer.echo(render_summary(report, names))
    if json_out is not None:
        from ..atomic import write_text

        with command_errors(root, what="simulate"):
            write_text(json_out, json.dumps(report, indent=2, sort_keys=True) + "\n")
        typer.echo(f"summary written to {json_out}")
    if tally.interrupted:
        raise typer.Exit(code=Interrupted(tally.interrupted).exit_code)


def _signal_name(signum: int) -> str:
    import signal

    return signal.Signals(signum).name


class progress_reporter:
    """A bar on a terminal; elsewhere (a log, a pipe, CI) a line every 10 % to stderr."""

    def __init__(self, title: str, total: int):
        self.title, self.total, self.done, self.shown = title, total, 0, 0
        self.bar: Any = None

    def __enter__(self) -> Callable[[int], None]:
        if sys.stderr.isatty():
            from rich.progress import Progress

            self.bar = Progress(transient=True)
            self.bar.__enter__()
            self.task = self.bar.add_task(self.title, total=self.total)
        else:
            typer.echo(f"{self.title}…", err=True)
        return self.step

    def step(self, n: int) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.advance(self.task, n)
            return
        tenth = self.done * 10 // self.total
        if tenth > self.shown:
            self.shown = tenth
            typer.echo(f"  {self.done} of {self.total} games ({tenth * 10} %)", err=True)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)


def shares(counts: dict[str, int]) -> dict[str, float]:
    """Percentages to one decimal that add up to exactly 100 (largest remainders get
    the rounding), so a summary never shows 98.0 % + 2.1 %."""
    total = sum(counts.values())
    if not total:
        return {key: 0.0 for key in counts}
    tenths = {key: n * 1000 / total for key, n in counts.items()}
    floors = {key: int(value) for key, value in tenths.items()}
    missing = 1000 - sum(floors.values())
    for key in sorted(tenths, key=lambda k: floors[k] - tenths[k])[:missing]:
        floors[key] += 1
    return {key: floors[key] / 10 for key in counts}


def render_summary(report: dict, names: list[str] | None = None) -> str:
    def seat(s: str) -> str:
        return names[int(s)] if names and int(s) < len(names) else f"seat {s}"

    lines = [
        f"{report['game']} — {report['games']} games, seed {report['seed']}, variants: {', '.join(report['variants']) or 'none'}",
        f"  {report['seconds']} s ({report['games_per_second']} games/s)",
        f"  decisions per game: mean {report['decisions']['mean']}, min {report['decisions']['min']}, max {report['decisions']['max']}",
        "  win rate by seat:  " + "  ".join(f"{seat(s)}: {r:.1%}" for s, r in report["win_rate_by_seat"].items()),
        f"  shared victories:  {report['tie_rate']:.1%}",
    ]
    for key, counts in report["details"].items():
        lines.append(f"  {key}: " + ", ".join(f"{value} {pct:.1f}%" for value, pct in shares(counts).items()))
    return "\n".join(lines)
