"""How a worked example's position and outcome read on a page: plain words, never
Python's (``True``, ``None``, an empty value) or Markdown's (a stray ``**``).

An example's ``position`` and ``expect`` are data (numbers, lists, flags, mappings of
seats to values); the rulebook shows each as a labelled row: "Used: North 3; East none".
"""

from __future__ import annotations

from typing import Any, Mapping


def label(key: Any) -> str:
    """A field name as a row label: ``game_over`` -> "Game over"."""
    words = str(key).replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def words(value: Any) -> str:
    """``value`` in plain words: yes/no for flags, "none" for nothing, lists with commas,
    mappings as "key: value" pairs separated by semicolons."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, Mapping):
        return "; ".join(f"{k}: {words(v)}" for k, v in value.items()) or "none"
    if isinstance(value, (list, tuple)):
        return ", ".join(words(v) for v in value) or "none"
    text = " ".join(str(value).split())
    return text or "none"


def rows(mapping: Mapping[str, Any] | None) -> list[tuple[str, str]]:
    """Each field of ``mapping`` as a (label, plain words) row."""
    return [(label(key), words(value)) for key, value in (mapping or {}).items()]


def description(title: str, position: list[tuple[str, str]], play: list[str], outcome: list[tuple[str, str]]) -> str:
    """What the drawing of an example shows, for a screen reader (its alt text): the
    table as the position gives it, the moves, and the table after them."""
    said = [f"Drawing for the example “{title}”."]
    if position:
        said.append("The table before the moves: " + "; ".join(f"{k}: {v}" for k, v in position) + ".")
    if play:
        said.append("The moves: " + "; ".join(play) + ".")
    if outcome:
        said.append("After them: " + "; ".join(f"{k}: {v}" for k, v in outcome) + ".")
    return " ".join(said)
