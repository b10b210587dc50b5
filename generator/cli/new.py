"""`pipworks new`: start a game of your own, from a template."""

from __future__ import annotations

from pathlib import Path

import typer


def new(
    name: Path = typer.Argument(..., help="The new project's folder; its last part names the game (e.g. dragon-dice)."),
    template: str = typer.Option("blank", "--template", "-t",
                                 help="blank (cards, no engine), trick-taking (cards and a small rules engine) "
                                      "or dice-board (a board and dice, no engine)."),
) -> None:
    """Make a project folder for a new game: content, card layout and data, examples and
    the rules site's settings. `cd NAME && pipworks build` builds it at once.

    Exit code 2 if the folder already holds files or the template is unknown.
    """
    from ..scaffold import ABOUT, ScaffoldError, make_project

    try:
        names = make_project(name, template)
    except ScaffoldError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(code=2) from None
    typer.echo(f"made {name}/ for {names.title!r} from the {template} template ({ABOUT[template]}):")
    typer.echo(f"  content/{names.slug}/game.yaml     the game: rules, components, glossary, quick reference")
    typer.echo(f"  content/{names.slug}/*-layout.yaml how the printed pieces look (named boxes in mm)")
    typer.echo(f"  content/{names.slug}/examples.yaml worked examples")
    typer.echo(f"next: cd {name} && pipworks build")
