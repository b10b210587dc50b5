"""The rules engine of My Game: a few cards and their stars, as a Pipworks plugin.

Pipworks finds this package through the entry point in the project's pyproject.toml
(``[project.entry-points."pipworks.games"]``), whether or not it is installed, and
replays every worked example of content/my-game/examples.yaml through it when it
builds or runs ``pipworks verify``. The cards are read from the same cards.csv the
printed cards come from (each row ``count`` times, worth its ``stars``), so the rules
and the print can never disagree.

The rules (game.yaml's): deal two cards to each player; in turn, each plays one card
from their hand face up; when every card is played, the most stars wins.

The engine has the three levels of Pipworks' engine protocol (the guide's page "Make
your own game" lists them): ``run_example`` for ``pipworks verify``; ``new_game``,
``to_move``, ``legal_actions``, ``apply``, ``is_over`` and ``result`` for ``pipworks
simulate``; and ``determinise`` for ``pipworks balance``, whose search bot must never
see another player's hand. A game without an engine builds too: delete this folder
and the entry point, and the examples are printed "not checked by an engine".
"""

from __future__ import annotations

import random
from typing import Any, Mapping, NamedTuple, Sequence

from generator.content.cards import read_cards
from generator.games.spec import GameSpec
from generator.rules.base import IllegalAction, Result, SetupError, implements
from generator.rules.hidden import deal_unseen

HAND = 2  # cards dealt to each player
Action = tuple[str, int]


class Card(NamedTuple):
    name: str
    stars: int


class State(NamedTuple):
    hands: tuple[tuple[int, ...], ...]  # cards are ints: their place in the deck
    played: tuple[tuple[int, ...], ...]  # face up in front of each player
    undealt: tuple[int, ...]  # the cards no one was dealt, face down
    player: int  # whose turn it is
    log: tuple[str, ...]


def read_deck(folder: Any, content: Any) -> tuple[Card, ...]:
    """Every printed card, each row of the cards file as many times as its count."""
    component = next(c for c in content.components if c.cards)
    deck = []
    for row in read_cards(folder / component.cards, component.sheet).rows:
        stars = row.values.get("stars", "0").strip() or "0"
        if not stars.isdigit():
            raise SetupError(f"{component.cards}:{row.line}: stars {stars!r} is not a whole number")
        deck += [Card(row.values["name"], int(stars))] * row.count
    return tuple(deck)


class Engine:
    slug = "my-game"
    title = "My Game"
    team_size = 1
    variants: Mapping[str, str] = {}

    def __init__(self, deck: tuple[Card, ...], players: range):
        self.deck = deck
        self.player_counts = tuple(n for n in players if HAND * n <= len(deck))  # two cards each must go round
        self.rule_map = {"deal": (self.new_game,), "turn": (play_card,), "winning": (ranking,)}

    @implements("deal")
    def new_game(self, players: int | None = None, variants: Sequence[str] = (), seed: int = 0,
                 setup: Mapping[str, Any] | None = None) -> State:
        players = players or 2
        if HAND * players > len(self.deck):
            raise SetupError(f"{len(self.deck)} cards cannot deal {HAND} to each of {players} players")
        cards = list(range(len(self.deck)))
        random.Random(seed).shuffle(cards)
        hands = tuple(tuple(sorted(cards[i * HAND:(i + 1) * HAND])) for i in range(players))
        return State(hands, ((),) * players, tuple(sorted(cards[players * HAND:])), 0, ())

    def to_move(self, state: State) -> int | None:
        return None if self.is_over(state) else state.player

    def legal_actions(self, state: State) -> Sequence[Action]:
        """Any card of the hand; two copies of a card are one choice."""
        hand = () if self.is_over(state) else state.hands[state.player]
        return [("play", card) for card in sorted({self.deck[c]: c for c in reversed(hand)}.values())]

    def apply(self, state: State, action: Action) -> State:
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{self.action_text(state, action)} is not a legal play now", "turn")
        return play_card(self.deck, state, action[1])

    def is_over(self, state: State) -> bool:
        return not any(state.hands)

    def result(self, state: State) -> Result:
        stars = self.stars(state)
        return Result(tuple(float(n) for n in stars), ranking(stars))

    def stars(self, state: State) -> tuple[int, ...]:
        return tuple(sum(self.deck[c].stars for c in cards) for cards in state.played)

    def determinise(self, state: State, seat: int, rng: random.Random) -> State:
        """The game as ``seat`` might picture it: the other hands (and the undealt cards)
        dealt again from the cards it has not seen, each the same size. Played cards are
        face up, so everyone saw them."""
        *hands, undealt = deal_unseen(state.hands + (state.undealt,), seat, rng)
        return state._replace(hands=tuple(hands), undealt=undealt)

    def log(self, state: State, viewer: int | None = None) -> Sequence[str]:
        return list(state.log)

    def describe(self, state: State, viewer: int | None = None) -> str:
        def names(cards: Sequence[int]) -> str:
            return ", ".join(self.deck[c].name for c in cards) or "-"

        def hidden(hand: Sequence[int]) -> str:
            return f"{len(hand)} card{'s' * (len(hand) != 1)}"

        return "\n".join(f"P{i + 1}: hand {names(hand) if viewer in (None, i) else hidden(hand)}; "
                         f"played {names(state.played[i])}" for i, hand in enumerate(state.hands))

    def action_text(self, state: State, action: Action) -> str:
        return self.deck[action[1]].name

    def parse_action(self, state: State, text: str) -> Action:
        for action in self.legal_actions(state):
            if self.action_text(state, action) == text.strip():
                return action
        hand = ", ".join(self.action_text(state, a) for a in self.legal_actions(state)) or "none"
        raise IllegalAction(f"{text!r} is not a card in the hand (cards to play: {hand})", "turn")

    def run_example(self, position: Mapping[str, Any], play: Sequence[str], variants: Sequence[str]) -> Mapping[str, Any]:
        """position: each player and the cards face up in front of them, e.g. ``{ana:
        [Early Bird, Night Owl], ben: [Wanderer, Wanderer]}``; the winner is counted."""
        if not isinstance(position, Mapping) or len(position) < 2:
            raise SetupError("position names each player and the cards they played, e.g. {ana: [Early Bird], ben: "
                             "[Wanderer]}")
        free: dict[str, list[int]] = {}  # the deck's cards not yet placed, by name
        for index, card in enumerate(self.deck):
            free.setdefault(card.name, []).append(index)
        played = []
        for player, names in position.items():
            if not isinstance(names, list):
                raise SetupError(f"{player}: a list of the cards they played", (player,))
            cards = []
            for name in map(str, names):
                if not free.get(name):
                    raise SetupError(f"{player}: no {name!r} left in the deck", (player,))
                cards.append(free[name].pop())
            played.append(tuple(cards))
        if play:
            raise IllegalAction(f"move 1 ({play[0]}): every card is played; the example ends the game", "turn", 1)
        state = State(((),) * len(played), tuple(played), (), 0, ())
        seats = [str(player).title() for player in position]
        first = ranking(self.stars(state))[0]
        return {"winner": " and ".join(seats[s] for s in first),
                "stars": dict(zip(seats, self.stars(state)))}


@implements("turn")
def play_card(deck: tuple[Card, ...], state: State, card: int) -> State:
    """The player puts one card of their hand face up in front of them; the next player's turn."""
    seat = state.player
    hands = tuple(tuple(c for c in hand if c != card) if i == seat else hand for i, hand in enumerate(state.hands))
    played = tuple(cards + (card,) if i == seat else cards for i, cards in enumerate(state.played))
    return State(hands, played, state.undealt, (seat + 1) % len(hands),
                 state.log + (f"P{seat + 1} plays {deck[card].name}",))


@implements("winning")
def ranking(stars: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Most stars first; equal counts share a place."""
    return tuple(tuple(s for s, n in enumerate(stars) if n == count) for count in sorted(set(stars), reverse=True))


def make(game: Any) -> Engine:
    players = game.content.players
    return Engine(read_deck(game.folder, game.content), range(players.min, players.max + 1))


SPEC = GameSpec(slug="my-game", engine=make)
