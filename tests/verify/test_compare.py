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


def test_in_any_order_and_sets() -> None:
    from generator.verify.run import agrees

    assert agrees({"in any order": ["b", "a"]}, ["a", "b"])
    assert not agrees({"in any order": ["a", "a"]}, ["a", "b"]), "as many times each"
    assert agrees(["b", "a"], ["a", "b"], unordered=True)
    assert agrees({"North": ["2♠", "A♥"]}, {"North": ["A♥", "2♠"], "East": []}, unordered=True)
    assert not agrees(["b", "a"], ["a", "b"]), "other lists keep their order"


def test_a_move_written_without_quotes_is_read_back_as_text() -> None:
    from generator.verify.run import as_written

    written = [{"P1 resolves 4♥ in lane 2": "increase"}, "P1 resolves 4♥ in lane 2: draw"]
    assert as_written(written, ["x"]) == ["P1 resolves 4♥ in lane 2: increase", "P1 resolves 4♥ in lane 2: draw"]
    assert as_written({"South": [2, 3]}, {"South": [2, 3]}) == {"South": [2, 3]}, "real mappings stay mappings"
