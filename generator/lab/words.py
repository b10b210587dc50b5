"""A balance report in plain words a designer can act on.

The same sentences end ``pipworks balance`` and fill the site's "How it plays" page:
"The first player wins 31 % (28–34 %) of games with 4 heuristic players, against a fair
25 %: an advantage." Percentages are rounded to whole points, intervals are 95 %.
"""

from __future__ import annotations

from typing import Any, Mapping


def pct(value: float) -> str:
    return f"{value * 100:.0f} %"


def span(r: Mapping[str, float]) -> str:
    """``31 % (28–34 %)``: a rate and its 95 % interval."""
    return f"{pct(r['rate'])} ({r['low'] * 100:.0f}–{r['high'] * 100:.0f} %)"


def players_text(report: Mapping[str, Any], config: Mapping[str, Any]) -> str:
    bots = sorted(set(report["bots"]))
    who = bots[0] if len(bots) == 1 else " and ".join(bots)
    return f"{config['players']} {who} player{'s' if config['players'] != 1 else ''}"


def seat_sentences(report: Mapping[str, Any], config: Mapping[str, Any]) -> list[str]:
    """Who wins how often: the turn order, then the seats."""
    if config["players"] < 2:
        score = config["scores"][0]
        return [f"Playing solo, the {report['bots'][0]} player scores {score['mean']:g} on average "
                f"({score['low']:.1f}–{score['high']:.1f})."]
    first = config["first_player"]
    verdict = {"ahead": "an advantage to the first player", "behind": "a disadvantage to the first player",
               "none detected": "no first-player advantage detected"}[first["advantage"]]
    lines = [f"The first player wins {span(first)} of games with {players_text(report, config)}, "
             f"against a fair {pct(first['fair'])}: {verdict}."]
    ahead = [name for name, r in zip(config["seat_names"], config["seats"]) if r["advantage"] != "none detected"]
    if ahead:
        for name, r in zip(config["seat_names"], config["seats"]):
            if r["advantage"] != "none detected":
                lines.append(f"{name} wins {span(r)}: {'more' if r['advantage'] == 'ahead' else 'less'} than a fair share.")
    else:
        best = max(zip(config["seat_names"], config["seats"]), key=lambda pair: pair[1]["rate"])
        lines.append(f"By seat, {best[0]} wins most often, {span(best[1])}: no seat advantage detected.")
    if config["shared_victories"]:
        lines.append(f"{pct(config['shared_victories'])} of games end in a shared victory.")
    return lines


def length_sentence(config: Mapping[str, Any]) -> str:
    length = config["length"]
    return (f"A game takes {length['mean']:.0f} {length['unit']} on average; one game in ten is shorter than "
            f"{length['p10']:.0f} and one in ten longer than {length['p90']:.0f}.")


def rule_sentences(config: Mapping[str, Any], titles: Mapping[str, str] | None = None) -> list[str]:
    """How often each counted rule fires, most frequent first; rules that never fired last."""
    titles = titles or {}
    lines = []
    for rule in sorted(config["rules"], key=lambda r: -r["per_game"]):
        name = titles.get(rule["id"], rule["id"])
        if rule["per_game"]:
            lines.append(f"{name}: {rule['per_game']:.2g} times a game, in {pct(rule['games_with'])} of games "
                         f"({rule['what']}).")
        else:
            lines.append(f"{name}: never ({rule['what']}).")
    return lines


def variant_sentences(report: Mapping[str, Any]) -> list[str]:
    """Each variant against the base game, significant or not."""
    lines = []
    for comparison in report["variants"]:
        parts = []
        first = comparison.get("first_player")
        if first:
            parts.append(f"the first player's share moves {first['difference'] * 100:+.1f} points "
                         f"({'significant' if first['significant'] else 'not significant'}, p = {first['p']:.2f})")
        length = comparison["length"]
        parts.append(f"games are {abs(length['difference']):.1f} decisions {'longer' if length['difference'] >= 0 else 'shorter'} "
                     f"({'significant' if length['significant'] else 'not significant'}, p = {length['p']:.2f})")
        changed = comparison["rules_changed"]
        if changed:
            parts.append("rules firing more or less often: " + ", ".join(
                f"{c['id']} {c['difference']:+.2g}/game" for c in changed))
        lines.append(f"{comparison['label']}: " + "; ".join(parts) + ".")
    return lines


def ladder_sentences(ladder: Mapping[str, Any]) -> list[str]:
    lines = []
    for pairing in ladder["pairings"]:
        a, b = pairing["stronger_rate"], pairing["weaker_rate"]
        strong, weak = pairing["stronger"], pairing["weaker"]
        verdict = {"stronger": f"{strong} is the stronger, the intervals apart at 95 %",
                   "weaker": f"{weak} is the stronger here, the intervals apart at 95 %",
                   "neither": "no difference detected at 95 %"}[pairing["ahead"]]
        lines.append(f"{strong} wins {span(a)} against {weak}'s {span(b)} per player over {pairing['games']} "
                     f"games: {verdict}.")
    return lines


def report_text(report: Mapping[str, Any]) -> str:
    """The whole report as text, for the terminal."""
    lines = [f"{report['title']}: {report['games']} games per configuration, seed {report['seed']}, "
             f"bots {', '.join(report['bots'])}"]
    for config in report["configurations"]:
        lines.append(f"\n{config['label']}:")
        lines += [f"  {line}" for line in seat_sentences(report, config)]
        lines.append(f"  {length_sentence(config)}")
        lines += [f"  {line}" for line in rule_sentences(config)]
    if report["variants"]:
        lines.append("\nvariants against the base game:")
        lines += [f"  {line}" for line in variant_sentences(report)]
    if report.get("ladder"):
        lines.append(f"\nbot ladder ({report['ladder']['games']} games a pairing, seed {report['ladder']['seed']}):")
        lines += [f"  {line}" for line in ladder_sentences(report["ladder"])]
    return "\n".join(lines)
