"""A designer's own engine, declared in their project's pyproject.toml, used in place.

A designer writes their engine as a package in their project folder and declares it
the way an installed plugin does::

    [project.entry-points."pipworks.games"]
    my-game = "my_game_engine:SPEC"

Pipworks honours that declaration for the project it works on without the package
being installed: the package is imported from the project folder (or its ``src/``).
Once the designer installs their package, the same declaration is read from the
installed metadata instead, and the game is the same one (see ``all_specs``).
game.yaml never names code: content stays data.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .spec import GameSpec, PluginError

GROUP = "pipworks.games"


def declared_entry_points(root: Path) -> dict[str, str]:
    """name -> "module:attribute" of the ``pipworks.games`` entry points the project's
    pyproject.toml declares (none without the file)."""
    path = root / "pyproject.toml"
    if not path.is_file():
        return {}
    import tomllib

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise PluginError(f"{path}: cannot read it: {exc}") from None
    found = data.get("project", {}).get("entry-points", {}).get(GROUP, {})
    if not isinstance(found, dict) or not all(isinstance(v, str) for v in found.values()):
        raise PluginError(f'{path}: [project.entry-points."{GROUP}"] maps names to "module:SPEC" strings')
    return dict(found)


def _home(root: Path, module: str) -> Path | None:
    """The folder the project keeps ``module`` in: ``src/`` or the project folder."""
    top = module.split(".")[0]
    for folder in (root / "src", root):
        if (folder / top / "__init__.py").is_file() or (folder / f"{top}.py").is_file():
            return folder
    return None


def project_plugins(root: Path) -> tuple[GameSpec, ...]:
    """The GameSpecs the project at ``root`` declares, imported from its own folder."""
    declared = declared_entry_points(root)
    if not declared:
        return ()  # importlib.metadata costs ~10 ms to import: only a project with plugins pays it
    from importlib.metadata import EntryPoint

    found = []
    for name, value in sorted(declared.items()):
        module = value.split(":")[0].strip()
        home = _home(root, module)
        if home is not None and str(home) not in sys.path:
            sys.path.append(str(home))  # after installed packages: an installed copy wins
        try:
            spec = EntryPoint(name=name, value=value, group=GROUP).load()
        except Exception as exc:  # the designer's code: name it, never a bare traceback
            raise PluginError(f"game plugin {name!r} ({value}) declared in {root / 'pyproject.toml'} "
                              f"failed to load: {exc}") from exc
        if not isinstance(spec, GameSpec):
            raise PluginError(f"game plugin {name!r} ({value}) declared in {root / 'pyproject.toml'} is not a GameSpec")
        found.append(spec)
    return tuple(found)


def names_a_layout(game_yaml: Path) -> bool:
    """Does this game.yaml give any component a layout file? (Read for planning only;
    validation reads it properly.)"""
    import yaml

    try:
        data = yaml.load(game_yaml.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return False
    components = data.get("components") if isinstance(data, dict) else None
    return isinstance(components, list) and any(isinstance(c, dict) and c.get("layout") for c in components)
