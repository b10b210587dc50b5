"""The outline of a rulebook: which chapters it has, in which order, under which titles.

The Markdown rulebook (``templates/rulebook.md.j2``), the rules site's rulebook page
(``templates/site/rulebook.md.j2``) and the printable PDF (``generator.render.book``)
all walk this one outline, so a chapter added, renamed or moved here moves in all
three. Each output says only how a chapter looks; the plain Markdown rulebook is the
rules text alone (no worked examples, no quick reference), the site page and the PDF
show everything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from .schema import Clarification, GameContent, GlossaryTerm


@dataclass(frozen=True)
class Chapter:
    """One chapter of a rulebook: a stable id (its anchor) and its title."""

    id: str
    title: str


#: Every chapter a rulebook can have, in the order rulebooks print them.
CHAPTERS: tuple[Chapter, ...] = (
    Chapter("components", "Components"),
    Chapter("reading-examples", "Reading the examples"),
    Chapter("setup", "Setup"),
    Chapter("rules", "Rules"),
    Chapter("variants", "Variants"),
    Chapter("clarifications", "Clarifications"),
    Chapter("more-examples", "More examples"),
    Chapter("glossary", "Glossary"),
    Chapter("quick-reference", "Quick reference"),
)

#: The opening of "Reading the examples", the same on the site and in the PDF.
READING_INTRO = ("Each worked example tells what happens, shows the table, then lists the position, the moves "
                 "and the outcome. They keep a few short forms, explained here once.")


def outline(game: GameContent, other_examples: Sequence[Any] = (), examples: bool = True,
            reference: bool = True) -> list[Chapter]:
    """The chapters of ``game``'s rulebook: those with something to show. ``examples``:
    worked examples are shown (``other_examples``, those that name no rule, then get a
    chapter of their own); ``reference``: the quick reference closes the book."""
    present = {
        "reading-examples": examples and bool(game.notation),
        "variants": bool(game.variants),
        "clarifications": bool(game.clarifications),
        "more-examples": examples and bool(other_examples),
        "glossary": bool(game.glossary),
        "quick-reference": reference,
    }
    return [chapter for chapter in CHAPTERS if present.get(chapter.id, True)]


def players_text(game: GameContent) -> str:
    """How many play: "3–4", or "2" when the count is fixed."""
    players = game.players
    return f"{players.min}–{players.max}" if players.max != players.min else f"{players.min}"


def play_time_text(game: GameContent) -> str | None:
    """How long a game takes, in minutes ("20–30"), or None when content does not say."""
    return f"{game.play_time.min}–{game.play_time.max}" if game.play_time else None


def rulings_by_rule(game: GameContent) -> dict[str, list[Clarification]]:
    """Each rule (or variant) id -> the clarifications that rule on it, in content order:
    every rulebook links a rule to its rulings ("see ruling")."""
    found: dict[str, list[Clarification]] = {}
    for clarification in game.clarifications:
        found.setdefault(clarification.rule, []).append(clarification)
    return found


def glossary_terms(game: GameContent) -> list[GlossaryTerm]:
    """The glossary in alphabetical order (case and accents aside), as readers look terms up."""
    import unicodedata

    def key(term: GlossaryTerm) -> str:
        return unicodedata.normalize("NFKD", term.term).encode("ascii", "ignore").decode().casefold()

    return sorted(game.glossary, key=key)
