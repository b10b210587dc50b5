"""The Four Deuces: what happens (round setup, trick resolution, abilities, round end).

Each function changes a fresh copy made by ``apply`` (never a state someone else holds)
and records what it did as an event for the log.
"""

from __future__ import annotations

from .base import SetupError
from .four_deuces_state import (
    BY_FIFTH, BY_FOUR, EXACTLY, FIFTH_TRICK, HAND, PHASE_CHOOSE, PHASE_OVER, PHASE_PLAY, ROUNDS_TO_WIN,
    TRICKS_PER_ROUND, RoundChance, State, _NO_CARDS, _add, _bump, _emit, _with, _without_die, counts_of,
)


# --- setup and the start of each round ----------------------------------------------


def place_tokens(state: State, chance: RoundChance) -> None:
    """Setup: the suit tokens go on the track in the (random) order chance gave.

    Later rounds keep the track as it stands (ruling between-rounds) unless the
    reshuffle-track variant is in force."""
    if state.round == 0 or not state.keep_track:
        state.track = chance.track
        _emit(state, "track", chance.track)
    else:
        _emit(state, "track-kept", state.track)


def roll_gang(state: State, chance: RoundChance) -> tuple[int, int]:
    """Both players roll seven dice; equal pip totals mean both reroll everything,
    as often as needed (ruling tie-reroll-both). Returns the decisive totals."""
    for a, b in chance.rolls:
        _emit(state, "roll", a, b)
        if sum(a) != sum(b):
            state.dice = (a, b)
            return sum(a), sum(b)
        _emit(state, "tie", sum(a))
    raise SetupError("every roll of this round is a tie; the last roll must decide the lead")


def find_lead_player(totals: tuple[int, int]) -> int:
    """The lower pip total leads the round."""
    return 0 if totals[0] < totals[1] else 1


def deal_cards(state: State, deck: tuple[int, ...]) -> None:
    """Four cards to each hand, three face down to each reserve, two removed unseen."""
    state.hands = (counts_of(deck[0:4]), counts_of(deck[4:8]))
    state.reserves = (counts_of(deck[8:11]), counts_of(deck[11:14]))
    state.removed = counts_of(deck[14:16])


def start_round(state: State, number: int) -> None:
    """A fresh round: track (kept or reshuffled), rolls, lead player, deal; abilities
    fresh and characters kept (rulings between-rounds and ability-per-round)."""
    chance = state.chance[number]
    state.round = number
    _emit(state, "round", number)
    place_tokens(state, chance)
    totals = roll_gang(state, chance)
    lead = find_lead_player(totals)
    _emit(state, "lead", lead, totals)
    deal_cards(state, chance.deck)
    state.piles = (_NO_CARDS, _NO_CARDS)
    state.tricks_won = (0, 0)
    state.trick = 0
    state.round_lead = state.leader = state.turn = lead
    state.led = None
    state.used = (False, False)
    state.capone = None
    state.phase = PHASE_CHOOSE if state.characters is None else PHASE_PLAY


def choose_character(state: State, character: int) -> None:
    """The first round's lead player picks a character; the other gets the other one,
    and both keep them all game (ruling character-choice)."""
    seat = state.turn
    state.characters = (character, 1 - character) if seat == 0 else (1 - character, character)
    _emit(state, "choose", seat, character)
    state.phase = PHASE_PLAY


# --- what happens ------------------------------------------------------------------


def climb_track(track: tuple[int, ...], suit: int) -> tuple[int, ...]:
    """The suit's token swaps with the one directly above (no move if on top)."""
    place = track.index(suit)
    if place == 0:
        return track
    t = list(track)
    t[place - 1], t[place] = t[place], t[place - 1]
    return tuple(t)


def trick_winner(state: State, follow: tuple[int, int]) -> int:
    """Resolve the trick on the table: same suit, the bigger die; different suits, the
    bigger die's suit climbs (not on equal dice), then the higher suit wins."""
    leader, follower = state.leader, 1 - state.leader
    (ls, lv), (fs, fv) = state.led, follow  # type: ignore[misc]
    if ls == fs:
        winner = leader if lv > fv else follower
        _emit(state, "same", winner, ls, max(lv, fv), min(lv, fv))
        return winner
    if lv != fv:
        up = ls if lv > fv else fs
        before = state.track
        state.track = climb_track(before, up)
        _emit(state, "climb", up, before.index(up), state.track.index(up), max(lv, fv), min(lv, fv))
    else:
        _emit(state, "level", lv)
    track = state.track
    winner = leader if track.index(ls) < track.index(fs) else follower
    high, low = (ls, fs) if winner == leader else (fs, ls)
    _emit(state, "track-wins", winner, high, low, track.index(high), track.index(low))
    return winner


def finish_trick(state: State, winner: int, follow: tuple[int, int]) -> None:
    """Both cards go to the winner's trick pile; the dice are already out of the round."""
    pile = _bump(_bump(state.piles[winner], state.led[0], 1), follow[0], 1)  # type: ignore[index]
    state.piles = _with(state.piles, winner, pile)
    state.led = None
    won = state.tricks_won
    state.tricks_won = won = _with(won, winner, won[winner] + 1)
    state.trick += 1
    _emit(state, "trick", state.trick, winner, won)
    if not round_over_after_trick(state, winner):
        if state.trick == HAND:
            join_reserve(state)
        state.leader = state.turn = next_leader(state, winner)


def round_over_after_trick(state: State, winner: int) -> bool:
    """A fifth trick loses the round at once; after seven tricks with nobody on five,
    the split is 4–3 and exactly four wins (ruling nobody-on-four)."""
    won = state.tricks_won[winner]
    if won == FIFTH_TRICK:
        end_round(state, 1 - winner, BY_FIFTH)
        return True
    if state.trick == TRICKS_PER_ROUND:
        four = [seat for seat in (0, 1) if state.tricks_won[seat] == EXACTLY]
        assert len(four) == 1, f"seven tricks split {state.tricks_won}: nobody on exactly four"
        end_round(state, four[0], BY_FOUR)
        return True
    return False


def join_reserve(state: State) -> None:
    """After the fourth trick each reserve becomes the hand (never before: ruling
    reserve-not-in-hand)."""
    state.hands = (_add(state.hands[0], state.reserves[0]), _add(state.hands[1], state.reserves[1]))
    state.reserves = (_NO_CARDS, _NO_CARDS)
    _emit(state, "reserve")


def next_leader(state: State, winner: int) -> int:
    """The trick's winner leads next (ruling who-leads-next); under lead-player-leads
    the round's lead player leads every trick."""
    return state.round_lead if state.lead_leads else winner


def end_round(state: State, winner: int, how: str) -> None:
    """Score the round; two rounds won end the game, else a new round starts."""
    state.rounds_won = won = _with(state.rounds_won, winner, state.rounds_won[winner] + 1)
    _emit(state, "round-won", winner, how, state.tricks_won, won)
    state.capone = None  # a stuck follower's round stops with the led card still on the table
    if won[winner] == ROUNDS_TO_WIN:
        state.phase = PHASE_OVER
        state.turn = None
        _emit(state, "game-won", winner, won)
    else:
        start_round(state, state.round + 1)


def use_al_capone(state: State, suit: int) -> None:
    """Al Capone: the card goes to the opponent, who must now return one."""
    seat = state.turn
    other = 1 - seat
    state.hands = _with(_with(state.hands, seat, _bump(state.hands[seat], suit, -1)),
                        other, _bump(state.hands[other], suit, 1))
    state.used = _with(state.used, seat, True)
    state.capone = suit
    state.turn = other
    _emit(state, "give", seat, suit)


def return_card(state: State, suit: int) -> None:
    """The opponent's returned card goes to Capone's player, who then plays on."""
    seat = state.turn
    other = 1 - seat
    state.hands = _with(_with(state.hands, seat, _bump(state.hands[seat], suit, -1)),
                        other, _bump(state.hands[other], suit, 1))
    state.capone = None
    state.turn = other
    _emit(state, "return", seat, suit)


def use_bugs_moran(state: State, mine: int, theirs: int) -> None:
    """Bugs Moran: one unused die of each side changes owner, keeping its number."""
    seat = state.turn
    other = 1 - seat
    a = tuple(sorted(_without_die(state.dice[seat], mine) + (theirs,)))
    b = tuple(sorted(_without_die(state.dice[other], theirs) + (mine,)))
    state.dice = (a, b) if seat == 0 else (b, a)
    state.used = _with(state.used, seat, True)
    _emit(state, "swap", seat, mine, theirs)


def play_card(state: State, suit: int, pip: int) -> None:
    """Put a card with a die on it: lead the trick, or follow and resolve it."""
    seat = state.turn
    state.hands = _with(state.hands, seat, _bump(state.hands[seat], suit, -1))
    state.dice = _with(state.dice, seat, _without_die(state.dice[seat], pip))
    _emit(state, "play", seat, suit, pip)
    if state.led is None:
        state.led = (suit, pip)
        state.turn = 1 - seat
        return
    follow = (suit, pip)
    finish_trick(state, trick_winner(state, follow), follow)
