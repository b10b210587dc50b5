"""Pipworks: print-and-play files, rulebooks and verified rules engines for card-and-dice games."""

from __future__ import annotations

from pathlib import Path

__version__ = "0.1.0"

#: Folder of the package; an installed Pipworks keeps what it ships in ``shipped/`` here.
_PACKAGE = Path(__file__).resolve().parent


def shipped_root() -> Path:
    """The folder holding what Pipworks ships: ``content/`` (the five games),
    ``templates/``, ``site/`` (the rules site's skeleton) and ``scaffolds/`` (the
    templates of ``pipworks new``).

    Installed from a wheel or with ``pip install .``, they are package data in
    ``generator/shipped/`` (copied there from the repository's top-level folders when
    the wheel is built); in a checkout or an editable install they are the
    repository's own folders, beside ``generator/``. A project's own files of the same
    names override these (templates file by file, the site skeleton as a whole)."""
    installed = _PACKAGE / "shipped"
    if (installed / "content").is_dir():
        return installed
    return _PACKAGE.parent
