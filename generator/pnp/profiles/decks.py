"""A game's cards as print-shop decks: one deck per card back, every card with a back.

A shop counts a deck as the cards that share a back: Four Deuces' suit and character
cards are shuffled together in play under one back, so they are one deck, with each
face's count. Shops print both sides of every card, so a card printed without a back
(Multisuit's sleeve inserts) gets the plain back every game's cards share
(``pieces.card_back``: the game's accent and title), and cards given it share it. Each deck becomes one PDF document, one card a page with
its bleed, TrimBox and BleedBox, in the order DriveThruCards asks for: back 1, front 1,
back 2, front 2 … The other profiles rasterise pages of that same document.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...components import pieces
from ...components.base import Component
from ...components.palette import palette
from ...layout.boxes import Box
from ...layout.sheet import Document, Page, Placement, place
from ...scene import Scene
from . import Profile


@dataclass(frozen=True)
class Card:
    front: Scene
    back: Scene


@dataclass(frozen=True)
class Deck:
    id: str  # the component's id: file names
    name: str  # the component's name: what a player reads
    cards: tuple[Card, ...]  # every physical card, copies repeated
    plain_back: bool  # True: the component prints no back; the shared plain back was added

    @property
    def fronts(self) -> list[Scene]:
        """Distinct fronts, in first-seen order (copies print from one image)."""
        return list(dict.fromkeys(card.front for card in self.cards))

    @property
    def backs(self) -> list[Scene]:
        return list(dict.fromkeys(card.back for card in self.cards))

    @property
    def counts(self) -> list[tuple[Scene, int]]:
        """Each distinct front and how many of it the deck holds, as a shop's order
        form asks (a face printed four times is one image, count 4)."""
        return [(front, sum(1 for card in self.cards if card.front == front)) for front in self.fronts]

    def summary(self) -> str:
        """What a designer checks against the shop's order: cards, faces, backs, counts."""
        faces = "; ".join(f"{count} × {front.title or front.name}" for front, count in self.counts)
        return (f"{self.name}: one deck of {len(self.cards)} card(s), {len(self.fronts)} face(s), "
                f"{len(self.backs)} back(s): {faces}")


class NoCards(LookupError):
    """The game has no cards a print shop could print at the profile's size."""


def plain_back(game: Any, trim: tuple[float, float], bleed: float) -> Scene:
    """The back every game's cards share (the one the kit's print-on-demand file uses)."""
    return pieces.plain_back(game, trim, bleed, palette(game.slug, "colour"))


def shop_decks(game: Any, components: list[Component], profile: Profile) -> list[Deck]:
    """The cards whose trim is the profile's card, one deck per back they share (in the
    order the backs first appear); a deck made of several components is named for all.

    Raises :class:`NoCards` (naming what the game has instead) when there is none."""
    trim = profile.trim_mm
    by_back: dict[Scene, list[tuple[Component, Card]]] = {}
    plain: Scene | None = None
    for component in components:
        if component.kind != "card" or not (_same_size(component.trim, trim) or _same_size(component.trim, trim[::-1])):
            continue
        for face in component.faces:
            if face.back is None and plain is None:
                plain = plain_back(game, component.trim, component.bleed)
            back = face.back if face.back is not None else plain
            assert back is not None
            by_back.setdefault(back, []).extend([(component, Card(face.front, back))] * face.copies)
    if not by_back:
        kinds = ", ".join(sorted({f"{c.name} ({c.kind}, {c.trim[0]:g} × {c.trim[1]:g} mm)" for c in components}))
        raise NoCards(f"{game.slug} has no {trim[0]:.1f} × {trim[1]:.1f} mm cards for {profile.target}; "
                      f"it prints: {kinds or 'nothing'}"
                      + ("" if any(c.kind == "card" for c in components) or not components
                         else f" (print that from its kit: pipworks pnp {game.slug})"))
    decks: list[Deck] = []
    for back, cards in by_back.items():
        members = list(dict.fromkeys((component.id, component.name) for component, _ in cards))
        deck_id = "-and-".join(member_id for member_id, _ in members)
        if any(d.id == deck_id for d in decks):  # one component with two backs: two decks
            deck_id += f"-{sum(1 for d in decks if d.id.startswith(deck_id)) + 1}"
        decks.append(Deck(deck_id, _joined([name for _, name in members]), tuple(card for _, card in cards),
                          plain_back=back == plain))
    return decks


def _joined(names: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _same_size(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) < 0.01 and abs(a[1] - b[1]) < 0.01


def card_page(scene: Scene, bleed: float, turn: bool = False) -> Page:
    """One card on a page of its trim plus ``bleed``, with TrimBox and BleedBox;
    ``turn``: turned a quarter clockwise (a landscape card on a shop's upright page)."""
    w, h = (scene.height, scene.width) if turn else (scene.width, scene.height)
    trim = Box(bleed, bleed, w, h)
    page_box = trim.inset(-bleed)
    layer = Placement((place(scene, bleed, bleed, 90 if turn else 0),), page_box)
    return Page(page_box.w, page_box.h, (layer,), trim=trim, bleed=page_box)


def _page(scene: Scene, profile: Profile) -> Page:
    """``scene`` on the profile's card page: a print shop makes its cards upright, so a
    landscape card is turned onto it (a table takes the card as it lies)."""
    w, h = profile.trim_mm
    turn = not profile.any_size and (scene.width > scene.height) != (w > h)
    return card_page(scene, profile.bleed_mm, turn=turn)


def deck_document(game: Any, deck: Deck, profile: Profile, version: str) -> Document:
    """The deck one card a page: back 1, front 1, back 2, front 2 …"""
    pages = tuple(_page(scene, profile) for card in deck.cards for scene in (card.back, card.front))
    return Document(f"{game.title}: {deck.name} for {profile.target}", game.designer or "Pipworks", pages,
                    subject=f"version {version}")


def sides_document(game: Any, deck: Deck, profile: Profile, version: str) -> Document:
    """The deck's distinct fronts, then its distinct backs, one a page: what a PNG set
    or a Tabletop Simulator sheet is cut from."""
    pages = tuple(_page(scene, profile) for scene in (*deck.fronts, *deck.backs))
    return Document(f"{game.title}: {deck.name} faces for {profile.target}", game.designer or "Pipworks", pages,
                    subject=f"version {version}")
