"""How fast a build stops on SIGTERM, with the machine's cores kept busy.

    python benchmarks/stop_time.py [--load 2]

Copies the shipped project to a scratch folder, starts ``--load`` busy loops, then for
each delay starts ``pipworks build --force``, sends SIGTERM after the delay and times
how long the process takes to exit (it should exit 143, within 2 s). A benchmark, not
a timed test: ``tests/test_faults.py`` checks the 2 s on an ordinary machine.
"""

from __future__ import annotations

import argparse
import multiprocessing
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def busy(stop_at: float) -> None:
    while time.monotonic() < stop_at:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--load", type=int, default=2, help="busy loops to run beside the build")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="pipworks-stop-"))
    for name in ("content", "templates", "site"):
        shutil.copytree(ROOT / name, work / name, ignore=shutil.ignore_patterns("docs", "__pycache__"))
    (work / "site" / "docs").mkdir(exist_ok=True)
    loops = [multiprocessing.Process(target=busy, args=(time.monotonic() + 120,)) for _ in range(args.load)]
    for loop in loops:
        loop.start()
    try:
        for delay in (1.0, 2.0, 3.0, 3.5):
            build = subprocess.Popen([sys.executable, "-m", "generator", "--project", str(work), "build", "--force"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
            time.sleep(delay)
            running = build.poll() is None
            sent = time.monotonic()
            build.send_signal(signal.SIGTERM)
            build.wait()
            print(f"SIGTERM after {delay} s ({'running' if running else 'already done'}): exit {build.returncode}, "
                  f"stopped in {time.monotonic() - sent:.2f} s")
    finally:
        for loop in loops:
            loop.terminate()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
