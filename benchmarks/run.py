"""Pipworks benchmarks: whole processes, so start-up counts, median of several runs.

    python benchmarks/run.py            # full run, prints a table, writes benchmarks/results.json
    python benchmarks/run.py --quick    # one run each, small numbers: checks it all still works (CI)
    python benchmarks/run.py --builds   # the builds alone, wall and CPU: writes benchmarks/builds.json

Builds run in a scratch copy of the project (content/, templates/, site/), never in the
checkout. Targets are from issues 3, 5 and 8; the table prints each next to its figure.

Commands run as a user's would: with Python's bytecode cache on. Some machines set
PYTHONDONTWRITEBYTECODE=1, which makes every run recompile Pipworks from source (+0.1 s
a command); the benchmark drops it, and each timing's warm-up run writes the cache.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
PIPWORKS = [PY, "-m", "generator"]
ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
GAMES = ["pip-trick", "dice-lanes", "multisuit", "four-deuces", "zero-grid"]


#: CPU seconds (user + system, the command and every process it started) of the last
#: ``timed`` call's runs, median: a figure that holds on a busy machine, where wall time does not.
LAST_CPU: list[float] = [0.0]


def timed(cmd: list[str], cwd: Path, before: Callable[[], None] | None = None, runs: int = 5, warmup: int = 1) -> float:
    """Median wall time of ``cmd`` over ``runs`` runs after ``warmup`` runs (their
    median CPU time goes to ``LAST_CPU``); an exit code other than 0 stops the benchmark."""
    import resource

    times, cpus = [], []
    for index in range(warmup + runs):
        if before:
            before()
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run(cmd, cwd=cwd, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        elapsed = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if proc.returncode != 0:
            raise SystemExit(f"benchmark command failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stderr[-2000:]}")
        if index >= warmup:
            times.append(elapsed)
            cpus.append(after.ru_utime - used.ru_utime + after.ru_stime - used.ru_stime)
    LAST_CPU[0] = statistics.median(cpus)
    return statistics.median(times)


RULE = "A game is four rounds long, and the trump suit changes every round."


def change_one_rule(project: Path, flip: list[int]) -> None:
    """Change one sentence of one Pip Trick rule (a different sentence every call)."""
    game = project / "content" / "pip-trick" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    before = RULE if flip[0] == 0 else f"{RULE[:-1]} (edit {flip[0]})."
    flip[0] += 1
    assert before in text, "the benchmark's rule sentence is not in Pip Trick's game.yaml any more"
    game.write_text(text.replace(before, f"{RULE[:-1]} (edit {flip[0]})."), encoding="utf-8")


def scratch_project() -> Path:
    dest = Path(tempfile.mkdtemp(prefix="pipworks-bench-"))
    for name in ("content", "templates", "site"):
        if (ROOT / name).exists():
            shutil.copytree(ROOT / name, dest / name, ignore=shutil.ignore_patterns("docs", "site"))
    return dest


def data_deck(dest: Path, cards: int = 200) -> Path:
    """A project whose one game prints a 200-card deck from a layout and a cards file
    (``pipworks new``'s blank template with its cards file grown): every card's text
    differs, so every face is laid out and fitted."""
    sys.path.insert(0, str(ROOT))
    from generator.scaffold import make_project

    root = dest / "data-deck"
    make_project(root, "blank")
    folder = root / "content" / "data-deck"
    rows = ["count,name,suit,rank,stars,text"]
    for n in range(cards):
        suit = ("hearts", "spades")[n % 2]
        rows.append(f"1,Card {n + 1},{suit},{n % 9 + 1},{n % 3},Play this card for :star: {'and a bonus ' * (n % 4)}"
                    f"when the trick holds a :{suit}: ({n + 1}).")
    (folder / "cards.csv").write_text("\n".join(rows) + "\n")
    game = folder / "game.yaml"
    game.write_text(game.read_text().replace("count: 4", f"count: {cards}"))
    return root


def change_one_rank(project: Path, flip: list[int]) -> None:
    """Change one rank of one multisuit card (and back again on the next call), in
    deck.csv and in the worked examples that show the card (they are dealt from it)."""
    folder = project / "content" / "multisuit"
    deck = folder / "deck.csv"
    lines = deck.read_text().splitlines()
    for index, line in enumerate(lines[1:], start=1):
        cells = line.split(",")
        for col in (1, 2, 3):
            if cells[col] in ("4", "5"):
                before = "".join(rank + symbol for rank, symbol in zip(cells[1:], "♠♦♣"))
                cells[col] = "5" if cells[col] == "4" else "4"
                lines[index] = ",".join(cells)
                deck.write_text("\n".join(lines) + "\n")
                after = "".join(rank + symbol for rank, symbol in zip(cells[1:], "♠♦♣"))
                examples = folder / "examples.yaml"
                examples.write_text(examples.read_text(encoding="utf-8").replace(before, after), encoding="utf-8")
                flip[0] += 1
                return
    raise SystemExit("no 4 or 5 rank to flip in deck.csv")


def engine_speed(slug: str, games: int) -> dict[str, float]:
    code = (
        "import time,sys; from generator.games import find_game; from generator.simulate import play_one\n"
        f"e=find_game({slug!r}); n={games}; d=0\n"
        "for s in range(3): play_one(e,None,(),s)\n"
        "t=time.perf_counter()\n"
        "for s in range(n): d+=play_one(e,None,(),s)[1]\n"
        "t=time.perf_counter()-t; print(n/t, d/t)"
    )
    out = subprocess.run([PY, "-c", code], cwd=ROOT, env=ENV, capture_output=True, text=True, check=True).stdout.split()
    return {"games_per_s": round(float(out[0]), 1), "decisions_per_s": round(float(out[1]))}


def ismcts_speed(slug: str, iterations: int, positions: int) -> dict[str, float]:
    """ISMCTS playouts per second on one core: the bot choosing a move at ``positions``
    positions (taken along random games), each with ``iterations`` playouts."""
    code = (
        "import random,time; from generator.lab.tournament import game_lab, make_bot\n"
        f"lab=game_lab({slug!r}); e=lab.engine; bot=make_bot('ismcts:{iterations}', lab); found=[]; seed=0\n"
        f"while len(found)<{positions}:\n"
        "  s=e.new_game(seed=seed); r=random.Random(seed); seed+=1; k=0\n"
        "  while not e.is_over(s):\n"
        "    if len(e.legal_actions(s))>1 and k%7==3: found.append(s)\n"
        "    s=e.apply(s,r.choice(e.legal_actions(s))); k+=1\n"
        f"found=found[:{positions}]; t=time.perf_counter()\n"
        "for s in found: bot.choose(s, e.to_move(s), random.Random(1))\n"
        f"t=time.perf_counter()-t; print({iterations}*len(found)/t)"
    )
    out = subprocess.run([PY, "-c", code], cwd=ROOT, env=ENV, capture_output=True, text=True, check=True).stdout
    return {"iterations_per_s": round(float(out.split()[0]))}


def simulate_speedup(slug: str, games: int, runs: int) -> dict[str, float]:
    one = timed(PIPWORKS + ["simulate", slug, "--games", str(games), "--workers", "1"], ROOT, runs=runs, warmup=0)
    two = timed(PIPWORKS + ["simulate", slug, "--games", str(games), "--workers", "2"], ROOT, runs=runs, warmup=0)
    return {"one_core_s": round(one, 3), "two_cores_s": round(two, 3), "speedup": round(one / two, 2)}


#: Every figure a run must record (a missing or zero one fails the run, as CI's step).
FIGURES = ("floor_import", "help", "pnp_multisuit_a4_force", "pnp_data_deck_200_a4_force", "build_pnp_cold", "build_full_cold",
           "build_full_cold_cpu", "build_nothing_changed", "build_one_rank_changed", "build_one_rule_changed",
           "build_one_rule_changed_cpu", "verify", "deck_design",
           "pnp_multisuit_for_tgc", "pnp_multisuit_for_mpc", "pnp_multisuit_for_dtc", "pnp_multisuit_for_tts")


def missing_figures(results: dict[str, object]) -> list[str]:
    """Figures a run failed to record."""
    missing = [key for key in FIGURES if not isinstance(results.get(key), float) or not results[key]]
    engines = results.get("engines_one_core")
    if not isinstance(engines, dict) or set(engines) != set(GAMES) or not all(v["games_per_s"] > 0 for v in engines.values()):
        missing.append("engines_one_core")
    speedup = results.get("simulate_speedup")
    if not isinstance(speedup, dict) or not speedup.get("speedup"):
        missing.append("simulate_speedup")
    sizes = results.get("pdf_bytes")
    if not isinstance(sizes, dict) or not sizes.get("multisuit-pnp-a4.pdf"):
        missing.append("pdf_bytes")
    return missing


def builds_only(quick: bool, out: Path) -> None:
    """The build figures alone, each with its CPU time: what issue 23 asks of a cold full
    build (≤ 5 s wall on a quiet machine) and of a one-rule change (≤ 25 % of its CPU)."""
    runs = 1 if quick else 5
    project = scratch_project()
    wipe = lambda: shutil.rmtree(project / "output", ignore_errors=True)  # noqa: E731
    build = PIPWORKS + ["--project", str(project), "build"]
    results: dict[str, object] = {}
    rank, rule = [0], [0]
    try:
        for key, before in (("build_full_cold", wipe), ("build_nothing_changed", None),
                            ("build_one_rank_changed", lambda: change_one_rank(project, rank)),
                            ("build_one_rule_changed", lambda: change_one_rule(project, rule))):
            results[key] = round(timed(build, ROOT, before=before, runs=runs), 4)
            results[f"{key}_cpu"] = round(LAST_CPU[0], 4)
    finally:
        shutil.rmtree(project, ignore_errors=True)
    cold = float(results["build_full_cold_cpu"])  # type: ignore[arg-type]
    for key in ("build_one_rank_changed", "build_one_rule_changed"):
        results[f"{key}_cpu_share"] = round(float(results[f"{key}_cpu"]) / cold, 3)  # type: ignore[arg-type]
    results["load_average"] = round(os.getloadavg()[0], 2)
    results["cpus"] = os.cpu_count()
    for key, value in results.items():
        print(f"{key:<34} {value}")
    out.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")
    print(f"wrote {out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="one run each, small numbers (CI)")
    parser.add_argument("--out", type=Path, default=None, help="default: benchmarks/results.json "
                        "(with --builds: benchmarks/builds.json)")
    parser.add_argument("--builds", action="store_true", help="only the builds: cold (wall and CPU), nothing "
                        "changed, one rank, one rule (issue 23)")
    args = parser.parse_args()
    if args.builds:
        builds_only(args.quick, args.out or ROOT / "benchmarks" / "builds.json")
        return
    args.out = args.out or ROOT / "benchmarks" / "results.json"
    runs = 1 if args.quick else 5
    games = 20 if args.quick else 2000
    project = scratch_project()
    out_dir = project / "output"
    wipe = lambda: shutil.rmtree(out_dir, ignore_errors=True)  # noqa: E731
    build = PIPWORKS + ["--project", str(project), "build"]
    flip = [0]
    results: dict[str, object] = {}
    rows: list[tuple[str, str, str]] = []

    def record(key: str, seconds: float, target: str) -> None:
        results[key] = round(seconds, 4)
        rows.append((key, f"{seconds:.3f} s", target))

    try:
        record("floor_import", timed([PY, "-c", "import reportlab.pdfgen.canvas, svgwrite, jinja2"], ROOT, runs=runs), "(the floor)")
        record("typer_import", timed([PY, "-c", "import typer"], ROOT, runs=runs), "(floor for --help)")
        record("help", timed(PIPWORKS + ["--help"], ROOT, runs=runs), "≤ 1.5 × typer import")
        record("pnp_multisuit_a4_force", timed(PIPWORKS + ["--project", str(project), "pnp", "multisuit", "--paper", "a4", "--force"], ROOT, runs=runs), "≤ 0.32 s")
        deck = data_deck(project)
        record("pnp_data_deck_200_a4_force", timed(PIPWORKS + ["--project", str(deck), "pnp", "data-deck", "--paper", "a4", "--force"], ROOT, runs=runs), "< 1 s (issue 16)")
        record("build_pnp_cold", timed(build + ["--only", "pnp"], ROOT, before=wipe, runs=runs), "≤ 2 s")
        record("build_full_cold", timed(build, ROOT, before=wipe, runs=runs), "≤ 5 s")
        cold_cpu = LAST_CPU[0]
        record("build_full_cold_cpu", cold_cpu, "(CPU: user + system, all processes)")
        record("build_nothing_changed", timed(build, ROOT, runs=runs), "≤ 1.2 × floor")
        record("build_one_rank_changed", timed(build, ROOT, before=lambda: change_one_rank(project, flip), runs=runs), "≤ 50 % of cold full build")
        rule = [0]
        record("build_one_rule_changed", timed(build, ROOT, before=lambda: change_one_rule(project, rule), runs=runs), "(issue 23)")
        results["build_one_rule_changed_cpu"] = round(LAST_CPU[0], 4)
        results["build_one_rule_cpu_share"] = round(LAST_CPU[0] / cold_cpu, 3)
        rows.append(("build_one_rule_changed_cpu", f"{LAST_CPU[0]:.3f} s = {LAST_CPU[0] / cold_cpu:.0%} of cold CPU",
                     "≤ 25 % of the cold build's CPU (issue 23)"))
        for profile in ("tgc", "mpc", "dtc", "tts"):
            # Exit 0 only: preflight passes on every shipped output (issue 14), so a 1 is a regression.
            record(f"pnp_multisuit_for_{profile}", timed(PIPWORKS + ["--project", str(project), "pnp", "multisuit", "--for", profile],
                                                         ROOT, runs=runs), "< 3 s")
        record("verify", timed(PIPWORKS + ["--project", str(project), "verify"], ROOT, runs=runs), "≤ 1 s")
        record("deck_design", timed(PIPWORKS + ["--project", str(project), "deck", "design", "--seed", "1", "--out", str(project / "candidate.csv")], ROOT, runs=1, warmup=0), "< 10 s")
        sizes = {p.name: p.stat().st_size for p in sorted(out_dir.rglob("*.pdf"))}
        results["pdf_bytes"] = sizes
        deck_pdf = sizes.get("multisuit-pnp-a4.pdf")
        if deck_pdf:
            rows.append(("multisuit deck PDF (A4)", f"{deck_pdf / 1024:.0f} KB", "< 500 KB"))
        engines = {slug: engine_speed(slug, games) for slug in GAMES}
        results["engines_one_core"] = engines
        for slug, speed in engines.items():
            rows.append((f"engine {slug}", f"{speed['games_per_s']:.0f} games/s, {speed['decisions_per_s']:,} decisions/s", "≥ 250,000 (issue 15)"))
        searches = {slug: ismcts_speed(slug, 20 if args.quick else 200, 2 if args.quick else 12) for slug in GAMES}
        results["ismcts_one_core"] = searches
        for slug, speed in searches.items():
            rows.append((f"ismcts {slug}", f"{speed['iterations_per_s']:,} playouts/s", "issue 15"))
        speedup = simulate_speedup("dice-lanes", 200 if args.quick else 20000, 1)
        results["simulate_speedup"] = speedup
        rows.append(("simulate 2 cores vs 1", f"{speedup['speedup']:.2f} ×", "≥ 1.7 ×"))
    finally:
        shutil.rmtree(project, ignore_errors=True)

    results["quick"] = args.quick
    results["python"] = sys.version.split()[0]
    results["cpus"] = os.cpu_count()
    width = max(len(r[0]) for r in rows)
    for name, value, target in rows:
        print(f"{name:<{width}}  {value:>32}  {target}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")
    print(f"wrote {args.out}")
    missing = missing_figures(results)
    if missing:
        raise SystemExit(f"benchmark figures missing: {', '.join(missing)}")


if __name__ == "__main__":
    main()
