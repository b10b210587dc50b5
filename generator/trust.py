"""Trust: a project folder is data, and its code runs only once its user trusts it.

A game folder may come from a stranger (a zip from a co-designer, a repository from a
forum). What in it is code: the game plugins its ``pyproject.toml`` declares, the hooks
and ``!!python/...`` tags of its ``site/mkdocs.yml``, and the Python files those name.
Like an editor's workspace trust or direnv, Pipworks runs none of it until the user
says ``pipworks trust`` (or ``pipworks --trust`` for one run). The record lives outside
the project, in the user's config folder (``$XDG_CONFIG_HOME/pipworks/trusted.json``),
with a hash of every code-bearing file: when one changes, the project is untrusted
again, and the notice says which file changed.

This module only reads and records; it runs nothing of a project. What is skipped is
decided by its callers (``generator.games.use_project``, the site's config loader), and
:func:`notice` says it in one line.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: Set by ``pipworks --trust``: the project folder trusted for this run (and its workers).
ONCE_ENV = "PIPWORKS_TRUST_ONCE"
#: The ``!!python/name:`` objects Pipworks' own site settings use (installed code, no
#: project's): allowed in any project's mkdocs.yml. Every other Python tag is project code.
ALLOWED_PYTHON_NAMES = frozenset({
    "material.extensions.emoji.twemoji", "material.extensions.emoji.to_svg",
    "pymdownx.emoji.twemoji", "pymdownx.emoji.emojione", "pymdownx.emoji.gemoji",
    "pymdownx.emoji.to_svg", "pymdownx.emoji.to_png", "pymdownx.emoji.to_alt",
    "pymdownx.superfences.fence_code_format", "pymdownx.superfences.fence_div_format",
    "pymdownx.slugs.slugify",
})
#: mkdocs plugins an untrusted project's settings may use: they read pages and settings
#: and never a project's code (others, such as macros, may be told to import its files).
SAFE_SITE_PLUGINS = frozenset({"search", "material/search", "tags", "material/tags", "offline", "material/offline"})
#: Pipworks' own site hook, once copied into every new project: now part of the package
#: (``generator.docs.site_config``), so an old copy is never run, trusted or not.
OWN_HOOK = "pipworks_hooks.py"
#: Folders never searched for code: what a build writes, tools' and version control's.
_NOT_CODE = frozenset({"output", "__pycache__", "node_modules", "site-packages"})
#: At most this many Python files are fingerprinted (a folder with more is not a game project).
MAX_FILES = 5000


class TrustError(ValueError):
    """The project cannot be trusted or its record cannot be read; the message says why."""


# -- what a project holds that could run ------------------------------------------------


@dataclass
class Survey:
    """The code a project would have Pipworks run: its game plugins (name -> "module:SPEC"),
    its site hooks (as mkdocs.yml names them) and Python tags (as written)."""

    plugins: dict[str, str] = field(default_factory=dict)
    hooks: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    site_plugins: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.plugins or self.hooks or self.tags or self.site_plugins)

    def described(self) -> str:
        """``game plugin 'x', site hook hooks/x.py and Python tag !!python/name:os.system``"""
        parts = [f"game plugin {name!r}" for name in sorted(self.plugins)]
        parts += [f"site hook {hook}" for hook in self.hooks]
        parts += [f"Python tag {tag} in site/mkdocs.yml" for tag in self.tags]
        parts += [f"mkdocs plugin {name!r}" for name in self.site_plugins]
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def declared_plugins(root: Path) -> dict[str, str]:
    """name -> "module:SPEC" of the ``pipworks.games`` entry points the project's
    pyproject.toml declares (unreadable or ill-formed: none here; the registry says why
    when it is trusted)."""
    path = root / "pyproject.toml"
    if not path.is_file():
        return {}  # most projects: no TOML parser to import (a few ms of every command)
    import tomllib

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}
    project = data.get("project") if isinstance(data, dict) else None
    points = project.get("entry-points") if isinstance(project, dict) else None
    found = points.get("pipworks.games") if isinstance(points, dict) else None
    return {str(k): str(v) for k, v in found.items()} if isinstance(found, dict) else {}


def site_settings(root: Path) -> Path | None:
    """The project's own ``site/mkdocs.yml`` (None: the site is Pipworks' own)."""
    path = root / "site" / "mkdocs.yml"
    return path if path.is_file() else None


def site_loader(skipped: list[str], resolve: bool = False) -> type:
    """A YAML loader for mkdocs.yml that runs nothing: safe YAML, and ``!!python/name:``
    only for :data:`ALLOWED_PYTHON_NAMES` (looked up when ``resolve``, else left as
    their names); every other Python tag is written into ``skipped`` and loads as
    :data:`SKIPPED`. Not resolving, mkdocs' ``!ENV`` and ``!relative`` read as plain
    values (to load a site, ``generator.docs.site_config`` adds mkdocs' own)."""
    import yaml

    class Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
        pass

    def python(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
        name = suffix.split(":", 1)[1] if suffix.startswith("name:") else None
        if name in ALLOWED_PYTHON_NAMES and not resolve:
            return name
        if name in ALLOWED_PYTHON_NAMES:
            import importlib

            module, _, attribute = name.rpartition(".")
            return getattr(importlib.import_module(module), attribute)
        skipped.append(f"!!python/{suffix}")
        return SKIPPED

    def plain(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
        return loader.construct_scalar(node) if isinstance(node, yaml.ScalarNode) else loader.construct_object(node)

    Loader.add_multi_constructor("tag:yaml.org,2002:python/", python)
    if not resolve:
        for tag in ("!ENV", "!relative"):
            Loader.add_constructor(tag, plain)
    return Loader


class _Skipped:
    def __repr__(self) -> str:
        return "<skipped>"


#: What a skipped Python tag loads as (then removed from the settings: see without_skipped).
SKIPPED: Any = _Skipped()


def read_site_settings(path: Path, skipped: list[str], read: list[Path] | None = None) -> dict[str, Any]:
    """What mkdocs.yml (with the files it INHERITs, as mkdocs merges them) says, read
    by :func:`site_loader` without looking anything up: for knowing what code it names.
    ``read`` gets every settings file read."""
    import yaml

    read = [] if read is None else read
    read.append(path)
    with open(path, "rb") as handle:
        found = yaml.load(handle, Loader=site_loader(skipped))
    found = without_skipped(found) if isinstance(found, dict) else {}
    parent = found.pop("INHERIT", None)
    if isinstance(parent, str) and len(read) < 8 and (path.parent / parent).is_file():
        return _merged(read_site_settings(path.parent / parent, skipped, read), found)
    return found


def _merged(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for name, value in over.items():
        merged[name] = _merged(merged[name], value) if isinstance(value, dict) and isinstance(merged.get(name), dict) \
            else value
    return merged


def without_skipped(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: without_skipped(v) for k, v in value.items() if v is not SKIPPED}
    if isinstance(value, list):
        return [without_skipped(v) for v in value if v is not SKIPPED]
    return value


def site_hooks(settings: dict[str, Any]) -> list[str]:
    """The hooks a site's settings name, but Pipworks' own (see :data:`OWN_HOOK`)."""
    hooks = settings.get("hooks") or []
    return [str(h) for h in hooks if Path(str(h)).name != OWN_HOOK] if isinstance(hooks, list) else [str(hooks)]


def site_plugins(settings: dict[str, Any]) -> list[tuple[str, Any]]:
    """(name, entry as written) of each mkdocs plugin the settings name."""
    named = settings.get("plugins") or []
    if isinstance(named, dict):
        named = [{k: v} for k, v in named.items()]
    found = []
    for entry in named if isinstance(named, list) else []:
        name = next(iter(entry), None) if isinstance(entry, dict) and len(entry) == 1 else entry
        found.append((str(name), entry))
    return found


def safe_site_plugins(settings: dict[str, Any]) -> dict[str, Any]:
    """The settings with only the mkdocs plugins of :data:`SAFE_SITE_PLUGINS`: another
    installed plugin may be told by the settings to run a project's files."""
    if "plugins" not in settings:
        return settings
    kept = [entry for name, entry in site_plugins(settings) if name in SAFE_SITE_PLUGINS]
    return {**settings, "plugins": kept}


def survey(root: Path) -> Survey:
    """What code the project at ``root`` holds for Pipworks to run (reads, runs nothing)."""
    found = Survey(plugins=declared_plugins(root))
    path = site_settings(root)
    if path is not None:
        try:
            settings = read_site_settings(path, found.tags)
        except Exception:  # unreadable settings: mkdocs says why when it builds the site
            settings = {}
        found.hooks = site_hooks(settings)
        found.site_plugins = [name for name, _ in site_plugins(settings) if name not in SAFE_SITE_PLUGINS]
    return found


# -- the fingerprint of what runs ------------------------------------------------------


def code_files(root: Path) -> list[Path]:
    """Every file whose bytes decide what a trusted project runs: pyproject.toml, the
    site settings, the hooks they name (wherever they are) and every Python file in the
    project but output/, hidden folders and virtual environments (a folder linked in
    is followed: its files run as the project's)."""
    files = [root / name for name in ("pyproject.toml", "site/mkdocs.yml") if (root / name).is_file()]
    count, seen = 0, set[str]()
    for folder, dirs, names in os.walk(root, followlinks=True):
        real = os.path.realpath(folder)
        if real in seen or len(seen) > 10 * MAX_FILES:
            dirs[:] = []  # a link back to a folder already read, or far too many folders
            continue
        seen.add(real)
        dirs[:] = sorted(d for d in dirs if d not in _NOT_CODE and not d.startswith(".")
                         and not (Path(folder) / d / "pyvenv.cfg").exists())
        for name in sorted(names):
            if name.endswith(".py"):
                count += 1
                if count > MAX_FILES:
                    raise TrustError(f"{root}: more than {MAX_FILES} Python files; a game project has far fewer")
                files.append(Path(folder) / name)
    path = site_settings(root)
    if path is not None:
        read: list[Path] = []
        try:
            hooks = site_hooks(read_site_settings(path, [], read))
        except Exception:
            hooks = []
        files += [(path.parent / hook).resolve() for hook in hooks if (path.parent / hook).is_file()]
        files += [p.resolve() for p in read]  # settings it INHERITs, wherever they are
    return sorted(set(files))


def digests(root: Path, files: list[Path] | None = None) -> dict[str, str]:
    """name (relative to the project where inside it) -> sha256 of each code file."""
    found = {}
    for path in code_files(root) if files is None else files:
        name = str(path.relative_to(root)) if path.is_relative_to(root) else str(path)
        try:
            found[name] = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError as exc:
            raise TrustError(f"{path}: cannot read it: {(exc.strerror or str(exc)).lower()}") from None
    return found


# -- the record ---------------------------------------------------------------------------


def config_folder() -> Path:
    """The user's Pipworks settings: $XDG_CONFIG_HOME/pipworks, else ~/.config/pipworks."""
    base = os.environ.get("XDG_CONFIG_HOME") or ""
    return (Path(base) if os.path.isabs(base) else Path.home() / ".config") / "pipworks"


def store() -> Path:
    return config_folder() / "trusted.json"


def _records() -> dict[str, dict[str, str]]:
    path = store()
    try:
        data = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise TrustError(f"{path}: cannot read the trusted projects: {exc}") from None
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, dict)}


def _save(records: dict[str, dict[str, str]]) -> None:
    from .atomic import write_text

    store().parent.mkdir(parents=True, exist_ok=True)
    write_text(store(), json.dumps(records, indent=1, sort_keys=True) + "\n")


def key(root: Path) -> str:
    return str(root.resolve())


def trust(root: Path) -> dict[str, str]:
    """Record the project at ``root`` as trusted, as its code is now; returns the digests."""
    found = digests(root.resolve())
    records = _records()
    records[key(root)] = found
    _save(records)
    _STATES.clear()
    return found


def revoke(root: Path) -> bool:
    """Forget the project's trust; False if it was not trusted."""
    records = _records()
    if records.pop(key(root), None) is None:
        return False
    _save(records)
    _STATES.clear()
    return True


def trusted_projects() -> list[str]:
    return sorted(_records())


@dataclass(frozen=True)
class State:
    trusted: bool
    changed: tuple[str, ...] = ()  # files changed since the project was trusted


#: project -> (what its code files and the record looked like, the answer then)
_STATES: dict[str, tuple[Any, State]] = {}


def state(root: Path) -> State:
    """Is the project trusted, for this run or as recorded with its code as it is now?
    The files are hashed again only when one of them (or the record) looks changed, so
    asking often is cheap, and a long-running `pipworks serve` sees an edit at once."""
    name = key(root)
    if os.environ.get(ONCE_ENV) and key(Path(os.environ[ONCE_ENV])) == name:
        return State(True)
    try:
        files = code_files(root.resolve())
        looks = tuple(_looks(p) for p in [store(), *files])
    except (TrustError, OSError):
        return State(False)
    cached = _STATES.get(name)
    if cached is None or cached[0] != looks:
        cached = _STATES[name] = (looks, _recorded_state(root.resolve(), files))
    return cached[1]


def _looks(path: Path) -> tuple[str, int, int]:
    try:
        found = path.stat()
    except OSError:
        return (str(path), -1, -1)
    return (str(path), found.st_mtime_ns, found.st_size)


def _recorded_state(root: Path, files: list[Path]) -> State:
    try:
        recorded = _records().get(key(root))
        if recorded is None:
            return State(False)
        now = digests(root, files)
    except TrustError:
        return State(False)
    changed = sorted(n for n in set(recorded) | set(now) if recorded.get(n) != now.get(n))
    return State(not changed, tuple(changed))


def trusted(root: Path) -> bool:
    return state(root).trusted


def mark(root: Path) -> str:
    """What a build's stamps add for trust: outputs made while a project's code was
    skipped are remade once it runs (nothing for a project without code)."""
    if not survey(root):
        return ""
    return "+trusted" if trusted(root) else "+untrusted"


def notice(root: Path) -> str | None:
    """The one line saying what of an untrusted project's code is skipped, and how to
    allow it; None when nothing is skipped."""
    found = survey(root)
    if not found or trusted(root):
        return None
    changed = state(root).changed
    why = (f"untrusted project ({_listed(changed)} changed since you trusted it)" if changed
           else "untrusted project")
    return f"{why}: skipped its {found.described()}; run `pipworks trust` to allow them"


def _listed(names: tuple[str, ...]) -> str:
    return ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
