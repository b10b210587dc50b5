"""jinja2 set up once: project templates first, then Pipworks' own; autoescape always on,
in an immutable sandbox.

A project's ``templates/`` are data too: they render in jinja2's
``ImmutableSandboxedEnvironment``, so a template can print what it is given but never
reach Python's internals (``cycler.__init__.__globals__``) or change its arguments; an
attempt stops the build with the template's name, exit 2. Content is data: anything from YAML is escaped wherever it lands in HTML, SVG or XML, so
a rule text containing ``<script>`` prints as text and never runs, and its braces cannot
become Markdown attribute lists.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment
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
    env = ImmutableSandboxedEnvironment(
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
    """``template`` rendered; a template that cannot be read or that reaches for what the
    sandbox refuses is a problem of that file (ContentInvalid: its line, exit 2)."""
    try:
        return environment(project_root).get_template(template).render(**context)
    except jinja2.TemplateError as exc:
        raise _template_problem(project_root, template, exc) from None


def _template_problem(project_root: Path, template: str, exc: jinja2.TemplateError) -> Exception:
    from .content.errors import ContentError, ContentInvalid

    path, line = _where(project_root, template, exc)
    what = "the template reaches for something it may not use (templates only print what they are given)" \
        if isinstance(exc, (jinja2.sandbox.SecurityError, jinja2.UndefinedError)) else "the template cannot be used"
    return ContentInvalid([ContentError(path, line, (), f"{what}: {exc.message or exc}")])


def _where(project_root: Path, template: str, exc: jinja2.TemplateError) -> tuple[Path, int | None]:
    """The template file and line the error is at (the innermost template frame of its
    traceback: jinja2 maps them to template lines)."""
    if isinstance(exc, jinja2.TemplateSyntaxError) and exc.filename:
        return Path(exc.filename), exc.lineno
    try:
        filename = environment(project_root).get_template(template).filename
    except jinja2.TemplateError:
        filename = None
    found: tuple[Path, int | None] = (Path(filename) if filename else project_root / "templates" / template, None)
    tb = exc.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if name.endswith(".j2") and Path(name).is_file():
            found = (Path(name), tb.tb_lineno)
        tb = tb.tb_next
    return found
