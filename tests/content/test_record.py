"""The record checker behind every content file: what a designer is told, and when."""

from __future__ import annotations

from dataclasses import field
from typing import Annotated, Any, Iterator

import pytest
from hypothesis import given, strategies as st

from generator.content.record import AtLeast, AtMost, Invalid, Loc, Matches, NotEmpty, parse, record


@record
class Die:
    face: Annotated[int, AtLeast(1), AtMost(6)]
    colour: str = "white"


@record
class Lane:
    name: Annotated[str, NotEmpty()]
    slots: Annotated[list[Die], NotEmpty()]
    code: Annotated[str, Matches(r"[a-z]+", "lower-case letters")] = "x"
    ends: tuple[int, int] | None = None
    scores: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    extra: Any = None
    low: int = 0
    high: int = 0

    def _problems(self) -> Iterator[tuple[Loc, str]]:
        if self.low > self.high:
            yield ("low",), f"low ({self.low}) is above high ({self.high})"


def problems(data: Any) -> list[tuple[Loc, str]]:
    with pytest.raises(Invalid) as caught:
        parse(Lane, data)
    return caught.value.problems


def test_valid_data_becomes_a_frozen_record_with_defaults() -> None:
    lane = parse(Lane, {"name": "left", "slots": [{"face": 3}], "ends": [1, 2], "scores": {"a": 2}})
    assert lane.slots[0] == Die(face=3) and lane.slots[0].colour == "white"
    assert lane.ends == (1, 2) and lane.scores == {"a": 2.0} and isinstance(lane.scores["a"], float)
    assert lane.notes == [] and lane.code == "x"
    with pytest.raises(AttributeError):
        lane.name = "right"  # type: ignore[misc]


def test_every_problem_is_reported_at_once_with_its_path() -> None:
    found = problems({"name": "", "slots": [{"face": 0}, {"face": "six"}, {"colour": "red"}],
                      "code": "X1", "ends": [1], "scores": {"a": "lots"}, "typo": 1})
    assert found == [
        (("typo",), "unknown field (check the spelling)"),
        (("name",), "must not be empty"),
        (("slots", 0, "face"), "must be at least 1 (got 0)"),
        (("slots", 1, "face"), "Input should be a valid integer (got str 'six')"),
        (("slots", 2, "face"), "required field is missing"),
        (("code",), "'X1' is not lower-case letters"),
        (("ends",), "should have exactly 2 items (got 1)"),
        (("scores", "a"), "Input should be a valid number (got str 'lots')"),
    ]


def test_yaml_booleans_are_not_numbers_and_numbers_not_strings() -> None:
    assert problems({"name": 5, "slots": [{"face": True}]}) == [
        (("name",), "Input should be a valid string (got int 5)"),
        (("slots", 0, "face"), "Input should be a valid integer (got bool True)"),
    ]


def test_missing_required_fields_and_wrong_shapes() -> None:
    assert problems({}) == [(("name",), "required field is missing"), (("slots",), "required field is missing")]
    assert problems({"name": "a", "slots": []}) == [(("slots",), "needs at least one item")]
    assert problems({"name": "a", "slots": {"face": 1}})[0][1].startswith("Input should be a valid list")
    assert problems({"name": "a", "slots": ["d6"]})[0] == (("slots", 0), "should be a mapping of fields (got str 'd6')")


def test_a_records_own_check_runs_once_its_fields_are_valid() -> None:
    assert problems({"name": "a", "slots": [{"face": 1}], "low": 3, "high": 2}) == [(("low",), "low (3) is above high (2)")]
    # a broken field stops the cross-field check: its message would only confuse
    assert problems({"name": "a", "slots": [{"face": 1}], "low": "3", "high": 2}) == [
        (("low",), "Input should be a valid integer (got str '3')")]


@given(st.integers(min_value=-50, max_value=50))
def test_bounds_accept_exactly_the_allowed_faces(face: int) -> None:
    data = {"name": "a", "slots": [{"face": face}]}
    if 1 <= face <= 6:
        assert parse(Lane, data).slots[0].face == face
    else:
        assert len(problems(data)) == 1
