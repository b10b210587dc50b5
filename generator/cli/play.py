"""`pipworks play`: a game in the terminal against random bots, or hot-seat.

Seats are named as the board names them (North, P1...), moves are chosen by number or
typed in the game's notation, and ``help``, ``quit`` and Ctrl-D do what a player
expects: the game is theirs to leave.
"""

from __future__ import annotations

import random
from typing import Any, Optional

import typer

from .common import SHIPPED_SLUGS, command_errors, fail, project_root
from .engines import PlayersOption, VariantOption, game_engine, new_game, seat_names

QUIT = ("quit", "q", "exit")
HELP = ("help", "h", "?")


class Left(Exception):
    """The player quit (``quit`` or Ctrl-D)."""


def play(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=f"Game slug: {SHIPPED_SLUGS}, or a game of the project.", show_default=False,
                              metavar="GAME"),
    seat: list[str] = typer.Option([], "--seat", help="Your seat, as the board names it (North, P1...) or its number "
                                                      "from 1; repeatable (default: the first seat)."),
    hot_seat: bool = typer.Option(False, "--hot-seat", help="You play every seat."),
    seed: int = typer.Option(0, "--seed", "-s", help="Seed for the deal, dice and bots."),
    variant: list[str] = VariantOption,
    players: Optional[int] = PlayersOption,
) -> None:
    """Play a game in the terminal against random bots (or hot-seat).

    At your turn, type the number of a move or the move in the game's notation; 'help'
    explains, 'quit' (or Ctrl-D) leaves the game. The table and the log are shown as
    the person about to decide may see them: other players' hidden cards stay hidden.
    """
    from ..workers import Interrupted, signals_interrupt

    root = project_root(ctx)
    with command_errors(root, what="play"):
        engine = game_engine(root, game)
    state = new_game(engine, players, variant, seed)
    names = seat_names(engine, state)
    humans = set(range(len(names))) if hot_seat else chosen_seats(seat, names, engine.title)
    try:
        with signals_interrupt():
            state = _play(engine, state, names, humans, random.Random(seed ^ 0xB07))
    except (Left, Interrupted) as exc:
        typer.echo("\nGame left unfinished.")
        raise typer.Exit(code=exc.exit_code if isinstance(exc, Interrupted) else 0) from None
    result = engine.result(state)
    typer.echo("\nGame over. " + ", ".join(f"{names[s]}: {score:g}" for s, score in enumerate(result.scores)))
    places = " > ".join(" = ".join(names[s] for s in group) for group in result.ranking)
    typer.echo(f"Ranking: {places}")


def chosen_seats(asked: list[str], names: list[str], title: str) -> set[int]:
    """``--seat`` values as seat numbers: names as the board shows them (any case) or
    numbers from 1; exit 2 naming the seats for anything else."""
    if not asked:
        return {0}
    lower = [n.lower() for n in names]
    seats = set()
    for text in asked:
        if text.lower() in lower:
            seats.add(lower.index(text.lower()))
        elif text.isdigit() and 1 <= int(text) <= len(names):
            seats.add(int(text) - 1)
        else:
            fail(f"{title} with {len(names)} players has the seats {', '.join(names)} (or 1–{len(names)}); "
                 f"there is no seat {text!r}")
    return seats


def _play(engine: Any, state: Any, names: list[str], humans: set[int], bots: random.Random) -> Any:
    shown = 0
    viewer = min(humans)
    while not engine.is_over(state):
        who = engine.to_move(state)
        actions = engine.legal_actions(state)
        if who in humans:
            viewer = who
            shown = _show_log(engine, state, shown, viewer)
            typer.echo("\n" + engine.describe(state, viewer=viewer))
            state = engine.apply(state, _ask(engine, state, actions, names[who]))
        else:
            state = engine.apply(state, bots.choice(actions))
    _show_log(engine, state, shown, viewer)
    return state


def _show_log(engine: Any, state: Any, shown: int, viewer: int) -> int:
    """Print the log lines after the first ``shown``, as ``viewer`` may know them; every
    viewer's log has one line per event, so the count carries over between viewers."""
    events = list(engine.log(state, viewer=viewer))
    for line in events[shown:]:
        typer.echo(f"  · {line}")
    return len(events)


def _ask(engine: Any, state: Any, actions: list[Any], name: str) -> Any:
    from ..rules.base import IllegalAction

    choices = [engine.action_text(state, action) for action in actions]
    _list(choices)
    while True:
        answer = _read(f"{name}, your move (1–{len(actions)}, a move in notation, help or quit)")
        word = answer.lower()
        if word in QUIT:
            raise Left()
        if word in HELP:
            _help(engine.title, choices)
            continue
        if answer.isdigit():
            if 1 <= int(answer) <= len(actions):
                return actions[int(answer) - 1]
            typer.echo(f"  there is no move {answer}: choose 1–{len(actions)}")
            continue
        try:
            return engine.parse_action(state, answer)
        except IllegalAction as exc:
            typer.echo(f"  {exc} (type a number from 1 to {len(actions)}, or help)")


def _read(prompt: str) -> str:
    try:
        return str(typer.prompt(prompt, default="", show_default=False)).strip()
    except (EOFError, typer.Abort):  # Ctrl-D, or input ran out (Ctrl-C, too, inside the prompt)
        raise Left() from None


def _list(choices: list[str]) -> None:
    for number, text in enumerate(choices, start=1):
        typer.echo(f"  {number:>2}. {text}")


def _help(title: str, choices: list[str]) -> None:
    rows = [(f"a number (1–{len(choices)})", "plays that move from the list"),
            ("a move in notation", f"e.g. {choices[0]!r}"),
            ("help", "shows this"),
            ("quit (or Ctrl-D)", "leaves the game unfinished")]
    width = max(len(left) for left, _ in rows) + 3
    typer.echo(f"\n  Playing {title}. At your turn, type:")
    for left, right in rows:
        typer.echo(f"    {left.ljust(width)}{right}")
    typer.echo("  Your moves now:")
    _list(choices)
