"""Dice Lanes rules, one test per rule sentence with an effect (seed 001 and its rulings).

Each docstring names the rule section (content/dice-lanes/game.yaml) it checks. Positions
are written in the worked-example terms (``position_state``), moves in the notation.
"""

from __future__ import annotations

import pytest

from generator.games import find_game
from generator.games.dice_lanes import examples, notation as text
from generator.games.dice_lanes.play import apply, legal_actions, to_move
from generator.games.dice_lanes.state import Refilled, State
from generator.rules.base import IllegalAction, SetupError, oldest_first, play_lines

GAME = find_game("dice-lanes")
NUMBERS = GAME.numbers
GAME_DECK = NUMBERS.deck
SLOT_NAMES = NUMBERS.slot_names
THREE_CENTER = ["4 in Center", "2 in Center", "5 in Center"]


def position_state(position: dict) -> State:
    return examples.position_state(NUMBERS, position)


def run_example(position: dict, play: list[str], variants: tuple[str, ...]) -> dict:
    """A worked example's outcomes, without the check that a real game reaches the
    position: each test isolates one rule (an empty pool, any claimed dice); the check
    of positions has tests of its own (tests/verify/test_positions.py)."""
    state = play_lines(examples.position_state(NUMBERS, position, variants), play, GAME.parse_action, GAME.apply)
    return examples.outcomes(state, oldest_first(state.events))


def card_text(card: int) -> str:
    return text.card_text(NUMBERS, card)


def parse_card(name: str) -> int:
    return text.parse_card(NUMBERS, name)


def play(state: State, *lines: str) -> State:
    for line in lines:
        state = apply(state, GAME.parse_action(state, line))
    return state


def resolving(lanes, p1: dict, p2: dict, start="P1", **more) -> State:
    """A hand in its Resolve phase with the given programmed cards."""
    return position_state({"lanes": lanes, "start": start, "programmed": {"P1": p1, "P2": p2}, **more})


def notation(state: State) -> list[str]:
    return [GAME.action_text(state, a) for a in legal_actions(state)]


def deck_in_play(state: State) -> list[int]:
    cards = list(state.hands[0] + state.hands[1] + state.pile + state.discard)
    return sorted(cards + [c for c in state.program if c >= 0])


# --- setup -------------------------------------------------------------------------
def test_setup_deck_is_a_to_6_of_four_suits_shuffled_per_round() -> None:
    """setup-deck: the game deck is the 24 cards A(1)–6 of each suit, shuffled."""
    state = GAME.new_game(seed=5)
    assert len(state.decks) == 3
    for deck in state.decks:
        assert sorted(deck) == list(GAME_DECK) and len(deck) == 24
    assert state.decks[0] != tuple(GAME_DECK)
    assert {card_text(c) for c in GAME_DECK} == {r + s for r in "A23456" for s in "♥♦♠♣"}


def test_setup_rolls_three_dice_into_the_centers() -> None:
    """setup-dice: 3 dice from the pool are rolled and placed in the Center unchanged."""
    state = GAME.new_game(seed=1, setup={"dice": [6, 1, 3]})
    assert state.pips == (6, 1, 3) and state.slots == (0, 0, 0)
    assert state.pool == 6
    assert GAME.new_game(seed=1, variants=["extended-game"]).pool == 9


def test_setup_deals_four_cards_each_rest_is_the_draw_pile() -> None:
    """setup-deal: 4 cards to each player; the other 16 form the draw pile."""
    deck = [card_text(c) for c in GAME_DECK]
    state = GAME.new_game(setup={"deck": deck, "start_player": "P2"})
    assert len(state.hands[0]) == len(state.hands[1]) == 4
    assert state.pile == tuple(GAME_DECK[8:])
    assert state.hands[1] == (0, 2, 4, 6)  # the Start Player is dealt first
    assert deck_in_play(state) == list(GAME_DECK)


def test_first_start_player_is_random_and_can_be_fixed() -> None:
    """setup-start-player: the first Start Player is chosen at random (from the seed)."""
    starts = {GAME.new_game(seed=s).start for s in range(40)}
    assert starts == {0, 1}
    assert GAME.new_game(seed=0, setup={"start_player": "P2"}).start == 1
    assert to_move(GAME.new_game(seed=0, setup={"start_player": 1})) == 0


def test_dice_are_not_rolled_during_a_round() -> None:
    """no-rerolls: no die is rolled again within a round, only at its end."""
    import random

    state, rng = GAME.new_game(seed=9), random.Random(9)
    while state.round == 1:
        assert state.next_roll == 3
        state = apply(state, rng.choice(legal_actions(state)))
    assert state.next_roll > 3 or state.pips == (0, 0, 0)


# --- the board -----------------------------------------------------------------------
def test_five_slots_from_player_1_to_player_2() -> None:
    """board: each lane runs P1 Draw 2, P1 Draw 1, Center, P2 Draw 1, P2 Draw 2."""
    assert [SLOT_NAMES[s] for s in range(-2, 3)] == ["P1 Draw 2", "P1 Draw 1", "Center", "P2 Draw 1", "P2 Draw 2"]


def test_lane_numbers_run_from_player_1s_left() -> None:
    """lane-numbers: Player 2's left-to-right is lanes 3, 2, 1."""
    state = resolving(THREE_CENTER, {1: "A♥", 2: "2♥", 3: "3♥"}, {1: "A♦", 2: "2♦", 3: "3♦"}, start="P2")
    assert run_example({"lanes": THREE_CENTER, "start": "P2", "programmed": {
        "P1": {1: "A♥", 2: "2♥", 3: "3♥"}, "P2": {1: "A♦", 2: "2♦", 3: "3♦"}}}, [], ())["resolve_order"][0] == "P2 lane 3"
    assert state.order[0] == (1, 2)


def test_claimed_lane_is_inactive() -> None:
    """active-dice: a lane whose die was claimed gets no cards until the round ends."""
    state = position_state({"lanes": ["4 in Center", "empty", "5 in Center"], "hands": {"P1": ["A♥", "2♥"], "P2": ["A♦", "2♦"]}})
    assert {a[1] for a in legal_actions(state)} == {0, 2}
    with pytest.raises(IllegalAction, match="lane 2 has no active die"):
        play(state, "P1 programs A♥ to lane 2")


# --- program -------------------------------------------------------------------------
@pytest.mark.parametrize("lanes, cards", [
    (THREE_CENTER, 3),
    (["4 in Center", "empty", "5 in P1 Draw 1"], 2),
    (["empty", "empty", "5 in P2 Draw 1"], 1),
])
def test_program_one_card_to_every_active_lane(lanes, cards) -> None:
    """program: 3 active dice, 3 cards each; 2 dice, 2 each; 1 die, 1 each."""
    state = position_state({"lanes": lanes, "hands": {"P1": ["A♥", "2♥", "3♥", "4♥"], "P2": ["A♠", "2♠", "3♠", "4♠"]}})
    decisions = 0
    while state.phase == 0:
        state = apply(state, legal_actions(state)[0])
        decisions += 1
    assert decisions == 2 * cards
    assert len(state.hands[0]) == len(state.hands[1]) == 4 - cards
    assert len(state.order) == 2 * cards


def test_program_any_lane_in_any_order_but_one_card_per_lane() -> None:
    """program: cards may go to the active lanes in any order, exactly one per lane."""
    state = position_state({"lanes": THREE_CENTER, "hands": {"P1": ["A♥", "2♥", "3♥", "4♥"], "P2": ["A♠", "2♠", "3♠", "4♠"]}})
    assert len(legal_actions(state)) == 12
    state = play(state, "P1 programs 4♥ to lane 3")
    with pytest.raises(IllegalAction, match="already programmed a card to lane 3"):
        play(state, "P1 programs 2♥ to lane 3")
    with pytest.raises(IllegalAction, match="does not hold"):
        play(state, "P1 programs 4♥ to lane 1")
    assert len(legal_actions(state)) == 6


def test_programmed_cards_do_not_act_until_resolved() -> None:
    """program: a programmed card does nothing when played; the dice stay as they were."""
    state = position_state({"lanes": THREE_CENTER, "hands": {"P1": ["A♥", "2♥", "3♥", "4♥"], "P2": ["A♠", "2♠", "3♠", "4♠"]}})
    for _ in range(6):
        state = apply(state, legal_actions(state)[0])
    assert state.pips == (4, 2, 5) and state.slots == (0, 0, 0)
    assert GAME.describe(state).count("programmed: P1, P2") == 3


def test_start_player_programs_first_face_down() -> None:
    """program-face-down: the engine takes the Start Player's cards first, then the other's."""
    state = position_state({"lanes": THREE_CENTER, "start": "P2", "hands": {"P1": ["A♥", "2♥", "3♥"], "P2": ["A♠", "2♠", "3♠"]}})
    seats = []
    for _ in range(6):
        seats.append(to_move(state))
        state = apply(state, legal_actions(state)[0])
    assert seats == [1, 1, 1, 0, 0, 0]


def test_round_ends_at_once_when_a_player_is_short_of_cards() -> None:
    """program-short: fewer cards than active lanes ends the round immediately."""
    out = run_example({"lanes": THREE_CENTER, "hands": {"P1": ["A♥", "2♥"], "P2": ["A♠", "2♠"]}, "rolls": [1, 2, 3]}, [], ())
    assert out["round_ended"] and out["round"] == 2
    assert out["round_end"] == "Round 1 ends: P1 holds 2 cards for 3 active lanes"
    same = run_example({"lanes": ["4 in Center", "empty", "empty"], "hands": {"P1": ["A♥"], "P2": ["A♠"]}}, [], ())
    assert not same["round_ended"] and same["phase"] == "program"


# --- resolve order -------------------------------------------------------------------------
P1_CARDS = {1: "A♥", 2: "2♥", 3: "3♥"}
P2_CARDS = {1: "A♦", 2: "2♦", 3: "3♦"}


def order_of(state: State) -> list[str]:
    return [f"P{s + 1} lane {lane + 1}" for s, lane in state.order]


def test_resolve_order_player_1_starting() -> None:
    """resolve-order: P1 lane 1, P2 lane 3, P1 lane 2, P2 lane 2, P1 lane 3, P2 lane 1."""
    state = resolving(THREE_CENTER, P1_CARDS, P2_CARDS, start="P1")
    assert order_of(state) == ["P1 lane 1", "P2 lane 3", "P1 lane 2", "P2 lane 2", "P1 lane 3", "P2 lane 1"]


def test_resolve_order_player_2_starting() -> None:
    """resolve-order-exact: P2 lane 3, P1 lane 1, P2 lane 2, P1 lane 2, P2 lane 1, P1 lane 3."""
    state = resolving(THREE_CENTER, P1_CARDS, P2_CARDS, start="P2")
    assert order_of(state) == ["P2 lane 3", "P1 lane 1", "P2 lane 2", "P1 lane 2", "P2 lane 1", "P1 lane 3"]


def test_resolve_order_skips_an_empty_lane() -> None:
    """resolve-order: inactive lanes are skipped; each still goes from their own left."""
    state = resolving(["4 in Center", "empty", "5 in Center"], {1: "A♥", 3: "3♥"}, {1: "A♦", 3: "3♦"}, start="P1")
    assert order_of(state) == ["P1 lane 1", "P2 lane 3", "P1 lane 3", "P2 lane 1"]


def test_resolving_out_of_turn_is_refused() -> None:
    """resolve: cards resolve one at a time in the order; another card is refused."""
    state = resolving(THREE_CENTER, P1_CARDS, P2_CARDS, start="P1")
    with pytest.raises(IllegalAction, match="must now resolve A♥ in lane 1"):
        play(state, "P1 resolves 2♥ in lane 2: increase")
    with pytest.raises(IllegalAction, match="turn"):
        play(state, "P2 resolves 3♦ in lane 3: decrease")


# --- card actions ------------------------------------------------------------------------
def test_a_card_does_one_action_then_is_discarded() -> None:
    """card-actions: suit power or Draw, never both; the card is then discarded."""
    state = resolving(THREE_CENTER, {1: "4♥", 2: "A♥", 3: "A♠"}, P2_CARDS)
    assert notation(state) == ["P1 resolves 4♥ in lane 1: increase", "P1 resolves 4♥ in lane 1: draw"]
    drawn = play(state, "P1 resolves 4♥ in lane 1: draw")
    assert (drawn.pips[0], drawn.slots[0]) == (4, -1)
    raised = play(state, "P1 resolves 4♥ in lane 1: increase")
    assert (raised.pips[0], raised.slots[0]) == (5, 0)
    for after in (drawn, raised):
        assert after.discard[-1] == parse_card("4♥") and after.program[0] == -1


def test_draw_moves_the_die_one_slot_toward_the_player() -> None:
    """draw: on a rank match the die moves one Draw slot toward whoever resolves."""
    state = resolving(THREE_CENTER, P1_CARDS, {1: "A♦", 2: "2♦", 3: "5♠"})
    state = play(state, "P1 resolves A♥ in lane 1: increase", "P2 resolves 5♠ in lane 3: draw")
    assert (state.pips[2], state.slots[2]) == (5, 1)


def test_draw_needs_the_rank_to_match_the_current_pips() -> None:
    """draw: only a card whose rank equals the die's pips now may Draw."""
    state = resolving(THREE_CENTER, {1: "3♥", 2: "A♥", 3: "A♠"}, P2_CARDS)
    assert notation(state) == ["P1 resolves 3♥ in lane 1: increase"]
    with pytest.raises(IllegalAction, match="rank 3 does not match the die's 4"):
        play(state, "P1 resolves 3♥ in lane 1: draw")
    # pips change during the hand: a 4 raised to 5 now matches a 5
    state = resolving(THREE_CENTER, {1: "4♥", 2: "A♥", 3: "A♠"}, {1: "5♣", 2: "2♦", 3: "3♦"})
    state = play(state, "P1 resolves 4♥ in lane 1: increase", "P2 resolves 3♦ in lane 3: decrease",
                 "P1 resolves A♥ in lane 2: increase", "P2 resolves 2♦ in lane 2: decrease",
                 "P1 resolves A♠ in lane 3: flip")
    assert "P2 resolves 5♣ in lane 1: draw" in notation(state)


def test_draw_from_the_opponents_draw_2() -> None:
    """draw-from-opponent-side: Draw pulls a die back from the opponent's Draw 2."""
    state = resolving(["4 in P2 Draw 2", "2 in Center", "5 in Center"], {1: "4♣", 2: "A♥", 3: "A♠"}, P2_CARDS)
    state = play(state, "P1 resolves 4♣ in lane 1: draw")
    assert (state.pips[0], state.slots[0]) == (4, 1)


def test_no_draw_past_your_own_draw_2() -> None:
    """draw: a die cannot move beyond Draw Slot 2, so it cannot be drawn from there."""
    state = resolving(["4 in P1 Draw 2", "2 in Center", "5 in Center"], {1: "4♥", 2: "A♥", 3: "A♠"}, {1: "4♦", 2: "2♦", 3: "3♦"})
    assert notation(state) == ["P1 resolves 4♥ in lane 1: increase"]
    with pytest.raises(IllegalAction, match="already in P1 Draw 2"):
        play(state, "P1 resolves 4♥ in lane 1: draw")


# --- suit powers -------------------------------------------------------------------------
@pytest.mark.parametrize("card, before, after", [
    ("A♥", 3, 4), ("A♥", 6, 6), ("A♦", 3, 2), ("A♦", 1, 1),
    ("A♠", 1, 6), ("A♠", 2, 5), ("A♠", 3, 4), ("A♠", 4, 3), ("A♠", 5, 2), ("A♠", 6, 1),
])
def test_hearts_diamonds_spades(card, before, after) -> None:
    """suit-hearts / suit-diamonds / suit-spades: +1 (6 stays), -1 (1 stays), opposite face."""
    if before == 1 and card != "A♠":
        card = card.replace("A", "2")  # an ace would match the 1: keep the test about the power
    state = resolving([f"{before} in Center", "empty", "empty"], {1: card}, {1: "6♣"})
    word = {"♥": "increase", "♦": "decrease", "♠": "flip"}[card[1]]
    state = play(state, f"P1 resolves {card} in lane 1: {word}")
    assert state.pips[0] == after and state.slots[0] == 0


def test_spades_opposite_faces_add_to_seven() -> None:
    """spades-opposite-face: flipping turns a die to 7 minus its pips."""
    from generator.games.dice_lanes.play import flip

    assert [flip(p) for p in range(1, 7)] == [6, 5, 4, 3, 2, 1]


def test_clubs_swaps_whole_positions_across_slots() -> None:
    """suit-clubs, clubs-whole-position: the dice trade lane and slot, keeping pips."""
    state = resolving(["4 in P1 Draw 1", "2 in Center", "5 in P2 Draw 2"], {1: "6♣", 2: "A♥", 3: "A♠"}, P2_CARDS)
    assert notation(state) == ["P1 resolves 6♣ in lane 1: swap with lane 2", "P1 resolves 6♣ in lane 1: swap with lane 3"]
    state = play(state, "P1 resolves 6♣ in lane 1: swap with lane 3")
    assert [(state.pips[i], SLOT_NAMES[state.slots[i]]) for i in range(3)] == [
        (5, "P1 Draw 1"), (2, "Center"), (4, "P2 Draw 2")]


def test_clubs_alone_does_nothing_but_may_still_draw() -> None:
    """suit-clubs: with one active die a Club does nothing unless it Draws on a match."""
    state = resolving(["empty", "3 in Center", "empty"], {2: "3♣"}, {2: "A♦"})
    assert notation(state) == ["P1 resolves 3♣ in lane 2: swap (no other die)", "P1 resolves 3♣ in lane 2: draw"]
    still = play(state, "P1 resolves 3♣ in lane 2: swap (no other die)")
    assert (still.pips, still.slots) == (state.pips, state.slots)
    drawn = play(state, "P1 resolves 3♣ in lane 2: draw")
    assert drawn.slots[1] == -1


def test_clubs_swap_target_is_chosen_and_required() -> None:
    """clubs-swap-choice: the resolving player names the other die; swapping is not optional."""
    state = resolving(THREE_CENTER, {1: "6♣", 2: "A♥", 3: "A♠"}, P2_CARDS)
    with pytest.raises(IllegalAction, match="must name the lane"):
        apply(state, ("swap", 0, parse_card("6♣")))
    with pytest.raises(IllegalAction, match="only a Clubs card swaps"):
        play(resolving(THREE_CENTER, P1_CARDS, P2_CARDS), "P1 resolves A♥ in lane 1: swap with lane 2")


def test_cards_follow_lanes_not_dice() -> None:
    """cards-follow-lanes: after a swap a lane's card acts on the die now in that lane."""
    state = resolving(["4 in Center", "2 in Center", "5 in Center"], {1: "6♣", 2: "A♥", 3: "A♠"}, {1: "A♦", 2: "2♦", 3: "5♦"})
    state = play(state, "P1 resolves 6♣ in lane 1: swap with lane 3")  # the 5 comes to lane 1, the 4 to lane 3
    assert "P2 resolves 5♦ in lane 3: draw" not in notation(state)
    assert "P2 resolves 5♦ in lane 3: decrease" in notation(state)
    state = play(state, "P2 resolves 5♦ in lane 3: decrease")
    assert state.pips == (5, 2, 3)


# --- claim and refill ----------------------------------------------------------------------
def test_claim_check_takes_draw_2_dice_at_their_pips() -> None:
    """claim-check: dice in a Draw 2 are claimed; Draw 1 and Center dice stay active."""
    out = run_example({"lanes": ["4 in P1 Draw 1", "2 in Center", "5 in P2 Draw 1"], "start": "P1",
                       "programmed": {"P1": {1: "4♠", 2: "A♥", 3: "A♠"}, "P2": {1: "A♦", 2: "2♦", 3: "5♥"}}},
                      ["P1 resolves 4♠ in lane 1: draw", "P2 resolves 5♥ in lane 3: draw",
                       "P1 resolves A♥ in lane 2: increase", "P2 resolves 2♦ in lane 2: decrease",
                       "P1 resolves A♠ in lane 3: flip", "P2 resolves A♦ in lane 1: decrease"], ())
    assert out["claimed"] == {"P1": [3], "P2": [2]}
    assert out["lanes"] == ["empty", "2 in Center", "empty"]
    assert out["claims"] == ["P1 claims the 3 from lane 1 (P1 Draw 2)", "P2 claims the 2 from lane 3 (P2 Draw 2)"]


def test_a_die_in_draw_2_can_still_be_drawn_back_before_the_claim() -> None:
    """draw-two-stays-in-play: a die reaching Draw 2 mid-hand is claimed only at the check."""
    out = run_example({"lanes": ["4 in P1 Draw 1", "empty", "empty"], "start": "P1",
                       "programmed": {"P1": {1: "4♠"}, "P2": {1: "4♦"}}},
                      ["P1 resolves 4♠ in lane 1: draw", "P2 resolves 4♦ in lane 1: draw"], ())
    assert out["claimed"] == {"P1": [], "P2": []} and out["lane_1"] == "4 in P1 Draw 1"


def test_refill_alternates_from_the_start_player_up_to_four() -> None:
    """refill: the Start Player draws first, one card at a time, until both hold 4."""
    state = position_state({"lanes": ["4 in Center", "empty", "empty"], "start": "P2",
                            "hands": {"P1": ["A♥", "2♥", "3♥"], "P2": ["A♠", "2♠", "3♠"]},
                            "programmed": {"P1": {1: "6♥"}, "P2": {1: "6♠"}},
                            "draw_pile": ["5♣", "6♣", "4♦", "5♦"]})
    state = play(state, "P2 resolves 6♠ in lane 1: flip", "P1 resolves 6♥ in lane 1: increase")
    assert state.hands == (parse_cards("A♥ 2♥ 3♥ 6♣"), parse_cards("A♠ 2♠ 3♠ 5♣"))
    assert state.pile == parse_cards("4♦ 5♦")


def parse_cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(c) for c in text.split())


@pytest.mark.parametrize("pile, each, left", [(3, 1, 1), (1, 0, 1), (0, 0, 0), (5, 2, 1), (16, 3, 10)])
def test_refill_gives_both_players_equal_numbers(pile, each, left) -> None:
    """refill: both get the same number; with fewer than 2 cards nobody draws."""
    free = "3♥ 4♥ 5♥ 6♥ A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 4♠ 5♠ 6♠ 4♣ 5♣ 6♣".split()
    cards = free[:pile]
    state = position_state({"lanes": THREE_CENTER, "hands": {"P1": ["A♥"], "P2": ["2♥"]}, "rolls": [1, 2, 3],
                            "programmed": {"P1": {1: "A♠", 2: "2♠", 3: "3♠"}, "P2": {1: "A♣", 2: "2♣", 3: "3♣"}},
                            "draw_pile": cards})
    for _ in range(6):
        state = apply(state, legal_actions(state)[0])
    refills = [e for e in oldest_first(state.events) if isinstance(e, Refilled)]
    assert refills == [Refilled(start=0, each=each, left=left)]
    if state.round == 1:  # enough cards for another hand: the hands are what was drawn
        assert len(state.hands[0]) == len(state.hands[1]) == 1 + each


def test_start_player_passes_after_every_hand_and_across_rounds() -> None:
    """next-start-player, start-player-alternates: the start alternates, rounds included."""
    import random

    state, rng = GAME.new_game(seed=4), random.Random(4)
    starts = [(state.round, state.hand, state.start)]
    while not GAME.is_over(state):
        state = apply(state, rng.choice(legal_actions(state)))
        if (state.round, state.hand) != starts[-1][:2]:
            starts.append((state.round, state.hand, state.start))
    for (_, _, a), (_, _, b) in zip(starts, starts[1:]):
        assert a != b


# --- round end ---------------------------------------------------------------------------
def test_round_ends_when_every_die_is_claimed_without_refill() -> None:
    """round-end, no-refill-after-last-claim: the last claim ends the round; no refill."""
    out = run_example({"lanes": ["4 in P1 Draw 1", "empty", "empty"], "start": "P1", "claimed": {"P1": [6], "P2": [2]},
                       "programmed": {"P1": {1: "4♠"}, "P2": {1: "A♦"}}, "rolls": [3, 1, 6]},
                      ["P1 resolves 4♠ in lane 1: draw", "P2 resolves A♦ in lane 1: decrease"], ())
    assert out["round_end"] == "Round 1 ends: every die has been claimed"
    assert not any(line.startswith("Refill") for line in out["log"])
    assert out["claimed"] == {"P1": [6, 3], "P2": [2]}  # claimed at the pips it shows then
    assert out["round"] == 2 and out["start_player"] == "P2"
    assert out["lanes"] == ["3 in Center", "1 in Center", "6 in Center"]


def test_final_claim_check_keeps_draw_1_rerolls_center_and_adds_dice() -> None:
    """final-claim: Draw 2 claimed, Draw 1 kept, Center rerolled, empty lanes get new dice."""
    out = run_example({"lanes": ["2 in P2 Draw 1", "5 in Center", "empty"], "hands": {"P1": ["A♥"], "P2": ["A♠"]},
                       "claimed": {"P1": [4]}, "rolls": [6, 3]}, [], ())
    assert out["lanes"] == ["2 in P2 Draw 1", "6 in Center", "3 in Center"]
    assert out["pool"] == 9 - 2 - 1 - 1  # two dice on the board, one claimed, one new die


def test_last_round_only_claims() -> None:
    """last-round-check: after the last round nothing is rerolled or added."""
    out = run_example({"round": 3, "lanes": ["2 in P2 Draw 1", "5 in Center", "empty"],
                       "hands": {"P1": ["A♥"], "P2": ["A♠"]}, "claimed": {"P1": [4, 4], "P2": [3]}}, [], ())
    assert out["game_over"] and out["lanes"] == ["2 in P2 Draw 1", "5 in Center", "empty"]
    assert out["winner"] == "P1" and out["decided_by"] == "dice"


def test_next_round_reshuffles_all_24_and_deals_4() -> None:
    """next-round, new-round-reshuffle: hands are not kept; all 24 cards are dealt anew."""
    fresh = [card_text(c) for c in reversed(GAME_DECK)]
    out = run_example({"lanes": THREE_CENTER, "hands": {"P1": ["A♥", "2♥"], "P2": ["A♠", "2♠"]}, "rolls": [1, 2, 3],
                       "next_decks": [fresh]}, [], ())
    assert out["hand_sizes"] == {"P1": 4, "P2": 4} and out["draw_pile_size"] == 16
    assert out["hands"]["P1"] == ["6♠", "2♣", "4♣", "6♣"]  # the start of round 2 (P1) is dealt first
    assert out["discard_size"] == 0


def test_short_round_start_goes_to_the_unplayed_hands_start_player() -> None:
    """start-after-short-round: the player due to start the unplayed hand starts the next round."""
    out = run_example({"lanes": THREE_CENTER, "start": "P2", "hands": {"P1": ["A♥"], "P2": ["A♠"]}, "rolls": [1, 2, 3]}, [], ())
    assert out["round"] == 2 and out["start_player"] == "P2" and out["to_move"] == "P2"


# --- scoring -----------------------------------------------------------------------------
@pytest.mark.parametrize("p1, p2, winner, decided", [
    ([1, 1, 1], [6, 6], "P1", "dice"),
    ([6, 2], [5, 4], "P2", "pips"),
    ([6, 3], [5, 4], ["P1", "P2"], "shared"),
    ([], [], ["P1", "P2"], "shared"),
])
def test_scoring_dice_then_pips_then_shared(p1, p2, winner, decided) -> None:
    """scoring: most claimed dice wins; equal dice, higher pip total; still equal, shared."""
    out = run_example({"round": 3, "lanes": ["empty"] * 3, "claimed": {"P1": p1, "P2": p2}}, [], ())
    assert (out["winner"], out["decided_by"]) == (winner, decided)
    result = GAME.result(position_state({"round": 3, "lanes": ["empty"] * 3, "claimed": {"P1": p1, "P2": p2}}))
    assert result.scores == (len(p1), len(p2))


# --- variant and protocol -----------------------------------------------------------------
def test_extended_game_has_four_rounds_and_twelve_dice() -> None:
    """extended-game: 4 rounds with a pool of 12 dice; nothing else changes."""
    import random

    state, rng = GAME.new_game(seed=2, variants=["extended-game"]), random.Random(2)
    assert state.rounds == 4 and state.pool == 9 and len(state.decks) == 4
    rounds = set()
    while not GAME.is_over(state):
        rounds.add(state.round)
        state = apply(state, rng.choice(legal_actions(state)))
    assert rounds == {1, 2, 3, 4}
    with pytest.raises(SetupError, match="unknown Dice Lanes variant"):
        GAME.new_game(variants=["turbo"])


def test_only_two_players() -> None:
    """Dice Lanes is a two-player game."""
    with pytest.raises(SetupError):
        GAME.new_game(players=3)


def test_notation_errors_name_the_problem() -> None:
    state = resolving(THREE_CENTER, P1_CARDS, P2_CARDS)
    with pytest.raises(IllegalAction, match="not Dice Lanes notation"):
        GAME.parse_action(state, "move the die")
    with pytest.raises(IllegalAction, match="can increase, not flip"):
        GAME.parse_action(state, "P1 resolves A♥ in lane 1: flip")
    assert GAME.parse_action(state, "resolve AH in lane 1: increase") == legal_actions(state)[0]
    with pytest.raises(IllegalAction, match="not a card"):
        GAME.parse_action(state, "P1 resolves 9♥ in lane 1: increase")


def test_positions_refuse_bad_input() -> None:
    with pytest.raises(SetupError, match="A♥ in two places at once"):
        GAME.run_example({"lanes": THREE_CENTER, "hands": {"P1": ["A♥", "2♥"], "P2": ["A♥", "3♥"]}}, [], ())
    with pytest.raises(SetupError, match="should read like"):
        position_state({"lanes": ["4 at the middle", "empty", "empty"]})
    with pytest.raises(SetupError, match="P1 holds 1 cards and P2 0"):
        GAME.run_example({"lanes": THREE_CENTER, "hands": {"P1": ["A♥"], "P2": []}}, [], ())
    with pytest.raises(SetupError, match="missing P2 lane 3"):
        position_state({"lanes": THREE_CENTER, "programmed": {"P1": P1_CARDS, "P2": {1: "A♦", 2: "2♦"}}})


def test_every_rule_and_clarification_maps_to_engine_code() -> None:
    """Traceability: each effect section, variant and clarification names real engine code."""
    import yaml
    from pathlib import Path

    game = yaml.safe_load((Path(__file__).resolve().parents[3] / "content/dice-lanes/game.yaml").read_text(encoding="utf-8"))

    def ids(sections):
        for s in sections or []:
            if s.get("effect", True):
                yield s["id"]
            yield from ids(s.get("sections"))

    wanted = set(ids(game["setup"])) | set(ids(game["rules"]))
    wanted |= {v["id"] for v in game["variants"]} | {c["id"] for c in game["clarifications"]}
    assert wanted <= set(GAME.rule_map), sorted(wanted - set(GAME.rule_map))
    assert set(GAME.rule_map) <= wanted, f"rule_map names ids the content lacks: {sorted(set(GAME.rule_map) - wanted)}"
    for ident, functions in GAME.rule_map.items():
        assert functions, ident
        for function in functions:
            assert callable(function) and function.__module__.startswith("generator.games.dice_lanes."), (ident, function)
            assert ident in function.__rules__
