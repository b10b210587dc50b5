"""How Pip Trick reads to people: card text, the log built from the event records."""

from __future__ import annotations

from generator.games import find_game
from generator.games.pip_trick.notation import card_text, events, parse_card
from generator.games.pip_trick.state import CardPlayed, DieChanged, TrickRanked

GAME = find_game("pip-trick")


def test_card_text_is_rank_then_suit_and_parses_back() -> None:
    assert [card_text(c) for c in (0, 8, 12, 13, 38, 51)] == ["2♥", "10♥", "A♥", "2♦", "A♠", "A♣"]
    assert all(parse_card(card_text(c)) == c for c in range(52))
    assert parse_card("TD") == parse_card("10♦") == 21


def test_the_log_opens_with_the_round_the_position_is_in() -> None:
    out = GAME.run_example({"round": 3}, ["North plays A♥", "East plays 2♠", "South plays K♦", "West plays A♣"], [])
    assert out["log"][0] == "Round 3: spades are trump; West deals, North leads"


def test_events_are_named_records_replayed_from_the_actions() -> None:
    state = GAME.position({"round": 2}, ["North plays 2♦", "East plays A♥", "South plays K♠", "West plays 3♣"])
    for move in ("North plays 2♦", "East plays A♥", "South plays K♠", "West plays 3♣", "East raises die 2"):
        state = GAME.apply(state, GAME.parse_action(state, move))
    found = events(state)
    assert found[0] == CardPlayed(seat=0, card=parse_card("2♦"), down=False, lead=True)
    ranked = next(e for e in found if isinstance(e, TrickRanked))
    assert [seat for seat, _ in ranked.ranking] == [0, 1, 2, 3] and ranked.trump == 1
    assert found[-1] == DieChanged(seat=1, place=1, die=1, verb="raise", before=3, after=4)
    assert len(GAME.log(state)) == len(found) + 1  # one line per event after the round line
