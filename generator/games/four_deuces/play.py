"""The Four Deuces' rules as pure functions: whose turn, what may be done, what happens.

``apply`` never changes the state it is given: it copies the fields into a list
(``f = list(state)``), the steps below edit that list by the field positions of
:mod:`.state`, and a new State is built from it. A state keeps the actions taken since
its game began rather than the events they caused: :func:`events` rebuilds those (named
records of :mod:`.state`) by replaying the actions with a collector, so no event is built
while bots play. Reading a NamedTuple's field costs more than reading a list item, so
the hot paths read each field once, or read the list ``apply`` already made.
"""

from __future__ import annotations

from operator import add, itemgetter
from typing import Any, Callable

from ...rules.base import IllegalAction, implements, oldest_first
from .state import (
    _CAPONE, _CHARACTERS, _DICE, _ENDINGS, _HANDS, _HISTORY, _LEAD_LEADS, _LED, _LEADER, _NUMBERS, _OVER,
    _PHASE, _PILES, _RESERVES, _ROUND, _ROUND_LEAD, _ROUNDS_WON, _START, _TRACK, _TRICK, _TRICKS_WON, _TURN, _USED,
    AL_CAPONE, BUGS_MORAN, BY_FIFTH, BY_FOUR, BY_STUCK, CHARACTERS, CHOICES, CHOOSE, GIVE, GIVES, PHASE_CHOOSE,
    PHASE_OVER, PHASE_PLAY, PLAY, PLAYS, RETURN, RETURNS, SEATS, STUCK, STUCK_ACTION, SUITS, SWAP, SWAPS, TO_MOVE,
    Action, CannotPlace, CardGiven, CardPlayed, CardReturned, CharacterChosen, Climbed, Collector, DiceTraded,
    GameWon, Level, ReserveJoins, RoundWon, SameSuit, State, TrackWins, TrickWon, distinct, start_round,
    with_seat, without_card, without_die,
)
from .state import _DISTINCT, _PLAYED, _WITHOUT

_new = tuple.__new__


# --- whose turn ----------------------------------------------------------------------


def to_move(state: State) -> int | None:
    return None if state.phase == PHASE_OVER else state.turn


#: ``is_over(state)``: whether the game is over, read from the state's ``over`` field (set
#: with the phase) by ``itemgetter``: a call that runs no Python code, after every move.
is_over: Callable[[State], bool] = itemgetter(_OVER)


# --- what may be done ------------------------------------------------------------------


#: legal plays already worked out, by hand (or led card) and the unused dice's numbers:
#: a game meets few of them, and building a list of tuples is most of the work.
_LEADS: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Action, ...]] = {}
_FOLLOWS: dict[tuple[tuple[int, int], tuple[int, ...]], tuple[Action, ...]] = {}
_GIVES_FROM: dict[tuple[int, ...], tuple[Action, ...]] = {}
_SWAPS_OF: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Action, ...]] = {}


class _ByNumbers(dict[tuple[int, ...], tuple[tuple[Action, ...], ...]]):
    """``rows`` (one row of actions per suit, or per die number, indexed by a die's
    number), each cut to the numbers of a key (distinct pips, sorted): the pieces the
    caches above are put together from when they first meet a hand or a pair of dice
    (a game meets thousands of those, but only 63 sets of numbers)."""

    def __init__(self, rows: tuple[tuple[Action, ...], ...]) -> None:
        super().__init__()
        self.rows = rows

    def __missing__(self, pips: tuple[int, ...]) -> tuple[tuple[Action, ...], ...]:
        found = self[pips] = tuple(tuple(row[v] for v in pips) for row in self.rows)
        return found


#: ``_PLAYS_WITH[pips][suit]``: that suit's plays with those numbers;
#: ``_SWAPS_WITH[theirs][mine]``: Bugs Moran's swaps of one's die ``mine`` for theirs.
_PLAYS_WITH = _ByNumbers(PLAYS)
_SWAPS_WITH = _ByNumbers(SWAPS)


@implements("trick-lead", "trick-follow", "which-dice")
def card_plays(hand: tuple[int, ...], dice: tuple[int, ...], led: tuple[int, int] | None) -> tuple[Action, ...]:
    """Card-and-die plays from ``hand`` with ``dice``: the leader any card with any unused
    die; the follower must follow suit if able, and in a same-suit trick with a die of a
    different number."""
    pips = distinct(dice)
    if led is not None and hand[led[0]]:
        follow = _FOLLOWS.get((led, pips))
        if follow is None:
            row = PLAYS[led[0]]
            follow = _FOLLOWS[led, pips] = tuple(row[v] for v in pips if v != led[1])
        return follow
    plays = _LEADS.get((hand, pips))
    if plays is None:
        plays = ()
        for row, held in zip(_PLAYS_WITH[pips], hand):
            if held:
                plays += row
        _LEADS[hand, pips] = plays
    return plays


@implements("characters", "character-timing", "ability-as-follower", "al-capone-empty-hand",
            "bugs-moran-unused-only")
def ability_actions(seat: int, used: tuple[bool, bool], characters: tuple[int, int] | None,
                    hands: tuple[tuple[int, ...], ...], dice: tuple[tuple[int, ...], ...]) -> tuple[Action, ...]:
    """Once per round, before their card: Al Capone needs a card in both hands (ruling
    al-capone-empty-hand); Bugs Moran needs an unused die on both sides."""
    if used[seat] or characters is None:
        return ()
    other = 1 - seat
    if characters[seat] == AL_CAPONE:
        if not any(hands[other]):
            return ()
        hand = hands[seat]
        try:  # the caches read by subscript, as legal_actions reads its own: less than a call of get
            return _GIVES_FROM[hand]
        except KeyError:
            gives = _GIVES_FROM[hand] = tuple(give for give, held in zip(GIVES, hand) if held)
            return gives
    if not dice[other]:
        return ()
    try:
        return _SWAPS_OF[_DISTINCT[dice[seat]], _DISTINCT[dice[other]]]
    except KeyError:
        pass
    key = (distinct(dice[seat]), distinct(dice[other]))
    swaps = _SWAPS_OF.get(key)
    if swaps is None:
        rows = _SWAPS_WITH[key[1]]
        swaps = ()
        for a in key[0]:
            swaps += rows[a]
        _SWAPS_OF[key] = swaps
    return swaps


@implements("capone-return-suit")
def capone_returns(hand: tuple[int, ...], given: int) -> tuple[Action, ...]:
    """Al Capone's opponent returns a card of a suit other than the given one, or, with
    none, one of that suit; the opponent chooses (ruling al-capone-empty-hand)."""
    try:
        return _RETURNS_OF[hand, given]
    except KeyError:
        other = tuple(RETURNS[s] for s, held in enumerate(hand) if held and s != given)
        found = _RETURNS_OF[hand, given] = other or (RETURNS[given],)
        return found


#: capone_returns' answers by hand and given suit (a game meets few of them).
_RETURNS_OF: dict[tuple[tuple[int, ...], int], tuple[Action, ...]] = {}


#: the legal actions last worked out and the state they are for. Random play and the
#: searches ask for a state's legal actions and then apply one of them to that same
#: state, so ``apply`` checks its action against these instead of the rules again. One
#: tuple, replaced whole: a reader never pairs one state with another's actions.
_LAST_LEGAL: tuple[State | None, tuple[Action, ...]] = (None, ())


@implements("trick-lead", "trick-follow", "which-dice")
def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal decision for the player to move (empty only once the game is over).

    The card plays are :func:`card_plays`' answers, looked up here in its caches (this
    runs once a decision: a function call costs as much as the lookup)."""
    global _LAST_LEGAL
    fields: Any = state[TO_MOVE]
    phase, seat, hands, dice, led, used, characters, capone = fields
    actions: tuple[Action, ...]
    if phase != PHASE_PLAY:
        actions = CHOICES if phase == PHASE_CHOOSE else ()
    elif capone is not None:
        actions = capone_returns(hands[seat], capone)
    else:
        hand, mine = hands[seat], dice[seat]
        try:  # the caches of distinct and card_plays, read by subscript: less than a call of get
            actions = _FOLLOWS[led, _DISTINCT[mine]] if led is not None and hand[led[0]] else \
                _LEADS[hand, _DISTINCT[mine]]
        except KeyError:
            actions = card_plays(hand, mine, led)
        if not used[seat]:
            extra = ability_actions(seat, used, characters, hands, dice)
            if not actions:
                actions = (*extra, STUCK_ACTION)
            elif extra:
                actions = actions + extra
    _LAST_LEGAL = (state, actions)
    return actions


def _allowed(f: list[Any], action: Any) -> bool:
    """The same answer as ``action in legal_actions(state)``, checked directly on the
    fields of the state (the list ``apply`` edits): faster."""
    if type(action) is not tuple or not action:
        return False
    try:
        kind = action[0]
        phase = f[_PHASE]
        if phase != PHASE_PLAY:
            return phase == PHASE_CHOOSE and action in CHOICES
        seat = f[_TURN]
        hands = f[_HANDS]
        hand = hands[seat]
        if f[_CAPONE] is not None:
            return kind == RETURN and action in capone_returns(hand, f[_CAPONE])
        if kind == PLAY:
            _, suit, pip = action
            if suit < 0 or not hand[suit] or pip not in f[_DICE][seat]:
                return False
            led = f[_LED]
            return led is None or not hand[led[0]] or (suit == led[0] and pip != led[1])
        if kind == STUCK:
            return (action == STUCK_ACTION and not card_plays(hand, f[_DICE][seat], f[_LED])
                    and bool(ability_actions(seat, f[_USED], f[_CHARACTERS], hands, f[_DICE])))
        return kind in (GIVE, SWAP) and action in ability_actions(seat, f[_USED], f[_CHARACTERS], hands, f[_DICE])
    except (TypeError, IndexError, ValueError, KeyError):
        return False


# --- what happens ----------------------------------------------------------------------


def apply(state: State, action: Action) -> State:
    """The state after ``action``; IllegalAction (saying why) if it is not legal."""
    f: list[Any] = [*state]  # list(state), faster for a tuple subclass
    last = _LAST_LEGAL
    if (last[0] is not state or action not in last[1]) and not _allowed(f, action):
        raise IllegalAction(*(refusal(state, action) or ("not a legal action now", None)))
    if f[_START] is None:
        f[_START] = state
    f[_HISTORY] = (action, f[_HISTORY])
    if action[0] == PLAY:  # most moves: straight to the card (what ``act`` would do)
        play_card(f, action[1], action[2], None)
    else:
        act(f, action, None)
    return _new(State, f)


def act(f: list[Any], action: Action, ev: Collector) -> None:
    """Carry out a legal ``action`` on the fields ``f``, recording events in ``ev``."""
    kind = action[0]
    if kind == PLAY:
        play_card(f, action[1], action[2], ev)
        return
    if kind == GIVE:
        use_al_capone(f, action[1], ev)
        return
    if kind == STUCK:
        concede(f, ev)
        return
    if kind == RETURN:
        return_card(f, action[1], ev)
    elif kind == SWAP:
        use_bugs_moran(f, action[1], action[2], ev)
    else:
        choose_character(f, action[1], ev)
    if f[_LED] is not None and f[_PHASE] == PHASE_PLAY:
        settle_follower(f, ev)


def events(state: State) -> list[tuple]:
    """What has happened so far, oldest first, as event records: the setting up of the
    first round (when ``new_game`` set the game up), then every action, replayed from the
    state it was taken in."""
    start = state.start or state
    out: list[tuple] = []
    if start.opening:
        start_round(list(start), 0, out)
    f = list(start)
    for action in oldest_first(state.history):
        act(f, action, out)
    return out


@implements("setup-characters", "character-choice")
def choose_character(f: list[Any], character: int, ev: Collector) -> None:
    """The first round's lead player picks a character; the other gets the other one,
    and both keep them all game (ruling character-choice)."""
    seat = f[_TURN]
    f[_CHARACTERS] = (character, 1 - character) if seat == 0 else (1 - character, character)
    if ev is not None:
        ev.append(CharacterChosen(seat, character))
    f[_PHASE] = PHASE_PLAY


@implements("trick")
def play_card(f: list[Any], suit: int, pip: int, ev: Collector) -> None:
    """Put a card with a die on it: lead the trick (the follower may then be stuck), or
    follow and resolve it."""
    seat = f[_TURN]
    hands, dice = f[_HANDS], f[_DICE]
    hand, mine = hands[seat], dice[seat]
    # without_card and without_die, their caches read here (by subscript: less than a call
    # of get): this runs on most moves
    try:
        hand = _PLAYED[hand, suit]
    except KeyError:
        hand = without_card(hand, suit)
    try:
        mine = _WITHOUT[mine, pip]
    except KeyError:
        mine = without_die(mine, pip)
    if seat == 0:
        f[_HANDS], f[_DICE] = (hand, hands[1]), (mine, dice[1])
    else:
        f[_HANDS], f[_DICE] = (hands[0], hand), (dice[0], mine)
    if ev is not None:
        ev.append(CardPlayed(seat, suit, pip))
    if f[_LED] is None:
        f[_LED] = (suit, pip)
        f[_TURN] = other = 1 - seat
        theirs = dice[other]  # settle_follower's test, asked here first: the follower is rarely stuck
        if hands[other][suit] and (not theirs or theirs[0] == pip == theirs[-1]):
            settle_follower(f, ev)
        return
    follow = (suit, pip)
    finish_trick(f, trick_winner(f, follow, ev), follow, ev)


@implements("resolve-different-suits")
def climb_track(track: tuple[int, ...], suit: int) -> tuple[int, ...]:
    """The suit's token swaps with the one directly above (no move if on top)."""
    place = track.index(suit)
    if place == 0:
        return track
    t = list(track)
    t[place - 1], t[place] = t[place], t[place - 1]
    return tuple(t)


@implements("resolve", "resolve-same-suit", "resolve-track-wins", "equal-dice-different-suits")
def trick_winner(f: list[Any], follow: tuple[int, int], ev: Collector) -> int:
    """Resolve the trick on the table: same suit, the bigger die; different suits, the
    bigger die's suit climbs (not on equal dice), then the higher suit wins."""
    leader = f[_LEADER]
    follower = 1 - leader
    (ls, lv), (fs, fv) = f[_LED], follow
    if ls == fs:
        winner = leader if lv > fv else follower
        if ev is not None:
            ev.append(SameSuit(winner, ls, max(lv, fv), min(lv, fv)))
        return winner
    track = f[_TRACK]
    if lv != fv:
        up = ls if lv > fv else fs
        before = track
        f[_TRACK] = track = climb_track(before, up)
        if ev is not None:
            ev.append(Climbed(up, before.index(up), track.index(up), max(lv, fv), min(lv, fv)))
    elif ev is not None:
        ev.append(Level(lv))
    winner = leader if track.index(ls) < track.index(fs) else follower
    if ev is not None:
        high, low = (ls, fs) if winner == leader else (fs, ls)
        ev.append(TrackWins(winner, high, low, track.index(high), track.index(low)))
    return winner


@implements("resolve-cleanup", "trick-next-lead", "who-leads-next")
def finish_trick(f: list[Any], winner: int, follow: tuple[int, int], ev: Collector) -> None:
    """Both cards go to the winner's trick pile (the dice are already out of the round);
    unless that ends the round, the winner leads next (ruling who-leads-next; the
    lead-player-leads variant: see :func:`next_leader`)."""
    piles = f[_PILES]
    pile = list(piles[winner])
    pile[f[_LED][0]] += 1
    pile[follow[0]] += 1
    won = f[_TRICKS_WON]
    if winner == 0:
        f[_PILES] = (tuple(pile), piles[1])
        f[_TRICKS_WON] = won = (won[0] + 1, won[1])
    else:
        f[_PILES] = (piles[0], tuple(pile))
        f[_TRICKS_WON] = won = (won[0], won[1] + 1)
    f[_LED] = None
    f[_TRICK] = trick = f[_TRICK] + 1
    if ev is not None:
        ev.append(TrickWon(trick, winner, won))
    numbers = f[_NUMBERS]
    if (won[winner] == numbers.fifth or trick == numbers.tricks_per_round) and round_over_after_trick(f, winner, ev):
        return
    if trick == numbers.hand:
        join_reserve(f, ev)
    f[_LEADER] = f[_TURN] = next_leader(f, winner) if f[_LEAD_LEADS] else winner


@implements("trick-count", "fifth-trick-loses", "exactly-four-wins", "nobody-on-four")
def round_over_after_trick(f: list[Any], winner: int, ev: Collector) -> bool:
    """A fifth trick loses the round at once; after the round's last trick with nobody
    on five, the split is 4–3 and exactly four wins (ruling nobody-on-four)."""
    numbers = f[_NUMBERS]
    won = f[_TRICKS_WON]
    if won[winner] == numbers.fifth:
        end_round(f, 1 - winner, BY_FIFTH, ev)
        return True
    if f[_TRICK] == numbers.tricks_per_round:
        four = [seat for seat in (0, 1) if won[seat] == numbers.exactly]
        assert len(four) == 1, f"the tricks split {won}: nobody on exactly {numbers.exactly}"
        end_round(f, four[0], BY_FOUR, ev)
        return True
    return False


@implements("trick-hand-then-reserve", "reserve-not-in-hand")
def join_reserve(f: list[Any], ev: Collector) -> None:
    """After the hand's last trick each reserve becomes the hand (never before: ruling
    reserve-not-in-hand)."""
    (north, south), (north_reserve, south_reserve) = f[_HANDS], f[_RESERVES]
    # map(add, ...) rather than generator expressions: the same counts, without a frame each
    f[_HANDS] = (tuple(map(add, north, north_reserve)), tuple(map(add, south, south_reserve)))
    f[_RESERVES] = ((0,) * len(north_reserve), (0,) * len(south_reserve))
    if ev is not None:
        ev.append(ReserveJoins(f[_TRICK] + 1, f[_NUMBERS].tricks_per_round))


@implements("trick-next-lead", "who-leads-next", "lead-player-leads")
def next_leader(f: list[Any], winner: int) -> int:
    """The trick's winner leads next (ruling who-leads-next); under lead-player-leads
    the round's lead player leads every trick."""
    return f[_ROUND_LEAD] if f[_LEAD_LEADS] else winner


@implements("round-end", "victory", "play-time")
def end_round(f: list[Any], winner: int, how: str, ev: Collector) -> None:
    """Score the round; ``rounds_to_win`` rounds won end the game (so a game is a best of
    three rounds of seven tricks, what the play-time estimate counts), else a new round
    starts."""
    won = f[_ROUNDS_WON]
    f[_ROUNDS_WON] = won = with_seat(won, winner, won[winner] + 1)
    f[_ENDINGS] = f[_ENDINGS] + (how,)
    if ev is not None:
        ev.append(RoundWon(winner, how, f[_TRICKS_WON], won))
    f[_CAPONE] = None  # a stuck follower's round stops with the led card still on the table
    if won[winner] == f[_NUMBERS].rounds_to_win:
        f[_PHASE], f[_OVER] = PHASE_OVER, True
        f[_TURN] = None
        if ev is not None:
            ev.append(GameWon(winner, won))
    else:
        start_round(f, f[_ROUND] + 1, ev)


@implements("al-capone")
def use_al_capone(f: list[Any], suit: int, ev: Collector) -> None:
    """Al Capone: the card goes to the opponent, who must now return one."""
    seat = f[_TURN]
    _pass_card(f, seat, suit)
    f[_USED] = with_seat(f[_USED], seat, True)
    f[_CAPONE] = suit
    if ev is not None:
        ev.append(CardGiven(seat, suit))


def return_card(f: list[Any], suit: int, ev: Collector) -> None:
    """The opponent's returned card goes to Capone's player, who then plays on."""
    seat = f[_TURN]
    _pass_card(f, seat, suit)
    f[_CAPONE] = None
    if ev is not None:
        ev.append(CardReturned(seat, suit))


def _pass_card(f: list[Any], seat: int, suit: int) -> None:
    """A card of ``suit`` goes from ``seat``'s hand to the other's, whose turn it is then."""
    other = 1 - seat
    hands = f[_HANDS]
    giver, taker = list(hands[seat]), list(hands[other])  # bump and with_seat, written out: no call
    giver[suit] -= 1
    taker[suit] += 1
    f[_HANDS] = (tuple(giver), tuple(taker)) if seat == 0 else (tuple(taker), tuple(giver))
    f[_TURN] = other


@implements("bugs-moran")
def use_bugs_moran(f: list[Any], mine: int, theirs: int, ev: Collector) -> None:
    """Bugs Moran: one unused die of each side changes owner, keeping its number."""
    seat = f[_TURN]
    dice = f[_DICE]
    a = tuple(sorted(without_die(dice[seat], mine) + (theirs,)))
    b = tuple(sorted(without_die(dice[1 - seat], theirs) + (mine,)))
    f[_DICE] = (a, b) if seat == 0 else (b, a)
    f[_USED] = with_seat(f[_USED], seat, True)
    if ev is not None:
        ev.append(DiceTraded(seat, mine, theirs))


@implements("resolve-different-value", "ability-escape")
def settle_follower(f: list[Any], ev: Collector) -> None:
    """A follower who must follow suit but holds no die different from the led die
    loses the round at once, unless an unspent ability could still help: then they
    choose between it and conceding (ruling ability-escape)."""
    led = f[_LED]
    if led is None or f[_CAPONE] is not None:
        return
    seat = f[_TURN]
    dice = f[_DICE][seat]
    pip = led[1]
    stuck = f[_HANDS][seat][led[0]] and (not dice or dice[0] == pip == dice[-1])  # dice are sorted
    if stuck and not ability_actions(seat, f[_USED], f[_CHARACTERS], f[_HANDS], f[_DICE]):
        concede(f, ev)


def concede(f: list[Any], ev: Collector) -> None:
    """The follower cannot place a different die: the round goes to the leader."""
    seat = f[_TURN]
    if ev is not None:
        ev.append(CannotPlace(seat, f[_LED][1]))
    end_round(f, 1 - seat, BY_STUCK, ev)


# --- why an action is refused ----------------------------------------------------------


#: A refusal: what is wrong in a player's words, and the rule id that forbids it (None
#: when the action names no move of the game).
Refusal = tuple[str, "str | None"]


def refusal(state: State, action: Any) -> Refusal | None:
    """None if ``action`` is legal now, else (the reason in a player's words, the id of
    the rule that forbids it)."""
    seat = state.turn
    if state.phase == PHASE_OVER or seat is None:
        return "the game is over", "victory"
    if action in legal_actions(state):
        return None
    if not isinstance(action, tuple) or not action or action[0] not in (CHOOSE, PLAY, GIVE, RETURN, SWAP, STUCK):
        return f"{action!r} is not an action of The Four Deuces", None
    who = SEATS[seat]
    kind = action[0]
    if state.phase == PHASE_CHOOSE:
        return f"{who} must first choose a character (Al Capone or Bugs Moran)", "setup-characters"
    if kind == CHOOSE:
        return "the characters are already chosen; they are kept all game", "setup-characters"
    if state.capone is not None and kind != RETURN:
        return f"{who} must first return a card for Al Capone's {SUITS[state.capone]}", "al-capone"
    if kind == RETURN:
        if state.capone is None:
            return "nobody has used Al Capone, so there is nothing to return", "al-capone"
        return (f"{who} must return a card of a suit other than {SUITS[state.capone]} "
                "while holding one, and only cards from hand"), "al-capone"
    if kind == PLAY:
        return _why_play(state, seat, action)
    if kind == STUCK:
        return f"{who} can still play a card with a die, so cannot concede the round", "resolve-different-value"
    return _why_ability(state, seat, action)


def _why_play(state: State, seat: int, action: tuple) -> Refusal:
    who = SEATS[seat]
    suit, pip = action[1], action[2]
    known = isinstance(suit, int) and 0 <= suit < len(state.hands[seat])
    if not known or not state.hands[seat][suit]:
        name = SUITS[suit] if known else repr(suit)
        in_reserve = known and state.reserves[seat][suit]
        extra = f" (the reserve joins the hand only after trick {state.numbers.hand})" if in_reserve else ""
        return f"{who} holds no {name} card in hand{extra}", "trick-hand-then-reserve" if in_reserve else "trick-lead"
    if pip not in state.dice[seat]:
        return (f"{who} has no unused die showing {pip} (unused: {' '.join(map(str, state.dice[seat])) or 'none'})",
                "resolve-cleanup")
    led = state.led
    if led is not None and state.hands[seat][led[0]] and suit != led[0]:
        return f"{who} holds {SUITS[led[0]]} and must follow suit", "trick-follow"
    if led is not None and suit == led[0] and pip == led[1]:
        return f"in a same-suit trick the dice must differ: {who} may not place a {pip} on the led {pip}", \
            "resolve-different-value"
    return "not a legal play now", None


def _why_ability(state: State, seat: int, action: tuple) -> Refusal:
    who = SEATS[seat]
    want = AL_CAPONE if action[0] == GIVE else BUGS_MORAN
    characters = state.characters
    assert characters is not None
    if characters[seat] != want:
        return f"{who} is {CHARACTERS[characters[seat]]}, not {CHARACTERS[want]}", "characters"
    if state.used[seat]:
        return f"{who} has already used {CHARACTERS[want]} this round (once per round)", "character-timing"
    other = 1 - seat
    if want == AL_CAPONE:
        if not any(state.hands[other]) or not any(state.hands[seat]):
            return "Al Capone needs a card in both hands", "al-capone"
        suits = len(state.hands[seat])
        return (f"{who} holds no {SUITS[action[1]]} card to give" if 0 <= action[1] < suits else "no such suit"), "al-capone"
    if not state.dice[other]:
        return f"{SEATS[other]} has no unused die for Bugs Moran to take", "bugs-moran"
    return f"Bugs Moran trades one of {who}'s unused dice for one of {SEATS[other]}'s: check both numbers", "bugs-moran"
