"""Starting a Multisuit session: checking the deck, drawing the chance, dealing.

All chance is drawn here, up front, from ``random.Random(seed)``: the first dealer and
the shuffled order of every deal the mode can need. ``setup`` may fix any of it.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from .base import SetupError
from .multisuit_cards import HAND_SIZE, SEATS, Table, check_deck, normalise_deck, shipped_deck, table_for
from .multisuit_state import EXCHANGE, MAX_DEALS, VARIANTS, State, next_seat

_CHECKED: dict[tuple, Table] = {}


def checked_table(deck: tuple) -> Table:
    """The lookup table for ``deck``, after checking it is a deck the rules describe."""
    table = _CHECKED.get(deck)
    if table is None:
        check_deck(deck)
        table = _CHECKED[deck] = table_for(deck)
    return table


def game_mode(variants: Sequence[str]) -> str:
    """'deal', 'game' or 'rubber' from the variant names; unknown names are refused."""
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        raise SetupError(f"unknown Multisuit variant(s) {unknown}; known: {', '.join(VARIANTS)}")
    return "rubber" if "rubber" in variants else "game" if "game" in variants else "deal"


def seat_index(value: Any) -> int:
    """A seat given as 0..3 or by name (``North``...)."""
    if isinstance(value, int) and 0 <= value < 4:
        return value
    for index, name in enumerate(SEATS):
        if str(value).strip().lower() in (name.lower(), name[0].lower()):
            return index
    raise SetupError(f"unknown seat {value!r}; seats are {', '.join(SEATS)}")


def deal_hands(dealer: int, order: Sequence[int]) -> tuple[int, int, int, int]:
    """Deal ``order`` one card at a time, clockwise from the dealer's left."""
    hands = [0, 0, 0, 0]
    seat = dealer
    for card in order:
        seat = (seat + 1) & 3
        hands[seat] |= 1 << card
    return hands[0], hands[1], hands[2], hands[3]


def _order(table: Table, ids: Sequence[Any], what: str) -> tuple[int, ...]:
    try:
        order = tuple(table.index[i] for i in ids)
    except KeyError as exc:
        raise SetupError(f"{what}: no card with id {exc.args[0]!r} in the deck") from None
    if sorted(order) != list(range(table.size)):
        raise SetupError(f"{what}: must list every card of the deck exactly once")
    return order


def _setup_hands(table: Table, hands: Mapping[Any, Sequence[Any]]) -> tuple[int, int, int, int]:
    masks = [0, 0, 0, 0]
    for seat, ids in hands.items():
        masks[seat_index(seat)] = sum(1 << table.index[i] for i in ids if i in table.index)
        if len(ids) != HAND_SIZE or masks[seat_index(seat)].bit_count() != HAND_SIZE:
            raise SetupError(f"hands: {seat} must get {HAND_SIZE} different cards of the deck")
    if sum(masks) != table.full or len(hands) != 4:
        raise SetupError("hands: the four hands must share out the whole deck")
    return masks[0], masks[1], masks[2], masks[3]


def new_game(players: int | None = None, variants: Sequence[str] = (), seed: int = 0,
             setup: Mapping[str, Any] | None = None) -> State:
    """A new session at the start of the first deal's exchange.

    ``setup`` may give ``deck`` (36 cards as (id, (spades, diamonds, clubs)) with ranks
    4..14 or None), ``dealer`` (seat), ``orders`` (one shuffled order of card ids per
    deal), ``deck_order`` (the first deal's order) or ``hands`` ({seat: 9 card ids}).
    Anything not given is drawn from ``random.Random(seed)``.
    """
    if players not in (None, 4):
        raise SetupError(f"Multisuit is for exactly 4 players, not {players}")
    mode = game_mode(variants)
    setup = setup or {}
    deck = normalise_deck(setup["deck"]) if "deck" in setup else shipped_deck()
    table = checked_table(deck)
    rng = random.Random(seed)
    dealer = seat_index(setup["dealer"]) if "dealer" in setup else rng.randrange(4)
    given = [_order(table, o, f"orders[{i}]") for i, o in enumerate(setup.get("orders", ()))]
    if "deck_order" in setup:
        given[:1] = [_order(table, setup["deck_order"], "deck_order")]
    size = table.size
    orders = tuple(given) + tuple(tuple(rng.sample(range(size), size)) for _ in range(MAX_DEALS[mode] - len(given)))
    state = State(table, mode, EXCHANGE, 0, dealer, (0, 0, 0, 0), (0, 0, 0, 0), 0, -1, (), 0, -1,
                  (0, 0), (0, 0), (0, 0), (0, 0), -1, orders, None)
    state = start_deal(state, dealer, 0)
    if "hands" in setup:
        state = state._replace(hands=_setup_hands(table, setup["hands"]))
    return state


def start_deal(state: State, dealer: int, deal_no: int) -> State:
    """Shuffle-and-deal: the stored order for this deal, 9 cards each; the exchange
    starts with the player on the dealer's left."""
    first = next_seat(dealer)
    return state._replace(
        phase=EXCHANGE, to_move=first, dealer=dealer, hands=deal_hands(dealer, state.orders[deal_no]),
        given=(0, 0, 0, 0), leader=first, suit=-1, trick=(), best=0, best_seat=-1,
        tricks=(0, 0), won=(0, 0), deal_no=deal_no, events=(("deal", deal_no, dealer), state.events),
    )
