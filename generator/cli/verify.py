"""`pipworks verify`: every worked example replayed through the engine."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .common import die_on_content_errors, project_root


def verify(
    ctx: typer.Context,
    paths: Optional[list[Path]] = typer.Argument(None, help="Files or folders to check (default: content/ and site/pages/)."),
    coverage: bool = typer.Option(False, "--coverage", help="Also print which rule sections have examples."),
    strict: bool = typer.Option(False, "--strict", help="Fail (exit 1) when a game has examples but no engine to check them."),
) -> None:
    """Replay every worked example through the rules engine and compare the outcome.

    Exit code 1 if any example disagrees with the engine, 2 if an example cannot be read.
    Examples of a game without an engine are counted as not checked (exit 1 with --strict).
    """
    from ..content.errors import ContentInvalid
    from ..verify import coverage as cov
    from ..verify.examples import discover
    from ..verify.run import run_all

    root = project_root(ctx)
    chosen = list(paths) if paths else [p for p in (root / "content", root / "site" / "pages") if p.exists()]
    with die_on_content_errors(root):
        examples = discover(root, chosen)
        outcome = run_all(examples, root=root)
        if outcome.unreadable:
            raise ContentInvalid(outcome.unreadable)
        rows = cov.coverage(root, outcome.checked) if coverage else []
    for mismatch in outcome.mismatches:
        typer.echo(mismatch.render(root), err=True)
    per_game: dict[str, int] = {}
    for example in outcome.checked:
        per_game[example.game] = per_game.get(example.game, 0) + 1
    summary = ", ".join(f"{game} {n}" for game, n in sorted(per_game.items()))
    if coverage:
        typer.echo(cov.table(rows))
        missing = cov.uncovered(rows)
        typer.echo(f"\n{len(missing)} rule section(s) with an effect have no example"
                   + (": " + ", ".join(f"{r.game}/{r.id}" for r in missing) if missing else "."))
    unchecked = _not_checked(outcome.unchecked)
    if outcome.mismatches:
        typer.echo(f"{len(outcome.mismatches)} mismatch(es) in {len(outcome.checked)} examples ({summary})", err=True)
        if unchecked:
            typer.echo(unchecked, err=True)
        raise typer.Exit(code=1)
    if outcome.checked:
        typer.echo(f"verified {len(outcome.checked)} examples ({summary}): all agree with the engines")
    if unchecked:
        typer.echo(unchecked, err=strict)
        if strict:
            raise typer.Exit(code=1)
    elif not outcome.checked:
        typer.echo("no worked examples to verify")


def _not_checked(examples: list) -> str:
    """``3 examples not checked: no rules engine for demo (3)``, or "" when none."""
    if not examples:
        return ""
    per_game: dict[str, int] = {}
    for example in examples:
        per_game[example.game] = per_game.get(example.game, 0) + 1
    games = ", ".join(f"{game} ({n})" for game, n in sorted(per_game.items()))
    return f"{len(examples)} example(s) not checked: no rules engine for {games}"
