"""``python -m generator`` runs the CLI (used by the benchmarks to time whole processes)."""

from .entry import main

main()
