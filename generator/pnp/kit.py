"""Writing a game's kit into ``output/<slug>/``: PDFs per paper, POD PDF, face SVGs."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from ..atomic import write_bytes, write_text
from .assemble import face_files, lint_components, load_components, pnp_document, pod_document
from .options import KitFiles, PnpOptions


def build_kit(game: Any, project_root: Path, out_dir: Path, options: PnpOptions, papers: Iterable[str] = ("a4",),
              svg: bool = True, pod: bool = True) -> list[Path]:
    """Render and write one game's files; returns the paths written.

    Everything is laid out and checked first (a LayoutError names every bad text), then
    written; the SVG folder keeps only the faces of this build.
    """
    from dataclasses import replace

    components = lint_components(load_components(game, options, project_root), options.face_ink)
    papers = tuple(papers)
    files = KitFiles(papers, pod, svg)
    documents = [(replace(options, paper=p).pnp_name(game.slug), pnp_document(game, components, replace(options, paper=p), files))
                 for p in papers]
    if pod:
        pod_doc = pod_document(game, components, options)
        if pod_doc is not None:
            documents.append((options.pod_name(game.slug), pod_doc))
    written = []
    for name, document in documents:
        path = out_dir / name
        write_bytes(path, _render(document, options))
        written.append(path)
    if svg:
        written.extend(_write_svgs(components, out_dir / options.svg_folder()))
    return written


#: Total ink of ``--ink cmyk`` kits: the shipped profile's own limit (FOGRA39's 300 %).
CMYK_MAX_INK = 300.0


def _render(document: Any, options: PnpOptions) -> bytes:
    """The PDF bytes: RGB, or CMYK through the shipped ICC profile for ``--ink cmyk``."""
    if options.ink == "cmyk":
        from ..render.press import render_press_document

        return render_press_document(document, CMYK_MAX_INK)
    from ..render.pdf import render_document

    return render_document(document)


def _write_svgs(components: list[Any], folder: Path) -> list[Path]:
    from ..render.svg import render_scene

    written = []
    for name, scene, bleed in face_files(components):
        path = folder / name
        write_text(path, render_scene(scene, bleed))
        written.append(path)
    keep = {p.name for p in written}
    for old in folder.glob("*.svg"):
        if old.name not in keep:
            old.unlink()
    return written
