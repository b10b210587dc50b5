"""`pipworks verify`: every worked example replayed through the engine."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .common import die_on_content_errors, project_root


def verify(
    ctx: typer.Context,
    paths: Optional[list[Path]] = typer.Argument(None, help="Files or folders to check, anywhere (default: content/ and site/pages/)."),
    coverage: bool = typer.Option(False, "--coverage", help="Also print which rule sections have examples."),
    strict: bool = typer.Option(False, "--strict", help="Fail (exit 1) when a game has examples but no engine to check them."),
) -> None:
    """Replay every worked example through the rules engine and compare the outcome.

    Every problem is reported in one run. Exit code 1 if any example disagrees with the
    engine (or shows a position no game can reach), 2 if an example cannot be read.
    Examples of a game without an engine are counted as not checked (exit 1 with --strict).
    Nothing is written.
    """
    from ..verify import coverage as cov
    from ..verify.examples import gather
    from ..verify.run import run_all

    root = project_root(ctx)
    chosen = list(paths) if paths else [p for p in (root / "content", root / "site" / "pages") if p.exists()]
    examples, unreadable = gather(chosen)
    with die_on_content_errors(root):  # a project whose own engine cannot be loaded
        outcome = run_all(examples, root=root)
    unreadable += outcome.unreadable
    for mismatch in outcome.mismatches:
        typer.echo(mismatch.render(root), err=True)
    for problem in unreadable:
        typer.echo(problem.render(root), err=True)
    per_game: dict[str, int] = {}
    for example in outcome.checked:
        per_game[example.game] = per_game.get(example.game, 0) + 1
    summary = ", ".join(f"{game} {n}" for game, n in sorted(per_game.items()))
    if coverage and not unreadable:
        with die_on_content_errors(root):
            rows = cov.coverage(root, outcome.checked)
        typer.echo(cov.table(rows))
        missing = cov.uncovered(rows)
        typer.echo(f"\n{len(missing)} rule section(s) with an effect have no example"
                   + (": " + ", ".join(f"{r.game}/{r.id}" for r in missing) if missing else "."))
    unchecked = _not_checked(outcome.unchecked)
    if unreadable or outcome.mismatches:
        wrong = len({(m.example.file, m.example.id) for m in outcome.mismatches})
        typer.echo(f"{wrong} of {len(outcome.checked)} examples disagree with the engines ({summary or 'none read'}); "
                   f"{len(unreadable)} problem(s) make examples unreadable", err=True)
        if unchecked:
            typer.echo(unchecked, err=True)
        raise typer.Exit(code=2 if unreadable else 1)
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
