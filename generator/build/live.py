"""`pipworks serve`, pages first: a save shows in the browser before the PDFs are made.

A designer's loop is edit, look, edit. On a save the site's pages are generated again
from content and only the pages whose Markdown changed are rendered (mkdocs' dirty
build), then the browser reloads, once. The print files and rulebook PDFs follow on a
thread of their own (the same incremental build as ``pipworks build``), and a banner on
every page says when they are ready, or what stopped them (``file:line``), while the
server keeps answering. A content error never stalls the server: the pages it could
not make stay as they were, and the banner names the problem until it is fixed.

Nothing is kept across a save that the save could have changed: the project's own
engine plugins are imported afresh before every rebuild (their modules dropped from
``sys.modules``), and every page is generated from content read again.

The server is mkdocs' live-reload server with three guards of ours: it answers only
requests whose Host header names this machine (a web page elsewhere cannot reach it
through DNS rebinding), a path it cannot read is a plain 400 or 404 (never a
traceback), and ``/__pipworks/status`` tells the pages how the print files are doing.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from ..docs.memo import PageMemo

log = logging.getLogger("mkdocs.plugins.pipworks")

STATUS_PATH = "/__pipworks/status"
#: How often the watcher looks at the project's files (s): a save is seen within this.
POLL_SECONDS = 0.1
#: The quiet time after a change before rebuilding, so a burst of writes is one rebuild.
SETTLE_SECONDS = 0.05
#: The banner every served page carries: it asks for the status and shows it.
BANNER_SCRIPT = """
(function () {
  var shown = null, first = null;
  function banner() {
    var el = document.getElementById("pw-live");
    if (!el) {
      el = document.createElement("div");
      el.id = "pw-live";
      el.setAttribute("role", "status");
      el.style.cssText = "position:fixed;right:1em;bottom:1em;z-index:10;max-width:40em;padding:.6em .9em;" +
        "border-radius:.3em;font:0.8rem/1.4 sans-serif;white-space:pre-wrap;box-shadow:0 2px 6px #0004";
      document.body.appendChild(el);
    }
    return el;
  }
  function show(s) {
    window.__pwState = s.state;  // for scripts that watch the page (benchmarks/serve_reload.py)
    window.__pwEpoch = s.print_epoch;
    var key = s.state + s.print_epoch + s.message;
    if (key === shown) return;
    shown = key;
    var el = banner();
    var colours = {building: ["#fff3cd", "#3d2f00"], ready: ["#d1e7dd", "#0a3622"], failed: ["#f8d7da", "#58151c"]};
    var c = colours[s.state] || colours.building;
    el.style.background = c[0];
    el.style.color = c[1];
    el.textContent = s.message;
    if (first === null) first = s.print_epoch;
    if (s.state === "ready" && s.print_epoch !== first && document.querySelector(".pw-faces")) {
      location.reload();  // a card gallery: faces may have come or gone with the print files
      return;
    }
    if (s.state === "ready") {
      document.querySelectorAll("img[src$='.svg'], img[src$='.png']").forEach(function (img) {
        img.src = img.src.split("?")[0] + "?print=" + s.print_epoch;
      });
      setTimeout(function () { if (shown === key) el.style.display = "none"; }, 4000);
    } else {
      el.style.display = "block";
    }
  }
  function poll() {
    var req = new XMLHttpRequest();
    req.onloadend = function () {
      if (req.status === 200) { try { show(JSON.parse(req.responseText)); } catch (e) {} }
      setTimeout(poll, 500);
    };
    req.open("GET", "%s");
    req.send();
  }
  window.addEventListener("load", poll);
})();
""" % STATUS_PATH


@dataclass
class Status:
    """What the pages are told: the print files' state and the last problem, if any."""

    state: str = "building"  # building | ready | failed
    message: str = "Print files and rulebook PDFs: building…"
    #: bumped each time the print files are ready again (the pages refresh their pictures)
    print_epoch: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def set(self, state: str, message: str, ready: bool = False) -> None:
        with self.lock:
            self.state, self.message = state, message
            if ready:
                self.print_epoch += 1

    def as_json(self) -> bytes:
        with self.lock:
            return json.dumps({"state": self.state, "message": self.message,
                               "print_epoch": self.print_epoch}).encode()


def forget_project_code(root: Path) -> None:
    """Drop the project's own modules (its engine plugins) and what the registry learnt
    from them, so the next rebuild imports the code as it is on disk now."""
    from ..games import forget_project

    inside = str(root.resolve()) + os.sep
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if path and os.path.abspath(path).startswith(inside):
            del sys.modules[name]
    forget_project(root)


def problem_text(exc: BaseException, root: Path) -> str:
    """One message for whatever stopped a rebuild, as the command line would say it."""
    from ..content.errors import ContentInvalid
    from ..layout.lint import LayoutError
    from ..verify.run import ExamplesDisagree, SiteBuildFailed

    if isinstance(exc, ContentInvalid):
        return exc.render(root)
    if isinstance(exc, ExamplesDisagree):
        return "worked examples disagree with the rules engine:\n" + "\n".join(exc.lines)
    if isinstance(exc, LayoutError):
        return "cannot print as laid out:\n" + "\n".join(f"  {p}" for p in exc.problems)
    if isinstance(exc, SiteBuildFailed):
        return "the site cannot be built:\n" + "\n".join(exc.lines)
    cause = getattr(exc, "__cause__", None)
    if cause is not None and cause is not exc and isinstance(cause, Exception):
        return problem_text(cause, root)
    return f"{type(exc).__name__}: {exc}"


class LiveSite:
    """The served site of one project: pages on a save, print files behind them."""

    def __init__(self, root: Path, site: Path, host: str, port: int, say: Callable[[str], None]):
        self.root = root
        self.site = site
        self.host, self.port = host, port
        self.say = say
        self.own_skeleton = site == root / "site"
        self.docs = site / "docs" if self.own_skeleton else root / "output" / ".pipworks" / "site-docs"
        self.site_dir = tempfile.mkdtemp(prefix="pipworks-serve-")
        self.status = Status()
        self.pages_lock = threading.Lock()
        self.print_wanted = threading.Event()
        #: a save waits for the pages: the whole-site build behind them stops for it
        self.save_waiting = threading.Event()
        self.first = True
        self.rebuilds = 0
        #: the theme's compiled templates, kept in memory across rebuilds (never on disk)
        self.templates = MemoryTemplateCache()
        #: an installed theme's static files, listed once (see ``listed_once``)
        self.listings: dict[Any, list[str]] = {}
        #: each game's pages and verdict, kept while its inputs stay the same bytes
        self.memo = PageMemo()

    # -- what is watched ---------------------------------------------------------------
    def watched(self) -> list[Path]:
        """The files a save can change: content, templates, the site's own pages and
        assets and its mkdocs.yml, and the project's code (pyproject.toml, its plugins).
        Never the generated docs/ or output/: writing them is not a save."""
        found = [self.root / "content", self.root / "templates", self.root / "pyproject.toml", self.root / "src"]
        if self.own_skeleton:
            found += [self.site / "pages", self.site / "assets", self.site / "mkdocs.yml"]
        from ..games.project import declared_entry_points

        try:
            modules = {value.split(":")[0].split(".")[0] for value in declared_entry_points(self.root).values()}
        except Exception:  # an unreadable pyproject.toml is reported by the rebuild
            modules = set()
        found += [self.root / m for m in sorted(modules)] + [self.root / f"{m}.py" for m in sorted(modules)]
        return [p for p in found if p.exists()]

    # -- the pages (the browser waits for these) ----------------------------------------
    def config(self, dirty: bool = False, give_way: bool = False) -> Any:
        """The site's config as a build loads it (``load_site``: the project's own code
        only if it is trusted, the pages sanitised), with the theme's templates warm and
        the unchanged games' pages and verdicts taken from the memo.

        A ``dirty`` build (the pages a save changed) leaves the search index as the last
        whole build made it: the search plugin would parse every rebuilt page to write an
        index of those pages alone (``drop_search``). A build that may ``give_way`` stops (``GaveWay``) at
        the next page once a save waits for the pages."""
        from ..docs.pages import site_disagreements
        from ..docs.site_config import load_site

        extra: dict[str, Any] = {"watch": []}
        if not self.own_skeleton:
            extra["docs_dir"] = str(self.docs)
        config = load_site(self.site / "mkdocs.yml", self.root, site_disagreements, site_dir=self.site_dir,
                           dev_addr=f"{self.host}:{self.port}", strict=False, **extra)
        config.site_url = f"http://{self.host}:{self.port}/"
        config.plugins["pipworks"].memo = self.memo
        config.plugins["pipworks"].with_gallery = True
        config.plugins["pipworks-live"] = _WarmTemplates(self.templates, self.listings, self.root)
        if dirty:
            drop_search(config)
        if give_way:
            config.plugins["pipworks-give-way"] = _GiveWay(self.save_waiting)
        return config

    def build_site(self, site_dir: str, dirty: bool, give_way: bool = False) -> None:
        """One mkdocs build of the pages into ``site_dir``; raises SiteProblem with what
        mkdocs or our hook said (mkdocs logs a plugin's error, then raises a bare Abort)."""
        from mkdocs.commands.build import build

        from ..docs.pages import mkdocs_said, sitemap_dates

        self.docs.mkdir(parents=True, exist_ok=True)
        config = self.config(dirty, give_way)
        config.site_dir = site_dir
        with mkdocs_said(logging.ERROR) as said:
            try:
                with sitemap_dates():
                    build(config, serve_url=f"http://{self.host}:{self.port}/", dirty=dirty)
            except GaveWay:
                raise
            except (Exception, SystemExit) as exc:
                raise SiteProblem(problem_text(exc, self.root) if not said else "\n".join(said)) from exc

    def rebuild_pages(self) -> None:
        """Generate the pages and render the ones that changed; never raises: a problem is
        shown in the banner and the terminal, and the previous pages stay served."""
        started = time.perf_counter()
        self.save_waiting.set()
        with self.pages_lock:
            self.save_waiting.clear()
            try:
                forget_project_code(self.root)
                self.build_site(self.site_dir, dirty=not self.first)
            except SiteProblem as exc:
                self.status.set("failed", f"The pages could not be rebuilt:\n{exc}")
                self.say(f"pages not rebuilt:\n{exc}")
                return
            self.first = False
            self.rebuilds += 1
        self.status.set("building", "Pages updated. Print files and rulebook PDFs: building…")
        self.say(f"pages rebuilt in {time.perf_counter() - started:.2f} s; print files follow")
        self.print_wanted.set()

    # -- the print files (behind the pages) --------------------------------------------
    def print_loop(self, stopping: threading.Event) -> None:
        """Bring the print files and books up to date after each save, one build at a
        time; a save during a build is picked up by the next one."""
        while not stopping.is_set():
            if not self.print_wanted.wait(timeout=0.25):
                continue
            self.print_wanted.clear()
            self.build_print_files()

    def build_print_files(self) -> None:
        """The print files and books (the same incremental build as ``pipworks build``,
        less the site), then the pages take them without a reload; "ready" is said as
        soon as the served pages link the new PDFs. The whole site is built again after
        that, behind, so its search index and nav are whole (a dirty build leaves them
        partial)."""
        from ..build import BuildReport, run_build

        started = time.perf_counter()
        report = BuildReport()
        try:
            run_build(self.root, None, {}, report=report, skip=("site",))
        except Exception as exc:  # noqa: BLE001 - shown in the page and the terminal
            message = problem_text(exc, self.root)
            self.status.set("failed", f"Print files and rulebook PDFs not made:\n{message}")
            self.say(f"print files not made:\n{message}")
            return
        with self.pages_lock:
            try:
                self.build_site(self.site_dir, dirty=True)
            except SiteProblem as exc:
                self.status.set("failed", f"The pages could not take the new print files:\n{exc}")
                self.say(f"pages not brought up to date:\n{exc}")
                return
        took = time.perf_counter() - started
        built = len(report.built)
        self.status.set("ready", f"Print files and rulebook PDFs are ready ({built} rebuilt, {took:.1f} s).", ready=True)
        self.say(f"print files ready: {built} rebuilt in {took:.1f} s")
        if not self.print_wanted.is_set():  # a newer save will do this anyway
            self.whole_site()

    def whole_site(self) -> None:
        """The whole site built beside the served one, then only the changed files copied
        in: no reload, and nothing half-written is ever served. A save arriving meanwhile
        stops it (the save's own print build does it again), so the save's pages wait
        for one page of it at most, not the whole site."""
        with self.pages_lock:
            if self.save_waiting.is_set():
                return
            scratch = tempfile.mkdtemp(prefix="pipworks-serve-full-")
            try:
                self.build_site(scratch, dirty=False, give_way=True)
                sync_folder(Path(scratch), Path(self.site_dir))
            except GaveWay:
                self.say("the whole site gave way to a save")
            except SiteProblem as exc:
                self.say(f"the whole site was not rebuilt:\n{exc}")
            finally:
                shutil.rmtree(scratch, ignore_errors=True)

    def close(self) -> None:
        shutil.rmtree(self.site_dir, ignore_errors=True)


class MemoryTemplateCache:
    """A jinja2 bytecode cache in this process's memory: compiling the theme's templates
    is a good part of a rebuild, and a cache that is never written to disk is never read
    back from a file someone else could have put there."""

    def __new__(cls) -> Any:
        import jinja2

        class Cache(jinja2.BytecodeCache):
            def __init__(self) -> None:
                self.store: dict[str, bytes] = {}

            def load_bytecode(self, bucket: Any) -> None:
                code = self.store.get(bucket.key)
                if code is not None:
                    bucket.bytecode_from_string(code)

            def dump_bytecode(self, bucket: Any) -> None:
                self.store[bucket.key] = bucket.bytecode_to_string()

        return Cache()


def _WarmTemplates(cache: Any, listings: dict[Any, list[str]], root: Path) -> Any:  # noqa: N802 - a plugin instance, made like a class
    """Our plugin for serve's builds: compiled templates kept in memory, and an installed
    theme's static files listed once (mkdocs walks and filters the theme's thousands of
    icons on every build to find them); a theme folder of the project's own, which a
    save may change, is listed every time."""
    from mkdocs.plugins import BasePlugin

    class WarmTemplates(BasePlugin):  # type: ignore[type-arg]
        def on_config(self, config: Any) -> Any:
            theme = config.theme
            made = theme.get_env

            def get_env() -> Any:
                return listed_once(made(), tuple(theme.static_templates), listings, root)

            theme.get_env = get_env
            return config

        def on_env(self, env: Any, config: Any, files: Any) -> Any:
            env.bytecode_cache = cache
            return env

    return WarmTemplates()


def listed_once(env: Any, static: tuple[str, ...], listings: dict[Any, list[str]], root: Path) -> Any:
    """``env`` whose filtered listing of its templates (what mkdocs copies as the theme's
    static files) is kept in ``listings`` when no folder of the theme is in the project."""
    folders = tuple(os.path.abspath(f) for f in getattr(env.loader, "searchpath", ()))
    inside = str(root.resolve()) + os.sep
    if not folders or any(f.startswith(inside) for f in folders):
        return env
    key = (folders, static)
    listed = env.list_templates

    def list_templates(extensions: Any = None, filter_func: Any = None) -> list[str]:
        if extensions is not None or filter_func is None:
            return listed(extensions, filter_func)  # type: ignore[no-any-return]
        if key not in listings:  # mkdocs' one filter: dot files, templates, Markdown, static_templates
            listings[key] = listed(extensions, filter_func)
        return list(listings[key])

    env.list_templates = list_templates
    return env


def drop_search(config: Any) -> None:
    """Keep the search plugin (mkdocs' or the theme's) from indexing: it is still
    configured (the pages show the search box) and the pages lose its ``data-search-*``
    marks as in a whole build, but no page is parsed for an index and none is written."""
    import re

    for plugin in list(config.plugins.values()):
        if type(plugin).__name__ != "SearchPlugin":
            continue
        for event in ("page_context", "post_build"):  # its on_config stays: it may set what pages show
            methods = config.plugins.events[event]
            methods[:] = [m for m in methods if getattr(m, "__self__", None) is not plugin]
        if getattr(getattr(plugin, "config", None), "enabled", True):

            def unmarked(context: Any, *, page: Any, config: Any, nav: Any) -> None:
                page.content = re.sub(r"\s?data-search-\w+=\"[^\"]+\"", "", page.content)

            config.plugins.events["page_context"].append(unmarked)


class SiteProblem(Exception):
    """The site could not be built; the message is what to show."""


class GaveWay(Exception):
    """A whole-site build stopped for a save."""


def _GiveWay(waiting: threading.Event) -> Any:  # noqa: N802 - a plugin instance, made like a class
    """A plugin that stops a build at its next page once ``waiting`` is set."""
    from mkdocs.plugins import BasePlugin

    class GiveWay(BasePlugin):  # type: ignore[type-arg]
        def check(self) -> None:
            if waiting.is_set():
                raise GaveWay()

        def on_pre_build(self, config: Any) -> None:
            self.check()

        def on_page_markdown(self, markdown: str, page: Any, config: Any, files: Any) -> str:
            self.check()
            return markdown

        def on_post_page(self, output: str, page: Any, config: Any) -> str:
            self.check()
            return output

    return GiveWay()


def sync_folder(source: Path, target: Path) -> None:
    """Make ``target`` hold what ``source`` holds, writing only files whose bytes differ
    (each whole, by a rename) and removing those ``source`` lacks."""
    from ..atomic import write_bytes

    wanted = {p.relative_to(source) for p in source.rglob("*") if p.is_file()}
    for rel in sorted(wanted):
        data = (source / rel).read_bytes()
        here = target / rel
        if not here.is_file() or here.read_bytes() != data:
            write_bytes(here, data)
    for path in sorted(target.rglob("*"), reverse=True):
        if path.is_file() and path.relative_to(target) not in wanted:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    """The Host headers this server answers: this machine's names with the port."""
    names = {host, "127.0.0.1", "localhost", "[::1]", "::1"}
    if ":" in host and not host.startswith("["):
        names.add(f"[{host}]")
    return frozenset(f"{name}:{port}" for name in names) | frozenset(names)


def make_server(live: LiveSite) -> Any:
    """mkdocs' live-reload server over ``live.site_dir``, with our guards and status."""
    from mkdocs.livereload import LiveReloadServer

    hosts = allowed_hosts(live.host, live.port)

    class Server(LiveReloadServer):  # type: ignore[misc]
        def serve_request(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
            if environ.get("HTTP_HOST", "") not in hosts:
                return _plain(start_response, "421 Misdirected Request",
                              f"this server answers only for {live.host}:{live.port}\n")
            raw = environ.get("PATH_INFO", "")
            if "\x00" in raw or "%00" in environ.get("RAW_URI", raw):
                return _plain(start_response, "400 Bad Request", "bad path\n")
            if raw == STATUS_PATH:
                body = live.status.as_json()
                start_response("200 OK", [("Content-Type", "application/json"), ("Cache-Control", "no-store"),
                                          ("Content-Length", str(len(body)))])
                return [body]
            return super().serve_request(environ, start_response)  # type: ignore[no-any-return]

        def _inject_js_into_html(self, content: bytes, epoch: int) -> bytes:
            content = super()._inject_js_into_html(content, epoch)
            end = content.rfind(b"</body>")
            end = len(content) if end < 0 else end
            return content[:end] + b"<script>" + BANNER_SCRIPT.encode() + b"</script>" + content[end:]

    server = Server(builder=live.rebuild_pages, host=live.host, port=live.port, root=live.site_dir,
                    polling_interval=POLL_SECONDS)
    server.build_delay = SETTLE_SECONDS

    def not_found(code: int) -> bytes | None:
        page = Path(live.site_dir) / f"{code}.html"
        return page.read_bytes() if code == 404 and page.is_file() else None

    server.error_handler = not_found
    return server


def _plain(start_response: Any, status: str, text: str) -> list[bytes]:
    body = text.encode()
    start_response(status, [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body)))])
    return [body]


def serve_live(root: Path, site: Path, host: str, port: int, say: Callable[[str], None]) -> None:
    """Serve until Ctrl-C or SIGTERM: the first pages, then the watcher and the print
    builder; returns when the server has stopped."""
    live = LiveSite(root, site, host, port, say)
    stopping = threading.Event()
    printer = threading.Thread(target=live.print_loop, args=(stopping,), name="pipworks-print", daemon=True)
    server = make_server(live)
    try:
        live.rebuild_pages()  # the build before serving made the print files
        live.print_wanted.clear()
        if live.status.state != "failed":
            live.status.set("ready", "Print files and rulebook PDFs are ready.", ready=True)
        for path in live.watched():
            server.watch(str(path))
        printer.start()
        try:
            server.serve()
        except KeyboardInterrupt:
            pass
        finally:
            server.shutdown()
    finally:
        stopping.set()
        live.close()
