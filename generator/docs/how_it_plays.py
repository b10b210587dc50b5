"""The "How it plays" page of a game: its committed balance report, in words and charts.

The numbers come from ``content/<game>/balance.json``, written by ``pipworks balance``
(the command and seed are in the file, so anyone can make them again); a build only
reads the file, it never plays the games. A game without the file has no such page.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

from markupsafe import Markup

from ..content.project import Project
from ..lab.charts import report_charts
from ..lab.words import length_sentence, ladder_sentences, rule_sentences, seat_sentences, variant_sentences
from ..templating import render

REPORT = "balance.json"
PAGE = "how-it-plays.md"


def _sections(sections: Any) -> Iterator[Any]:
    for section in sections:
        yield section
        yield from _sections(section.sections)


def rule_titles(content: Any) -> dict[str, str]:
    """Rule, variant and clarification id -> the words the rulebook gives it."""
    titles = {s.id: s.title for s in _sections(list(content.setup) + list(content.rules))}
    titles.update({v.id: v.name for v in content.variants})
    titles.update({c.id: c.question for c in content.clarifications})
    return titles


def how_it_plays(project: Project, slug: str, out: Any) -> str | None:
    """Write the game's page (and nothing else) into docs; its path, or None without a report."""
    game = project.games[slug]
    path = game.folder / REPORT
    if not path.is_file():
        return None
    report = json.loads(path.read_text(encoding="utf-8"))
    content = game.content
    titles = rule_titles(content)
    variant_names = {v.id: v.name for v in content.variants}
    charts = {name.removeprefix(f"{slug}-").removesuffix(".svg"): Markup(svg)
              for name, svg in report_charts(report).items()}
    base = report["configurations"][0]
    context = dict(
        game=content, report=report, base=base, charts=charts, titles=titles,
        variant_names=variant_names,
        who=seat_sentences(report, base), length=length_sentence(base),
        rules=rule_sentences(base, titles), variants=variant_sentences(report),
        configurations=[(c, seat_sentences(report, c)) for c in report["configurations"][1:]],
        ladder=ladder_sentences(report["ladder"]) if report.get("ladder") else [],
    )
    out.text(f"{slug}/{PAGE}", render(project.root, "site/how-it-plays.md.j2", **context))
    return f"{slug}/{PAGE}"
