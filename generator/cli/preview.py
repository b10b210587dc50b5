"""`pipworks preview GAME CARD…`: a PNG of one or more faces, at once.

A designer's loop is edit, look, edit: this draws only the faces asked for, from the
same scene and the same PDF backend as the print files, and writes them to
``output/<game>/preview/`` (``--open`` shows them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer

from .common import SHIPPED_SLUGS, command_errors, fail, project_root
from .pnp import InkChoice, SizeChoice


def preview(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=f"Game slug: {SHIPPED_SLUGS}, or a game of the project.", metavar="GAME"),
    cards: list[str] = typer.Argument(..., help="Faces to draw: a card's number in the deck (7), COMPONENT-NN as the "
                                      "SVG files are named (playing-cards-07), or a card's name.", metavar="CARD..."),
    back: bool = typer.Option(False, "--back", help="Draw the cards' backs instead of their fronts."),
    size: Optional[SizeChoice] = typer.Option(None, "--size", help="Card size, as pnp takes it (default: the game's)."),
    ink: InkChoice = typer.Option(InkChoice.colour, "--ink", help="colour, or bw as the ink-saving kit prints."),
    dpi: int = typer.Option(200, "--dpi", min=36, max=600, help="Pixels per inch of the PNG."),
    show: bool = typer.Option(False, "--open", help="Open each PNG with the system's viewer."),
) -> None:
    """Draw one or more faces as PNGs into output/<game>/preview/, from the print files' scenes."""
    from ..pnp.assemble import NoLayouts, load_components
    from ..pnp.options import PnpOptions
    from ..pnp.preview import NoSuchFace, pick_face, write_previews

    root = project_root(ctx)
    options = PnpOptions(size=size.value if size else "insert", ink=ink.value)
    with command_errors(root, what="preview"):
        content = _game_content(root, game)
        if size is not None:
            from .pnp import size_refusal

            why = size_refusal(root, game, size.value)
            if why:
                fail(why)
        try:
            components = load_components(content, options, root)
            picks = [pick_face(components, card, back) for card in cards]
        except (NoLayouts, NoSuchFace) as exc:
            fail(f"{game}: {exc}")
        written, problems = write_previews(picks, root / "output" / game / "preview", dpi, options.face_ink)
    for path in written:
        typer.echo(f"  wrote {path.relative_to(root)}")
        if show:
            typer.launch(str(path))
    for problem in problems:
        typer.echo(f"warning: {problem} (the print files would refuse this)", err=True)


def _game_content(root: Path, game: str) -> Any:
    """The game's content, loaded and checked as a build loads it (its examples are not
    replayed: a preview draws faces only); an unknown game is a content error."""
    from ..content.project import load_project
    from ..games import use_project

    use_project(root)
    return load_project(root, [game]).games[game].content
