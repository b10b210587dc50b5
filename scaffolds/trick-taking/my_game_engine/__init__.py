"""The rules engine of My Game: a plain trick-taking game, as a Pipworks plugin.

Pipworks finds this package through the entry point in the project's pyproject.toml
(``[project.entry-points."pipworks.games"]``), whether or not it is installed, and
uses it to replay every worked example of content/my-game/examples.yaml when it
builds or runs ``pipworks verify``. The deck is read from the same cards.csv the
printed cards come from, so the rules and the print can never disagree.

The rules: deal every card; the leader plays any card; the others follow suit if they
can; the highest card of the suit led wins the trick and leads the next; whoever takes
the most tricks wins.

The engine has the three levels of Pipworks' engine protocol (the guide's page "Make
your own game" lists them): ``run_example`` for ``pipworks verify``; ``new_game``,
``to_move``, ``legal_actions``, ``apply``, ``is_over`` and ``result`` for ``pipworks
simulate``; and ``determinise`` for ``pipworks balance``, whose search bot must never
see another player's hand.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, NamedTuple, Sequence

from generator.content.cards import read_cards
from generator.games.spec import GameSpec
from generator.rules.base import IllegalAction, Result, SetupError, implements
from generator.rules.hidden import deal_unseen

GLYPHS = {"hearts": "♥", "spades": "♠", "diamonds": "♦", "clubs": "♣"}
Action = tuple[str, int]


class Deck(NamedTuple):
    """The cards as ints (``suit * len(ranks) + rank index``) and how they read."""

    suits: tuple[str, ...]
    ranks: tuple[str, ...]  # lowest first
    glyphs: tuple[str, ...] = ()  # how each suit reads in a card's name (7♥, 7★)

    def text(self, card: int) -> str:
        suit, rank = divmod(card, len(self.ranks))
        glyph = self.glyphs[suit] if self.glyphs else GLYPHS.get(self.suits[suit], self.suits[suit][0].upper())
        return self.ranks[rank] + glyph

    def suit(self, card: int) -> int:
        return card // len(self.ranks)

    def parse(self, text: str) -> int:
        for card in range(len(self.suits) * len(self.ranks)):
            if self.text(card) == text.strip():
                return card
        raise IllegalAction(f"{text!r} is not a card of this game (cards read like 7♥)")


class State(NamedTuple):
    hands: tuple[tuple[int, ...], ...]
    trick: tuple[tuple[int, int], ...]  # (seat, card) in play order
    leader: int
    tricks: tuple[int, ...]  # tricks taken by each seat
    log: tuple[str, ...]
    voids: tuple[int, ...]  # each seat's suits (bit per suit) it showed it lacks by not following


def read_deck(folder: Any, content: Any) -> Deck:
    """The deck from the game's cards file: its suits in game.yaml order, its ranks low to high."""
    component = next(c for c in content.components if c.cards)
    rows = read_cards(folder / component.cards).rows
    ranks = sorted({row.values["rank"] for row in rows}, key=lambda r: (len(r), r))
    return Deck(tuple(content.suit_names), tuple(ranks), tuple(glyph(suit) for suit in content.suits))


def glyph(suit: Any) -> str:
    """How a suit reads in a card's name: a standard suit's symbol (♥), a declared
    suit's text symbol (★), else its name's first letter."""
    name = suit if isinstance(suit, str) else suit.name
    symbol = name if isinstance(suit, str) else (suit.symbol or name)
    return GLYPHS.get(symbol) or (symbol if len(symbol) <= 2 else name[0].upper())


class Engine:
    slug = "my-game"
    title = "My Game"
    player_counts = (2, 3, 4)
    team_size = 1
    variants: Mapping[str, str] = {}

    def __init__(self, deck: Deck):
        self.deck = deck
        self.rule_map = {"deal": (self.new_game,), "follow-suit": (legal_cards,), "winning-a-trick": (trick_winner,),
                         "winning": (ranking,)}

    @implements("deal")
    def new_game(self, players: int | None = None, variants: Sequence[str] = (), seed: int = 0,
                 setup: Mapping[str, Any] | None = None) -> State:
        players = players or 2
        cards = list(range(len(self.deck.suits) * len(self.deck.ranks)))
        random.Random(seed).shuffle(cards)
        size = len(cards) // players
        hands = tuple(tuple(sorted(cards[i * size:(i + 1) * size])) for i in range(players))
        return State(hands, (), 0, (0,) * players, (), (0,) * players)

    def to_move(self, state: State) -> int | None:
        return None if self.is_over(state) else (state.leader + len(state.trick)) % len(state.hands)

    def legal_actions(self, state: State) -> Sequence[Action]:
        seat = self.to_move(state)
        return [] if seat is None else [("play", c) for c in legal_cards(self.deck, state, seat)]

    def apply(self, state: State, action: Action) -> State:
        seat = self.to_move(state)
        if seat is None or action not in self.legal_actions(state):
            raise IllegalAction(f"{self.action_text(state, action)} is not a legal play now")
        card = action[1]
        hands = tuple(tuple(c for c in hand if c != card) if i == seat else hand for i, hand in enumerate(state.hands))
        trick = state.trick + ((seat, card),)
        log = state.log + (f"P{seat + 1} plays {self.deck.text(card)}",)
        voids = state.voids
        if state.trick and self.deck.suit(card) != self.deck.suit(state.trick[0][1]):  # everyone saw it
            voids = tuple(v | (1 << self.deck.suit(state.trick[0][1]) if i == seat else 0) for i, v in enumerate(voids))
        if len(trick) < len(hands):
            return State(hands, trick, state.leader, state.tricks, log, voids)
        winner = trick_winner(self.deck, trick)
        tricks = tuple(n + (i == winner) for i, n in enumerate(state.tricks))
        return State(hands, (), winner, tricks, log + (f"P{winner + 1} wins the trick",), voids)

    def is_over(self, state: State) -> bool:
        return not state.trick and not any(state.hands)

    def result(self, state: State) -> Result:
        return Result(tuple(float(n) for n in state.tricks), ranking(state.tricks))

    def determinise(self, state: State, seat: int, rng: random.Random) -> State:
        """The game as ``seat`` might picture it: the other hands dealt again from the
        cards it has not seen, each the same size and with no card of a suit its holder
        showed it lacks. (Cards are played face up, so every play is seen in full.)"""

        def may_hold(other: int, card: int) -> bool:
            return not state.voids[other] >> self.deck.suit(card) & 1

        return state._replace(hands=deal_unseen(state.hands, seat, rng, may_hold))

    def log(self, state: State, viewer: int | None = None) -> Sequence[str]:
        return list(state.log)

    def describe(self, state: State, viewer: int | None = None) -> str:
        lines = [f"P{i + 1}: " + (" ".join(self.deck.text(c) for c in hand) if viewer in (None, i) else f"{len(hand)} cards")
                 for i, hand in enumerate(state.hands)]
        return "\n".join(lines + ["trick: " + " ".join(self.deck.text(c) for _, c in state.trick)])

    def action_text(self, state: State, action: Action) -> str:
        return self.deck.text(action[1])

    def parse_action(self, state: State, text: str) -> Action:
        action = ("play", self.deck.parse(text))
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{text} is not a legal play now (legal: "
                                f"{', '.join(self.action_text(state, a) for a in self.legal_actions(state))})")
        return action

    def run_example(self, position: Mapping[str, Any], play: Sequence[str], variants: Sequence[str]) -> Mapping[str, Any]:
        """position: ``hands: {P1: [5♥, 9♠], P2: [...]}`` and ``lead: P1``."""
        hands = position.get("hands")
        if not isinstance(hands, dict) or not hands:
            raise SetupError("position needs hands: {P1: [cards], P2: [cards], ...}")
        seats = [f"P{i + 1}" for i in range(len(hands))]
        if sorted(hands) != seats:
            raise SetupError(f"hands are named {', '.join(seats)}")
        lead = str(position.get("lead", "P1"))
        if lead not in seats:
            raise SetupError(f"lead must be one of {', '.join(seats)}")
        cards = tuple(tuple(self.deck.parse(str(c)) for c in hands[s]) for s in seats)
        state = State(cards, (), seats.index(lead), (0,) * len(seats), (), (0,) * len(seats))
        winners = []
        for move in play:
            before = len(state.trick)
            state = self.apply(state, self.parse_action(state, str(move)))
            if before and not state.trick:
                winners.append(seats[state.leader])
        return {"trick_winner": winners[-1] if winners else None, "trick_winners": winners,
                "tricks": {s: n for s, n in zip(seats, state.tricks)}, "log": list(state.log)}


@implements("follow-suit")
def legal_cards(deck: Deck, state: State, seat: int) -> tuple[int, ...]:
    """Any card to lead; to follow, a card of the suit led if the hand has one."""
    hand = state.hands[seat]
    if not state.trick:
        return hand
    led = deck.suit(state.trick[0][1])
    following = tuple(c for c in hand if deck.suit(c) == led)
    return following or hand


@implements("winning-a-trick")
def trick_winner(deck: Deck, trick: tuple[tuple[int, int], ...]) -> int:
    """The seat that played the highest card of the suit led."""
    led = deck.suit(trick[0][1])
    return max((card, seat) for seat, card in trick if deck.suit(card) == led)[1]


@implements("winning")
def ranking(tricks: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Most tricks first; equal counts share a place."""
    return tuple(tuple(s for s, n in enumerate(tricks) if n == count) for count in sorted(set(tricks), reverse=True))


def make(game: Any) -> Engine:
    return Engine(read_deck(game.folder, game.content))


SPEC = GameSpec(slug="my-game", engine=make)
