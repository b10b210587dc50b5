"""`pipworks serve`: the rules site with live reload while content is edited."""

from __future__ import annotations

import contextlib
from typing import Any, Iterator

import typer

from .common import command_errors, fail, project_root


def serve(
    ctx: typer.Context,
    address: str = typer.Option("127.0.0.1:8000", "--address", "-a", help="Where to serve (host:port)."),
) -> None:
    """Build, then serve the rules site; pages regenerate when content/ or templates/ change.

    Each regeneration is logged. Ctrl-C or SIGTERM stops the server.
    """
    import os

    from mkdocs.commands.serve import serve as mkdocs_serve

    from ..build import BuildReport, run_build
    from ..docs.folders import site_folder
    from ..workers import signals_interrupt

    root = project_root(ctx)
    host, port = _address(address)
    _free(host, port)  # before building, so a busy port is said at once
    site = site_folder(root)
    own = site == root / "site"
    report = BuildReport()
    with command_errors(root, report):
        run_build(root, None, {}, progress=lambda key: typer.echo(f"  building {key}"), report=report,
                  waiting=lambda message: typer.echo(message, err=True))
    os.environ["PIPWORKS_PROJECT"] = str(root)
    os.environ["PIPWORKS_SERVE"] = "1"  # the site's hook rebuilds print files and rulebooks on every save
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    # The shipped skeleton (a project without site/mkdocs.yml) may be read-only: its
    # pages are generated where the build put them, and content/ and templates/ are watched.
    extra: dict[str, Any] = {} if own else {"docs_dir": str(root / "output" / ".pipworks" / "site-docs")}
    watch = [] if own else [str(p) for p in (root / "content", root / "templates") if p.is_dir()]
    _log_to_terminal()
    typer.echo(f"serving http://{host}:{port}/ — edit content/ and the pages rebuild (Ctrl-C to stop)")
    try:
        with signals_interrupt(), _guarded_configs():
            mkdocs_serve(config_file=str(site / "mkdocs.yml"), livereload=True, dev_addr=f"{host}:{port}",
                         strict=False, watch=watch, **extra)
    except KeyboardInterrupt:  # SIGTERM outside the server's own loop: stop as Ctrl-C does
        pass
    except OSError as exc:  # the port was taken between our check and the server's bind
        fail(f"cannot serve on {host}:{port}: {(exc.strerror or str(exc)).lower()}")
    typer.echo("server stopped.")


@contextlib.contextmanager
def _guarded_configs() -> Iterator[None]:
    """Every config mkdocs' server loads (one per rebuild) sanitises its pages, as a
    build's does (``generator.docs.sanitize.guarded``)."""
    import mkdocs.commands.serve as server

    from ..docs.sanitize import guarded

    load = server.load_config
    server.load_config = lambda *args, **kwargs: guarded(load(*args, **kwargs))  # type: ignore[assignment]
    try:
        yield
    finally:
        server.load_config = load  # type: ignore[assignment]


def _log_to_terminal() -> None:
    """mkdocs' own messages (each rebuild, what changed, warnings) on stderr, as its CLI
    shows them; called as a library, it would log nowhere."""
    import logging

    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
    logger = logging.getLogger("mkdocs")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)


def _address(text: str) -> tuple[str, int]:
    """``host:port`` checked: a port is a number from 1 to 65535."""
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 1 <= int(port) <= 65535:
        fail(f"--address {text!r}: expected HOST:PORT with a port from 1 to 65535, e.g. 127.0.0.1:8000")
    return host.strip("[]"), int(port)


def _free(host: str, port: int) -> None:
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        fail(f"cannot serve on {host}:{port}: unknown host ({exc.strerror or exc})")
    family, kind, _, _, where = infos[0]
    probe = socket.socket(family, kind)
    try:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server will
        probe.bind(where)
    except OSError as exc:
        busy = "the port is in use (another server? try another --address)" if exc.errno == 98 else (exc.strerror or str(exc)).lower()
        fail(f"cannot serve on {host}:{port}: {busy}")
    finally:
        probe.close()
