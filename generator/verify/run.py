"""Replaying examples through the engines and comparing every expected outcome."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from ..content.errors import ContentError
from ..rules.base import UNORDERED_OUTCOMES, IllegalAction, Impossible, ImpossiblePosition, SetupError
from .examples import Example, move_text


@dataclass(frozen=True)
class Mismatch:
    """Something an example says that the engine does not bear out: an expected value
    it disagrees with, a position no game can reach, a move refused or not refused.
    ``line`` is where in the example's file the wrong statement stands."""

    example: Example
    line: int
    text: str

    def render(self, root: Path) -> str:
        return f"{_shown(self.example.file, root)}:{self.line}: example {self.example.id}: {self.text}"


def disagreement(example: Example, key: str, expected: Any, actual: Any) -> Mismatch:
    return Mismatch(example, example.line_of("expect", key),
                    f"expected {key} = {_text(expected)}, engine says {_text(actual)}")


def impossible(example: Example, problem: Impossible) -> Mismatch:
    return Mismatch(example, example.line_of("position", *problem.where),
                    f"impossible position: {problem.reason} (rule {problem.rule})")


class ExamplesDisagree(Exception):
    """A build found worked examples that the engine contradicts (exit code 1)."""

    def __init__(self, lines: list[str]):
        self.lines = lines
        super().__init__("\n".join(lines))


class SiteBuildFailed(ExamplesDisagree):
    """mkdocs refused the site (a strict-mode warning, a hook's error); exit code 1."""


@dataclass
class Outcome:
    checked: list[Example] = field(default_factory=list)
    mismatches: list[Mismatch] = field(default_factory=list)
    unreadable: list[ContentError] = field(default_factory=list)
    #: examples of games that have no rules engine: shown, but nothing judged them
    unchecked: list[Example] = field(default_factory=list)
    replays: dict[tuple[str, str], "Replay"] = field(default_factory=dict)


def _shown(path: Path, root: Path) -> Path:
    try:
        return path.resolve().relative_to(root.resolve())
    except ValueError:
        return path


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value
    import json

    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def normalise(value: Any) -> Any:
    """Compare YAML values and engine values as plain data (tuples are lists, keys str)."""
    if isinstance(value, dict):
        return {str(k): normalise(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [normalise(v) for v in value]
    return value


#: ``legal: {in any order: [...]}``: a list whose order means nothing to the example.
IN_ANY_ORDER = "in any order"


def as_written(expected: Any, actual: Any) -> Any:
    """``expected`` with every text the author wrote unquoted put back together: YAML
    reads ``[P1 resolves 4♥ in lane 2: increase]`` as a one-key mapping, which stands
    for the text ``P1 resolves 4♥ in lane 2: increase`` wherever the engine has text."""
    if isinstance(actual, str) and isinstance(expected, dict) and len(expected) == 1:
        return move_text(expected)
    listed = any_order(expected)
    if listed is not None:
        return {IN_ANY_ORDER: as_written(listed, actual)}
    if isinstance(expected, list) and isinstance(actual, list):
        if all(isinstance(item, str) for item in actual):  # a list of texts: moves, log lines...
            return [as_written(item, "") for item in expected]
        return [as_written(item, actual[i] if i < len(actual) else None) for i, item in enumerate(expected)]
    if isinstance(expected, dict) and isinstance(actual, dict):
        return {key: as_written(value, actual.get(key)) for key, value in expected.items()}
    return expected


def any_order(expected: Any) -> list[Any] | None:
    """The list of an ``{in any order: [...]}`` expectation, else None."""
    if isinstance(expected, dict) and set(expected) == {IN_ANY_ORDER} and isinstance(expected[IN_ANY_ORDER], list):
        return expected[IN_ANY_ORDER]
    return None


def _same_items(expected: list[Any], actual: list[Any]) -> bool:
    """The same items as many times each, whatever the order."""
    import json

    def key(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, sort_keys=True)

    return sorted(map(key, expected)) == sorted(map(key, actual))


def agrees(expected: Any, actual: Any, unordered: bool = False) -> bool:
    """Does the engine's value bear out the expectation?

    A mapping only speaks for the keys it names: ``dice: {South: [2, 3, 5, 5]}`` says
    nothing about the other players' dice. A list written ``{in any order: [...]}``
    (or any list when ``unordered``: an outcome that is a set, such as ``legal``) must
    hold the same items in any order. Everything else must be equal."""
    listed = any_order(expected)
    if listed is not None and isinstance(actual, list):
        return _same_items(listed, actual)
    if unordered and isinstance(expected, list) and isinstance(actual, list):
        return _same_items(expected, actual)
    if isinstance(expected, dict) and isinstance(actual, dict):
        return all(key in actual and agrees(value, actual[key], unordered) for key, value in expected.items())
    return expected == actual


def _shown_actual(expected: Any, actual: Any) -> Any:
    """The engine's value restricted to what the example asked about, for the message."""
    if isinstance(expected, dict) and isinstance(actual, dict) and any_order(expected) is None:
        return {key: _shown_actual(value, actual.get(key, "(none)")) for key, value in expected.items()}
    return actual


@dataclass(frozen=True)
class Replay:
    """What the engine made of one example: its outcomes for the example's position as
    set up (``before``) and after every move (``after``); None where the engine refused
    them, or where ``before`` was not asked for. Drawings show both."""

    before: Mapping[str, Any] | None
    after: Mapping[str, Any] | None


def _quietly(engine: Any, position: Mapping[str, Any], play: list[str], variants: list[str]) -> Mapping[str, Any] | None:
    try:
        return dict(engine.run_example(position, play, variants))
    except Exception:  # a half-finished example must not stop the book; the verdict says why
        return None


def engine_of(slug: str, root: Path | None = None) -> Any:
    """The engine that judges ``slug``'s examples: built from the project's own content
    when ``root`` has that game (its numbers may differ from the shipped ones), else
    from the shipped content. None for a game of the project that has no engine (its
    examples are not checked); raises KeyError naming the known games for a game that
    is nowhere."""
    from ..games import engine_for, find_game, use_project

    folder = root / "content" / slug if root is not None else None
    if root is not None and folder is not None and (folder / "game.yaml").is_file():
        use_project(root)
        return engine_for(_loaded(folder))
    return find_game(slug)


def _loaded(folder: Path) -> Any:
    """The game in ``folder``, read once per version of its game.yaml (``pipworks
    serve`` replays after a save that may have changed its numbers)."""
    import hashlib

    from ..content.loader import parse_game

    key = folder.resolve()
    try:
        digest = hashlib.sha256((folder / "game.yaml").read_bytes()).hexdigest()
    except OSError:
        digest = ""  # parse_game says what is wrong
    kept = _LOADED.get(key)
    if kept is None or kept[0] != digest or not digest:
        kept = _LOADED[key] = (digest, parse_game(folder))
    return kept[1]


_LOADED: dict[Path, tuple[str, Any]] = {}


#: The expectation that a move is refused: ``refused: <rule id>``.
REFUSED = "refused"


def run_one(example: Example, outcome: Outcome, before: bool = False, root: Path | None = None) -> Replay | None:
    """Replay ``example`` once, adding its verdict to ``outcome``; returns what the
    engine made of it (with the position as set up too when ``before``), or None for
    a game without an engine. ``root``: the project, whose content builds the engine."""
    try:
        engine = engine_of(example.game, root)
    except KeyError as exc:
        outcome.unreadable.append(ContentError(example.file, example.line, ("game",), str(exc.args[0])))
        return None
    if engine is None:
        outcome.unchecked.append(example)
        return None
    from ..rules.protocol import EngineIncomplete, missing

    gap = missing(engine, "verify")
    if gap is not None:  # named before replaying, not met as an AttributeError
        outcome.unreadable.append(ContentError(example.file, example.line, (), str(EngineIncomplete(example.game, *gap))))
        return None
    position = example.data.get("position") or {}
    play = example.play
    refused = REFUSED in example.data["expect"]
    if refused and not play:
        outcome.unreadable.append(ContentError(example.file, example.line_of("expect", REFUSED), ("expect", REFUSED),
                                               f"example {example.id}: 'refused' expects the last move of play to be "
                                               "refused, but play lists no move"))
        return None
    legal_part = play[:-1] if refused else play
    start = _quietly(engine, position, [], example.variants) if before and play else None
    actual = _replayed(engine, example, position, legal_part, outcome)
    if actual is None:
        return Replay(start, None)
    after = dict(actual)
    if refused:
        _check_refusal(engine, example, position, play, outcome)
    replay = Replay(after if before and not play else start, after)
    _compare(example, normalise(actual), outcome)
    outcome.checked.append(example)
    return replay


def _replayed(engine: Any, example: Example, position: Mapping[str, Any], play: list[str],
              outcome: Outcome) -> Mapping[str, Any] | None:
    """The engine's outcomes after ``play``, or None with the reason added to ``outcome``
    (a position no game can reach, an unreadable one, a refused move)."""
    try:
        return engine.run_example(position, play, example.variants)  # type: ignore[no-any-return]
    except ImpossiblePosition as exc:
        outcome.mismatches.extend(impossible(example, problem) for problem in exc.problems)
    except SetupError as exc:
        outcome.unreadable.append(ContentError(example.file, example.line_of("position", *exc.where),
                                               ("position", *exc.where), f"example {example.id}: {exc}"))
        return None
    except IllegalAction as exc:
        line = example.line_of("play", exc.move - 1) if exc.move else example.line_of("play")
        rule = f" (rule {exc.rule})" if exc.rule else ""
        outcome.mismatches.append(Mismatch(example, line, f"expected every move legal, engine refuses: {exc}{rule}"))
    except UNFORESEEN as exc:
        outcome.unreadable.append(unforeseen(example, exc))
        return None
    outcome.checked.append(example)
    return None


#: What an engine raises when a position field holds a value of a kind its reader did not
#: foresee (``track: 5``, ``hand: x``): the example is unreadable, said in one line.
UNFORESEEN = (TypeError, ValueError, KeyError, IndexError, AttributeError)


def unforeseen(example: Example, exc: Exception) -> ContentError:
    return ContentError(example.file, example.line_of("position"), ("position",),
                        f"example {example.id}: the {example.game} engine cannot replay this example "
                        f"({type(exc).__name__}: {exc}); a position field may hold a value of the wrong kind")


def _check_refusal(engine: Any, example: Example, position: Mapping[str, Any], play: list[str],
                   outcome: Outcome) -> None:
    """``refused: <rule id>``: the last move must be refused, by that rule."""
    wanted = str(example.data["expect"][REFUSED])
    line = example.line_of("expect", REFUSED)
    try:
        engine.run_example(position, play, example.variants)
    except IllegalAction as exc:
        if exc.rule != wanted:
            said = f"refused by rule {exc.rule}" if exc.rule else "refused, naming no rule"
            outcome.mismatches.append(Mismatch(example, line, f"expected refused = {wanted}, engine says {said}: {exc}"))
        return
    except UNFORESEEN as exc:
        outcome.unreadable.append(unforeseen(example, exc))
        return
    outcome.mismatches.append(Mismatch(example, line, f"expected refused = {wanted}, engine says the move "
                                                      f"{play[-1]!r} is legal"))


def _compare(example: Example, actual: Mapping[str, Any], outcome: Outcome) -> None:
    """Every expected outcome (but ``refused``) against the engine's."""
    for key, expected in example.data["expect"].items():
        if key == REFUSED:
            continue
        if key not in actual:
            known = ", ".join(sorted(actual))
            outcome.unreadable.append(ContentError(
                example.file, example.line_of("expect", key), ("expect", key),
                f"example {example.id}: the engine knows no outcome {key!r}; it reports: {known}"))
            continue
        wanted = as_written(normalise(expected), actual[key])
        if not agrees(wanted, actual[key], key in UNORDERED_OUTCOMES):
            outcome.mismatches.append(disagreement(example, str(key), wanted, _shown_actual(wanted, actual[key])))


def run_all(examples: list[Example], before: bool = False, root: Path | None = None) -> Outcome:
    """Replay every example once; with ``before``, ``outcome.replays`` also keeps what
    the engine made of each (keyed by game and id) for the drawings."""
    outcome = Outcome()
    seen: dict[tuple[str, str], Example] = {}
    for example in examples:
        first = seen.get((example.game, example.id))
        if first is not None and (first.file, first.line) != (example.file, example.line):
            outcome.unreadable.append(ContentError(example.file, example.line, ("id",),
                                                   f"duplicate example id {example.id!r} for {example.game} (also {first.file.name}:{first.line})"))
            continue
        seen[(example.game, example.id)] = example
        replay = run_one(example, outcome, before, root)
        if before and replay is not None:
            outcome.replays[(example.game, example.id)] = replay
    return outcome
