"""Content is data with limits: every file a designer (or anyone) hands Pipworks is read
in bounded time and memory, and whatever is wrong comes back as one `file:line: field:
problem` message with exit code 2 (issue 17: alias bombs, duplicate keys, huge files and
paragraphs, control characters, game.yml, byte-order marks)."""

from __future__ import annotations

import resource
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.content import loader
from tests.content.test_validate import game_file, project  # noqa: F401  (the tiny project, copied)

runner = CliRunner()

#: Nine nested lists of nine aliases: 9**9 ≈ 387 million strings once expanded.
ALIAS_BOMB = """data:
  a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
  c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
  d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
  e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
  f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
  g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
  h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
  i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
"""


def validate(project: Path):  # type: ignore[no-untyped-def]
    return runner.invoke(app, ["--project", str(project), "validate"])


def refused(project: Path, *expected: str) -> str:
    result = validate(project)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    for text in expected:
        assert text in result.output, result.output
    return result.output


def test_an_alias_bomb_is_refused_quickly_and_in_little_memory(project: Path) -> None:
    with game_file(project).open("a") as handle:
        handle.write(ALIAS_BOMB)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    out = refused(project, "content/tiny/game.yaml:", "data.f: its YAML aliases (*name) expand to 597,871 values",
                  "at most 100,000")
    assert time.perf_counter() - started < 2
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 50_000  # KB: nothing was expanded
    assert "1 problem(s)" in out


def test_an_alias_that_contains_itself_is_refused(project: Path) -> None:
    with game_file(project).open("a") as handle:
        handle.write("data:\n  loop: &loop [*loop]\n")
    refused(project, "data.loop[0]: a YAML alias refers to a value that contains it")


def test_a_duplicate_key_is_refused_with_both_lines(project: Path) -> None:
    text = game_file(project).read_text()
    first = next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith("title:"))
    game_file(project).write_text(text + "title: Another Title\n")
    last = len(game_file(project).read_text().splitlines())
    refused(project, f"content/tiny/game.yaml:{last}: title: duplicate key 'title' (first at line {first})")


def test_a_duplicate_key_in_a_worked_example_is_refused(project: Path) -> None:
    examples = next((project / "content" / "tiny").glob("examples.yaml"), None)
    if examples is None:
        examples = project / "content" / "tiny" / "examples.yaml"
        examples.write_text("examples:\n  - id: a\n    id: b\n")
    else:
        examples.write_text(examples.read_text().replace("  - id: ", "  - id: dup\n    id: ", 1))
    result = runner.invoke(app, ["--project", str(project), "verify", str(examples)])
    assert result.exit_code == 2, result.output
    assert "duplicate key 'id'" in result.output and "Traceback" not in result.output


def test_a_huge_paragraph_is_refused_before_the_rulebook_tries_to_lay_it_out(project: Path) -> None:
    text = game_file(project).read_text()
    game_file(project).write_text(text.replace("tagline: ", "tagline: " + "word " * 30_000, 1))
    refused(project, "tagline: text of 150,", "one text may have at most 20,000")


def test_the_longest_paragraph_allowed_prints_in_seconds(project: Path) -> None:
    """The limit is what keeps the rulebook PDF's layout (slower than linear in a
    paragraph's length: a 127 KB overview took 14 s, 451 KB 234 s) in seconds."""
    from generator.content.project import load_project
    from generator.render.book import rulebook_pdf

    longest = ("lorem ipsum dolor sit amet " * 1000)[: loader.MAX_TEXT_CHARS - 10].strip()
    text = game_file(project).read_text()
    game_file(project).write_text(text.replace("overview: Two players play one trick each round.", "overview: " + longest, 1))
    game = load_project(project).games["tiny"].content
    started = time.perf_counter()
    assert rulebook_pdf(game, {}, [], None, "limits").startswith(b"%PDF")
    assert time.perf_counter() - started < 5


def test_a_file_too_big_to_be_content_is_refused_unread(project: Path) -> None:
    with game_file(project).open("a") as handle:
        handle.write("# " + "x" * loader.MAX_FILE_BYTES + "\n")
    refused(project, "content/tiny/game.yaml: (top level): file of 1,0", "bytes; a content file may have at most 1,000,000")


def test_a_control_character_is_refused(project: Path) -> None:
    text = game_file(project).read_text()
    game_file(project).write_text(text.replace("tagline: The smallest", 'tagline: "\\x1b[31mThe smallest', 1)
                                  .replace("the schema accepts.", 'the schema accepts."', 1))
    refused(project, "tagline: contains the control character U+001B")


def test_a_file_not_in_utf8_names_its_line(project: Path) -> None:
    data = game_file(project).read_bytes().replace(b"The smallest", b"The sm\xe9llest", 1)
    game_file(project).write_bytes(data)
    line = data[: data.index(b"\xe9")].count(b"\n") + 1
    refused(project, f"content/tiny/game.yaml:{line}: (top level): not UTF-8 text: byte 0xe9")


def test_a_byte_order_mark_is_not_content(project: Path) -> None:
    game_file(project).write_bytes(b"\xef\xbb\xbf" + game_file(project).read_bytes())
    result = validate(project)
    assert result.exit_code == 0, result.output


def test_game_yml_is_named_not_skipped(project: Path) -> None:
    game_file(project).rename(game_file(project).with_name("game.yml"))
    refused(project, "content/tiny/game.yml: (top level): a game's file must be named game.yaml, not game.yml")
    result = runner.invoke(app, ["--project", str(project), "build"])
    assert result.exit_code == 2 and "must be named game.yaml" in result.output


def test_a_content_folder_without_games_is_not_ok(tmp_path: Path) -> None:
    (tmp_path / "content" / "notes").mkdir(parents=True)
    refused(tmp_path, "content: (top level): holds no game: each game is a folder content/<slug>/ with a game.yaml")


@pytest.mark.parametrize("line, field", [
    ("title: Tiny Trick", "title"), ("    name: suit cards", "components[0].name"), ("    title: Deal", "setup[0].title"),
    ("        title: Winning", "rules[0].sections[0].title"), ("    question: What if both cards are equal?",
                                                                 "clarifications[0].question"),
    ("  - term: Trick", "glossary[0].term")])
def test_a_title_name_question_or_term_is_one_line(project: Path, line: str, field: str) -> None:
    """Each becomes a heading, a nav tab, a page title or a term: a line break would
    split it (and lose its anchor, or write the page's front matter)."""
    key, _, value = line.partition(": ")
    text = game_file(project).read_text()
    assert line + "\n" in text
    game_file(project).write_text(text.replace(line + "\n", f'{key}: "{value}\\nhide: [navigation]"\n', 1))
    refused(project, f"{field}: must be one line (it contains a line break)")
