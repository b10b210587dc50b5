"""The designer's lab, for every game: balance reports and the bot ladder (issue 15).

    python benchmarks/lab.py --seed 1            # every game: hours of search on two cores
    python benchmarks/lab.py --seed 1 --quick    # a few games each: checks it all still works

For each game it runs, as a designer would, one command::

    pipworks balance GAME --games N --seed S --variant all --ladder L --iterations I --json content/GAME/balance.json

which writes the report the site's "How it plays" page is built from (a build only
reads it), then gathers every game's ladder into ``benchmarks/ladder.json``: the
strength table, ISMCTS against random and heuristic against random, each with its 95 %
interval. A long sweep is a benchmark run, never a test. ``--executor``/``--cluster``
pass through to run it on a Dask or Ray cluster; the numbers do not change.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Games per configuration, ladder games per pairing, ISMCTS playouts a move: chosen so
#: that each ladder pairing separates at 95 % and each game takes minutes, not hours.
PLAN = {
    "pip-trick": (2000, 60, 100),
    "dice-lanes": (2000, 60, 100),
    # a Multisuit game is a rubber of about twelve deals: a smaller ladder keeps it to minutes
    "multisuit": (2000, 12, 25),
    "four-deuces": (2000, 60, 100),
    "zero-grid": (1000, 60, 100),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a few games each, reports in a scratch folder")
    parser.add_argument("--games", nargs="*", default=list(PLAN), help="which games (default: all)")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "ladder.json")
    parser.add_argument("--executor", default="local")
    parser.add_argument("--cluster", default=None)
    parser.add_argument("-j", "--workers", type=int, default=0)
    args = parser.parse_args()
    table: dict[str, object] = {}
    for slug in args.games:
        games, ladder, iterations = (20, 4, 10) if args.quick else PLAN[slug]
        report = (args.out.parent / f"{slug}-balance.json") if args.quick else ROOT / "content" / slug / "balance.json"
        cmd = [sys.executable, "-m", "generator", "balance", slug, "--games", str(games), "--seed", str(args.seed),
               "--variant", "all", "--ladder", str(ladder), "--iterations", str(iterations), "--json", str(report),
               "--executor", args.executor, "-j", str(args.workers)]
        if args.cluster:
            cmd += ["--cluster", args.cluster]
        start = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        seconds = time.perf_counter() - start
        data = json.loads(report.read_text())
        table[slug] = {**data["ladder"], "command": data["command"], "seconds": round(seconds, 1)}
        for p in data["ladder"]["pairings"]:
            a, b = p["stronger_rate"], p["weaker_rate"]
            print(f"{slug:12} {p['stronger']:>11} {a['rate']:6.1%} ({a['low']:.0%}–{a['high']:.0%})  vs "
                  f"{p['weaker']:>9} {b['rate']:6.1%} ({b['low']:.0%}–{b['high']:.0%})  "
                  f"ahead: {dict(stronger=p['stronger'], weaker=p['weaker']).get(p['ahead'], 'neither')}  [{p['games']} games]")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    if args.out.is_file() and set(args.games) != set(PLAN):  # a few games again: keep the others' rows
        kept = json.loads(args.out.read_text())
        if kept.get("seed") == args.seed and kept.get("quick") == args.quick:
            table = {**kept["games"], **table}
    args.out.write_text(json.dumps({"seed": args.seed, "quick": args.quick, "games": table}, indent=2, sort_keys=True) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
