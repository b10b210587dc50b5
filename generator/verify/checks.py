"""`pipworks validate` also reads each game's examples: readable, and every rule or
clarification they name exists (``rules``, ``clarifies``, and ``refused: <rule id>``)."""

from __future__ import annotations

from typing import Any, Iterator

from ..content.checks import rule_ids
from ..content.errors import ContentError, ContentInvalid
from .examples import from_yaml


def check(project: Any, game: Any) -> Iterator[ContentError]:
    rel = game.content.files.examples
    if rel is None:
        return
    try:
        examples = from_yaml(game.folder / rel, game.content.slug)
    except ContentInvalid as exc:
        yield from exc.errors
        return
    ids = rule_ids(game)
    clarifications = {c.id for c in game.content.clarifications}
    for example in examples:
        for index, ref in enumerate(example.rules):
            if ref not in ids:
                yield ContentError(example.file, example.line_of("rules"), ("examples", example.id, "rules", index),
                                   f"refers to rule {ref!r}, which does not exist")
        for index, ref in enumerate(example.clarifies):
            if ref not in clarifications:
                yield ContentError(example.file, example.line_of("clarifies"), ("examples", example.id, "clarifies", index),
                                   f"refers to clarification {ref!r}, which does not exist")
        refused = example.data["expect"].get("refused")
        if refused is not None and str(refused) not in ids:
            yield ContentError(example.file, example.line_of("expect", "refused"), ("examples", example.id, "expect", "refused"),
                               f"expects a move refused by rule {refused!r}, which does not exist")
