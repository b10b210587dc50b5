"""A short note comparing a candidate deck with the shipped one, figure by figure.

A designer exploring variants wants to know how a candidate differs, not only that it
is valid: the note lists each threshold and balance figure side by side, then the cards
one deck has and the other lacks.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from .checks import check_deck
from ..content.deck import Card, rank_label
from .measures import duplicate_cards, hand_strength_sd, suit_length_gap, suit_shape_gap
from .report import thresholds
from ..content.deck_rules import DeckRules


def figures(cards: Sequence[Card], rules: DeckRules) -> list[tuple[str, str]]:
    """(name, value) of every threshold figure and balance figure of ``cards``."""
    rows = [(t.word, t.measured + ("" if t.ok else "  FAIL")) for t in thresholds(cards, rules)]
    rows += [
        ("hand strength spread (sd, points)", f"{hand_strength_sd(cards, rules):.2f}"),
        ("suit shape gap", str(suit_shape_gap(cards))),
        ("suit length gap", str(suit_length_gap(cards))),
        ("repeated cards", str(duplicate_cards(cards))),
    ]
    return rows


def _faces(cards: Sequence[Card]) -> Counter[str]:
    return Counter("/".join(rank_label(r) for r in c.ranks) for c in cards)


def compare(candidate: Sequence[Card], shipped: Sequence[Card] | None, rules: DeckRules, label: str, seconds: float) -> str:
    """Markdown note: validity, figures beside the shipped deck's, and changed cards."""
    problems = check_deck(candidate, rules)
    lines = [f"# Candidate deck ({label})", "",
             f"Found in {seconds:.1f} s; " + ("meets every property." if not problems else f"breaks {len(problems)} properties."), ""]
    mine = figures(candidate, rules)
    if shipped is None:
        lines += ["| figure | candidate |", "|---|---|"] + [f"| {name} | {value} |" for name, value in mine]
        return "\n".join(lines) + "\n"
    theirs = dict(figures(shipped, rules))
    lines += ["| figure | candidate | shipped |", "|---|---|---|"]
    lines += [f"| {name} | {value} | {theirs.get(name, '')} |" for name, value in mine]
    new, old = _faces(candidate) - _faces(shipped), _faces(shipped) - _faces(candidate)
    lines += ["", f"{sum(new.values())} of {len(candidate)} cards differ from the shipped deck (ranks as ♠/♦/♣)."]
    if new:
        lines += ["", "only in the candidate: " + ", ".join(sorted(new.elements()))]
        lines += ["only in the shipped deck: " + ", ".join(sorted(old.elements()))]
    return "\n".join(lines) + "\n"
