"""`pipworks serve` answers first with what changed: the pages on a save, the print files
behind them, a banner for both, and nothing kept across a save that the save changed."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Callable, Iterator

import pytest


class Server:
    """`pipworks serve` in its own session, its stderr read as it comes."""

    def __init__(self, project: Path, env: dict[str, str]):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        script = Path(sys.executable).parent / "pipworks"
        self.process = subprocess.Popen([str(script), "serve", "--address", f"127.0.0.1:{self.port}"], cwd=project,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                        start_new_session=True, env=env)
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line)

    def get(self, path: str, host: str | None = None) -> tuple[int, bytes]:
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}")
        if host is not None:
            request.add_header("Host", host)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, answer.read()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read()

    def status(self) -> dict[str, object]:
        return json.loads(self.get("/__pipworks/status")[1])  # type: ignore[no-any-return]

    def until(self, what: Callable[[], bool], timeout: float = 180) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                if what():
                    return
            except (OSError, ValueError):
                pass
            time.sleep(0.1)
        raise AssertionError("never happened; the server said:\n" + "".join(self.lines))

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(20)


def served_faces(server: Server, root: Path) -> dict[str, bytes]:
    """The faces the served card gallery shows (name -> bytes served), checked to be
    every face of output/lantern/svg/ as the print files drew it."""
    status, page = server.get("/lantern/gallery.html")
    assert status == 200
    shown = re.findall(r'src="img/([^"?]+\.svg)"', page.decode())
    drawn = sorted((root / "output" / "lantern" / "svg").glob("*.svg"))
    assert sorted(shown) == [p.name for p in drawn], "the gallery shows every face the print files draw"
    faces = {name: server.get(f"/lantern/img/{name}")[1] for name in shown}
    assert all(faces[p.name] == p.read_bytes() for p in drawn), "a face served is not the one printed"
    return faces


@pytest.fixture()
def project(tmp_path: Path) -> Iterator[tuple[Path, dict[str, str]]]:
    """A trick-taking project from `pipworks new` (its engine lives in the project)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")  # its creator's trust, kept out of the user's
    script = Path(sys.executable).parent / "pipworks"
    made = subprocess.run([str(script), "new", "lantern", "--template", "trick-taking"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300, env=env)
    assert made.returncode == 0, made.stderr
    yield tmp_path / "lantern", env


def test_an_engine_plugins_cards_and_examples_change_under_serve_without_a_restart(
        project: tuple[Path, dict[str, str]]) -> None:
    root, env = project
    server = Server(root, env)
    try:
        server.until(lambda: server.get("/lantern/index.html")[0] == 200)
        page = server.get("/lantern/index.html")[1].decode()
        assert page.count("outcome checked against the reference engine") == 2
        assert "gallery.html" in page, "the card gallery is in the nav while serving"
        faces_before = served_faces(server, root)
        # The 9 of spades becomes a 10: in the cards file and in the example that plays it.
        cards = root / "content" / "lantern" / "cards.csv"
        examples = root / "content" / "lantern" / "examples.yaml"
        cards.write_text(cards.read_text().replace("spades,9", "spades,10"))
        examples.write_text(examples.read_text().replace("9♠", "10♠"))

        def new_verdict() -> bool:
            text = server.get("/lantern/index.html")[1].decode()
            return "10♠" in text and text.count("outcome checked against the reference engine") == 2

        server.until(new_verdict)
        assert 'for="__search"' in server.get("/lantern/index.html")[1].decode(), "a rebuilt page lost its search box"
        server.until(lambda: server.status()["state"] == "ready")
        # The gallery shows every face as the print files now draw it: the 10 of spades' new face.
        faces_after = served_faces(server, root)
        assert faces_after.keys() == faces_before.keys()
        changed = [name for name in faces_after if faces_after[name] != faces_before[name]]
        assert changed and all(b">10<" in faces_after[name] for name in changed), changed
        # A story naming a card the deck no longer has: the banner says where, the
        # server keeps answering, and the fix is picked up without a restart.
        examples.write_text(examples.read_text().replace("10♠", "11♠"))
        server.until(lambda: server.status()["state"] == "failed")
        message = str(server.status()["message"])
        assert "examples.yaml:" in message and "11♠" in message, message
        assert server.get("/lantern/index.html")[0] == 200, "the server stopped answering"
        examples.write_text(examples.read_text().replace("11♠", "10♠"))
        server.until(lambda: server.status()["state"] == "ready")
        assert "Traceback" not in "".join(server.lines)
    finally:
        server.stop()


def test_serve_answers_only_this_machine_and_bad_paths_plainly(project: tuple[Path, dict[str, str]]) -> None:
    root, env = project
    server = Server(root, env)
    try:
        server.until(lambda: server.get("/index.html")[0] == 200)
        assert server.get("/index.html", host="attacker.example:80")[0] == 421, "a rebinding host was answered"
        assert server.get("/index.html", host=f"localhost:{server.port}")[0] == 200
        assert server.get("/%00")[0] == 400
        page = server.get("/index.html")[1].decode()
        assert "/__pipworks/status" in page and "/livereload/" in page, "the page carries the live banner"
        assert "Traceback" not in "".join(server.lines)
    finally:
        server.stop()
