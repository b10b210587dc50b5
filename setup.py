"""Packaging step pyproject.toml cannot say: what Pipworks ships goes into the package.

The product's layout keeps the shipped games (``content/``), the page templates
(``templates/``) and the rules site's skeleton (``site/``: mkdocs.yml, pages, assets;
no code: Pipworks' part of the site is ``generator.docs.site_config``) at the top of the
repository, where a designer's own project has them too.
An installed Pipworks needs them as package data, so building the package copies them
into ``generator/shipped/`` (``generator.shipped_root()`` finds them there; in a
checkout or an editable install it uses the top-level folders themselves).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
#: (folder, what of it ships); generated pages (site/docs) and the README's pictures do not.
SHIPPED = (
    ("content", ("*",)),
    ("templates", ("*",)),
    ("site", ("mkdocs.yml", "pages", "assets")),
    ("scaffolds", ("*",)),  # the templates of `pipworks new`
)


class BuildWithShippedData(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return  # an editable install reads the checkout's own folders
        target = Path(self.build_lib) / "generator" / "shipped"
        for folder, parts in SHIPPED:
            source = HERE / folder
            for part in parts:
                for path in sorted(source.glob(part)):
                    dest = target / folder / path.relative_to(source)
                    if path.is_dir():
                        shutil.copytree(path, dest, dirs_exist_ok=True,
                                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
                    else:
                        dest.parent.mkdir(parents=True, exist_ok=True)
                        shutil.copy2(path, dest)


setup(cmdclass={"build_py": BuildWithShippedData})
