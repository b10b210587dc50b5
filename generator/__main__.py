"""``python -m generator`` runs the CLI (used by the benchmarks to time whole processes)."""

import sys
from pathlib import Path

# `python -m` puts the current folder first on the import path. A project folder is
# data: its files (a yaml.py, say) must not stand in for the modules Pipworks imports.
# A checkout run from its own folder keeps it (that is where the package is).
if sys.path and not (Path(sys.path[0] or ".") / "generator" / "__init__.py").is_file():
    del sys.path[0]

from .entry import main  # noqa: E402

main()
