"""`pipworks verify`: the shipped examples pass, and the check provably bites (issue 6)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from generator.cli import app
from generator.verify import coverage as cov
from generator.verify.examples import content_examples
from generator.verify.run import run_all

ROOT = Path(__file__).resolve().parents[2]
SLUGS = sorted(p.name for p in (ROOT / "content").iterdir() if (p / "examples.yaml").is_file())
runner = CliRunner()


def scratch(tmp_path: Path) -> Path:
    project = tmp_path / "proj"
    shutil.copytree(ROOT / "content", project / "content")
    return project


def verify(project: Path, *args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, ["--project", str(project), "verify", *args])


def mutated(value: Any) -> Any:
    """A different value of the same shape, so only the expectation is wrong."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 7
    if isinstance(value, str):
        return value + " (wrong)"
    if isinstance(value, list):
        return list(reversed(value)) + ["extra"] if value else ["extra"]
    if isinstance(value, dict):
        key = next(iter(value), "extra")
        return {**value, key: mutated(value.get(key, 0))}
    return "wrong"


def test_shipped_examples_all_agree_with_the_engines() -> None:
    examples = content_examples(ROOT)
    outcome = run_all(examples)
    assert not outcome.unreadable, [e.render(ROOT) for e in outcome.unreadable]
    assert not outcome.mismatches, [m.render(ROOT) for m in outcome.mismatches]
    assert len(outcome.checked) >= 40
    for slug in ("pip-trick", "dice-lanes", "multisuit", "four-deuces", "zero-grid"):
        assert sum(e.game == slug for e in outcome.checked) >= 8, f"{slug} needs at least 8 examples"


def test_every_clarification_and_rule_with_an_effect_has_an_example() -> None:
    rows = cov.coverage(ROOT, content_examples(ROOT))
    missing = [f"{r.game}/{r.id}" for r in cov.uncovered(rows)]
    assert not missing, f"rule sections / clarifications with no worked example: {missing}"


@pytest.mark.parametrize("slug", SLUGS)
def test_changing_one_expected_value_makes_verify_fail(tmp_path: Path, slug: str) -> None:
    project = scratch(tmp_path)
    path = project / "content" / slug / "examples.yaml"
    data = yaml.safe_load(path.read_text())
    example = data["examples"][0]
    key, value = next(iter(example["expect"].items()))
    example["expect"][key] = mutated(value)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    lines = path.read_text().splitlines()
    expect_at = next(i for i, text in enumerate(lines, start=1) if text.strip() == "expect:")
    line = next(i for i, text in enumerate(lines, start=1) if i > expect_at and re.match(rf"\s+{re.escape(str(key))}:", text))
    result = verify(project)
    assert result.exit_code == 1, result.output
    assert f"content/{slug}/examples.yaml:" in result.output
    assert f"example {example['id']}: expected {key} = " in result.output
    assert "engine says " in result.output
    reported = int(re.search(rf"examples\.yaml:(\d+): example {re.escape(example['id'])}:", result.output).group(1))
    assert reported == line, "the reported line should be the expected value's own line"


def test_examples_in_markdown_pages_are_checked_with_page_lines(tmp_path: Path) -> None:
    project = scratch(tmp_path)
    slug = SLUGS[0]
    example = yaml.safe_load((project / "content" / slug / "examples.yaml").read_text())["examples"][0]
    block = yaml.safe_dump({"game": slug, **example}, sort_keys=False, allow_unicode=True)
    page = project / "site" / "pages" / "notes.md"
    page.parent.mkdir(parents=True)
    page.write_text("# Notes\n\nSome prose first.\n\n```pipworks-example\n" + block + "```\n")
    assert verify(project, str(page)).exit_code == 0
    key, value = next(iter(example["expect"].items()))
    example["expect"][key] = mutated(value)
    block = yaml.safe_dump({"game": slug, **example}, sort_keys=False, allow_unicode=True)
    page.write_text("# Notes\n\nSome prose first.\n\n```pipworks-example\n" + block + "```\n")
    result = verify(project, str(page))
    assert result.exit_code == 1
    lines = page.read_text().splitlines()
    expect_at = lines.index("expect:")
    key_line = next(i for i, text in enumerate(lines, start=1) if i > expect_at and text.startswith(f"  {key}:"))
    assert f"site/pages/notes.md:{key_line}: example {example['id']}: expected {key}" in result.output


def test_an_unreadable_example_exits_2(tmp_path: Path) -> None:
    project = scratch(tmp_path)
    slug = SLUGS[0]
    path = project / "content" / slug / "examples.yaml"
    data = yaml.safe_load(path.read_text())
    del data["examples"][0]["expect"]
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    result = verify(project)
    assert result.exit_code == 2
    assert "missing required field 'expect'" in result.output


def test_an_outcome_the_engine_does_not_know_exits_2(tmp_path: Path) -> None:
    project = scratch(tmp_path)
    slug = SLUGS[0]
    path = project / "content" / slug / "examples.yaml"
    data = yaml.safe_load(path.read_text())
    data["examples"][0]["expect"]["colour_of_the_table"] = "green"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    result = verify(project)
    assert result.exit_code == 2
    assert "the engine knows no outcome 'colour_of_the_table'" in result.output


def test_coverage_table_is_printed(tmp_path: Path) -> None:
    result = verify(ROOT, "--coverage")
    assert result.exit_code == 0, result.output
    assert "| game | rule | kind | examples |" in result.output
    assert "0 rule section(s) with an effect have no example." in result.output
