"""How an expected outcome is compared with the engine's answer."""

from generator.verify.run import agrees


def test_a_mapping_speaks_only_for_the_keys_it_names() -> None:
    engine = {"North": [2, 3, 4, 5], "South": [2, 3, 5, 5]}
    assert agrees({"South": [2, 3, 5, 5]}, engine)
    assert not agrees({"South": [2, 3, 4, 5]}, engine)
    assert not agrees({"West": [1, 1, 1, 1]}, engine), "a player the engine does not know is a mismatch"


def test_lists_and_values_must_be_equal() -> None:
    assert agrees(["East", "North"], ["East", "North"])
    assert not agrees(["East"], ["East", "North"])
    assert not agrees("East", "North")
    assert not agrees({"a": 1}, [1])
