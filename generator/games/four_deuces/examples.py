"""Worked examples of The Four Deuces: a position in rules terms -> a State, playing the
example's moves, and every observable outcome by the names examples use in ``expect``.

Everything is written in rules terms: seats ``North``/``South``, suits by name, dice as
lists of pips, the track as a list of suits from the top place down.

A worked example's ``position`` describes a moment before a trick is led:
  ``track`` and ``hands`` (required), ``dice`` (each player's unused dice, required),
  ``reserves`` (default: the cards nobody else holds, while the hand's tricks are
  played; empty after), ``tricks_won`` (default 0–0), ``trick`` (default: one more than
  the tricks won), ``leader`` (default North), ``lead_player`` (default the leader),
  ``characters`` (default North Al Capone, South Bugs Moran), ``abilities_used``
  (default none), ``rounds_won`` (default 0–0), ``next_round`` (a setup mapping for the
  round after this one; default neutral from seed 0).
With ``round_start: true`` the position is instead the start of the first round:
``dice`` is the roll (with ``rerolls``), the pips decide the lead player, and without
``characters`` the lead player must first choose one.

Before a position is played it is checked (:func:`check_position`): sixteen cards, four
of each suit; as many unused dice and cards in hand as the trick number leaves; dice
showing 1 to 6; tricks won that add up to the trick; the lead player (the lower pip
total) leading the first trick (after a Bugs Moran trade, the lower total once one swap
is undone), and a later trick led by a player who has won one. A ``next_round`` after
the round that must decide the game is refused.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from ...rules.base import Impossible, ImpossiblePosition, SetupError, play_lines, refuse_impossible, winner_of
from .notation import action_text, cards_text, event_lines, parse_action
from .play import apply, events, legal_actions
from .state import (
    CHARACTERS, PHASE_OVER, PHASE_PLAY, SEATS, SUITS, Climbed, LeadPlayer, Level, Numbers, RoundWon,
    SameSuit, State, Tie, TrackWins, TrickWon, cards_of, counts_of, new_game, no_cards, per_seat,
    result, round_chance, seat_of, track_of,
)

POSITION_KEYS = {
    "round_start", "track", "hands", "reserves", "dice", "rerolls", "tricks_won", "trick", "leader",
    "lead_player", "characters", "abilities_used", "rounds_won", "next_round",
}


def _pair(value: Any, what: str, default: int = 0) -> tuple[int, int]:
    got = per_seat(value or {}, what)
    return (int(got.get(0, default)), int(got.get(1, default)))


def position_state(numbers: Numbers, position: Mapping[str, Any], variants: Sequence[str]) -> State:
    """The state a worked example starts from (see the module docstring)."""
    unknown = set(position) - POSITION_KEYS
    if unknown:
        raise SetupError(f"unknown position key(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(POSITION_KEYS))}")
    if position.get("round_start"):
        setup = {k: position[k] for k in ("track", "dice", "rerolls", "hands", "reserves") if k in position}
        if "next_round" in position:
            setup["rounds"] = [position["next_round"]]
        state = new_game(numbers, variants=variants, setup=setup)
        if "characters" in position:
            state = state._replace(characters=_characters(position["characters"]), phase=PHASE_PLAY)
        return state
    for key in ("track", "hands", "dice"):
        if key not in position:
            raise SetupError(f"a position needs {key!r}")
    start = new_game(numbers, variants=variants, seed=0)
    tricks_won = _pair(position.get("tricks_won"), "tricks_won")
    rounds_won = _pair(position.get("rounds_won"), "rounds_won")
    number = sum(rounds_won)
    if max(rounds_won) >= numbers.rounds_to_win:
        raise ImpossiblePosition([Impossible(f"a player with {max(rounds_won)} rounds won has already won the game",
                                             "victory", ("rounds_won",))])
    chance = start.chance
    if "next_round" in position:
        if number + 1 >= len(chance):  # the round shown is the last a game can have
            raise SetupError(f"round {number + 1} is the last a game can have (whoever wins it has "
                             f"{numbers.rounds_to_win} rounds and the game), so there is no next round to set up "
                             "(rule victory)", ("next_round",))
        later = list(chance)
        later[number + 1] = round_chance(position["next_round"], later[number + 1], numbers)
        chance = tuple(later)
    trick = int(position.get("trick", sum(tricks_won) + 1)) - 1
    if not 0 <= trick < numbers.tricks_per_round:
        raise ImpossiblePosition([Impossible(f"there is no trick {trick + 1}: a round has {numbers.tricks_per_round}",
                                             "trick-count", ("trick",))])
    track = track_of(position["track"], numbers)
    leader = seat_of(position.get("leader", "North"))
    round_lead = seat_of(position.get("lead_player", SEATS[leader]))
    characters = _characters(position.get("characters", {"North": "Al Capone", "South": "Bugs Moran"}))
    used = [seat_of(s) for s in position.get("abilities_used", ())]
    hands, reserves, removed, piles = _fill_cards(numbers, position, trick, tricks_won)
    dice = per_seat(position["dice"], "dice")
    pairs = (_pips(dice.get(0, ()), "North's dice"), _pips(dice.get(1, ()), "South's dice"))
    return start._replace(
        chance=chance, opening=False, round=number, rounds_won=rounds_won, tricks_won=tricks_won, trick=trick,
        track=track, leader=leader, turn=leader, round_lead=round_lead, characters=characters,
        used=(0 in used, 1 in used), phase=PHASE_PLAY, hands=hands, reserves=reserves, removed=removed,
        piles=piles, dice=pairs)


def _pips(values: Any, what: str) -> tuple[int, ...]:
    """A player's unused dice as written, sorted; whether each shows 1 to 6 is for
    :func:`check_position` to say."""
    if not isinstance(values, Sequence) or isinstance(values, str) or not all(isinstance(v, int) for v in values):
        raise SetupError(f"{what} must be a list of pips")
    return tuple(sorted(values))


def _characters(value: Any) -> tuple[int, int]:
    got = per_seat(value, "characters")
    names = {c.lower(): i for i, c in enumerate(CHARACTERS)}
    try:
        chars = (names[str(got[0]).lower()], names[str(got[1]).lower()])
    except KeyError as exc:
        raise SetupError(f"characters: give each player one of Al Capone, Bugs Moran ({exc})") from None
    if chars[0] == chars[1]:
        raise SetupError("characters: each player has a different one")
    return chars


Pair = tuple[tuple[int, ...], tuple[int, ...]]


def _fill_cards(numbers: Numbers, position: Mapping[str, Any], trick: int,
                tricks_won: tuple[int, int]) -> tuple[Pair, Pair, tuple[int, ...], Pair]:
    """Hands as given; reserves given or filled from the cards nobody holds; the rest
    removed and in the trick piles, so every card of the deck is accounted for."""
    given = per_seat(position["hands"], "hands")
    hands = (cards_of(given.get(0), "North's hand", numbers), cards_of(given.get(1), "South's hand", numbers))
    places = range(numbers.track_places)
    left = [numbers.per_suit - hands[0][s] - hands[1][s] for s in places]
    if "reserves" in position:
        got = per_seat(position["reserves"], "reserves")
        reserves = (cards_of(got.get(0), "North's reserve", numbers), cards_of(got.get(1), "South's reserve", numbers))
        left = [left[s] - reserves[0][s] - reserves[1][s] for s in places]
    elif trick < numbers.hand:
        reserves = (_take(left, numbers.reserve), _take(left, numbers.reserve))
    else:
        reserves = (no_cards(numbers), no_cards(numbers))
    too_many = [Impossible(f"{numbers.per_suit - left[s]} {SUITS[s]} cards in the hands and reserves; the deck has "
                           f"{numbers.per_suit} of each suit", "setup-deal", ("hands",)) for s in places if left[s] < 0]
    refuse_impossible(too_many)
    removed = _take(left, numbers.removed)
    piles = (_take(left, 2 * tricks_won[0]), _take(left, 2 * tricks_won[1]))
    return hands, reserves, removed, piles


def _take(left: list[int], n: int) -> tuple[int, ...]:
    """``n`` cards from the ``left`` counts, lowest suit first (they are unseen); fewer
    when the cards run out, which :func:`check_position` then reports."""
    taken: list[int] = []
    for _ in range(n):
        s = next((i for i in range(len(left)) if left[i] > 0), None)
        if s is None:
            break
        left[s] -= 1
        taken.append(s)
    return counts_of(taken, len(left))


def check_position(state: State) -> list[Impossible]:
    """Why ``state`` could not arise in a game played by the rules (empty: it could)."""
    if state.phase == PHASE_OVER:
        return []
    return [*_check_dice(state), *_check_cards(state), *_check_tricks(state), *_check_lead(state)]


def _placed(state: State, seat: int) -> int:
    """Dice (and cards) ``seat`` has put down this round: one per finished trick, and
    the card waiting on the table if ``seat`` led it."""
    return state.trick + (1 if state.led is not None and seat == state.leader else 0)


def _check_dice(state: State) -> list[Impossible]:
    problems = []
    for seat, name in enumerate(SEATS):
        where = ("dice", name)
        problems += [Impossible(f"{name} has a die showing {pip}; a die shows 1 to 6", "setup-dice", where)
                     for pip in state.dice[seat] if not 1 <= pip <= 6]
        want = state.numbers.dice_per_player - _placed(state, seat)
        if len(state.dice[seat]) != want:
            problems.append(Impossible(f"before trick {state.trick + 1}, {name} has {want} unused dice, not "
                                       f"{len(state.dice[seat])} (the dice of a trick are out for the round)",
                                       "resolve-cleanup", where))
    return problems


def _check_cards(state: State) -> list[Impossible]:
    """Sixteen cards, four of each suit, where the deal and the trick number put them."""
    numbers = state.numbers
    problems = []
    for s in range(numbers.track_places):
        held = (sum(h[s] for h in state.hands) + sum(r[s] for r in state.reserves) + state.removed[s]
                + sum(p[s] for p in state.piles) + (state.led is not None and state.led[0] == s))
        if held != numbers.per_suit:
            problems.append(Impossible(f"{held} {SUITS[s]} cards in play; the deck has {numbers.per_suit} of each suit",
                                       "setup-deal", ("hands",)))
    before_reserve = state.trick < numbers.hand
    for seat, name in enumerate(SEATS):
        want = (numbers.hand if before_reserve else numbers.tricks_per_round) - _placed(state, seat)
        if state.capone is not None:  # Al Capone's card is with the opponent until one comes back
            want += 1 if seat == state.turn else -1
        if sum(state.hands[seat]) != want:
            problems.append(Impossible(f"before trick {state.trick + 1}, {name} holds {want} cards in hand, not "
                                       f"{sum(state.hands[seat])}", "trick-hand-then-reserve", ("hands", name)))
        reserve = numbers.reserve if before_reserve else 0
        if sum(state.reserves[seat]) != reserve:
            problems.append(Impossible(f"before trick {state.trick + 1}, {name}'s reserve holds {reserve} cards, not "
                                       f"{sum(state.reserves[seat])}", "trick-hand-then-reserve", ("reserves", name)))
    return problems


def _check_tricks(state: State) -> list[Impossible]:
    numbers = state.numbers
    won = state.tricks_won
    problems = []
    if sum(won) != state.trick:
        problems.append(Impossible(f"{sum(won)} tricks won before trick {state.trick + 1}", "trick-count", ("tricks_won",)))
    problems += [Impossible(f"{name} has won {won[seat]} tricks, but a fifth trick ends the round",
                            "fifth-trick-loses", ("tricks_won", name))
                 for seat, name in enumerate(SEATS) if won[seat] >= numbers.fifth]
    return problems


def _check_lead(state: State) -> list[Impossible]:
    """The lead player has the lower pip total and leads the first trick; the winner of
    a trick leads the next (or, under lead-player-leads, the lead player leads all)."""
    leader, lead = SEATS[state.leader], SEATS[state.round_lead]
    if state.lead_leads and state.leader != state.round_lead:
        return [Impossible(f"{leader} leads, but with this variant the lead player, {lead}, leads every trick",
                           "lead-player-leads", ("leader",))]
    if state.trick and not state.lead_leads and not state.tricks_won[state.leader]:
        return [Impossible(f"{leader} leads trick {state.trick + 1} without having won a trick; the winner of a "
                           "trick leads the next", "trick-next-lead", ("leader",))]
    if state.trick:
        return []
    if state.leader != state.round_lead:
        return [Impossible(f"{leader} leads the first trick, but the lead player, {lead}, leads it", "round-lead",
                           ("leader",))]
    other = 1 - state.round_lead
    if state.led is None and state.used[other]:
        return [Impossible(f"{SEATS[other]} has used an ability before the first card of the round, but an ability "
                           "is used on one's own turn", "character-timing", ("abilities_used",))]
    if state.led is not None:  # the lead's die is on the table: the totals are no longer the roll's
        return []
    traded = state.used[state.round_lead] and state.characters is not None and \
        CHARACTERS[state.characters[state.round_lead]] == "Bugs Moran"
    mine, theirs = sum(state.dice[state.round_lead]), sum(state.dice[other])
    if not traded:
        if mine < theirs:
            return []
        why = ("equal totals are rolled again" if mine == theirs
               else f"{lead} has the higher pip total ({mine} against {SEATS[other]}'s {theirs}); the lower total leads")
        return [Impossible(f"{lead} is the lead player, but {why}", "round-lead", ("dice",))]
    if _rolled_lower(state.dice[state.round_lead], state.dice[other]):
        return []
    return [Impossible(f"{lead} is the lead player and has used Bugs Moran, but no one swap of a die undone gives "
                       f"{lead} the lower pip total ({mine} against {SEATS[other]}'s {theirs}); the lower total leads",
                       "round-lead", ("dice",))]


def _rolled_lower(mine: Sequence[int], theirs: Sequence[int]) -> bool:
    """Could the lead player, who has swapped one die with the opponent (Bugs Moran),
    have rolled the lower total? Any die ``a`` I hold may be the one I took and any ``b``
    they hold the one I gave: undoing that swap leaves me ``total - a + b``."""
    total, other = sum(mine), sum(theirs)
    return any(total - a + b < other + a - b for a in set(mine) for b in set(theirs))


def _names(pair: tuple, fn: Callable[[Any], Any]) -> dict[str, Any]:
    return {"North": fn(pair[0]), "South": fn(pair[1])}


def run_example(numbers: Numbers, position: Mapping[str, Any], play: Sequence[str],
                variants: Sequence[str]) -> dict[str, Any]:
    """Set up ``position``, check it, play each line, and report every observable outcome."""
    state = position_state(numbers, position, variants)
    refuse_impossible(check_position(state))
    start = len(events(state))
    state = play_lines(state, play, parse_action, apply)
    every = events(state)
    return outcome(state, every[start:], every)


def won_by(events: list[tuple]) -> str | None:
    """How the last trick was won: by the higher die (same suit) or the higher suit."""
    for event in reversed(events):
        if type(event) is TrackWins:
            return "higher suit"
        if type(event) is SameSuit:
            return "higher die"
    return None


def outcome(state: State, new: list[tuple], every: list[tuple]) -> dict[str, Any]:
    """Everything an example may expect, by rules-term name, as plain data."""
    tricks = [e for e in new if type(e) is TrickWon]
    tallies = [e.tricks_won for e in new if isinstance(e, (TrickWon, RoundWon))]
    climbs = [e for e in new if type(e) in (Climbed, Level, SameSuit)]
    rounds = [e for e in new if type(e) is RoundWon]
    leads = [e for e in every if type(e) is LeadPlayer]
    last_round = rounds[-1] if rounds else None
    last_trick = tricks[-1] if tricks else None
    moved = None
    if climbs and type(climbs[-1]) is Climbed and climbs[-1].before != climbs[-1].after:
        moved = SUITS[climbs[-1].suit]
    over = state.phase == PHASE_OVER
    seat = state.turn
    legal = [action_text(state, a) for a in legal_actions(state)] if not over else []
    tricks_per_round = state.numbers.tricks_per_round
    return {
        "trick_winner": SEATS[last_trick.winner] if last_trick else None,
        "trick_winners": [SEATS[e.winner] for e in tricks],
        "won_by": won_by(new),
        "token_moved": moved,
        "track": [SUITS[s] for s in state.track],
        "tricks_won": _names(tallies[-1] if tallies else state.tricks_won, int),
        "round_winner": SEATS[last_round.winner] if last_round else None,
        "round_loser": SEATS[1 - last_round.winner] if last_round else None,
        "round_end": last_round.how if last_round else None,
        "score": _names(state.rounds_won, int),
        "game_over": over,
        "winner": winner_of(SEATS, result(state)) if over else None,
        "round": state.round + 1,
        "trick": min(state.trick + 1, tricks_per_round),
        "dice": _names(state.dice, list),
        "hands": _names(state.hands, cards_text),
        "reserves": _names(state.reserves, cards_text),
        "piles": _names(state.piles, cards_text),
        "removed": cards_text(state.removed),
        "leader": SEATS[state.leader],
        "lead_player": SEATS[state.round_lead],
        "pip_totals": _names(leads[-1].totals, int) if leads else None,
        "rerolls": sum(1 for e in every if type(e) is Tie),
        "to_move": SEATS[seat] if seat is not None else None,
        "characters": _names(state.characters, lambda c: CHARACTERS[c]) if state.characters else None,
        "abilities_used": [SEATS[s] for s in (0, 1) if state.used[s]],
        "legal": legal,
        "events": event_lines(new),
    }
