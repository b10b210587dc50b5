"""Zero Grid in words: action notation, the event log, the board picture, worked examples.

Notation (round-trips through :func:`parse_action`):

- programming: ``P1 programs 7♥ 2♠ K♦, initiative A♣`` (Columns 1, 2, 3, then the
  Initiative card);
- a resolution choice: ``P1 7♥: hearts`` (the suit power, any suit name or ``power``
  also reads) or ``P1 7♥: swap with column 4`` (Movement and its swap target).

Only real choices are written; a step with one legal outcome plays itself.

Worked-example positions (``run_example``) use rules terms, every key optional:
``players`` (2; 1 with the solo variant), ``grid`` ({P1: four columns top to bottom, 0
or '-' for an empty space}; default: the setup pattern), ``hands`` ({P1: four cards}),
``reveal`` (solo: the top card of the deck), ``deck`` (top first; default: every other
card, in order from 2♣ up), ``discard`` (default: the cards named nowhere else when a
deck is given), ``reshuffles`` (already done, default 0), ``hand`` (its number,
default 1) and ``start`` (default P1).
"""

from __future__ import annotations

import re
from typing import Any, Hashable, Mapping, Sequence

from .base import IllegalAction, SetupError
from .zero_grid_cards import (
    SUIT_NAMES, card_text, cell_text, grid_columns, grid_from_columns, parse_card, parse_seat, seat_text,
)
from .zero_grid_state import MOVE, OVER, POWER, PROGRAM, RESOLVE, State, column_4_pips, event_list, removed, score_title

_PROGRAM = re.compile(r"^\s*(\S+)\s+programs?\s+(.+?)\s*,?\s+initiative\s*:?\s*(\S+)\s*$", re.I)
_RESOLVE = re.compile(r"^\s*(\S+)\s+(\S+?)\s*:\s*(.+?)\s*$")
_SWAP = re.compile(r"^(?:swap|move)\D*([1-4])$", re.I)
_WHY = {"empty": "no column from here to the right holds a die", "spent": "the column is spent",
        "none": "no die there can take it"}


def action_text(state: State, action: Hashable) -> str:
    """How ``action`` reads in ``state`` (the notation above)."""
    if not isinstance(action, tuple) or len(action) < 4:
        return repr(action)
    who = seat_text(action[1])
    if action[0] == PROGRAM:
        c1, c2, c3, init = (card_text(c) for c in action[2:6])
        return f"{who} programs {c1} {c2} {c3}, initiative {init}"
    card = card_text(state.ctx[0]) if state.phase == RESOLVE and state.ctx else "?"
    if action[2] == POWER:
        return f"{who} {card}: {SUIT_NAMES[state.ctx[0] & 3] if state.ctx else 'power'}"
    return f"{who} {card}: swap with column {action[3] + 1}"


def parse_action(state: State, text: str) -> Hashable:
    """The legal action ``text`` names; IllegalAction saying why when it names none."""
    from . import zero_grid as core

    if state.phase == OVER:
        raise IllegalAction(f"{text!r}: the game is over")
    legal = core.legal_actions(state)
    action = _read(state, str(text))
    if action not in legal:
        shown = "; ".join(action_text(state, a) for a in legal[:3]) + (" ..." if len(legal) > 3 else "")
        raise IllegalAction(f"{text!r} is not legal now ({core._expected(state)}); legal: {shown}")
    return action


def _read(state: State, text: str) -> tuple:
    match = _PROGRAM.match(text)
    if match:
        seat = parse_seat(match[1], state.n)
        cards = [parse_card(c) for c in re.split(r"[\s,]+", match[2].strip()) if c]
        if len(cards) != 3:
            raise IllegalAction(f"{text!r}: name three cards for Columns 1–3, then the initiative card")
        return (PROGRAM, seat, *cards, parse_card(match[3]))
    match = _RESOLVE.match(text)
    if not match:
        raise IllegalAction(f"{text!r} is not Zero Grid notation (e.g. 'P1 programs 7♥ 2♠ K♦, initiative A♣', "
                            "'P1 7♥: hearts', 'P1 7♥: swap with column 4')")
    seat = parse_seat(match[1], state.n)
    card = parse_card(match[2])
    if state.phase != RESOLVE or not state.ctx or card != state.ctx[0] or seat != state.seat:
        raise IllegalAction(f"{text!r}: that card is not the one being resolved now")
    how = match[3].lower()
    swap = _SWAP.match(how)
    if swap:
        return (RESOLVE, seat, MOVE, int(swap[1]) - 1)
    if how in ("power", "suit power", *SUIT_NAMES) or how == SUIT_NAMES[card & 3]:
        if how in SUIT_NAMES and how != SUIT_NAMES[card & 3]:
            raise IllegalAction(f"{text!r}: {card_text(card)} has the {SUIT_NAMES[card & 3]} power, not {how}")
        return (RESOLVE, seat, POWER, -1)
    raise IllegalAction(f"{text!r}: say the suit power ('{SUIT_NAMES[card & 3]}') or 'swap with column N'")


# --- the log ----------------------------------------------------------------------------

def _change(before: int, after: int) -> str:
    return f"{before}→{after}" + (" (removed)" if after == 0 else "")


def event_text(event: tuple) -> str:
    """One event as a sentence."""
    kind = event[0]
    if kind == "deal":
        return f"Hand {event[1]}: four cards are dealt to each player."
    if kind == "reshuffle":
        return f"The deck ran out: the discard pile ({event[2]} cards) is shuffled into a new deck (reshuffle {event[1]})."
    if kind == "program":  # face down: each card shows itself when it resolves
        return f"{seat_text(event[1])} programs Columns 1–3 and an Initiative card, face down."
    if kind == "initiative":
        return _initiative_text(event)
    if kind == "over":
        return "Game over: " + ("a grid is cleared." if event[1] == "elimination" else "the deck timer has run out.")
    who = seat_text(event[1])
    card = card_text(event[2]) if kind not in ("penalty", "favor") else ""
    if kind == "shift":
        return f"{who} {card}: Column {event[3] + 1} is empty, the card shifts to Column {event[4] + 1}."
    if kind == "fizzle":
        return f"{who} {card} on Column {event[3] + 1} fizzles: {_WHY[event[4]]}."
    if kind == "power":
        suit = SUIT_NAMES[event[2] & 3]
        if event[4] == event[5]:
            return f"{who} {card} {suit}: the die at {cell_text(event[3])} holds at {event[4]}."
        return f"{who} {card} {suit}: the die at {cell_text(event[3])} goes {_change(event[4], event[5])}."
    if kind == "move":
        return (f"{who} {card} swap: the {event[5]} at {cell_text(event[3])} trades places with the {event[6]} at "
                f"{cell_text(event[4])}, then decays {_change(event[5], event[7])}.")
    if kind == "unplayed":
        return f"{who} lost Initiative and discards {card} without resolving it."
    if kind in ("penalty", "favor"):
        name = "Hardcore penalty" if kind == "penalty" else "Adversary Favor"
        return f"{name}: {who}'s die at {cell_text(event[2])} goes {event[3]}→{event[4]}."
    return repr(event)


def _initiative_text(event: tuple) -> str:
    cards, reveal, winner = event[1], event[2], event[3]
    if len(cards) == 1:
        mine, theirs = card_text(cards[0]), card_text(reveal)
        if winner == 0:
            return f"Initiative: P1's {mine} beats the deck's {theirs}; P1 resolves Column 4."
        return f"Initiative: the deck's {theirs} beats P1's {mine}; P1 loses Initiative."
    win, lose = cards[winner], cards[1 - winner]
    why = "higher rank" if win >> 2 != lose >> 2 else f"same rank, {SUIT_NAMES[win & 3]} outrank {SUIT_NAMES[lose & 3]}"
    return (f"Initiative: {seat_text(winner)}'s {card_text(win)} beats {seat_text(1 - winner)}'s {card_text(lose)} "
            f"({why}); {seat_text(winner)} resolves Column 4.")


def log(state: State, viewer: int | None = None) -> list[str]:
    """Readable events so far, oldest first. The same for every ``viewer``: the log never
    names a dealt or programmed card before it is revealed (Initiative) or resolves."""
    return [event_text(e) for e in event_list(state)]


def describe(state: State, viewer: int | None = None) -> str:
    """The grids (used dice starred, spent columns marked x), the cards and what happens
    next. ``viewer=None`` shows every hand and program; a seat sees its own cards and,
    of another's program, only the cards revealed so far."""
    lines = [f"Zero Grid — hand {state.hand_no}, deck {len(state.deck)}, discard {len(state.discard)}, "
             f"reshuffles {state.reshuffles}"]
    for seat, grid in enumerate(state.grids):
        spent = state.spent[seat] if state.spent else 0
        head = "  ".join(f"C{c + 1}{'x' if (spent >> c) & 1 else ' '}" for c in range(4))
        lines.append(f"{seat_text(seat)}: removed {removed(grid)}, Column 4 pips {column_4_pips(grid)}")
        lines.append("      " + head)
        for row in range(4):
            cells = []
            for col in range(4):
                cell = col * 4 + row
                pip = grid[cell]
                mark = "*" if state.used and (state.used[seat] >> cell) & 1 else " "
                cells.append(f" {pip if pip else '.'}{mark} ")
            lines.append(f"  R{row + 1}  " + " ".join(cells))
        lines += _cards_lines(state, seat, viewer)
    if state.phase == OVER:
        lines.append(f"Game over ({state.end}).")
    elif state.phase == PROGRAM:
        lines.append(f"{seat_text(state.seat)} to program Columns 1–3 and Initiative.")
    else:
        card, power_cell, move_cell = state.ctx
        grid = state.grids[state.seat]
        options = [f"Movement would move the {grid[move_cell]} at {cell_text(move_cell)}"]
        if power_cell >= 0:
            options.insert(0, f"{SUIT_NAMES[card & 3].title()} would act on the {grid[power_cell]} at {cell_text(power_cell)}")
        lines.append(f"{seat_text(state.seat)} to resolve {card_text(card)} (programmed to Column {state.step + 1}): "
                     + "; ".join(options) + ".")
    return "\n".join(lines)


def _revealed(state: State, seat: int, index: int) -> bool:
    """Whether card ``index`` (Columns 1–3, then Initiative) of ``seat``'s program is face
    up: Initiative cards from the reveal on, column cards once they start to resolve
    (players resolve in seat order, each from Column 1)."""
    if state.phase != RESOLVE:
        return False
    return index == 3 or seat < state.seat or (seat == state.seat and index <= state.step)


def _cards_lines(state: State, seat: int, viewer: int | None) -> list[str]:
    """``seat``'s hand or program as ``viewer`` may see it (None: a designer sees all)."""
    seen = viewer is None or viewer == seat
    if state.phase == OVER or not state.hands:
        return []
    if seat >= len(state.programs):
        hand = " ".join(card_text(c) for c in state.hands[seat]) if seen else f"{len(state.hands[seat])} cards"
        return [f"  hand: {hand}"]
    program = [card_text(c) if seen or _revealed(state, seat, i) else "a face-down card"
               for i, c in enumerate(state.programs[seat])]
    return [f"  programmed: C1 {program[0]}, C2 {program[1]}, C3 {program[2]}, initiative {program[3]}"]


# --- worked examples --------------------------------------------------------------------

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


def example_setup(position: Mapping[str, Any], variants: Sequence[str]) -> tuple[int, dict[str, Any]]:
    """(players, setup) for ``new_game`` from a worked example's position."""
    from .zero_grid_state import SETUP_GRID

    known = {"players", "grid", "hands", "reveal", "deck", "discard", "reshuffles", "hand", "start"}
    unknown = sorted(set(position) - known)
    if unknown:
        raise SetupError(f"unknown position field(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    players = int(position.get("players", 1 if "solo" in variants else 2))
    setup: dict[str, Any] = {"start": 0, "deck_order": "neutral"}
    grids: list[tuple[int, ...]] = [SETUP_GRID] * players
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


def run_example(position: Mapping[str, Any], play: Sequence[str], variants: Sequence[str]) -> dict[str, Any]:
    """Play a worked example and report every outcome by its rules name."""
    from . import zero_grid as core

    players, setup = example_setup(position, variants)
    state = core.new_game(players=players, variants=variants, seed=0, setup=setup)
    first = len(event_list(state))
    for line in play:
        state = core.apply(state, core.parse_action(state, line))
    return outcomes(state, event_list(state)[first:])


def outcomes(state: State, events: list[tuple]) -> dict[str, Any]:
    """Everything an example may expect, as plain data keyed by player name."""
    from . import zero_grid as core

    names = [seat_text(s) for s in range(state.n)]
    results: dict[str, list[str]] = {n: [] for n in names}
    penalties: dict[str, list[str]] = {n: [] for n in names}
    fizzles = {n: 0 for n in names}
    favor: list[str] = []
    initiative = ""
    shift = ""
    for e in events:
        kind = e[0]
        if kind == "initiative":
            initiative = seat_text(e[3]) if e[3] >= 0 else "deck"
        elif kind == "shift":
            shift = f"C{e[3] + 1}→C{e[4] + 1}, "
        elif kind in ("power", "move", "fizzle", "unplayed"):
            results[seat_text(e[1])].append(f"{card_text(e[2])}: {shift}{_result_text(e)}")
            shift = ""
            if kind == "fizzle":
                fizzles[seat_text(e[1])] += 1
        elif kind == "penalty":
            penalties[seat_text(e[1])].append(f"{cell_text(e[2])} {e[3]}→{e[4]}")
        elif kind == "favor":
            favor.append(f"{cell_text(e[2])} {e[3]}→{e[4]}")
    res = core.result(state)
    over = state.phase == OVER
    return {
        "grid": {n: grid_columns(state.grids[i]) for i, n in enumerate(names)},
        "removed": {n: removed(state.grids[i]) for i, n in enumerate(names)},
        "column_4_pips": {n: column_4_pips(state.grids[i]) for i, n in enumerate(names)},
        "title": {n: score_title(removed(state.grids[i])) for i, n in enumerate(names)},
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
        "choices": [action_text(state, a) for a in core.legal_actions(state)] if state.phase == RESOLVE else [],
        "log": [event_text(e) for e in events],
    }


def _result_text(e: tuple) -> str:
    kind = e[0]
    if kind == "power":
        suit = SUIT_NAMES[e[2] & 3]
        if e[4] == e[5]:
            return f"{suit} holds {cell_text(e[3])} at {e[4]}"
        return f"{suit} {cell_text(e[3])} {_change(e[4], e[5])}"
    if kind == "move":
        return f"swap {cell_text(e[3])}↔{cell_text(e[4])}, {_change(e[5], e[7])}"
    if kind == "fizzle":
        return f"fizzles ({_WHY[e[4]]})"
    return "unplayed (lost Initiative)"
