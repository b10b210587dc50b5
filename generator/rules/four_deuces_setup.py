"""Fixing chance and positions for The Four Deuces: ``setup`` for new_game, and the
worked-example runner (``run_example``).

Everything is written in rules terms: seats ``North``/``South``, suits by name, dice as
lists of pips, the track as a list of suits from the top place down.

``new_game(setup=...)`` keys (each optional, the seed fills the rest):
  ``track`` (round 1 order), ``dice`` {North: [7 pips], South: [...]} (the round-1 roll),
  ``rerolls`` (later rolls after a tie, same shape; the last roll must not tie),
  ``deck`` (16 suits in deal order: 4 to North's hand, 4 to South's, 3 to North's
  reserve, 3 to South's, 2 removed) or ``hands`` / ``reserves`` / ``removed``, and
  ``rounds``: a list of the same mappings for rounds 2 and 3.

A worked example's ``position`` describes a moment before a trick is led:
  ``track`` and ``hands`` (required), ``dice`` (each player's unused dice, required),
  ``reserves`` (default: the cards nobody else holds, while tricks 1–4 are played;
  empty from trick 5), ``tricks_won`` (default 0–0), ``trick`` (default: one more than
  the tricks won), ``leader`` (default North), ``lead_player`` (default the leader),
  ``characters`` (default North Al Capone, South Bugs Moran), ``abilities_used``
  (default none), ``rounds_won`` (default 0–0), ``next_round`` (a setup mapping for the
  round after this one; default neutral from seed 0).
With ``round_start: true`` the position is instead the start of the first round:
``dice`` is the roll (with ``rerolls``), the pips decide the lead player, and without
``characters`` the lead player must first choose one.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from . import four_deuces as fd
from .base import SetupError
from .four_deuces_text import cards_text, event_lines, parse_action, action_text

_FULL_DECK = (4, 4, 4, 4)


def _seat(name: Any) -> int:
    text = str(name).strip().capitalize()
    if text not in fd.SEATS:
        raise SetupError(f"no player {name!r}; the players are North and South")
    return fd.SEATS.index(text)


def _suit(name: Any) -> int:
    for i, suit in enumerate(fd.SUITS):
        if str(name).strip().lower() in (suit.lower(), suit[0].lower()):
            return i
    raise SetupError(f"no suit {name!r}; the suits are {', '.join(fd.SUITS)}")


def _per_seat(value: Any, what: str) -> dict[int, Any]:
    if not isinstance(value, Mapping):
        raise SetupError(f"{what} must name each player, e.g. {{North: ..., South: ...}}")
    return {_seat(k): v for k, v in value.items()}


def _pips(values: Any, what: str) -> tuple[int, ...]:
    if not isinstance(values, Sequence) or isinstance(values, str):
        raise SetupError(f"{what} must be a list of pips")
    out = []
    for v in values:
        if not isinstance(v, int) or not 1 <= v <= 6:
            raise SetupError(f"{what}: {v!r} is not a die face 1–6")
        out.append(v)
    return tuple(sorted(out))


def _cards(values: Any, what: str) -> tuple[int, ...]:
    if values is None:
        return fd._NO_CARDS
    if not isinstance(values, Sequence) or isinstance(values, str):
        raise SetupError(f"{what} must be a list of suits")
    return fd.counts_of([_suit(v) for v in values])


def _track(values: Any) -> tuple[int, ...]:
    track = tuple(_suit(v) for v in values or ())
    if sorted(track) != [0, 1, 2, 3]:
        raise SetupError(f"the track must list each of the four suits once, top first; got {values!r}")
    return track


def _roll(value: Any, what: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    dice = _per_seat(value, what)
    pair = (_pips(dice.get(0, ()), f"{what} for North"), _pips(dice.get(1, ()), f"{what} for South"))
    for seat in (0, 1):
        if len(pair[seat]) != fd.DICE_PER_PLAYER:
            raise SetupError(f"{what}: {fd.SEATS[seat]} rolls {fd.DICE_PER_PLAYER} dice, not {len(pair[seat])}")
    return pair


def _deck(spec: Mapping[str, Any], fallback: tuple[int, ...]) -> tuple[int, ...]:
    if "deck" in spec:
        deck = tuple(_suit(s) for s in spec["deck"])
        if fd.counts_of(deck) != _FULL_DECK:
            raise SetupError("the deck must hold 16 cards, 4 of each suit")
        return deck
    if not any(k in spec for k in ("hands", "reserves", "removed")):
        return fallback
    hands = _per_seat(spec.get("hands", {}), "hands")
    reserves = _per_seat(spec.get("reserves", {}), "reserves")
    parts = [[_suit(s) for s in hands.get(0, ())], [_suit(s) for s in hands.get(1, ())],
             [_suit(s) for s in reserves.get(0, ())], [_suit(s) for s in reserves.get(1, ())],
             [_suit(s) for s in spec.get("removed", ())]]
    sizes = (fd.HAND, fd.HAND, fd.RESERVE, fd.RESERVE, fd.REMOVED)
    left = list(_FULL_DECK)
    for part in parts:
        for s in part:
            left[s] -= 1
    if min(left) < 0:
        raise SetupError(f"more than 4 cards of {fd.SUITS[left.index(min(left))]} in hands, reserves and removed cards")
    spare = [s for s in range(4) for _ in range(left[s])]
    for part, size in zip(parts, sizes):
        if len(part) > size:
            raise SetupError(f"a deal gives {size} cards there, not {len(part)}")
        while len(part) < size:
            part.append(spare.pop(0))
    return tuple(s for part in parts for s in part)


def round_chance(spec: Mapping[str, Any], fallback: fd.RoundChance) -> fd.RoundChance:
    """One round's chance from a setup mapping, falling back to the seeded draw."""
    track = _track(spec["track"]) if "track" in spec else fallback.track
    rolls = fallback.rolls
    if "dice" in spec:
        rolls = tuple([_roll(spec["dice"], "dice")] + [_roll(r, "rerolls") for r in spec.get("rerolls", ())])
        if sum(rolls[-1][0]) == sum(rolls[-1][1]):
            raise SetupError("the last roll is a tie; add the reroll that decides the lead player under 'rerolls'")
        for number, (a, b) in enumerate(rolls[:-1], start=1):
            if sum(a) != sum(b):
                raise SetupError(f"roll {number} ({sum(a)} against {sum(b)} pips) already decides the lead player; "
                                 "only a tie is rerolled, so no roll may follow it")
    return fd.RoundChance(track, rolls, _deck(spec, fallback.deck))


def chance_from_setup(setup: Mapping[str, Any], chance: tuple[fd.RoundChance, ...]) -> tuple[fd.RoundChance, ...]:
    known = {"track", "dice", "rerolls", "deck", "hands", "reserves", "removed", "rounds"}
    unknown = set(setup) - known
    if unknown:
        raise SetupError(f"unknown setup key(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(known))}")
    rounds = [round_chance(setup, chance[0])]
    later = list(setup.get("rounds", ()))
    for number in range(1, fd.MAX_ROUNDS):
        rounds.append(round_chance(later[number - 1], chance[number]) if number - 1 < len(later) else chance[number])
    return tuple(rounds)


# --- worked examples ---------------------------------------------------------------

POSITION_KEYS = {
    "round_start", "track", "hands", "reserves", "dice", "rerolls", "tricks_won", "trick", "leader",
    "lead_player", "characters", "abilities_used", "rounds_won", "next_round",
}


def _pair(value: Any, what: str, default: int = 0) -> tuple[int, int]:
    got = _per_seat(value or {}, what)
    return (int(got.get(0, default)), int(got.get(1, default)))


def position_state(position: Mapping[str, Any], variants: Sequence[str]) -> fd.State:
    """The state a worked example starts from (see the module docstring)."""
    unknown = set(position) - POSITION_KEYS
    if unknown:
        raise SetupError(f"unknown position key(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(POSITION_KEYS))}")
    if position.get("round_start"):
        setup = {k: position[k] for k in ("track", "dice", "rerolls", "hands", "reserves") if k in position}
        if "next_round" in position:
            setup["rounds"] = [position["next_round"]]
        state = fd.new_game(variants=variants, setup=setup)
        if "characters" in position:
            state = state.copy()
            state.characters = _characters(position["characters"])
            state.phase = fd.PHASE_PLAY
        return state
    for key in ("track", "hands", "dice"):
        if key not in position:
            raise SetupError(f"a position needs {key!r}")
    state = fd.new_game(variants=variants, seed=0).copy()
    state.events = None
    tricks_won = _pair(position.get("tricks_won"), "tricks_won")
    state.rounds_won = _pair(position.get("rounds_won"), "rounds_won")
    state.round = sum(state.rounds_won)
    if max(state.rounds_won) >= fd.ROUNDS_TO_WIN:
        raise SetupError(f"rounds_won {state.rounds_won}: the game is already over")
    if "next_round" in position:
        chance = list(state.chance)
        chance[state.round + 1] = round_chance(position["next_round"], chance[state.round + 1])
        state.chance = tuple(chance)
    state.tricks_won = tricks_won
    state.trick = int(position.get("trick", sum(tricks_won) + 1)) - 1
    if not 0 <= state.trick < fd.TRICKS_PER_ROUND or sum(tricks_won) != state.trick:
        raise SetupError(f"trick {state.trick + 1} does not follow {sum(tricks_won)} tricks won")
    state.track = _track(position["track"])
    state.leader = state.turn = _seat(position.get("leader", "North"))
    state.round_lead = _seat(position.get("lead_player", fd.SEATS[state.leader]))
    state.characters = _characters(position.get("characters", {"North": "Al Capone", "South": "Bugs Moran"}))
    used = [_seat(s) for s in position.get("abilities_used", ())]
    state.used = (0 in used, 1 in used)
    state.phase = fd.PHASE_PLAY
    _fill_cards(state, position)
    dice = _per_seat(position["dice"], "dice")
    state.dice = (_pips(dice.get(0, ()), "North's dice"), _pips(dice.get(1, ()), "South's dice"))
    left = fd.TRICKS_PER_ROUND - state.trick
    for seat in (0, 1):
        if len(state.dice[seat]) != left:
            raise SetupError(f"before trick {state.trick + 1}, {fd.SEATS[seat]} has {left} unused dice, not {len(state.dice[seat])}")
    return state


def _characters(value: Any) -> tuple[int, int]:
    got = _per_seat(value, "characters")
    names = {c.lower(): i for i, c in enumerate(fd.CHARACTERS)}
    try:
        chars = (names[str(got[0]).lower()], names[str(got[1]).lower()])
    except KeyError as exc:
        raise SetupError(f"characters: give each player one of Al Capone, Bugs Moran ({exc})") from None
    if chars[0] == chars[1]:
        raise SetupError("characters: each player has a different one")
    return chars


def _fill_cards(state: fd.State, position: Mapping[str, Any]) -> None:
    """Hands as given; reserves given or filled from the cards nobody holds; the rest
    removed (2) and in the trick piles, so all 16 cards are accounted for."""
    hands = _per_seat(position["hands"], "hands")
    state.hands = (_cards(hands.get(0), "North's hand"), _cards(hands.get(1), "South's hand"))
    before_reserve = state.trick < fd.HAND
    want = (fd.HAND - state.trick) if before_reserve else (fd.TRICKS_PER_ROUND - state.trick)
    for seat in (0, 1):
        if sum(state.hands[seat]) != want:
            raise SetupError(f"before trick {state.trick + 1}, {fd.SEATS[seat]} holds {want} cards in hand, not {sum(state.hands[seat])}")
    left = [4 - state.hands[0][s] - state.hands[1][s] for s in range(4)]
    if "reserves" in position:
        got = _per_seat(position["reserves"], "reserves")
        state.reserves = (_cards(got.get(0), "North's reserve"), _cards(got.get(1), "South's reserve"))
    else:
        state.reserves = (fd._NO_CARDS, fd._NO_CARDS)
        if before_reserve:
            state.reserves = (_take(left, fd.RESERVE), _take(left, fd.RESERVE))
    if "reserves" in position:
        left = [left[s] - state.reserves[0][s] - state.reserves[1][s] for s in range(4)]
        size = fd.RESERVE if before_reserve else 0
        if any(sum(r) != size for r in state.reserves):
            raise SetupError(f"before trick {state.trick + 1}, each reserve holds {size} cards")
    if min(left) < 0:
        raise SetupError("more than four cards of one suit in the hands and reserves")
    state.removed = _take(left, fd.REMOVED)
    state.piles = (_take(left, 2 * state.tricks_won[0]), _take(left, 2 * state.tricks_won[1]))


def _take(left: list[int], n: int) -> tuple[int, ...]:
    out = [0, 0, 0, 0]
    for _ in range(n):
        s = next(i for i in range(4) if left[i] > 0)
        left[s] -= 1
        out[s] += 1
    return tuple(out)


def _names(pair: tuple, fn: Any) -> dict[str, Any]:
    return {"North": fn(pair[0]), "South": fn(pair[1])}


def run_example(position: Mapping[str, Any], play: Sequence[str], variants: Sequence[str]) -> dict[str, Any]:
    """Set up ``position``, play each line, and report every observable outcome."""
    state = position_state(position, variants)
    start = len(fd.events_of(state))
    for line in play:
        state = fd.apply(state, parse_action(state, line))
    return outcome(state, fd.events_of(state)[start:], fd.events_of(state))


def outcome(state: fd.State, new: list[tuple], every: list[tuple]) -> dict[str, Any]:
    """Everything an example may expect, by rules-term name, as plain data."""
    tricks = [e for e in new if e[0] == "trick"]
    tallies = [e[3] for e in new if e[0] in ("trick", "round-won")]
    climbs = [e for e in new if e[0] in ("climb", "level", "same")]
    rounds = [e for e in new if e[0] == "round-won"]
    won_by = [("higher suit" if e[0] == "track-wins" else "higher die") for e in new if e[0] in ("same", "track-wins")]
    leads = [e for e in every if e[0] == "lead"]
    last_round = rounds[-1] if rounds else None
    last_trick = tricks[-1] if tricks else None
    moved = None
    if climbs and climbs[-1][0] == "climb" and climbs[-1][2] != climbs[-1][3]:
        moved = fd.SUITS[climbs[-1][1]]
    over = state.phase == fd.PHASE_OVER
    seat = state.turn
    legal = [action_text(state, a) for a in fd.legal_actions(state)] if not over else []
    return {
        "trick_winner": fd.SEATS[last_trick[2]] if last_trick else None,
        "trick_winners": [fd.SEATS[e[2]] for e in tricks],
        "won_by": won_by[-1] if won_by else None,
        "token_moved": moved,
        "track": [fd.SUITS[s] for s in state.track],
        "tricks_won": _names(tallies[-1] if tallies else state.tricks_won, int),
        "round_winner": fd.SEATS[last_round[1]] if last_round else None,
        "round_loser": fd.SEATS[1 - last_round[1]] if last_round else None,
        "round_end": last_round[2] if last_round else None,
        "rounds_won": _names(state.rounds_won, int),
        "game_over": over,
        "game_winner": fd.SEATS[state.rounds_won.index(fd.ROUNDS_TO_WIN)] if over else None,
        "round": state.round + 1,
        "trick": min(state.trick + 1, fd.TRICKS_PER_ROUND),
        "dice": _names(state.dice, list),
        "hands": _names(state.hands, cards_text),
        "reserves": _names(state.reserves, cards_text),
        "piles": _names(state.piles, cards_text),
        "removed": cards_text(state.removed),
        "leader": fd.SEATS[state.leader],
        "lead_player": fd.SEATS[state.round_lead],
        "pip_totals": _names(leads[-1][2], int) if leads else None,
        "rerolls": sum(1 for e in every if e[0] == "tie"),
        "to_move": fd.SEATS[seat] if seat is not None else None,
        "characters": _names(state.characters, lambda c: fd.CHARACTERS[c]) if state.characters else None,
        "abilities_used": [fd.SEATS[s] for s in (0, 1) if state.used[s]],
        "legal": legal,
        "events": event_lines(new),
    }
