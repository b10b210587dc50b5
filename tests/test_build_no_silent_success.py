"""A build never succeeds silently (issue 25, finding 7): an output edited by hand is made
again (the manifest holds each output's sha256), and a print file preflight would
reject makes the build exit 1 with every problem listed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAME = "pip-trick"
RULEBOOK = Path("output") / GAME / f"{GAME}-rulebook.md"


def pipworks(project: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", "--project", str(project), *args],
                          capture_output=True, text=True, timeout=600, cwd=cwd)


def building(result: subprocess.CompletedProcess[str]) -> list[str]:
    return [line.split()[1] for line in result.stdout.splitlines() if line.startswith("  building ")]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One game's rulebooks, built once; each test works on a copy."""
    project = tmp_path_factory.mktemp("built") / "project"
    shutil.copytree(ROOT / "content" / GAME, project / "content" / GAME)
    result = pipworks(project, "build", "--only", "docs")
    assert result.returncode == 0, result.stdout + result.stderr
    return project


@pytest.fixture
def project(built: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "project"
    shutil.copytree(built, copy, symlinks=True)
    return copy


def test_the_manifest_holds_each_outputs_sha256(project: Path) -> None:
    import hashlib

    manifest = json.loads((project / "output" / ".pipworks" / "manifest.json").read_text())
    entry = manifest[f"{GAME}/rulebook-md"]
    size, _, digest = entry["sums"][f"{GAME}/{GAME}-rulebook.md"]
    data = (project / RULEBOOK).read_bytes()
    assert (size, digest) == (len(data), hashlib.sha256(data).hexdigest())


def test_an_output_edited_by_hand_is_made_again(project: Path) -> None:
    original = (project / RULEBOOK).read_bytes()
    (project / RULEBOOK).write_bytes(original.replace(b"Pip Trick", b"Pip Trock", 1))
    result = pipworks(project, "build", "--only", "docs")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stdout + result.stderr
    assert building(result) == [f"{GAME}/rulebook-md"], result.stdout
    assert (project / RULEBOOK).read_bytes() == original


def test_an_edit_that_keeps_the_size_is_noticed_too(project: Path) -> None:
    # Same size, mtime moved: the bytes are hashed and differ.
    original = (project / RULEBOOK).read_bytes()
    (project / RULEBOOK).write_bytes(original.replace(b"Pip Trick", b"Pip Trock", 1))
    assert (project / RULEBOOK).stat().st_size == len(original)
    result = pipworks(project, "build", "--only", "docs")
    assert building(result) == [f"{GAME}/rulebook-md"] and (project / RULEBOOK).read_bytes() == original


def test_a_file_only_touched_is_not_rebuilt(project: Path) -> None:
    # Its mtime moved but not its bytes: the hash says it is the file recorded.
    later = (project / RULEBOOK).stat().st_mtime_ns + 5_000_000_000
    os.utime(project / RULEBOOK, ns=(later, later))
    result = pipworks(project, "build", "--only", "docs")
    assert result.returncode == 0 and building(result) == [] and "built 0, reused 3" in result.stdout, result.stdout


def test_the_quick_path_notices_an_edit_too(project: Path) -> None:
    # The console script's no-work check (generator.entry) is what a designer runs most.
    (project / RULEBOOK).write_text("# mine now\n")
    result = subprocess.run([sys.executable, "-c", "import sys; from generator.entry import main; "
                             f"sys.argv = ['pipworks', '--project', {str(project)!r}, 'build', '--only', 'docs']; main()"],
                            capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert result.returncode == 0 and building(result) == [f"{GAME}/rulebook-md"], result.stdout + result.stderr
    assert "# mine now" not in (project / RULEBOOK).read_text()


ART = ('<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="10mm" viewBox="0 0 20 10">'
       '<text x="1" y="5" font-size="2">tiny words</text></svg>\n')


def test_a_build_whose_print_files_fail_preflight_exits_1_listing_every_problem(tmp_path: Path) -> None:
    # A picture with text in it: svglib draws it in Helvetica, not embedded, at 5.7 pt.
    # The layout check cannot see inside a picture; preflight reads the PDF and can.
    made = pipworks(tmp_path, "new", "sketch", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    project = tmp_path / "sketch"
    (project / "content" / "sketch" / "art.svg").write_text(ART)
    layout = project / "content" / "sketch" / "card-layout.yaml"
    layout.write_text(layout.read_text().replace(
        "faces:\n  front:\n    boxes:\n",
        "faces:\n  front:\n    boxes:\n      art: {kind: image, file: art.svg, x: 20mm, y: 30mm, width: 20mm, height: 10mm}\n", 1))
    result = pipworks(project, "build", "--only", "pnp")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    problems = [line for line in result.stdout.splitlines() if line.startswith("  output/sketch/")]
    count = int(result.stdout.split("preflight: ")[1].split(" problem(s)")[0])
    assert count == len(problems) > 1
    assert any("font Helvetica is not embedded (text 'tiny words')" in p for p in problems)
    assert any("under the 6 pt minimum" in p for p in problems)
    assert f"the print files hold {count} preflight problem(s), listed above; fix them before printing" in result.stderr
    # Built again with nothing changed (the quick path): the problems still stand, so still exit 1.
    again = pipworks(project, "build", "--only", "pnp")
    assert again.returncode == 1 and "built 0, reused 1" in again.stdout, again.stdout + again.stderr
    assert f"preflight: {count} problem(s) still in the print files reused:" in again.stdout
    assert [line for line in again.stdout.splitlines() if line.startswith("  output/sketch/")] == problems
    # Fixed (the picture gone), the build that rewrites the kit clears them: exit 0.
    layout.write_text(layout.read_text().replace(
        "      art: {kind: image, file: art.svg, x: 20mm, y: 30mm, width: 20mm, height: 10mm}\n", ""))
    fixed = pipworks(project, "build", "--only", "pnp")
    assert fixed.returncode == 0 and "no problems" in fixed.stdout, fixed.stdout + fixed.stderr
    assert pipworks(project, "build", "--only", "pnp").returncode == 0


def test_pnp_makes_a_kit_edited_by_hand_again(tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(ROOT / "content" / GAME, project / "content" / GAME)
    first = pipworks(project, "pnp", GAME, "--paper", "a4", "--size", "poker")
    assert first.returncode == 0 and "wrote" in first.stdout, first.stdout + first.stderr
    kit = next((project / "output" / GAME).glob("*poker*.pdf"))
    original = kit.read_bytes()
    assert "up to date" in pipworks(project, "pnp", GAME, "--paper", "a4", "--size", "poker").stdout
    kit.write_bytes(original[:-10] + b"%edited\n%%")
    again = pipworks(project, "pnp", GAME, "--paper", "a4", "--size", "poker")
    assert again.returncode == 0 and f"wrote output/{GAME}/{kit.name}" in again.stdout, again.stdout + again.stderr
    assert kit.read_bytes() == original
