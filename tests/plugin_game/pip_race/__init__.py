"""Pip Race: a toy game registered through the ``pipworks.games`` entry point.

Two players take turns adding 1 or 2 pips to a shared total; whoever brings it to the
target (a number in the game's ``data:`` block) wins. Everything Pipworks needs is
here: the spec, the engine, the printed card and the data record.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Mapping, Sequence

from generator.components import typeset as ts
from generator.components.base import Component, Face, FaceOptions
from generator.content.record import AtLeast, record
from generator.content.schema import GameContent
from generator.games.spec import GameSpec
from generator.rules.base import IllegalAction, Result, SetupError
from generator.scene import Rect, Scene, Style


@record
class Numbers:
    """The ``data:`` block of Pip Race's game.yaml."""

    target: Annotated[int, AtLeast(3)]


ACTIONS = (("add", 1), ("add", 2))
NAMES = ("P1", "P2")


@dataclass(frozen=True)
class State:
    total: int
    seat: int
    target: int
    moves: tuple[str, ...] = ()


class Engine:
    slug = "pip-race"
    title = "Pip Race"
    player_counts = (2,)
    team_size = 1
    variants: Mapping[str, str] = {}
    rule_map: Mapping[str, tuple[Any, ...]] = {}

    def __init__(self, numbers: Numbers):
        self.target = numbers.target

    def new_game(self, players: int | None = None, variants: Sequence[str] = (), seed: int = 0,
                 setup: Mapping[str, Any] | None = None) -> State:
        return State(int((setup or {}).get("total", 0)), seed % 2, self.target)

    def to_move(self, state: State) -> int | None:
        return None if self.is_over(state) else state.seat

    def legal_actions(self, state: State) -> Sequence[tuple[str, int]]:
        return [] if self.is_over(state) else [a for a in ACTIONS if state.total + a[1] <= state.target]

    def apply(self, state: State, action: tuple[str, int]) -> State:
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{self.action_text(state, action)} is not legal at {state.total}")
        line = f"{NAMES[state.seat]} adds {action[1]}"
        return State(state.total + action[1], 1 - state.seat, state.target, state.moves + (line,))

    def is_over(self, state: State) -> bool:
        return state.total >= state.target

    def result(self, state: State) -> Result:
        winner = 1 - state.seat
        return Result((float(winner == 0), float(winner == 1)), ((winner,), (1 - winner,)))

    def log(self, state: State, viewer: int | None = None) -> Sequence[str]:
        return list(state.moves)

    def describe(self, state: State, viewer: int | None = None) -> str:
        return f"total {state.total} of {state.target}; {NAMES[state.seat]} to move"

    def seat_name(self, state: State, seat: int) -> str:
        return NAMES[seat]

    def action_text(self, state: State, action: tuple[str, int]) -> str:
        return f"add {action[1]}"

    def parse_action(self, state: State, text: str) -> tuple[str, int]:
        for action in self.legal_actions(state):
            if text.strip().lower() == self.action_text(state, action):
                return action
        raise IllegalAction(f"{text!r} is not a legal move at {state.total}")

    def run_example(self, position: Mapping[str, Any], play: Sequence[str], variants: Sequence[str]) -> Mapping[str, Any]:
        if position.get("to_move") not in NAMES:
            raise SetupError("to_move must be P1 or P2")
        state = State(int(position.get("total", 0)), NAMES.index(position["to_move"]), self.target)
        for move in play:
            state = self.apply(state, self.parse_action(state, move))
        winner = NAMES[1 - state.seat] if self.is_over(state) else None
        return {"total": state.total, "winner": winner, "log": list(state.moves)}


def _engine(game: Any) -> Engine:
    from generator.content.record import parse

    return Engine(parse(Numbers, game.content.data))


def _faces(content: GameContent, options: FaceOptions, project_root: Path) -> Sequence[Component]:
    """One printed card: the game's name and its target."""
    w, h = options.card_size
    numbers = Numbers(target=int(content.data["target"]))
    items = (Rect(0.0, 0.0, w, h, Style(fill="#ffffff", stroke="#1f2a44", stroke_width=0.5), radius=3.0),
             ts.label(w / 2, h / 2 - 4.0, content.title, "title", w - 12.0, ts.TITLE, "middle", True),
             ts.label(w / 2, h / 2 + 6.0, f"first to {numbers.target} wins", "target", w - 12.0, ts.BODY, "middle"))
    front = Scene(name="pip-race card", width=w, height=h, items=items)
    return [Component(id="race-card", name="race card", kind="card", faces=(Face(front=front, copies=2),), trim=(w, h))]


SPEC = GameSpec(slug="pip-race", engine=_engine, faces=_faces, data=lambda: Numbers)
