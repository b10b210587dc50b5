"""Options and error handling shared by every command (each option defined once)."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Annotated, Iterator

import typer

ProjectOption = Annotated[
    Path,
    typer.Option("--project", "-p", help="Project folder holding content/ and templates/ (default: current directory).",
                 file_okay=False, dir_okay=True),
]


def project_root(ctx: typer.Context) -> Path:
    obj = ctx.find_root().obj or {}
    return Path(obj.get("project", ".")).resolve()


@contextlib.contextmanager
def die_on_content_errors(root: Path) -> Iterator[None]:
    """Turn ContentInvalid into one line per problem on stderr and exit code 2."""
    from ..content.errors import ContentInvalid

    try:
        yield
    except ContentInvalid as exc:
        typer.echo(exc.render(root), err=True)
        typer.echo(f"{len(exc.errors)} problem(s); nothing was written.", err=True)
        raise typer.Exit(code=2) from None
