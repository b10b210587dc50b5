"""Where a project's pages come from: its own folders, or what Pipworks ships.

A project may have its own ``templates/`` (each file overrides Pipworks' template of the
same name) and its own rules-site skeleton (``site/`` with a ``mkdocs.yml``: it replaces
the shipped one as a whole). Cheap to import: the build plans with it.
"""

from __future__ import annotations

from pathlib import Path

from .. import shipped_root

#: The built rules site, under output/; it is built at SITE_NEW and swapped in, the
#: previous one waiting at SITE_OLD during the swap (see ``pages.build_site``).
SITE, SITE_NEW, SITE_OLD = Path("site"), Path(".pipworks") / "site-new", Path(".pipworks") / "site-old"


def site_folder(root: Path) -> Path:
    """The rules site's skeleton (mkdocs.yml, hooks, pages, assets): the project's own
    ``site/`` if it has a ``site/mkdocs.yml``, else the one Pipworks ships."""
    own = root / "site"
    return own if (own / "mkdocs.yml").is_file() else shipped_root() / "site"


def input_path(root: Path, path: Path) -> str:
    """A target input: relative to the project when inside it, else absolute."""
    return str(path.relative_to(root)) if path.is_relative_to(root) else str(path)


def template_inputs(root: Path) -> tuple[str, ...]:
    """The templates pages are rendered from: the project's, then Pipworks' own."""
    builtin = input_path(root, shipped_root() / "templates")
    return ("templates",) if builtin == "templates" else ("templates", builtin)
