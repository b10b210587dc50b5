"""`pipworks serve` answers only requests meant for it, survives odd ones, and keeps
answering while the content is broken (issue 25, findings 5 and 9): a Host header that
is not its own address is refused (DNS rebinding), `GET /%00` is a 400 without a
traceback, and a content error after an edit is shown in every page and in the terminal
while every request is still answered; the fix brings the site back."""

from __future__ import annotations

import http.client
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

from generator.cli.serve_guard import allowed_host

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "content" / "pip-trick"


@pytest.mark.parametrize("header, host, port, allowed", [
    ("127.0.0.1:8000", "127.0.0.1", 8000, True),
    ("localhost:8000", "127.0.0.1", 8000, True),
    ("LOCALHOST:8000", "127.0.0.1", 8000, True),
    ("[::1]:8000", "127.0.0.1", 8000, True),
    ("[::1]:8000", "::1", 8000, True),
    ("127.0.0.1:8001", "127.0.0.1", 8000, False),  # another port: another server's page
    ("127.0.0.1", "127.0.0.1", 8000, False),
    ("127.0.0.1", "127.0.0.1", 80, True),
    ("evil.example:8000", "127.0.0.1", 8000, False),  # DNS rebinding: a name of the attacker's
    ("localhost.evil.example:8000", "127.0.0.1", 8000, False),
    ("127.0.0.1.nip.io:8000", "127.0.0.1", 8000, False),
    ("", "127.0.0.1", 8000, False),
    ("192.168.1.5:8000", "127.0.0.1", 8000, False),
    ("192.168.1.5:8000", "192.168.1.5", 8000, True),
    ("192.168.1.5:8000", "0.0.0.0", 8000, True),  # every interface: any address, still no name
    ("evil.example:8000", "0.0.0.0", 8000, False),
])
def test_only_the_servers_own_address_is_answered(header: str, host: str, port: int, allowed: bool) -> None:
    assert allowed_host(header, host, port) is allowed


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """`pipworks serve` in its own process, its stderr read as it comes."""

    def __init__(self, project: Path) -> None:
        self.port = _free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "generator", "--project", str(project), "serve", "--address", f"127.0.0.1:{self.port}"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        self.err: list[str] = []
        threading.Thread(target=lambda: self.err.extend(iter(self.process.stderr.readline, "")), daemon=True).start()  # type: ignore[union-attr]
        threading.Thread(target=lambda: self.process.stdout.read(), daemon=True).start()  # type: ignore[union-attr]

    def wait_for(self, needle: str, timeout: float = 180) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if any(needle in line for line in list(self.err)):
                return
            assert self.process.poll() is None, "".join(self.err)
            time.sleep(0.05)
        raise AssertionError(f"{needle!r} never came:\n{''.join(self.err)}")

    def get(self, path: str, host: str | None = None, timeout: float = 10) -> tuple[int, str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.putrequest("GET", path, skip_host=True)
            connection.putheader("Host", host if host is not None else f"127.0.0.1:{self.port}")
            connection.endheaders()
            response = connection.getresponse()
            return response.status, response.read().decode("utf-8", "replace")
        finally:
            connection.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    project = tmp_path_factory.mktemp("served")
    shutil.copytree(GAME, project / "content" / "pip-trick")
    for name in ("site", "templates"):
        shutil.copytree(ROOT / name, project / name, ignore=shutil.ignore_patterns("docs", "__pycache__"))
    for shipped in (project / "site" / "pages").glob("*.md"):
        shipped.write_text("# A page\n")  # theirs replay every shipped game; this project has one
    running = Server(project)
    running.project = project  # type: ignore[attr-defined]
    try:
        running.wait_for("Serving on")
        yield running
    finally:
        running.stop()


def test_a_foreign_host_header_is_refused(server: Server) -> None:
    assert server.get("/")[0] == 200
    assert server.get("/", f"localhost:{server.port}")[0] == 200
    assert server.get("/", f"[::1]:{server.port}")[0] == 200
    status, body = server.get("/", f"evil.example:{server.port}")
    assert status == 421 and "Host header refused" in body
    assert server.get("/livereload/1/1", f"evil.example:{server.port}")[0] == 421
    assert server.get("/", f"127.0.0.1:{server.port + 1}")[0] == 421


def test_a_nul_in_the_path_is_a_bad_request_not_a_traceback(server: Server) -> None:
    status, body = server.get("/%00")
    assert status == 400 and "NUL" in body
    assert server.get("/x%00.html")[0] == 400
    time.sleep(0.2)
    assert not any("Traceback" in line for line in server.err), "".join(server.err)
    assert server.get("/")[0] == 200  # still serving


def test_a_content_error_is_shown_in_the_page_and_the_terminal_and_the_server_keeps_answering(server: Server) -> None:
    game = server.project / "content" / "pip-trick" / "game.yaml"  # type: ignore[attr-defined]
    good = game.read_text()
    game.write_text(good.replace("title: Pip Trick", "title: [unclosed", 1))
    try:
        server.wait_for("every page shows this error until it is fixed", timeout=120)
        started = time.monotonic()
        status, body = server.get("/pip-trick/")
        assert status == 500 and "content/pip-trick/game.yaml:" in body and "invalid YAML" in body, body
        assert "/livereload/" in body  # the page reloads itself once the content is fixed
        assert server.get("/")[0] == 500 and server.get("/assets/pipworks.css")[0] == 200
        assert time.monotonic() - started < 5  # answered at once, not held until the content is fixed
        errors = "".join(server.err)
        assert "content/pip-trick/game.yaml:" in errors and "invalid YAML" in errors
        assert "Traceback" not in errors and "The server will appear stuck" not in errors
    finally:
        game.write_text(good)
    server.wait_for("Reloading browsers", timeout=120)
    deadline = time.monotonic() + 120
    while server.get("/pip-trick/")[0] != 200:
        assert time.monotonic() < deadline, "".join(server.err)
        time.sleep(0.5)
    assert "Pip Trick" in server.get("/pip-trick/")[1]
