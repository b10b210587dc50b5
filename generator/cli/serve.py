"""`pipworks serve`: the rules site with live reload while content is edited."""

from __future__ import annotations

import typer

from .common import die_on_content_errors, project_root


def serve(
    ctx: typer.Context,
    address: str = typer.Option("127.0.0.1:8000", "--address", "-a", help="Where to serve (host:port)."),
) -> None:
    """Build, then serve the rules site; pages regenerate when content/ or templates/ change."""
    import os

    from mkdocs.commands.serve import serve as mkdocs_serve

    from ..build import run_build

    root = project_root(ctx)
    config = root / "site" / "mkdocs.yml"
    if not config.is_file():
        typer.echo(f"no site/mkdocs.yml in {root}", err=True)
        raise typer.Exit(code=2)
    with die_on_content_errors(root):
        run_build(root, None, {}, progress=lambda key: typer.echo(f"  building {key}"))
    os.environ["PIPWORKS_PROJECT"] = str(root)
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    typer.echo(f"serving http://{address}/ — edit content/ and the pages rebuild (Ctrl-C to stop)")
    mkdocs_serve(config_file=str(config), livereload=True, dev_addr=address, strict=False)
