"""How long `pipworks deck design` takes here: run ``python tests/deck/benchmark_design.py``.

Not a pytest test on purpose: a timed assertion flakes on a shared machine. It runs the
search for several seeds at the default number of steps and prints each time, the worst,
and the balance score found, so a change to the search can be judged on both.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from generator.deck.checks import check_deck
from generator.deck.design import design_deck
from generator.content.deck_rules import load_rules

RULES = Path(__file__).resolve().parents[2] / "content" / "multisuit" / "deck-rules.yaml"


def main(seeds: list[int]) -> None:
    rules = load_rules(RULES)
    times = []
    for seed in seeds:
        started, cpu = time.perf_counter(), time.process_time()
        found = design_deck(rules, seed)
        took, cpu = time.perf_counter() - started, time.process_time() - cpu
        times.append(took)
        valid = "valid" if not check_deck(found.cards, rules) else "INVALID"
        print(f"seed {seed:3d}: {took:5.2f} s wall, {cpu:5.2f} s cpu  score {found.score:7.3f}  {valid}", flush=True)
    print(f"median {statistics.median(times):.2f} s, worst {max(times):.2f} s over {len(times)} seeds (limit 10 s)")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or list(range(1, 11)))
