"""Tabletop Simulator: deck sheets and a saved object that imports every deck at once.

A sheet is a grid of at most 10 × 7 card images, at most 4096 px a side; Tabletop
Simulator shows the grid's last slot for a card in another player's hand, so that slot
holds the card back and a sheet carries at most 69 faces. The saved object (JSON) holds
one ``DeckCustom`` per deck (a single card is a ``Card``) whose ``CustomDeck`` names the
sheet, the back and the grid; copy it into Tabletop Simulator's "Saved Objects" folder
and the decks spawn in one step. Images are named relative to the saved object, or
under a ``--base-url`` where the sheets were uploaded (what Tabletop Simulator loads).
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from typing import Any

from ...scene import Scene
from . import TTS_GRID, TTS_MAX_PX
from .decks import Card, Deck
from .raster import Raster, tile

#: A Card's or deck's place on the table (TTS units), turned face down as a deck lies.
_FACE_DOWN = {"rotX": 0.0, "rotY": 180.0, "rotZ": 180.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}
_TABLE_GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}


def cell_px(trim_mm: tuple[float, float]) -> tuple[int, int]:
    """One card's image on a sheet: as large as a full 10 × 7 sheet within 4096 px allows."""
    cols, rows = TTS_GRID
    w, h = trim_mm
    width = TTS_MAX_PX // cols
    height = math.floor(width * h / w)
    if height * rows > TTS_MAX_PX:  # a tall card: the rows decide
        height = TTS_MAX_PX // rows
        width = math.floor(height * w / h)
    return width, height


def grid_for(faces: int) -> tuple[int, int]:
    """(columns, rows) holding ``faces`` images and the hidden-card slot after them."""
    cols_max, rows_max = TTS_GRID
    slots = faces + 1
    cols = min(cols_max, max(2, slots))
    rows = math.ceil(slots / cols)
    assert rows <= rows_max, f"{faces} faces do not fit one sheet"
    return cols, rows


@dataclass(frozen=True)
class Sheet:
    key: int  # the CustomDeck number: unique in the saved object
    cards: tuple[Card, ...]  # distinct cards, in slot order
    grid: tuple[int, int]

    def card_id(self, card: Card) -> int:
        return self.key * 100 + self.cards.index(card)


def sheets_for(deck: Deck, first_key: int) -> list[Sheet]:
    """The deck's distinct cards cut into sheets of at most 69 faces."""
    cols, rows = TTS_GRID
    per_sheet = cols * rows - 1
    distinct = list(dict.fromkeys(deck.cards))
    return [Sheet(first_key + n, tuple(chunk), grid_for(len(chunk)))
            for n, chunk in enumerate(distinct[i:i + per_sheet] for i in range(0, len(distinct), per_sheet))]


def sheet_image(sheet: Sheet, images: dict[Scene, Raster], cell: tuple[int, int], side: str) -> Raster:
    """The sheet's ``side`` ("front" or "back") images in its grid, the back in the last slot."""
    cols, rows = sheet.grid
    cells: list[Raster | None] = [images[getattr(card, side)] for card in sheet.cards]
    cells += [None] * (cols * rows - 1 - len(cells)) + [images[sheet.cards[0].back]]
    return tile(cells, cols, rows, cell)


def _guid(*parts: object) -> str:
    return hashlib.sha1("/".join(map(str, parts)).encode()).hexdigest()[:6]


def _custom_deck(sheet: Sheet, face_url: str, back_url: str, unique_back: bool) -> dict[str, Any]:
    cols, rows = sheet.grid
    return {"FaceURL": face_url, "BackURL": back_url, "NumWidth": cols, "NumHeight": rows,
            "BackIsHidden": True, "UniqueBack": unique_back, "Type": 0}


#: The card Tabletop Simulator's card object is modelled on (mm): a poker card, at scale 1.
TTS_CARD_MM = (63.5, 88.9)


def _transform(x: float, trim: tuple[float, float]) -> dict[str, Any]:
    """Where a card or deck lies, scaled from Tabletop Simulator's poker-sized card to
    ``trim`` (its upright width and height: a sideways card lies turned by the table)."""
    short, long = sorted(trim)
    scale = {"scaleX": round(short / TTS_CARD_MM[0], 4), "scaleY": 1.0, "scaleZ": round(long / TTS_CARD_MM[1], 4)}
    if abs(short - TTS_CARD_MM[0]) < 0.01 and abs(long - TTS_CARD_MM[1]) < 0.01:
        scale = {}  # a poker card: the table's own size
    return {"posX": x, "posY": 1.0, "posZ": 0.0, **_FACE_DOWN, **scale}


def _card_object(card: Card, card_id: int, custom: dict[str, Any], x: float, guid: str,
                 trim: tuple[float, float]) -> dict[str, Any]:
    return {"Name": "Card", "Transform": _transform(x, trim),
            "Nickname": card.front.title or card.front.name, "Description": "", "ColorDiffuse": _TABLE_GREY,
            "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
            "CardID": card_id, "SidewaysCard": trim[0] > trim[1], "HideWhenFaceDown": True, "CustomDeck": custom,
            "GUID": guid}


def deck_object(game_slug: str, deck: Deck, sheets: list[Sheet], urls: dict[int, tuple[str, str]],
                unique_back: bool, x: float, trim: tuple[float, float] = TTS_CARD_MM) -> dict[str, Any]:
    """One deck (or a lone card) of ``trim``-sized cards as Tabletop Simulator saves it;
    a landscape card is a ``SidewaysCard``, as the table's import dialog calls it."""
    custom = {str(s.key): _custom_deck(s, *urls[s.key], unique_back) for s in sheets}
    sheet_of = {card: sheet for sheet in sheets for card in sheet.cards}
    ids = [sheet_of[card].card_id(card) for card in deck.cards]
    contained = [_card_object(card, card_id, {str(sheet_of[card].key): custom[str(sheet_of[card].key)]}, x,
                              _guid(game_slug, deck.id, n), trim)
                 for n, (card, card_id) in enumerate(zip(deck.cards, ids))]
    if len(contained) == 1:
        return contained[0]
    return {"Name": "DeckCustom", "Transform": _transform(x, trim),
            "Nickname": deck.name, "Description": "", "ColorDiffuse": _TABLE_GREY, "Locked": False,
            "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
            "SidewaysCard": trim[0] > trim[1], "HideWhenFaceDown": True, "DeckIDs": ids, "CustomDeck": custom,
            "ContainedObjects": contained, "GUID": _guid(game_slug, deck.id)}


def saved_object(title: str, objects: list[dict[str, Any]]) -> str:
    """The saved-object file: the fields Tabletop Simulator reads, keys in a stable order."""
    save = {"SaveName": title, "Date": "", "VersionNumber": "", "GameMode": title, "GameType": "",
            "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "",
            "TabStates": {}, "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ObjectStates": objects}
    return json.dumps(save, indent=2, ensure_ascii=False) + "\n"


def image_url(name: str, base_url: str | None = None) -> str:
    """Where the saved object says an image is: ``base_url`` + its name where the sheets
    were uploaded, else its bare name, relative to the saved object beside it. Never an
    absolute path: that would carry the folder names of the computer that built it."""
    from urllib.parse import quote

    return f"{base_url.rstrip('/')}/{quote(name)}" if base_url else name
