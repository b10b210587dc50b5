"""Dice Lanes in words: card and move notation, the readable log and the state picture.

Notation (python-chess habit: it round-trips and is what logs, errors and worked
examples use). Cards read ``A♥ 2♦ 6♠ 3♣`` (letters ``AH 2D 6S 3C`` are accepted too).
Moves read::

    P1 programs 5♥ to lane 2
    P2 resolves 4♠ in lane 1: draw
    P1 resolves 5♥ in lane 2: increase          (also: decrease, flip)
    P2 resolves 3♣ in lane 3: swap with lane 1
    P1 resolves 3♣ in lane 2: swap (no other die)

The leading player name may be left out; when given it must be the player to move.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping, Sequence

from .base import IllegalAction, SetupError
from .dice_lanes_state import (
    CLUBS, GAME_DECK, LANES, PHASE_NAMES, PLAYER_NAMES, PROGRAM, RANK_NAMES, RANK_OF, RESOLVE, SLOT_NAMES,
    SUIT_LETTERS, SUIT_OF, SUIT_SYMBOLS, Action, State, card_of,
)

SUIT_POWER_WORDS = ("increase", "decrease", "flip", "swap")


def who(seat: int) -> str:
    return PLAYER_NAMES[seat]


def card_text(card: int) -> str:
    """``5♥``: rank then suit symbol."""
    return RANK_NAMES[RANK_OF[card] - 1] + SUIT_SYMBOLS[SUIT_OF[card]]


def cards_text(cards: Sequence[int]) -> str:
    return " ".join(card_text(c) for c in cards) or "none"


_SUIT_BY_MARK = {mark: suit for suit in range(4) for mark in (SUIT_SYMBOLS[suit], SUIT_LETTERS[suit], SUIT_LETTERS[suit].lower())}
_SUIT_BY_MARK.update({"♡": 0, "♢": 1, "♤": 2, "♧": 3})


def parse_card(name: Any) -> int:
    """The card int for ``"5♥"``, ``"AH"``, ``"1♣"`` (or an int 0..23); SetupError otherwise."""
    if isinstance(name, int) and not isinstance(name, bool) and 0 <= name < len(GAME_DECK):
        return name
    token = str(name).strip()
    if len(token) == 2:
        rank_mark, suit_mark = token[0].upper(), token[1]
        rank = 1 if rank_mark in ("A", "1") else int(rank_mark) if rank_mark in "23456" else 0
        if rank and suit_mark in _SUIT_BY_MARK:
            return card_of(_SUIT_BY_MARK[suit_mark], rank)
    raise SetupError(f"{name!r} is not a card of the game deck (write e.g. A♥, 5♦, 6♠, 3♣ or AH, 5D)")


def slot_text(slot: int) -> str:
    return SLOT_NAMES[slot]


def die_text(pip: int, slot: int) -> str:
    """``4 in Center`` / ``empty``: how a lane reads in logs and examples."""
    return f"{pip} in {SLOT_NAMES[slot]}" if pip else "empty"


# --- moves ---------------------------------------------------------------------------
def action_text(state: State, action: Action) -> str:
    """The notation of ``action`` for the player to move in ``state``."""
    kind, lane, card, target = action
    from .dice_lanes import to_move

    seat = to_move(state)
    name = who(seat) if seat is not None else "?"
    if kind == "program":
        return f"{name} programs {card_text(card)} to lane {lane + 1}"
    head = f"{name} resolves {card_text(card)} in lane {lane + 1}: "
    if kind == "draw":
        return head + "draw"
    suit = SUIT_OF[card]
    if suit == CLUBS:
        return head + (f"swap with lane {target + 1}" if target >= 0 else "swap (no other die)")
    return head + SUIT_POWER_WORDS[suit]


_PROGRAM_RE = re.compile(r"^(?:(p[12])\s+)?programs?\s+(\S+)\s+(?:to|on)\s+lane\s+(\d)$", re.I)
_RESOLVE_RE = re.compile(
    r"^(?:(p[12])\s+)?resolves?\s+(\S+)\s+in\s+lane\s+(\d)\s*:\s*"
    r"(draw|increase|decrease|flip|swap\s+with\s+lane\s+(\d)|swap(?:\s*\(no other die\))?)$",
    re.I,
)


def parse_action(state: State, notation: str, legal: list[Action], apply: Callable[[State, Action], State]) -> Action:
    """The legal action ``notation`` names; IllegalAction saying why when there is none."""
    from .dice_lanes import to_move

    line = " ".join(notation.split())
    seat = to_move(state)
    if seat is None:
        raise IllegalAction(f"{line!r}: the game is over")
    if match := _PROGRAM_RE.match(line):
        player, card_name, lane_no, extra = match.group(1), match.group(2), match.group(3), None
        kind, target = "program", -1
    elif match := _RESOLVE_RE.match(line):
        player, card_name, lane_no, word, extra = match.groups()
        word = word.lower()
        kind = "draw" if word == "draw" else "suit"
        target = int(extra) - 1 if extra else -1
    else:
        raise IllegalAction(f"{line!r} is not Dice Lanes notation; e.g. {action_text(state, legal[0])!r}")
    if player and player.upper() != who(seat):
        raise IllegalAction(f"{line!r}: it is {who(seat)}'s turn, not {player.upper()}'s")
    try:
        card = parse_card(card_name)
    except SetupError as exc:
        raise IllegalAction(f"{line!r}: {exc}") from None
    action = Action(kind, int(lane_no) - 1, card, target)
    if action in legal:
        if kind == "suit" and match.re is _RESOLVE_RE and SUIT_OF[card] != CLUBS and word != SUIT_POWER_WORDS[SUIT_OF[card]]:
            raise IllegalAction(f"{line!r}: {card_text(card)} can {SUIT_POWER_WORDS[SUIT_OF[card]]}, not {word}")
        return action
    if kind == "suit" and SUIT_OF[card] != CLUBS and word.startswith("swap"):
        raise IllegalAction(f"{line!r}: only a Clubs card swaps dice")
    apply(state, action)  # raises IllegalAction with the precise reason
    raise IllegalAction(f"{line!r} is not legal now; legal: {legal_summary(state)}")


def legal_summary(state: State) -> str:
    from .dice_lanes import legal_actions

    actions = legal_actions(state)
    shown = "; ".join(action_text(state, a) for a in actions[:6])
    return shown + ("; …" if len(actions) > 6 else "") if actions else "none (the game is over)"


# --- the log -----------------------------------------------------------------------------
def _lanes_text(pips: Sequence[int], slots: Sequence[int]) -> str:
    return ", ".join(f"lane {lane + 1} {die_text(pips[lane], slots[lane])}" for lane in range(LANES))


def _seen(viewer: int | None, seat: int) -> bool:
    """Whether ``viewer`` may see ``seat``'s hidden cards (None: a designer sees all)."""
    return viewer is None or viewer == seat


def _hand_text(hand: Sequence[int], seat: int, viewer: int | None) -> str:
    return cards_text(hand) if _seen(viewer, seat) else f"{len(hand)} cards"


def event_text(event: tuple, viewer: int | None = None) -> str:
    """One log line for one engine event, as ``viewer`` may know it (None: everything).
    Dealt hands and programmed cards are private until a card resolves face up."""
    kind = event[0]
    if kind == "deal":
        _, round_no, start, hands, pips, slots = event
        return (f"Round {round_no}: {who(start)} is the Start Player. Dealt P1 {_hand_text(hands[0], 0, viewer)}, "
                f"P2 {_hand_text(hands[1], 1, viewer)}. Dice: {_lanes_text(pips, slots)}.")
    if kind == "hand":
        return f"Round {event[1]}, hand {event[2]}: {who(event[3])} starts."
    if kind == "program":
        card = card_text(event[3]) if _seen(viewer, event[1]) else "a card"
        return f"{who(event[1])} programs {card} to lane {event[2] + 1} (face down)."
    if kind in ("increase", "decrease", "flip"):
        _, seat, lane, card, old, new = event
        head = f"{who(seat)} resolves {card_text(card)} in lane {lane + 1}: {kind.capitalize()}"
        if old == new:
            return f"{head}; the die already shows {old} and stays a {new}."
        return f"{head}, the die goes from {old} to {new}."
    if kind == "swap":
        _, seat, lane, card, other, pip_a, slot_a, pip_b, slot_b = event
        return (f"{who(seat)} resolves {card_text(card)} in lane {lane + 1}: Swap with lane {other + 1}; "
                f"the {pip_a} moves from lane {lane + 1} {slot_text(slot_a)} to lane {other + 1} {slot_text(slot_b)}, "
                f"the {pip_b} from lane {other + 1} {slot_text(slot_b)} to lane {lane + 1} {slot_text(slot_a)}.")
    if kind == "swap-none":
        return f"{who(event[1])} resolves {card_text(event[3])} in lane {event[2] + 1}: Swap, but no other die is active; nothing happens."
    if kind == "draw":
        _, seat, lane, card, pip, old, new = event
        return (f"{who(seat)} resolves {card_text(card)} in lane {lane + 1}: Draw (rank {RANK_OF[card]} matches the {pip}); "
                f"the die moves from {slot_text(old)} to {slot_text(new)}.")
    if kind == "claim":
        _, seat, lane, pip = event
        return f"{who(seat)} claims the {pip} from lane {lane + 1} ({who(seat)} Draw 2)."
    if kind == "refill":
        _, start, each, left = event
        if each == 0:
            return f"Refill: nobody draws; {left} card{'s' if left != 1 else ''} left in the draw pile."
        return f"Refill: {who(start)} first, each player draws {each}; {left} left in the draw pile."
    if kind == "start":
        return f"{who(event[1])} becomes the Start Player."
    if kind == "round-end":
        if event[2] == "claimed":
            return f"Round {event[1]} ends: every die has been claimed."
        _, round_no, _, seat, held, lanes = event
        return f"Round {round_no} ends: {who(seat)} holds {held} card{'s' if held != 1 else ''} for {lanes} active lane{'s' if lanes != 1 else ''}."
    if kind == "keep":
        _, lane, pip, slot = event
        return f"Lane {lane + 1}: the {pip} stays in {slot_text(slot)} for the next round."
    if kind == "reroll":
        _, lane, old, new = event
        return f"Lane {lane + 1}: the {old} in the Center is rolled again and shows {new}."
    if kind == "new-die":
        return f"Lane {event[1] + 1}: a new die from the pool is rolled, {event[2]}, and placed in the Center."
    if kind == "pool-empty":
        return f"Lane {event[1] + 1} stays empty: the dice pool is used up."
    if kind == "game-over":
        return game_over_text(event[1])
    return repr(event)


def _dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def game_over_text(claimed: Sequence[Sequence[int]]) -> str:
    """Who won and why: dice first, then pips, else a shared victory (rule scoring)."""
    counts, pips = [len(c) for c in claimed], [sum(c) for c in claimed]
    if counts[0] != counts[1]:
        best = 0 if counts[0] > counts[1] else 1
        return f"Game over: {who(best)} wins with {_dice(counts[best])} to {counts[1 - best]}."
    if pips[0] != pips[1]:
        best = 0 if pips[0] > pips[1] else 1
        return (f"Game over: both players have {_dice(counts[0])}; {who(best)} wins on pips, "
                f"{pips[best]} to {pips[1 - best]}.")
    return f"Game over: a shared victory, {_dice(counts[0])} and {pips[0]} pips each."


def log_lines(events: Sequence[tuple], viewer: int | None = None) -> list[str]:
    return [event_text(e, viewer) for e in events]


# --- the picture -------------------------------------------------------------------------
def describe(state: State, viewer: int | None = None) -> str:
    """The board, hands, programmed lanes and scores as text, for `pipworks play`.
    With a ``viewer`` seat, the other player's hand is a count and their programmed
    cards stay face down until they resolve."""
    from .dice_lanes import to_move

    seat = to_move(state)
    phase = PHASE_NAMES[state.phase]
    head = f"Round {state.round} of {state.rounds}, hand {state.hand}, {phase}"
    head += f": {who(seat)} to move (Start Player {who(state.start)})" if seat is not None else ""
    width = 11
    rows = [head, "        " + "".join(SLOT_NAMES[s].center(width) for s in range(-2, 3))]
    for lane in range(LANES):
        cells = [(f"[{state.pips[lane]}]" if state.pips[lane] and state.slots[lane] == s else ".").center(width) for s in range(-2, 3)]
        marks = [who(p) for p in (0, 1) if state.program[3 * p + lane] >= 0]
        rows.append(f"lane {lane + 1}  " + "".join(cells) + (f"  programmed: {', '.join(marks)}" if marks else ""))
    for p in (0, 1):
        hand = _hand_text(state.hands[p], p, viewer)
        claimed = state.claimed[p]
        rows.append(f"{who(p)} hand: {hand:<16} claimed: {' '.join(map(str, claimed)) or '-'} "
                    f"({len(claimed)} {'die' if len(claimed) == 1 else 'dice'}, {sum(claimed)} pips)")
        waiting = [f"{card_text(state.program[3 * p + lane])} in lane {lane + 1}"
                   for lane in range(LANES) if state.program[3 * p + lane] >= 0]
        if waiting and _seen(viewer, p):
            rows.append(f"{who(p)} programmed, face down: {', '.join(waiting)}")
    rows.append(f"Draw pile: {len(state.pile)} cards. Dice pool: {state.pool}.")
    if state.phase == RESOLVE:
        p, lane = state.order[state.step]
        card = card_text(state.program[3 * p + lane]) if _seen(viewer, p) else "face-down card"
        rows.append(f"Next to resolve: {who(p)}'s {card} in lane {lane + 1}.")
    elif state.phase == PROGRAM and seat is not None:
        rows.append(f"{who(seat)}: program one card to each active lane.")
    return "\n".join(rows)


# --- setup overrides -----------------------------------------------------------------------
def player_seat(name: Any) -> int:
    """Seat 0/1 for ``"P1"``/``"P2"`` (or 1/2); SetupError otherwise."""
    key = str(name).strip().upper()
    if key in ("P1", "1"):
        return 0
    if key in ("P2", "2"):
        return 1
    raise SetupError(f"{name!r} is not a player: write P1 or P2")


def parse_deck(cards: Sequence[Any], what: str) -> tuple[int, ...]:
    deck = tuple(parse_card(c) for c in cards)
    if sorted(deck) != list(GAME_DECK):
        raise SetupError(f"{what} must hold each of the 24 cards A–6 of the four suits exactly once")
    return deck


def parse_pip(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise SetupError(f"{what}: {value!r} is not a die value 1–6")
    return value


def apply_setup(setup: Mapping[str, Any], start: int, decks: tuple, rolls: tuple) -> tuple[int, tuple, tuple]:
    """Replace the seed's chance by the ``setup`` mapping's (see ``new_game``)."""
    known = {"start_player", "deck", "decks", "dice", "rolls"}
    unknown = sorted(set(setup) - known)
    if unknown:
        raise SetupError(f"unknown setup key {unknown[0]!r}; known: {', '.join(sorted(known))}")
    if "start_player" in setup:
        start = player_seat(setup["start_player"])
    if "decks" in setup:
        given = tuple(parse_deck(d, f"deck of round {i + 1}") for i, d in enumerate(setup["decks"]))
        decks = given + decks[len(given):]
    if "deck" in setup:
        decks = (parse_deck(setup["deck"], "deck"),) + decks[1:]
    first, later = rolls[:3], rolls[3:]
    if "dice" in setup:
        if len(setup["dice"]) != 3:
            raise SetupError("dice: give the 3 first rolls, one per lane")
        first = tuple(parse_pip(v, "dice") for v in setup["dice"])
    if "rolls" in setup:
        later = tuple(parse_pip(v, "rolls") for v in setup["rolls"])
    return start, decks, first + later
