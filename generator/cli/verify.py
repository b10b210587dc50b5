"""`pipworks verify`: every worked example replayed through the engine."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .common import die_on_content_errors, fail, project_root


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
    if not chosen:
        fail(f"nothing to verify in {root}: it has neither content/ nor site/pages/ (use --project to point at a project)")
    with die_on_content_errors(root):  # a page that is not UTF-8 text
        examples, unreadable = gather(chosen)
        warnings = near_miss_fences(root, chosen)
    for warning in warnings:
        typer.echo(warning, err=True)
    if not examples and not unreadable:
        fail(f"no worked example found in {', '.join(_shown(p, root) for p in chosen)}: examples live in "
             "content/<game>/examples.yaml and in Markdown blocks fenced ```pipworks-example")
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


def _shown(path: Path, root: Path) -> str:
    resolved = path.resolve()
    return str(resolved.relative_to(root)) if resolved.is_relative_to(root) else str(path)


def near_miss_fences(root: Path, chosen: list[Path]) -> list[str]:
    """``file:line`` warnings for fences whose label looks meant as ``pipworks-example``
    but is not (a typo there silently leaves the block unchecked)."""
    import difflib
    import re

    from ..content.loader import read_text

    label = re.compile(r"^\s*(?:```+|~~~+)\s*([^\s`]+)\s*$")
    pages: list[Path] = []
    for path in chosen:
        pages += sorted(path.rglob("*.md")) if path.is_dir() else [path] if path.suffix == ".md" else []
    warnings = []
    for page in pages:
        for number, line in enumerate(read_text(page).splitlines(), start=1):
            match = label.match(line)
            if match and match[1] != "pipworks-example" and difflib.get_close_matches(match[1], ["pipworks-example"], cutoff=0.75):
                warnings.append(f"{_shown(page, root)}:{number}: fence label {match[1]!r} is not 'pipworks-example': "
                                "this block is not checked")
    return warnings
