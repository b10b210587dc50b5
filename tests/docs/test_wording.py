"""The "engine details" of an example read the same whichever YAML emitter wrote them."""

from __future__ import annotations

from pathlib import Path

import yaml

from generator.docs.wording import engine_details
from generator.verify.examples import content_examples

ROOT = Path(__file__).resolve().parents[2]


def test_libyaml_writes_every_shipped_examples_details_as_pure_python_does() -> None:
    """The site shows libyaml's text where PyYAML has it: a machine without it must
    make the same pages byte for byte."""
    assert yaml.__with_libyaml__, "this check needs PyYAML's libyaml emitter (the wheels ship it)"
    examples = content_examples(ROOT)
    assert len(examples) > 50
    for example in examples:
        raw = {k: example.data[k] for k in ("position", "play", "expect") if example.data.get(k) not in (None, {}, [])}
        pure = yaml.dump(raw, Dumper=yaml.SafeDumper, allow_unicode=True, sort_keys=False, width=100).rstrip()
        assert engine_details(example.data)[0] == pure, example.id
