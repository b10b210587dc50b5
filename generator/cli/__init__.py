"""The ``pipworks`` command line: a thin layer over the library.

Only typer is imported at start-up; each command imports what it needs inside its body,
so ``pipworks --help`` stays quick. Domain errors become exit codes here and only here:
2 for content that cannot be used, 1 for a check that found a mismatch.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Any, Optional

import typer

from .common import SHIPPED_SLUGS, command_errors, die_on_content_errors, project_root
from .root import PNP_HELP, PREVIEW_HELP, new_app

app = new_app()


@app.command(short_help="Check every content file; write nothing.")
def validate(ctx: typer.Context) -> None:
    """Check every content file (schema and cross-checks); write nothing.

    Each problem is printed as FILE:LINE: FIELD.PATH: WHAT IS WRONG (a spreadsheet's as
    FILE: sheet 'S' row R column C: WHAT IS WRONG), every stage's in one run (game.yaml,
    cards files, layouts, text that must fit, examples); exit code 2 if any.
    Warnings (a rule with an effect on neither the quick reference nor left off it;
    colour text of a data-made deck under WCAG 2 contrast against what lies under it)
    are printed the same way after "warning:" and do not change the exit code.
    """
    from ..content.checks import reference_warnings
    from ..verify.project import validated_project

    root_dir = project_root(ctx)
    with die_on_content_errors(root_dir):
        project = validated_project(root_dir)
    for game in project.games.values():
        for warning in reference_warnings(game):
            typer.echo(f"warning: {warning.render(root_dir)}", err=True)
    typer.echo(f"content OK: {len(project.games)} games ({', '.join(sorted(project.games))})")


class Group(str, Enum):
    pnp = "pnp"
    docs = "docs"
    site = "site"


@app.command(short_help="Build print files, rulebooks and the site into output/.")
def build(
    ctx: typer.Context,
    games: Optional[list[str]] = typer.Argument(None, help=f"Game slugs to build (default: all), e.g. {SHIPPED_SLUGS}.",
                                                show_default=False, metavar="[GAME]..."),
    force: bool = typer.Option(False, "--force", help="Rebuild everything, reusing nothing."),
    only: Optional[Group] = typer.Option(None, "--only", help="Build one group only: print files (pnp), rulebooks (docs) or the site."),
    jobs: int = typer.Option(0, "--jobs", "-j", min=0, help="Processes to build with (default: all cores)."),
) -> None:
    """Build print files, rulebooks and the site into output/; only what changed is redone.

    In a folder with no content/, the games Pipworks ships are copied into content/
    first (it says from where), so there is something to build and to edit. One build
    at a time: a second build in the same project waits for the first. Stopped by
    Ctrl-C or SIGTERM, a build ends within seconds; every file it leaves is whole, and
    the next build makes what is missing or was edited by hand. Every print file it
    writes is preflighted: exit code 1, each problem listed, if any has one (and on
    every later build that reuses it, until a rebuild clears the problem).
    """
    from ..build import BuildReport, problems_line, run_build
    from ..verify.run import ExamplesDisagree, SiteBuildFailed

    root_dir = project_root(ctx)
    if not (root_dir / "content").exists() and not (root_dir / "content").is_symlink():
        _start_from_shipped_games(root_dir)
    if (root_dir / "site").is_dir() and not (root_dir / "site" / "mkdocs.yml").is_file():
        typer.echo(f"note: {root_dir / 'site'} has no mkdocs.yml, so the rules site is built from Pipworks' own "
                   "skeleton and pages (add site/mkdocs.yml to use your own)", err=True)
    report = BuildReport()
    with command_errors(root_dir, report):
        try:
            run_build(root_dir, games, {}, force=force, only=only.value if only else None, workers=jobs,
                      progress=lambda key: typer.echo(f"  building {key}"), report=report,
                      waiting=lambda message: typer.echo(message, err=True))
        except SiteBuildFailed as exc:
            typer.echo("\n".join(exc.lines), err=True)
            typer.echo("the rules site could not be built (see above).", err=True)
            raise typer.Exit(code=1) from None
        except ExamplesDisagree as exc:
            typer.echo("\n".join(exc.lines), err=True)
            typer.echo(f"{len(exc.lines)} worked example(s) disagree with the rules engine; the site was not built.", err=True)
            raise typer.Exit(code=1) from None
    typer.echo(report.summary(root_dir))
    if report.problems:  # a print file a printer would reject is not a successful build
        typer.echo(problems_line(report), err=True)
        raise typer.Exit(code=1)


def _start_from_shipped_games(root_dir: Path) -> None:
    import shutil

    from .. import shipped_root

    source = shipped_root() / "content"
    shutil.copytree(source, root_dir / "content", ignore=shutil.ignore_patterns("__pycache__"))
    typer.echo(f"no content/ in {root_dir}: building the games Pipworks ships, whose content was copied "
               f"from {source} into {root_dir / 'content'} (edit it there; templates and the site skeleton "
               f"are Pipworks' own unless the project has templates/ or site/mkdocs.yml)")


# Sub-command modules import only typer at module level; their work is imported lazily.
from .engines import simulate as _simulate  # noqa: E402
from .play import play as _play  # noqa: E402
from .serve import serve as _serve  # noqa: E402
from .verify import verify as _verify  # noqa: E402
from .deck import app as _deck_app  # noqa: E402
app.add_typer(_deck_app, name="deck", short_help="Design the Multisuit deck; report on any deck file.")

# Short help: each fits one line of `pipworks --help` (longer ones are cut with "...").
app.command(name="verify", short_help="Replay every worked example through the rules engines.")(_verify)
app.command(name="play", short_help="Play a game in the terminal against bots, or hot-seat.")(_play)
app.command(name="simulate", short_help="Play many bot games and summarise how the game plays.")(_simulate)
app.command(name="serve", short_help="Build and serve the rules site, rebuilding on edits.")(_serve)
from .pnp import pnp as _pnp  # noqa: E402
app.command(name="pnp", short_help=PNP_HELP)(_pnp)
from .preview import preview as _preview  # noqa: E402
app.command(name="preview", short_help=PREVIEW_HELP)(_preview)
from .lab import balance as _balance  # noqa: E402
app.command(name="balance", short_help="Bots play many games: seat advantage, length, rules fired.")(_balance)
from .new import new as _new  # noqa: E402
app.command(name="new", short_help="Make a project folder for a new game of your own.")(_new)
from .trust import trust as _trust  # noqa: E402
app.command(name="trust", short_help="Allow a project's own code (plugins, site hooks) to run.")(_trust)
from .preflight import preflight as _preflight  # noqa: E402
app.command(name="preflight", short_help="Check PDFs and card images before sending them to print.")(_preflight)


def main() -> None:
    app()
