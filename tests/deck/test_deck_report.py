"""The deck report page: tables, four well-formed SVG charts, repeatable, failures shown."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app
from generator.deck.charts import bar_chart, check_chart
from generator.deck.report import write_report

runner = CliRunner()
CHARTS = ("deck-ranks-per-suit.svg", "deck-suits-per-card.svg", "deck-hand-strength.svg", "deck-checks.svg")


def test_report_of_shipped_deck(tmp_path: Path, shipped_deck: Path, shipped_rules: Path) -> None:
    page = write_report(shipped_deck, shipped_rules, tmp_path, deals=500, seed=4)
    text = page.read_text()
    assert page.name == "deck-report.md"
    assert "meets every property" in text and "FAIL" not in text
    for word in ("most", "few", "tend to (correlation)", "several lower ranks", "remaining ranks are low"):
        assert f"| {word} |" in text
    assert "Hand strength over 500 random deals (seed 4)" in text
    for chart in CHARTS:
        assert f"]({chart})" in text
        root = ET.parse(tmp_path / chart).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
    # one table row per card
    assert sum(1 for line in text.splitlines() if line.startswith("| ") and line[2:4].strip().isdigit()) >= 36


def test_report_is_repeatable(tmp_path: Path, shipped_deck: Path, shipped_rules: Path) -> None:
    one = write_report(shipped_deck, shipped_rules, tmp_path / "one", deals=300, seed=9).parent
    two = write_report(shipped_deck, shipped_rules, tmp_path / "two", deals=300, seed=9).parent
    for name in ("deck-report.md", *CHARTS):
        assert (one / name).read_bytes() == (two / name).read_bytes()


def test_report_marks_broken_property_and_cli_exits_1(tmp_path: Path, textbook_text: str, shipped_rules: Path) -> None:
    broken = tmp_path / "broken.csv"
    broken.write_text(textbook_text.replace("36,-,-,4", "36,-,-,-"))
    out = tmp_path / "report"
    result = runner.invoke(app, ["--project", str(tmp_path), "deck", "report", str(broken), "--deals", "200",
                                 "--rules", str(shipped_rules), "--out", str(out)])
    assert result.exit_code == 1
    assert "FAIL card 36 has no rank in any suit" in result.output
    text = (out / "deck-report.md").read_text()
    assert "| no card lacks all three |" in text and "| 0 | 1 | FAIL |" in text


def test_report_on_unreadable_deck_exits_2(tmp_path: Path, shipped_rules: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("id,spades,diamonds,clubs\n1,4,5\n")
    result = runner.invoke(app, ["--project", str(tmp_path), "deck", "report", str(bad), "--rules", str(shipped_rules),
                                 "--out", str(tmp_path / "r")])
    assert result.exit_code == 2
    assert "line 2: expected 4 columns" in result.output


def test_chart_text_is_escaped() -> None:
    svg = bar_chart("a <b> & c", ["<4>", "5&6"], {"s'x\"": [1, 2]}, "n<")
    root = ET.fromstring(svg)
    assert root.find("{http://www.w3.org/2000/svg}title").text == "a <b> & c"
    ET.fromstring(check_chart("t", [("x < y", "≥ 1", "2 & 3", False)]))
