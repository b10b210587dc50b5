"""How a build schedules its work: the longest targets start first, and the print files
of the books stage are preflighted beside the site, every one of them, each problem
reported."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.build import BuildReport, plan, preflighting, run_targets
from generator.layout.sheet import Document, Page
from generator.render.pdf import render_document
from generator.target import Target

ROOT = Path(__file__).resolve().parents[1]


def _key(project: Any, target: Target, out: Path) -> str:
    return target.key


def test_a_stage_starts_with_its_rulebooks_and_ends_with_its_smallest_jobs() -> None:
    targets = [t for t in plan(ROOT, ["zero-grid", "multisuit"], {}) if t.stage == 1]
    order = [key for _, key in run_targets(None, targets, ROOT / "output", workers=1, job=_key)]
    assert order[:2] == ["zero-grid/rulebook-pdf", "multisuit/rulebook-pdf"]
    assert order[-2:] == ["zero-grid/rulebook-md", "multisuit/rulebook-md"]
    assert sorted(order) == sorted(t.key for t in targets), "every target runs, once"


@pytest.mark.parametrize("workers", [1, 2])
def test_print_files_are_preflighted_while_the_next_stage_builds(tmp_path: Path, workers: int) -> None:
    good = tmp_path / "good.pdf"
    good.write_bytes(render_document(Document("ok", "ok", (Page(210.0, 297.0, ()),))))
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"not a PDF at all")
    report = BuildReport()
    ran = []
    manifest: dict[str, object] = {"kit": {"stamp": "s", "files": ["broken.pdf"]}, "other": {"stamp": "t", "files": []}}
    with preflighting(tmp_path, [(broken, "kit"), (good, "other")], report, manifest, workers, None):
        ran.append("the next stage")
    assert ran == ["the next stage"]
    assert report.preflighted == 2
    assert report.preflight, "the broken file is reported"
    assert {p.file for p in report.preflight} == {"broken.pdf"}
    # kept with the target that wrote it, so a build that reuses the file says it again
    assert manifest["kit"]["preflight"] and "preflight" not in manifest["other"]  # type: ignore[index,operator]
