"""CPU time of `pipworks serve`'s pages-first rebuild after a save: a figure that holds on
a busy machine, where ``serve_reload.py``'s wall times do not.

Builds a copy of the shipped project, then, in this process, does what serve does on a
save N times (one Pip Trick rule sentence changed each time) and prints the median CPU
and wall time of a rebuild. Run it with another checkout's code first on PYTHONPATH to
compare (``PYTHONPATH=/path/to/other/checkout python benchmarks/serve_cpu.py``).

    python benchmarks/serve_cpu.py [--saves 5]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULE = "A game is four rounds long, and the trump suit changes every round."


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=5)
    args = parser.parse_args()
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    import generator
    from generator.build import run_build
    from generator.build.live import LiveSite

    work = Path(tempfile.mkdtemp(prefix="pipworks-serve-cpu-"))
    try:
        for name in ("content", "templates", "site"):
            shutil.copytree(ROOT / name, work / name, ignore=shutil.ignore_patterns("docs", "__pycache__"))
        (work / "site" / "docs").mkdir(exist_ok=True)
        run_build(work, None, {})
        live = LiveSite(work, work / "site", "127.0.0.1", 8000, say=lambda text: None)
        live.rebuild_pages()  # serve's first pages
        game = work / "content" / "pip-trick" / "game.yaml"
        text = game.read_text(encoding="utf-8")
        cpus, walls = [], []
        for n in range(args.saves):
            game.write_text(text.replace(RULE, f"{RULE[:-1]} (save {n})."), encoding="utf-8")
            wall, cpu = time.perf_counter(), time.process_time()
            live.rebuild_pages()
            cpus.append(time.process_time() - cpu)
            walls.append(time.perf_counter() - wall)
            page = Path(live.site_dir) / "pip-trick" / "index.html"
            assert f"(save {n})" in page.read_text(encoding="utf-8"), "the page did not take the save"
        live.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"code: {Path(generator.__file__).parent}")
    print(f"pages rebuild after a save: CPU median {statistics.median(cpus):.3f} s {[round(c, 3) for c in cpus]}, "
          f"wall median {statistics.median(walls):.3f} s; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
