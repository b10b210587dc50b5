"""`pipworks balance`: the report a designer reads, the same for the same seed wherever
the games run (one process, two, a Dask cluster), and bad input refused with exit 2."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.lab.charts import interval_chart, report_charts
from generator.lab.words import report_text

runner = CliRunner()


def balance(tmp_path: Path, *args: str) -> dict:
    out = tmp_path / "report.json"
    result = runner.invoke(app, ["balance", *args, "--json", str(out)])
    assert result.exit_code == 0, result.output
    return json.loads(out.read_text())


def test_the_same_seed_gives_the_same_json_on_one_process_two_and_a_dask_cluster(tmp_path: Path) -> None:
    from distributed import LocalCluster

    args = ("dice-lanes", "--games", "40", "--seed", "11", "--variant", "all", "--bots", "heuristic,random")
    one = balance(tmp_path, *args, "-j", "1")
    two = balance(tmp_path, *args, "-j", "2")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        remote = balance(tmp_path, *args, "--cluster", cluster.scheduler_address)
    assert one == two == remote
    assert balance(tmp_path, *args[:-1], "heuristic", "-j", "1") != one  # other bots, other numbers


def test_the_report_answers_a_designers_questions(tmp_path: Path) -> None:
    report = balance(tmp_path, "pip-trick", "--games", "60", "--seed", "3", "-v", "middle-die-exempt", "-j", "1")
    base, variant = report["configurations"]
    assert (base["label"], variant["label"], base["players"], base["games"]) == ("base game", "middle-die-exempt", 4, 60)
    assert base["seat_names"] == ["North", "East", "South", "West"]
    for r in base["seats"] + base["turn_order"]:
        assert 0 <= r["low"] <= r["rate"] <= r["high"] <= 1 and r["fair"] == 0.25
        assert r["advantage"] in ("ahead", "behind", "none detected")
    assert base["first_player"] == base["turn_order"][0]
    assert sum(r["wins"] for r in base["seats"]) == pytest.approx(60)  # every game has its winner(s)
    assert base["length"]["min"] <= base["length"]["median"] <= base["length"]["max"]
    assert sum(b["count"] for b in base["length"]["histogram"]) == 60
    rules = {r["id"]: r for r in variant["rules"]}
    assert rules["middle-die-exempt"]["per_game"] > 0 and {r["id"]: r for r in base["rules"]}["middle-die-exempt"]["per_game"] == 0
    [comparison] = report["variants"]
    assert {"first_player", "length", "rules_changed"} <= set(comparison)
    assert "middle-die-exempt" in {c["id"] for c in comparison["rules_changed"]}
    text = report_text(report)
    assert "The first player wins" in text and "middle-die-exempt:" in text


def test_a_solo_game_reports_its_score(tmp_path: Path) -> None:
    report = balance(tmp_path, "zero-grid", "--games", "10", "--seed", "1", "-v", "solo-mode", "-j", "1")
    solo = report["configurations"][1]
    assert solo["players"] == 1 and "first_player" in solo
    assert "Playing solo" in report_text(report)
    assert "first_player" not in report["variants"][0]  # seat shares are not compared across player counts


def test_the_ladder_has_a_row_per_pairing(tmp_path: Path) -> None:
    report = balance(tmp_path, "dice-lanes", "--games", "4", "--ladder", "4", "--iterations", "4", "-j", "1")
    pairings = report["ladder"]["pairings"]
    assert [(p["stronger"], p["weaker"]) for p in pairings] == [
        ("ismcts:4", "random"), ("heuristic", "random"), ("ismcts:4", "heuristic")]
    for p in pairings:
        assert p["games"] == 4 and p["stronger_rate"]["players"] == 4 and isinstance(p["separated"], bool)
        assert p["ahead"] in ("stronger", "weaker", "neither") and p["separated"] == (p["ahead"] != "neither")


@pytest.mark.parametrize("args,message", [
    (["no-such-game"], "no-such-game"),
    (["pip-trick", "--variant", "turbo"], "unknown variant(s) turbo for pip-trick; known: easier-start, middle-die-exempt"),
    (["pip-trick", "--bots", "genius"], "unknown bot 'genius'"),
    (["pip-trick", "--bots", "random,random"], "one bot for every seat (4)"),
    (["pip-trick", "--players", "6"], "pip-trick is for 3, 4 players, not 6"),
    (["pip-trick", "--executor", "spark"], "unknown executor 'spark'"),
    (["pip-trick", "--bots", "ismcts:0"], "at least one playout"),
])
def test_bad_input_is_refused_with_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["balance", *args, "--games", "2"])
    assert result.exit_code == 2 and message in result.output, result.output


def test_charts_are_well_formed_svg_in_the_pages_text_colour(tmp_path: Path) -> None:
    report = balance(tmp_path, "four-deuces", "--games", "30", "--seed", "2", "-v", "all", "-j", "1")
    charts = report_charts(report)
    assert set(charts) == {f"four-deuces-{n}.svg" for n in ("turn-order", "seats", "length", "rules", "variants")}
    for svg in charts.values():
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
        texts = [e for e in root.iter() if e.tag.endswith("text")]
        assert texts and all(e.get("fill") == "currentColor" for e in texts)  # follows light and dark themes
    assert report_charts(report) == charts  # the same report, the same bytes


def test_chart_labels_are_escaped() -> None:
    svg = interval_chart("<script>alert(1)</script>", [("a<b & c", {"rate": 0.5, "low": 0.4, "high": 0.6})], 0.5)
    ET.fromstring(svg)
    assert "<script>" not in svg and "a&lt;b &amp; c" in svg


def test_charts_are_written_with_the_report(tmp_path: Path) -> None:
    result = runner.invoke(app, ["balance", "multisuit", "--games", "8", "-j", "1", "--charts", str(tmp_path / "c")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "c").iterdir()) == [
        "multisuit-length.svg", "multisuit-rules.svg", "multisuit-seats.svg", "multisuit-turn-order.svg"]
