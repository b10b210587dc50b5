"""mkdocs hooks: the site is generated from content on every build, and every worked
example is replayed through the rules engines first; a mismatch fails the build.

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
    from generator.content.errors import ContentInvalid
    from generator.verify.examples import discover
    from generator.verify.run import run_all

    if os.environ.get("PIPWORKS_EXAMPLES_VERIFIED") == "1":
        return  # `pipworks build` replayed these very sources a moment ago
    root = _project(config)
    paths = [p for p in (root / "content", Path(config.config_file_path).parent / "pages") if p.exists()]
    try:
        outcome = run_all(discover(root, paths))
    except ContentInvalid as exc:
        raise PluginError("unreadable example:\n" + exc.render(root)) from None
    problems = [m.render(root) for m in outcome.mismatches] + [e.render(root) for e in outcome.unreadable]
    if problems:
        raise PluginError("worked examples disagree with the rules engine:\n" + "\n".join(problems))
