"""The site page "Make your own game": every command on it is run here, as written, in
order (scaffold, build, validate, verify, pnp, serve), and what it promises exists and
renders. ``pipworks serve`` is run on a free port; while it runs, a saved edit to the
content must reach both the print files and the pages."""

from __future__ import annotations

import os
import re
import shlex
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "site" / "pages" / "make-your-own-game.md"
BLOCK = re.compile(r"^```bash\n(.*?)^```", re.M | re.S)

pytestmark = pytest.mark.pdftoppm


def commands() -> list[str]:
    return [line.strip() for block in BLOCK.findall(PAGE.read_text(encoding="utf-8"))
            for line in block.splitlines() if line.strip()]


def environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    return env


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(check, seconds: float = 90.0) -> bool:  # type: ignore[no-untyped-def]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.5)
    return False


def fetch(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return str(response.read().decode("utf-8"))
    except OSError:
        return ""


def serve_and_edit(command: str, cwd: Path, env: dict[str, str]) -> None:
    """Run ``pipworks serve`` (on a free port), save two edits, see both rebuilt."""
    port = free_port()
    args = shlex.split(command.replace("127.0.0.1:8000", f"127.0.0.1:{port}"))
    server = subprocess.Popen(args, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}/dragon-dice/index.html"
    try:
        assert wait_for(lambda: "Dragon Dice" in fetch(url)), "pipworks serve did not serve the rulebook"
        game = cwd / "content" / "dragon-dice" / "game.yaml"
        game.write_text(game.read_text(encoding="utf-8").replace("A plain trick-taking game", "A fiery trick-taking game"))
        layout = cwd / "content" / "dragon-dice" / "card-layout.yaml"
        layout.write_text(layout.read_text(encoding="utf-8").replace("fill: navy", 'fill: "#7a1020"'))
        back = cwd / "output" / "dragon-dice" / "svg" / "card-back-01.svg"
        assert wait_for(lambda: "A fiery trick-taking game" in fetch(url)), "the page was not rebuilt on save"
        assert wait_for(lambda: "#7a1020" in back.read_text()), "the print files were not rebuilt on save"
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()


def test_every_command_of_the_tutorial_runs_and_its_outputs_render(tmp_path: Path) -> None:
    found = commands()
    assert found[:2] == ["pipworks new dragon-dice --template trick-taking", "cd dragon-dice"], found
    env, cwd = environment(), tmp_path
    for command in found:
        if command.startswith("cd "):
            cwd = cwd / command[3:]
            continue
        if command.startswith("pipworks serve"):
            serve_and_edit(command, cwd, env)
            continue
        result = subprocess.run(shlex.split(command), cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, f"{command}\n{result.stdout}\n{result.stderr}"
    out = cwd / "output"
    for rel in ("dragon-dice/dragon-dice-pnp-a4.pdf", "dragon-dice/dragon-dice-pnp-letter-backs-fold.pdf",
                "dragon-dice/dragon-dice-cards-pod.pdf", "dragon-dice/dragon-dice-rulebook.pdf",
                "dragon-dice/dragon-dice-quick-reference.pdf", "site/index.html", "site/dragon-dice/index.html"):
        assert (out / rel).is_file(), rel
    for pdf in ("dragon-dice-pnp-a4.pdf", "dragon-dice-rulebook.pdf"):
        subprocess.run(["pdftoppm", "-r", "20", "-png", "-f", "1", "-l", "3", str(out / "dragon-dice" / pdf),
                        str(tmp_path / pdf)], check=True)
        assert len(list(tmp_path.glob(f"{pdf}-*.png"))) == 3
