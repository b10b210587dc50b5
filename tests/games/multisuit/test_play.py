"""Multisuit rules, one test per rule sentence that has an effect (seed 002).

Positions are written the way the worked examples write them (hands in card notation,
``A♠K♦10♣``), so each test reads like the rule it checks. The deck used for whole deals
is ``TEST_DECK`` (helpers), a valid deck of our own, so these tests do not depend on the
shipped deck's design.
"""

from __future__ import annotations

import pytest

from generator.games.multisuit.notation import parse_card, ranks_text
from generator.games.multisuit.play import deal_points as _deal_points
from generator.games.multisuit.state import check_deck as _check_deck
from generator.games.multisuit.state import partner, team_of
from generator.rules.base import IllegalAction, SetupError

from tests.games.multisuit.helpers import EW, GAME, NS, NUMBERS, TABLE, TEST_DECK, run

new_game = GAME.new_game


def deal_points(tricks: tuple[int, int]) -> tuple[int, int]:
    return _deal_points(NUMBERS, tricks)


def check_deck(deck: tuple) -> None:
    _check_deck(NUMBERS, TABLE.make_up, deck)


def card_text(values: tuple) -> str:
    """The text of a card with these rank values (as a deck file holds them)."""
    return ranks_text(NUMBERS, [NUMBERS.strength[v] if v else 0 for v in values])


def last_trick(hands: dict[str, list[str]], **extra) -> dict:
    """A position at the ninth trick: one card each, 8 tricks already split 4-4."""
    return {"hands": {k: [v] for k, v in hands.items()}, "tricks": {NS: 4, EW: 4}, **extra}


# --- setup ----------------------------------------------------------------------------


def test_place_the_markers_three_markers_give_three_possible_suits() -> None:
    """place-the-markers: a card ranked in all three suits can be led on any of three markers."""
    out = run(last_trick({"North": "A♠K♦10♣"}), [])
    assert out["legal"] == ["North leads A♠K♦10♣ on spades", "North leads A♠K♦10♣ on diamonds",
                            "North leads A♠K♦10♣ on clubs"]


def test_partnerships_partners_sit_opposite_and_score_together() -> None:
    """partnerships: North-South against East-West; partners are two seats apart."""
    assert [team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [partner(s) for s in range(4)] == [2, 3, 0, 1]
    out = run(last_trick({"North": "4♠4♦5♣", "East": "5♠5♦4♣", "South": "A♠9♦J♣", "West": "6♠7♦4♣"}),
              ["North leads 4♠4♦5♣ on spades", "East plays 5♠5♦4♣", "South plays A♠9♦J♣", "West plays 6♠7♦4♣"])
    assert out["trick_winner"] == "South" and out["deal_winner"] == NS


# --- the deck ---------------------------------------------------------------------------


def test_suits_and_ranks_run_from_4_up_to_ace() -> None:
    """suits-and-ranks: 10 < J < Q < K < A, and 4 is the lowest rank."""
    order = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    values = [parse_card(NUMBERS, f"{r}♠-♦-♣")[0] for r in order]
    assert values == sorted(values) and len(set(values)) == 11
    out = run(last_trick({"North": "10♠4♦4♣", "East": "J♠4♦4♣", "South": "4♠4♦4♣", "West": "9♠4♦4♣"}),
              ["North leads 10♠4♦4♣ on spades", "East plays J♠4♦4♣", "South plays 4♠4♦4♣", "West plays 9♠4♦4♣"])
    assert out["trick_winner"] == "East"


def test_ranks_on_a_card_hyphen_means_no_rank_in_that_suit() -> None:
    """ranks-on-a-card: a hyphen is no rank, so the card neither follows nor leads that suit."""
    assert parse_card(NUMBERS, "7♠-♦8♣") == (7, None, 8)
    assert card_text((7, None, 8)) == "7♠-♦8♣"
    out = run(last_trick({"North": "7♠-♦8♣"}), [])
    assert out["legal"] == ["North leads 7♠-♦8♣ on spades", "North leads 7♠-♦8♣ on clubs"]


def test_deck_make_up_is_checked() -> None:
    """deck-make-up: 36 cards with 2 aces, 4 kings, 1 queen and 4 jacks per suit."""
    check_deck(TEST_DECK)
    with pytest.raises(SetupError, match="spades has 3 × A"):
        check_deck(((99, (14, 4, 4)),) + TEST_DECK[1:])
    with pytest.raises(SetupError, match="35 cards"):
        check_deck(TEST_DECK[:35])
    with pytest.raises(SetupError, match="no rank in any suit"):
        check_deck(TEST_DECK[:35] + ((36, (None, None, None)),))
    with pytest.raises(SetupError):
        new_game(setup={"deck": TEST_DECK[:35]})


def test_deck_not_in_source_the_shipped_deck_is_a_valid_deck() -> None:
    """deck-not-in-source: the engine plays our own 36-card deck by default, and takes any valid deck."""
    state = new_game(seed=1)
    check_deck(state.table.deck)
    assert new_game(seed=1, setup={"deck": TEST_DECK}).table.deck == TEST_DECK


# --- a trick ----------------------------------------------------------------------------


def test_lead_card_must_have_a_rank_in_the_tricks_suit() -> None:
    """lead: the marker chosen is the trick's suit, and the lead card needs a rank in it."""
    with pytest.raises(IllegalAction, match="must have a rank in the trick's suit"):
        run(last_trick({"North": "7♠-♦8♣"}), ["North leads 7♠-♦8♣ on diamonds"])
    out = run(last_trick({"North": "7♠-♦8♣"}), ["North leads 7♠-♦8♣ on clubs"])
    assert out["trick_suit"] == "clubs" and out["best_so_far"] == "8"


def test_lead_is_free_the_leader_obeys_no_follow_restriction() -> None:
    """lead-is-free: holding an ace, the leader may still lead a low card on any marker."""
    position = {"hands": {"North": ["A♠A♦A♣", "4♠5♦6♣"]}, "tricks": {NS: 4, EW: 3}}
    out = run(position, [])
    assert "North leads 4♠5♦6♣ on clubs" in out["legal"]
    assert run(position, ["North leads 4♠5♦6♣ on clubs"])["best_so_far"] == "6"


def test_order_of_play_runs_clockwise_from_the_leader() -> None:
    """order-of-play: after the lead, the leader's left plays, then that player's left, then the last."""
    out = run(last_trick({"East": "A♠A♦A♣"}, leader="East"), ["East leads A♠A♦A♣ on spades"])
    assert out["to_move"] == "South"
    out = run(last_trick({"East": "A♠A♦A♣"}, leader="East"),
              ["East leads A♠A♦A♣ on spades", "South plays -♠-♦-♣", "West plays -♠-♦-♣"])
    assert out["to_move"] == "North"


def test_best_so_far_counts_the_lead_and_every_card_played() -> None:
    """best-so-far: the highest rank in the trick's suit among the cards played so far."""
    hands = {"North": "9♠4♦4♣", "East": "J♠4♦4♣", "South": "5♠4♦4♣"}
    out = run(last_trick(hands), ["North leads 9♠4♦4♣ on spades"])
    assert out["best_so_far"] == "9"
    out = run(last_trick(hands), ["North leads 9♠4♦4♣ on spades", "East plays J♠4♦4♣", "South plays 5♠4♦4♣"])
    assert out["best_so_far"] == "J"


def test_must_beat_or_equal_when_able() -> None:
    """must-beat-or-equal: a player holding a card that matches or beats the best so far must play one."""
    position = {"hands": {"North": ["Q♠4♦4♣", "4♠4♦4♣"], "East": ["K♠5♦5♣", "5♠5♦5♣"]}, "tricks": {NS: 4, EW: 3}}
    out = run(position, ["North leads Q♠4♦4♣ on spades"])
    assert out["playable"] == ["K♠5♦5♣"]
    with pytest.raises(IllegalAction, match="must-beat-or-equal"):
        run(position, ["North leads Q♠4♦4♣ on spades", "East plays 5♠5♦5♣"])


def test_equal_counts_as_beating() -> None:
    """equal-counts-as-beating: a card only equal to the best so far is forced too, and takes the trick."""
    position = {"hands": {"North": ["Q♠4♦4♣", "4♠4♦4♣"], "East": ["Q♠5♦5♣", "5♠5♦5♣"]}, "tricks": {NS: 4, EW: 3}}
    out = run(position, ["North leads Q♠4♦4♣ on spades"])
    assert out["playable"] == ["Q♠5♦5♣"]


def test_must_follow_with_a_rank_in_the_suit_when_unable_to_beat() -> None:
    """must-follow: unable to match, a player with any rank in the trick's suit must play such a card."""
    position = {"hands": {"North": ["A♠4♦4♣", "4♠4♦4♣"], "East": ["-♠A♦A♣", "5♠5♦5♣"]}, "tricks": {NS: 4, EW: 3}}
    out = run(position, ["North leads A♠4♦4♣ on spades"])
    assert out["playable"] == ["5♠5♦5♣"]
    with pytest.raises(IllegalAction, match="must-follow"):
        run(position, ["North leads A♠4♦4♣ on spades", "East plays -♠A♦A♣"])


def test_free_play_without_a_rank_in_the_suit() -> None:
    """free-play: with no card ranked in the trick's suit, any card may be played."""
    position = {"hands": {"North": ["A♠4♦4♣", "4♠4♦4♣"], "East": ["-♠A♦A♣", "-♠5♦5♣"]}, "tricks": {NS: 4, EW: 3}}
    out = run(position, ["North leads A♠4♦4♣ on spades"])
    assert out["playable"] == ["-♠A♦A♣", "-♠5♦5♣"]


def test_trick_winner_is_the_highest_rank_in_the_tricks_suit() -> None:
    """trick-winner: only ranks in the trick's suit count; high ranks in other suits do not."""
    out = run(last_trick({"North": "8♠4♦4♣", "East": "7♠A♦A♣", "South": "9♠4♦4♣", "West": "4♠A♦A♣"}),
              ["North leads 8♠4♦4♣ on spades", "East plays 7♠A♦A♣", "South plays 9♠4♦4♣", "West plays 4♠A♦A♣"])
    assert out["trick_winner"] == "South" and out["winning_card"] == "9♠4♦4♣"


def test_hyphen_cannot_win() -> None:
    """hyphen-cannot-win: a card without a rank in the trick's suit never wins it, even led low."""
    out = run(last_trick({"North": "4♠-♦4♣", "East": "-♠A♦A♣", "South": "-♠A♦K♣", "West": "-♠K♦A♣"}),
              ["North leads 4♠-♦4♣ on spades", "East plays -♠A♦A♣", "South plays -♠A♦K♣", "West plays -♠K♦A♣"])
    assert out["trick_winner"] == "North"


def test_tie_goes_to_the_later_card() -> None:
    """tie-to-later-card: of equal highest ranks, the one played last wins."""
    out = run(last_trick({"North": "K♠4♦4♣", "East": "K♠5♦5♣", "South": "4♠4♦5♣", "West": "K♠6♦6♣"}),
              ["North leads K♠4♦4♣ on spades", "East plays K♠5♦5♣", "South plays 4♠4♦5♣", "West plays K♠6♦6♣"])
    assert out["trick_winner"] == "West" and out["won_on_tie"] is True


def test_gather_the_trick_the_winners_team_takes_it_and_the_winner_leads_next() -> None:
    """gather-the-trick / first-lead: the trick goes to the winner's team, the winner leads the next."""
    position = {"hands": {"North": ["5♠4♦4♣", "4♠4♦5♣"], "East": ["K♠5♦5♣", "5♠5♦5♣"],
                          "South": ["4♠6♦4♣", "6♠4♦6♣"], "West": ["6♠6♦6♣", "7♠4♦4♣"]}, "tricks": {NS: 4, EW: 3}}
    out = run(position, ["North leads 5♠4♦4♣ on spades", "East plays K♠5♦5♣", "South plays 6♠4♦6♣",
                         "West plays 6♠6♦6♣"])
    assert out["tricks"] == {NS: 4, EW: 4} and out["to_move"] == "East" and out["trick"] == []
    assert out["trick_winner"] == "East" and out["playable"] == ["5♠5♦5♣"]


# --- a deal -----------------------------------------------------------------------------


def test_shuffle_and_deal_nine_cards_each_from_the_whole_deck() -> None:
    """shuffle-and-deal: the 36 cards are shuffled and every player gets 9."""
    state = new_game(seed=5, setup={"deck": TEST_DECK})
    assert [h.bit_count() for h in state.hands] == [9, 9, 9, 9]
    assert state.hands[0] | state.hands[1] | state.hands[2] | state.hands[3] == (1 << 36) - 1
    other = new_game(seed=6, setup={"deck": TEST_DECK})
    assert other.hands != state.hands


def test_dealing_order_one_card_at_a_time_from_the_dealers_left() -> None:
    """dealing-order: the top card goes to the dealer's left, then clockwise around."""
    order = [c[0] for c in TEST_DECK]
    state = new_game(setup={"deck": TEST_DECK, "dealer": "North", "deck_order": order})
    assert state.hands[1] & 1 and state.hands[2] & 2 and state.hands[3] & 4 and state.hands[0] & 8


def test_first_dealer_comes_from_the_seed_or_the_setup() -> None:
    """first-dealer: chosen at random from the seed unless given."""
    dealers = {new_game(seed=s, setup={"deck": TEST_DECK}).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert new_game(seed=1, setup={"deck": TEST_DECK, "dealer": "South"}).dealer == 2


EXCHANGE_HANDS = {
    "North": ["A♠9♦J♣", "K♠J♦A♣", "J♠K♦A♣", "K♠K♦J♣", "4♠6♦5♣", "5♠5♦4♣", "5♠4♦4♣", "4♠4♦5♣", "7♠-♦8♣"],
    "South": ["A♠10♦K♣", "J♠A♦Q♣", "J♠A♦J♣", "K♠Q♦9♣", "Q♠9♦K♣", "K♠J♦9♣", "9♠K♦J♣", "9♠J♦K♣", "10♠9♦K♣"],
}


def exchange_play(north: list[str], south: list[str]) -> list[str]:
    blank = "-♠-♦-♣"
    return ([f"North gives {c}" for c in north] + [f"East gives {blank}"] * 3
            + [f"South gives {c}" for c in south] + [f"West gives {blank}"] * 3)


def test_exchange_three_cards_go_to_partner() -> None:
    """exchange: each player sets three cards face down, then they go to the partner's hand."""
    out = run({"phase": "exchange", "hands": EXCHANGE_HANDS},
              exchange_play(["4♠6♦5♣", "5♠5♦4♣", "5♠4♦4♣"], ["A♠10♦K♣", "J♠A♦Q♣", "J♠A♦J♣"]))
    assert out["received"] == {"North": ["A♠10♦K♣", "J♠A♦Q♣", "J♠A♦J♣"], "South": ["4♠6♦5♣", "5♠5♦4♣", "5♠4♦4♣"]}
    assert "A♠10♦K♣" in out["hands"]["North"] and "4♠6♦5♣" not in out["hands"]["North"]
    assert out["phase"] == "tricks" and out["to_move"] == "North"


def test_exchange_is_simultaneous_received_cards_cannot_be_passed_on() -> None:
    """exchange-is-simultaneous: cards passed by North are not in South's hand while South chooses."""
    half = exchange_play(["4♠6♦5♣", "5♠5♦4♣", "5♠4♦4♣"], [])[:6]
    out = run({"phase": "exchange", "hands": EXCHANGE_HANDS}, half)
    assert out["to_move"] == "South" and out["playable"] == EXCHANGE_HANDS["South"]
    with pytest.raises(IllegalAction, match="does not hold"):
        run({"phase": "exchange", "hands": EXCHANGE_HANDS}, half + ["South gives 4♠6♦5♣"])
    done = exchange_play(["4♠6♦5♣", "5♠5♦4♣", "5♠4♦4♣"], ["A♠10♦K♣", "J♠A♦Q♣", "J♠A♦J♣"])
    state = new_game(seed=2, setup={"deck": TEST_DECK})
    for _ in range(12):
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    with pytest.raises(IllegalAction, match="exchange is over"):
        GAME.apply(state, ("give", next(c for c in range(36) if state.hands[state.to_move] >> c & 1)))
    assert run({"phase": "exchange", "hands": EXCHANGE_HANDS}, done)["phase"] == "tricks"


def test_first_lead_is_the_dealers_left() -> None:
    """first-lead: the player on the dealer's left leads the first trick."""
    for dealer in range(4):
        state = new_game(seed=3, setup={"deck": TEST_DECK, "dealer": dealer})
        for _ in range(12):
            state = GAME.apply(state, GAME.legal_actions(state)[-1])
        assert state.to_move == (dealer + 1) % 4 and all(a[0] == "lead" for a in GAME.legal_actions(state))


@pytest.mark.parametrize("tricks,points", [((5, 4), (1, 0)), ((4, 5), (0, 1)), ((6, 3), (2, 0)),
                                           ((9, 0), (5, 0)), ((2, 7), (0, 3))])
def test_deal_points_one_per_trick_over_four(tricks, points) -> None:
    """deal-points: the team with more tricks scores one point per trick beyond four."""
    assert deal_points(tricks) == points


def test_only_winners_score_and_a_deal_cannot_tie() -> None:
    """only-winners-score: the other team scores 0; nine tricks always give one team five."""
    for ns in range(10):
        scored = deal_points((ns, 9 - ns))
        assert min(scored) == 0 and max(scored) >= 1


def test_nine_tricks_empty_every_hand_and_end_the_deal() -> None:
    """first-lead: nine tricks are played until the hands are empty; a deal is 48 decisions."""
    import random

    state = new_game(seed=8, variants=("single-deal",), setup={"deck": TEST_DECK})
    rng = random.Random(8)
    decisions = 0
    while not GAME.is_over(state):
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        decisions += 1
    assert decisions == 12 + 36 and sum(state.tricks) == 9 and not any(state.hands)
    assert GAME.result(state).scores[0] == deal_points(state.tricks)[0]


# --- games and the rubber -----------------------------------------------------------------

NINTH = {"North": "A♠A♦A♣", "East": "4♠4♦4♣", "South": "5♠5♦5♣", "West": "6♠6♦6♣"}
NINTH_PLAY = ["North leads A♠A♦A♣ on spades", "East plays 4♠4♦4♣", "South plays 5♠5♦5♣", "West plays 6♠6♦6♣"]


def test_game_to_five_points() -> None:
    """game-to-five: points add up over deals; reaching five wins the game."""
    out = run(last_trick(NINTH, points={NS: 4, EW: 2}), NINTH_PLAY, ("one-game",))
    assert out["deal_points"] == {NS: 1, EW: 0} and out["game_winner"] == NS
    assert out["phase"] == "over" and out["winner"] == NS and out["score"] == {NS: 5, EW: 2}
    out = run(last_trick(NINTH, points={NS: 3, EW: 2}), NINTH_PLAY, ("one-game",))
    assert out["game_winner"] is None and out["score"] == {NS: 4, EW: 2} and out["phase"] == "exchange"


def test_game_ends_after_deal_and_points_return_to_zero() -> None:
    """game-ends-after-deal: passing five still wins; both teams restart from zero for the next game."""
    out = run({"hands": {k: [v] for k, v in NINTH.items()}, "tricks": {NS: 8, EW: 0}, "points": {NS: 3, EW: 4}},
              NINTH_PLAY, ())
    assert out["deal_points"] == {NS: 5, EW: 0} and out["game_winner"] == NS
    assert out["score"] == {NS: 0, EW: 0} and out["games"] == {NS: 1, EW: 0} and out["phase"] == "exchange"


def test_dealer_rotation_clockwise_after_each_deal() -> None:
    """dealer-rotation: the next deal is dealt by the player on the dealer's left."""
    out = run(last_trick(NINTH, dealer="South", leader="North"), NINTH_PLAY, ("one-game",))
    assert out["dealer"] == "West" and out["to_move"] == "North"


def test_dealer_after_a_game_keeps_rotating() -> None:
    """dealer-after-a-game: a new game does not restart the deal."""
    out = run(last_trick(NINTH, dealer="East", leader="North", points={NS: 4}), NINTH_PLAY, ())
    assert out["game_winner"] == NS and out["dealer"] == "South"


def test_rubber_winner_two_games() -> None:
    """rubber-winner: the first team to win two games wins the rubber."""
    out = run(last_trick(NINTH, points={NS: 4}, games={NS: 1, EW: 1}), NINTH_PLAY, ())
    assert out["winner"] == NS and out["phase"] == "over" and out["games"] == {NS: 2, EW: 1}
    out = run(last_trick(NINTH, points={NS: 4}, games={NS: 0, EW: 1}), NINTH_PLAY, ())
    assert out["winner"] is None and out["games"] == {NS: 1, EW: 1}


def test_variants_are_selectable_by_name_and_unknown_ones_refused() -> None:
    """play-a-rubber / one-game / single-deal: the rubber is the game; a single game or a
    single deal are shorter sessions, chosen by name; both at once are refused."""
    assert set(GAME.variants) == {"one-game", "single-deal"}
    assert new_game(seed=1).mode == "rubber", "the rubber is the game"
    assert new_game(seed=1, variants=("one-game",)).mode == "game"
    assert new_game(seed=1, variants=("single-deal",)).mode == "deal"
    with pytest.raises(SetupError, match="choose one of one-game and single-deal"):
        new_game(variants=("one-game", "single-deal"))
    with pytest.raises(SetupError, match="unknown Multisuit variant"):
        new_game(variants=("hardcore",))
    with pytest.raises(SetupError, match="exactly 4 players"):
        new_game(players=3)


# --- notation and errors -------------------------------------------------------------------


def test_notation_reads_and_writes_the_same_moves() -> None:
    """Actions round-trip through their text, and letters work when typing."""
    state = new_game(seed=9, setup={"deck": TEST_DECK})
    for action in GAME.legal_actions(state):
        assert GAME.parse_action(state, GAME.action_text(state, action)) == action
    assert parse_card(NUMBERS, "As Kd 10c") == parse_card(NUMBERS, "A♠K♦10♣") == (14, 13, 10)
    with pytest.raises(IllegalAction, match="no seat"):
        GAME.parse_action(state, "Nobody plays A♠K♦10♣")
    other = "North" if state.to_move != 0 else "East"
    with pytest.raises(IllegalAction, match="turn"):
        GAME.parse_action(state, f"{other} gives A♠K♦10♣")


def test_illegal_actions_say_why() -> None:
    """apply refuses wrong-phase, wrong-seat and unknown actions with a reason."""
    state = new_game(seed=9, setup={"deck": TEST_DECK})
    with pytest.raises(IllegalAction, match="exchange"):
        GAME.apply(state, ("play", 0))
    with pytest.raises(IllegalAction, match="not a Multisuit action"):
        GAME.apply(state, ("no-such-action", 999))
    held = next(c for c in range(36) if not state.hands[state.to_move] >> c & 1)
    with pytest.raises(IllegalAction, match="does not hold"):
        GAME.apply(state, ("give", held))


def test_position_errors_are_setup_errors() -> None:
    """A position the rules cannot start from is refused with a readable SetupError."""
    with pytest.raises(SetupError, match="holds 2 cards"):
        run({"hands": {"North": ["A♠A♦A♣", "4♠4♦4♣"]}}, [])
    with pytest.raises(SetupError, match="unknown position field"):
        run({"trump": "spades"}, [])
    with pytest.raises(SetupError, match="cannot read card"):
        run({"hands": {"North": ["Z♠"]}, "tricks": {NS: 4, EW: 4}}, [])


def test_log_tells_who_won_and_why() -> None:
    """The log names the lead, each follow restriction used, the winner and the score."""
    out = run(last_trick({"North": "K♠4♦4♣", "East": "K♠5♦5♣", "South": "4♠4♦5♣", "West": "-♠6♦6♣"}),
              ["North leads K♠4♦4♣ on spades", "East plays K♠5♦5♣", "South plays 4♠4♦5♣", "West plays -♠6♦6♣"])
    text = "\n".join(out["log"])
    assert "equals the best so far" in text and "follows spades with 4" in text
    assert "may play any card" in text and "later card" in text
    assert "East-West score 1 point" in text


def test_always_a_lead_every_card_can_be_led_somewhere() -> None:
    """always-a-lead: every card of a valid deck has a rank in some suit, so a leader is never stuck."""
    for deck in (TEST_DECK, new_game(seed=1).table.deck):
        check_deck(deck)
        assert all(any(r is not None for r in ranks) for _, ranks in deck)
    out = run({"hands": {"North": ["-♠-♦5♣"]}, "tricks": {NS: 4, EW: 4}}, [])
    assert out["legal"] == ["North leads -♠-♦5♣ on clubs"]
