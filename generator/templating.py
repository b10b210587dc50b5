"""jinja2 set up once: project templates first, then Pipworks' own; autoescape always on.

Content is data: anything from YAML is escaped wherever it lands in HTML, SVG or XML, so
a rule text containing ``<script>`` prints as text and never runs, and its braces cannot
become Markdown attribute lists.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2
from markupsafe import Markup, escape

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
        finalize=inert_braces,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["meta"] = meta_text
    return env


def inert_braces(value: object) -> object:
    """Every value a template prints, before it is escaped: braces in text become
    entities, so content cannot write a Markdown attribute list (``{: onclick=... }``,
    ``{ style=... }``) or move a heading's anchor; they still read as braces."""
    if isinstance(value, str) and not isinstance(value, Markup) and ("{" in value or "}" in value):
        return Markup(str(escape(value)).replace("{", "&#123;").replace("}", "&#125;"))
    return value


def meta_text(value: object) -> Markup:
    """A page's front-matter value: escaped as any content is (the theme prints a page's
    title as it is), then quoted, so a colon or a hash in a title cannot break the YAML."""
    import json

    return Markup(json.dumps(str(escape(value)), ensure_ascii=False))


def render(project_root: Path, template: str, **context: object) -> str:
    return environment(project_root).get_template(template).render(**context)
