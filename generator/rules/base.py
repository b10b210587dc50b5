"""The protocol every rules engine follows.

Every game is a package under ``generator.games`` whose engine satisfies :class:`Game`
(see ``generator.games`` for the registry and the package shape). Engines are pure: ``apply`` returns a new state and never
mutates the one it was given, and every random event (shuffle, deal, roll, start
player) comes from the seed given to ``new_game`` or from explicit ``setup`` data, so a
test or a worked example can fix the deal, the dice and the order.

Rules modules never import rendering, content loading or the CLI.
"""

from __future__ import annotations

from dataclasses import field
from types import ModuleType
from typing import Any, Callable, Mapping, NamedTuple, Protocol, Sequence, TypeVar
from ..scene import frozen


def card_count(n: int) -> str:
    """``1 card``, ``2 cards``: a count of cards as the table says it."""
    return f"{n} card" if n == 1 else f"{n} cards"


class IllegalAction(ValueError):
    """An action that the rules do not allow in this state; the message says why.

    ``rule`` is the id (in the game's ``game.yaml``) of the rule that forbids the move,
    when a rule does; None when the text names no move at all (unreadable notation).
    A worked example can expect a refusal by that id (``refused: must-follow``).
    ``move`` is the number of the example's move that was refused (1 for the first)."""

    def __init__(self, message: str, rule: str | None = None, move: int | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.move = move


class SetupError(ValueError):
    """A position or configuration the rules cannot start from (bad deal, bad dice...).
    ``where`` is the field of the example's ``position`` at fault, when one is (so the
    message can give its line); empty: the position as a whole."""

    where: tuple[Any, ...] = ()  # also for a subclass that sets up its own message

    def __init__(self, message: str = "", where: tuple[Any, ...] = ()) -> None:
        super().__init__(message)
        self.where = where


class Impossible(NamedTuple):
    """One reason a position could not arise in a real game: what is wrong, the id of
    the rule (in ``game.yaml``) it breaks, and where in the example's ``position`` it
    is (field names and list indexes, e.g. ``("hands", "North", 2)``; empty: the whole
    position)."""

    reason: str
    rule: str
    where: tuple[Any, ...] = ()


class ImpossiblePosition(SetupError):
    """A worked example's position that no game played by the rules can reach: a card
    that is not in the game, a card in two places, a die showing 7, the wrong leader...
    ``problems`` holds every reason found, each with its rule id."""

    def __init__(self, problems: Sequence[Impossible]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{p.reason} (rule {p.rule})" for p in self.problems))


def refuse_impossible(problems: Sequence[Impossible]) -> None:
    """Raise :class:`ImpossiblePosition` when ``problems`` holds any."""
    if problems:
        raise ImpossiblePosition(problems)


def play_lines(state: S, lines: Sequence[str], parse: Callable[[S, str], Any], apply: Callable[[S, Any], S]) -> S:
    """Play a worked example's moves (notation, one a line) from ``state``. A refused
    move raises IllegalAction saying which move it was (``move``), its rule kept."""
    for number, line in enumerate(lines, start=1):
        try:
            state = apply(state, parse(state, str(line)))
        except IllegalAction as exc:
            raise IllegalAction(f"move {number} ({line}): {exc}", exc.rule, number) from None
    return state


S = TypeVar("S")
A = TypeVar("A")

#: An engine's event history, newest first as ``(event, older)`` pairs: appending an
#: event shares the whole past instead of copying it, which keeps ``apply`` cheap.
Events = tuple[tuple, "Events"] | None


def oldest_first(events: Events) -> list[tuple]:
    """The events of a history, oldest first."""
    out: list[tuple] = []
    while events is not None:
        out.append(events[0])
        events = events[1]
    out.reverse()
    return out


@frozen
class Result:
    """The outcome of a finished game.

    ``scores`` is one number per seat (what the game counts: locked pips, claimed dice,
    rounds won...). ``ranking`` lists groups of seats from first place down; a group of
    more than one seat is a shared place (a shared victory when it is the first group).
    ``details`` holds game-specific figures for reports (e.g. tie-breaks used).
    """

    scores: tuple[float, ...]
    ranking: tuple[tuple[int, ...], ...]
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ranking[0] if self.ranking else ()


class Game(Protocol[S, A]):
    """What the CLI, the verifier, the simulator and the bots rely on.

    ``S`` is the game's state type (an immutable NamedTuple in every shipped game) and
    ``A`` its action type (a plain tuple whose first item names the move, e.g.
    ``("play", 17)``). Metadata is read-only here so a plain class attribute satisfies it.
    """

    @property
    def slug(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def player_counts(self) -> tuple[int, ...]: ...

    @property
    def team_size(self) -> int:
        """Seats that win together (2 in a partnership game, else 1)."""

    @property
    def variants(self) -> Mapping[str, str]:
        """Variant id -> one-line description; the ids are what ``--variant`` takes."""

    @property
    def rule_map(self) -> Mapping[str, tuple[Callable[..., Any], ...]]:
        """Rule, variant and clarification id (from ``game.yaml``) -> the functions that
        implement it (collected from :func:`implements`); checked by a traceability test."""

    def new_game(self, players: int | None = None, variants: Sequence[str] = (), seed: int = 0,
                 setup: Mapping[str, Any] | None = None) -> S:
        """A game set up from the seed (every shuffle, deal and roll drawn from it), or
        from explicit ``setup`` data that fixes any of them."""

    def to_move(self, state: S) -> int | None:
        """Seat of the player who decides next (None once the game is over)."""

    def legal_actions(self, state: S) -> Sequence[A]:
        """Every legal decision for ``to_move(state)``; never empty unless over."""

    def apply(self, state: S, action: A) -> S:
        """Next state; raises :class:`IllegalAction` (saying why) for an illegal action."""

    def is_over(self, state: S) -> bool: ...

    def result(self, state: S) -> Result: ...

    def log(self, state: S, viewer: int | None = None) -> Sequence[str]:
        """Readable events so far: who won the trick and why, which die changed how...

        ``viewer=None`` tells everything (designers, tests, examples, simulate). With a
        seat number, each line says only what that seat may know at that moment under the
        rules: their own cards, cards face up on the table, public dice; another seat's
        face-down or passed card reads "a face-down card" until the rules reveal it. The
        log has one line per event whoever reads it, so lines can be shown as they come.
        """

    def describe(self, state: S, viewer: int | None = None) -> str:
        """A multi-line, human-readable picture of the state for `pipworks play`.

        ``viewer=None`` shows every hand, reserve and programmed card. With a seat
        number, only that seat's own hand and reserve, the cards face up on the table and
        the public dice; other seats' hidden cards appear as counts or as "a face-down
        card", and programmed cards only once revealed or resolved.
        """

    def seat_name(self, state: S, seat: int) -> str:
        """The seat's name as the board, the log and ``pipworks play --seat`` use it
        (``North``, ``P1``)."""

    def action_text(self, state: S, action: A) -> str:
        """How an action reads to a player (used by `play`, logs and errors)."""

    def parse_action(self, state: S, text: str) -> A:
        """The action a player's notation names (inverse of ``action_text``); raises
        IllegalAction when the text names no legal action, saying why."""

    def check_position(self, state: S) -> Sequence[Impossible]:
        """Why ``state`` could not arise in a game played by the rules (empty when it
        could): every card a card of the game and in one place only, counts that fit
        the deal and the trick or hand, dice in range and where the rules allow them,
        roles (dealer, leader, lead player) as the rules give them. Every state that
        legal play reaches passes; a property test holds each engine to that."""

    def run_example(self, position: Mapping[str, Any], play: Sequence[str], variants: Sequence[str]) -> Mapping[str, Any]:
        """Play a worked example: set up ``position`` (the example's own rules-term
        fields), check it (:meth:`check_position`), apply each line of ``play``
        (notation), and return every observable outcome by the names examples use in
        ``expect`` (a superset of them, the :data:`COMMON_OUTCOMES` among them).
        Raises ImpossiblePosition for a position no game can reach, SetupError for an
        unreadable one, IllegalAction (with the move's number) for a refused move."""


#: The outcomes every engine reports under the same name, because the idea is the same
#: in every game (site page "How examples are checked" explains each to authors):
#: ``to_move`` who decides next (None once the game is over); ``legal`` every move that
#: player may make, in notation; ``game_over`` true or false; ``winner`` the player or
#: team who won (a list when the victory is shared; None until the game is over);
#: ``score`` what each player or team has scored so far, as the game counts it.
COMMON_OUTCOMES: tuple[str, ...] = ("to_move", "legal", "game_over", "winner", "score")
#: Outcomes that are sets (the legal moves, the cards in each hand): their lists compare
#: in any order.
UNORDERED_OUTCOMES: frozenset[str] = frozenset({"legal", "hands"})


def winner_of(names: Sequence[str], result: Result) -> str | list[str]:
    """``winner`` in the common vocabulary: one name, or the names sharing first place."""
    first = [names[seat] for seat in result.winners]
    return first[0] if len(first) == 1 else first


F = TypeVar("F", bound=Callable[..., Any])


def implements(*rule_ids: str) -> Callable[[F], F]:
    """Mark a function as the code that carries out these rule, variant or clarification
    ids of the game's ``game.yaml``. The decorator only records the ids (no wrapper, no
    cost on the hot path); :func:`rule_map` gathers them for the traceability test."""

    def mark(function: F) -> F:
        function.__rules__ = tuple(getattr(function, "__rules__", ())) + rule_ids  # type: ignore[attr-defined]
        return function

    return mark


def rule_map(*modules: ModuleType) -> dict[str, tuple[Callable[..., Any], ...]]:
    """Rule id -> the functions marked with :func:`implements` in ``modules``."""
    found: dict[str, list[Callable[..., Any]]] = {}
    for module in modules:
        for value in vars(module).values():
            if callable(value) and getattr(value, "__module__", None) == module.__name__:
                for rule_id in getattr(value, "__rules__", ()):
                    found.setdefault(rule_id, []).append(value)
    return {rule_id: tuple(functions) for rule_id, functions in sorted(found.items())}
