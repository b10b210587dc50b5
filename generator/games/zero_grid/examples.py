"""Zero Grid worked examples: a position in rules terms -> a State, the moves, the outcome.

Positions (``run_example``) use rules terms, every key optional: ``players`` (2; 1 with
the solo variant), ``grid`` ({P1: four columns top to bottom, 0 or '-' for an empty
space}; default: the setup pattern), ``hands`` ({P1: four cards}), ``reveal`` (solo: the
top card of the deck), ``deck`` (top first; default: every other card, in Initiative
order from 2♣ up), ``discard`` (default: the cards named nowhere else when a deck is
given), ``reshuffles`` (already done, default 0), ``hand`` (its number; default the first
hand the grids can stand at: 1 for the setup pattern, and a hand for each four dice
removed, at least 2 for a changed grid) and ``start`` (default P1). Without a discard pile (and no reshuffle yet), the discard holds
the cards the earlier hands used (eight a hand, five in solo), taken in Initiative order
from the cards nobody named; the others lie in the deck, under any cards given there.

Before it is played a position is checked (:func:`check_position`): pips 0 to 6, each
card of the deck in one place, a discard pile as large as the hands before used, no
more reshuffles than the deck timer allows, the setup pattern at the start of hand 1 and
no more dice removed than the hands before could remove (four a player a hand).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...rules.base import (
    IllegalAction, Impossible, ImpossiblePosition, SetupError, oldest_first, play_lines, refuse_impossible, winner_of,
)
from . import play
from .notation import (
    FIZZLE_WHY, action_text, card_text, cell_text, change_text, event_text, grid_columns, grid_from_columns,
    parse_action, parse_card, parse_seat, seat_text, suit_name,
)
from .state import (
    DECK, OVER, RESOLVE, SOLO, Favor, Fizzled, Numbers, Penalty, PowerUsed, Revealed, Shifted, State, Swapped, Unplayed,
    allowed_reshuffles, column_4_pips, new_game, removed, result, score_title,
)

_KNOWN = {"players", "grid", "hands", "reveal", "deck", "discard", "reshuffles", "hand", "start"}


def _seats(value: Any, players: int, what: str) -> dict[int, Any]:
    if not isinstance(value, Mapping):
        raise SetupError(f"{what}: give one entry per player, e.g. {{P1: ...}}")
    try:
        return {parse_seat(k, players): v for k, v in value.items()}
    except IllegalAction as exc:
        raise SetupError(f"{what}: {exc}") from None


def _cards(values: Any, what: str) -> list[int]:
    try:
        return [parse_card(v) for v in values]
    except (IllegalAction, TypeError) as exc:
        raise SetupError(f"{what}: {exc}") from None


def example_setup(numbers: Numbers, position: Mapping[str, Any], variants: Sequence[str]) -> tuple[int, dict[str, Any]]:
    """(players, setup) for ``new_game`` from a worked example's position."""
    unknown = sorted(set(position) - _KNOWN)
    if unknown:
        raise SetupError(f"unknown position field(s) {', '.join(unknown)}; known: {', '.join(sorted(_KNOWN))}")
    players = int(position.get("players", 1 if "solo-mode" in variants else 2))
    setup: dict[str, Any] = {"start": 0, "deck_order": "neutral"}
    grids: list[tuple[int, ...]] = [numbers.grid] * players
    for seat, columns in _seats(position.get("grid", {}), players, "grid").items():
        where = ("grid", seat_text(seat))
        refuse_impossible([Impossible(f"{seat_text(seat)}'s grid has a die showing {pip}; a die shows 1 to 6",
                                      "setup-grid", where)
                           for column in columns if isinstance(column, list) for pip in column
                           if isinstance(pip, int) and not 0 <= pip <= 6])
        try:
            grids[seat] = grid_from_columns(columns, f"{seat_text(seat)}'s grid")
        except ValueError as exc:
            raise SetupError(str(exc)) from None
    setup["grids"] = grids
    if "hands" in position:
        hands = _seats(position["hands"], players, "hands")
        if sorted(hands) != list(range(players)):
            raise SetupError("hands: give a hand for every player")
        setup["hands"] = [_cards(hands[s], f"{seat_text(s)}'s hand") for s in range(players)]
    for key in ("deck", "discard"):
        if key in position:
            setup[key] = _cards(position[key], key)
    if "reveal" in position:
        setup["reveal"] = _cards([position["reveal"]], "reveal")[0]
    for key in ("reshuffles", "hand"):
        if key in position:
            setup[key] = int(position[key])
    setup.setdefault("hand", first_hand(numbers, grids))
    if "start" in position:
        setup["start"] = _seats({position["start"]: 0}, players, "start").popitem()[0]
    named = [c for h in setup.get("hands", ()) for c in h] + setup.get("deck", []) + setup.get("discard", []) + (
        [setup["reveal"]] if "reveal" in setup else [])
    twice = sorted({card_text(c) for c in named if named.count(c) > 1})
    refuse_impossible([Impossible(f"{', '.join(twice)} in two places at once; the deck has each card once",
                                  "setup-deck", ("hands",))] if twice else [])
    if not setup.get("reshuffles") and "discard" not in setup:
        used = _per_hand(players) * (setup.get("hand", 1) - 1)  # what the hands before this one used
        rest = [c for c in numbers.neutral_deck if c not in named]
        setup["discard"] = rest[:used]
        if "deck" in setup:
            setup["deck"] = setup["deck"] + rest[used:]
    return players, setup


#: The most dice one player's hand can remove: each card activates at most one die and
#: removes at most that one (decay or Diamonds to zero), and a player resolves at most
#: four cards a hand (Column 4 too for the Initiative winner, or in Easier).
REMOVED_PER_HAND = 4


def first_hand(numbers: Numbers, grids: Sequence[Sequence[int]]) -> int:
    """The first hand at whose start ``grids`` can stand: hand 1 has the setup pattern;
    a grid changed from it needs a hand played, and one hand for each four dice removed."""
    needed = [-(-removed(grid) // REMOVED_PER_HAND) or int(tuple(grid) != numbers.grid) for grid in grids]
    return 1 + max(needed, default=0)


def _per_hand(players: int) -> int:
    """Cards a hand takes from the deck: four a player, and the solo reveal."""
    return 5 if players == 1 else 4 * players


def check_position(state: State) -> list[Impossible]:
    """Why ``state`` could not arise in a game played by the rules (empty: it could)."""
    if state.phase == OVER:
        return []
    problems = [Impossible(f"{seat_text(seat)}'s grid has a die showing {pip}; a die shows 1 to 6", "setup-grid",
                           ("grid", seat_text(seat)))
                for seat, grid in enumerate(state.grids) for pip in grid if not 0 <= pip <= 6]
    cards = [*state.deck, *state.discard, *(c for h in state.hands for c in h)] + ([state.reveal] if state.reveal >= 0 else [])
    if sorted(cards) != list(DECK):
        twice = sorted({card_text(c) for c in cards if cards.count(c) > 1})
        missing = [card_text(c) for c in DECK if c not in cards]
        why = f"{', '.join(twice)} in two places at once" if twice else f"cards nowhere: {', '.join(missing)}"
        problems.append(Impossible(f"{why}; the deck has each card once", "setup-deck", ("hands",)))
    problems += _check_progress(state)
    used = _per_hand(state.players) * (state.hand_no - 1)
    if not state.reshuffles and len(state.discard) != used:
        problems.append(Impossible(f"hand {state.hand_no} with {len(state.discard)} cards in the discard pile; the "
                                   f"hands before it used {used} and no reshuffle took them back", "deal-and-program",
                                   ("discard",)))
    allowed = allowed_reshuffles(state.flags)
    if state.reshuffles > allowed:
        timer = "solo-timer" if state.flags & SOLO else "two-player-timer"
        problems.append(Impossible(f"{state.reshuffles} reshuffles; the deck timer ends the game after {allowed}",
                                   timer, ("reshuffles",)))
    return problems


def _check_progress(state: State) -> list[Impossible]:
    """Grids changed no more than the hands played could change them: at the start of
    hand 1 every grid is the setup pattern, and before hand N's cards resolve a player
    has removed at most four dice for each hand before it."""
    if state.phase == RESOLVE:  # this hand's cards are removing dice too
        return []
    problems = []
    most = REMOVED_PER_HAND * max(state.hand_no - 1, 0)
    for seat, grid in enumerate(state.grids):
        name, gone = seat_text(seat), removed(grid)
        if gone > most:
            problems.append(Impossible(
                f"{name} has {gone} dice removed at the start of hand {state.hand_no}; a card removes at most one die "
                f"and a player resolves at most {REMOVED_PER_HAND} cards a hand, so the hands before it removed at "
                f"most {most}", "removal", ("grid", name)))
        elif state.hand_no <= 1 and grid != state.numbers.grid:
            problems.append(Impossible(f"{name}'s grid is not the setup pattern at the start of hand 1; dice change "
                                       "only when cards resolve", "setup-grid", ("grid", name)))
    return problems


def run_example(numbers: Numbers, position: Mapping[str, Any], moves: Sequence[str],
                variants: Sequence[str]) -> dict[str, Any]:
    """Play a worked example and report every outcome by its rules name."""
    players, setup = example_setup(numbers, position, variants)
    state = new_game(numbers, players=players, variants=variants, seed=0, setup=setup)
    refuse_impossible(check_position(state))
    first = len(oldest_first(state.events))
    state = play_lines(state, moves, parse_action, play.apply)
    return outcomes(state, oldest_first(state.events)[first:])


def outcomes(state: State, events: list[tuple[Any, ...]]) -> dict[str, Any]:
    """Everything an example may expect, as plain data keyed by player name."""
    names = [seat_text(s) for s in range(state.players)]
    results: dict[str, list[str]] = {n: [] for n in names}
    penalties: dict[str, list[str]] = {n: [] for n in names}
    fizzles = {n: 0 for n in names}
    favor: list[str] = []
    initiative = ""
    shift = ""
    for e in events:
        if isinstance(e, Revealed):
            initiative = seat_text(e.winner) if e.winner >= 0 else "deck"
        elif isinstance(e, Shifted):
            shift = f"C{e.column + 1}→C{e.to + 1}, "
        elif isinstance(e, (PowerUsed, Swapped, Fizzled, Unplayed)):
            results[seat_text(e.seat)].append(f"{card_text(e.card)}: {shift}{_result_text(e)}")
            shift = ""
            if isinstance(e, Fizzled):
                fizzles[seat_text(e.seat)] += 1
        elif isinstance(e, Penalty):
            penalties[seat_text(e.seat)].append(f"{cell_text(e.cell)} {e.before}→{e.after}")
        elif isinstance(e, Favor):
            favor.append(f"{cell_text(e.cell)} {e.before}→{e.after}")
    res = result(state)
    over = state.phase == OVER
    return {
        "grid": {n: grid_columns(state.grids[i]) for i, n in enumerate(names)},
        "column_4_pips": {n: column_4_pips(state.grids[i]) for i, n in enumerate(names)},
        "title": {n: score_title(state.numbers, removed(state.grids[i])) for i, n in enumerate(names)},
        "initiative": initiative,
        "results": results,
        "penalties": penalties,
        "favor": favor,
        "fizzles": fizzles,
        "game_over": over,
        "end": state.end,
        "winner": winner_of(names, res) if over else None,
        "score": {n: removed(state.grids[i]) for i, n in enumerate(names)},
        "ranking": [[seat_text(s) for s in group] for group in res.ranking] if over else [],
        "hand": state.hand_no,
        "hands": {n: [card_text(c) for c in state.hands[i]] if state.hands else [] for i, n in enumerate(names)},
        "discard_size": len(state.discard),
        "reshuffles": state.reshuffles,
        "deck_size": len(state.deck),
        "to_move": seat_text(state.seat) if not over else None,
        "legal": [action_text(state, a) for a in play.legal_actions(state)],
        "log": [event_text(e) for e in events],
    }


def _result_text(e: PowerUsed | Swapped | Fizzled | Unplayed) -> str:
    if isinstance(e, PowerUsed):
        if e.before == e.after:
            return f"{suit_name(e.card)} holds {cell_text(e.cell)} at {e.before}"
        return f"{suit_name(e.card)} {cell_text(e.cell)} {change_text(e.before, e.after)}"
    if isinstance(e, Swapped):
        return f"swap {cell_text(e.cell)}↔{cell_text(e.other)}, {change_text(e.before, e.after)}"
    if isinstance(e, Fizzled):
        return f"fizzles ({FIZZLE_WHY[e.why]})"
    return "unplayed (lost Initiative)"
