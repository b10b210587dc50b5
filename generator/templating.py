"""jinja2 set up once: project templates first, then Pipworks' own; autoescape always on.

Content is data: anything from YAML is escaped wherever it lands in HTML, SVG or XML, so
a rule text containing ``<script>`` prints as text and never runs.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2

from . import shipped_root

#: Pipworks' own templates (package data when installed); a project's ``templates/``
#: overrides them file by file.
BUILTIN_TEMPLATES = shipped_root() / "templates"


@lru_cache(maxsize=8)
def environment(project_root: Path) -> jinja2.Environment:
    loaders: list[jinja2.BaseLoader] = []
    own = project_root / "templates"
    if own.is_dir():
        loaders.append(jinja2.FileSystemLoader(str(own)))
    if BUILTIN_TEMPLATES.is_dir() and BUILTIN_TEMPLATES != own:
        loaders.append(jinja2.FileSystemLoader(str(BUILTIN_TEMPLATES)))
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    return env


def render(project_root: Path, template: str, **context: object) -> str:
    return environment(project_root).get_template(template).render(**context)
