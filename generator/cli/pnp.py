"""`pipworks pnp GAME`: one game's print-and-play files, with the player's choices.

Files that differ from the defaults get the choices in their names, so this command
never overwrites the default kit that ``pipworks build`` keeps. Without ``--force`` a
kit whose inputs and options are unchanged is reused, as ``pipworks build`` would.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Any, Optional

import typer

from .common import SHIPPED_SLUGS, command_errors, die_on_content_errors, fail, project_root


class PaperChoice(str, Enum):
    a4 = "a4"
    letter = "letter"


class SizeChoice(str, Enum):
    insert = "insert"
    poker = "poker"
    bridge = "bridge"
    quick_insert = "quick-insert"


class InkChoice(str, Enum):
    colour = "colour"
    bw = "bw"
    cmyk = "cmyk"


class ShopChoice(str, Enum):
    tgc = "tgc"
    mpc = "mpc"
    dtc = "dtc"
    tts = "tts"


class BacksChoice(str, Enum):
    none = "none"
    duplex_long = "duplex-long"
    duplex_short = "duplex-short"
    fold = "fold"


#: The calibration sheet's scales read offsets from -5 to 5 mm; a larger one is a typo
#: (or a printer no offset can fix).
MAX_BACK_OFFSET_MM = 5.0


def _offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise typer.BadParameter(f"expected X,Y in mm (e.g. 0.5,-1), got {text!r}") from None
    if not all(abs(v) <= MAX_BACK_OFFSET_MM for v in (x, y)):
        raise typer.BadParameter(f"{text!r}: each offset is at most {MAX_BACK_OFFSET_MM:g} mm either way "
                                 "(the calibration sheet's scales)")
    return x, y


def _has_backs(root: Any, game: str, options: Any) -> bool:
    """Does ``game`` print any card back? (Its components, laid out with ``options``.)"""
    from ..pnp.assemble import load_components
    from ..verify.project import validated_project

    content = validated_project(root, only=[game], printing=True).games[game].content
    return any(face.back is not None for component in load_components(content, options, root) for face in component.faces)


def size_refusal(root: Path, game: str, size: str) -> str:
    """Why ``--size size`` cannot apply to ``game`` ("" when it can): a game whose cards are
    data takes its card size from its layout, so a layout that gives another size, or a
    game with no cards at all, would print something other than what was asked for."""
    from dataclasses import replace

    from ..games import find_spec

    spec = find_spec(game)
    if spec is not None and spec.faces is not None:
        return ""  # a game whose faces are code lays its cards out at any --size
    from ..components.base import CARD_SIZES
    from ..faces_from_data.faces import components, fixed_sizes
    from ..games import faces_for
    from ..verify.project import validated_project

    content = validated_project(root, only=[game], printing=True).games[game].content
    if faces_for(game, content) is not components:
        return ""
    cards = fixed_sizes(content, root)
    if not cards:
        return f"--size {size}: {game} prints no cards, so --size changes nothing; nothing was written"
    for component, layout in cards:
        if layout.size is None:
            continue
        if replace(layout, size=CARD_SIZES[size]).card_size((0.0, 0.0)) != layout.card_size((0.0, 0.0)):
            where = layout.path.relative_to(root) if layout.path.is_relative_to(root) else layout.path
            return (f"--size {size}: the layout of {component.name} ({where}:{layout.size_line or 1}) sets its "
                    f"size to {layout.size_words()}; change size: there to print {size} cards. Nothing was written")
    return ""


def _has_cards(root: Path, game: str, options: Any) -> bool:
    """Does ``game`` print any card (what ``--pod`` prints one a page)?"""
    from ..pnp.assemble import load_components
    from ..verify.project import validated_project

    content = validated_project(root, only=[game], printing=True).games[game].content
    return any(component.kind == "card" for component in load_components(content, options, root))


def pnp(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=f"Game slug: {SHIPPED_SLUGS}, or a game of the project.", metavar="GAME"),
    paper: Optional[list[PaperChoice]] = typer.Option(None, "--paper", help="Paper size; repeat for both (default: a4 and letter)."),
    size: Optional[SizeChoice] = typer.Option(None, "--size", help="Card size: 63×88 insert (the default), poker, bridge "
                                              "or 60×85 quick-insert. A game whose layout gives its size: that size; "
                                              "another --size is refused."),
    bleed: float = typer.Option(3.0, "--bleed", help="Bleed in mm around cards with a coloured edge."),
    ink: InkChoice = typer.Option(InkChoice.colour, "--ink", help="colour, bw to save ink, or cmyk: colour PDFs converted to CMYK through Pipworks' ICC profile."),
    backs: Optional[BacksChoice] = typer.Option(None, "--backs", help="Card backs: none (fronts only), duplex-long (the default), duplex-short or fold."),
    back_offset: str = typer.Option("0,0", "--back-offset", help="X,Y mm to shift back pages (read it off the calibration page)."),
    pod: bool = typer.Option(False, "--pod", help="Also write the one-card-per-page PDF for print-on-demand."),
    svg: bool = typer.Option(False, "--svg", help="Also write one SVG per face into svg/."),
    force: bool = typer.Option(False, "--force", help="Render even if nothing changed."),
    shop: Optional[ShopChoice] = typer.Option(None, "--for", help="Instead, the cards for a print shop or table: "
                                              "tgc, mpc (PNG per face), dtc (CMYK PDF per deck) or tts "
                                              "(Tabletop Simulator sheets and saved object), into output/<game>/<profile>/."),
    icc: Optional[Path] = typer.Option(None, "--profile", help="With --for dtc: the shop's own CMYK ICC profile to "
                                       "convert colours through and embed (default: Pipworks' coated profile)."),
    base_url: Optional[str] = typer.Option(None, "--base-url", metavar="URL",
                                           help="With --for tts: where you uploaded the sheets (https://...); the saved "
                                                "object names each image under it. Default: names relative to the saved object."),
) -> None:
    """Write one game's print-and-play PDF(s) into output/<game>/."""
    from ..pnp.options import PnpOptions

    root = project_root(ctx)
    if icc is not None and (shop is None or shop.value != "dtc"):
        fail("--profile applies to CMYK output: use it with --for dtc")
    if base_url is not None and shop is not ShopChoice.tts:
        fail("--base-url is for --for tts (where Tabletop Simulator finds the uploaded sheets)")
    if base_url is not None and not base_url.lower().startswith(("https://", "http://", "file:///")):
        fail(f"--base-url {base_url!r}: give the URL of the folder holding the sheets, starting https://, http:// "
             "or file:///")
    if shop is not None:
        _for_shop(root, game, shop.value, _read_profile(icc) if icc is not None else None, base_url)
        return
    papers = [p.value for p in paper] if paper else ["a4", "letter"]
    try:
        options = PnpOptions(paper=papers[0], size=size.value if size else PnpOptions().size, bleed=bleed,
                             ink=ink.value, backs=(backs or BacksChoice.duplex_long).value,
                             back_offset=_offset(back_offset))
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    with die_on_content_errors(root):  # an option that cannot apply is refused, never ignored
        if size is not None and (why := size_refusal(root, game, size.value)):
            fail(why)
        if (backs not in (None, BacksChoice.none) or back_offset != "0,0") and not _has_backs(root, game, options):
            fail(f"{game} prints no card backs: --backs and --back-offset change nothing for it")
        if pod and not _has_cards(root, game, options):
            fail(f"{game} prints no cards: --pod (one card a page, for print on demand) has nothing to print")
    from ..atomic import confined
    from ..pnp.cli_run import run_pnp

    with command_errors(root, what="pnp"), confined(root):  # no write through a link in the project
        outcome = run_pnp(root, game, options, papers, pod=pod, svg=svg, force=force)
    if outcome.error:
        typer.echo(outcome.error, err=True)
        raise typer.Exit(code=2)
    if not outcome.written:
        typer.echo(f"{game}: up to date (use --force to render again)")
        return
    for path in outcome.written:
        if path.suffix == ".pdf":
            typer.echo(f"  wrote {path.relative_to(root)}")
    svgs = sum(1 for p in outcome.written if p.suffix == ".svg")
    if svgs:
        typer.echo(f"  wrote {svgs} SVG faces in {(root / 'output' / game / options.svg_folder()).relative_to(root)}")


#: An ICC profile larger than this is not a printing condition but a mistake.
MAX_PROFILE_BYTES = 16 * 1024 * 1024


def _read_profile(path: Path) -> bytes:
    """The bytes of a CMYK ICC profile littleCMS can convert to; exit 2 naming the file otherwise."""
    from ..render.press import BadProfile, check_profile

    if not path.is_file():
        fail(f"{path}: no such ICC profile")
    if path.stat().st_size > MAX_PROFILE_BYTES:
        fail(f"{path}: {path.stat().st_size} bytes is too large for an ICC profile")
    data = path.read_bytes()
    try:
        check_profile(data)
    except BadProfile as exc:
        fail(f"{path}: {exc}")
    return data


def _for_shop(root: Path, game: str, name: str, icc: bytes | None = None,
              base_url: str | None = None) -> None:
    """``--for``: write the profile's files, list them, then preflight's verdict (exit 1 on a problem)."""
    from ..atomic import confined
    from ..pnp.profiles import find_profile
    from ..pnp.profiles.export import run_profile

    profile = find_profile(name)
    with command_errors(root, what="pnp"), confined(root):  # no write through a link in the project
        export, error = run_profile(root, game, profile, icc, base_url)
    if export is None:
        typer.echo(error, err=True)
        raise typer.Exit(code=2)
    folders = sorted({p.parent for p in export.written})
    for folder in folders:
        files = [p for p in export.written if p.parent == folder]
        typer.echo(f"  wrote {len(files)} file(s) in {folder.relative_to(root)}" if len(files) > 1
                   else f"  wrote {files[0].relative_to(root)}")
    for note in export.notes:
        typer.echo(f"  note: {note}")
    against = " and ".join(export.targets or [profile.target])
    if export.problems:
        typer.echo("\n".join(str(p) for p in export.problems), err=True)
        from ..pnp.preflight import total

        typer.echo(f"preflight for {against}: {total(export.problems)} problem(s) listed above", err=True)
        raise typer.Exit(code=1)
    typer.echo(f"preflight for {against}: no problems")
