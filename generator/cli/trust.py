"""`pipworks trust`: allow a project's own code to run, as editors' workspace trust does."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .common import fail


def trust(
    ctx: typer.Context,
    folder: Optional[Path] = typer.Argument(None, help="The project folder (default: --project, else the current one).",
                                            show_default=False, file_okay=False),
    revoke: bool = typer.Option(False, "--revoke", help="Forget the trust: its code stops running."),
    listed: bool = typer.Option(False, "--list", help="List the trusted projects."),
) -> None:
    """Trust a project: Pipworks then runs its own code, the game plugins its
    pyproject.toml declares and the hooks and Python tags of its site/mkdocs.yml.

    Until then, building, validating, verifying, serving and playing it run none of
    that code (and say what they skipped). The trust is recorded outside the project
    ($XDG_CONFIG_HOME/pipworks/trusted.json) with a hash of every code file: when one
    changes, the project is untrusted again. `pipworks new` trusts what it makes.
    """
    from .. import trust as record

    if listed:
        names = record.trusted_projects()
        typer.echo("\n".join(names) if names else f"no trusted projects (recorded in {record.store()})")
        return
    root = (folder or Path((ctx.find_root().obj or {}).get("project", "."))).resolve()
    if not root.is_dir():
        fail(f"{root}: no such folder")
    try:
        if revoke:
            said = "no longer trusted" if record.revoke(root) else "was not trusted"
            typer.echo(f"{root}: {said}; its own code will not run")
            return
        code = record.survey(root)
        files = record.trust(root)
    except (record.TrustError, OSError) as exc:
        fail(f"cannot trust {root}: {exc}")
    what = f"its {code.described()}" if code else "its code (it has none yet)"
    typer.echo(f"trusted {root}: Pipworks will run {what}, until one of its {len(files)} code file(s) changes "
               f"(recorded in {record.store()})")
