"""``pipworks pnp …`` and ``pipworks preview …`` through an app holding only that command.

Before it parses a command line, Typer builds a click command for every command the
app has, reading each one's signature and type hints: ~7 ms of a ``pipworks pnp`` that
designers time. (The command modules themselves are still imported, by this package's
``__init__``; each imports only typer, so they cost little.) ``generator.entry``
sends a line that is plainly one of these commands (only ``--project DIR`` before it)
here: the same root options, the same command, its help and errors; anything else
(``--help`` before the command, another command) goes to the full app.
"""

from __future__ import annotations

from .root import PNP_HELP, PREVIEW_HELP, new_app


def run(command: str) -> None:
    """Run ``command`` (``pnp`` or ``preview``) with the process's command line."""
    app = new_app()
    if command == "pnp":
        from .pnp import pnp

        app.command(name="pnp", short_help=PNP_HELP)(pnp)
    else:
        from .preview import preview

        app.command(name="preview", short_help=PREVIEW_HELP)(preview)
    app()
