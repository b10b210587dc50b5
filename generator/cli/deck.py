"""``pipworks deck``: design Multisuit deck variants and report on any deck file.

Only typer is imported here; the deck package is imported inside each command. Exit
codes follow the root CLI: 2 for files that cannot be used, 1 for a deck that breaks a
property (the report is still written) or a refused overwrite.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Optional

import typer

from .common import command_errors, die_on_content_errors, fail, project_root

app = typer.Typer(name="deck", help="Design the Multisuit deck and report on any deck file.", no_args_is_help=True)

GAME = "multisuit"
DEFAULT_DECK, DEFAULT_RULES = "deck.csv", "deck-rules.yaml"


def shipped_paths(root: Path) -> tuple[Path, Path]:
    """The game's deck and deck-rules files, as named in its game.yaml (or the defaults)."""
    from ..content.loader import parse_game

    folder = root / "content" / GAME
    deck, rules = DEFAULT_DECK, DEFAULT_RULES
    if (folder / "game.yaml").is_file():
        files = parse_game(folder).content.files
        deck, rules = files.deck or deck, files.deck_rules or rules
    return folder / deck, folder / rules


def _die_on_bad_deck(exc: Exception) -> None:
    typer.echo(str(exc), err=True)
    raise typer.Exit(code=2)


@app.command(short_help="Search for a deck meeting every rule (a candidate).")
def design(
    ctx: typer.Context,
    seed: int = typer.Option(1, "--seed", help="Seed of the search: the same seed always gives the same deck."),
    out: Optional[Path] = typer.Option(None, "--out", help="Candidate file (default output/deck/candidate-seed-N.csv)."),
    write: bool = typer.Option(False, "--write", help="Also replace the shipped deck with the candidate."),
    steps: Optional[int] = typer.Option(None, "--steps", help="Annealing steps (default: the tuned number)."),
    rules_file: Optional[Path] = typer.Option(None, "--rules", help="Thresholds to design for (default: the game's deck-rules.yaml); try a variant copy."),
) -> None:
    """Search for a deck meeting every rule, write it as a candidate with a short report.

    The note compares the candidate with the shipped deck figure by figure and lists the
    cards that differ, so a designer trying other thresholds (--rules) sees what they cost.
    """
    from ..deck.design import STEPS, DesignFailed, design_deck
    from ..content.deck import DeckFormatError, read_deck, write_deck
    from ..content.deck_rules import load_rules
    from ..deck.summary import compare

    root = project_root(ctx)
    with die_on_content_errors(root):
        deck_path, rules_path = shipped_paths(root)
        rules_path = rules_file or rules_path
        rules = load_rules(rules_path)
    target = (out or root / "output" / "deck" / f"candidate-seed-{seed}.csv").resolve()
    if target.is_dir():
        fail(f"--out {out}: that is a folder; give a file name for the candidate deck, e.g. {target / 'candidate.csv'}")
    if target == deck_path.resolve() and not write:
        typer.echo(f"refusing to overwrite the shipped deck {deck_path} without --write", err=True)
        raise typer.Exit(code=1)
    started = time.perf_counter()
    try:
        found = design_deck(rules, seed, steps=steps or STEPS)
    except DesignFailed as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(code=1) from None
    took = time.perf_counter() - started
    shipped = None
    if deck_path.is_file():
        try:
            shipped = read_deck(deck_path)
        except DeckFormatError:
            shipped = None
    text = compare(found.cards, shipped, rules, f"seed {seed}", took)
    note = target.with_suffix(".md")
    from ..atomic import write_text

    with command_errors(root, what="deck design"):
        write_deck(target, found.cards)
        write_text(note, text)
    typer.echo(text)
    typer.echo(f"candidate → {target}\nreport → {note}")
    if write:
        write_deck(deck_path, found.cards)
        typer.echo(f"shipped deck replaced → {deck_path}")
        steps_note = f" (made with --steps {steps})" if steps else ""
        typer.echo(f"record it: set shipped_seed: {seed} in {rules_path.name}{steps_note}")


@app.command(short_help="A page and charts: how a deck meets its thresholds.")
def report(
    ctx: typer.Context,
    deck: Optional[Path] = typer.Argument(None, help="Deck file (default: the shipped Multisuit deck)."),
    deals: int = typer.Option(10_000, "--deals", min=1, help="Random deals to measure hand strength over."),
    seed: int = typer.Option(1, "--seed", help="Seed of the random deals."),
    out: Optional[Path] = typer.Option(None, "--out", help="Folder for the page and charts (default output/deck-report)."),
    rules: Optional[Path] = typer.Option(None, "--rules", help="Thresholds file (default: the game's deck-rules.yaml)."),
) -> None:
    """Write a Markdown page and SVG charts showing how a deck meets the stated thresholds."""
    from ..deck.checks import check_deck
    from ..content.deck import DeckFormatError, read_deck
    from ..deck.report import write_report
    from ..content.deck_rules import load_rules

    root = project_root(ctx)
    with die_on_content_errors(root):
        deck_path, rules_path = shipped_paths(root)
        rules_path = rules or rules_path
        deck_path = deck or deck_path
        thresholds = load_rules(rules_path)
    folder = out or root / "output" / "deck-report"
    if folder.exists() and not folder.is_dir():
        fail(f"--out {folder}: that is a file; give a folder for the page and its charts")
    try:
        with command_errors(root, what="deck report"):
            page = write_report(deck_path, rules_path, folder, deals=deals, seed=seed)
            problems = check_deck(read_deck(deck_path), thresholds)
    except DeckFormatError as exc:
        _die_on_bad_deck(exc)
        return
    typer.echo(f"report → {page}")
    for problem in problems:
        typer.echo(f"  FAIL {problem.message}", err=True)
    if problems:
        raise typer.Exit(code=1)
