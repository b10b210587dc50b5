"""Dice Lanes worked examples: a position in rules terms, moves in notation, outcomes by name.

A position (every key optional unless said)::

    round: 1                  # which round this is (default 1)
    hand: 1                   # which hand of the round (default 1)
    start: P1                 # the Start Player of this hand (default P1)
    lanes: [4 in Center, 2 in P2 Draw 1, empty]   # required: lane 1, 2, 3
    hands: {P1: [5♥, 3♣], P2: [4♠, A♦]}         # default: empty hands
    programmed: {P1: {lane 1: 5♥}, P2: {lane 1: 4♠}}  # cards already programmed:
                              # the hand is then in its Resolve phase, no card resolved yet
    draw_pile: [6♣, 2♥]       # top card first; default: every card not named elsewhere,
                              # in deck order (A♥…6♥, A♦…6♦, A♠…6♠, A♣…6♣)
    discard: [...]            # default: nothing, or every card not named when draw_pile is given
    claimed: {P1: [5], P2: []}
    pool: 6                   # dice left in the pool; default: the pool size minus the
                              # dice on the board and the claimed dice
    rolls: [3, 5]             # the next die rolls (rerolls and new dice, lane order)
    next_decks: [[...]]       # the deck of each later round, top first; default: deck order

Or, to show the setup itself, ``setup:`` with ``new_game``'s keys (``start_player``,
``deck``, ``dice``, ``rolls``) and nothing else.

Both players must hold equally many cards (the rules never leave them unequal). When no
cards are programmed, the hand begins as in play: if a player is short of cards for the
active lanes, the round ends at once.

``run_example`` returns every outcome below (see ``outcomes``), so an example's
``expect`` may name any of them. It first checks the position (:func:`check_position`):
every card of the deck in one place, equal hands no larger than the deal, dice showing
1 to 6, as many dice in the pool as the lanes and scoring areas leave, no more dice in
play than the rounds so far brought (three a round), a round the game has.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...rules.base import (
    Impossible, ImpossiblePosition, SetupError, oldest_first, play_lines, refuse_impossible, winner_of,
)
from .notation import (
    action_text, card_text, die_text, event_text, parse_action, parse_card, parse_die, parse_pip, player_seat,
    read_setup, who,
)
from .play import apply, begin_hand, legal_actions, to_move
from .state import (
    HAND, ORDER, PHASE, PHASE_NAMES, PROGRAM, RESOLVE, ROUND_ENDS, STEP, Claimed, Numbers, State, active_mask,
    build, game_length, new_game, resolve_order, result,
)

KNOWN_KEYS = {"round", "hand", "start", "lanes", "hands", "programmed", "draw_pile", "discard", "claimed", "pool",
              "rolls", "next_decks"}


def _by_player(value: Any, what: str) -> dict[int, Any]:
    if not isinstance(value, Mapping):
        raise SetupError(f"{what}: give a mapping like {{P1: ..., P2: ...}}")
    return {player_seat(k): v for k, v in value.items()}


def _lane_key(numbers: Numbers, key: Any) -> int:
    digits = str(key).lower().replace("lane", "").strip()
    if not digits.isdigit() or not 1 <= int(digits) <= numbers.lanes:
        names = ", ".join(f"lane {n}" for n in range(1, numbers.lanes + 1))
        raise SetupError(f"programmed: {key!r} is not a lane (write {names})")
    return int(digits) - 1


def position_state(numbers: Numbers, position: Mapping[str, Any], variants: Sequence[str] = ()) -> State:
    """The game state a worked example's ``position`` describes (neutral defaults above).
    A position with no card programmed is checked as it stands, before its hand begins
    (beginning it may end the round); ImpossiblePosition says what no game can reach.

    ``setup: {...}`` instead starts a new game from ``new_game``'s setup mapping (the
    deck order, first dice and Start Player), to show the game's setup itself.
    """
    if "setup" in position:
        if set(position) != {"setup"}:
            raise SetupError("a position with setup: describes a new game; give no other keys")
        return new_game(numbers, variants=variants, setup=read_setup(numbers, position["setup"]))
    unknown = sorted(set(position) - KNOWN_KEYS)
    if unknown:
        raise SetupError(f"unknown position key {unknown[0]!r}; known: {', '.join(sorted(KNOWN_KEYS))}")
    length = game_length(variants)
    rounds = getattr(numbers.rounds, length)
    deck = numbers.deck
    round_no = int(position.get("round", 1))
    if not 1 <= round_no <= rounds:
        raise ImpossiblePosition([Impossible(f"there is no round {round_no}: the {length} game has rounds 1–{rounds}",
                                             "game-length", ("round",))])
    lanes_given = position.get("lanes")
    if not isinstance(lanes_given, Sequence) or isinstance(lanes_given, str) or len(lanes_given) != numbers.lanes:
        raise SetupError(f"lanes: list the {numbers.lanes} lanes, e.g. [4 in Center, 2 in P2 Draw 1, empty]")
    dice = [parse_die(numbers, text, lane, any_pips=True) for lane, text in enumerate(lanes_given)]
    pips = tuple(d[0] for d in dice)
    slots = tuple(d[1] for d in dice)
    hands: list[tuple[int, ...]] = [(), ()]
    for seat, cards in _by_player(position.get("hands", {}), "hands").items():
        hands[seat] = tuple(parse_card(numbers, c) for c in cards)
    program = list(numbers.no_program)
    for seat, lanes in _by_player(position.get("programmed", {}), "programmed").items():
        for key, card in dict(lanes).items():
            lane = _lane_key(numbers, key)
            if not pips[lane]:
                raise ImpossiblePosition([Impossible(f"lane {lane + 1} is empty, so no card can be programmed there",
                                                     "program", ("programmed", who(seat)))])
            program[numbers.lanes * seat + lane] = parse_card(numbers, card)
    claimed: list[tuple[int, ...]] = [(), ()]
    for seat, values in _by_player(position.get("claimed", {}), "claimed").items():
        claimed[seat] = tuple(_pips(values, "claimed"))
    named = list(hands[0] + hands[1]) + [c for c in program if c >= 0]
    discard = tuple(parse_card(numbers, c) for c in position.get("discard", ()))
    if "draw_pile" in position:
        pile = tuple(parse_card(numbers, c) for c in position["draw_pile"])
        if "discard" not in position:
            discard = tuple(c for c in deck if c not in set(named + list(pile)))
    else:
        pile = tuple(c for c in deck if c not in set(named + list(discard)))
    pool_size = getattr(numbers.dice, length)
    pool = int(position.get("pool", pool_size - sum(1 for p in pips if p) - len(claimed[0]) - len(claimed[1])))
    rolls = tuple(parse_pip(v, "rolls") for v in position.get("rolls", ()))
    later = [tuple(parse_card(numbers, c) for c in d) for d in position.get("next_decks", ())]
    decks = (deck,) * (round_no - 1) + (deck,) + tuple(later) + (deck,) * rounds
    start = player_seat(position.get("start", "P1"))
    fields: list[Any] = list(State(numbers, numbers.tables, rounds, round_no, int(position.get("hand", 1)) - 1, start, 0, 0, pips,
                                   slots, (hands[0], hands[1]), tuple(program), (), pile, discard, decks[:rounds],
                                   rolls, 0, pool, (claimed[0], claimed[1]), None))
    if any(c >= 0 for c in program):
        mask = active_mask(pips)
        missing = [f"{who(s)} lane {lane + 1}" for s in (0, 1) for lane in numbers.lane_range
                   if mask >> lane & 1 and program[numbers.lanes * s + lane] < 0]
        if missing:
            raise ImpossiblePosition([Impossible(f"every active lane gets a card from each player before any is "
                                                 f"resolved; missing {', '.join(missing)}", "program", ("programmed",))])
        fields[HAND] += 1  # the hand being resolved is under way
        fields[PHASE], fields[STEP] = RESOLVE, 0
        fields[ORDER] = resolve_order(numbers.tables, start, pips)
        return build(State, fields)
    refuse_impossible(check_position(build(State, fields)))  # before the hand begins, which may end the round
    begin_hand(fields)
    return build(State, fields)


def _pips(values: Any, what: str) -> list[int]:
    """Dice as written (whether they show 1–6 is for :func:`check_position` to say)."""
    if not isinstance(values, Sequence) or isinstance(values, str) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise SetupError(f"{what}: give a list of pips")
    return list(values)


def check_position(state: State) -> list[Impossible]:
    """Why ``state`` could not arise in a game played by the rules (empty: it could)."""
    if PHASE_NAMES[state.phase] == "over":
        return []
    return [*_check_dice(state), *_check_cards(state)]


def _check_dice(state: State) -> list[Impossible]:
    """Dice show 1 to 6, and every die of the game is in a lane, a scoring area or the
    pool (rolls come from the pool; claimed dice stay claimed)."""
    numbers = state.numbers
    problems = [Impossible(f"the die in lane {lane + 1} shows {pip}; a die shows 1 to 6", "setup-dice", ("lanes", lane))
                for lane, pip in enumerate(state.pips) if not 0 <= pip <= 6]
    for seat in (0, 1):
        problems += [Impossible(f"{who(seat)} has a claimed die showing {pip}; a die shows 1 to 6", "setup-dice",
                                ("claimed", who(seat))) for pip in state.claimed[seat] if not 1 <= pip <= 6]
    length = "standard" if state.rounds == numbers.rounds.standard else "extended"
    total = getattr(numbers.dice, length)
    if state.phase == PROGRAM or state.step == 0:  # nothing has moved since the last Claim Check
        problems += [Impossible(f"before any card of the hand is resolved, the die in lane {lane + 1} sits in "
                                f"{numbers.slot_names[slot]}, where the Claim Check would have claimed it",
                                "claim-check", ("lanes", lane))
                     for lane, (pip, slot) in enumerate(zip(state.pips, state.slots))
                     if pip and slot in numbers.draw_2]
    placed = sum(1 for pip in state.pips if pip) + len(state.claimed[0]) + len(state.claimed[1])
    most = numbers.lanes * state.round  # the setup's dice, then at most a new die per lane a round
    if placed > most:
        problems.append(Impossible(
            f"round {state.round} with {placed} dice on the board and in scoring areas; the setup brings "
            f"{numbers.lanes} into play and each later round at most one for each empty lane, so round "
            f"{state.round} has at most {most}", "setup-dice" if state.round == 1 else "final-claim", ("claimed",)))
    if state.pool < 0 or placed + state.pool != total:
        problems.append(Impossible(f"{placed} dice on the board and in scoring areas and {state.pool} in the pool; "
                                   f"the game has {total}", "game-length", ("pool",)))
    return problems


def _check_cards(state: State) -> list[Impossible]:
    """Every card in one place; the cards each player holds (in hand or programmed)
    equal and no more than the deal."""
    numbers = state.numbers
    programmed = [c for c in state.program if c >= 0]
    everything = [*state.hands[0], *state.hands[1], *programmed, *state.pile, *state.discard]
    problems = []
    if sorted(everything) != list(numbers.deck):
        twice = sorted({card_text(numbers, c) for c in everything if everything.count(c) > 1})
        missing = [card_text(numbers, c) for c in numbers.deck if c not in everything]
        why = f"{', '.join(twice)} in two places at once" if twice else f"cards nowhere: {', '.join(missing)}"
        problems.append(Impossible(f"{why}; the deck has each card once", "setup-deck", ("hands",)))
    resolved = state.order[:state.step] if state.phase == RESOLVE else ()  # their cards are discarded
    held = [len(state.hands[s]) + sum(1 for c in state.program[numbers.lanes * s:numbers.lanes * (s + 1)] if c >= 0)
            + sum(1 for seat, _ in resolved if seat == s) for s in (0, 1)]
    if held[0] != held[1] or max(held) > numbers.hand_size:
        problems.append(Impossible(f"P1 holds {held[0]} cards and P2 {held[1]}; both are dealt {numbers.hand_size} and "
                                   "refill alike", "setup-deal", ("hands",)))
    return problems


def outcomes(state: State, events: Sequence[tuple]) -> dict[str, Any]:
    """Every observable outcome by its rules name (what ``expect`` may compare)."""
    numbers = state.numbers
    players = ("P1", "P2")
    seat = to_move(state)
    legal = legal_actions(state)
    round_ends = [e for e in events if type(e) in ROUND_ENDS]
    standing = result(state)
    over = PHASE_NAMES[state.phase] == "over"
    winner = winner_of(players, standing) if over else None
    lanes = [die_text(numbers, state.pips[lane], state.slots[lane]) for lane in numbers.lane_range]
    return {
        "lanes": lanes,
        **{f"lane_{lane + 1}": text for lane, text in enumerate(lanes)},
        "active_lanes": [lane + 1 for lane in numbers.lane_range if state.pips[lane]],
        "hands": {players[s]: [card_text(numbers, c) for c in sorted(state.hands[s])] for s in (0, 1)},
        "hand_sizes": {players[s]: len(state.hands[s]) for s in (0, 1)},
        "draw_pile": [card_text(numbers, c) for c in state.pile],
        "draw_pile_size": len(state.pile),
        "discard_size": len(state.discard),
        "claimed": {players[s]: list(state.claimed[s]) for s in (0, 1)},
        "score": {players[s]: len(state.claimed[s]) for s in (0, 1)},
        "pip_totals": {players[s]: sum(state.claimed[s]) for s in (0, 1)},
        "claims": [event_text(numbers, e).rstrip(".") for e in events if type(e) is Claimed],
        "start_player": players[state.start],
        "to_move": players[seat] if seat is not None else None,
        "phase": PHASE_NAMES[state.phase],
        "round": state.round,
        "hand": state.hand,
        "resolve_order": [f"{players[s]} lane {lane + 1}" for s, lane in state.order],
        "round_ended": bool(round_ends),
        "round_end": event_text(numbers, round_ends[-1]).rstrip(".") if round_ends else None,
        "pool": state.pool,
        "legal": [action_text(state, a) for a in legal],
        "can_draw": any(a[0] == "draw" for a in legal),
        "game_over": over,
        "winner": winner,
        "decided_by": standing.details["decided_by"] if over else None,
        "log": [event_text(numbers, e) for e in events],
    }


def run_example(numbers: Numbers, position: Mapping[str, Any], play: Sequence[str],
                variants: Sequence[str] = ()) -> dict[str, Any]:
    """Set up ``position``, check it, play each notation line, and return ``outcomes``."""
    state = position_state(numbers, position, variants)
    refuse_impossible(check_position(state))
    state = play_lines(state, play, parse_action, apply)
    return outcomes(state, oldest_first(state.events))
