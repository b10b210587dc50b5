"""The Four Deuces engine, one test per rule sentence with an effect, per ruling and per
variant; each docstring cites the rule id of content/four-deuces/game.yaml."""

from __future__ import annotations

import pytest

from generator.games import find_game
from generator.games.four_deuces import state as fd
from generator.games.four_deuces.examples import outcome
from generator.games.four_deuces.examples import position_state as _position_state
from generator.games.four_deuces.play import events
from generator.rules.base import IllegalAction, SetupError, play_lines

GAME = find_game("four-deuces")


def position_state(position, variants):
    return _position_state(GAME.numbers, position, variants)


def run_example(position, play, variants):
    """Play ``play`` from ``position`` like a worked example, but without checking that
    a real game can reach the position: each test isolates one rule (North leads the
    first trick here whatever the pips), and the position check has tests of its own
    (test_positions.py)."""
    state = position_state(position, variants)
    start = len(events(state))
    state = play_lines(state, play, GAME.parse_action, GAME.apply)
    every = events(state)
    return outcome(state, every[start:], every)


TRACK = ["Murder", "Gambling", "Prostitution", "Bootlegging"]
ALL_SUITS = ["Bootlegging", "Gambling", "Prostitution", "Murder"]


def last_trick(hands, dice, play, **extra):
    """Trick 7 of a 3–3 round (the last cards and dice), then ``play``."""
    position = {"track": TRACK, "hands": hands, "dice": dice, "tricks_won": {"North": 3, "South": 3}, **extra}
    return run_example(position, play, extra.pop("variants", ()))


def early(hands=None, dice=None, play=(), variants=(), **extra):
    """Trick 1 of round 1 with full hands and dice (North leads, North is Al Capone)."""
    position = {
        "track": TRACK,
        "hands": hands or {"North": ["Murder", "Murder", "Gambling", "Bootlegging"],
                           "South": ["Murder", "Gambling", "Gambling", "Prostitution"]},
        "dice": dice or {"North": [1, 2, 3, 4, 5, 6, 6], "South": [1, 1, 2, 3, 4, 5, 6]},
        **extra,
    }
    return run_example(position, list(play), variants)


def legal(position, play=()):
    state = position_state(position, ())
    for line in play:
        state = GAME.apply(state, GAME.parse_action(state, line))
    return {GAME.action_text(state, a) for a in GAME.legal_actions(state)}


# --- setup ----------------------------------------------------------------------------


def test_setup_track_is_random_order_of_four_tokens():
    """setup-track: the four tokens go on the track in a random order."""
    tracks = {GAME.new_game(seed=s).track for s in range(40)}
    assert all(sorted(t) == [0, 1, 2, 3] for t in tracks)
    assert len(tracks) > 5


def test_setup_track_can_be_fixed():
    """setup-track: a setup mapping fixes the order, top first."""
    state = GAME.new_game(setup={"track": TRACK})
    assert [fd.SUITS[s] for s in state.track] == TRACK


def test_setup_dice_seven_each_rolled_and_in_ascending_order():
    """setup-dice: each player rolls seven dice and lines them up lowest first."""
    for seed in range(20):
        state = GAME.new_game(seed=seed)
        for dice in state.dice:
            assert len(dice) == 7 and list(dice) == sorted(dice) and set(dice) <= set(range(1, 7))


def test_setup_deal_hand_reserve_removed():
    """setup-deal, setup-reserve, setup-remove: 4 in hand, 3 in reserve each, 2 removed."""
    state = GAME.new_game(seed=5)
    assert [sum(h) for h in state.hands] == [4, 4]
    assert [sum(r) for r in state.reserves] == [3, 3]
    assert sum(state.removed) == 2
    total = [state.hands[0][s] + state.hands[1][s] + state.reserves[0][s] + state.reserves[1][s] + state.removed[s] for s in range(4)]
    assert total == [4, 4, 4, 4]


def test_setup_deal_order_can_be_fixed():
    """setup-deal: a fixed deck deals North's hand, South's hand, reserves, then removed."""
    deck = ["Murder"] * 4 + ["Gambling"] * 4 + ["Bootlegging"] * 3 + ["Prostitution"] * 3 + ["Bootlegging", "Prostitution"]
    state = GAME.new_game(setup={"deck": deck})
    assert state.hands == ((0, 0, 0, 4), (0, 4, 0, 0))
    assert state.reserves == ((3, 0, 0, 0), (0, 0, 3, 0))
    assert state.removed == (1, 0, 1, 0)


def test_reserve_is_not_part_of_the_hand_before_trick_five():
    """setup-reserve / reserve-not-in-hand: reserve cards cannot be led in tricks 1–4."""
    out = early(hands={"North": ["Murder"] * 4, "South": ["Gambling"] * 4},
                dice={"North": [1, 2, 3, 4, 5, 6, 6], "South": [1, 1, 2, 3, 4, 5, 6]})
    assert all("plays Murder" in a or "Al Capone" in a for a in out["legal"])
    with pytest.raises(IllegalAction, match="reserve joins the hand only after trick 4"):
        early(hands={"North": ["Murder"] * 4, "South": ["Gambling"] * 4}, play=["North plays Bootlegging 1"],
              reserves={"North": ["Bootlegging"] * 3, "South": ["Prostitution"] * 3})


def test_lead_player_chooses_a_character_and_the_other_gets_the_other():
    """setup-characters / character-choice: the lead player picks first; one each."""
    dice = {"North": [6, 6, 6, 6, 6, 6, 6], "South": [1, 1, 1, 1, 1, 1, 1]}
    out = run_example({"round_start": True, "dice": dice, "track": TRACK}, ["South chooses Al Capone"], ())
    assert out["characters"] == {"North": "Bugs Moran", "South": "Al Capone"}
    with pytest.raises(IllegalAction, match="South's turn"):
        run_example({"round_start": True, "dice": dice, "track": TRACK}, ["North chooses Al Capone"], ())


def test_characters_are_kept_for_the_whole_game():
    """character-choice: characters stay with their owner in later rounds."""
    state = GAME.new_game(seed=2)
    state = GAME.apply(state, ("choose", fd.BUGS_MORAN))
    first = state.characters
    while state.round == 0:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.characters == first and state.phase == fd.PHASE_PLAY


# --- start of a round -----------------------------------------------------------------


def test_lower_pip_total_leads():
    """round-lead: the player with the smaller pip total is the lead player."""
    out = run_example({"round_start": True, "track": TRACK,
                       "dice": {"North": [2, 3, 3, 4, 5, 5, 6], "South": [1, 2, 3, 4, 5, 6, 6]}}, [], ())
    assert out["pip_totals"] == {"North": 28, "South": 27}
    assert out["lead_player"] == "South" and out["to_move"] == "South"


def test_tied_totals_reroll_all_dice():
    """round-tie-reroll / tie-reroll-both: equal sums, both reroll everything, until they differ."""
    tie = {"North": [1, 2, 3, 4, 5, 6, 6], "South": [6, 6, 5, 4, 3, 2, 1]}
    tie_again = {"North": [2, 2, 2, 2, 2, 2, 2], "South": [1, 1, 1, 1, 1, 3, 6]}
    decisive = {"North": [6, 6, 6, 6, 6, 6, 5], "South": [1, 1, 1, 1, 1, 1, 1]}
    out = run_example({"round_start": True, "track": TRACK, "dice": tie, "rerolls": [tie_again, decisive]}, [], ())
    assert out["rerolls"] == 2
    assert out["pip_totals"] == {"North": 41, "South": 7} and out["lead_player"] == "South"
    assert out["dice"] == {"North": [5, 6, 6, 6, 6, 6, 6], "South": [1] * 7}
    state = position_state({"round_start": True, "track": TRACK, "dice": tie, "rerolls": [decisive]}, ())
    assert sum("both players reroll" in line for line in GAME.log(state)) == 1


def test_a_roll_list_ending_in_a_tie_is_refused():
    """round-tie-reroll: a tie cannot decide the lead, so a fixed roll must end untied."""
    tie = {"North": [1, 2, 3, 4, 5, 6, 6], "South": [6, 6, 5, 4, 3, 2, 1]}
    with pytest.raises(SetupError, match="tie"):
        GAME.new_game(setup={"dice": tie})


# --- playing a trick ------------------------------------------------------------------


def test_the_leader_may_play_any_card_with_any_unused_die():
    """trick-lead / which-dice: every card in hand with every unused die number."""
    pos = {"track": TRACK, "hands": {"North": ["Murder", "Gambling", "Gambling", "Bootlegging"],
                                     "South": ["Murder", "Murder", "Murder", "Prostitution"]},
           "dice": {"North": [1, 2, 2, 4, 5, 6, 6], "South": [1, 1, 2, 3, 4, 5, 6]}, "abilities_used": ["North"]}
    plays = legal(pos)
    expected = {f"North plays {s} {v}" for s in ("Murder", "Gambling", "Bootlegging") for v in (1, 2, 4, 5, 6)}
    assert plays == expected


def test_the_follower_must_follow_suit_if_able():
    """trick-follow: holding the led suit, the follower must play it."""
    pos = {"track": TRACK, "hands": {"North": ["Murder", "Murder", "Gambling", "Bootlegging"],
                                     "South": ["Murder", "Gambling", "Gambling", "Bootlegging"]},
           "dice": {"North": [1, 2, 3, 4, 5, 6, 6], "South": [1, 2, 3, 4, 5, 6, 6]}, "abilities_used": ["North", "South"]}
    assert legal(pos, ["North plays Murder 4"]) == {f"South plays Murder {v}" for v in (1, 2, 3, 5, 6)}
    with pytest.raises(IllegalAction, match="must follow suit"):
        legal(pos, ["North plays Murder 4", "South plays Gambling 1"])


def test_a_follower_without_the_led_suit_may_play_any_card():
    """trick-follow: unable to follow, any card with any die (even the same number)."""
    pos = {"track": TRACK, "hands": {"North": ["Murder"] * 4, "South": ["Gambling", "Gambling", "Bootlegging", "Prostitution"]},
           "dice": {"North": [1, 2, 3, 4, 5, 6, 6], "South": [4, 4, 4, 4, 4, 4, 4]}, "abilities_used": ["North", "South"]}
    assert legal(pos, ["North plays Murder 4"]) == {f"South plays {s} 4" for s in ("Gambling", "Bootlegging", "Prostitution")}


def test_seven_tricks_then_the_round_ends():
    """trick-count: the seventh trick ends the round."""
    out = last_trick({"North": ["Murder"], "South": ["Murder"]}, {"North": [6], "South": [2]}, ["North plays Murder 6", "South plays Murder 2"])
    assert out["round_end"] == "exactly four" and out["round"] == 2 and out["trick"] == 1


def test_the_reserve_joins_the_hand_after_the_fourth_trick():
    """trick-hand-then-reserve: after trick 4 each reserve becomes the hand."""
    out = run_example({"track": TRACK, "hands": {"North": ["Murder"], "South": ["Gambling"]},
                       "reserves": {"North": ["Murder", "Murder", "Gambling"], "South": ["Bootlegging"] * 3},
                       "dice": {"North": [6, 6, 6, 6], "South": [1, 1, 1, 1]}, "tricks_won": {"North": 2, "South": 1}},
                      ["North plays Murder 6", "South plays Gambling 1"], ())
    assert out["hands"] == {"North": ["Gambling", "Murder", "Murder"], "South": ["Bootlegging"] * 3}
    assert out["reserves"] == {"North": [], "South": []}


def test_the_trick_winner_leads_the_next_trick():
    """trick-next-lead / who-leads-next: the winner of a trick leads the next one."""
    out = early(play=["North plays Murder 1", "South plays Murder 2"])
    assert out["trick_winner"] == "South" and out["leader"] == "South" and out["to_move"] == "South"


def test_variant_lead_player_leads_every_trick():
    """lead-player-leads: the round's lead player leads even after losing a trick."""
    out = early(play=["North plays Murder 1", "South plays Murder 2"], variants=["lead-player-leads"])
    assert out["trick_winner"] == "South" and out["leader"] == "North" and out["to_move"] == "North"


# --- winning a trick ------------------------------------------------------------------


@pytest.mark.parametrize("lead, follow, winner", [(5, 2, "North"), (2, 5, "South")])
def test_same_suit_higher_die_wins(lead, follow, winner):
    """resolve-same-suit: both cards of one suit, the bigger die wins."""
    out = early(play=[f"North plays Murder {lead}", f"South plays Murder {follow}"],
                dice={"North": [1, 2, 3, 4, 5, 6, 6], "South": [1, 2, 2, 3, 4, 5, 6]})
    assert out["trick_winner"] == winner and out["won_by"] == "higher die"
    assert out["track"] == TRACK  # a same-suit trick moves no token


def test_same_suit_dice_must_differ():
    """resolve-different-value: the follower may not place the leader's number."""
    with pytest.raises(IllegalAction, match="dice must differ"):
        early(play=["North plays Murder 4", "South plays Murder 4"])


def test_follower_who_cannot_place_a_different_die_loses_the_round():
    """resolve-different-value: no different die, the round ends and the follower loses it."""
    out = last_trick({"North": ["Murder"], "South": ["Murder"]}, {"North": [3], "South": [3]}, ["North plays Murder 3"],
                     abilities_used=["North", "South"], tricks_won={"North": 3, "South": 3})
    assert out["round_winner"] == "North" and out["round_end"] == "cannot place"
    assert out["tricks_won"] == {"North": 3, "South": 3}


def test_stuck_follower_with_an_ability_may_try_it_first():
    """ability-escape: Bugs Moran may fetch a different die before the loss applies."""
    pos = {"track": TRACK, "hands": {"North": ["Murder", "Gambling"], "South": ["Murder", "Gambling"]},
           "dice": {"North": [2, 5], "South": [2, 2]}, "tricks_won": {"North": 3, "South": 2},
           "characters": {"North": "Al Capone", "South": "Bugs Moran"}, "abilities_used": ["North"]}
    options = legal(pos, ["North plays Murder 2"])
    assert options == {"South uses Bugs Moran, trading 2 for 5", "South cannot place"}
    out = run_example(pos, ["North plays Murder 2", "South uses Bugs Moran, trading 2 for 5", "South plays Murder 5"], ())
    assert out["trick_winner"] == "South" and out["round_winner"] is None
    conceded = run_example(pos, ["North plays Murder 2", "South cannot place"], ())
    assert conceded["round_winner"] == "North" and conceded["round_end"] == "cannot place"


def test_different_suits_bigger_die_suit_climbs_one_place():
    """resolve-different-suits: the bigger die's suit swaps with the token just above."""
    out = early(play=["North plays Bootlegging 6", "South plays Gambling 1"])
    assert out["token_moved"] == "Bootlegging"
    assert out["track"] == ["Murder", "Gambling", "Bootlegging", "Prostitution"]
    assert out["trick_winner"] == "South" and out["won_by"] == "higher suit"


NO_MURDER = {"North": ["Murder", "Murder", "Bootlegging", "Bootlegging"], "South": ["Prostitution"] * 3 + ["Gambling"]}


def test_the_top_token_does_not_move():
    """resolve-different-suits: no move when the bigger die's suit is already on top."""
    out = early(hands=NO_MURDER, play=["North plays Murder 6", "South plays Gambling 1"])
    assert out["token_moved"] is None and out["track"] == TRACK and out["trick_winner"] == "North"


def test_equal_dice_on_different_suits_move_nothing_and_the_higher_suit_wins():
    """equal-dice-different-suits: no token moves; the higher suit on the track wins."""
    out = early(play=["North plays Bootlegging 4", "South plays Prostitution 4"])
    assert out["token_moved"] is None and out["track"] == TRACK and out["trick_winner"] == "South"


def test_a_token_move_can_decide_the_trick():
    """resolve-track-wins: the suit that just climbed above the other one wins."""
    out = early(hands=NO_MURDER, play=["North plays Bootlegging 6", "South plays Prostitution 1"])
    assert out["track"] == ["Murder", "Gambling", "Bootlegging", "Prostitution"]
    assert out["trick_winner"] == "North" and out["token_moved"] == "Bootlegging"


def test_a_low_die_wins_on_a_higher_suit():
    """resolve-track-wins: whatever the dice, the higher suit after any move wins."""
    out = early(play=["North plays Bootlegging 6", "South plays Murder 1"])
    assert out["trick_winner"] == "South" and out["track"] == ["Murder", "Gambling", "Bootlegging", "Prostitution"]


def test_winner_takes_both_cards_and_the_dice_leave_the_round():
    """resolve-cleanup: both cards to the winner's pile; both dice out for the round."""
    out = early(play=["North plays Murder 5", "South plays Murder 2"])
    assert out["piles"] == {"North": ["Murder", "Murder"], "South": []}
    assert out["dice"] == {"North": [1, 2, 3, 4, 6, 6], "South": [1, 1, 3, 4, 5, 6]}


# --- characters -----------------------------------------------------------------------


def test_abilities_are_once_per_round_and_optional():
    """character-timing: an ability may be used once a round, before the card, or not at all."""
    state = position_state({"track": TRACK, "hands": {"North": ["Murder", "Gambling"], "South": ["Murder", "Gambling"]},
                            "dice": {"North": [1, 2], "South": [3, 4]}, "tricks_won": {"North": 3, "South": 2}}, ())
    actions = GAME.legal_actions(state)
    assert ("give", 3) in actions and ("play", 3, 1) in actions
    state = GAME.apply(state, GAME.parse_action(state, "North uses Al Capone, giving Murder"))
    state = GAME.apply(state, GAME.parse_action(state, "South returns Gambling"))
    assert all(a[0] == "play" for a in GAME.legal_actions(state))
    with pytest.raises(IllegalAction, match="already used Al Capone this round"):
        GAME.apply(state, ("give", 1))


def test_abilities_are_fresh_each_round():
    """ability-per-round: a used ability is usable again in the next round."""
    out = last_trick({"North": ["Murder"], "South": ["Murder"]}, {"North": [6], "South": [2]},
                     ["North plays Murder 6", "South plays Murder 2"], abilities_used=["North", "South"])
    assert out["abilities_used"] == [] and out["round"] == 2


def test_follower_may_use_an_ability_after_the_lead():
    """ability-as-follower: the follower may use their character before their own card."""
    out = early(play=["North plays Murder 3", "South uses Bugs Moran, trading 1 for 6", "South plays Murder 6"])
    assert out["trick_winner"] == "South" and out["abilities_used"] == ["South"]


def test_al_capone_returns_a_card_of_a_different_suit():
    """al-capone: the opponent must return a card of another suit than the given one."""
    pos = {"track": TRACK, "hands": {"North": ["Murder", "Gambling", "Gambling", "Bootlegging"],
                                     "South": ["Murder", "Prostitution", "Prostitution", "Prostitution"]},
           "dice": {"North": [1, 2, 3, 4, 5, 6, 6], "South": [1, 1, 2, 3, 4, 5, 6]}}
    assert legal(pos, ["North uses Al Capone, giving Murder"]) == {"South returns Prostitution"}
    out = run_example(pos, ["North uses Al Capone, giving Murder", "South returns Prostitution"], ())
    assert out["hands"]["North"] == ["Bootlegging", "Gambling", "Gambling", "Prostitution"]
    assert out["hands"]["South"] == ["Prostitution", "Prostitution", "Murder", "Murder"]
    assert out["abilities_used"] == ["North"] and out["to_move"] == "North"


def test_al_capone_same_suit_when_no_other_suit():
    """al-capone: an opponent holding only the given suit returns that suit; still used."""
    pos = {"track": TRACK, "hands": {"North": ["Murder", "Gambling", "Gambling", "Bootlegging"],
                                     "South": ["Murder", "Murder", "Murder", "Bootlegging"]},
           "dice": {"North": [1, 2, 3, 4, 5, 6, 6], "South": [1, 1, 2, 3, 4, 5, 6]}}
    mono = {**pos, "hands": {"North": ["Murder", "Gambling", "Bootlegging"], "South": ["Murder"] * 3},
            "dice": {"North": [6] * 6, "South": [6] * 6}, "tricks_won": {"North": 1}}
    assert legal(mono, ["North uses Al Capone, giving Murder"]) == {"South returns Murder"}
    out = run_example(mono, ["North uses Al Capone, giving Murder", "South returns Murder"], ())
    assert out["abilities_used"] == ["North"] and out["hands"]["South"] == ["Murder"] * 3
    assert out["legal"] and all("Al Capone" not in a for a in out["legal"])


def test_al_capone_return_may_be_a_suit_capone_already_holds():
    """capone-return-suit: 'different' means different from the given card only."""
    pos = {"track": TRACK, "hands": {"North": ["Murder", "Gambling", "Gambling", "Bootlegging"],
                                     "South": ["Murder", "Gambling", "Prostitution", "Prostitution"]},
           "dice": {"North": [1, 2, 3, 4, 5, 6, 6], "South": [1, 1, 2, 3, 4, 5, 6]}}
    assert "South returns Gambling" in legal(pos, ["North uses Al Capone, giving Murder"])


def test_al_capone_needs_a_card_in_both_hands():
    """al-capone-empty-hand: in trick 4 the leader's hand is empty, so the follower cannot use Capone."""
    pos = {"track": TRACK, "hands": {"North": ["Murder"], "South": ["Murder"]}, "dice": {"North": [1, 2, 3, 4], "South": [5, 5, 5, 5]},
           "characters": {"North": "Bugs Moran", "South": "Al Capone"}, "tricks_won": {"North": 2, "South": 1}}
    assert legal(pos, ["North plays Murder 1"]) == {"South plays Murder 5"}


def test_bugs_moran_swaps_two_unused_dice():
    """bugs-moran: one unused die of each side changes owner, keeping its number."""
    out = early(play=["North plays Murder 3", "South uses Bugs Moran, trading 1 for 6"])
    assert out["dice"] == {"North": [1, 1, 2, 4, 5, 6], "South": [1, 2, 3, 4, 5, 6, 6]}


def test_bugs_moran_may_trade_equal_numbers_but_it_changes_nothing():
    """bugs-moran-unused-only: a same-number trade is allowed and only spends the ability."""
    out = early(play=["North plays Murder 3", "South uses Bugs Moran, trading 4 for 4"])
    assert out["dice"] == {"North": [1, 2, 4, 5, 6, 6], "South": [1, 1, 2, 3, 4, 5, 6]}
    assert out["abilities_used"] == ["South"]


def test_bugs_moran_cannot_take_a_placed_die_nor_work_without_unused_dice():
    """bugs-moran-unused-only: only unused dice; none on a side, no ability."""
    out = last_trick({"North": ["Murder"], "South": ["Gambling"]}, {"North": [6], "South": [2]}, ["North plays Murder 6"],
                     characters={"North": "Al Capone", "South": "Bugs Moran"})
    assert out["legal"] == ["South plays Gambling 2"]
    with pytest.raises(IllegalAction):
        early(play=["North plays Murder 3", "South uses Bugs Moran, trading 1 for 3"],
              dice={"North": [1, 2, 3, 4, 5, 5, 5], "South": [1, 1, 2, 3, 4, 5, 6]})


# --- end of a round, victory ----------------------------------------------------------


def test_a_fifth_trick_loses_the_round_at_once():
    """fifth-trick-loses: the fifth trick ends the round, its taker loses."""
    out = run_example({"track": TRACK, "hands": {"North": ["Murder", "Gambling", "Gambling"], "South": ["Murder", "Gambling", "Bootlegging"]},
                       "dice": {"North": [6, 6, 6], "South": [1, 1, 1]}, "tricks_won": {"North": 4, "South": 0}},
                      ["North plays Murder 6", "South plays Murder 1"], ())
    assert out["round_winner"] == "South" and out["round_end"] == "fifth trick"
    assert out["tricks_won"] == {"North": 5, "South": 0} and out["round"] == 2


def test_exactly_four_after_seven_tricks_wins():
    """exactly-four-wins: the 4–3 split after seven tricks goes to the four."""
    out = last_trick({"North": ["Murder"], "South": ["Murder"]}, {"North": [2], "South": [6]}, ["North plays Murder 2", "South plays Murder 6"])
    assert out["round_winner"] == "South" and out["round_end"] == "exactly four"
    assert out["tricks_won"] == {"North": 3, "South": 4}


def test_next_round_rerolls_redeals_and_keeps_the_track():
    """next-round / between-rounds: new dice and cards; the track keeps its order."""
    nxt = {"dice": {"North": [1, 1, 1, 1, 1, 1, 1], "South": [6, 6, 6, 6, 6, 6, 6]}, "track": ALL_SUITS,
           "hands": {"North": ["Murder"] * 4, "South": ["Gambling"] * 4}}
    out = last_trick({"North": ["Gambling"], "South": ["Murder"]}, {"North": [6], "South": [2]},
                     ["North plays Gambling 6", "South plays Murder 2"], next_round=nxt)
    assert out["track"] == ["Gambling", "Murder", "Prostitution", "Bootlegging"]
    assert out["round"] == 2 and out["lead_player"] == "North"
    assert out["dice"] == {"North": [1] * 7, "South": [6] * 7}
    assert out["hands"] == {"North": ["Murder"] * 4, "South": ["Gambling"] * 4}
    assert [len(r) for r in out["reserves"].values()] == [3, 3]


def test_variant_reshuffle_track_places_the_tokens_again():
    """reshuffle-track: each new round takes a new random track order."""
    nxt = {"dice": {"North": [1, 1, 1, 1, 1, 1, 1], "South": [6, 6, 6, 6, 6, 6, 6]}, "track": ALL_SUITS}
    position = {"track": TRACK, "hands": {"North": ["Gambling"], "South": ["Murder"]}, "dice": {"North": [6], "South": [2]},
                "tricks_won": {"North": 3, "South": 3}, "next_round": nxt}
    out = run_example(position, ["North plays Gambling 6", "South plays Murder 2"], ["reshuffle-track"])
    assert out["track"] == ALL_SUITS


def test_two_rounds_win_the_game():
    """victory: the first player to win two rounds wins the game."""
    out = last_trick({"North": ["Murder"], "South": ["Murder"]}, {"North": [2], "South": [6]},
                     ["North plays Murder 2", "South plays Murder 6"], rounds_won={"North": 1, "South": 1})
    assert out["game_over"] and out["winner"] == "South" and out["score"] == {"North": 1, "South": 2}
    state = position_state({"track": TRACK, "hands": {"North": ["Murder"], "South": ["Murder"]}, "dice": {"North": [2], "South": [6]},
                            "tricks_won": {"North": 3, "South": 3}, "rounds_won": {"North": 1, "South": 1}}, ())
    for line in ["North plays Murder 2", "South plays Murder 6"]:
        state = GAME.apply(state, GAME.parse_action(state, line))
    assert GAME.result(state).winners == (1,) and GAME.result(state).scores == (1.0, 2.0)
    assert GAME.to_move(state) is None and not GAME.legal_actions(state)


# --- protocol details -------------------------------------------------------------------


def test_illegal_actions_say_why():
    """The engine refuses an illegal move with a reason a player understands."""
    with pytest.raises(IllegalAction, match="no unused die showing 2"):
        early(dice={"North": [1, 3, 3, 4, 5, 6, 6], "South": [1, 1, 2, 3, 4, 5, 6]}, play=["North plays Murder 2"])
    with pytest.raises(IllegalAction, match="North is Al Capone, not Bugs Moran"):
        early(play=["North uses Bugs Moran, trading 1 for 1"])
    with pytest.raises(IllegalAction, match="not a move"):
        early(play=["North passes"])
    with pytest.raises(IllegalAction, match="South's turn"):
        early(play=["North plays Murder 1", "North plays Murder 2"])


def test_bad_positions_are_refused_with_a_reason():
    """A worked example's position must be one the rules can reach."""
    with pytest.raises(SetupError, match="holds 4 cards in hand"):
        GAME.run_example({"track": TRACK, "hands": {"North": ["Murder"], "South": ["Murder"]},
                          "dice": {"North": [1] * 7, "South": [2] * 7}}, [], ())
    with pytest.raises(SetupError, match="no suit"):
        run_example({"track": ["Murder", "Gambling", "Prostitution", "Hearts"], "hands": {}, "dice": {}}, [], ())
    with pytest.raises(SetupError, match="2 players"):
        GAME.new_game(players=3)


def test_apply_does_not_change_its_input():
    """Engines are pure: the old state is unchanged after apply."""
    state = GAME.new_game(seed=4)
    before = repr(state)
    GAME.apply(state, GAME.legal_actions(state)[0])
    assert repr(state) == before


def test_rule_map_covers_every_rule_variant_and_clarification():
    """Traceability: each id of game.yaml names engine functions of the game's package
    (marked with @implements), and no stale ids remain."""
    from pathlib import Path

    import yaml

    root = Path(__file__).resolve().parents[3]
    game = yaml.safe_load((root / "content/four-deuces/game.yaml").read_text(encoding="utf-8"))

    def ids(sections):
        for section in sections or []:
            if section.get("effect", True):
                yield section["id"]
            yield from ids(section.get("sections"))

    wanted = set(ids(game["setup"])) | set(ids(game["rules"]))
    wanted |= {v["id"] for v in game["variants"]} | {c["id"] for c in game["clarifications"]}
    assert wanted == set(GAME.rule_map)
    for rule, functions in GAME.rule_map.items():
        assert functions, rule
        for function in functions:
            assert callable(function) and function.__module__.startswith("generator.games.four_deuces."), (rule, function)
            assert rule in function.__rules__
    assert {v["id"] for v in game["variants"]} == set(GAME.variants)
