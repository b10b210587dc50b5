"""Zero Grid rules, one test per rule sentence that has an effect (design: David McDougal).

Each test sets a small position in rules terms (grids as four columns read top to
bottom, 0 for an empty space), plays it in the engine's notation and checks what a
player would see. P2 usually plays cards that all fizzle on a parked grid (see
``P2_FIZZLES``), so only P1's cards matter.
"""

from __future__ import annotations

import pytest

from generator.games import find_game, shipped_game
from generator.games.zero_grid.notation import parse_card
from generator.games.zero_grid.play import select_die, suit_power, target_column
from generator.games.zero_grid.state import Numbers, score_title
from generator.rules.base import IllegalAction, SetupError

GAME = find_game("zero-grid")
NUMBERS = Numbers.from_content(shipped_game("zero-grid").content)
SETUP_GRID = NUMBERS.grid

#: P2's default: low Hearts on a grid of sixes in Column 4 only. Hearts cannot take a six
#: and no die has a die to its right, so every P2 card fizzles with no choice to make,
#: and the 2♣ loses Initiative to any card P1 can hold.
P2_FIZZLES = ["2♥", "3♥", "4♥", "2♣"]
P2_PARKED = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [6, 6, 6, 6]]
P2_PROGRAM = "P2 programs 2♥ 3♥ 4♥, initiative 2♣"
FULL = [[1, 1, 1, 1]] * 4


def program(seat: str, cards: list[str]) -> str:
    return f"{seat} programs {cards[0]} {cards[1]} {cards[2]}, initiative {cards[3]}"


def hand(p1: list[str], grid=None, choices=(), variants=(), p2=P2_FIZZLES, p2_grid=P2_PARKED, **position):
    """Play one hand: P1 programs ``p1`` (Columns 1-3, Initiative), P2 ``p2``, then P1's choices."""
    position = {"hands": {"P1": p1, "P2": p2}, **position}
    grids = {}
    if grid is not None:
        grids["P1"] = grid
    if p2_grid is not None:
        grids["P2"] = p2_grid
    if grids:
        position["grid"] = grids
    play = [program("P1", p1), program("P2", p2), *choices]
    return GAME.run_example(position, play, variants)


def solo(p1: list[str], reveal: str, grid=None, choices=(), variants=(), **position):
    position = {"hands": {"P1": p1}, "reveal": reveal, **position}
    if grid is not None:
        position["grid"] = {"P1": grid}
    return GAME.run_example(position, [program("P1", p1), *choices], ("solo-mode", *variants))


# --- setup ------------------------------------------------------------------------------

def test_setup_grid_is_the_printed_pattern() -> None:
    """setup-grid: columns top to bottom 3645 / 4536 / 5463 / 6354 for every player."""
    state = GAME.new_game(seed=5)
    out = GAME.run_example({}, [], ())
    assert out["grid"]["P1"] == [[3, 6, 4, 5], [4, 5, 3, 6], [5, 4, 6, 3], [6, 3, 5, 4]]
    assert state.grids == (SETUP_GRID, SETUP_GRID)


def test_setup_deck_is_shuffled_from_the_seed() -> None:
    """setup-deck: the deck is shuffled; the same seed gives the same deal."""
    a, b, c = GAME.new_game(seed=1), GAME.new_game(seed=1), GAME.new_game(seed=2)
    assert a.hands == b.hands and a.deck == b.deck
    assert a.deck + a.hands[0] + a.hands[1] != c.deck + c.hands[0] + c.hands[1]
    assert sorted(a.deck + a.hands[0] + a.hands[1]) == list(range(52))


def test_start_player_is_dealt_first() -> None:
    """setup-start-player (ours): cards go out one at a time, the starting player first."""
    deck = [parse_card(c) for c in ["2♣", "3♣", "4♣", "5♣", "6♣", "7♣", "8♣", "9♣"]]
    state = GAME.new_game(seed=0, setup={"start": 1, "deck": deck})
    assert state.hands[1] == (deck[0], deck[2], deck[4], deck[6])
    assert state.hands[0] == (deck[1], deck[3], deck[5], deck[7])


# --- deal, program, Initiative ---------------------------------------------------------

def test_four_cards_each_programmed_to_three_columns_and_initiative() -> None:
    """deal-and-program, RULINGS 1: four cards each; every ordering onto C1-C3 + Initiative is legal."""
    state = GAME.new_game(seed=3)
    assert [len(h) for h in state.hands] == [4, 4]
    actions = GAME.legal_actions(state)
    assert len(actions) == 24 and len(set(actions)) == 24
    others = [c for c in range(52) if c not in state.hands[0]][:4]
    with pytest.raises(IllegalAction, match="four cards"):
        GAME.apply(state, ("program", *others))
    assert all(a[0] == "program" and sorted(a[1:]) == sorted(state.hands[0]) for a in actions)


@pytest.mark.parametrize("p1_init, p2_init, winner", [
    ("A♣", "K♠", "P1"),   # ace high
    ("2♠", "3♣", "P2"),   # two low
    ("K♥", "K♠", "P2"),   # spades beat hearts
    ("K♥", "K♦", "P1"),   # hearts beat diamonds
    ("K♣", "K♦", "P2"),   # diamonds beat clubs
])
def test_initiative_rank_then_suit_order(p1_init: str, p2_init: str, winner: str) -> None:
    """initiative-reveal: ace high to two low; equal ranks go Spades, Hearts, Diamonds, Clubs."""
    p1 = ["J♣", "Q♣", "10♣", p1_init]
    p2 = ["9♣", "8♣", "7♣", p2_init]
    out = hand(p1, p2=p2, grid=FULL, p2_grid=FULL, choices=[])
    assert out["initiative"] == winner


def test_only_the_initiative_winner_resolves_column_4() -> None:
    """column-4-access: the loser discards their Initiative card without resolving it."""
    out = hand(["J♣", "Q♣", "K♣", "K♠"], p2=["2♥", "3♥", "4♥", "A♠"])
    assert out["initiative"] == "P2"
    assert out["results"]["P1"][-1] == "K♠: unplayed (lost Initiative)"
    assert out["grid"]["P1"][3] == [6, 3, 5, 4]
    assert out["results"]["P2"][-1] == "A♠: spades C4R1 6→1"


def test_columns_resolve_in_order_1_2_3_then_4() -> None:
    """action-resolution: Column 1, 2, 3, then 4 for the Initiative winner."""
    out = hand(["J♠", "Q♠", "K♠", "A♠"])
    assert [r.split(":")[0] for r in out["results"]["P1"]] == ["J♠", "Q♠", "K♠", "A♠"]
    assert [r.split(" ")[2][:2] for r in out["results"]["P1"]] == ["C1", "C2", "C3", "C4"]


def test_boards_never_interact() -> None:
    """action-resolution: a player's cards change only their own grid."""
    out = hand(["J♠", "Q♠", "K♠", "A♠"])
    assert out["grid"]["P2"] == P2_PARKED
    assert out["grid"]["P1"] == [[3, 1, 4, 5], [4, 5, 3, 1], [5, 4, 1, 3], [1, 3, 5, 4]]


# --- targeting and shifting ------------------------------------------------------------

def test_card_targets_its_assigned_column() -> None:
    """targeting: a card acts on the column it was programmed to."""
    out = hand(["J♣", "Q♠", "K♣", "A♣"])
    assert out["results"]["P1"][1] == "Q♠: spades C2R4 6→1"


def test_empty_column_shifts_right_to_the_next_column_with_dice() -> None:
    """targeting: an empty column passes the card right, past every empty column."""
    grid = [[0, 0, 0, 0], [0, 0, 0, 0], [5, 4, 6, 3], [6, 3, 5, 4]]
    out = hand(["J♠", "Q♣", "K♣", "A♣"], grid=grid)
    assert out["results"]["P1"][0] == "J♠: C1→C3, spades C3R3 6→1"


def test_no_column_with_dice_to_the_right_fizzles() -> None:
    """targeting / fizzles: a shift that finds no column with dice fizzles."""
    grid = [[3, 6, 4, 5], [4, 5, 3, 6], [0, 0, 0, 0], [0, 0, 0, 0]]
    out = hand(["J♣", "Q♣", "K♠", "A♠"], grid=grid)
    assert out["results"]["P1"][2:] == ["K♠: fizzles (no column from here to the right holds a die)",
                                        "A♠: fizzles (no column from here to the right holds a die)"]


def test_spent_column_never_causes_a_shift() -> None:
    """column-activation-limit: a spent column still holds dice; the card fizzles there."""
    grid = [[0, 0, 0, 0], [4, 5, 3, 6], [5, 4, 6, 3], [6, 3, 5, 4]]
    out = hand(["J♠", "Q♠", "K♣", "A♣"], grid=grid)
    assert out["results"]["P1"][:2] == ["J♠: C1→C2, spades C2R4 6→1", "Q♠: fizzles (the column is spent)"]


def test_shifted_card_obeys_the_limit_of_its_new_column() -> None:
    """column-activation-limit: a card shifted into a spent column fizzles (no second shift)."""
    grid = [[3, 6, 4, 5], [0, 0, 0, 0], [0, 0, 0, 0], [6, 3, 5, 4]]
    out = hand(["J♣", "Q♠", "K♠", "A♠"], grid=grid)
    assert out["results"]["P1"][1:] == ["Q♠: C2→C4, spades C4R1 6→1", "K♠: C3→C4, fizzles (the column is spent)",
                                        "A♠: fizzles (the column is spent)"]


def test_one_die_per_column_per_hand() -> None:
    """column-activation-limit: once a die activates, its column activates no other die."""
    grid = [[0, 0, 0, 0], [6, 5, 4, 3], [0, 0, 0, 0], [0, 0, 0, 0]]
    out = hand(["J♠", "Q♠", "K♠", "A♠"], grid=grid)
    assert out["grid"]["P1"][1] == [1, 5, 4, 3]
    assert out["results"]["P1"][1:] == ["Q♠: fizzles (the column is spent)",
                                        "K♠: fizzles (no column from here to the right holds a die)",
                                        "A♠: fizzles (no column from here to the right holds a die)"]


# --- eligibility and selection ---------------------------------------------------------

def test_a_moved_die_stays_ineligible_in_its_new_column() -> None:
    """die-eligibility: a die that activated and moved cannot activate again this hand."""
    grid = [[6, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1], [2, 3, 1, 1]]
    out = hand(["9♣", "J♣", "Q♣", "J♠"], grid=grid, choices=["P1 9♣: swap with column 4"])
    assert out["results"]["P1"][0] == "9♣: swap C1R1↔C4R1, 6→5"
    assert out["results"]["P1"][3] == "J♠: spades C4R2 3→4"
    assert out["grid"]["P1"][3] == [5, 4, 1, 1]


def test_highest_resolvable_die_is_chosen() -> None:
    """selecting-a-die: the card takes the highest-pip eligible die."""
    out = hand(["J♦", "Q♣", "K♣", "A♣"], grid=[[2, 5, 3, 4], *FULL[1:]])
    assert out["results"]["P1"][0] == "J♦: diamonds C1R2 5→3"


def test_equal_highest_pips_take_the_topmost() -> None:
    """RULINGS 3: among equal highest dice the topmost is selected."""
    out = hand(["J♠", "Q♣", "K♣", "A♣"], grid=[[3, 5, 2, 5], *FULL[1:]])
    assert out["results"]["P1"][0] == "J♠: spades C1R2 5→2"


def test_hearts_skips_a_six_for_the_next_highest_die() -> None:
    """RULINGS 6 / resolvable-die: Hearts cannot take a 6, so the 5 below it is boosted (partly) to 6."""
    out = hand(["J♥", "Q♣", "K♣", "A♣"], grid=[[6, 4, 5, 2], *FULL[1:]])
    assert out["results"]["P1"][0] == "J♥: hearts C1R3 5→6"


def test_no_resolvable_die_fizzles_without_shifting() -> None:
    """fizzles: dice but none resolvable — the card fizzles in place."""
    out = hand(["J♥", "Q♣", "K♣", "A♣"], grid=[[6, 6, 6, 6], [3, 3, 3, 3], *FULL[2:]])
    assert out["results"]["P1"][0] == "J♥: fizzles (no die there can take it)"
    assert out["grid"]["P1"][1] == [3, 3, 3, 3] and out["fizzles"]["P1"] == 1


def test_movement_needs_a_swap_target() -> None:
    """resolvable-die: Movement skips a higher die with no die to its right in the row."""
    grid = [[6, 3, 1, 1], [0, 0, 1, 1], [0, 4, 1, 1], [0, 0, 1, 1]]
    out = hand(["7♣", "J♣", "Q♣", "K♣"], grid=grid, choices=["P1 7♣: swap with column 3"])
    assert out["results"]["P1"][0] == "7♣: swap C1R2↔C3R2, 3→2"
    assert out["grid"]["P1"][0] == [6, 4, 1, 1]


def test_face_cards_only_use_their_suit_power() -> None:
    """action-choice: J, Q, K, A have no Movement — no choice is offered, the hand plays itself."""
    out = hand(["J♠", "Q♠", "K♠", "A♠"], hand=4)  # P2's parked grid (12 dice removed) needs 3 hands played
    assert out["hand"] == 5 and all(" programs " in move for move in out["legal"])  # the next hand
    assert out["results"]["P1"][0] == "J♠: spades C1R2 6→1"


def test_two_to_ten_offers_movement_or_suit_power_at_resolution() -> None:
    """action-choice, RULINGS 2: a 7♠ is asked Movement or Spades when it resolves."""
    out = hand(["7♠", "J♣", "Q♣", "K♣"])
    assert out["legal"] == ["P1 7♠: spades", "P1 7♠: swap with column 2", "P1 7♠: swap with column 3",
                              "P1 7♠: swap with column 4"]


def test_only_actions_with_a_resolvable_die_are_offered() -> None:
    """zg-must-resolve (ours): no deliberate fizzle — Hearts on all sixes leaves Movement only."""
    grid = [[6, 6, 6, 6], [0, 0, 0, 2], [0, 0, 0, 0], [0, 0, 0, 0]]
    out = hand(["8♥", "J♣", "Q♣", "K♣"], grid=grid)
    assert out["results"]["P1"][0] == "8♥: swap C1R4↔C2R4, 6→5"
    assert all(" programs " in move for move in out["legal"])  # no choice: the hand played itself


# --- Movement -------------------------------------------------------------------------

def test_swap_right_any_distance_never_into_an_empty_space() -> None:
    """swap-movement: targets are dice to the right in the row, however far; empty spaces are not."""
    grid = [[5, 1, 1, 1], [0, 1, 1, 1], [2, 1, 1, 1], [0, 1, 1, 1]]
    out = hand(["7♠", "J♣", "Q♣", "K♣"], grid=grid)
    assert out["legal"] == ["P1 7♠: spades", "P1 7♠: swap with column 3"]


def test_swap_exchanges_then_only_the_activated_die_decays() -> None:
    """swap-movement: both dice keep their pips in the exchange; the activated die loses 1."""
    grid = [[5, 1, 1, 1], [0, 1, 1, 1], [2, 1, 1, 1], [0, 1, 1, 1]]
    out = hand(["7♠", "J♣", "Q♣", "K♣"], grid=grid, choices=["P1 7♠: swap with column 3"])
    assert out["grid"]["P1"][0][0] == 2 and out["grid"]["P1"][2][0] == 4


def test_decay_to_zero_removes_the_moved_die() -> None:
    """RULINGS 5 / removal: a moved 1 decays to 0 and leaves the grid."""
    grid = [[1, 0, 0, 0], [3, 1, 1, 1], *FULL[2:]]
    out = hand(["5♣", "J♣", "Q♣", "K♣"], grid=grid, choices=["P1 5♣: swap with column 2"])
    assert out["results"]["P1"][0] == "5♣: swap C1R1↔C2R1, 1→0 (removed)"
    assert out["grid"]["P1"][0][0] == 3 and out["grid"]["P1"][1][0] == 0
    assert out["score"]["P1"] == 4


# --- suit powers -------------------------------------------------------------------------

@pytest.mark.parametrize("pips, after", [(1, 3), (4, 6), (5, 6)])
def test_hearts_adds_two_up_to_six(pips: int, after: int) -> None:
    """power-hearts: plus two, never above six (a five becomes six)."""
    assert suit_power(parse_card("J♥"), pips, 0) == after


@pytest.mark.parametrize("pips, after", [(6, 4), (3, 1), (2, 0), (1, 0)])
def test_diamonds_take_two_and_remove_at_zero(pips: int, after: int) -> None:
    """power-diamonds: minus two; a die at zero is removed."""
    assert suit_power(parse_card("J♦"), pips, 0) == after


def test_diamonds_on_a_one_removes_the_die() -> None:
    """resolvable-die / removal: Diamonds on a 1 is allowed and removes it."""
    out = hand(["J♦", "Q♣", "K♣", "A♣"], grid=[[1, 0, 0, 0], *FULL[1:]])
    assert out["results"]["P1"][0] == "J♦: diamonds C1R1 1→0 (removed)"
    assert out["score"]["P1"] == 4


@pytest.mark.parametrize("pips", [1, 2, 3, 4, 5, 6])
def test_spades_flip_to_the_opposite_face(pips: int) -> None:
    """power-spades: 1↔6, 2↔5, 3↔4."""
    assert suit_power(parse_card("J♠"), pips, 0) == 7 - pips


def test_clubs_hold_still_spends_the_column() -> None:
    """power-clubs, RULINGS 7: the held die does not change but the column is spent."""
    grid = [[3, 6, 4, 5], [0, 0, 0, 0], [5, 4, 6, 3], [6, 3, 5, 4]]
    out = hand(["J♣", "Q♣", "K♠", "A♣"], grid=grid)
    assert out["results"]["P1"][1:3] == ["Q♣: C2→C3, clubs holds C3R3 at 6", "K♠: fizzles (the column is spent)"]
    assert out["grid"]["P1"][2] == [5, 4, 6, 3]


def test_column_4_follows_the_normal_rules_and_fizzles_when_empty() -> None:
    """column-4: an empty Column 4 has nothing to its right, so the winner's card fizzles."""
    grid = [[3, 6, 4, 5], [4, 5, 3, 6], [5, 4, 6, 3], [0, 0, 0, 0]]
    out = hand(["J♣", "Q♣", "K♣", "A♠"], grid=grid)
    assert out["results"]["P1"][3] == "A♠: fizzles (no column from here to the right holds a die)"


# --- cleanup and the end -----------------------------------------------------------------

def test_cleanup_discards_every_card_and_deals_the_next_hand() -> None:
    """cleanup: all eight cards to the discard pile, then four new cards each."""
    state = GAME.new_game(seed=9)
    while state.hand_no == 1:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert len(state.discard) == 8 and len(state.deck) == 52 - 16
    assert [len(h) for h in state.hands] == [4, 4]


def test_deck_running_out_mid_deal_reshuffles_the_discards() -> None:
    """reshuffle, zg-deal-in-hand: the discard pile becomes the deck and that hand is played."""
    out = hand(["J♣", "Q♣", "K♣", "A♣"], deck=["2♦", "3♦", "4♦", "5♦"], hand=6)
    assert out["reshuffles"] == 1 and out["hand"] == 7 and not out["game_over"]
    assert out["deck_size"] == 44  # 4 left + 48 discards reshuffled, 8 dealt


def test_two_player_timer_ends_after_the_hand_with_the_second_reshuffle() -> None:
    """two-player-timer, RULINGS 9: a game without elimination lasts 13 hands, the last in full."""
    state = GAME.new_game(seed=4)
    while not GAME.is_over(state):
        state = GAME.apply(state, GAME.legal_actions(state)[-1])
    assert state.end == "timer" and state.reshuffles == 2 and state.hand_no == 13
    assert len(state.discard) == 8 and len(state.deck) == 44


def test_solo_timer_ends_when_the_first_deck_is_spent() -> None:
    """solo-timer, RULINGS 10: ten solo hands use 50 cards; the 11th cannot be dealt in full."""
    state = GAME.new_game(players=1, seed=4)
    while not GAME.is_over(state):
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.end == "timer" and state.hand_no == 10 and state.reshuffles == 0 and len(state.deck) == 2


def test_solo_hand_with_four_cards_left_is_not_played() -> None:
    """solo-timer, zg-solo-reveal: a solo hand needs its four cards and a card to reveal."""
    out = solo(["J♣", "Q♣", "K♣", "2♣"], reveal="3♦", hand=9)  # 7 cards left after it: a hand and a reveal
    assert not out["game_over"] and out["hand"] == 10
    out = solo(["J♣", "Q♣", "K♣", "2♣"], reveal="3♦", hand=10)  # 2 cards left after it
    assert out["game_over"] and out["end"] == "timer" and out["hand"] == 10


def test_elimination_wins_at_the_end_of_the_hand() -> None:
    """elimination: removing all sixteen dice ends the game and wins it."""
    grid = [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    out = hand(["J♦", "Q♣", "K♣", "A♣"], grid=grid)
    assert out["game_over"] and out["end"] == "elimination" and out["winner"] == "P1"
    assert out["title"]["P1"] == "Zero Hero"


def test_both_grids_cleared_in_one_hand_tie() -> None:
    """elimination, zg-elimination-timing: the hand finishes; two cleared grids share the win."""
    grid = [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    out = hand(["J♦", "Q♣", "K♣", "A♣"], grid=grid, p2=["Q♦", "3♥", "4♥", "2♣"], p2_grid=grid)
    assert out["game_over"] and out["winner"] == ["P1", "P2"]


SIXES = [6, 6, 6, 6]


@pytest.mark.parametrize("p1, winners", [
    ([[0, 0, 0, 0], FULL[0], FULL[0], [6, 6, 6, 6]], ["P1"]),            # 4 removed beat 3, whatever Column 4
    ([[0, 0, 0, 1], FULL[0], FULL[0], [2, 2, 2, 2]], ["P2"]),            # equal removed, Column 4: 8 > 6
    ([[0, 0, 0, 1], FULL[0], FULL[0], [1, 1, 1, 1]], ["P1"]),            # equal removed, Column 4: 4 < 6
    ([[0, 1, 1, 1], FULL[0], FULL[0], [3, 3, 0, 0]], ["P1", "P2"]),      # equal removed and Column 4: shared
])
def test_timer_most_removed_then_lowest_column_4_then_shared(p1, winners) -> None:
    """timer-scoring: most dice removed, then the lower Column 4 total, then a shared victory.
    P2 (3 removed, Column 4 totals 6) plays face Hearts on sixes: all fizzle."""
    p2_grid = [SIXES, SIXES, SIXES, [6, 0, 0, 0]]
    out = hand(["J♣", "Q♣", "K♣", "A♣"], grid=p1, p2=["J♥", "Q♥", "K♥", "2♣"], p2_grid=p2_grid, reshuffles=2)
    assert out["score"]["P2"] == 3 and out["column_4_pips"]["P2"] == 6
    assert out["game_over"] and out["end"] == "timer" and out["winner"] == (winners[0] if len(winners) == 1 else winners)


@pytest.mark.parametrize("removed, title", [(0, "Did you read the rules!"), (4, "Did you read the rules!"),
                                            (5, "Diamond Cutter"), (8, "Diamond Cutter"), (9, "Swaptastic"),
                                            (12, "Swaptastic"), (13, "Die Slayer"), (15, "Die Slayer"), (16, "Zero Hero")])
def test_scoring_chart(removed: int, title: str) -> None:
    """scoring-titles: the chart's bands."""
    assert score_title(NUMBERS, removed) == title


# --- variants ----------------------------------------------------------------------------

def test_solo_reveal_decides_initiative() -> None:
    """solo-mode: the top card of the undealt deck contests Initiative; the higher card wins."""
    assert solo(["J♣", "Q♣", "K♣", "A♣"], reveal="K♠")["initiative"] == "P1"
    assert solo(["J♣", "Q♣", "K♣", "K♦"], reveal="K♥")["initiative"] == "deck"


def test_adversary_favor_raises_the_lowest_column_4_die() -> None:
    """solo-mode, zg-favor-timing: losing Initiative adds 1 to the lowest (topmost) Column 4 die."""
    grid = [[3, 6, 4, 5], [4, 5, 3, 6], [5, 4, 6, 3], [6, 3, 5, 3]]
    out = solo(["J♣", "Q♣", "K♣", "2♣"], reveal="9♦", grid=grid)
    assert out["favor"] == ["C4R2 3→4"] and out["grid"]["P1"][3] == [6, 4, 5, 3]
    assert out["results"]["P1"][3] == "2♣: unplayed (lost Initiative)"
    won = solo(["J♣", "Q♣", "K♣", "A♣"], reveal="9♦", grid=grid)
    assert won["favor"] == []


def test_favor_timing_variant_gives_the_favor_at_the_reveal() -> None:
    """zg-favor-timing (RULINGS 11) and its other reading, favor-at-reveal: a Column 1 card
    that shifts into Column 4 acts on it before the default favor and after the variant's.
    Spades flips the 6; by default the favor then finds the flipped 1 the lowest die, at
    the reveal it raises the 2 on top before anything resolves."""
    grid = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [2, 3, 6, 6]]
    cards = ["J♠", "Q♣", "K♣", "2♣"]
    default = solo(cards, reveal="9♦", grid=grid)
    assert default["results"]["P1"][0] == "J♠: C1→C4, spades C4R3 6→1"
    assert default["favor"] == ["C4R3 1→2"] and default["grid"]["P1"][3] == [2, 3, 2, 6]
    at_reveal = solo(cards, reveal="9♦", grid=grid, variants=("favor-at-reveal",))
    assert at_reveal["favor"] == ["C4R1 2→3"] and at_reveal["grid"]["P1"][3] == [3, 3, 1, 6]
    assert at_reveal["results"]["P1"][0] == "J♠: C1→C4, spades C4R3 6→1"
    log = at_reveal["log"]
    assert log.index(next(l for l in log if l.startswith("Adversary Favor"))) < log.index(
        next(l for l in log if l.startswith("P1 J♠")))
    assert GAME.new_game(variants=["favor-at-reveal"]).players == 1, "the variant is a solo game"


def test_easier_resolves_all_four_cards() -> None:
    """easier: both players resolve Column 4."""
    out = hand(["J♣", "Q♣", "K♣", "A♠"], p2=["2♥", "3♥", "4♥", "2♠"], variants=["easier"])
    assert out["results"]["P2"][3] == "2♠: spades C4R1 6→1"


def test_easier_allows_one_extra_reshuffle() -> None:
    """easier, zg-easier-details: two players end after the third reshuffle; solo after the second deck."""
    state = GAME.new_game(seed=4, variants=["easier"])
    while not GAME.is_over(state):
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.reshuffles == 3 and state.hand_no == 19
    state = GAME.new_game(seed=4, variants=["solo-mode", "easier"])
    while not GAME.is_over(state):
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.reshuffles == 1 and state.hand_no == 20


def test_hardcore_diamonds_take_one() -> None:
    """hardcore: Diamonds reduce by one instead of two (both readings)."""
    for variant in ("hardcore", "hardcore-rule-text"):
        out = hand(["J♦", "Q♣", "K♣", "A♣"], variants=[variant])
        assert out["results"]["P1"][0] == "J♦: diamonds C1R2 6→5"


def test_hardcore_fizzle_raises_the_highest_column_1_die() -> None:
    """hardcore, RULINGS 8 (the FAQ): any fizzle adds 1 to the highest Column 1 die."""
    grid = [[3, 5, 4, 5], [4, 5, 3, 6], [0, 0, 0, 0], [0, 0, 0, 0]]
    out = hand(["J♣", "Q♣", "K♣", "A♣"], grid=grid, variants=["hardcore"])
    assert out["penalties"]["P1"] == ["C1R2 5→6", "C1R2 6→6"]
    assert out["grid"]["P1"][0] == [3, 6, 4, 5]


def test_hardcore_penalty_moves_right_when_column_1_is_empty_and_stops_at_six() -> None:
    """zg-penalty-details: next non-empty column; a six stays six."""
    grid = [[0, 0, 0, 0], [6, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    out = hand(["J♣", "Q♣", "K♣", "A♣"], grid=grid, variants=["hardcore"])
    assert out["penalties"]["P1"] == ["C2R1 6→6", "C2R1 6→6", "C2R1 6→6"]


def test_rule_text_penalty_two_lowest_dice_one_per_column() -> None:
    """hardcore-rule-text, zg-rule-text-penalty: a fizzled face card raises the two lowest dice in two columns."""
    out = hand(["J♥", "Q♣", "K♣", "A♣"], grid=[[6, 6, 6, 6], [2, 1, 6, 6], [1, 6, 6, 6], [6, 6, 6, 6]],
               variants=["hardcore-rule-text"])
    assert out["penalties"]["P1"] == ["C2R2 1→2", "C3R1 1→2"]


def test_rule_text_penalty_ignores_a_fizzled_number_card() -> None:
    """hardcore-rule-text: only a required (face-card) suit power going unresolved is penalised."""
    out = hand(["7♥", "Q♣", "K♣", "A♣"], grid=[[6, 6, 6, 0], [0, 0, 0, 1], [0, 0, 0, 1], [0, 0, 0, 1]],
               variants=["hardcore-rule-text"])
    assert out["results"]["P1"][0] == "7♥: fizzles (no die there can take it)"
    assert out["penalties"]["P1"] == []


# --- protocol ----------------------------------------------------------------------------

def test_variants_and_player_counts_are_checked() -> None:
    with pytest.raises(SetupError, match="unknown Zero Grid variant"):
        GAME.new_game(variants=["harder"])
    with pytest.raises(SetupError, match="one Hardcore"):
        GAME.new_game(variants=["hardcore", "hardcore-rule-text"])
    with pytest.raises(SetupError, match="solo-mode"):
        GAME.new_game(players=2, variants=["solo-mode"])
    assert GAME.new_game(variants=["solo-mode"]).players == 1


def test_notation_errors_say_what_is_wrong() -> None:
    """Notation: bad cards, wrong turns and wrong powers are refused with the reason."""
    hands = [[parse_card(c) for c in ["7♠", "Q♣", "K♣", "A♣"]], [parse_card(c) for c in P2_FIZZLES]]
    state = GAME.new_game(seed=0, setup={"start": 0, "hands": hands})
    with pytest.raises(IllegalAction, match="not a card"):
        GAME.parse_action(state, "P1 programs 7X Q♣ K♣, initiative A♣")
    with pytest.raises(IllegalAction, match="not legal now"):
        GAME.parse_action(state, P2_PROGRAM)
    state = GAME.apply(state, GAME.parse_action(state, "P1 programs 7♠ Q♣ K♣, initiative A♣"))
    state = GAME.apply(state, GAME.parse_action(state, P2_PROGRAM))
    with pytest.raises(IllegalAction, match="spades power"):
        GAME.parse_action(state, "P1 7♠: hearts")
    assert GAME.parse_action(state, "p1 7s: swap with column 3") == ("swap", 2)
    assert GAME.parse_action(state, "P1 7♠: spades") == ("power",)
    with pytest.raises(IllegalAction):
        GAME.apply(state, ("swap", 0))  # a swap to the left


def test_log_explains_initiative_and_changes() -> None:
    out = hand(["J♠", "Q♣", "K♣", "A♦"], p2=["2♥", "3♥", "4♥", "A♣"])
    text = "\n".join(out["log"])
    assert "P1's A♦ beats P2's A♣ (same rank, diamonds outrank clubs)" in text
    assert "P1 J♠ spades: the die at C1R2 goes 6→1." in text
    assert "P2 lost Initiative and discards A♣ without resolving it." in text


def test_select_die_and_target_column_directly() -> None:
    """selecting-a-die / targeting as pure functions over a grid."""
    grid = (0, 0, 0, 0, 2, 6, 6, 1, 0, 0, 0, 0, 5, 0, 3, 0)
    assert target_column(grid, 0) == 1 and target_column(grid, 2) == 3
    assert select_die(grid, 0, 1, parse_card("7♥")) == (4, 6, (3,))
    assert select_die(grid, 1 << 6, 1, parse_card("7♠")) == (5, 4, (3,))


def test_rule_map_names_code_for_every_rule_variant_and_clarification() -> None:
    """Traceability: every id of game.yaml (effect sections, variants, clarifications) is
    marked with @implements on a function of the game package, and nothing else is."""
    content = shipped_game("zero-grid").content
    ids = [s.id for s in content.all_sections() if s.effect]
    ids += [v.id for v in content.variants] + [c.id for c in content.clarifications]
    assert sorted(GAME.rule_map) == sorted(ids)
    for rule_id, functions in GAME.rule_map.items():
        assert functions and all(f.__module__.startswith("generator.games.zero_grid.") for f in functions), rule_id
    assert {v.id for v in content.variants} == set(GAME.variants)


@pytest.mark.parametrize("position, message", [
    ({"grid": {"P1": [[7, 1, 1, 1], [1] * 4, [1] * 4, [1] * 4]}}, "a die shows 1 to 6"),
    ({"grid": {"P1": [[1, 1, 1], [1] * 4, [1] * 4, [1] * 4]}}, "four pips"),
    ({"hands": {"P1": ["A♠", "K♠", "Q♠", "J♠"], "P2": ["A♠", "2♣", "3♣", "4♣"]}}, "in two places at once"),
    ({"trump": "hearts"}, "unknown position field"),
    ({"hands": {"P3": ["A♠", "K♠", "Q♠", "J♠"]}}, "not a player"),
])
def test_unreadable_positions_say_what_is_wrong(position, message) -> None:
    """Worked examples with a bad position fail with a SetupError naming the problem."""
    with pytest.raises(SetupError, match=message):
        GAME.run_example(position, [], ())
