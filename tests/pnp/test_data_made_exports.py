"""Issue 22: a game whose cards are data (a layout and a cards file, as `pipworks new`
makes) prints through the same pipeline as the shipped games: `pnp --for` every shop
and table, at the card size its layout gives, with a one-line refusal where a shop
makes no such card (or the game has no cards); options that cannot apply are refused,
never ignored; a cover lists only files that exist.

Everything runs through the console script, in projects made by `pipworks new` outside
the repository, as a designer would."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.pnp.profiles import PROFILES
from generator.pnp.profiles.raster import png_size
from generator.pnp.profiles.tts import cell_px

MM_PER_PT = 25.4 / 72
SHOPS = ("tgc", "mpc", "dtc", "tts")
POKER_MM = (63.5, 88.9)


def pipworks(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The console script as a designer runs it, in the project folder."""
    script = Path(sys.executable).parent / "pipworks"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([str(script), *args], cwd=cwd, capture_output=True, text=True, timeout=600, env=env)


def _new(work: Path, template: str) -> Path:
    made = pipworks(work, "new", "g", "--template", template)
    assert made.returncode == 0, made.stderr
    return work / "g"


def _resize(root: Path, lines: str) -> None:
    """Replace the card layout's ``size:`` line with ``lines``."""
    layout = root / "content" / "g" / "card-layout.yaml"
    text = layout.read_text(encoding="utf-8")
    layout.write_text(re.sub(r"(?m)^size: .*$", lines, text, count=1), encoding="utf-8")


def _without_player_aids(root: Path) -> None:
    """Take the player aid cards out of a dice-board project's game.yaml: a board, no cards."""
    game = root / "content" / "g" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    aids = re.search(r"(?ms)^  - id: aid\n.*?^    cards: cards\.csv\n", text)
    assert aids, "the dice-board template declares its player aids"
    game.write_text(text.replace(aids.group(0), ""), encoding="utf-8")


@pytest.fixture(scope="module")
def projects(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A project per template, one of tarot cards on their side (the blank template with
    ``size: tarot`` and ``landscape: true``) and one with only a board (the dice-board
    template without its player aids)."""
    found = {t: _new(tmp_path_factory.mktemp(t), t) for t in ("blank", "trick-taking", "dice-board")}
    tarot = _new(tmp_path_factory.mktemp("tarot"), "blank")
    _resize(tarot, "size: tarot\nlandscape: true")
    found["tarot-landscape"] = tarot
    found["board-only"] = _new(tmp_path_factory.mktemp("board-only"), "dice-board")
    _without_player_aids(found["board-only"])
    return found


def _files(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if p.is_file()} if folder.is_dir() else set()


def _pdf_boxes_mm(path: Path) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """(page size, TrimBox size) of every page, mm."""
    out = []
    for page in PdfReader(path).pages:
        trim = page.trimbox
        out.append(((float(page.mediabox.width) * MM_PER_PT, float(page.mediabox.height) * MM_PER_PT),
                    (float(trim.width) * MM_PER_PT, float(trim.height) * MM_PER_PT)))
    return out


def _close(a: tuple[float, float], b: tuple[float, float], tolerance: float = 0.05) -> bool:
    return abs(a[0] - b[0]) <= tolerance and abs(a[1] - b[1]) <= tolerance


def _check_shop_files(root: Path, shop: str, trim_mm: tuple[float, float]) -> None:
    """Every file of ``--for shop`` is the shop's card of ``trim_mm`` (upright) with its bleed."""
    folder = root / "output" / "g" / shop
    profile = PROFILES[shop]
    if shop in ("tgc", "mpc"):
        pngs = sorted(folder.rglob("*.png"))
        assert pngs
        wanted = tuple(round((v / 25.4 + 2 * profile.bleed_in) * profile.dpi) for v in trim_mm)
        assert {png_size(p.read_bytes())[:2] for p in pngs} == {wanted}
    elif shop == "dtc":
        (pdf,) = folder.glob("*.pdf")
        page = (trim_mm[0] + 2 * profile.bleed_mm, trim_mm[1] + 2 * profile.bleed_mm)
        assert all(_close(media, page) and _close(trim, trim_mm) for media, trim in _pdf_boxes_mm(pdf))
    else:
        save = json.loads((folder / "g-tts.json").read_text(encoding="utf-8"))
        deck = save["ObjectStates"][0]
        (custom,) = deck["CustomDeck"].values()
        sheet = png_size((folder / custom["FaceURL"]).read_bytes())
        cell = cell_px(trim_mm)
        assert sheet[:2] == (cell[0] * custom["NumWidth"], cell[1] * custom["NumHeight"])
        assert deck["SidewaysCard"] == (trim_mm[0] > trim_mm[1])


@pytest.mark.parametrize("template", ["blank", "trick-taking", "dice-board"])
def test_a_new_game_builds_and_exports_for_every_shop(projects, template):
    """Every template's cards print as each shop's poker card (an insert-sized deck, 63 ×
    88 mm, on it; the dice-board's player aids are poker cards); every file the export
    writes passes `pipworks preflight --for` that shop on its own."""
    root = projects[template]
    built = pipworks(root, "build")
    assert built.returncode == 0, built.stdout + built.stderr
    for shop in SHOPS:
        result = pipworks(root, "pnp", "g", "--for", shop)
        assert result.returncode == 0, result.stderr
        assert "no problems" in result.stdout
        _check_shop_files(root, shop, POKER_MM)
        written = [root / "output" / "g" / shop / p for p in os.listdir(root / "output" / "g" / shop)]
        checked = pipworks(root, "preflight", "--for", shop, *map(str, written))
        assert checked.returncode == 0, checked.stdout + checked.stderr


def test_tarot_cards_on_their_side_print_where_a_shop_makes_tarot_and_are_refused_where_not(projects):
    root = projects["tarot-landscape"]
    built = pipworks(root, "build")
    assert built.returncode == 0, built.stdout + built.stderr
    kit = _pdf_boxes_mm(root / "output" / "g" / "g-cards-pod.pdf")
    assert {(round(t[0], 2), round(t[1], 2)) for _, t in kit} == {(120.0, 70.0)}
    # MakePlayingCards' (897 × 1497 px) and The Game Crafter's (900 × 1500 px) tarot
    # cards, upright, with the landscape card turned onto them
    for shop, words in (("mpc", "MakePlayingCards (tarot cards)"), ("tgc", "The Game Crafter (tarot cards)")):
        made = pipworks(root, "pnp", "g", "--for", shop)
        assert made.returncode == 0, made.stderr
        assert f"{words}: no problems" in made.stdout
        _check_shop_files(root, shop, (69.85, 120.65))
        images = [str(p) for p in (root / "output" / "g" / shop).rglob("*.png")]
        assert pipworks(root, "preflight", "--for", shop, *images).returncode == 0
    mpc_image = str(next((root / "output" / "g" / "mpc").rglob("*.png")))
    assert pipworks(root, "preflight", "--for", "tgc", mpc_image).returncode == 1  # 3 px short of a TGC card
    # Tabletop Simulator takes the card as it lies
    tts = pipworks(root, "pnp", "g", "--for", "tts")
    assert tts.returncode == 0, tts.stderr
    _check_shop_files(root, "tts", (120.0, 70.0))
    # DriveThruCards' published card is poker only: one line, exit 2, nothing written
    refused = pipworks(root, "pnp", "g", "--for", "dtc")
    assert refused.returncode == 2
    assert refused.stderr.count("\n") == 1 and "120 × 70 mm" in refused.stderr and "poker" in refused.stderr
    assert "Traceback" not in refused.stderr
    assert not (root / "output" / "g" / "dtc").exists()


def test_poker_cards_on_their_side_print_turned_at_a_shop_and_sideways_on_the_table(tmp_path):
    root = _new(tmp_path, "blank")
    _resize(root, "size: poker\nlandscape: true")
    for shop in ("tgc", "tts"):
        result = pipworks(root, "pnp", "g", "--for", shop)
        assert result.returncode == 0, result.stdout + result.stderr
    _check_shop_files(root, "tgc", POKER_MM)  # 825 × 1125 px, the card turned onto it
    _check_shop_files(root, "tts", POKER_MM[::-1])


def test_the_dice_boards_player_aids_go_to_the_shop_and_its_board_stays_in_the_kit(projects):
    root = projects["dice-board"]
    for shop in SHOPS:
        result = pipworks(root, "pnp", "g", "--for", shop)
        assert result.returncode == 0, result.stderr
        assert "deck player aid: one deck of 4 card(s)" in result.stdout, result.stdout
        assert ("not cards, so not in this export: lane board (board, 180 × 120 mm); print it from the "
                "print-and-play kit (pipworks pnp g)") in result.stdout, result.stdout
    assert not list((root / "output" / "g" / "tgc").rglob("*board*"))


def test_a_game_with_only_a_board_is_refused_by_card_shops_in_one_line(projects):
    root = projects["board-only"]
    built = pipworks(root, "build")
    assert built.returncode == 0, built.stdout + built.stderr
    for shop in SHOPS:
        result = pipworks(root, "pnp", "g", "--for", shop)
        assert result.returncode == 2
        assert "lane board (board, 180 × 120 mm)" in result.stderr and "pipworks pnp g" in result.stderr
        assert not (root / "output" / "g" / shop).exists()


def test_options_that_cannot_apply_are_refused_and_write_nothing(projects):
    cards, board = projects["blank"], projects["board-only"]
    for root, args, says in [
        (cards, ["--size", "bridge"], "card-layout.yaml:4"),  # the layout says insert
        (cards, ["--size", "poker", "--paper", "a4"], "63 × 88 mm"),
        (board, ["--size", "poker"], "prints no cards"),
        (board, ["--pod"], "prints no cards"),
        (board, ["--backs", "fold"], "prints no card backs"),
    ]:
        before = _files(root / "output")
        result = pipworks(root, "pnp", "g", *args)
        assert result.returncode == 2, (args, result.stdout)
        assert says in result.stderr and "Traceback" not in result.stderr
        assert _files(root / "output") == before, args


def _cover_files(pdf: Path) -> list[str]:
    """The files the kit's cover lists under "Other files"."""
    text = PdfReader(pdf).pages[0].extract_text()
    other = text.split("Other files", 1)[1]
    return re.findall(r"^\s*([\w.-]+\.pdf|svg[\w-]*/):", other, flags=re.M)


def test_size_applies_to_a_layout_without_one_and_the_cover_lists_only_files_that_exist(projects, tmp_path):
    root = _new(tmp_path, "blank")
    _resize(root, "")  # no size: the build's card size
    result = pipworks(root, "pnp", "g", "--size", "bridge", "--paper", "a4", "--pod")
    assert result.returncode == 0, result.stderr
    out = root / "output" / "g"
    kit, pod = out / "g-pnp-a4-bridge.pdf", out / "g-cards-pod-bridge.pdf"
    assert {(round(t[0], 2), round(t[1], 2)) for _, t in _pdf_boxes_mm(pod)} == {(57.15, 88.9)}
    listed = _cover_files(kit)
    assert listed == ["g-pnp-a4-bridge.pdf", "g-cards-pod-bridge.pdf"]
    assert all((out / name).exists() for name in listed)
    # a layout that gives the size: the same --size is no conflict
    _resize(root, "size: bridge")
    same = pipworks(root, "pnp", "g", "--size", "bridge", "--paper", "letter", "--svg")
    assert same.returncode == 0, same.stderr
    listed = _cover_files(out / "g-pnp-letter-bridge.pdf")
    assert listed == ["g-pnp-letter-bridge.pdf", "svg-bridge/"]
    assert all((out / name).exists() for name in listed)
