"""Cross-field checks a schema cannot express: references, suits, counts and deals."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

from .errors import ContentError
from .loader import LoadedGame, iter_sections
from .reference import note, sections, undecided
from .schema import STANDARD_SUITS


def rule_ids(game: LoadedGame) -> dict[str, tuple]:
    """Every id a reference may name (setup, rules, variants, clarifications) -> path."""
    ids: dict[str, tuple] = {}
    c = game.content
    for top in ("setup", "rules"):
        for section, path in iter_sections(getattr(c, top), (top,)):
            ids.setdefault(section.id, path)
    for index, variant in enumerate(c.variants):
        ids.setdefault(variant.id, ("variants", index))
    for index, clar in enumerate(c.clarifications):
        ids.setdefault(clar.id, ("clarifications", index))
    return ids


def check_unique_ids(game: LoadedGame) -> Iterator[ContentError]:
    seen: dict[str, tuple] = {}
    c = game.content
    paths = [(s.id, p) for top in ("setup", "rules") for s, p in iter_sections(getattr(c, top), (top,))]
    paths += [(v.id, ("variants", i)) for i, v in enumerate(c.variants)]
    paths += [(k.id, ("clarifications", i)) for i, k in enumerate(c.clarifications)]
    paths += [(k.id, ("components", i)) for i, k in enumerate(c.components)]
    for ident, path in paths:
        if ident in seen:
            first = game.source.line(seen[ident] + ("id",))
            yield game.source.error(path + ("id",), f"duplicate id {ident!r} (first used at line {first})")
        else:
            seen[ident] = path


def check_references(game: LoadedGame) -> Iterator[ContentError]:
    ids = rule_ids(game)
    c = game.content
    refs: list[tuple[str | None, tuple]] = []
    refs += [(q.rule, ("quickref", i, "rule")) for i, q in enumerate(c.quickref)]
    refs += [(k.rule, ("clarifications", i, "rule")) for i, k in enumerate(c.clarifications)]
    refs += [(g.rule, ("glossary", i, "rule")) for i, g in enumerate(c.glossary)]
    refs += [(v.rule, ("variants", i, "rule")) for i, v in enumerate(c.variants)]
    refs += [(d.rule, ("deals", i, "rule")) for i, d in enumerate(c.deals)]
    for target, path in refs:
        if target is not None and target not in ids:
            yield game.source.error(path, f"refers to rule {target!r}, which does not exist")
    variants = [v.id for v in c.variants]
    for i, k in enumerate(c.clarifications):
        if k.variant is not None and k.variant not in variants:
            yield game.source.error(("clarifications", i, "variant"),
                                    f"names variant {k.variant!r}, which is not under variants: "
                                    f"(known: {', '.join(variants) or 'none'})")


def check_suits(game: LoadedGame) -> Iterator[ContentError]:
    """Each suit named once, a bare name only for a standard suit, and every suit the
    content names (quick reference, components) one of the game's. Symbols are checked
    against the game's package too, above the registry (``generator.verify.project``)."""
    c = game.content
    seen: dict[str, int] = {}
    for index, suit in enumerate(c.suits):
        name = suit if isinstance(suit, str) else suit.name
        if isinstance(suit, str) and suit not in STANDARD_SUITS:
            yield game.source.error(("suits", index), f"unknown suit {suit!r}: not a standard suit ({', '.join(STANDARD_SUITS)}); "
                                                      f"declare it: {{name: {suit}, symbol: ..., colour: \"#rrggbb\"}}")
        if name in seen:
            where = ("suits", index) if isinstance(suit, str) else ("suits", index, "name")
            yield game.source.error(where, f"suit {name!r} is declared twice (first at suits[{seen[name]}])")
        seen.setdefault(name, index)
    declared = set(c.suit_names)
    known = f"this game's suits are {', '.join(c.suit_names)}" if c.suit_names else "this game has no suits"
    uses: list[tuple[str, tuple]] = [(q.suit, ("quickref", i, "suit")) for i, q in enumerate(c.quickref) if q.suit]
    uses += [(r.suit, path + ("reference", "suit")) for s, _, path in sections(c) if (r := note(s)) and r.suit]
    for i, comp in enumerate(c.components):
        uses += [(s, ("components", i, "suits", j)) for j, s in enumerate(comp.suits or [])]
    for suit, path in uses:
        if suit not in declared:
            yield game.source.error(path, f"unknown suit {suit!r}; {known}")


def check_components(game: LoadedGame) -> Iterator[ContentError]:
    c = game.content
    for i, comp in enumerate(c.components):
        if comp.per_suit is not None:
            suits = len(comp.suits) if comp.suits else len(c.suits)
            if comp.per_suit * suits != comp.count:
                yield game.source.error(
                    ("components", i, "count"),
                    f"{comp.name}: count is {comp.count}, but {suits} suits × {comp.per_suit} per suit = {comp.per_suit * suits}",
                )
        if comp.per_player is not None and comp.count not in (comp.per_player * n for n in range(c.players.min, c.players.max + 1)):
            yield game.source.error(
                ("components", i, "count"),
                f"{comp.name}: count {comp.count} is not {comp.per_player} per player for any of {c.players.min}–{c.players.max} players",
            )


def check_deals(game: LoadedGame) -> Iterator[ContentError]:
    c = game.content
    for i, deal in enumerate(c.deals):
        if not c.players.min <= deal.players <= c.players.max:
            yield game.source.error(
                ("deals", i, "players"), f"deal for {deal.players} players, but the game is for {c.players.min}–{c.players.max}"
            )
        dealt = deal.players * (deal.hand + deal.reserve) + deal.set_aside
        if dealt > deal.deck or (not deal.draw_pile and dealt != deal.deck):
            yield game.source.error(
                ("deals", i),
                f"{deal.players} players × ({deal.hand} hand + {deal.reserve} reserve) + {deal.set_aside} set aside = {dealt}, "
                f"but the deck has {deal.deck} cards",
            )


def check_files(game: LoadedGame, project: Path) -> Iterator[ContentError]:
    """Referenced files must exist and stay inside the project (content is data)."""
    root = project.resolve()
    for name in ("deck", "deck_rules", "examples"):
        rel = getattr(game.content.files, name)
        if rel is None:
            continue
        target = (game.folder / rel).resolve()
        if not target.is_relative_to(root):
            yield game.source.error(("files", name), f"path {rel!r} leaves the project; refusing it")
        elif not target.is_file():
            yield game.source.error(("files", name), f"file {rel!r} does not exist")


def check_component_files(game: LoadedGame, project: Path) -> Iterator[ContentError]:
    """A component's layout and cards files must exist inside the project."""
    root = project.resolve()
    for index, component in enumerate(game.content.components):
        for name in ("layout", "cards"):
            rel = getattr(component, name)
            if rel is None:
                continue
            target = (game.folder / rel).resolve()
            if not target.is_relative_to(root):
                yield game.source.error(("components", index, name), f"path {rel!r} leaves the project; refusing it")
            elif not target.is_file():
                yield game.source.error(("components", index, name), f"file {rel!r} does not exist")
        if component.cards and not component.layout:
            yield game.source.error(("components", index, "cards"), "a cards file needs a layout file (layout:) to print it")
        if component.sheet is not None and not (component.cards or "").lower().endswith(".xlsx"):
            yield game.source.error(("components", index, "sheet"), "sheet: names a sheet of an .xlsx cards file "
                                                                   "(cards: cards.xlsx)")


def check_slug(game: LoadedGame) -> Iterator[ContentError]:
    if game.content.slug != game.folder.name:
        yield game.source.error(("slug",), f"slug {game.content.slug!r} must match its folder name {game.folder.name!r}")


CHECKS = (check_slug, check_unique_ids, check_references, check_suits, check_components, check_deals)


def reference_warnings(game: LoadedGame) -> list[ContentError]:
    """Rules with an effect that are on neither the quick reference nor left off it on
    purpose: warnings, not errors (the game still builds)."""
    return [game.source.error(path + ("reference",),
                              f"rule {section.id!r} has an effect but is not on the quick reference: give it a "
                              "reference line, or reference: false to leave it off")
            for path, section in undecided(game.content)]


def check_game(game: LoadedGame, project: Path) -> list[ContentError]:
    errors: list[ContentError] = []
    for check in CHECKS:
        errors.extend(check(game))
    errors.extend(check_files(game, project))
    errors.extend(check_component_files(game, project))
    return errors
