"""``python -m generator`` runs the CLI (used by the benchmarks to time whole processes)."""

from .cli import main

main()
