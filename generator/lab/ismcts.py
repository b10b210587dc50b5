"""Information-set Monte Carlo tree search, one for every game.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012), the variant for
partially observable moves: the tree is the searching seat's view of the game. Each
playout

1. **determinises**: deals every card the seat has not seen again, consistently with
   what it saw (the game's ``bots.determinise``), so the search never reads hidden
   information;
2. **selects** down the tree by UCB, among the moves legal in this deal only: a child's
   exploration term counts the playouts in which it was available, not its parent's
   visits, since a move can be legal in one deal and not in another;
3. **expands** one new move, then plays the game out at random to its end;
4. **backs up** each player's share of the victory to the moves that player chose.

Another player's move that the seat cannot see in full (a face-down card) is one tree
edge, keyed by what the seat does see (``bots.observed``); the actual card is drawn at
random among the ones that fit the deal. After the playouts the bot plays its most
visited move. Chance in the games is data in the state (the decks, the rolls), so
determinising also redraws future chance.
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable, Hashable, cast

from .bots import GameLab, win_shares

#: UCB exploration constant for rewards in [0, 1].
EXPLORATION = 0.7


class Node:
    """A move in the seat's view of the game: who made it and how it has done."""

    __slots__ = ("mover", "visits", "reward", "available", "children")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.children: dict[Hashable, Node] = {}


class IsmctsBot:
    """``iterations`` playouts a move (a move with one legal action is played at once)."""

    def __init__(self, lab: GameLab, iterations: int, exploration: float = EXPLORATION) -> None:
        self.name = f"ismcts:{iterations}"
        self.iterations = iterations
        self.exploration = exploration
        engine = lab.engine
        self.legal_actions, self.apply, self.is_over = engine.legal_actions, engine.apply, engine.is_over
        # to_move gives a seat while the game is on, and the search stops at its end
        self.to_move = cast(Callable[[Any], int], engine.to_move)
        self.result, self.team_size = engine.result, engine.team_size
        self.determinise, self.observed = lab.bots.determinise, lab.bots.observed

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        legal = self.legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        root = search(self, state, seat, rng)
        visits = {key: (child.visits, child.reward) for key, child in root.children.items()}
        return max(legal, key=lambda action: visits.get(action, (0, 0.0)))


def search(bot: IsmctsBot, state: Any, seat: int, rng: random.Random) -> Node:
    """Run the playouts from ``state``; the root's children are the seat's own moves."""
    root = Node(seat)
    for _ in range(bot.iterations):
        playout(bot, root, bot.determinise(state, seat, rng), seat, rng)
    return root


def playout(bot: IsmctsBot, root: Node, world: Any, seat: int, rng: random.Random) -> None:
    """One determinised playout: select, expand one move, play out at random, back up."""
    legal_actions, apply, is_over, to_move, observed = bot.legal_actions, bot.apply, bot.is_over, bot.to_move, bot.observed
    choice = rng.choice
    node, path = root, []
    while not is_over(world):
        mover = to_move(world)
        moves: dict[Hashable, list[Any]] = {}
        for action in legal_actions(world):
            moves.setdefault(observed(world, action, seat), []).append(action)
        children = node.children
        fresh = [key for key in moves if key not in children]
        for key in moves:
            child = children.get(key)
            if child is not None:
                child.available += 1
        if fresh:
            key = choice(fresh)
            child = children[key] = Node(mover)
            child.available = 1
            path.append(child)
            world = apply(world, choice(moves[key]))
            break
        key = max(moves, key=lambda k: _ucb(children[k], bot.exploration))
        node = children[key]
        path.append(node)
        world = apply(world, choice(moves[key]))
    while not is_over(world):
        world = apply(world, choice(legal_actions(world)))
    shares = win_shares(bot.result(world), bot.team_size)
    for child in path:
        child.visits += 1
        child.reward += shares[child.mover]


def _ucb(child: Node, exploration: float) -> float:
    if not child.visits:
        return math.inf
    return child.reward / child.visits + exploration * math.sqrt(math.log(child.available) / child.visits)
