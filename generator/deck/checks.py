"""Does a deck have every property the rule source claims? Each failure is named.

``check_deck`` is pure (cards + thresholds -> problems); ``check`` is the hook that
``pipworks validate`` runs for every game with a deck file (a check of the Multisuit spec), turning
problems into ContentErrors that point at the CSV row of the card at fault.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

from ..content.deck import SUITS, Card, rank_label, rank_name
from .measures import mixed_cards, rank_counts, same_rank_cards, suit_correlations
from ..content.deck_rules import DeckRules
from ..scene import frozen

if TYPE_CHECKING:
    from ..content.errors import ContentError
    from ..content.loader import LoadedGame
    from ..content.project import Project


@frozen
class Problem:
    """One failed property: which rule word, which card (if one) and what is wrong."""

    rule: str
    message: str
    card: int | None = None
    suit: str | None = None


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _ids(cards: Sequence[Card]) -> str:
    return ", ".join(str(c.id) for c in cards)


def check_size(cards: Sequence[Card], rules: DeckRules) -> Iterator[Problem]:
    if len(cards) != rules.deck_size:
        yield Problem("deck_size", f"the deck has {_cards(len(cards))}, needs {rules.deck_size}")


def check_per_suit(cards: Sequence[Card], rules: DeckRules) -> Iterator[Problem]:
    """Exactly 2 aces, 4 kings, 1 queen and 4 jacks in every suit."""
    for suit in SUITS:
        counts = rank_counts(cards, suit)
        for rank, needed in sorted(rules.exact_counts.items(), reverse=True):
            if counts[rank] != needed:
                yield Problem("per_suit", f"{suit} has {counts[rank]} {rank_name(rank, counts[rank])}, needs {needed}", suit=suit)


def check_several(cards: Sequence[Card], rules: DeckRules) -> Iterator[Problem]:
    """Enough lower ranks in every suit, and each lower rank present."""
    several = rules.words.several
    for suit in SUITS:
        counts = rank_counts(cards, suit)
        lower = sum(counts[r] for r in rules.lower_ranks)
        if lower < several.min_lower_cards:
            yield Problem("several", f"{suit} has {_cards(lower)} ranked 4–10, needs at least {several.min_lower_cards}", suit=suit)
        for rank in rules.lower_ranks:
            if counts[rank] < several.min_each_lower_rank:
                yield Problem("several", f"{suit} has {counts[rank]} {rank_name(rank, counts[rank])}, needs at least {several.min_each_lower_rank}", suit=suit)


def check_most_and_some(cards: Sequence[Card], rules: DeckRules) -> Iterator[Problem]:
    """Most cards have all three suits; some lack one or two; none lacks all three."""
    most, some = rules.words.most, rules.words.some
    complete = [c for c in cards if len(c.present) == len(SUITS)]
    if len(complete) < most.min_complete_cards:
        yield Problem("most", f"only {len(complete)} of {len(cards)} cards have a rank in every suit, needs at least {most.min_complete_cards}")
    incomplete = [c for c in cards if 0 < len(c.present) < len(SUITS)]
    if len(incomplete) < some.min_incomplete_cards:
        yield Problem("some", f"only {len(incomplete)} cards lack a rank in some suit, needs at least {some.min_incomplete_cards}")
    if some.both_kinds:
        for missing in (1, 2):
            if not any(len(c.present) == len(SUITS) - missing for c in cards):
                yield Problem("some", f"no card lacks exactly {'one suit' if missing == 1 else 'two suits'}, needs at least one")
    for card in cards:
        if not card.present:
            yield Problem("none_blank", f"card {card.id} has no rank in any suit", card=card.id)


def check_remaining_low(cards: Sequence[Card], rules: DeckRules) -> Iterator[Problem]:
    """A card lacking a suit shows only low ranks in the suits it has."""
    low = rules.words.low
    for card in cards:
        lacking = [s for s, r in zip(SUITS, card.ranks) if r is None]
        if not lacking or not card.present:
            continue
        for suit, rank in zip(SUITS, card.ranks):
            if rank is not None and not low.holds(rank):
                yield Problem(
                    "remaining_low",
                    f"card {card.id} lacks {' and '.join(lacking)} but has a {rank_label(rank)} in {suit} (only {low.text} allowed)",
                    card=card.id, suit=suit,
                )


def check_tend_to(cards: Sequence[Card], rules: DeckRules) -> Iterator[Problem]:
    """High cards high in all suits, low cards low: rank correlation and mixed cards."""
    tend = rules.words.tend_to
    for (a, b), rho in suit_correlations(cards).items():
        if rho < tend.min_rank_correlation:
            yield Problem("tend_to", f"{a} and {b} ranks correlate at {rho:.3f} across cards, needs at least {tend.min_rank_correlation:.2f}")
    mixed = mixed_cards(cards, rules)
    if len(mixed) > tend.max_mixed_cards:
        yield Problem(
            "tend_to",
            f"{len(mixed)} cards mix a high and a low rank (cards {_ids(mixed)}), at most {tend.max_mixed_cards} allowed",
            card=mixed[0].id,
        )


def check_few(cards: Sequence[Card], rules: DeckRules) -> Iterator[Problem]:
    same = same_rank_cards(cards)
    limit = rules.words.few.max_same_rank_cards
    if len(same) > limit:
        yield Problem("few", f"{len(same)} cards show the same rank in every suit (cards {_ids(same)}), at most {limit} allowed", card=same[0].id)


CHECKS: tuple[Callable[[Sequence[Card], DeckRules], Iterator[Problem]], ...] = (
    check_size, check_per_suit, check_several, check_most_and_some, check_remaining_low, check_tend_to, check_few,
)


def check_deck(cards: Sequence[Card], rules: DeckRules) -> list[Problem]:
    """Every property of the source that ``cards`` breaks (empty list: all hold)."""
    return [problem for check_one in CHECKS for problem in check_one(cards, rules)]


def check(project: "Project", game: "LoadedGame") -> list["ContentError"]:
    """``pipworks validate`` hook: check a game's deck file against its deck rules."""
    from ..content.errors import ContentError, ContentInvalid
    from ..content.deck import DeckFormatError, read_deck_file
    from ..content.deck_rules import load_rules_file

    files = game.content.files
    if files.deck_rules is None:
        return []  # only a game that states deck thresholds has a deck of this kind
    if files.deck is None:
        return [game.source.error(("files", "deck_rules"), "deck_rules given but no deck file to check against them")]
    deck_path = game.folder / files.deck
    errors: list[ContentError] = []
    try:
        rules, _ = load_rules_file(game.folder / files.deck_rules)
    except ContentInvalid as exc:
        errors.extend(exc.errors)
    try:
        deck = read_deck_file(deck_path)
    except DeckFormatError as exc:
        errors.extend(ContentError(deck_path, line, ("deck",), msg) for line, msg in exc.problems)
        return errors
    if errors:
        return errors
    if game.content.suit_names != SUITS:
        errors.append(game.source.error(("suits",), f"the deck file's suits are {', '.join(SUITS)}; the game lists {', '.join(game.content.suit_names)}"))
    for problem in check_deck(deck.cards, rules):
        errors.append(_content_error(deck_path, deck.lines, problem))
    return errors


def _content_error(path: Path, lines: dict[int, int], problem: Problem) -> "ContentError":
    from ..content.errors import ContentError

    if problem.card is not None:
        where: tuple[str, ...] = (f"card {problem.card}",) + ((problem.suit,) if problem.suit else ())
        return ContentError(path, lines.get(problem.card), where, problem.message)
    return ContentError(path, None, (problem.suit or "deck",), problem.message)
