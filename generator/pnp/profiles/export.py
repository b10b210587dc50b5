"""``pipworks pnp GAME --for PROFILE``: a game's cards, ready for one print shop or table.

Everything goes through one PDF: the game's faces are laid out at the profile's card
size, bleed and safe zone, linted like any kit, and rendered by the PDF backend; the PNG
profiles rasterise that PDF's pages. Every file written is preflighted against the
profile, and so is the PDF the images were cut from (type size and the safe zone can
only be read from the PDF). Files go to ``output/<game>/<profile>/``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ... import __version__
from ...atomic import write_bytes, write_text
from ...components.base import Component, FaceOptions
from ..preflight import Problem, check_pdf, preflight, rules_for
from . import Profile
from .decks import Deck, NoCards, deck_document, shop_decks, sides_document


@dataclass
class ProfileExport:
    written: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    #: who prints it, one per card size ("MakePlayingCards (tarot cards)"), for the verdict
    targets: list[str] = field(default_factory=list)
    #: the profile of the card each file holds, to preflight it against (default: the export's)
    cards: dict[Path, Profile] = field(default_factory=dict)


def profile_components(game: Any, project_root: Path, profile: Profile) -> list[Component]:
    """The game's components at the profile's card size, bleed and safe zone, linted: a
    game whose faces are code lays its cards out at the profile's card; one whose faces
    are data (a layout and a cards file) at its layout's size, snapped to the nearest card
    the shop makes (``FaceOptions.shop_sizes``)."""
    from ...games import faces_for
    from ..assemble import NoLayouts, lint_components

    faces = faces_for(game.slug, game)
    if faces is None:
        raise NoLayouts(f"no component layouts for {game.slug!r}")
    options = FaceOptions(card_size=profile.trim_mm, bleed=profile.bleed_mm, safe=profile.safe_mm,
                          shop_sizes=tuple(p.trim_mm for p in profile.products))
    return lint_components(list(faces(game, options, project_root)))


def profile_groups(game: Any, components: list[Component], profile: Profile) -> list[tuple[Profile, list[Component]]]:
    """The game's cards by the shop's card each prints as (in order of first appearance),
    each with the profile for that card. Raises NoCards, naming every card the shop does
    not make and the cards it does, when any card has no product: a deck printed in
    part would be a deck that cannot be played."""
    groups: dict[Profile, list[Component]] = {}
    missing = []
    for component in components:
        if component.kind != "card":
            continue
        found = profile.for_card(component.trim)
        if found is None:
            missing.append(component)
        else:
            groups.setdefault(found, []).append(component)
    if missing:
        names = "; ".join(f"{c.name} ({c.trim[0]:g} × {c.trim[1]:g} mm)" for c in missing)
        raise NoCards(f"{game.slug}: {profile.target.split(' (')[0]} makes no card of this size: {names}; it makes "
                      f"{profile.sizes_words()} (change the layout's size:, or print with --for tts or the kit)")
    if not groups:
        shop_decks(game, components, profile)  # raises NoCards naming what the game prints instead
    return list(groups.items())


def export_profile(game: Any, project_root: Path, out_dir: Path, profile: Profile, icc: bytes | None = None,
                   base_url: str | None = None) -> ProfileExport:
    """Write ``game``'s decks for ``profile`` into ``out_dir/<profile>/`` and preflight them
    (``icc``: the shop's CMYK profile for DriveThruCards; ``base_url``: where a Tabletop
    Simulator saved object finds its uploaded images).

    Raises NoCards when the game has no cards, or cards of a size the shop does not make;
    LayoutError when text does not fit the profile's safe zone (nothing is written then)."""
    components = profile_components(game, project_root, profile)
    decks = [(card, deck) for card, group in profile_groups(game, components, profile)
             for deck in shop_decks(game, group, card)]
    folder = out_dir / profile.name
    result = ProfileExport(notes=[f"deck {d.summary()}" + _size_note(card, profile) for card, d in decks],
                           targets=list(dict.fromkeys(card.target for card, _ in decks)))
    result.notes += [f"{d.name}: the design has no card back, so the plain back with the game's title is printed "
                     f"on the back" for _, d in decks if d.plain_back]
    others = [f"{c.name} ({c.kind}, {c.trim[0]:g} × {c.trim[1]:g} mm)" for c in components if c.kind != "card"]
    if others:
        them = "it" if len(others) == 1 else "them"
        result.notes.append(f"not cards, so not in this export: {'; '.join(others)}; print {them} from the "
                            f"print-and-play kit (pipworks pnp {game.slug})")
    if profile.name == "dtc":
        _press_pdfs(game, decks, folder, result, icc)
    else:
        if profile.name == "tts":
            _tts(game, decks, folder, result, base_url)
        else:
            _png_set(game, decks, folder, result)
    for path in result.written:
        if path.suffix == ".png" and profile.face_px is None:
            continue  # Tabletop Simulator sheets: checked through the saved object that names them
        result.problems.extend(preflight(path, result.cards.get(path, profile), _shown(path, project_root)))
    return result


def _size_note(card: Profile, profile: Profile) -> str:
    """", printed as tarot cards (69.8 × 120.6 mm)" when a deck is not the profile's usual card."""
    if card.card == profile.card:
        return ""
    w, h = card.trim_mm
    return f", printed as {card.card.name} cards ({w:.1f} × {h:.1f} mm)" if not profile.any_size else \
        f", {w:.1f} × {h:.1f} mm cards"


def _shown(path: Path, root: Path) -> str:
    """``path`` as the user reads it: relative to the project when inside it."""
    try:
        return str(path.relative_to(root))
    except ValueError:
        return str(path)


def _version() -> str:
    return __version__


def _source_pdf(game: Any, deck: Deck, profile: Profile, result: ProfileExport, shown: str) -> bytes:
    """The deck's distinct faces one a page, preflighted for type and safe zone."""
    from ...render.pdf import render_document

    data = render_document(sides_document(game, deck, profile, _version()))
    result.problems.extend(check_pdf(data, rules_for(profile), shown))
    return data


def _png_set(game: Any, decks: list[tuple[Profile, Deck]], folder: Path, result: ProfileExport) -> None:
    """One PNG per card front (copies repeated, as a shop's deck has a slot per card) and
    one per distinct back, each exactly the pixel size of the shop's card."""
    from .raster import png_bytes, render_pages

    for profile, deck in decks:
        assert profile.face_px is not None
        where = folder / deck.id
        data = _source_pdf(game, deck, profile, result, f"{where.name}: the PDF its images are cut from")
        images = list(render_pages(data, profile.face_px))
        fronts, backs = deck.fronts, deck.backs
        encoded = {scene: png_bytes(image, profile.dpi) for scene, image in zip([*fronts, *backs], images)}
        files = {f"front-{n:02d}.png": encoded[card.front] for n, card in enumerate(deck.cards, start=1)}
        files.update({("back.png" if len(backs) == 1 else f"back-{n:02d}.png"): encoded[back]
                      for n, back in enumerate(backs, start=1)})
        written = _write_folder(where, files)
        result.written.extend(written)
        result.cards.update(dict.fromkeys(written, profile))


def _write_folder(folder: Path, files: dict[str, bytes]) -> list[Path]:
    """Write ``files`` into ``folder`` and remove PNGs an earlier export left there."""
    written = []
    for name, data in files.items():
        write_bytes(folder / name, data)
        written.append(folder / name)
    for old in folder.glob("*.png"):
        if old.name not in files:
            old.unlink()
    return written


def _press_pdfs(game: Any, decks: list[tuple[Profile, Deck]], folder: Path, result: ProfileExport,
                icc: bytes | None = None) -> None:
    """One CMYK PDF per deck: back 1, front 1, back 2, front 2 … converted through
    ``icc`` (the shop's own profile) or the shipped one."""
    from ...render.press import render_press_document

    for profile, deck in decks:
        assert profile.max_ink is not None
        path = folder / f"{game.slug}-{deck.id}-{profile.name}.pdf"
        write_bytes(path, render_press_document(deck_document(game, deck, profile, _version()), profile.max_ink, icc))
        result.written.append(path)
        result.cards[path] = profile


def _tts(game: Any, decks: list[tuple[Profile, Deck]], folder: Path, result: ProfileExport,
         base_url: str | None = None) -> None:
    """Sheets of card fronts (and backs), cut at the trim, and one saved object naming
    them relative to itself (or under ``base_url``)."""
    from .raster import png_bytes, render_pages
    from .tts import cell_px, deck_object, image_url, saved_object, sheet_image, sheets_for

    objects = []
    files: dict[str, bytes] = {}
    key = 1
    for index, (profile, deck) in enumerate(decks):
        trim = deck.fronts[0].width, deck.fronts[0].height  # as the cards lie: a table turns none
        cell = cell_px(trim)
        data = _source_pdf(game, deck, profile, result, f"{deck.id}: the PDF its sheet is cut from")
        scenes = [*deck.fronts, *deck.backs]
        images = dict(zip(scenes, render_pages(data, cell, inset_mm=profile.bleed_mm)))
        sheets = sheets_for(deck, key)
        key += len(sheets)
        unique_back = len(deck.backs) > 1
        urls = {}
        for number, sheet in enumerate(sheets, start=1):
            face = f"{deck.id}-sheet-{number}.png"
            files[face] = png_bytes(sheet_image(sheet, images, cell, "front"))
            back = f"{deck.id}-back-sheet-{number}.png" if unique_back else f"{deck.id}-back.png"
            files[back] = png_bytes(sheet_image(sheet, images, cell, "back") if unique_back else images[deck.backs[0]])
            urls[sheet.key] = (image_url(face, base_url), image_url(back, base_url))
        objects.append(deck_object(game.slug, deck, sheets, urls, unique_back, x=index * 3.0, trim=trim))
    result.written.extend(_write_folder(folder, files))
    path = folder / f"{game.slug}-tts.json"
    write_text(path, saved_object(game.title, objects))
    result.written.append(path)


def run_profile(root: Path, slug: str, profile: Profile, icc: bytes | None = None,
                base_url: str | None = None) -> tuple[ProfileExport | None, str]:
    """What ``pipworks pnp GAME --for PROFILE`` does: (the export, "") or (None, why not)."""
    from ...layout.lint import LayoutError
    from ...verify.project import validated_project
    from ..assemble import NoLayouts

    project = validated_project(root, only=[slug])
    try:
        return export_profile(project.games[slug].content, root, root / "output" / slug, profile, icc,
                              base_url), ""
    except (NoCards, NoLayouts) as exc:
        return None, str(exc)
    except LayoutError as exc:
        return None, (f"{slug}: cannot print for {profile.target} as laid out:\n"
                      + "\n".join(f"  {p}" for p in exc.problems))
