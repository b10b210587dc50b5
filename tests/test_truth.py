"""Every command tells the truth (issue 17): each input a user tried that once ended in a
traceback, a silent success or a misleading line now gets one message and an exit code
that says what happened. Each test is one reproduction from the issue; none may print
a traceback."""

from __future__ import annotations

import json
import re
import shutil
import socket
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def run(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    result = runner.invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def told(result, code: int, *messages: str) -> str:  # type: ignore[no-untyped-def]
    assert result.exit_code == code, result.output
    for message in messages:
        assert message in result.output, result.output
    return str(result.output)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """Two shipped games, their templates from Pipworks (a content-only project)."""
    for slug in ("pip-trick", "four-deuces"):
        shutil.copytree(ROOT / "content" / slug, tmp_path / "content" / slug)
    return tmp_path


# --- build ---------------------------------------------------------------------------


def test_build_only_takes_a_group(project: Path) -> None:
    told(run("--project", str(project), "build", "--only", "bogus"), 2, "'bogus' is not one of 'pnp', 'docs', 'site'")
    assert not (project / "output").exists()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_content_error_found_while_building_is_a_message_that_tells_what_was_written(project: Path, jobs: str) -> None:
    examples = project / "content" / "pip-trick" / "examples.yaml"
    examples.write_text(examples.read_text().replace("expect:\n", "expect:\n      no_such_outcome: 3\n", 1))
    out = told(run("--project", str(project), "build", "--jobs", jobs), 2, "the engine knows no outcome 'no_such_outcome'")
    written = [p for p in (project / "output").rglob("*") if p.is_file() and ".pipworks" not in p.parts]
    if written:
        assert "nothing was written" not in out and "the build stopped after bringing" in out
    else:
        assert "nothing was written" in out


def test_an_output_that_is_a_file_is_named(project: Path) -> None:
    (project / "output").write_text("not a folder")
    told(run("--project", str(project), "build", "--only", "docs"), 2, "output is a file, not a folder")


def test_an_output_that_cannot_be_written_is_named(project: Path) -> None:
    # Root may write anywhere a mode forbids; /sys refuses even root. Since issue 25 the
    # link itself is refused first: a build writes nothing through a link.
    (project / "output").symlink_to("/sys/kernel")
    told(run("--project", str(project), "build", "--only", "docs"), 2,
         "refused to write through output: it is a symbolic link (to /sys/kernel)")


def test_a_site_page_not_in_utf8_is_named_before_anything_is_written(project: Path) -> None:
    shutil.copytree(ROOT / "site", project / "site", ignore=shutil.ignore_patterns("docs"))
    shutil.copytree(ROOT / "templates", project / "templates")
    (project / "site" / "pages" / "notes.md").write_bytes(b"# Notes\n\nCaf\xe9 rules\n")
    told(run("--project", str(project), "build"), 2, "site/pages/notes.md:3: (top level): not UTF-8 text: byte 0xe9")
    assert not (project / "output").exists()
    told(run("--project", str(project), "verify"), 2, "site/pages/notes.md:3")


def test_a_content_only_project_gets_its_site(project: Path) -> None:
    told(run("--project", str(project), "build", "--only", "site"), 0, "building site")
    assert (project / "output" / "site" / "index.html").is_file()


def test_a_site_folder_without_mkdocs_yml_is_mentioned(project: Path) -> None:
    (project / "site" / "pages").mkdir(parents=True)
    told(run("--project", str(project), "build", "--only", "docs"), 0, "has no mkdocs.yml, so the rules site is built from Pipworks' own")


# --- serve -----------------------------------------------------------------------------


def test_serve_refuses_a_port_that_does_not_exist(project: Path) -> None:
    out = told(run("--project", str(project), "serve", "--address", "127.0.0.1:99999"), 2, "a port from 1 to 65535")
    assert "serving" not in out


def test_serve_refuses_a_busy_port_before_building(project: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        out = told(run("--project", str(project), "serve", "--address", f"127.0.0.1:{port}"), 2, "the port is in use")
    assert "serving" not in out and not (project / "output").exists()


# --- simulate and play ------------------------------------------------------------------


def test_simulate_json_into_a_folder_is_refused_before_playing(tmp_path: Path) -> None:
    out = told(run("simulate", "pip-trick", "-g", "5", "--json", str(tmp_path)), 2, "that is a folder; give a file name")
    assert "win rate" not in out


def test_simulate_json_into_a_missing_folder_creates_nothing(tmp_path: Path) -> None:
    target = tmp_path / "nowhere" / "deeper" / "x.json"
    told(run("simulate", "pip-trick", "-g", "5", "--json", str(target)), 2, f"the folder {target.parent} does not exist")
    assert not (tmp_path / "nowhere").exists()


def test_simulate_a_variant_for_another_player_count() -> None:
    told(run("simulate", "zero-grid", "-n", "2", "--variant", "solo-mode", "-g", "3"), 2,
          "cannot set up Zero Grid: the solo-mode variant is for one player")


def test_player_counts_are_said_in_order() -> None:
    told(run("simulate", "zero-grid", "-n", "3", "-g", "3"), 2, "Zero Grid is for 1 or 2 players, not 3")
    told(run("play", "dice-lanes", "--players", "7"), 2, "Dice Lanes is for 2 players, not 7")


def test_play_refuses_a_seat_the_game_does_not_have() -> None:
    told(run("play", "dice-lanes", "--seat", "5"), 2, "Dice Lanes with 2 players has the seats P1, P2 (or 1–2); there is no seat '5'")


def test_play_takes_seats_by_the_names_on_the_board() -> None:
    out = told(run("play", "four-deuces", "--seat", "south", "--seed", "3", input="quit\n"), 0, "South, your move")
    assert "seat 1" not in out


def test_play_answers_help_quit_and_out_of_range_numbers() -> None:
    out = told(run("play", "dice-lanes", "--seed", "1", input="help\n?\n99\nnonsense\nq\n"), 0, "Game left unfinished.")
    assert out.count("At your turn, type:") == 2
    assert "there is no move 99: choose 1–" in out
    assert "'nonsense' is not Dice Lanes notation" in out and "or help)" in out
    assert "P1, your move (1–" in out and "seat 0" not in out


def test_play_ends_cleanly_on_end_of_input() -> None:
    """Ctrl-D (or a script's input running out) leaves the game, exit 0, no 'Aborted!'."""
    out = told(run("play", "pip-trick", "--seed", "2", input="1\n"), 0, "Game left unfinished.")
    assert "Aborted" not in out


def test_one_card_is_one_card() -> None:
    from generator.games import find_game

    engine = find_game("dice-lanes")
    state = engine.new_game(seed=3)
    while not engine.is_over(state) and " 1 card" not in engine.describe(state, viewer=0):
        state = engine.apply(state, engine.legal_actions(state)[0])
    assert "1 cards" not in engine.describe(state, viewer=0)


def test_a_whole_game_ends_with_seat_names(project: Path) -> None:
    out = told(run("play", "pip-trick", "--seed", "4", input="1\n" * 400), 0, "Game over. North:", "Ranking: ")
    assert "seat 0" not in out


def test_simulate_percentages_add_up_to_100() -> None:
    from generator.cli.engines import shares

    assert shares({"False": 979, "True": 21}) == {"False": 97.9, "True": 2.1}
    assert shares({"a": 1, "b": 1, "c": 1}) == {"a": 33.4, "b": 33.3, "c": 33.3}
    out = told(run("simulate", "zero-grid", "-g", "60", "-j", "1", "--seed", "5"), 0, "win rate by seat:  P1:")
    details = out.split("shared victories:")[1].splitlines()[1:]
    assert details
    for line in details:
        numbers = [float(n) for n in re.findall(r"(\d+\.\d)%", line)]
        assert not numbers or abs(sum(numbers) - 100.0) < 1e-9, line


def test_simulate_shows_progress_when_not_on_a_terminal() -> None:
    out = told(run("simulate", "pip-trick", "-g", "40", "-j", "1"), 0, "40 of 40 games (100 %)")
    assert re.search(r"^  \d+ of 40 games \(10 %\)$", out, flags=re.M), out


# --- verify, deck, pnp, help ---------------------------------------------------------------


def test_verify_with_nothing_to_verify_is_not_all_agree(tmp_path: Path) -> None:
    out = told(run("--project", str(tmp_path), "verify"), 2, "nothing to verify")
    assert "all agree" not in out


def test_verify_names_a_fence_label_typo(tmp_path: Path) -> None:
    (tmp_path / "site" / "pages").mkdir(parents=True)
    (tmp_path / "site" / "pages" / "rules.md").write_text("# Rules\n\n```pipworks-exmaple\ngame: pip-trick\n```\n")
    told(run("--project", str(tmp_path), "verify"), 2,
         "site/pages/rules.md:3: fence label 'pipworks-exmaple' is not 'pipworks-example'", "no worked example found")


def test_deck_report_out_refuses_a_file(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("mine\n")
    told(run("deck", "report", "--deals", "10", "--out", str(tmp_path / "README.md")), 2, "that is a file; give a folder")
    assert (tmp_path / "README.md").read_text() == "mine\n"


def test_pnp_refuses_a_back_offset_no_printer_needs() -> None:
    told(run("pnp", "four-deuces", "--back-offset", "500,500"), 2, "each offset is at most 5 mm either way")


def test_pnp_refuses_backs_for_a_game_without_backs(project: Path) -> None:
    told(run("--project", str(project), "pnp", "pip-trick", "--backs", "fold"), 2, "pip-trick prints no card backs")
    assert not (project / "output").exists()


def test_pnp_experiments_stay_off_the_site(project: Path) -> None:
    told(run("--project", str(project), "pnp", "pip-trick", "--paper", "a4", "--ink", "bw"), 0, "wrote")
    told(run("--project", str(project), "build"), 0)
    page = (project / "output" / "site" / "pip-trick" / "print-and-play.html").read_text()
    assert "pip-trick-pnp-a4.pdf" in page and "bw" not in re.findall(r'href="files/([^"]+)"', page).__str__()


def test_help_lists_games_and_choices_and_cuts_no_summary() -> None:
    out = told(run("--help"), 0)
    assert "..." not in out.split("Commands:")[1]
    build = told(run("build", "--help"), 0, "<pnp|docs|site>", "pip-trick", "zero-grid")
    assert "dice-lanes" in build
    told(run("simulate", "--help"), 0, "four-deuces, multisuit")


def test_game_yml_and_duplicate_keys_and_bom_are_told(project: Path) -> None:
    game = project / "content" / "four-deuces" / "game.yaml"
    game.write_text(game.read_text() + "slug: four-deuces\n")
    told(run("--project", str(project), "validate"), 2, "duplicate key 'slug'")
    game.rename(game.with_name("game.yml"))
    told(run("--project", str(project), "validate"), 2, "must be named game.yaml, not game.yml")


def test_simulate_and_play_read_the_projects_content(tmp_path: Path) -> None:
    """The project's own numbers count: a Dice Lanes of one round plays one round in
    `play` and in `simulate`'s workers (issue 12 left both on the shipped content)."""
    shutil.copytree(ROOT / "content" / "dice-lanes", tmp_path / "content" / "dice-lanes")
    game = tmp_path / "content" / "dice-lanes" / "game.yaml"
    game.write_text(game.read_text().replace("rounds: {standard: 3, extended: 4}", "rounds: {standard: 1, extended: 4}"))
    told(run("play", "dice-lanes", "--seed", "1", input="quit\n"), 0, "Round 1 of 3")
    told(run("--project", str(tmp_path), "play", "dice-lanes", "--seed", "1", input="quit\n"), 0, "Round 1 of 1")

    def decisions(*project: str) -> float:
        out = told(run(*project, "simulate", "dice-lanes", "-g", "40", "-j", "2", "--seed", "1"), 0)
        return float(re.search(r"decisions per game: mean ([\d.]+)", out)[1])  # type: ignore[index]

    assert decisions("--project", str(tmp_path)) < decisions() / 2
