"""Save → browser reloaded, end to end, with a real browser watching the page.

Runs ``pipworks serve`` on a copy of the shipped project, opens the Pip Trick rulebook
page in headless Chromium, then changes one sentence of a Pip Trick rule N times. For
each save it measures, from the moment the file is written:

* ``reload_s``: until the browser shows the page with the new sentence;
* ``pdfs_s``: until the page's banner says the print files and PDFs are ready;
* ``reloads``: how many times the page reloaded for that save (a mark is set on the
  window after the reload; the page must still carry it when the PDFs are ready).

    python benchmarks/serve_reload.py [--saves 5] [--out benchmarks/serve_reload.json]

Needs chromium and chromedriver (Debian: chromium chromium-driver). The figures are
medians over the saves; this is a benchmark, not a timed test.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULE = "A game is four rounds long, and the trump suit changes every round."


def browser():  # type: ignore[no-untyped-def]
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=1280,1000"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait(what, timeout: float, step: float = 0.01):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = what()
        if value:
            return value
        time.sleep(step)
    raise SystemExit("timed out")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=5)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "serve_reload.json")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="pipworks-serve-bench-"))
    for name in ("content", "templates", "site"):
        shutil.copytree(ROOT / name, work / name, ignore=shutil.ignore_patterns("docs", "__pycache__"))
    (work / "site" / "docs").mkdir(exist_ok=True)
    port = free_port()
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "0"}
    server = subprocess.Popen([sys.executable, "-m", "generator", "--project", str(work), "serve", "--address",
                               f"127.0.0.1:{port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True, env=env)
    driver = browser()
    rows = []
    try:
        url = f"http://127.0.0.1:{port}/pip-trick/index.html"
        wait(lambda: _up(url), 600, 0.2)
        driver.get(url)
        game = work / "content" / "pip-trick" / "game.yaml"
        text = game.read_text(encoding="utf-8")
        assert RULE in text, "the benchmark's sentence is not in Pip Trick's game.yaml any more"
        wait(lambda: _banner(driver) in ("", "ready"), 120, 0.05)
        for n in range(1, args.saves + 1):
            marker = f"(save {n} of the benchmark)"
            driver.execute_script("window.__pwMark = 'before';")
            started = time.monotonic()
            game.write_text(text.replace(RULE, f"{RULE[:-1]} {marker}."), encoding="utf-8")
            wait(lambda: driver.execute_script("return !window.__pwMark && document.body && "
                                               "document.body.innerText.indexOf(arguments[0]) >= 0;", marker), 60)
            reload_s = time.monotonic() - started
            driver.execute_script("window.__pwMark = 'after';")
            # the status turned to "building" before the reload, so "ready" now is this save's
            wait(lambda: _banner(driver) == "ready", 120, 0.05)
            pdfs_s = time.monotonic() - started
            time.sleep(1.0)  # any late second reload would clear the mark
            reloads = 1 if driver.execute_script("return window.__pwMark;") == "after" else 2
            rows.append({"reload_s": round(reload_s, 3), "pdfs_s": round(pdfs_s, 3), "reloads": reloads})
            print(f"save {n}: page reloaded {reload_s:.3f} s, PDFs ready {pdfs_s:.3f} s, reloads {reloads}")
            time.sleep(0.5)
        game.write_text(text, encoding="utf-8")
    finally:
        driver.quit()
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(30)
        shutil.rmtree(work, ignore_errors=True)
    result = {
        "saves": len(rows),
        "reload_s_median": round(statistics.median(r["reload_s"] for r in rows), 3),
        "pdfs_s_median": round(statistics.median(r["pdfs_s"] for r in rows), 3),
        "reloads_per_save": sorted({r["reloads"] for r in rows}),
        "runs": rows,
        "load_average": os.getloadavg()[0],
    }
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps({k: v for k, v in result.items() if k != "runs"}))


def _banner(driver) -> str:  # type: ignore[no-untyped-def]
    return str(driver.execute_script("return window.__pwState || '';"))


def _up(url: str) -> bool:
    import urllib.request

    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            return answer.status == 200
    except OSError:
        return False


if __name__ == "__main__":
    main()
