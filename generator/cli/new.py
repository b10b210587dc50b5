"""`pipworks new`: start a game of your own, from a template."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer


def new(
    name: Path = typer.Argument(..., help="The new project's folder; its last part names the game (e.g. dragon-dice)."),
    template: str = typer.Option("blank", "--template", "-t",
                                 help="blank (cards, no engine), trick-taking (cards and a small rules engine) "
                                      "or dice-board (a board, dice and a small rules engine)."),
    slug: Optional[str] = typer.Option(None, "--slug", help="The game's slug (lower-case ASCII, e.g. dragon-dice) "
                                       "when the folder's name has letters with no ASCII spelling."),
) -> None:
    """Make a project folder for a new game: content, card layout and data, examples and
    the rules site's settings. `cd NAME && pipworks build` builds it at once.

    The game's slug (its folder and file names) is the name in ASCII (Überspiel:
    uberspiel); a name with letters that have no ASCII spelling needs --slug. Exit code
    2, with one line saying why, if the folder already holds files, is a symbolic link
    or cannot be made, the name gives no slug, or the template is unknown.
    """
    from ..scaffold import ABOUT, ScaffoldError, make_project

    try:
        names = make_project(name, template, slug)
    except ScaffoldError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(code=2) from None
    typer.echo(f"made {name}/ for {names.title!r} from the {template} template ({ABOUT[template]}):")
    typer.echo(f"  content/{names.slug}/game.yaml     the game: rules, components, glossary, quick reference")
    typer.echo(f"  content/{names.slug}/*-layout.yaml how the printed pieces look (named boxes in mm)")
    typer.echo(f"  content/{names.slug}/examples.yaml worked examples")
    typer.echo(f"next: cd {name} && pipworks build && pipworks serve  (README.md says more; the guide "
               "'Make your own game' is a page of the project's own site)")
