"""`pipworks serve`: the rules site with live reload while content is edited."""

from __future__ import annotations

from typing import Any

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

    from ..docs.folders import site_folder

    root = project_root(ctx)
    site = site_folder(root)
    own = site == root / "site"
    with die_on_content_errors(root):
        run_build(root, None, {}, progress=lambda key: typer.echo(f"  building {key}"))
    os.environ["PIPWORKS_PROJECT"] = str(root)
    os.environ["PIPWORKS_SERVE"] = "1"  # the site's hook rebuilds print files and rulebooks on every save
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    # The shipped skeleton (a project without site/mkdocs.yml) may be read-only: its
    # pages are generated where the build put them, and content/ and templates/ are watched.
    extra: dict[str, Any] = {} if own else {"docs_dir": str(root / "output" / ".pipworks" / "site-docs")}
    watch = [] if own else [str(p) for p in (root / "content", root / "templates") if p.is_dir()]
    typer.echo(f"serving http://{address}/ — edit content/ and the pages rebuild (Ctrl-C to stop)")
    mkdocs_serve(config_file=str(site / "mkdocs.yml"), livereload=True, dev_addr=address, strict=False,
                 watch=watch, **extra)
