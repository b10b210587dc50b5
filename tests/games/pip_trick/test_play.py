"""Pip Trick rules, one test per rule sentence of the source, ruling and variant.

Positions are written the way worked examples are (players by seat name, cards as
A♠, dice numbered 1-4 on the mat), so each test reads like the rule it checks.
"""

from __future__ import annotations

import random

import pytest

from generator.games import find_game
from generator.games.pip_trick.play import change_pips
from generator.games.pip_trick.state import LOCK, PLAY, deal, hand_size
from generator.rules.base import IllegalAction, SetupError

GAME = find_game("pip-trick")

run = GAME.run_example


def play(state, *moves):
    for move in moves:
        state = GAME.apply(state, GAME.parse_action(state, move))
    return state


def legal(state) -> list[str]:
    return [GAME.action_text(state, a) for a in GAME.legal_actions(state)]


def random_game(seed: int, players: int = 4, variants=(), until=None):
    """Play random legal moves; yields every state (so tests can look at round starts)."""
    state = GAME.new_game(players, variants, seed)
    rng = random.Random(seed)
    yield state
    while not GAME.is_over(state):
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        yield state


# --- setup ---------------------------------------------------------------------------


def test_give_dice_every_player_starts_with_2_3_4_5() -> None:
    """give-dice: each player sets four dice to 2, 3, 4 and 5."""
    out = run({}, [], [])
    assert out["dice"] == {name: [2, 3, 4, 5] for name in ("North", "East", "South", "West")}
    assert all(v == [1, 2, 3, 4] for v in out["available"].values())


def test_choose_dealer_the_dealers_left_leads_the_first_trick() -> None:
    """choose-dealer: the player to the dealer's left leads the first trick."""
    for dealer in range(4):
        state = GAME.new_game(4, seed=1, setup={"dealer": dealer})
        assert GAME.to_move(state) == (dealer + 1) % 4
    assert {GAME.new_game(4, seed=s).dealer for s in range(40)} == {0, 1, 2, 3}


@pytest.mark.parametrize("players", [3, 4])
def test_deal_shares_the_whole_deck_13_or_17_each(players: int) -> None:
    """deal: 13 cards each with four players, 17 each with three, undealt cards aside."""
    state = GAME.new_game(players, seed=4)
    sizes = [bin(h).count("1") for h in state.hands]
    assert sizes == [hand_size(players)] * players == [{4: 13, 3: 17}[players]] * players
    everything = 0
    for hand in state.hands:
        assert everything & hand == 0
        everything |= hand
    assert bin(state.set_aside).count("1") == {4: 0, 3: 1}[players]
    assert everything | state.set_aside == (1 << 52) - 1


def test_three_player_leftover_is_the_52nd_card_out_of_play() -> None:
    """three-player-leftover (RULINGS 5): 17 each, the last card of the deck is set aside."""
    deck = list(range(52))
    hands, aside = deal(deck, 3, dealer=0)
    assert aside == 1 << 51
    assert [bin(h).count("1") for h in hands] == [17, 17, 17]


# --- rounds and trump ----------------------------------------------------------------


def round_starts(seed: int, players: int = 4):
    starts = []
    for state in random_game(seed, players):
        if state.phase == PLAY and not state.trick and (not starts or starts[-1].round != state.round):
            starts.append(state)
    return starts


def test_rounds_and_trump_the_game_lasts_four_rounds() -> None:
    """rounds-and-trump: the game lasts four rounds, then it is over."""
    starts = round_starts(2)
    assert [s.round for s in starts] == [0, 1, 2, 3]


def test_trump_order_hearts_diamonds_spades_clubs() -> None:
    """trump-order: each suit is trump once, hearts, diamonds, spades, clubs."""
    trumps = [run({"round": r}, [], [])["trump"] for r in (1, 2, 3, 4)]
    assert trumps == ["hearts", "diamonds", "spades", "clubs"]


def test_trump_outranks_a_low_trump_beats_an_ace() -> None:
    """trump-outranks / trump-beats-plain: trump cards outrank all non-trump cards."""
    out = run({"round": 3}, ["North plays A♥", "East plays 2♠", "South plays K♦", "West plays A♣"], [])
    assert out["ranking"] == ["East", "West", "North", "South"]


def test_dealer_passes_clockwise_and_the_new_dealers_left_leads() -> None:
    """dealer-passes / first-lead-each-round: the deal moves clockwise each round and
    the new dealer's left-hand neighbour leads the first trick."""
    starts = round_starts(9)
    first = starts[0].dealer
    assert [s.dealer for s in starts] == [(first + r) % 4 for r in range(4)]
    assert [GAME.to_move(s) for s in starts] == [(first + r + 1) % 4 for r in range(4)]


def test_fresh_deal_each_round_from_that_rounds_deck() -> None:
    """fresh-deal-each-round: every round all 52 cards are dealt again."""
    for players in (3, 4):
        for s in round_starts(5, players):
            assert deal(s.decks[s.round], players, s.dealer)[0] == s.hands
            assert sum(bin(h).count("1") for h in s.hands) == (52 if players == 4 else 51)


# --- playing a trick ------------------------------------------------------------------


def test_lead_any_card_face_up() -> None:
    """lead: the leader plays any card face up."""
    state = GAME.position({"hands": {"North": ["2♥", "A♠", "7♣"], "East": ["3♥", "4♥", "5♥"],
                                     "South": ["6♥", "7♥", "8♥"], "West": ["9♥", "10♥", "J♥"]}})
    assert legal(state) == ["North plays 2♥", "North plays A♠", "North plays 7♣"]
    with pytest.raises(IllegalAction, match="face up"):
        play(state, "North plays 2♥ face down")


def test_new_suit_rule_each_follower_needs_a_suit_not_yet_shown() -> None:
    """new-suit-rule: each other player must play a suit not yet played face up."""
    hands = {"North": ["2♥"], "East": ["3♥", "4♠", "5♦"], "South": ["6♥", "7♠", "8♦"], "West": ["9♥"]}
    hands["North"] += ["A♥", "K♥"]
    hands["West"] += ["Q♥", "J♣"]
    state = GAME.position({"hands": hands})
    state = play(state, "North plays 2♥")
    assert legal(state) == ["East plays 5♦", "East plays 4♠"]
    with pytest.raises(IllegalAction, match="already been played|already played"):
        play(state, "East plays 3♥")
    state = play(state, "East plays 4♠")
    assert legal(state) == ["South plays 8♦"]


def test_no_legal_suit_play_any_card_face_down() -> None:
    """no-legal-suit: with no card of an unplayed suit, play any card face down."""
    state = GAME.position({"hands": {"North": ["2♥", "3♣"], "East": ["4♥", "5♥"],
                                     "South": ["6♦", "7♦"], "West": ["8♠", "9♠"]}})
    state = play(state, "North plays 2♥")
    assert legal(state) == ["East plays 4♥ face down", "East plays 5♥ face down"]
    with pytest.raises(IllegalAction, match="face down"):
        play(state, "East plays 4♥")


def test_face_down_only_when_stuck() -> None:
    """face-down-only-when-stuck: holding a new suit, a face-down card is refused."""
    hands = {"North": ["2♥", "3♥"], "East": ["4♥", "5♠"], "South": ["6♦", "7♦"], "West": ["8♠", "9♠"]}
    state = play(GAME.position({"hands": hands}), "North plays 2♥")
    with pytest.raises(IllegalAction, match="must play it face up"):
        play(state, "East plays 4♥ face down")


def test_face_down_cards_have_no_rank_and_rank_below_face_up() -> None:
    """face-down-cards: a face-down ace (even a trump) ranks below a face-up two."""
    out = run({"hands": {"North": ["2♣"], "East": ["A♣"], "South": ["3♦"], "West": ["4♠"]}},
              ["North plays 2♣", "East plays A♣ face down", "South plays 3♦", "West plays 4♠"], [])
    assert out["ranking"] == ["West", "South", "North", "East"]
    out = run({"hands": {"North": ["2♣"], "East": ["A♥"], "South": ["3♦"], "West": ["4♠"]}},
              ["North plays 2♣", "East plays A♥", "South plays 3♦", "West plays 4♠"], [])
    assert out["trick_winner"] == "East"  # the same ace face up is a trump and wins


def test_one_trump_per_trick_once_shown_it_cannot_follow_face_up() -> None:
    """one-trump-per-trick: after a face-up trump, no other trump may be played face up."""
    state = GAME.position({"hands": {"North": ["2♥", "3♥"], "East": ["A♥", "K♠"], "South": ["Q♦", "4♦"],
                                     "West": ["J♣", "5♣"]}})
    state = play(state, "North plays 2♥")
    assert "East plays A♥" not in legal(state)


# --- ranking the trick ---------------------------------------------------------------


def test_highest_rank_wins_regardless_of_suit() -> None:
    """highest-rank: without trump the highest rank wins whatever its suit; ace high."""
    out = run({"round": 4}, ["North plays Q♠", "East plays K♦", "South plays A♥", "West plays 2♣"], [])
    assert out["ranking"] == ["West", "South", "East", "North"]  # the 2♣ is trump in round 4
    out = run({"round": 1}, ["North plays Q♠", "East plays K♦", "South plays 2♣", "West plays A♥"], [])
    assert out["ranking"] == ["West", "East", "North", "South"]


def test_equal_rank_later_card_ranks_higher() -> None:
    """equal-rank-later: of two cards of the same rank, the later one ranks higher."""
    out = run({}, ["North plays 9♠", "East plays 9♦", "South plays 9♣", "West plays 3♥"], [])
    assert out["ranking"] == ["West", "South", "East", "North"]


def test_face_down_order_later_face_down_card_ranks_higher() -> None:
    """face-down-order: between face-down cards the later-played one ranks higher."""
    hands = {"North": ["5♠"], "East": ["6♠"], "South": ["K♠"], "West": ["A♠"]}
    out = run({"hands": hands}, ["North plays 5♠", "East plays 6♠ face down", "South plays K♠ face down",
                                 "West plays A♠ face down"], [])
    assert out["ranking"] == ["North", "West", "South", "East"]
    assert out["face_down"] == ["West", "South", "East"]


def test_trick_winner_leads_the_next_trick() -> None:
    """trick-winner-leads: the player ranked first wins the trick and leads next."""
    hands = {"North": ["2♠", "3♠"], "East": ["4♦", "5♦"], "South": ["K♣", "6♣"], "West": ["7♥", "8♥"]}
    trick = ["North plays 2♠", "East plays 4♦", "South plays K♣", "West plays 7♥"]
    out = run({"round": 2, "hands": hands}, trick, [])
    assert out["trick_winner"] == "East" and out["leader"] == "East"
    assert out["tricks_won"]["East"] == 1


# --- the middle ------------------------------------------------------------------------


def test_middle_four_players_second_and_third_place_change_a_die() -> None:
    """middle-four-players: 2nd and 3rd place each change one die; 1st and 4th do not."""
    hands = {"North": ["2♦", "7♦"], "East": ["A♥", "7♥"], "South": ["K♠", "7♠"], "West": ["3♣", "7♣"]}
    trick = ["North plays 2♦", "East plays A♥", "South plays K♠", "West plays 3♣"]
    out = run({"round": 2, "hands": hands}, trick + ["East raises die 2", "South flips die 2"], [])
    assert out["ranking"] == ["North", "East", "South", "West"]
    assert out["dice"]["East"] == [2, 4, 4, 5] and out["dice"]["South"] == [2, 4, 4, 5]
    assert out["dice"]["North"] == out["dice"]["West"] == [2, 3, 4, 5]
    assert out["to_move"] == "North" and out["phase"] == "play a card"


def test_middle_order_second_place_acts_before_third() -> None:
    """middle-order: 2nd place chooses first, then 3rd."""
    state = GAME.position({"round": 2}, ["North plays 2♦", "East plays A♥", "South plays K♠", "West plays 3♣"])
    state = play(state, "North plays 2♦", "East plays A♥", "South plays K♠", "West plays 3♣")
    assert GAME.to_move(state) == 1
    with pytest.raises(IllegalAction, match="East's turn"):
        play(state, "South flips die 2")


def test_middle_three_players_only_second_place_changes_a_die() -> None:
    """middle-three-players: with three players only 2nd place changes a die."""
    hands = {"North": ["5♠", "2♣"], "East": ["9♦", "2♦"], "South": ["7♥", "2♠"]}
    trick = ["North plays 5♠", "East plays 9♦", "South plays 7♥"]
    out = run({"players": 3, "round": 2, "hands": hands}, trick, [])
    assert out["ranking"] == ["East", "South", "North"] and out["middle"] == ["South"]
    assert out["legal"] == [f"South raises die {d}" for d in (2, 3, 4)]  # die 1 locked in round 2
    out = run({"players": 3, "round": 2, "hands": hands},
              ["North plays 5♠", "East plays 9♦", "South plays 7♥", "South raises die 2"], [])
    assert out["to_move"] == "East" and out["dice"]["South"] == [2, 4, 4, 5]
    assert out["dice"]["North"] == [2, 3, 4, 5]  # last place changes nothing


def test_face_down_in_the_middle_changes_nothing() -> None:
    """face-down-in-the-middle (RULINGS 4): a face-down middle card manipulates no die."""
    hands = {"North": ["A♠"], "East": ["5♠"], "South": ["K♦"], "West": ["2♥"]}
    trick = ["North plays A♠", "East plays 5♠ face down", "South plays K♦", "West plays 2♥"]
    out = run({"hands": hands}, trick, [])
    assert out["ranking"] == ["West", "North", "South", "East"]
    hands = {"North": ["A♠"], "East": ["5♠"], "South": ["4♠"], "West": ["2♥"]}
    out = run({"hands": hands}, ["North plays A♠", "East plays 5♠ face down", "South plays 4♠ face down",
                                 "West plays 2♥"], [])
    assert out["middle"] == ["North", "South"] and out["face_down"] == ["South", "East"]
    assert out["to_move"] == "North"  # North's spade is 2nd and acts; South's face-down 3rd does nothing
    assert out["legal"] == ["North flips die 1", "North flips die 2", "North flips die 3", "North flips die 4"]


# --- suit powers ------------------------------------------------------------------------


SYMBOL = {"♥": 0, "♦": 1, "♠": 2, "♣": 3}
SUIT_SYMBOLS = "♥♦♠♣"


def second_place(suit_card: str, dice=None, used=None, variants=(), round=None):
    """East finishes 2nd with ``suit_card``: West wins with the ace of trump, South is 3rd
    and North 4th with low cards of the other suits. Every player keeps one more card so
    the round goes on. Hearts is trump in round 1 (a heart would win), so a heart is
    shown in round 2 unless ``round`` says otherwise; in round 2 everyone's die 4 is locked.
    """
    suit = SYMBOL[suit_card[-1]]
    rnd = round or (2 if suit == 0 else 1)
    trump_symbol = SUIT_SYMBOLS[rnd - 1]
    south, north = [x for x in SUIT_SYMBOLS if x not in (suit_card[-1], trump_symbol)]
    hands = {"North": ["2" + north, "8♥"], "East": [suit_card, "8♦"], "South": ["3" + south, "8♠"],
             "West": ["A" + trump_symbol, "8♣"]}
    pos = {"round": rnd, "hands": hands}
    if rnd == 2:
        pos["locked"] = {name: [4] for name in hands}
    if dice:
        pos["dice"] = {"East": dice}
    if used:
        pos["used"] = {"East": used}
    state = GAME.position(pos, [], variants)
    return play(state, f"North plays 2{north}", f"East plays {suit_card}", f"South plays 3{south}",
                f"West plays A{trump_symbol}")


def test_hearts_increase_raises_one_die_by_one() -> None:
    """hearts-increase: increase one available die by 1."""
    state = play(second_place("K♥"), "East raises die 2")
    assert GAME.outcomes(state)["dice"]["East"] == [2, 4, 4, 5]


def test_change_at_the_limit_hearts_on_a_6_stays_and_is_used() -> None:
    """change-at-the-limit (RULINGS 2): a 6 may be chosen for hearts; it stays and is used."""
    state = second_place("K♥", dice=[6, 3, 4, 5])
    assert "East raises die 1" in legal(state)
    out = GAME.outcomes(play(state, "East raises die 1"))
    assert out["dice"]["East"] == [6, 3, 4, 5] and out["used"]["East"] == [1]
    state = second_place("K♦", dice=[1, 3, 4, 5])
    out = GAME.outcomes(play(state, "East lowers die 1"))
    assert out["dice"]["East"] == [1, 3, 4, 5] and out["used"]["East"] == [1]


def test_middle_die_exempt_variant_a_6_cannot_be_chosen_for_hearts() -> None:
    """middle-die-exempt: a 6 is not offered for hearts (nor a 1 for diamonds); with no
    such die the player does nothing."""
    state = second_place("K♥", dice=[6, 3, 4, 5], variants=("middle-die-exempt",))
    assert legal(state) == ["East raises die 2", "East raises die 3"]  # die 4 is locked in round 2
    state = second_place("K♦", dice=[1, 1, 4, 5], used=[3, 4], variants=("middle-die-exempt",))
    assert GAME.to_move(state) == 2  # East is exempt; South (3rd, spades) acts next
    assert GAME.outcomes(state)["dice"]["East"] == [1, 1, 4, 5]


def test_diamonds_decrease_lowers_one_die_by_one() -> None:
    """diamonds-decrease: decrease one available die by 1, minimum 1."""
    out = GAME.outcomes(play(second_place("K♦"), "East lowers die 4"))
    assert out["dice"]["East"] == [2, 3, 4, 4]


@pytest.mark.parametrize("before,after", [(1, 6), (6, 1), (2, 5), (5, 2), (3, 4), (4, 3)])
def test_spades_flip_turns_a_die_to_its_opposite_face(before: int, after: int) -> None:
    """spades-flip: 1↔6, 2↔5, 3↔4."""
    assert change_pips("flip", before) == after
    out = GAME.outcomes(play(second_place("K♠", dice=[before, 3, 4, 5]), "East flips die 1"))
    assert out["dice"]["East"][0] == after


def test_pip_limits_of_raise_and_lower() -> None:
    """hearts-increase / diamonds-decrease: never above 6, never below 1."""
    assert [change_pips("raise", v) for v in range(1, 7)] == [2, 3, 4, 5, 6, 6]
    assert [change_pips("lower", v) for v in range(1, 7)] == [1, 1, 2, 3, 4, 5]


def test_clubs_swap_trades_an_available_die_for_a_used_one() -> None:
    """clubs-swap: the used die becomes available, the chosen available die used; no
    pips change."""
    state = second_place("K♣", used=[2])
    assert legal(state) == ["East swaps die 1 with die 2", "East swaps die 3 with die 2",
                            "East swaps die 4 with die 2", "East takes no die action"]
    out = GAME.outcomes(play(state, "East swaps die 4 with die 2"))
    assert out["used"]["East"] == [4] and out["available"]["East"] == [1, 2, 3]
    assert out["dice"]["East"] == [2, 3, 4, 5]


def test_clubs_may_pass_but_other_suits_must_act() -> None:
    """clubs-may-pass (RULINGS 3): only clubs may take no die action."""
    out = GAME.outcomes(play(second_place("K♣", used=[2]), "East takes no die action"))
    assert out["used"]["East"] == [2]
    for card in ("K♥", "K♦", "K♠"):
        assert "East takes no die action" not in legal(second_place(card))


def test_clubs_with_no_used_die_does_nothing() -> None:
    """clubs-may-pass (RULINGS 3): a swap needs a used die; with none clubs does nothing."""
    state = second_place("K♣")
    assert GAME.to_move(state) == 2  # South (3rd, diamonds) acts; East is skipped
    assert any("clubs but no used die" in line for line in GAME.log(state))


def test_whose_dice_a_player_changes_only_their_own() -> None:
    """whose-dice (RULINGS 1): the die changed is the acting player's own; cycles are per player."""
    state = second_place("K♥", used=[1])
    out = GAME.outcomes(play(state, "East raises die 2"))
    assert out["used"] == {"North": [], "East": [1, 2], "South": [], "West": []}
    assert out["dice"]["North"] == out["dice"]["South"] == [2, 3, 4, 5]


# --- using dice --------------------------------------------------------------------------


def test_used_dice_cannot_be_chosen_again_in_the_cycle() -> None:
    """used-dice: a manipulated die is set aside and cannot be manipulated again."""
    state = second_place("K♠", used=[1, 3])
    assert legal(state) == ["East flips die 2", "East flips die 4"]
    with pytest.raises(IllegalAction):
        play(state, "East flips die 1")


def test_new_cycle_when_all_active_dice_are_used() -> None:
    """new-cycle / cycle-resets-at-once: using the last active die makes all available."""
    state = second_place("K♠", used=[1, 2, 3])
    out = GAME.outcomes(play(state, "East flips die 4"))
    assert out["dice"]["East"] == [2, 3, 4, 2]
    assert out["used"]["East"] == [] and out["available"]["East"] == [1, 2, 3, 4]


def test_cycle_in_round_four_the_single_die_is_always_available() -> None:
    """cycle-resets-at-once: with one active die it is available again at once."""
    state = second_place("K♥", round=4, dice=[2, 3, 4, 5])
    assert legal(state) == ["East raises die 4"]
    out = GAME.outcomes(play(state, "East raises die 4"))
    assert out["available"]["East"] == [4] and out["locked"]["East"] == [1, 2, 3]


def test_locked_dice_cannot_be_changed_or_swapped() -> None:
    """locked-dice: a locked die cannot be manipulated nor swapped with clubs."""
    state = second_place("K♥", round=3, used=[3])
    assert legal(state) == ["East raises die 4"]
    state = second_place("K♣", round=3, used=[3])
    assert legal(state) == ["East swaps die 4 with die 3", "East takes no die action"]


# --- end of round, end of game ---------------------------------------------------------


def last_trick(round_: int, **position):
    """Everyone holds one card: after this trick the round is over."""
    hands = {"North": ["2♠"], "East": ["3♠"], "South": ["4♠"], "West": ["5♠"]}
    pos = {"round": round_, "hands": hands, **position}
    state = GAME.position(pos)
    return play(state, "North plays 2♠", "East plays 3♠ face down", "South plays 4♠ face down",
                "West plays 5♠ face down")


def test_end_of_round_each_player_locks_one_active_die() -> None:
    """end-of-round / lock-a-die: after all cards are played each player locks one die."""
    state = last_trick(1)
    assert state.phase == LOCK
    assert legal(state) == [f"North locks die {d}" for d in (1, 2, 3, 4)]


def test_locking_order_starts_at_the_dealers_left_and_each_locks_their_own() -> None:
    """locking-order (RULINGS 6): each player locks one of their own dice; we ask from the
    dealer's left (the order cannot matter)."""
    state = play(last_trick(1), "North locks die 3", "East locks die 4", "South locks die 1", "West locks die 2")
    out = GAME.outcomes(state)
    assert out["locked"] == {"North": [3], "East": [4], "South": [1], "West": [2]}
    assert out["scoring_dice"] == {"North": [4], "East": [5], "South": [2], "West": [3]}


def test_lock_a_used_die() -> None:
    """lock-a-used-die: a die in the used area is still active and may be locked."""
    state = last_trick(1, used={"North": [2, 3]})
    assert "North locks die 2" in legal(state)


def test_carry_over_pips_keep_and_used_dice_become_available() -> None:
    """carry-over / active-dice-by-round: next round keeps pips, resets used, one die fewer."""
    state = last_trick(1, dice={"East": [6, 1, 2, 3]}, used={"East": [1, 2]})
    state = play(state, "North locks die 1", "East locks die 3", "South locks die 1", "West locks die 1")
    out = GAME.outcomes(state)
    assert out["round"] == 2 and out["trump"] == "diamonds"
    assert out["dice"]["East"] == [6, 1, 2, 3]
    assert out["available"]["East"] == [1, 2, 4] and out["used"]["East"] == []
    assert out["active_dice"] == {"North": 3, "East": 3, "South": 3, "West": 3}
    assert out["dealer"] == "North" and out["to_move"] == "East"  # West dealt round 1


def test_active_dice_by_round_are_4_3_2_1() -> None:
    """active-dice-by-round: 4, 3, 2, 1 active dice in rounds 1 to 4."""
    for players in (3, 4):
        starts = round_starts(12, players)
        counts = [sum(st != 2 for st in s.status[:4]) for s in starts]
        assert counts == [4, 3, 2, 1]


def test_final_score_is_the_sum_of_four_locked_dice() -> None:
    """end-of-game / final-score: after round 4 everyone has four locked dice; highest total wins."""
    state = last_trick(4, dice={"North": [6, 6, 6, 1], "East": [5, 5, 5, 5], "South": [1, 1, 1, 1]})
    state = play(state, *(f"{p} locks die 4" for p in ("North", "East", "South", "West")))
    res = GAME.result(state)
    assert GAME.is_over(state)
    assert res.scores == (19.0, 20.0, 4.0, 14.0) and res.winners == (1,)


def test_ties_most_sixes_then_fives() -> None:
    """ties: equal totals compare 6s, then 5s, 4s, ... 1s."""
    dice = {"North": [6, 2, 2, 4], "East": [5, 5, 3, 1], "South": [6, 1, 4, 3], "West": [5, 5, 2, 2]}
    state = last_trick(4, dice=dice)
    out = GAME.outcomes(play(state, *(f"{p} locks die 4" for p in ("North", "East", "South", "West"))))
    assert out["score"] == {"North": 14, "East": 14, "South": 14, "West": 14}
    # North and South have one 6 (and no 5, one 4); South's 3 breaks that tie.
    # East and West have two 5s (no 4); East's 3 breaks theirs.
    assert out["final_ranking"] == [["South"], ["North"], ["East"], ["West"]]


def test_ties_still_equal_share_the_victory() -> None:
    """ties: players equal after comparing every pip share the victory."""
    dice = {"North": [6, 2, 3, 4], "East": [4, 3, 2, 6], "South": [1, 1, 1, 1], "West": [5, 5, 3, 1]}
    state = last_trick(4, dice=dice)
    out = GAME.outcomes(play(state, *(f"{p} locks die 4" for p in ("North", "East", "South", "West"))))
    assert out["winner"] == ["North", "East"]
    assert out["final_ranking"] == [["North", "East"], ["West"], ["South"]]


# --- variants and setup errors ------------------------------------------------------------


def test_easier_start_variant_four_dice_on_4() -> None:
    """easier-start: each player begins with four dice showing 4; nothing else changes."""
    state = GAME.new_game(4, ("easier-start",), seed=3)
    assert state.dice == (4,) * 16
    assert GAME.new_game(4, (), seed=3).hands == state.hands


def test_unknown_variant_and_bad_position_are_refused() -> None:
    """Bad configurations say what is wrong instead of guessing."""
    with pytest.raises(SetupError, match="unknown Pip Trick variant"):
        GAME.new_game(4, ("no-such-variant",))
    with pytest.raises(SetupError, match="3 or 4 players"):
        GAME.new_game(5)
    with pytest.raises(SetupError, match="hands of North 2, East 1, South 0, West 0 cards"):
        GAME.run_example({"hands": {"North": ["2♠", "3♠"]}}, ["East plays 4♠"], [])
    with pytest.raises(SetupError, match="round 2 has diamonds"):
        GAME.position({"round": 2, "trump": "hearts"})


def test_setup_fixes_the_deal_the_dice_and_the_first_lead() -> None:
    """Chance is explicit: setup can give the hands, deck orders, dice and the first leader."""
    hands = [list(range(13 * s, 13 * s + 13)) for s in range(4)]
    state = GAME.new_game(4, seed=1, setup={"hands": hands, "leader": 2, "dice": [6, 5, 4, 3]})
    assert GAME.to_move(state) == 2 and state.dealer == 1
    assert state.hands[0] == (1 << 13) - 1 and state.dice == (6, 5, 4, 3) * 4
    deck = list(range(51, -1, -1))
    three = GAME.new_game(3, seed=1, setup={"decks": [deck], "dealer": 0})
    assert three.set_aside == 1 << 0  # the 52nd card dealt is set aside
    with pytest.raises(SetupError, match="13 cards each"):
        GAME.new_game(4, setup={"hands": [[0, 1]] * 4})
    with pytest.raises(SetupError, match="unknown setup key"):
        GAME.new_game(4, setup={"trump": "clubs"})
