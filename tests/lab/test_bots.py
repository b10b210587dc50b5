"""Every game's bots module, checked the same way (issue 15, deliverable 1).

A determinised state must be **legal** (it replays from its own start through the
engine's ``apply``, which refuses anything the rules forbid, to exactly itself; Zero
Grid, whose reshuffles come from seeds, instead holds every card exactly once and plays
on to the end), must **agree with everything the seat has seen** (the same
``describe`` and ``log`` for that seat: what `pipworks play` would show it), and must
**depend on nothing else** (two states the seat cannot tell apart determinise to the
same state). Bots never read hidden information: the heuristic and ISMCTS bots choose
the same move in two states the seat cannot tell apart.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterator

import pytest

from generator.games import find_game, find_spec
from generator.lab.bots import GameLab, win_shares
from generator.lab.tournament import game_lab, make_bot, play_game
from generator.rules.base import Result, oldest_first

GAMES = ["pip-trick", "dice-lanes", "multisuit", "four-deuces", "zero-grid"]
#: (game, variants, players) run through the determinisation checks
CASES = [("pip-trick", (), 4), ("pip-trick", ("middle-die-exempt",), 3), ("dice-lanes", (), 2),
         ("dice-lanes", ("extended-game",), 2), ("multisuit", (), 4), ("multisuit", ("one-game",), 4),
         ("four-deuces", (), 2), ("four-deuces", ("reshuffle-track",), 2), ("zero-grid", (), 2),
         ("zero-grid", ("solo-mode",), 1), ("zero-grid", ("hardcore",), 2)]


def positions(slug: str, variants: tuple[str, ...], players: int, seeds: range, count: int) -> Iterator[tuple[Any, int]]:
    """``count`` (state, seat) pairs spread along random games from ``seeds`` (each
    game's end among them), for a seat drawn at random."""
    engine = find_game(slug)
    for seed in seeds:
        state = engine.new_game(players=players, variants=variants, seed=seed)
        rng = random.Random(seed)
        found = []
        while not engine.is_over(state):
            found.append(state)
            state = engine.apply(state, rng.choice(engine.legal_actions(state)))
        found.append(state)
        share = max(1, count // len(seeds))
        for index in sorted(rng.sample(range(len(found)), min(share, len(found)))) + [len(found) - 1]:
            yield found[index], rng.randrange(players)


# --- each game's own way to replay a history ---------------------------------------------


def replay_actions(slug: str, state: Any) -> Any:
    """The game replayed from its own start and history, through ``apply``."""
    engine = find_game(slug)
    if slug == "pip-trick":
        start = state.start._replace(start=state.start) if state.start is not None else state
        actions = oldest_first(state.history)
    elif slug == "four-deuces":
        start = state.start or state
        actions = oldest_first(state.history)
    elif slug == "dice-lanes":
        from generator.games.dice_lanes.state import (
            Drawn, NothingToSwap, PowerUsed, Programmed, Setup, Swapped, new_game,
        )

        lanes = state.numbers.lanes
        first = oldest_first(state.events)[0]
        variants = ["extended-game"] if state.rounds == state.numbers.rounds.extended else []
        start = new_game(state.numbers, None, variants, 0,
                         Setup(start=first.start, decks=state.decks, dice=state.rolls[:lanes], rolls=state.rolls[lanes:]))
        actions = []
        for e in oldest_first(state.events):
            kind = type(e)
            if kind is Programmed:
                actions.append(("program", e.lane, e.card))
            elif kind is PowerUsed:
                actions.append((e.power, e.lane, e.card))
            elif kind is Swapped:
                actions.append(("swap", e.lane, e.card, e.other))
            elif kind is NothingToSwap:
                actions.append(("swap", e.lane, e.card))
            elif kind is Drawn:
                actions.append(("draw", e.lane, e.card))
    else:
        from generator.games.multisuit.state import Led, Played, SetAside, new_game as multisuit_game

        table = state.table
        first = oldest_first(state.events)[0]
        variants = {"rubber": [], "game": ["one-game"], "deal": ["single-deal"]}[state.mode]
        start = multisuit_game(table, 4, variants, 0,
                               {"dealer": first.dealer, "orders": [[table.ids[c] for c in o] for o in state.orders]})
        actions = []
        for e in oldest_first(state.events):
            if type(e) is SetAside:
                actions.append(("give", e.card))
            elif type(e) is Led:
                actions.append(("lead", e.card, e.suit))
            elif type(e) is Played:
                actions.append(("play", e.card))
    for action in actions:
        start = engine.apply(start, action)
    return start


def same_state(a: Any, b: Any) -> bool:
    """Equal states, their histories compared as lists: a Multisuit rubber's history is
    hundreds of events deep, too deep to compare as nested pairs."""
    history = "events" if "events" in a._fields else "history"
    return a._replace(**{history: None}) == b._replace(**{history: None}) and \
        oldest_first(getattr(a, history)) == oldest_first(getattr(b, history))


def zero_grid_is_whole(state: Any) -> bool:
    """Every card in exactly one place; each program holds its hand's cards."""
    cards = list(state.deck) + list(state.discard) + ([state.reveal] if state.reveal >= 0 else [])
    cards += [c for hand in state.hands for c in hand]
    programs_fit = all(sorted(p) == sorted(h) for p, h in zip(state.programs, state.hands))
    return sorted(cards) == list(range(52)) and programs_fit


# --- the checks ---------------------------------------------------------------------------


@pytest.mark.parametrize("slug,variants,players", CASES, ids=lambda v: str(v))
def test_a_determinised_state_is_legal_and_agrees_with_what_the_seat_saw(slug: str, variants: tuple[str, ...],
                                                                         players: int) -> None:
    engine = find_game(slug)
    bots = find_spec(slug).bots()
    checked = 0
    for state, seat in positions(slug, variants, players, range(6), 36):
        world = bots.determinise(state, seat, random.Random(checked))
        assert engine.describe(world, viewer=seat) == engine.describe(state, viewer=seat)
        assert engine.log(world, viewer=seat) == engine.log(state, viewer=seat)
        if slug == "zero-grid":
            assert zero_grid_is_whole(world)
            rng = random.Random(checked)
            while not engine.is_over(world):  # it plays on by the rules to the end
                world = engine.apply(world, rng.choice(engine.legal_actions(world)))
        else:
            assert same_state(replay_actions(slug, world), world)
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("slug,variants,players", CASES, ids=lambda v: str(v))
def test_a_determinisation_depends_only_on_what_the_seat_saw(slug: str, variants: tuple[str, ...], players: int) -> None:
    """Determinising a state the seat cannot tell from the real one gives the same state;
    and the unseen cards do get dealt again (the determinisations differ)."""
    bots = find_spec(slug).bots()
    dealt_again = 0
    checked = 0
    for state, seat in positions(slug, variants, players, range(6, 10), 24):
        other = bots.determinise(state, seat, random.Random(1000 + checked))
        assert bots.determinise(other, seat, random.Random(checked)) == bots.determinise(state, seat, random.Random(checked))
        dealt_again += other != bots.determinise(state, seat, random.Random(checked))
        checked += 1
    assert checked > 10 and dealt_again > checked // 2


@pytest.mark.parametrize("slug", GAMES)
def test_bots_choose_the_same_in_states_the_seat_cannot_tell_apart(slug: str) -> None:
    """The heuristic and ISMCTS bots read no hidden information: in a state and in a
    determinisation of it (same view for the seat, other hidden cards), they choose the
    same move from the same random stream."""
    lab = game_lab(slug)
    heuristic, search = make_bot("heuristic", lab), make_bot("ismcts:8", lab)
    players = len(lab.engine.result(lab.engine.new_game()).scores)
    checked = 0
    for state, _ in positions(slug, (), players, range(3), 18):
        if lab.engine.is_over(state):
            continue
        seat = lab.engine.to_move(state)
        twin = lab.bots.determinise(state, seat, random.Random(77))
        assert heuristic.choose(state, seat, random.Random(5)) == heuristic.choose(twin, seat, random.Random(5))
        if checked % 4 == 0:
            assert search.choose(state, seat, random.Random(5)) == search.choose(twin, seat, random.Random(5))
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("slug", GAMES)
def test_a_seat_sees_its_own_moves_in_full(slug: str) -> None:
    """The search keys a seat's own moves by the moves themselves, so the move it picks
    is one it can make; another player's hidden move is one key for all its cards."""
    lab = game_lab(slug)
    players = len(lab.engine.result(lab.engine.new_game()).scores)
    for state, _ in positions(slug, (), players, range(2), 20):
        if lab.engine.is_over(state):
            continue
        mover = lab.engine.to_move(state)
        actions = list(lab.engine.legal_actions(state))
        assert [lab.bots.observed(state, a, mover) for a in actions] == actions
        for seat in range(players):
            keys = {lab.bots.observed(state, a, seat) for a in actions}
            assert len(keys) <= len(actions)


@pytest.mark.parametrize("slug", GAMES)
def test_the_heuristic_beats_random_play(slug: str) -> None:
    """The quick player is a sensible one: in 40 games against random bots (its seat
    moving round the table) it wins at least a fifth more than a fair share. (The
    ladder, a benchmark run, measures the strength with intervals.)"""
    lab = game_lab(slug)
    players = len(lab.engine.result(lab.engine.new_game()).scores)
    team = lab.engine.team_size
    won = 0.0
    for game in range(40):
        sides = players // team
        seats = tuple("heuristic" if seat % sides == game % sides else "random" for seat in range(players))
        record = play_game(lab, seats, game, None, ())
        won += record.shares[seats.index("heuristic")]
    assert won / 40 > 1.2 * team / players, won


@pytest.mark.parametrize("slug", GAMES)
def test_rule_counts_name_rules_of_the_game(slug: str) -> None:
    """Every counted rule is a rule, clarification or variant id of game.yaml, and the
    counts of a played game are whole numbers, some of them not zero."""
    from generator.content.checks import rule_ids
    from generator.games import shipped_game

    lab = game_lab(slug)
    assert set(lab.bots.RULE_EVENTS) <= set(rule_ids(shipped_game(slug)))
    record = play_game(lab, ("heuristic",) * len(lab.engine.result(lab.engine.new_game()).scores), 3, None, ())
    assert all(isinstance(n, int) and n >= 0 for n in record.counts) and any(record.counts)


def test_victory_shares() -> None:
    """A sole winner takes 1; a partnership's players 1 each; two sharing first 0.5."""
    assert win_shares(Result((3.0, 1.0, 2.0), ((0,), (2,), (1,))), 1) == [1.0, 0.0, 0.0]
    assert win_shares(Result((5.0, 0.0, 5.0, 0.0), ((0, 2), (1, 3))), 2) == [1.0, 0.0, 1.0, 0.0]
    assert win_shares(Result((4.0, 4.0, 1.0), ((0, 1), (2,))), 1) == [0.5, 0.5, 0.0]


def test_a_search_is_the_same_for_the_same_seed() -> None:
    lab: GameLab = game_lab("dice-lanes")
    bot = make_bot("ismcts:30", lab)
    state = lab.engine.new_game(seed=4)
    seat = lab.engine.to_move(state)
    choose: Callable[[int], Any] = lambda k: bot.choose(state, seat, random.Random(k))  # noqa: E731
    assert choose(1) == choose(1)
    assert choose(1) in lab.engine.legal_actions(state)
