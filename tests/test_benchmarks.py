"""The benchmark suite still runs (quick mode, no timing assertions: timings are for people)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_benchmark_script_runs_and_records_every_figure(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    result = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run.py"), "--quick", "--out", str(out)],
                            capture_output=True, text=True, timeout=900, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    data = json.loads(out.read_text())
    for key in ("floor_import", "help", "pnp_multisuit_a4_force", "build_pnp_cold", "build_full_cold",
                "build_nothing_changed", "build_one_rank_changed", "verify", "deck_design"):
        assert data[key] > 0, key
    assert set(data["engines_one_core"]) == {"pip-trick", "dice-lanes", "multisuit", "four-deuces", "zero-grid"}
    assert all(v["games_per_s"] > 0 for v in data["engines_one_core"].values())
    assert data["simulate_speedup"]["speedup"] > 0
    assert data["pdf_bytes"]["multisuit-pnp-a4.pdf"] > 0
