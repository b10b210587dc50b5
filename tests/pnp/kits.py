"""The shipped games' print-and-play PDFs, rendered once per test session and read back.

Tests about printed geometry read these files (through ``pdfprobe``), not our page
model: what matters is what the printer is told to draw.
"""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

from pypdf import PdfReader

from generator.content.project import load_project
from generator.pnp.assemble import lint_components, load_components, pnp_document
from generator.pnp.options import PnpOptions
from generator.render.pdf import render_document

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("multisuit", "four-deuces", "dice-lanes", "zero-grid", "pip-trick")


@lru_cache(maxsize=1)
def _project():  # type: ignore[no-untyped-def]
    return load_project(ROOT)


@lru_cache(maxsize=None)
def _components(slug: str, size: str, backs: str):  # type: ignore[no-untyped-def]
    game = _project().games[slug].content
    return game, lint_components(load_components(game, PnpOptions(size=size, backs=backs), ROOT))


@lru_cache(maxsize=None)
def kit(slug: str, paper: str, size: str = "insert", backs: str = "duplex-long") -> PdfReader:
    """The kit of ``slug`` as a PDF reader."""
    game, components = _components(slug, size, backs)
    document = pnp_document(game, components, PnpOptions(paper=paper, size=size, backs=backs))
    return PdfReader(io.BytesIO(render_document(document)))
