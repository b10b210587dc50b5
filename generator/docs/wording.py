"""How a worked example's position and outcome read on a page: plain words, never
Python's (``True``, ``None``, an empty value) or Markdown's (a stray ``**``).

An example's ``position`` and ``expect`` are data (numbers, lists, flags, mappings of
seats to values); the rulebook shows each as a labelled row: "Used: North 3; East none".
"""

from __future__ import annotations

from typing import Any, Mapping

#: How an example says a list's order means nothing (``{in any order: [...]}``).
ANY_ORDER = "in any order"


#: The outcomes every game shares ("How examples are checked"), as a player says them.
LABELS: dict[str, str] = {
    "to_move": "Next to decide",
    "legal": "Moves allowed",
    "game_over": "Game over",
    "winner": "Winner",
    "score": "Score",
    "refused": "The last move is refused by the rule",
    "trick_winner": "Wins the trick",
}
#: What an outcome's "nothing" means, where "none" would not say it.
NOTHING: dict[str, str] = {"to_move": "nobody: the game is over", "winner": "nobody yet"}


def label(key: Any) -> str:
    """A field name as a row label: ``game_over`` -> "Game over"."""
    if str(key) in LABELS:
        return LABELS[str(key)]
    words = str(key).replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def _key(key: Any) -> str:
    """A key inside a value: a field name reads as a label ("start_player" -> "Start
    player"), a seat or a card stays as written."""
    return label(key) if "_" in str(key) or str(key).islower() else str(key)


def words(value: Any) -> str:
    """``value`` in plain words: yes/no for flags, "none" for nothing, lists with commas,
    mappings as "key: value" pairs separated by semicolons."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, Mapping):
        if list(value) == [ANY_ORDER]:
            return f"{words(value[ANY_ORDER])} (in any order)"
        return "; ".join(f"{_key(k)}: {words(v)}" for k, v in value.items()) or "none"
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, (list, tuple)) for v in value):
            if all(isinstance(x, int) for v in value for x in v):
                # a grid: its columns side by side, each top first ("Reading the examples")
                return " | ".join(" ".join(words(x) for x in v) for v in value)
            # places with ties: each place's players, first place first
            return ", then ".join(" and ".join(words(x) for x in v) for v in value)
        said = [words(v) for v in value]
        # items that hold commas or colons themselves (a card's result) are told apart by a dot
        return (" · " if any("," in s or ":" in s for s in said) else ", ").join(said) or "none"
    text = " ".join(str(value).split())
    return text or "none"


def value_words(key: str, value: Any, titles: Mapping[str, str] | None = None) -> str:
    """An outcome's value as a player says it: a refusing rule by its title, the moves
    allowed one per clause (a move may hold a comma), nothing as what it means."""
    if value is None and key in NOTHING:
        return NOTHING[key]
    if key == "refused":
        return f"“{(titles or {}).get(str(value), str(value))}”"
    if key == "legal" and isinstance(value, (list, tuple)):
        return "; ".join(words(v) for v in value) or "none"
    return words(value)


#: A value longer than this (characters) that holds one entry per player is shown as
#: one row per player, so a long line never runs players together.
LONG = 70


def rows(mapping: Mapping[str, Any] | None, titles: Mapping[str, str] | None = None) -> list[tuple[str, str]]:
    """Each field of ``mapping`` as a (label, plain words) row; ``titles``: rule id ->
    title, for the rule that refuses a move. A long mapping gets a row per key."""
    found: list[tuple[str, str]] = []
    for key, value in (mapping or {}).items():
        said = value_words(str(key), value, titles)
        if isinstance(value, Mapping) and len(value) > 1 and len(said) > LONG and ANY_ORDER not in value:
            found += [(f"{label(key)}, {_key(k)}", value_words(str(key), v, titles)) for k, v in value.items()]
        else:
            found.append((label(key), said))
    return found


def engine_details(data: Mapping[str, Any]) -> tuple[str, str]:
    """The example as the engine reads it (its position, moves and expected outcomes,
    as YAML) and a code fence longer than any run of backticks in it, so nothing in
    the content can close the block early: the site's collapsed "engine details"."""
    import re

    import yaml

    raw = {k: data[k] for k in ("position", "play", "expect") if data.get(k) not in (None, {}, [])}
    # libyaml's emitter where PyYAML has it: the same text (tests/docs/test_site.py
    # compares the two on every shipped example), a fourth of the time
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    text = yaml.dump(raw, Dumper=dumper, allow_unicode=True, sort_keys=False, width=100).rstrip()
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return text, "`" * max(3, longest + 1)


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
