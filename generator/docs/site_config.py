"""The rules site's mkdocs settings, loaded so that nothing of a project runs unasked.

What the site needs of Pipworks (pages generated from content, every worked example
replayed, every page sanitised) is the plugin :class:`PipworksSite`, part of the
installed package and added here on every build and serve: a project's site folder
holds settings, pages and assets, never Pipworks' code. A project's own hooks and
``!!python/...`` tags in its ``site/mkdocs.yml`` are project code: loaded only when its
user trusts the project (``generator.trust``); else skipped (the command has said so
in one line), and the allow-listed names Pipworks' own settings use still load.
The theme's templates render in a sandboxed Jinja environment, whoever wrote them.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any, Callable

from mkdocs.plugins import BasePlugin

from .. import trust

#: What ``pipworks serve`` runs before every rebuild (print files and rulebooks).
Rebuild = Callable[[Path], None]
#: The worked examples the engines contradict (``generator.docs.pages.site_disagreements``;
#: given ``pipworks serve``'s memo as a second argument when it has one).
Disagreements = Callable[..., list[str]]


class PipworksSite(BasePlugin):  # type: ignore[type-arg]
    """Pipworks' part of every site build: the pages come from content on every build,
    and a worked example the engines contradict fails the build. After `pipworks build`
    the verdicts its rulebook steps recorded stand; a game whose record is not current
    (`pipworks serve` after an edit) and the site's own pages are replayed here."""

    def __init__(self, root: Path, disagreements: Disagreements, rebuild: Rebuild | None = None,
                 project: Any = None) -> None:
        super().__init__()
        self.root = root
        self.disagreements = disagreements
        self.rebuild = rebuild
        #: the project as the build validated it (None: validated here)
        self.project = project
        #: ``pipworks serve``'s pages and verdicts of unchanged games (``generator.docs.memo``)
        self.memo: Any = None
        #: each game's card gallery (``pipworks serve``)
        self.with_gallery = False

    def on_config(self, config: Any) -> Any:
        from mkdocs.exceptions import PluginError

        from ..content.errors import ContentInvalid
        from .site import generate

        try:
            if self.rebuild is not None:
                self.rebuild(self.root)
            config.nav = generate(self.root, Path(config.docs_dir), Path(config.config_file_path).parent,
                                  self.project, self.memo, self.with_gallery)
        except ContentInvalid as exc:
            if self.rebuild is None:
                raise  # a build: one line per problem and exit 2, as any content problem
            raise PluginError("content problems:\n" + exc.render(self.root)) from None
        return config

    def on_env(self, env: Any, config: Any, files: Any) -> Any:
        return sandboxed(env)

    def on_pre_build(self, config: Any) -> None:
        from mkdocs.exceptions import PluginError

        problems = self.disagreements(self.root, self.memo) if self.memo is not None else self.disagreements(self.root)
        if problems:
            raise PluginError("worked examples disagree with the rules engine:\n" + "\n".join(problems))


def sandboxed(env: Any) -> Any:
    """The theme's Jinja environment as an immutable sandbox with the same loader,
    filters, globals and extensions (made the way jinja2's ``overlay`` copies one): a
    template from a project's theme folder can read what it is given, never reach
    Python's internals. Its templates are compiled afresh on every build (a compiled
    cache would be a pickle read back from disk)."""
    from jinja2.sandbox import ImmutableSandboxedEnvironment, safe_range
    from jinja2.environment import create_cache

    safe = object.__new__(ImmutableSandboxedEnvironment)
    safe.__dict__.update(env.__dict__)
    safe.globals = dict(env.globals)
    safe.filters = dict(env.filters)
    safe.tests = dict(env.tests)
    safe.globals["range"] = safe_range  # the sandbox's bounded range
    safe.binop_table = dict(ImmutableSandboxedEnvironment.default_binop_table)
    safe.unop_table = dict(ImmutableSandboxedEnvironment.default_unop_table)
    safe.extensions = {name: ext.bind(safe) for name, ext in env.extensions.items()}
    safe.cache = create_cache(400)
    safe.bytecode_cache = None
    return safe


def load_site(config_file: str | os.PathLike[str], root: Path, disagreements: Disagreements,
              rebuild: Rebuild | None = None, project: Any = None, **options: Any) -> Any:
    """The mkdocs config of ``config_file`` (mkdocs' ``load_config`` with ``options``),
    its project code gated by trust, with Pipworks' plugin and page guard added."""
    from mkdocs import exceptions
    from mkdocs.config.defaults import MkDocsConfig

    from .sanitize import guarded

    path = Path(config_file)
    config = MkDocsConfig(config_file_path=str(path))
    config.load_dict(settings(path, root, config))
    config.load_dict({k: v for k, v in options.items() if v is not None})
    errors, warnings = config.validate()
    log = logging.getLogger("mkdocs.config")
    for name, warning in warnings:
        log.warning(f"Config value '{name}': {warning}")
    for name, error in errors:
        log.error(f"Config value '{name}': {error}")
    if errors:
        raise exceptions.Abort("Aborted with a configuration error!")
    if config.strict and warnings:
        raise exceptions.Abort(f"Aborted with {len(warnings)} configuration warnings in 'strict' mode!")
    config.plugins["pipworks"] = PipworksSite(root, disagreements, rebuild, project)
    return guarded(config)


def settings(path: Path, root: Path, config: Any) -> dict[str, Any]:
    """The settings in ``path``: read by the safe loader, which runs nothing; read by
    mkdocs' own loader (hooks, Python tags, any plugin) only when they hold project code
    and the project is trusted. Pipworks' old hook (copied into projects by earlier
    versions) never runs: its work is :class:`PipworksSite`'s."""
    from mkdocs.utils.yaml import get_yaml_loader, yaml_load

    skipped: list[str] = []
    with open(path, "rb") as handle:
        found = trust.without_skipped(yaml_load(handle, get_yaml_loader(trust.site_loader(skipped, resolve=True), config)))
    if not isinstance(found, dict):
        return found  # type: ignore[no-any-return]  # mkdocs says what is wrong with it
    hooks = trust.site_hooks(found)
    safe = trust.safe_site_plugins(found)
    if not (skipped or hooks or safe != found):
        return {**found, "hooks": hooks}  # nothing of the project's code to ask about (an old own hook goes)
    if path.is_relative_to(root) and not trust.trusted(root):
        return {**safe, "hooks": []}
    with open(path, "rb") as handle:
        found = yaml_load(handle, get_yaml_loader(config=config))
    return {**found, "hooks": trust.site_hooks(found)}
