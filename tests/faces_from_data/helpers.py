"""A tiny data-made game in a scratch project: game.yaml, a layout and a cards file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.components.base import FaceOptions
from generator.content.errors import ContentError, ContentInvalid
from generator.content.loader import parse_game
from generator.faces_from_data.faces import check, components

GAME = """\
slug: tiny
title: Tiny
source: a test
tagline: A test game.
players: {{min: 2, max: 2}}
overview: Cards for tests.
suits: [hearts, spades]
components:
  - id: card
    name: card
    count: {count}
    printed: true
    layout: layout.yaml
    cards: {cards}
setup: [{{id: start, title: Start, text: Deal.}}]
rules: [{{id: play, title: Play, text: Play.}}]
quickref: [{{text: Play.}}]
"""

CARDS = "count,name,suit,rank,text\n1,Ace,hearts,A,Take :hearts: first\n2,Two,spades,2,Plain words\n"


def make(root: Path, layout: str, cards: str = CARDS, cards_name: str = "cards.csv", count: int | None = None,
         files: dict[str, bytes] | None = None) -> Path:
    """A project at ``root`` with game ``tiny``; returns the game's folder."""
    folder = root / "content" / "tiny"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "layout.yaml").write_text(layout, encoding="utf-8")
    (folder / cards_name).write_text(cards, encoding="utf-8")
    if count is None:
        count = 3 if cards is CARDS else 1
    (folder / "game.yaml").write_text(GAME.format(count=count, cards=cards_name), encoding="utf-8")
    for name, data in (files or {}).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    return folder


def lay_out(root: Path, options: FaceOptions = FaceOptions()) -> list[Any]:
    game = parse_game(root / "content" / "tiny")
    return list(components(game.content, options, root))


def problems(root: Path) -> list[ContentError]:
    try:
        game = parse_game(root / "content" / "tiny")
    except ContentInvalid as exc:
        return exc.errors
    return check(game, root)


def flat(items: Any) -> list[Any]:
    """Every item of a scene, groups opened."""
    from generator.scene import Group

    out = []
    for item in items:
        out.extend(flat(item.children) if isinstance(item, Group) else [item])
    return out
