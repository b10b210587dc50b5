"""The ``pipworks`` app before any command: its name, help, root options (``--project``,
``--version``, ``--trust``) and the one-line help of the commands that also run on their own
(``generator.cli.single``)."""

from __future__ import annotations

from pathlib import Path

import typer

from .. import __version__
from .common import ProjectOption

#: Short help of the print commands: each fits one line of ``pipworks --help``.
PNP_HELP = "One game's print-and-play files, with other choices."
PREVIEW_HELP = "Draw one or more faces as PNGs, at once."


def _version(value: bool) -> None:
    if value:
        typer.echo(f"pipworks {__version__}")
        raise typer.Exit()


def root(
    ctx: typer.Context,
    project: ProjectOption = Path("."),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version and exit."),
    trust_once: bool = typer.Option(False, "--trust", help="Run the project's own code (game plugins, site hooks) "
                                    "for this command only, as if trusted (see `pipworks trust`)."),
) -> None:
    """Pipworks: build print-and-play files, rulebooks and a rules site from content/.

    A project's own code (game plugins in its pyproject.toml, hooks and Python tags in
    its site/mkdocs.yml) runs only once you trust it: `pipworks trust`.
    """
    ctx.obj = {"project": project}
    if trust_once:
        import os

        from ..trust import ONCE_ENV

        os.environ[ONCE_ENV] = str(project.resolve())  # the build's workers and the site see it too


def new_app() -> typer.Typer:
    """The app with its root options and no commands yet."""
    app = typer.Typer(
        name="pipworks",
        help="Print-and-play files, rulebooks and verified rules engines for card-and-dice games.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        # Plain help text: rich's markdown renderer costs ~0.1 s of imports on every --help.
        rich_markup_mode=None,
    )
    app.callback()(root)
    return app
