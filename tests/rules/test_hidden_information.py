"""A player sees only what their seat may know (issue 5, item 5: `pipworks play`).

For every game, random legal moves are played through the first deal (or hand, or round:
while every card name is still unique, so a name on screen can only come from where the
card is now). At each position, for each seat, the other seats' hidden cards are worked
out from the state in the game's own terms, and ``describe(state, viewer=seat)`` and
``log(state, viewer=seat)`` must name none of them, while ``viewer=None`` (the designer's
view) still shows every one. Then a whole `pipworks play` run is checked the same way at
each of the person's decisions.
"""

from __future__ import annotations

import random
import re
from typing import Any, Callable, Iterable

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.games import find_game

SEEDS = range(12)


def _named(text: str, name: str) -> bool:
    """Whether ``text`` names the card ``name`` (not merely as part of a longer name)."""
    return re.search(r"(?<![0-9A-Za-z♠♥♦♣])" + re.escape(name) + r"(?![0-9A-Za-z♠♥♦♣])", text) is not None


# --- each game's hidden cards, in its own terms -------------------------------------------


def pip_trick_hidden(state: Any, viewer: int) -> set[str]:
    """Other players' hands, and the cards they played face down (never turned up)."""
    from generator.games.pip_trick.notation import card_text, events
    from generator.games.pip_trick.state import CardPlayed

    names = {card_text(c) for seat in range(state.players) if seat != viewer
             for c in range(52) if state.hands[seat] >> c & 1}
    names |= {card_text(e.card) for e in events(state) if isinstance(e, CardPlayed) and e.down and e.seat != viewer}
    return names


def pip_trick_own(state: Any, viewer: int) -> set[str]:
    from generator.games.pip_trick.notation import card_text

    return {card_text(c) for c in range(52) if state.hands[viewer] >> c & 1}


def dice_lanes_hidden(state: Any, viewer: int) -> set[str]:
    """The other player's hand and the cards they programmed that have not resolved yet."""
    from generator.games.dice_lanes.notation import card_text

    other = 1 - viewer
    waiting = [c for c in state.program[3 * other:3 * other + 3] if c >= 0]
    return {card_text(state.numbers, c) for c in (*state.hands[other], *waiting)}


def dice_lanes_own(state: Any, viewer: int) -> set[str]:
    from generator.games.dice_lanes.notation import card_text

    return {card_text(state.numbers, c)
            for c in (*state.hands[viewer], *(c for c in state.program[3 * viewer:3 * viewer + 3] if c >= 0))}


def multisuit_hidden(state: Any, viewer: int) -> set[str]:
    """Every other hand (the partner's too) and the cards set aside for the exchange,
    except the cards the viewer passed to their partner: those they have seen."""
    from generator.games.multisuit.notation import card_text
    from generator.games.multisuit.state import SetAside, cards_of
    from generator.rules.base import oldest_first

    gave = {e.card for e in oldest_first(state.events) if isinstance(e, SetAside) and e.seat == viewer}
    cards = {c for seat in range(4) if seat != viewer for c in cards_of(state.hands[seat] | state.given[seat])}
    return {card_text(state.table, c) for c in cards - gave}


def multisuit_own(state: Any, viewer: int) -> set[str]:
    from generator.games.multisuit.notation import card_text
    from generator.games.multisuit.state import cards_of

    return {card_text(state.table, c) for c in cards_of(state.hands[viewer] | state.given[viewer])}


def zero_grid_hidden(state: Any, viewer: int) -> set[str]:
    """The other player's hand, and their programmed cards that neither the Initiative
    reveal nor their own resolution has turned face up this hand."""
    from generator.games.zero_grid.notation import card_text
    from generator.games.zero_grid.state import (
        RESOLVE, Dealt, Fizzled, PowerUsed, Revealed, Shifted, Swapped, Unplayed,
    )
    from generator.rules.base import oldest_first

    if not state.hands:
        return set()
    other = 1 - viewer
    if other >= len(state.programs):
        return {card_text(c) for c in state.hands[other]}
    events = oldest_first(state.events)
    last_deal = max(i for i, e in enumerate(events) if isinstance(e, Dealt))
    face_up = set()
    for e in events[last_deal:]:
        if isinstance(e, Revealed):
            face_up |= set(e.cards)
        elif isinstance(e, (PowerUsed, Swapped, Fizzled, Unplayed, Shifted)):
            face_up.add(e.card)
    if state.phase == RESOLVE:
        face_up.add(state.ctx[0])
    return {card_text(c) for c in state.programs[other] if c not in face_up}


def zero_grid_own(state: Any, viewer: int) -> set[str]:
    from generator.games.zero_grid.notation import card_text

    if not state.hands:
        return set()
    cards = state.programs[viewer] if viewer < len(state.programs) else state.hands[viewer]
    return {card_text(c) for c in cards}


class Case:
    """One game: how to start it, while its card names stay unique, and what is hidden."""

    def __init__(self, slug: str, players: int, first_deal: Callable[[Any], bool],
                 hidden: Callable[[Any, int], set[str]], own: Callable[[Any, int], set[str]]) -> None:
        self.slug, self.players, self.first_deal, self.hidden, self.own = slug, players, first_deal, hidden, own

    def __repr__(self) -> str:
        return f"{self.slug}-{self.players}p"


CASES = [
    Case("pip-trick", 4, lambda s: s.round == 0, pip_trick_hidden, pip_trick_own),
    Case("pip-trick", 3, lambda s: s.round == 0, pip_trick_hidden, pip_trick_own),
    Case("dice-lanes", 2, lambda s: s.round == 1, dice_lanes_hidden, dice_lanes_own),
    Case("multisuit", 4, lambda s: s.deal_no == 0, multisuit_hidden, multisuit_own),
    Case("zero-grid", 2, lambda s: s.reshuffles == 0, zero_grid_hidden, zero_grid_own),
]


def first_deal_positions(case: Case, seed: int) -> Iterable[Any]:
    """Every position of a random game while it is still in its first deal."""
    engine = find_game(case.slug)
    state = engine.new_game(players=case.players, seed=seed)
    rng = random.Random(seed)
    while not engine.is_over(state) and case.first_deal(state):
        yield state
        state = engine.apply(state, rng.choice(engine.legal_actions(state)))


@pytest.mark.parametrize("case", CASES, ids=repr)
def test_a_seat_sees_no_other_seats_hidden_cards(case: Case) -> None:
    engine = find_game(case.slug)
    checked = 0
    for seed in SEEDS:
        for state in first_deal_positions(case, seed):
            everything = engine.describe(state) + "\n" + "\n".join(engine.log(state))
            for seat in range(case.players):
                hidden = case.hidden(state, seat)
                seen = engine.describe(state, viewer=seat) + "\n" + "\n".join(engine.log(state, viewer=seat))
                leaked = sorted(n for n in hidden if _named(seen, n))
                assert not leaked, f"{case!r} seed {seed}: seat {seat} sees {leaked}\n{seen}"
                missing = sorted(n for n in hidden if not _named(everything, n))
                assert not missing, f"{case!r} seed {seed}: viewer=None does not show {missing}"
                own = sorted(n for n in case.own(state, seat) if not _named(engine.describe(state, viewer=seat), n))
                assert not own, f"{case!r} seed {seed}: seat {seat} does not see their own {own}"
                checked += bool(hidden)
    assert checked > 100, "too few positions with hidden cards were checked"


@pytest.mark.parametrize("case", CASES, ids=repr)
def test_every_viewer_reads_one_line_per_event(case: Case) -> None:
    """`play` shows new log lines by count, whoever is watching: the counts must agree."""
    engine = find_game(case.slug)
    for state in first_deal_positions(case, 1):
        lengths = {len(engine.log(state, viewer=v)) for v in [None, *range(case.players)]}
        assert len(lengths) == 1


# --- The Four Deuces: cards are suits only, so the check reads the opponent's lines -----


def test_four_deuces_hides_the_opponents_hand_and_reserve() -> None:
    """A player sees their own hand and reserve (they may look at it any time), and of
    the opponent's only how many cards there are; the log names no unplayed card."""
    from generator.games.four_deuces.notation import cards_text
    from generator.rules.base import card_count
    from generator.games.four_deuces.state import SEATS, SUITS

    engine = find_game("four-deuces")
    checked = 0
    for seed in SEEDS:
        state = engine.new_game(seed=seed)
        rng = random.Random(seed)
        while not engine.is_over(state):
            for viewer in (0, 1):
                other = 1 - viewer
                lines = engine.describe(state, viewer=viewer).splitlines()
                mine = lines[[i for i, line in enumerate(lines) if line.startswith(SEATS[viewer] + " —")][0] + 1]
                theirs = lines[[i for i, line in enumerate(lines) if line.startswith(SEATS[other] + " —")][0] + 1]
                assert not any(suit in theirs for suit in SUITS), theirs
                assert f"hand: {card_count(sum(state.hands[other]))}; reserve: {card_count(sum(state.reserves[other]))};" in theirs
                assert ", ".join(cards_text(state.hands[viewer])) in mine
                assert ", ".join(cards_text(state.reserves[viewer])) in mine
                assert engine.log(state, viewer=viewer) == engine.log(state)
                full = engine.describe(state).splitlines()
                designer = full[[i for i, line in enumerate(full) if line.startswith(SEATS[other] + " —")][0] + 1]
                assert ", ".join(cards_text(state.hands[other])) in designer
                assert ", ".join(cards_text(state.reserves[other])) in designer
                checked += any(state.hands[other])
            state = engine.apply(state, rng.choice(engine.legal_actions(state)))
    assert checked > 100


# --- a whole `pipworks play` run --------------------------------------------------------

runner = CliRunner()


#: `play` seats the game's usual number of players: four at Pip Trick.
PLAY_CASES = [c for c in CASES if (c.slug, c.players) != ("pip-trick", 3)]


@pytest.mark.parametrize("case", PLAY_CASES, ids=repr)
def test_play_never_shows_a_bots_hidden_cards(case: Case) -> None:
    """The person at seat 0 always answers 1. The test replays the same game (same seed,
    same bot dice) to know each position the person decided in; the text printed before
    each of those decisions names none of the bots' hidden cards there."""
    seed = 4
    result = runner.invoke(app, ["play", case.slug, "--seed", str(seed)], input="1\n" * 2000)
    assert result.exit_code == 0, result.output[-2000:]
    chunks = re.split(r"your move \([^)]*\):", result.output)
    engine = find_game(case.slug)
    state = engine.new_game(seed=seed)
    bots = random.Random(seed ^ 0xB07)
    decisions = []
    while not engine.is_over(state):
        actions = engine.legal_actions(state)
        if engine.to_move(state) == 0:
            decisions.append(state)
            state = engine.apply(state, actions[0])
        else:
            state = engine.apply(state, bots.choice(actions))
    assert len(chunks) == len(decisions) + 1
    checked = 0
    for number, (position, chunk) in enumerate(zip(decisions, chunks)):
        if not case.first_deal(position):
            break
        hidden = case.hidden(position, 0)
        everything = engine.describe(position) + "\n" + "\n".join(engine.log(position))
        assert all(_named(everything, n) for n in hidden)
        leaked = sorted(n for n in hidden if _named(chunk, n))
        assert not leaked, f"decision {number + 1}: the bots' {leaked} are on screen\n{chunk}"
        checked += bool(hidden)
    assert checked >= 3


@pytest.mark.parametrize("case", PLAY_CASES, ids=repr)
def test_hot_seat_shows_each_player_their_own_view(case: Case) -> None:
    """With --hot-seat the table and the log are shown as the player to move sees them:
    their own cards, and none of the other players' hidden cards."""
    seed = 2
    result = runner.invoke(app, ["play", case.slug, "--hot-seat", "--seed", str(seed)], input="1\n" * 6000)
    assert result.exit_code == 0, result.output[-2000:]
    chunks = re.split(r"your move \([^)]*\):", result.output)
    engine = find_game(case.slug)
    state = engine.new_game(seed=seed)
    movers = set()
    for number, chunk in enumerate(chunks):
        if engine.is_over(state) or not case.first_deal(state):
            break
        mover = engine.to_move(state)
        movers.add(mover)
        leaked = sorted(n for n in case.hidden(state, mover) if _named(chunk, n))
        assert not leaked, f"decision {number + 1}: seat {mover} sees {leaked}\n{chunk}"
        unseen = sorted(n for n in case.own(state, mover) if not _named(chunk, n))
        assert not unseen, f"decision {number + 1}: seat {mover} is not shown their own {unseen}\n{chunk}"
        state = engine.apply(state, engine.legal_actions(state)[0])
    assert movers == set(range(case.players))
