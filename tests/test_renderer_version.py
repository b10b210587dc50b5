"""Pipworks' own code is an input of every target: its digest is kept under the package
files' sizes and mtimes (beside the manifest), so a quick command does not hash ~7 MB
again, and any moved file makes it hash again."""

from __future__ import annotations

import json
from pathlib import Path

from generator.target import Hasher, renderer_version


def _kept(root: Path) -> dict[str, str]:
    return json.loads((root / "output" / ".pipworks" / "renderer.json").read_text(encoding="utf-8"))


def test_the_digest_is_kept_and_reused_under_the_same_files(tmp_path: Path) -> None:
    (tmp_path / "output" / ".pipworks").mkdir(parents=True)
    first = renderer_version(Hasher(tmp_path))
    (seen, digest), = _kept(tmp_path).items()
    assert first.startswith(digest)
    # a kept digest is what the next command uses: proven by planting another under its key
    (tmp_path / "output" / ".pipworks" / "renderer.json").write_text(json.dumps({seen: "f" * 64}), encoding="utf-8")
    assert renderer_version(Hasher(tmp_path)).startswith("f" * 64)


def test_a_digest_kept_for_other_files_is_not_used(tmp_path: Path) -> None:
    (tmp_path / "output" / ".pipworks").mkdir(parents=True)
    (tmp_path / "output" / ".pipworks" / "renderer.json").write_text(json.dumps({"0" * 64: "f" * 64}), encoding="utf-8")
    assert not renderer_version(Hasher(tmp_path)).startswith("f" * 64)


def test_without_an_output_folder_nothing_is_written(tmp_path: Path) -> None:
    renderer_version(Hasher(tmp_path))
    assert not (tmp_path / "output").exists()
