"""The Four Deuces: the reference rules engine (two players, seed 003).

A round is seven tricks; each trick is a card (a suit, no rank) carrying one die. Same
suit: the bigger die wins. Different suits: the bigger die's suit climbs one place on the
Suit Power Track, then the suit standing higher wins. Take exactly four tricks to win a
round, never five; two rounds win the game. Rulings from shared/RULINGS.md and our own
gap rulings (content/four-deuces/game.yaml, clarifications) are implemented as stated.

Plain, compact data for speed: suits are ints 0–3 (``SUITS``), a hand is a 4-tuple of
counts per suit (cards have no rank, so counts are all there is to know), dice are
sorted tuples of pips, seats are 0 (North) and 1 (South). Every chance event (track
order, dice rolls and tie rerolls, the deal of each round) is drawn from the seed in
``new_game`` and stored in the state as :class:`RoundChance` records, so a test or a worked example
can fix it. ``apply`` copies the state and never mutates its input.

Actions are small tuples, written in the notation of :mod:`four_deuces_text`:

* ``("choose", character)`` – "North chooses Al Capone"
* ``("play", suit, pip)`` – "North plays Murder 5"
* ``("give", suit)`` – "North uses Al Capone, giving Murder"
* ``("return", suit)`` – "South returns Gambling"
* ``("swap", mine, theirs)`` – "North uses Bugs Moran, trading 2 for 6"
* ``("stuck",)`` – "South cannot place" (a follower who cannot place a different die)
"""

from __future__ import annotations

import random
from typing import Any, Hashable, Mapping, Sequence

from .base import IllegalAction, Result, SetupError, engine
from .four_deuces_flow import (  # noqa: F401  (re-exported: the rule map names them here)
    choose_character, climb_track, deal_cards, end_round, find_lead_player, finish_trick, join_reserve,
    next_leader, place_tokens, play_card, return_card, roll_gang, round_over_after_trick, start_round,
    trick_winner, use_al_capone, use_bugs_moran,
)
from .four_deuces_state import (  # noqa: F401  (re-exported for the text, setup and tests)
    AL_CAPONE, BUGS_MORAN, BY_FIFTH, BY_FOUR, BY_STUCK, CHARACTERS, CHOOSE, DICE_PER_PLAYER, EXACTLY,
    FIFTH_TRICK, GIVE, HAND, MAX_ROUNDS, PHASE_CHOOSE, PHASE_OVER, PHASE_PLAY, PLAY, PLAY_TIME_ESTIMATE,
    REMOVED, RESERVE, RETURN, ROUNDS_TO_WIN, SEATS, STUCK, SUITS, SWAP, TRICKS_PER_ROUND, VARIANTS,
    RoundChance, State, _CHOICES, _GIVES, _NO_CARDS, _PLAYS, _RETURNS, _STUCK, _SWAPS, _distinct, _emit,
    counts_of, draw_chance, events_of,
)


def new_game(
    players: int | None = None,
    variants: Sequence[str] = (),
    seed: int = 0,
    setup: Mapping[str, Any] | None = None,
) -> State:
    """A new game for two players; ``setup`` may fix the chance (see four_deuces_setup)."""
    if players not in (None, 2):
        raise SetupError(f"The Four Deuces is for 2 players, not {players}")
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        raise SetupError(f"unknown variant(s) {', '.join(unknown)}; known: {', '.join(VARIANTS)}")
    chance = draw_chance(random.Random(seed))
    if setup:
        from .four_deuces_setup import chance_from_setup

        chance = chance_from_setup(setup, chance)
    state = State.__new__(State)
    state.lead_leads = "lead-player-leads" in variants
    state.keep_track = "reshuffle-track" not in variants
    state.chance = chance
    state.rounds_won = (0, 0)
    state.characters = None
    state.events = None
    start_round(state, 0)
    return state


# --- what may be done --------------------------------------------------------------


def card_plays(state: State, seat: int) -> list[tuple]:
    """Card-and-die plays: the leader any card with any unused die; the follower must
    follow suit if able, and in a same-suit trick with a die of a different number."""
    hand, dice = state.hands[seat], state.dice[seat]
    led = state.led
    if led is None:
        pips = _distinct(dice)
        return [_PLAYS[s][v] for s in range(4) if hand[s] for v in pips]
    suit, pip = led
    if hand[suit]:
        row = _PLAYS[suit]
        return [row[v] for v in _distinct(dice) if v != pip]
    pips = _distinct(dice)
    return [_PLAYS[s][v] for s in range(4) if hand[s] for v in pips]


def ability_actions(state: State, seat: int) -> list[tuple]:
    """Once per round, before their card: Al Capone needs a card in both hands (ruling
    al-capone-empty-hand); Bugs Moran needs an unused die on both sides."""
    if state.used[seat] or state.characters is None:
        return []
    other = 1 - seat
    if state.characters[seat] == AL_CAPONE:
        mine = state.hands[seat]
        if not any(state.hands[other]):
            return []
        return [_GIVES[s] for s in range(4) if mine[s]]
    theirs = state.dice[other]
    if not theirs:
        return []
    return [_SWAPS[a][b] for a in _distinct(state.dice[seat]) for b in _distinct(theirs)]


def capone_returns(state: State) -> list[tuple]:
    """Al Capone's opponent returns a card of a suit other than the given one, or, with
    none, one of that suit; the opponent chooses (ruling al-capone-empty-hand)."""
    hand = state.hands[state.turn]
    given = state.capone
    other = [_RETURNS[s] for s in range(4) if hand[s] and s != given]
    return other or [_RETURNS[given]]


def legal_actions(state: State) -> list[Any]:
    """Every legal decision for the player to move (empty only once the game is over)."""
    if state.phase == PHASE_PLAY:
        if state.capone is not None:
            return capone_returns(state)
        seat = state.turn
        plays = card_plays(state, seat)
        if state.used[seat]:
            return plays  # type: ignore[return-value]
        extra = ability_actions(state, seat)
        if not plays:
            extra.append(_STUCK)
        return plays + extra  # type: ignore[return-value]
    if state.phase == PHASE_CHOOSE:
        return list(_CHOICES)
    return []


def follower_stuck(state: State) -> bool:
    """The follower must follow suit but holds no die different from the led die."""
    led = state.led
    seat = state.turn
    if led is None or state.capone is not None or not state.hands[seat][led[0]]:
        return False
    return all(v == led[1] for v in state.dice[seat])


def settle_follower(state: State) -> None:
    """A stuck follower loses the round at once, unless an unspent ability could still
    help: then they choose between it and conceding (ruling ability-escape)."""
    if follower_stuck(state) and not ability_actions(state, state.turn):
        seat = state.turn
        _emit(state, "stuck", seat, state.led[1])  # type: ignore[index]
        end_round(state, 1 - seat, BY_STUCK)


def why_illegal(state: State, action: Any) -> str | None:
    """None if ``action`` is legal now, else the reason in words."""
    if state.phase == PHASE_OVER:
        return "the game is over"
    if action in legal_actions(state):
        return None
    from .four_deuces_text import explain_illegal

    return explain_illegal(state, action)


def is_legal(state: State, action: Any) -> bool:
    """The same answer as ``action in legal_actions(state)``, checked directly (fast)."""
    if type(action) is not tuple or not action:
        return False
    try:
        kind = action[0]
        if state.phase != PHASE_PLAY:
            return state.phase == PHASE_CHOOSE and action in _CHOICES
        seat = state.turn
        hand = state.hands[seat]
        if state.capone is not None:
            return kind == RETURN and action in capone_returns(state)
        if kind == PLAY:
            _, suit, pip = action
            if not hand[suit] or pip not in state.dice[seat] or suit < 0:
                return False
            led = state.led
            return led is None or not hand[led[0]] or (suit == led[0] and pip != led[1])
        if kind == STUCK:
            return action == _STUCK and not card_plays(state, seat) and bool(ability_actions(state, seat))
        return kind in (GIVE, SWAP) and action in ability_actions(state, seat)
    except (TypeError, IndexError, ValueError, KeyError):
        return False


def apply(state: State, action: Hashable) -> State:
    """The state after ``action``; IllegalAction (saying why) if it is not legal."""
    if not is_legal(state, action):
        raise IllegalAction(why_illegal(state, action) or "not a legal action now")
    new = state.copy()
    kind = action[0]  # type: ignore[index]
    if kind == PLAY:
        play_card(new, action[1], action[2])  # type: ignore[index]
    elif kind == GIVE:
        use_al_capone(new, action[1])  # type: ignore[index]
        return new
    elif kind == RETURN:
        return_card(new, action[1])  # type: ignore[index]
    elif kind == SWAP:
        use_bugs_moran(new, action[1], action[2])  # type: ignore[index]
    elif kind == STUCK:
        _emit(new, "stuck", new.turn, new.led[1])  # type: ignore[index]
        end_round(new, 1 - new.turn, BY_STUCK)  # type: ignore[operator]
        return new
    else:
        choose_character(new, action[1])  # type: ignore[index]
    if new.phase == PHASE_PLAY:
        settle_follower(new)
    return new


# --- the rest of the protocol ------------------------------------------------------


def to_move(state: State) -> int | None:
    return None if state.phase == PHASE_OVER else state.turn


def is_over(state: State) -> bool:
    return state.phase == PHASE_OVER


def result(state: State) -> Result:
    """Rounds won per seat; the first to two is first. Details say how each round ended
    (fifth trick, exactly four, cannot place) for `pipworks simulate`."""
    won = state.rounds_won
    hows = [e[2] for e in events_of(state) if e[0] == "round-won"]
    if state.phase != PHASE_OVER:
        ranking: tuple[tuple[int, ...], ...] = ((0, 1),) if won[0] == won[1] else ((0,), (1,)) if won[0] > won[1] else ((1,), (0,))
    else:
        winner = 0 if won[0] == ROUNDS_TO_WIN else 1
        ranking = ((winner,), (1 - winner,))
    details: dict[str, Any] = {"round_endings": hows, "rounds_played": len(hows), "score": f"{max(won)}-{min(won)}"}
    for number in range(MAX_ROUNDS):
        details[f"round_{number + 1}_end"] = hows[number] if number < len(hows) else "not played"
    return Result(scores=(float(won[0]), float(won[1])), ranking=ranking, details=details)


# Words and worked examples live in their own modules (imported when first needed, so
# either module can be imported first).


def log(state: State, viewer: int | None = None) -> list[str]:
    """Readable events so far: rolls, leads, plays, track moves, who won and why."""
    from .four_deuces_text import log as words

    return words(state, viewer)


def describe(state: State, viewer: int | None = None) -> str:
    from .four_deuces_text import describe as picture

    return picture(state, viewer)


def action_text(state: State, action: Hashable) -> str:
    from .four_deuces_text import action_text as text

    return text(state, action)


def parse_action(state: State, text: str) -> Hashable:
    from .four_deuces_text import parse_action as parse

    return parse(state, text)


def run_example(position: Mapping[str, Any], play: Sequence[str], variants: Sequence[str]) -> Mapping[str, Any]:
    from .four_deuces_setup import run_example as run

    return run(position, play, variants)


#: rule id (content/four-deuces/game.yaml) -> what implements it in this module.
RULE_MAP: dict[str, str] = {
    "setup-track": "place_tokens",
    "setup-dice": "roll_gang",
    "setup-deal": "deal_cards",
    "setup-reserve": "deal_cards",
    "setup-remove": "deal_cards",
    "setup-characters": "choose_character",
    "round": "start_round",
    "round-lead": "find_lead_player",
    "round-tie-reroll": "roll_gang",
    "trick": "play_card",
    "trick-count": "TRICKS_PER_ROUND",
    "trick-hand-then-reserve": "join_reserve",
    "trick-lead": "card_plays",
    "trick-follow": "card_plays",
    "trick-next-lead": "next_leader",
    "resolve": "trick_winner",
    "resolve-same-suit": "trick_winner",
    "resolve-different-value": "settle_follower",
    "resolve-different-suits": "climb_track",
    "resolve-track-wins": "trick_winner",
    "resolve-cleanup": "finish_trick",
    "characters": "ability_actions",
    "character-timing": "ability_actions",
    "al-capone": "use_al_capone",
    "bugs-moran": "use_bugs_moran",
    "round-end": "end_round",
    "fifth-trick-loses": "round_over_after_trick",
    "exactly-four-wins": "round_over_after_trick",
    "next-round": "start_round",
    "victory": "ROUNDS_TO_WIN",
    "variant-lead-player-leads": "next_leader",
    "variant-reshuffle-track": "place_tokens",
    "who-leads-next": "next_leader",
    "character-choice": "choose_character",
    "between-rounds": "start_round",
    "equal-dice-different-suits": "trick_winner",
    "al-capone-empty-hand": "ability_actions",
    "nobody-on-four": "round_over_after_trick",
    "which-dice": "card_plays",
    "ability-as-follower": "ability_actions",
    "ability-escape": "settle_follower",
    "reserve-not-in-hand": "join_reserve",
    "bugs-moran-unused-only": "ability_actions",
    "capone-return-suit": "capone_returns",
    "tie-reroll-both": "roll_gang",
    "ability-per-round": "start_round",
    "play-time": "PLAY_TIME_ESTIMATE",
}


@engine
class FourDeuces:
    """The protocol object (``GAME``); every member is a pure function of plain data."""

    slug = "four-deuces"
    title = "The Four Deuces"
    player_counts = (2,)
    variants = VARIANTS
    rule_map = RULE_MAP


GAME = FourDeuces()
