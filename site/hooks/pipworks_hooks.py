"""mkdocs hooks: the site is generated from content on every build, and every worked
example must agree with the rules engines; a mismatch fails the build. After
`pipworks build`, the verdicts its rulebook steps recorded stand (each game's examples
were replayed once, for the whole build); a game whose record is not current
(`pipworks serve` after an edit, a plain `mkdocs build`) and the site's own pages are
replayed here. Under `pipworks serve` the print files are made behind the pages
(``generator.build.live``), never by this hook.

The project folder is the parent of this site/ folder, or $PIPWORKS_PROJECT.
"""

from __future__ import annotations

import os
from pathlib import Path

from mkdocs.exceptions import PluginError


def _project(config) -> Path:  # type: ignore[no-untyped-def]
    env = os.environ.get("PIPWORKS_PROJECT")
    return Path(env) if env else Path(config.config_file_path).resolve().parent.parent


def on_config(config):  # type: ignore[no-untyped-def]
    from generator.content.errors import ContentInvalid
    from generator.docs.site import generate

    root = _project(config)
    try:
        config.nav = generate(root, Path(config.docs_dir), Path(config.config_file_path).parent)
    except ContentInvalid as exc:
        raise PluginError("content problems:\n" + exc.render(root)) from None
    return config


def on_env(env, config, files):  # type: ignore[no-untyped-def]
    """Keep the theme's compiled templates between builds: compiling them is about a
    third of a rebuild's time, and the cache changes no byte of the site."""
    import jinja2

    cache = _project(config) / "output" / ".pipworks" / "jinja"
    cache.mkdir(parents=True, exist_ok=True)
    env.bytecode_cache = jinja2.FileSystemBytecodeCache(str(cache))
    return env


def on_pre_build(config):  # type: ignore[no-untyped-def]
    from generator.docs.pages import site_disagreements

    problems = site_disagreements(_project(config))
    if problems:
        raise PluginError("worked examples disagree with the rules engine:\n" + "\n".join(problems))
