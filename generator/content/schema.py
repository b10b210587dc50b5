"""One content model for every game: what a designer writes in ``content/<slug>/game.yaml``.

Every field is a rules term a designer would recognise. Rule sections carry stable ids
so that examples, quick-reference lines, clarifications and the engine's traceability
map can point at them. Cross-field checks (references, counts, deals) live in
``generator.content.checks`` so they can report every problem with its line.
"""

from __future__ import annotations

from dataclasses import field
from typing import Annotated, Any, Iterator

from .record import AtLeast, Loc, Matches, NotEmpty, OneLine, record

#: The standard suits a game may name without declaring them (their shapes and colours
#: are Pipworks' own, ``generator.components.suits``). Any other suit is declared.
STANDARD_SUITS: tuple[str, ...] = ("hearts", "diamonds", "spades", "clubs")

Slug = Annotated[str, Matches(r"[a-z0-9]+(-[a-z0-9]+)*", "an id: lower-case letters and digits, words joined by single hyphens")]
Text = Annotated[str, NotEmpty()]
#: A title, name or question: printed as a heading, nav entry or caption, so one line.
Line = Annotated[str, NotEmpty(), OneLine()]
Colour = Annotated[str, Matches(r"#[0-9a-fA-F]{6}", "a colour written #rrggbb")]
Count = Annotated[int, AtLeast(0)]
Positive = Annotated[int, AtLeast(1)]


@record
class Span:
    """An inclusive range such as players 3–4 or 20–30 minutes."""

    min: Count
    max: Count

    def _problems(self) -> Iterator[tuple[Loc, str]]:
        if self.min > self.max:
            yield (), f"min ({self.min}) is larger than max ({self.max})"


@record
class Suit:
    """A suit of the game's own: its name, its symbol and its colour.

    ``symbol`` is a standard shape (hearts, diamonds, clubs, spades), a symbol the
    game's package draws (``GameSpec.symbols``) or a short text printed as it is (a
    letter, ``Ω``: characters the shipped font has); unset, the suit's name (a standard suit restyled). ``colour`` prints
    its symbol and rank; ``tint`` is the pale panel behind suit content (default: the
    colour, faint)."""

    name: Slug
    symbol: Annotated[str, NotEmpty(), OneLine()] | None = None
    colour: Colour | None = None
    tint: Colour | None = None


@record
class Component:
    """A physical component. ``printed`` ones are made by ``pipworks pnp``."""

    id: Slug
    name: Line
    count: Positive
    #: cards/tokens per suit: ``count`` must equal per_suit × number of suits.
    per_suit: Positive | None = None
    #: suits this component comes in (defaults to all of the game's suits).
    suits: list[str] | None = None
    #: count per player, when it scales with players (e.g. 4 dice per player).
    per_player: Positive | None = None
    printed: bool = False
    optional: bool = False
    description: str = ""
    #: a layout file (YAML, relative to the game's folder) whose faces print this
    #: component, for a game whose faces are data (``generator.faces_from_data``).
    layout: str | None = None
    #: its cards data file (CSV, .xlsx or YAML): one row per card, with a column of
    #: copies (count, qty or copies).
    cards: str | None = None
    #: the sheet of an .xlsx cards file to read (default: its first sheet).
    sheet: str | None = None


@record
class Deal:
    """How the cards go out for one player count; checked to add up exactly."""

    players: Positive
    deck: Positive
    hand: Count
    #: extra face-down cards per player (e.g. a reserve), dealt besides the hand.
    reserve: Count = 0
    #: cards left over and set aside / removed.
    set_aside: Count = 0
    #: the rest of the deck stays as a draw pile (no exact sum is required then).
    draw_pile: bool = False
    rule: Slug | None = None


#: Where a line goes on the quick reference: the setup checklist, play (the turn's flow
#: and its details, the suit-power table), or the end of a round and of the game.
ReferencePart = Annotated[str, Matches(r"setup|play|end", "setup, play or end")]


@record
class Reference:
    """What the quick reference says of one rule section: one line, and where it goes."""

    line: Text
    #: the step of the turn's flow this line explains ("Lead", "Follow", "Rank"...).
    step: str | None = None
    #: the suit whose power this line states: a row of the suit-power table.
    suit: str | None = None
    #: that power's name in the table ("Increase").
    power: str | None = None
    #: setup, play or end; by default setup for a setup section, play for a rule.
    part: ReferencePart | None = None


@record
class Section:
    """A rule section: a stable id, a title, prose and optional bullet items."""

    id: Slug
    title: Line
    text: str = ""
    items: list[Text] = field(default_factory=list)
    #: False for sections that change nothing in play (flavour, table talk, overview).
    effect: bool = True
    #: on the quick reference: its line (text, or a mapping with ``line`` and where it
    #: goes); ``false``: left off on purpose. Unset on a rule with an effect, ``pipworks
    #: validate`` warns (see ``generator.content.reference``).
    reference: Annotated[str, NotEmpty()] | Reference | bool | None = None
    sections: list[Section] = field(default_factory=list)

    def _problems(self) -> Iterator[tuple[Loc, str]]:
        if self.reference is True:
            yield ("reference",), "write the line the quick reference prints (or false to leave this rule off it)"


@record
class Variant:
    #: the one name of the variant: its anchor in the rulebook and what ``--variant``
    #: takes in ``play``, ``simulate`` and worked examples' ``variants:`` lists.
    id: Slug
    name: Line
    text: Text
    items: list[Text] = field(default_factory=list)
    #: where the variant comes from: the rule source itself, or one of our rulings.
    origin: Annotated[str, Matches(r"source|ruling", "source or ruling")] = "source"
    rule: Slug | None = None


@record
class QuickRefLine:
    text: Text
    rule: Slug | None = None
    suit: str | None = None
    group: Line | None = None


@record
class Clarification:
    id: Slug
    question: Line
    ruling: Text
    why: Text
    rule: Slug
    #: the variant (its id under ``variants:``) playing the other plausible reading, if any.
    variant: Slug | None = None
    #: "RULINGS.md" for the product's rulings, "ours" for gaps found while writing.
    origin: Annotated[str, Matches(r"RULINGS\.md|ours", "RULINGS.md or ours")] = "RULINGS.md"
    #: the ruling in one line for the quick reference, when players need it mid-game.
    reference: str | None = None


@record
class GlossaryTerm:
    term: Line
    definition: Text
    rule: Slug | None = None


@record
class NotationTerm:
    """One piece of the compact notation a game's worked examples keep (``C2R1``, "die
    3", ``K♠Q♦9♣``), explained once in the rulebook's "Reading the examples" part."""

    term: Text
    meaning: Text


@record
class Files:
    """Other content files of this game, relative to its folder (never outside it)."""

    deck: str | None = None
    deck_rules: str | None = None
    examples: str | None = None


@record
class GameContent:
    slug: Slug
    title: Line
    #: True while the title is our working title (only The Four Deuces has a real one).
    working_title: bool = False
    designer: str | None = None
    #: the rule source this content restates (a file name in shared/seeds/).
    source: Text
    tagline: Line
    players: Span
    play_time: Span | None = None
    ages: Positive | None = None
    overview: Text
    #: the suits, in order: a standard suit by name (``hearts``) or a declared
    #: :class:`Suit`; empty (or left out) for a game without suits.
    suits: list[Slug | Suit] = field(default_factory=list)
    components: Annotated[list[Component], NotEmpty()]
    deals: list[Deal] = field(default_factory=list)
    setup: Annotated[list[Section], NotEmpty()]
    rules: Annotated[list[Section], NotEmpty()]
    variants: list[Variant] = field(default_factory=list)
    #: quick-reference lines tied to no one rule section (most lines belong to their
    #: section: its ``reference``); the quick reference is both, see
    #: ``generator.content.reference``.
    quickref: list[QuickRefLine] = field(default_factory=list)
    clarifications: list[Clarification] = field(default_factory=list)
    glossary: list[GlossaryTerm] = field(default_factory=list)
    #: how the worked examples write positions and moves, term by term: the rulebook's
    #: "Reading the examples" part, beside the game's labelled drawing (``GameSpec.legend``).
    notation: list[NotationTerm] = field(default_factory=list)
    #: game-specific tables (setup patterns, scoring charts, suit powers, tracks) that
    #: components and rulebooks draw; each game's checks give them meaning.
    data: dict[str, Any] = field(default_factory=dict)
    files: Files = field(default_factory=Files)

    @property
    def suit_names(self) -> tuple[str, ...]:
        """The suits' names, in order (what cards, components and engines name)."""
        return tuple(s if isinstance(s, str) else s.name for s in self.suits)

    def all_sections(self) -> Iterator[Section]:
        """Every setup and rule section, depth first, in the order the rulebook prints them."""
        return _depth_first(self.setup + self.rules)


def _depth_first(sections: list[Section]) -> Iterator[Section]:
    for section in sections:
        yield section
        yield from _depth_first(section.sections)
