"""A game folder from a stranger runs none of its code until its user trusts it.

The poisoned project below is a `pipworks new --template trick-taking` project made by
someone else (so not trusted here) with every way a folder could carry code: its
engine plugin, a site hook, a ``!!python/object/apply`` tag in site/mkdocs.yml and
pickled Jinja "bytecode cache" files where Pipworks once kept its cache
(output/.pipworks/jinja). Each piece touches its own canary file when it runs.
Untrusted: no canary appears, the commands say once, in one line, what they skipped,
and the examples its engine would judge are "not checked". Trusted (`pipworks trust`,
or `pipworks --trust` for one run), the plugin, the hook and the tag run.
"""

from __future__ import annotations

import os
import pickle
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from generator import trust
from generator.scaffold import make_project
from tests.conftest import without_engine

CANARIES = ("plugin", "hook", "tag", "pickle")


class _Touch:
    """Unpickled, it creates its file: what a poisoned cache file would do."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (os.system, (f"touch {self.path}",))


def pipworks(*args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def stranger(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The poisoned project, made under another user's config folder (so untrusted here)."""
    work = tmp_path_factory.mktemp("stranger")
    mine = os.environ["XDG_CONFIG_HOME"]
    os.environ["XDG_CONFIG_HOME"] = str(work / "their-config")
    try:
        make_project(work / "poisoned", "trick-taking")
    finally:
        os.environ["XDG_CONFIG_HOME"] = mine
    return work / "poisoned"


@pytest.fixture(scope="module")
def stranger_plain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A `pipworks new` blank project made by someone else, its engine taken out (content only)."""
    work = tmp_path_factory.mktemp("stranger-plain")
    mine = os.environ["XDG_CONFIG_HOME"]
    os.environ["XDG_CONFIG_HOME"] = str(work / "their-config")
    try:
        make_project(work / "plain", "blank")
        without_engine(work / "plain")
    finally:
        os.environ["XDG_CONFIG_HOME"] = mine
    return work / "plain"


@pytest.fixture
def plain(stranger_plain: Path, tmp_path: Path) -> Path:
    root = tmp_path / "plain"
    shutil.copytree(stranger_plain, root)
    (tmp_path / "canaries").mkdir()
    return root


@pytest.fixture
def project(stranger: Path, tmp_path: Path) -> Path:
    """A fresh copy of the poisoned project, its canaries in ``tmp_path/canaries``."""
    root = tmp_path / "poisoned"
    shutil.copytree(stranger, root)
    canaries = tmp_path / "canaries"
    canaries.mkdir()
    engine = root / "poisoned_engine" / "__init__.py"
    engine.write_text(engine.read_text(encoding="utf-8") + f"\nopen({str(canaries / 'plugin')!r}, 'w').close()\n")
    (root / "site" / "hooks").mkdir(exist_ok=True)
    (root / "site" / "hooks" / "evil.py").write_text(
        f"open({str(canaries / 'hook')!r}, 'w').close()\n\ndef on_config(config):\n    return config\n")
    settings = root / "site" / "mkdocs.yml"
    settings.write_text(settings.read_text(encoding="utf-8") + "\nhooks:\n  - hooks/evil.py\n\nextra:\n"
                        f"  note: !!python/object/apply:os.system [\"touch {canaries / 'tag'}\"]\n")
    _poison_cache(root / "output" / ".pipworks" / "jinja", canaries / "pickle")
    return root


def _poison_cache(folder: Path, canary: Path) -> None:
    """A file for every theme template, named as jinja2's FileSystemBytecodeCache names
    it, holding a pickle that touches ``canary`` when loaded."""
    from jinja2.bccache import FileSystemBytecodeCache, bc_magic
    from mkdocs.theme import Theme

    folder.mkdir(parents=True)
    cache, payload = FileSystemBytecodeCache(str(folder)), bc_magic + pickle.dumps(_Touch(canary))
    for base in Theme(name="material").dirs:
        for template in Path(base).rglob("*.html"):
            name = template.relative_to(base).as_posix()
            key = cache.get_cache_key(name, os.path.normpath(str(template)))
            (folder / cache.pattern.replace("%s", key)).write_bytes(payload)


def ran(project: Path) -> list[str]:
    return sorted(c for c in CANARIES if (project.parent / "canaries" / c).exists())


def notices(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("untrusted project")]


# -- untrusted: nothing runs, and it is said once -------------------------------------------


def test_an_untrusted_project_builds_without_running_any_of_its_code(project: Path) -> None:
    result = pipworks("--project", str(project), "build", "--jobs", "2")
    assert result.returncode == 0, result.stdout + result.stderr
    assert ran(project) == []
    assert notices(result.stderr) == [
        "untrusted project: skipped its game plugin 'poisoned', site hook hooks/evil.py and Python tag "
        "!!python/object/apply:os.system in site/mkdocs.yml; run `pipworks trust` to allow them"], result.stderr
    assert "Traceback" not in result.stderr
    page = (project / "output" / "site" / "poisoned" / "index.html").read_text(encoding="utf-8")
    assert "not checked" in page.lower() and "agree" not in page.lower().replace("disagree", "")
    again = pipworks("--project", str(project), "build")  # nothing to do: still said, still nothing run
    assert again.returncode == 0 and "reused" in again.stdout and len(notices(again.stderr)) == 1, again
    assert ran(project) == []


def test_validate_verify_and_play_run_none_of_it_either(project: Path) -> None:
    checked = pipworks("--project", str(project), "validate")
    assert checked.returncode == 0 and len(notices(checked.stderr)) == 1, checked.stderr
    verified = pipworks("--project", str(project), "verify")
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "2 example(s) not checked" in verified.stdout + verified.stderr and "all agree" not in verified.stdout
    assert len(notices(verified.stderr)) == 1
    assert pipworks("--project", str(project), "verify", "--strict").returncode == 1
    played = pipworks("--project", str(project), "play", "poisoned")
    assert played.returncode == 2 and "'poisoned' has no rules engine" in played.stderr, played.stderr
    assert len(notices(played.stderr)) == 1 and "Traceback" not in played.stderr
    assert ran(project) == []


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serving_an_untrusted_project_runs_none_of_it(project: Path) -> None:
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "generator", "--project", str(project), "serve",
                               "--address", f"127.0.0.1:{port}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        deadline, page = time.monotonic() + 300, ""
        while time.monotonic() < deadline and not page and server.poll() is None:
            try:
                page = urllib.request.urlopen(f"http://127.0.0.1:{port}/poisoned/index.html", timeout=5).read().decode()
            except OSError:
                time.sleep(1)
        assert "Poisoned" in page, "the site was not served"
    finally:
        server.terminate()
        _, stderr = server.communicate(timeout=60)
    assert ran(project) == []
    assert len(notices(stderr)) == 1, stderr


# -- trusted: it runs -------------------------------------------------------------------------


def test_once_trusted_its_plugin_hook_and_tag_run(project: Path) -> None:
    said = pipworks("trust", str(project))
    assert said.returncode == 0 and said.stdout.startswith(f"trusted {project}: Pipworks will run its game plugin 'poisoned'")
    assert str(project) in pipworks("trust", "--list").stdout.splitlines()
    result = pipworks("--project", str(project), "build", "--jobs", "2")
    assert result.returncode == 0, result.stdout + result.stderr
    assert notices(result.stderr) == []
    assert ran(project) == ["hook", "plugin", "tag"]  # never the pickle: no cache is read back from output/
    verified = pipworks("--project", str(project), "verify", "--strict")
    assert verified.returncode == 0 and "verified 2 examples (poisoned 2)" in verified.stdout, verified


def test_trust_for_one_run_and_revoked(project: Path) -> None:
    once = pipworks("--project", str(project), "--trust", "verify", "--strict")
    assert once.returncode == 0 and "verified 2 examples" in once.stdout and notices(once.stderr) == [], once
    assert ran(project) == ["plugin"]
    assert not trust.store().exists() or str(project) not in trust.trusted_projects()  # nothing recorded
    assert pipworks("trust", str(project)).returncode == 0
    gone = pipworks("trust", "--revoke", str(project))
    assert gone.returncode == 0 and "no longer trusted" in gone.stdout
    (project.parent / "canaries" / "plugin").unlink()
    after = pipworks("--project", str(project), "verify")
    assert len(notices(after.stderr)) == 1 and ran(project) == []


def test_a_trusted_project_whose_code_changes_is_untrusted_again(project: Path) -> None:
    assert pipworks("trust", str(project)).returncode == 0
    engine = project / "poisoned_engine" / "__init__.py"
    engine.write_text(engine.read_text(encoding="utf-8") + "\n# a change nobody reviewed\n", encoding="utf-8")
    (project.parent / "canaries" / "plugin").unlink(missing_ok=True)
    result = pipworks("--project", str(project), "verify")
    assert notices(result.stderr) == [
        "untrusted project (poisoned_engine/__init__.py changed since you trusted it): skipped its game plugin "
        "'poisoned', site hook hooks/evil.py and Python tag !!python/object/apply:os.system in site/mkdocs.yml; "
        "run `pipworks trust` to allow them"], result.stderr
    assert ran(project) == []


def test_a_new_project_is_trusted_by_its_maker(tmp_path: Path) -> None:
    made = pipworks("new", str(tmp_path / "mine"), "--template", "trick-taking")
    assert made.returncode == 0, made.stderr
    assert trust.trusted(tmp_path / "mine") and trust.survey(tmp_path / "mine").plugins == {"mine": "mine_engine:SPEC"}
    verified = pipworks("--project", str(tmp_path / "mine"), "verify", "--strict")
    assert verified.returncode == 0 and notices(verified.stderr) == [], verified
    assert not (tmp_path / "mine" / "site" / "hooks").exists()  # Pipworks' own hook is in the package


# -- templates are sandboxed ------------------------------------------------------------------


def test_a_pickled_cache_in_output_is_never_read(plain: Path) -> None:
    """A folder holding only content and a poisoned output/.pipworks/jinja: Pipworks
    keeps no compiled-template cache, so nothing there is ever unpickled."""
    cache = plain / "output" / ".pipworks" / "jinja"
    _poison_cache(cache, plain.parent / "canaries" / "pickle")
    before = sorted(p.name for p in cache.iterdir())
    result = pipworks("--project", str(plain), "build", "--jobs", "1")
    assert result.returncode == 0, result.stdout + result.stderr
    assert (plain / "output" / "site" / "index.html").is_file()
    assert ran(plain) == [] and notices(result.stderr) == []
    assert sorted(p.name for p in cache.iterdir()) == before  # nor any cache written back there


@pytest.mark.parametrize("template", ["rulebook.md.j2", "site/home.md.j2"])
def test_a_template_cannot_escape_its_sandbox(plain: Path, template: str) -> None:
    project = plain
    canary = project.parent / "canaries" / "template"
    own = project / "templates" / template
    own.parent.mkdir(parents=True, exist_ok=True)
    own.write_text(f"# Rules\n\n{{{{ cycler.__init__.__globals__.os.popen('touch {canary}').read() }}}}\n",
                   encoding="utf-8")
    result = pipworks("--project", str(project), "build", "--jobs", "1")
    assert not canary.exists()
    assert result.returncode == 2, result.stdout + result.stderr
    problem = [line for line in result.stderr.splitlines() if line.startswith(f"templates/{template}:3: ")]
    assert problem and "may not use" in problem[0], result.stderr
    assert "Traceback" not in result.stderr


# -- what an untrusted site's settings keep --------------------------------------------------


def _site(root: Path, text: str) -> Path:
    (root / "site").mkdir(parents=True)
    (root / "site" / "mkdocs.yml").write_text(text, encoding="utf-8")
    return root / "site" / "mkdocs.yml"


def test_untrusted_settings_keep_only_what_runs_no_project_code(tmp_path: Path) -> None:
    from mkdocs.config.defaults import MkDocsConfig

    from generator.docs.site_config import settings

    path = _site(tmp_path, "site_name: x\nhooks:\n  - hooks/pipworks_hooks.py\n  - hooks/mine.py\nplugins:\n"
                           "  - search\n  - macros:\n      module_name: main\nmarkdown_extensions:\n  - pymdownx.emoji:\n"
                           "      emoji_index: !!python/name:material.extensions.emoji.twemoji\n"
                           "      emoji_generator: !!python/name:os.system\n")
    found = settings(path, tmp_path, MkDocsConfig(config_file_path=str(path)))
    assert found["hooks"] == [] and found["plugins"] == ["search"]
    emoji = found["markdown_extensions"][0]["pymdownx.emoji"]
    assert emoji["emoji_index"].__module__ == "material.extensions.emoji" and "emoji_generator" not in emoji
    survey = trust.survey(tmp_path)
    assert (survey.hooks, survey.tags, survey.site_plugins) == (["hooks/mine.py"], ["!!python/name:os.system"],
                                                               ["macros"])


def test_a_project_from_an_older_pipworks_new_builds_without_its_copy_of_the_hook(plain: Path) -> None:
    """Earlier `pipworks new` copied Pipworks' hook into every project: that copy never
    runs (Pipworks' plugin does its work), so nothing is skipped and nothing is said."""
    settings = plain / "site" / "mkdocs.yml"
    settings.write_text(settings.read_text(encoding="utf-8") + "\nhooks:\n  - hooks/pipworks_hooks.py\n")
    (plain / "site" / "hooks").mkdir()
    (plain / "site" / "hooks" / "pipworks_hooks.py").write_text(
        f"open({str(plain.parent / 'canaries' / 'hook')!r}, 'w').close()\n")
    result = pipworks("--project", str(plain), "build", "--only", "site")
    assert result.returncode == 0 and notices(result.stderr) == [], result.stdout + result.stderr
    assert ran(plain) == [] and (plain / "output" / "site" / "plain" / "index.html").is_file()


def test_a_module_in_the_project_folder_cannot_stand_in_for_one_pipworks_imports(plain: Path) -> None:
    """`python -m generator` run inside a project puts that folder first on the import
    path: a yaml.py there must not be imported in place of PyYAML."""
    (plain / "yaml.py").write_text(f"open({str(plain.parent / 'canaries' / 'plugin')!r}, 'w').close()\n")
    result = subprocess.run([sys.executable, "-m", "generator", "validate"], cwd=plain, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0 and "content OK: 1 games (plain)" in result.stdout, result.stdout + result.stderr
    assert ran(plain) == []
