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


# --- the authoring format (issue 13) ---------------------------------------------------------

PAGE_EXAMPLE = """\
```pipworks-example
game: dice-lanes
id: {id}
title: A check of the format
rules: [draw]
story: The 3♥ matches the die and Draws it one slot toward Player 2.
position:
  start: P2
  lanes: [3 in P2 Draw 1, empty, empty]
  programmed: {{P1: {{lane 1: 3♠}}, P2: {{lane 1: 3♥}}}}
play:
{play}
expect:
{expect}
```
"""


def page(tmp_path: Path, *blocks: str) -> Path:
    path = tmp_path / "notes" / "examples.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("# Notes\n\n" + "\n".join(blocks), encoding="utf-8")
    return path


def block(ident: str, play: list[str], expect: list[str]) -> str:
    return PAGE_EXAMPLE.format(id=ident, play="\n".join(f"  - {m}" for m in play),
                               expect="\n".join(f"  {e}" for e in expect))


def test_moves_with_a_colon_need_no_quotes_in_a_markdown_example(tmp_path: Path) -> None:
    path = page(tmp_path, block("colon", ["P2 resolves 3♥ in lane 1: draw"],
                                ["lane_1: 3 in P2 Draw 2", "legal: [P1 resolves 3♠ in lane 1: draw, "
                                 "P1 resolves 3♠ in lane 1: flip]"]))
    result = verify(ROOT, str(path))
    assert result.exit_code == 0, result.output


def test_refused_expects_the_last_move_refused_by_that_rule(tmp_path: Path) -> None:
    right = block("refused-right", ["P2 resolves 3♥ in lane 1: swap with lane 2"],
                  ["refused: suit-powers", "to_move: P2"])
    wrong_rule = block("refused-wrong-rule", ["P2 resolves 3♥ in lane 1: swap with lane 2"], ["refused: draw"])
    legal = block("refused-but-legal", ["P2 resolves 3♥ in lane 1: draw"], ["refused: draw"])
    result = verify(ROOT, str(page(tmp_path, right, wrong_rule, legal)))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert not any("refused-right" in line for line in lines), result.output
    assert any(re.search(r"example refused-wrong-rule: expected refused = draw, engine says refused by rule "
                         r"suit-powers: .*only a Clubs card swaps dice", line) for line in lines), result.output
    assert any("example refused-but-legal: expected refused = draw, engine says the move "
               "'P2 resolves 3♥ in lane 1: draw' is legal" in line for line in lines), result.output


def test_an_unexpected_refusal_names_the_move_and_its_rule(tmp_path: Path) -> None:
    path = page(tmp_path, block("refused-move", ["P2 resolves 3♥ in lane 1: increase",
                                                 "P2 resolves 3♥ in lane 1: draw"], ["lane_1: 3 in P2 Draw 2"]))
    result = verify(ROOT, str(path))
    assert result.exit_code == 1
    text = path.read_text(encoding="utf-8").splitlines()
    second = next(i for i, line in enumerate(text, start=1) if line.endswith("P2 resolves 3♥ in lane 1: draw"))
    assert re.search(rf"examples\.md:{second}: example refused-move: expected every move legal, engine refuses: "
                     r"move 2 \(P2 resolves 3♥ in lane 1: draw\): .*\(rule resolve-order\)", result.output), result.output


def test_lists_in_any_order(tmp_path: Path) -> None:
    """legal is a set: its order never matters; any other list may say 'in any order'."""
    reversed_legal = block("any-order-legal", ["P2 resolves 3♥ in lane 1: draw"],
                           ["legal: [P1 resolves 3♠ in lane 1: flip, P1 resolves 3♠ in lane 1: draw]"])
    lanes = block("any-order-lanes", ["P2 resolves 3♥ in lane 1: draw"],
                  ["lanes: {in any order: [empty, 3 in P2 Draw 2, empty]}"])
    wrong = block("any-order-wrong", ["P2 resolves 3♥ in lane 1: draw"],
                  ["lanes: {in any order: [empty, 3 in P2 Draw 1, empty]}"])
    result = verify(ROOT, str(page(tmp_path, reversed_legal, lanes, wrong)))
    assert result.exit_code == 1
    reported = [line for line in result.output.splitlines() if ": example " in line]
    assert len(reported) == 1 and "any-order-wrong: expected lanes = " in reported[0], result.output


def test_every_problem_is_reported_in_one_run(tmp_path: Path) -> None:
    """An unreadable example no longer hides the others: the mismatch, the impossible
    position and the unreadable one are all printed, then exit 2."""
    project = scratch(tmp_path)
    path = project / "content" / "dice-lanes" / "examples.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    del data["examples"][0]["expect"]  # unreadable
    data["examples"][1]["expect"]["lanes"] = ["empty", "empty", "empty"]  # a mismatch
    data["examples"][2]["position"]["lanes"][0] = "9 in Center"  # impossible
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    other = project / "content" / "pip-trick" / "examples.yaml"
    other.write_text(other.read_text(encoding="utf-8").replace("expect:", "expect: [", 1), encoding="utf-8")  # bad YAML
    result = verify(project)
    assert result.exit_code == 2
    out = result.output
    assert "missing required field 'expect'" in out
    assert f"example {data['examples'][1]['id']}: expected lanes = " in out
    assert f"example {data['examples'][2]['id']}: impossible position: the die in lane 1 shows 9" in out
    assert "content/pip-trick/examples.yaml:" in out
    assert "verified" not in out


def test_verify_reads_a_file_anywhere_and_writes_nothing(tmp_path: Path) -> None:
    """A rules author's draft outside any project is checked against the shipped game,
    and neither the draft's folder nor the project gains a file."""
    drafts = tmp_path / "drafts"
    drafts.mkdir()
    source = yaml.safe_load((ROOT / "content" / "four-deuces" / "examples.yaml").read_text(encoding="utf-8"))
    draft = drafts / "my-examples.yaml"
    draft.write_text(yaml.safe_dump({"game": "four-deuces", "examples": source["examples"][:3]}, sort_keys=False,
                                    allow_unicode=True), encoding="utf-8")
    project = tmp_path / "empty-project"
    project.mkdir()
    before = sorted(p for p in tmp_path.rglob("*"))
    result = verify(project, str(draft))
    assert result.exit_code == 0, result.output
    assert "verified 3 examples (four-deuces 3)" in result.output
    assert sorted(p for p in tmp_path.rglob("*")) == before
