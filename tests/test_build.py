"""Incremental and parallel builds (issue 8): reuse what is fresh, never change a byte."""

from __future__ import annotations

import re
import shutil
from pathlib import Path


def files(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and ".pipworks" not in p.parts}


def built_keys(stdout: str) -> set[str]:
    return set(re.findall(r"^  building (\S+)$", stdout, flags=re.M))


SYMBOLS = ("♠", "♦", "♣")


def card_text(cells: list[str]) -> str:
    return "".join(rank + symbol for rank, symbol in zip(cells[1:], SYMBOLS))


def flip_one_rank(project: Path) -> None:
    """Change a low spade rank of one Multisuit card, as a designer would: in deck.csv
    and in the worked examples that show the card (they are dealt from the deck)."""
    folder = project / "content" / "multisuit"
    deck = folder / "deck.csv"
    lines = deck.read_text().splitlines()
    for index, line in enumerate(lines[1:], start=1):
        cells = line.split(",")
        if cells[1] in ("4", "5"):
            before = card_text(cells)
            cells[1] = "5" if cells[1] == "4" else "4"
            lines[index] = ",".join(cells)
            deck.write_text("\n".join(lines) + "\n")
            examples = folder / "examples.yaml"
            examples.write_text(examples.read_text(encoding="utf-8").replace(before, card_text(cells)), encoding="utf-8")
            return
    raise AssertionError("no low spade rank to flip")


def test_nothing_changed_rebuilds_nothing(built_project: Path, tmp_path: Path, run_pipworks) -> None:
    project = tmp_path / "p"
    shutil.copytree(built_project, project)
    result = run_pipworks(project, "build")
    assert result.returncode == 0, result.stderr
    assert re.search(r"built 0, reused \d+", result.stdout), result.stdout


def test_one_rank_rebuilds_only_that_game_and_the_site(built_project: Path, tmp_path: Path, run_pipworks) -> None:
    project = tmp_path / "p"
    shutil.copytree(built_project, project)
    before = files(project / "output")
    flip_one_rank(project)
    result = run_pipworks(project, "build")
    assert result.returncode == 0, result.stderr
    rebuilt = built_keys(result.stdout)
    assert rebuilt and all(k.startswith("multisuit/") or k in ("site", "examples") for k in rebuilt), rebuilt
    assert any(k.startswith("multisuit/pnp") for k in rebuilt)
    after = files(project / "output")
    changed = {name for name in after if before.get(name) != after[name]}
    assert not any(name.startswith(("pip-trick/", "dice-lanes/", "four-deuces/", "zero-grid/")) for name in changed)
    assert "multisuit/multisuit-pnp-a4.pdf" in changed

    incremental = files(project / "output")
    forced = run_pipworks(project, "build", "--force")
    assert forced.returncode == 0, forced.stderr
    assert files(project / "output") == incremental, "a forced build must give the same bytes as the incremental one"


def test_parallel_and_serial_builds_give_the_same_bytes(built_project: Path, tmp_path: Path, run_pipworks) -> None:
    project = tmp_path / "p"
    shutil.copytree(built_project, project)
    shutil.rmtree(project / "output")
    result = run_pipworks(project, "build", "--only", "pnp", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    serial = files(project / "output")
    parallel = {k: v for k, v in files(built_project / "output").items() if k in serial}
    assert serial == parallel


def test_spawned_workers_build_the_same_bytes_as_forked_ones(built_project: Path, tmp_path: Path) -> None:
    """Workers are handed the project and their target explicitly, so a worker that
    inherits nothing (the spawn start method, the default on macOS and Windows) builds
    every output byte for byte as a forked one (the session build) does."""
    import os
    import subprocess
    import sys

    project = tmp_path / "p"
    shutil.copytree(built_project, project, ignore=shutil.ignore_patterns("output"))
    env = {**os.environ, "PIPWORKS_START_METHOD": "spawn"}
    result = subprocess.run([sys.executable, "-m", "generator", "--project", str(project), "build", "--jobs", "2"],
                            capture_output=True, text=True, timeout=600, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert files(project / "output") == files(built_project / "output")


def test_the_start_method_is_a_choice() -> None:
    from generator.build import start_method

    assert start_method("spawn") == "spawn"
    assert start_method() in ("fork", "spawn", "forkserver")


def test_a_wrong_example_stops_the_build(built_project: Path, tmp_path: Path, run_pipworks) -> None:
    """The build replays every example; one that the engine contradicts fails it (exit 1)."""
    import yaml

    project = tmp_path / "p"
    shutil.copytree(built_project, project)
    path = project / "content" / "four-deuces" / "examples.yaml"
    data = yaml.safe_load(path.read_text())
    example = data["examples"][0]
    key = next(iter(example["expect"]))
    example["expect"][key] = "certainly not this"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    result = run_pipworks(project, "build")
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"example {example['id']}: expected {key} = certainly not this" in result.stderr
    assert "disagree with the rules engine" in result.stderr
    site_only = run_pipworks(project, "build", "--only", "site")
    assert site_only.returncode == 1, "the site's own check must catch it too"
    assert f"example {example['id']}" in site_only.stderr


def test_each_rulebook_edition_is_written_by_exactly_one_target() -> None:
    """A game's rulebooks (both papers, from one replay of its examples) and its quick
    references are separate targets, so the two cores share the longest jobs; every
    rulebook and quick reference a player downloads is still built, once."""
    from generator.build import plan
    from generator.docs.pages import BOOK_PAPERS, book_files

    root = Path(__file__).resolve().parents[1]
    owners: dict[str, list[str]] = {}
    for target in plan(root, ["zero-grid"], {}):
        for output in target.outputs:
            owners.setdefault(output, []).append(target.key)
    books = book_files("zero-grid")
    assert len(books) == 2 * len(BOOK_PAPERS)
    assert {name: owners.get(name) for name in books} == {
        "zero-grid/zero-grid-rulebook.pdf": ["zero-grid/rulebook-pdf"],
        "zero-grid/zero-grid-quick-reference.pdf": ["zero-grid/quick-reference-pdf"],
        "zero-grid/zero-grid-rulebook-letter.pdf": ["zero-grid/rulebook-pdf"],
        "zero-grid/zero-grid-quick-reference-letter.pdf": ["zero-grid/quick-reference-pdf"],
    }


def test_building_the_site_leaves_the_pdf_dates_alone(tmp_path: Path) -> None:
    """The sitemap needs SOURCE_DATE_EPOCH, which reportlab reads too: a site built in a
    process (``pipworks serve``, a test) must not leave it set, or every PDF made after
    it in that process is dated 1970 instead of its fixed date, other bytes than a build's."""
    import os

    from generator.docs.pages import sitemap_dates

    before = os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        with sitemap_dates():
            assert os.environ["SOURCE_DATE_EPOCH"] == "0"
        assert "SOURCE_DATE_EPOCH" not in os.environ
    finally:
        if before is not None:
            os.environ["SOURCE_DATE_EPOCH"] = before
