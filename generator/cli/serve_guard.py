"""What `pipworks serve` adds to mkdocs' live-reload server (issue 25, findings 5 and 9).

- It answers only requests addressed to it: the Host header must name the address it
  serves (or a loopback name, with its port). A web page elsewhere cannot reach it by
  pointing a domain of its own at 127.0.0.1 (DNS rebinding): 421 Misdirected Request.
- A path the file system cannot hold (``GET /%00``) is 400 Bad Request, not a traceback.
- A rebuild that fails (a content error after an edit) does not stall the server: every
  page shows the error (file:line) until the next good rebuild, the terminal says it once,
  and the browser reloads by itself when it is fixed. mkdocs' own server waits for a
  good build before answering anything, so every request hung.
"""

from __future__ import annotations

import contextlib
import html
import ipaddress
import logging
from typing import Any, Callable, Iterable, Iterator

log = logging.getLogger("mkdocs.plugins.pipworks")

_LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
_WILDCARD = ("0.0.0.0", "::", "")


def allowed_host(header: str, host: str, port: int) -> bool:
    """Is ``header`` (an HTTP Host header) this server's own address, ``host``:``port``?
    A loopback name always is; so is an IP address when serving on every interface (a
    name that is not an address is what a DNS rebinding attack sends)."""
    header = header.strip().lower()
    name, sep, given = header.rpartition(":")
    if not sep or name.endswith(":") or "]" in given:  # no port given (port 80) or a bare IPv6 address
        name, given = header, "80"
    if given != str(port):
        return False
    own = f"[{host}]" if ":" in host else host
    if name in _LOOPBACK or name == own.lower():
        return True
    if host in _WILDCARD:
        with contextlib.suppress(ValueError):
            ipaddress.ip_address(name.strip("[]"))
            return True
    return False


def error_page(problem: str) -> bytes:
    """The page every address shows while the site cannot be rebuilt."""
    lines = "\n".join(html.escape(line) for line in problem.splitlines())
    return (
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>pipworks: the site cannot be rebuilt"
        "</title><style>body{font:16px/1.5 sans-serif;margin:2em;max-width:60em}pre{background:#fee;padding:1em;"
        "white-space:pre-wrap;border-left:4px solid #c00}</style></head><body>"
        "<h1>The site cannot be rebuilt</h1><p>pipworks serve found this in the project. Fix it and save: this page "
        f"reloads by itself.</p><pre id=\"pipworks-problem\">{lines}</pre></body></html>"
    ).encode("utf-8")


class _Errors(logging.Handler):
    """The errors mkdocs logs while one rebuild runs (it logs a plugin's message, then
    raises a bare "Aborted with a BuildError!")."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def server_class() -> type:
    """mkdocs' LiveReloadServer with the checks above (made here: mkdocs loads lazily)."""
    from mkdocs.livereload import LiveReloadServer

    class PipworksServer(LiveReloadServer):  # type: ignore[misc]
        def __init__(self, builder: Callable[..., None], host: str, port: int, root: str, **kwargs: Any) -> None:
            self.problem: str | None = None
            self.served = (host, port)
            super().__init__(self._showing_problems(builder), host, port, root, **kwargs)

        def _showing_problems(self, builder: Callable[..., None]) -> Callable[..., None]:
            def build(*args: Any) -> None:
                errors = _Errors()
                logging.getLogger("mkdocs").addHandler(errors)
                try:
                    builder(*args)
                except (Exception, SystemExit) as exc:  # mkdocs ends a failed build with SystemExit
                    self.problem = "\n".join(errors.messages) or f"{type(exc).__name__}: {exc}"
                    log.error("pipworks: every page shows this error until it is fixed (the server keeps answering)")
                    return
                finally:
                    logging.getLogger("mkdocs").removeHandler(errors)
                self.problem = None

            return build

        def _serve_request(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes] | None:
            host, port = self.served
            if not allowed_host(environ.get("HTTP_HOST", ""), host, port):
                return _plain(start_response, "421 Misdirected Request",
                              f"this server answers only to http://{host}:{port}/ (Host header refused)")
            path = environ.get("PATH_INFO", "")
            if "\x00" in path:
                return _plain(start_response, "400 Bad Request", "no such page: the address holds a NUL byte")
            problem = self.problem
            if problem is not None and _a_page(path):
                page = self._inject_js_into_html(error_page(problem), self._visible_epoch)
                start_response("500 Internal Server Error", [("Content-Type", "text/html; charset=utf-8"),
                                                             ("Content-Length", str(len(page)))])
                return [page]
            result: Iterable[bytes] | None = super()._serve_request(environ, start_response)
            return result

    return PipworksServer


def _a_page(path: str) -> bool:
    """Does ``path`` ask for a page (rather than a picture, a script or the live-reload poll)?"""
    if path.startswith("/livereload/"):
        return False
    return path.endswith(("/", ".html")) or "." not in path.rsplit("/", 1)[-1]


def _plain(start_response: Any, status: str, text: str) -> list[bytes]:
    body = (text + "\n").encode("utf-8")
    start_response(status, [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body)))])
    return [body]


@contextlib.contextmanager
def guarded_server() -> Iterator[None]:
    """mkdocs' serve command makes its server from :func:`server_class` meanwhile."""
    import mkdocs.commands.serve as serving

    original = serving.LiveReloadServer
    serving.LiveReloadServer = server_class()  # type: ignore[misc,assignment]
    try:
        yield
    finally:
        serving.LiveReloadServer = original  # type: ignore[misc]
