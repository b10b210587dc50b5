"""A deck's report page: tables and SVG charts that show it has every stated property.

``write_report`` writes ``deck-report.md`` and its SVG charts into one folder; the rules
site includes the Markdown as its deck page, so a reader sees each vague word of the
source, the number we made of it, and what the shipped deck measures.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from ..atomic import write_text
from .charts import bar_chart, check_chart
from .checks import check_deck
from ..content.deck import RANK_LABELS, SUITS, Card, rank_label, read_deck
from .measures import (
    by_suit_count, card_points, deal_strengths, deal_summary, duplicate_cards, hand_strength_sd,
    mixed_cards, rank_counts, ranked_in_suit, same_rank_cards, suit_correlations, suit_length_gap, suit_shape_gap,
)
from ..content.deck_rules import DeckRules, load_rules

REPORT_NAME = "deck-report.md"
SYMBOLS = {"spades": "♠", "diamonds": "♦", "clubs": "♣"}


@dataclass(frozen=True)
class Threshold:
    """One row of the threshold table: the source's word, our number, the deck's figure."""

    word: str
    means: str
    limit: str
    measured: str
    ok: bool


def thresholds(cards: Sequence[Card], rules: DeckRules) -> list[Threshold]:
    """Every stated property with the deck's figure and whether it holds."""
    w = rules.words
    failed = {p.rule for p in check_deck(cards, rules)}
    sizes = Counter(len(c.present) for c in cards)
    lower = {s: sum(rank_counts(cards, s)[r] for r in rules.lower_ranks) for s in SUITS}
    exact = ", ".join(f"{rank_label(r)} {n}" for r, n in sorted(rules.exact_counts.items(), reverse=True))
    shown = "; ".join(
        f"{s}: " + " ".join(f"{rank_label(r)}{rank_counts(cards, s)[r]}" for r in sorted(rules.exact_counts, reverse=True))
        for s in SUITS
    )
    rho = min(suit_correlations(cards).values())
    mixed, same = mixed_cards(cards, rules), same_rank_cards(cards)
    incomplete = sizes[1] + sizes[2]
    return [
        Threshold("36 cards", "The deck has exactly this many cards.", f"{rules.deck_size}", f"{len(cards)}", "deck_size" not in failed),
        Threshold("each suit contains", "Exact counts per suit, from the source.", exact, shown, "per_suit" not in failed),
        Threshold("several lower ranks", w.several.means, f"≥ {w.several.min_lower_cards} per suit, each of 4–10 ≥ {w.several.min_each_lower_rank}",
                  f"{min(lower.values())}–{max(lower.values())} per suit", "several" not in failed),
        Threshold("most", w.most.means, f"≥ {w.most.min_complete_cards} of {rules.deck_size}", f"{sizes[3]}", "most" not in failed),
        Threshold("some", w.some.means, f"≥ {w.some.min_incomplete_cards}, both kinds" if w.some.both_kinds else f"≥ {w.some.min_incomplete_cards}",
                  f"{incomplete} ({sizes[2]} lack one, {sizes[1]} lack two)", "some" not in failed),
        Threshold("no card lacks all three", w.none_blank.means, "0", f"{sizes[0]}", "none_blank" not in failed),
        Threshold("tend to (correlation)", w.tend_to.means, f"≥ {w.tend_to.min_rank_correlation:.2f} for every pair", f"{rho:.3f} (lowest pair)",
                  rho >= w.tend_to.min_rank_correlation),
        Threshold("tend to (mixed cards)", f"A mixed card holds a high rank ({w.high.text}) in one suit and a low rank ({w.low.text}) in another.", f"≤ {w.tend_to.max_mixed_cards}", f"{len(mixed)}",
                  len(mixed) <= w.tend_to.max_mixed_cards),
        Threshold("few", w.few.means, f"≤ {w.few.max_same_rank_cards}", f"{len(same)}", "few" not in failed),
        Threshold("remaining ranks are low", w.remaining_low.means, f"only {w.low.text}", "holds" if "remaining_low" not in failed else "broken",
                  "remaining_low" not in failed),
    ]


def _table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    def cell(value: object) -> str:
        return str(value).replace("|", "\\|").replace("\n", " ")

    lines = ["| " + " | ".join(cell(h) for h in header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def write_report(deck_path: Path, rules_path: Path, out_dir: Path, deals: int = 10_000, seed: int = 1) -> Path:
    """Write the deck's report page and charts into ``out_dir``; return the Markdown file."""
    cards, rules = read_deck(deck_path), load_rules(rules_path)
    out_dir.mkdir(parents=True, exist_ok=True)
    charts = _write_charts(cards, rules, out_dir, deals, seed)
    page = render_page(cards, rules, deck_path.name, charts, deals, seed)
    target = out_dir / REPORT_NAME
    write_text(target, page)
    return target


def _write_charts(cards: Sequence[Card], rules: DeckRules, out_dir: Path, deals: int, seed: int) -> dict[str, str]:
    ranks = sorted(RANK_LABELS)
    per_suit = {s: [rank_counts(cards, s)[r] for r in ranks] for s in SUITS}
    sizes = by_suit_count(cards)
    hands = Counter(s for deal in deal_strengths(cards, rules, deals, seed) for s in deal)
    span = range(min(hands), max(hands) + 1) if hands else range(0)
    rows = [(t.word, t.limit, t.measured if len(t.measured) <= 28 else "see table", t.ok) for t in thresholds(cards, rules)]
    files = {
        "ranks": ("deck-ranks-per-suit.svg", bar_chart("Cards of each rank, per suit", [RANK_LABELS[r] for r in ranks], per_suit, "cards")),
        "suits": ("deck-suits-per-card.svg", bar_chart("Cards by number of suits", ["1 suit", "2 suits", "3 suits"],
                                                        {"cards": [sizes[1], sizes[2], sizes[3]]}, "cards")),
        "hands": ("deck-hand-strength.svg", bar_chart(f"Hand strength over {deals} deals (high-card points)", [str(p) for p in span],
                                                       {"hands": [hands[p] for p in span]}, "hands")),
        "checks": ("deck-checks.svg", check_chart("The source's words as thresholds", rows)),
    }
    for name, text in files.values():
        write_text(out_dir / name, text)
    return {key: name for key, (name, _) in files.items()}


def render_page(cards: Sequence[Card], rules: DeckRules, deck_name: str, charts: dict[str, str], deals: int, seed: int) -> str:
    """The Markdown of the report (pure: same deck and settings, same text)."""
    checks = thresholds(cards, rules)
    verdict = "meets every property" if all(t.ok for t in checks) else "**breaks** some properties (marked FAIL)"
    ranks = sorted(RANK_LABELS)
    summary = deal_summary(deal_strengths(cards, rules, deals, seed)) if deals and len(cards) >= rules.hand_size * 4 else None
    pts = rules.balance.hand_strength.points
    out = [
        "# The Multisuit deck",
        "",
        "The rule source describes its 36-card deck but does not list it, so we designed one. "
        "Every card has a rank in up to three suits (spades, diamonds, clubs); a hyphen means "
        f"no rank in that suit. This page shows that the deck in `{deck_name}` {verdict}, "
        "with each vague word of the source turned into a number.",
        "",
        "## What the source says, in numbers",
        "",
        _table(["the source says", "what we take it to mean", "threshold", "this deck", "result"],
               [(t.word, t.means, t.limit, t.measured, "pass" if t.ok else "FAIL") for t in checks]),
        "",
        f"![Threshold checks]({charts['checks']})",
        "",
        "## The cards",
        "",
        _table(["card", "♠ spades", "♦ diamonds", "♣ clubs", "suits", "points"],
               [(c.id, *(rank_label(r) for r in c.ranks), len(c.present), card_points(c, rules)) for c in cards]),
        "",
        "## Ranks per suit",
        "",
        _table(["rank", *SUITS], [(RANK_LABELS[r], *(rank_counts(cards, s)[r] for s in SUITS)) for r in ranks]
               + [("cards with a rank", *(ranked_in_suit(cards, s) for s in SUITS))]),
        "",
        f"![Cards of each rank, per suit]({charts['ranks']})",
        "",
        "## Cards by number of suits",
        "",
        _table(["suits on the card", "cards"], [(n, by_suit_count(cards)[n]) for n in (3, 2, 1, 0)]),
        "",
        f"![Cards by number of suits]({charts['suits']})",
        "",
        "## Balance",
        "",
        "Once every property holds, the design search prefers decks whose hands are close in "
        "strength and whose suits look alike. A hand's strength is its high-card points in every "
        "suit of every card (" + ", ".join(f"{k} {v}" for k, v in sorted(pts.items(), key=lambda kv: -kv[1])) + ").",
        "",
        _table(["goal", "what it means", "this deck"], [
            ("hand strength", rules.balance.hand_strength.means, f"spread (sd) {hand_strength_sd(cards, rules):.2f} points, exact"),
            ("suit shape", rules.balance.suit_shape.means, f"{suit_shape_gap(cards)}"),
            ("suit length", rules.balance.suit_length.means, f"{suit_length_gap(cards)}"),
            ("distinct cards", rules.balance.distinct_cards.means, f"{duplicate_cards(cards)} repeated"),
        ]),
        "",
    ]
    if summary is not None:
        out += [
            f"### Hand strength over {deals} random deals (seed {seed})",
            "",
            _table(["figure", "points"], [
                ("mean hand", f"{summary['mean']:.2f}"), ("spread (sd)", f"{summary['sd']:.2f}"),
                ("weakest hand seen", f"{summary['min']:.0f}"), ("strongest hand seen", f"{summary['max']:.0f}"),
                ("typical gap between best and worst hand of a deal", f"{summary['mean_gap']:.2f}"),
            ]),
            "",
            f"![Hand strength over {deals} deals]({charts['hands']})",
            "",
        ]
    return "\n".join(out)
