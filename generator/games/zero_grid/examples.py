"""Zero Grid worked examples: a position in rules terms -> a State, the moves, the outcome.

Positions (``run_example``) use rules terms, every key optional: ``players`` (2; 1 with
the solo variant), ``grid`` ({P1: four columns top to bottom, 0 or '-' for an empty
space}; default: the setup pattern), ``hands`` ({P1: four cards}), ``reveal`` (solo: the
top card of the deck), ``deck`` (top first; default: every other card, in Initiative
order from 2♣ up), ``discard`` (default: the cards named nowhere else when a deck is
given), ``reshuffles`` (already done, default 0), ``hand`` (its number, default 1) and
``start`` (default P1).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...rules.base import IllegalAction, SetupError, oldest_first
from . import play
from .notation import (
    FIZZLE_WHY, action_text, card_text, cell_text, change_text, event_text, grid_columns, grid_from_columns,
    parse_action, parse_card, parse_seat, seat_text, suit_name,
)
from .state import (
    OVER, RESOLVE, Favor, Fizzled, Numbers, Penalty, PowerUsed, Revealed, Shifted, State, Swapped, Unplayed,
    column_4_pips, new_game, removed, result, score_title,
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
    players = int(position.get("players", 1 if "solo" in variants else 2))
    setup: dict[str, Any] = {"start": 0, "deck_order": "neutral"}
    grids: list[tuple[int, ...]] = [numbers.grid] * players
    for seat, columns in _seats(position.get("grid", {}), players, "grid").items():
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
    if "start" in position:
        setup["start"] = _seats({position["start"]: 0}, players, "start").popitem()[0]
    return players, setup


def run_example(numbers: Numbers, position: Mapping[str, Any], moves: Sequence[str],
                variants: Sequence[str]) -> dict[str, Any]:
    """Play a worked example and report every outcome by its rules name."""
    players, setup = example_setup(numbers, position, variants)
    state = new_game(numbers, players=players, variants=variants, seed=0, setup=setup)
    first = len(oldest_first(state.events))
    for line in moves:
        state = play.apply(state, parse_action(state, line))
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
        "removed": {n: removed(state.grids[i]) for i, n in enumerate(names)},
        "column_4_pips": {n: column_4_pips(state.grids[i]) for i, n in enumerate(names)},
        "title": {n: score_title(state.numbers, removed(state.grids[i])) for i, n in enumerate(names)},
        "initiative": initiative,
        "results": results,
        "penalties": penalties,
        "favor": favor,
        "fizzles": fizzles,
        "over": over,
        "end": state.end,
        "winners": [seat_text(s) for s in res.winners] if over else [],
        "shared_victory": over and len(res.winners) > 1,
        "ranking": [[seat_text(s) for s in group] for group in res.ranking] if over else [],
        "hand": state.hand_no,
        "hands": {n: [card_text(c) for c in state.hands[i]] if state.hands else [] for i, n in enumerate(names)},
        "discard_size": len(state.discard),
        "reshuffles": state.reshuffles,
        "deck_size": len(state.deck),
        "to_move": seat_text(state.seat) if not over else "",
        "choices": [action_text(state, a) for a in play.legal_actions(state)] if state.phase == RESOLVE else [],
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
