"""Options and error handling shared by every command (each option defined once)."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Annotated, Any, Iterator, NoReturn

import typer

def _shipped_slugs() -> str:
    """The shipped games' slugs, for help texts (a folder listing: --help stays quick)."""
    from .. import shipped_root

    folder = shipped_root() / "content"
    return ", ".join(sorted(p.name for p in folder.iterdir() if (p / "game.yaml").is_file())) if folder.is_dir() else ""


SHIPPED_SLUGS = _shipped_slugs()

ProjectOption = Annotated[
    Path,
    typer.Option("--project", "-p", help="Project folder holding content/ and templates/ (default: current directory).",
                 file_okay=False, dir_okay=True),
]


def project_root(ctx: typer.Context) -> Path:
    """The project folder a command works on; the first time, what of the project's
    own code will not run because it is not trusted is said in one line."""
    obj = ctx.find_root().obj or {}
    root = Path(obj.get("project", ".")).resolve()
    if not obj.get("trust said"):
        obj["trust said"] = True
        from ..trust import TrustError, notice

        try:
            line = notice(root)
        except TrustError as exc:
            line = f"untrusted project: {exc}"
        if line:
            typer.echo(line, err=True)
    return root


@contextlib.contextmanager
def die_on_content_errors(root: Path, report: Any = None) -> Iterator[None]:
    """Turn ContentInvalid into one line per problem on stderr and exit code 2.

    ``report`` (a BuildReport) says whether a build had already finished some outputs
    when the problem stopped it, so the last line tells the truth about what was written."""
    from ..content.errors import ContentInvalid

    try:
        yield
    except ContentInvalid as exc:
        typer.echo(exc.render(root), err=True)
        typer.echo(f"{len(exc.errors)} problem(s); {_written(report)}", err=True)
        raise typer.Exit(code=2) from None


def _written(report: Any, stopped: str = "the build stopped") -> str:
    """What a build had done when it stopped, as the last line of its message."""
    built = list(getattr(report, "built", None) or [])
    if not built:
        return f"{stopped}; nothing was written." if stopped != "the build stopped" else "nothing was written."
    names = ", ".join(built[:3]) + (f" and {len(built) - 3} more" if len(built) > 3 else "")
    return (f"{stopped} after bringing {len(built)} output(s) up to date ({names}); every file it left is whole, "
            "and the next build makes the rest.")


@contextlib.contextmanager
def command_errors(root: Path, report: Any = None, what: str = "build") -> Iterator[None]:
    """Every way a long command can end early, as a message and an exit code: content
    problems (2), a file that cannot be written (2), a layout that cannot print (2), a
    signal (130 for SIGINT, 143 for SIGTERM: the work stops within seconds, workers and
    all, and finished files stay whole)."""
    from ..layout.lint import LayoutError
    from ..workers import Interrupted, signals_interrupt

    try:
        with die_on_content_errors(root, report), signals_interrupt():
            yield
    except LayoutError as exc:
        typer.echo("cannot print as laid out:\n" + "\n".join(f"  {p}" for p in exc.problems), err=True)
        raise typer.Exit(code=2) from None
    except Interrupted as exc:
        stopped = f"{what} stopped by {exc.name}"
        typer.echo("\n" + (_written(report, stopped) if report is not None else stopped + "."), err=True)
        raise typer.Exit(code=exc.exit_code) from None
    except OSError as exc:
        typer.echo(cannot_write(exc, root), err=True)
        raise typer.Exit(code=2) from None


def cannot_write(exc: OSError, root: Path | None = None) -> str:
    """``cannot write output/x.pdf: permission denied``; for a path through a file, which
    file is in the way."""
    import errno

    from ..atomic import SymlinkRefused

    if isinstance(exc, SymlinkRefused):
        return str(exc)
    path = Path(exc.filename) if exc.filename else None
    shown = lambda p: str(p.relative_to(root)) if root is not None and p.is_relative_to(root) else str(p)  # noqa: E731
    if path is None:
        return f"cannot write: {exc.strerror or exc}"
    if exc.errno in (errno.ENOTDIR, errno.EEXIST):
        blocker = next((p for p in [path, *path.parents] if p.exists() and not p.is_dir()), None)
        if blocker is not None:
            return f"cannot write {shown(path)}: {shown(blocker)} is a file, not a folder (move it away)"
    return f"cannot write {shown(path)}: {(exc.strerror or str(exc)).lower()}"


def fail(message: str, code: int = 2) -> NoReturn:
    typer.echo(message, err=True)
    raise typer.Exit(code=code)
