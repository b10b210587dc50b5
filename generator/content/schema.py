"""One content model for every game: what a designer writes in ``content/<slug>/game.yaml``.

Every field is a rules term a designer would recognise. Rule sections carry stable ids
so that examples, quick-reference lines, clarifications and the engine's traceability
map can point at them. Cross-field checks (references, counts, deals) live in
``generator.content.checks`` so they can report every problem with its line.
"""

from __future__ import annotations

from typing import Any, Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

#: Every suit any shipped game uses. A game declares the subset it uses in ``suits``;
#: an unknown name anywhere is an error, so a typo never reaches a printed card.
KNOWN_SUITS: tuple[str, ...] = (
    "hearts",
    "diamonds",
    "spades",
    "clubs",
    "bootlegging",
    "gambling",
    "prostitution",
    "murder",
)

Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
Text = Annotated[str, StringConstraints(min_length=1)]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Span(Model):
    """An inclusive range such as players 3–4 or 20–30 minutes."""

    min: int = Field(ge=0)
    max: int = Field(ge=0)

    @model_validator(mode="after")
    def _ordered(self) -> "Span":
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is larger than max ({self.max})")
        return self


class Component(Model):
    """A physical component. ``printed`` ones are made by ``pipworks pnp``."""

    id: Slug
    name: Text
    count: int = Field(ge=1)
    #: cards/tokens per suit: ``count`` must equal per_suit × number of suits.
    per_suit: int | None = Field(default=None, ge=1)
    #: suits this component comes in (defaults to all of the game's suits).
    suits: list[str] | None = None
    #: count per player, when it scales with players (e.g. 4 dice per player).
    per_player: int | None = Field(default=None, ge=1)
    printed: bool = False
    optional: bool = False
    description: str = ""


class Deal(Model):
    """How the cards go out for one player count; checked to add up exactly."""

    players: int = Field(ge=1)
    deck: int = Field(ge=1)
    hand: int = Field(ge=0)
    #: extra face-down cards per player (e.g. a reserve), dealt besides the hand.
    reserve: int = Field(default=0, ge=0)
    #: cards left over and set aside / removed.
    set_aside: int = Field(default=0, ge=0)
    #: the rest of the deck stays as a draw pile (no exact sum is required then).
    draw_pile: bool = False
    rule: Slug | None = None


class Section(Model):
    """A rule section: a stable id, a title, prose and optional bullet items."""

    id: Slug
    title: Text
    text: str = ""
    items: list[Text] = []
    #: False for sections that change nothing in play (flavour, table talk, overview).
    effect: bool = True
    sections: list["Section"] = []


class Variant(Model):
    id: Slug
    name: Text
    text: Text
    items: list[Text] = []
    #: the engine's name for this variant (``pipworks simulate --variant NAME``).
    engine: str | None = None
    #: where the variant comes from: the rule source itself, or one of our rulings.
    origin: str = Field(default="source", pattern=r"^(source|ruling)$")
    rule: Slug | None = None


class QuickRefLine(Model):
    text: Text
    rule: Slug | None = None
    suit: str | None = None
    group: str | None = None


class Clarification(Model):
    id: Slug
    question: Text
    ruling: Text
    why: Text
    rule: Slug
    #: engine variant implementing the other plausible reading, if any.
    variant: str | None = None
    #: "RULINGS.md" for the product's rulings, "ours" for gaps found while writing.
    origin: str = Field(default="RULINGS.md", pattern=r"^(RULINGS\.md|ours)$")


class GlossaryTerm(Model):
    term: Text
    definition: Text
    rule: Slug | None = None


class Files(Model):
    """Other content files of this game, relative to its folder (never outside it)."""

    deck: str | None = None
    deck_rules: str | None = None
    examples: str | None = None


class GameContent(Model):
    slug: Slug
    title: Text
    #: True while the title is our working title (only The Four Deuces has a real one).
    working_title: bool = False
    designer: str | None = None
    #: the rule source this content restates (a file name in shared/seeds/).
    source: Text
    tagline: Text
    players: Span
    play_time: Span | None = None
    ages: int | None = Field(default=None, ge=1)
    overview: Text
    suits: list[str] = Field(min_length=1)
    #: how each suit is shown (symbol glyph name used by the renderer) and named.
    components: list[Component] = Field(min_length=1)
    deals: list[Deal] = []
    setup: list[Section] = Field(min_length=1)
    rules: list[Section] = Field(min_length=1)
    variants: list[Variant] = []
    quickref: list[QuickRefLine] = Field(min_length=1)
    clarifications: list[Clarification] = []
    glossary: list[GlossaryTerm] = []
    #: game-specific tables (setup patterns, scoring charts, suit powers, tracks) that
    #: components and rulebooks draw; each game's checks give them meaning.
    data: dict[str, Any] = {}
    files: Files = Files()
