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
``new_game`` and stored in the state as :class:`Chance`, so a test or a worked example
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
from dataclasses import dataclass
from typing import Any, Hashable, Mapping, Sequence

from .base import IllegalAction, Result, SetupError

SUITS = ("Bootlegging", "Gambling", "Prostitution", "Murder")
SEATS = ("North", "South")
CHARACTERS = ("Al Capone", "Bugs Moran")
AL_CAPONE, BUGS_MORAN = 0, 1
DICE_PER_PLAYER = 7
HAND = 4
RESERVE = 3
REMOVED = 2
TRICKS_PER_ROUND = 7
#: how many tricks win a round (exactly) and how many lose it at once.
EXACTLY = 4
FIFTH_TRICK = 5
ROUNDS_TO_WIN = 2
MAX_ROUNDS = 3
#: minutes for a best of three: our estimate, as the source gives none (clarification
#: play-time); a game is at most 3 rounds × 7 tricks, which the property tests bound.
PLAY_TIME_ESTIMATE = (15, 25)
#: the engine's variant names (``--variant``), from RULINGS.md's alternative readings.
VARIANTS = {
    "lead-player-leads": "the round's lead player leads every trick, whoever wins",
    "reshuffle-track": "the suit tokens are placed in a new random order before each round",
}

CHOOSE, PLAY, GIVE, RETURN, SWAP, STUCK = "choose", "play", "give", "return", "swap", "stuck"
PHASE_CHOOSE, PHASE_PLAY, PHASE_OVER = 0, 1, 2
# How a round ended (events and result details).
BY_FIFTH, BY_FOUR, BY_STUCK = "fifth trick", "exactly four", "cannot place"

_PLAYS = tuple(tuple((PLAY, s, v) for v in range(7)) for s in range(4))
_GIVES = tuple((GIVE, s) for s in range(4))
_RETURNS = tuple((RETURN, s) for s in range(4))
_SWAPS = tuple(tuple((SWAP, a, b) for b in range(7)) for a in range(7))
_CHOICES = ((CHOOSE, AL_CAPONE), (CHOOSE, BUGS_MORAN))
_STUCK = (STUCK,)
_FACES = (1, 2, 3, 4, 5, 6)
_NO_CARDS = (0, 0, 0, 0)


@dataclass(frozen=True)
class RoundChance:
    """Everything chance decides for one round, fixed in advance.

    ``track`` is the token order top first (used in round 1, and every round under
    reshuffle-track); ``rolls`` is each roll of both gangs, ties first, the last one
    decisive; ``deck`` is the shuffled deck dealt as: 4 to North's hand, 4 to South's,
    3 to North's reserve, 3 to South's, and the last 2 removed unseen.
    """

    track: tuple[int, ...]
    rolls: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    deck: tuple[int, ...]


class State:
    """One moment of a game. Treat as immutable: ``apply`` returns a fresh copy."""

    __slots__ = (
        "lead_leads", "keep_track", "chance", "round", "rounds_won", "characters", "phase",
        "track", "hands", "reserves", "removed", "piles", "dice", "tricks_won", "trick",
        "round_lead", "leader", "turn", "led", "used", "capone", "events",
    )

    def copy(self) -> "State":
        n = State.__new__(State)
        n.lead_leads, n.keep_track, n.chance = self.lead_leads, self.keep_track, self.chance
        n.round, n.rounds_won, n.characters, n.phase = self.round, self.rounds_won, self.characters, self.phase
        n.track, n.hands, n.reserves, n.removed = self.track, self.hands, self.reserves, self.removed
        n.piles, n.dice, n.tricks_won, n.trick = self.piles, self.dice, self.tricks_won, self.trick
        n.round_lead, n.leader, n.turn, n.led = self.round_lead, self.leader, self.turn, self.led
        n.used, n.capone, n.events = self.used, self.capone, self.events
        return n

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__ if k not in ("chance", "events"))
        return f"State({fields}, events={len(events_of(self))})"


# --- small helpers over plain data -------------------------------------------------


def events_of(state: State) -> list[tuple]:
    """The event records in order (they are kept as a cons list for cheap appends)."""
    out: list[tuple] = []
    node = state.events
    while node is not None:
        out.append(node[0])
        node = node[1]
    out.reverse()
    return out


def _emit(state: State, *event: Any) -> None:
    state.events = (event, state.events)


def _with(pair: tuple, seat: int, value: Any) -> tuple:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def _bump(counts: tuple[int, ...], suit: int, by: int) -> tuple[int, ...]:
    c = list(counts)
    c[suit] += by
    return tuple(c)


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


_WITHOUT: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}


def _without_die(dice: tuple[int, ...], pip: int) -> tuple[int, ...]:
    """The sorted dice with one ``pip`` taken out (cached, like ``_distinct``)."""
    key = (dice, pip)
    found = _WITHOUT.get(key)
    if found is None:
        d = list(dice)
        d.remove(pip)
        found = _WITHOUT[key] = tuple(d)
    return found


_DISTINCT: dict[tuple[int, ...], tuple[int, ...]] = {}


def _distinct(dice: tuple[int, ...]) -> tuple[int, ...]:
    """The different numbers among sorted dice (cached: there are few multisets)."""
    found = _DISTINCT.get(dice)
    if found is None:
        found = _DISTINCT[dice] = tuple(dict.fromkeys(dice))
    return found


def counts_of(cards: Sequence[int]) -> tuple[int, ...]:
    c = [0, 0, 0, 0]
    for s in cards:
        c[s] += 1
    return tuple(c)


# --- chance: drawn from the seed, stored in the state --------------------------------


def draw_chance(rng: random.Random) -> tuple[RoundChance, ...]:
    """Track orders, rolls (rerolling ties) and shuffled decks for every possible round."""
    rounds = []
    for _ in range(MAX_ROUNDS):
        track = [0, 1, 2, 3]
        rng.shuffle(track)
        rolls = []
        while True:
            a = tuple(sorted(rng.choices(_FACES, k=DICE_PER_PLAYER)))
            b = tuple(sorted(rng.choices(_FACES, k=DICE_PER_PLAYER)))
            rolls.append((a, b))
            if sum(a) != sum(b):
                break
        deck = [s for s in range(4) for _ in range(4)]
        rng.shuffle(deck)
        rounds.append(RoundChance(tuple(track), tuple(rolls), tuple(deck)))
    return tuple(rounds)


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


def legal_actions(state: State) -> list[Hashable]:
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


def log(state: State) -> list[str]:
    """Readable events so far: rolls, leads, plays, track moves, who won and why."""
    from .four_deuces_text import log as words

    return words(state)


def describe(state: State) -> str:
    from .four_deuces_text import describe as picture

    return picture(state)


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


class FourDeuces:
    """The protocol object (``GAME``); every member is a pure function of plain data."""

    slug = "four-deuces"
    title = "The Four Deuces"
    player_counts = (2,)
    variants = VARIANTS
    rule_map = RULE_MAP
    new_game = staticmethod(new_game)
    to_move = staticmethod(to_move)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    is_over = staticmethod(is_over)
    result = staticmethod(result)
    log = staticmethod(log)
    describe = staticmethod(describe)
    action_text = staticmethod(action_text)
    parse_action = staticmethod(parse_action)
    run_example = staticmethod(run_example)


GAME = FourDeuces()
