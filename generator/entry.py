"""The ``pipworks`` console script.

A designer's most frequent command is a rebuild with nothing changed. Answering it must
cost little more than starting Python, so a plain ``pipworks [--project P] build [GAME…]
[--only GROUP]`` is first checked here without importing typer (≈0.1 s of imports):
when every output is up to date we say so and stop. Anything else, or any stale output,
goes to the full Typer CLI, which parses, validates and builds as usual.
"""

from __future__ import annotations

import sys
from pathlib import Path


def _plain_build_args(argv: list[str]) -> tuple[Path, list[str], str | None] | None:
    """(project, games, only) for a plain build command line; None for anything else."""
    project, games, only = Path("."), [], None
    args = list(argv)
    while args and args[0] != "build":
        flag = args.pop(0)
        if flag in ("--project", "-p") and args:
            project = Path(args.pop(0))
        elif flag.startswith("--project="):
            project = Path(flag.partition("=")[2])
        else:
            return None
    if not args:
        return None
    args.pop(0)
    while args:
        arg = args.pop(0)
        if arg == "--only" and args:
            only = args.pop(0)
        elif arg.startswith("--only="):
            only = arg.partition("=")[2]
        elif arg.startswith("-"):
            return None  # --force, --help, ...: the full CLI handles these
        else:
            games.append(arg)
    if only is not None and only not in ("pnp", "docs", "site"):
        return None  # the full CLI names the choices
    return project, games, only


def quick_build(argv: list[str]) -> bool:
    """True when a plain build found nothing stale (and said so)."""
    parsed = _plain_build_args(argv)
    if parsed is None:
        return False
    project, games, only = parsed
    from .build import nothing_to_do

    report = nothing_to_do(project.resolve(), games, only)
    if report is None:
        return False
    from .trust import TrustError, notice

    try:
        line = notice(project.resolve())  # its outputs were made without its code: said as a full build says it
    except TrustError as exc:
        line = f"untrusted project: {exc}"
    if line:
        print(line, file=sys.stderr)
    print(report.summary(project.resolve()))
    if report.problems:  # reused print files preflight rejected: still not a success
        from .build import problems_line

        print(problems_line(report), file=sys.stderr)
        raise SystemExit(1)
    return True


#: Commands that make one game's files and exit. Their objects (scenes, pages, the PDF
#: being written) live until the end and form almost no cycles, yet the cyclic garbage
#: collector walks every new one again and again: ~40 ms of a ~0.3 s ``pipworks pnp``.
#: For these the process's exit frees everything, so the collector stays off (and its
#: last pass at exit skips them). They also run through an app holding only their own
#: command (``generator.cli.single``).
ONE_SHOT = ("pnp", "preview")


def _one_shot(argv: list[str]) -> str | None:
    """The command of a line that is plainly ``[--project DIR] pnp|preview …``; None
    for anything else (``--help`` or ``--version`` first, another command)."""
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg in ("--project", "-p") and args:
            args.pop(0)
        elif not arg.startswith("--project="):
            return arg if arg in ONE_SHOT else None
    return None


def main() -> None:
    if quick_build(sys.argv[1:]):
        return
    command = _one_shot(sys.argv[1:])
    if command is not None:
        import gc

        from .cli.single import run

        gc.disable()
        try:
            run(command)
        finally:
            # Python's exit runs one last collection over every object still alive
            # (~50 ms here); frozen, they are left to the exit to free.
            gc.freeze()
        return
    from .cli import main as cli_main

    cli_main()
