"""`pipworks preflight FILE [--for PROFILE] [--json]`: what a printer or print shop would reject."""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from typing import Any, Optional

import typer


class PreflightChoice(str, Enum):
    """The print shops and tables of ``pnp --for``, and a home printer's paper."""

    tgc = "tgc"
    mpc = "mpc"
    dtc = "dtc"
    tts = "tts"
    home_a4 = "home-a4"
    home_letter = "home-letter"


def preflight(
    files: list[Path] = typer.Argument(..., help="PDFs, PNGs, folders of PNGs or Tabletop Simulator saved objects (.json)."),
    shop: Optional[PreflightChoice] = typer.Option(None, "--for", help="Check against a print shop's numbers (tgc, mpc, "
                                                   "dtc, tts) or a home printer's paper (home-a4, home-letter)."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON on stdout, for scripts."),
) -> None:
    """Check files for printing: the file types the target takes, page and box sizes,
    fonts embedded, colour space, ink, type size, text in the safe zone, pixel sizes.
    Each problem names the page and where on it (mm from the top-left corner); exit
    code 1 if there is any.
    """
    from ..pnp.preflight import Refused, find_shop, preflight as check, total

    target = find_shop(shop.value) if shop else None
    missing = [f for f in files if not f.exists()]
    if missing:
        typer.echo("\n".join(f"{f}: no such file or folder" for f in missing), err=True)
        raise typer.Exit(code=2)
    try:
        problems = [p for f in files for p in check(f, target)]
    except Refused as exc:  # a FIFO or a device: not a file to check
        typer.echo(str(exc), err=True)
        raise typer.Exit(code=2) from None
    against = target.target if target else "printing"
    count = total(problems)
    if as_json:
        typer.echo(json.dumps(_report(files, target.name if target else None, against, problems, count), indent=1))
    elif problems:
        typer.echo("\n".join(str(p) for p in problems), err=True)
        typer.echo(summary(count, problems, against, len(files)), err=True)
    else:
        typer.echo(f"{len(files)} file(s) ready for {against}: no problems")
    if problems:
        raise typer.Exit(code=1)


def summary(count: int, problems: list[Any], against: str, files: int) -> str:
    """The count line: every problem above, "… and N more" lines counting N each."""
    listed = sum(1 for p in problems if not p.more)
    tail = f": {listed} listed one a line, {count - listed} in the \"… more like the above\" lines" if count > listed else ""
    return f"{count} problem(s) for {against} in {files} file(s){tail}"


def _report(files: list[Path], name: str | None, against: str, problems: list[Any], count: int) -> dict[str, Any]:
    return {"for": name, "target": against, "files": [str(f) for f in files], "ready": not problems,
            "problem_count": count, "problems": [p.as_json() for p in problems]}
