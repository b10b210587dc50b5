"""`pipworks preflight FILE [--for PROFILE]`: what a printer or print shop would reject."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .pnp import ShopChoice


def preflight(
    files: list[Path] = typer.Argument(..., help="PDFs, PNGs, folders of PNGs or Tabletop Simulator saved objects (.json)."),
    shop: Optional[ShopChoice] = typer.Option(None, "--for", help="Check against a print shop's numbers: tgc, mpc, dtc or tts."),
) -> None:
    """Check files for printing: page and box sizes, fonts embedded, colour space, type
    size, text in the safe zone, pixel sizes. Each problem names the page and where on
    it (mm from the top-left corner); exit code 1 if there is any.
    """
    from ..pnp.preflight import Refused
    from ..pnp.preflight import preflight as check
    from ..pnp.profiles import find_profile

    profile = find_profile(shop.value) if shop else None
    missing = [f for f in files if not f.exists()]
    if missing:
        typer.echo("\n".join(f"{f}: no such file or folder" for f in missing), err=True)
        raise typer.Exit(code=2)
    try:
        problems = [p for f in files for p in check(f, profile)]
    except Refused as exc:  # a FIFO or a device: not a file to check
        typer.echo(str(exc), err=True)
        raise typer.Exit(code=2) from None
    against = profile.target if profile else "printing"
    if problems:
        typer.echo("\n".join(str(p) for p in problems), err=True)
        typer.echo(f"{len(problems)} problem(s) for {against} in {len(files)} file(s)", err=True)
        raise typer.Exit(code=1)
    typer.echo(f"{len(files)} file(s) ready for {against}: no problems")
