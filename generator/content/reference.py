"""The quick reference of a game, gathered from its rule sections.

A rule section says whether it belongs on the quick reference (its ``reference``: the
one line players read at the table, or ``false`` to leave it off on purpose); a ruling
players need mid-game gives its line too. This module gathers those lines, in rulebook
order, into the parts a quick reference shows: the setup checklist, the turn's flow
(steps such as Lead → Follow → Rank → Powers, each with its lines), other play lines,
the suit-power table, the end of a round and of the game, and the rulings. The PDF, the
site page and the printed reference cards are all drawn from it, so they never
disagree; :func:`undecided` lists the rules with an effect that are on neither the
quick reference nor left off (``pipworks validate`` warns about them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

from .schema import GameContent, QuickRefLine, Reference, Section

#: The parts of a quick reference, in the order it prints them, with their headings.
PARTS: dict[str, str] = {
    "setup": "Setup",
    "play": "Play",
    "powers": "Suit powers",
    "end": "End of a round and of the game",
    "rulings": "Rulings to remember",
}


@dataclass(frozen=True)
class Entry:
    """One line of the quick reference and the rule (or ruling) it summarises."""

    line: str
    rule: str | None
    part: str
    step: str | None = None
    suit: str | None = None
    power: str | None = None


@dataclass(frozen=True)
class QuickReference:
    """A game's quick reference, part by part."""

    entries: list[Entry] = field(default_factory=list)

    def part(self, name: str) -> list[Entry]:
        return [e for e in self.entries if e.part == name]

    @property
    def steps(self) -> list[tuple[str, list[Entry]]]:
        """The turn's flow: each step once, in order, with its lines."""
        steps: dict[str, list[Entry]] = {}
        for entry in self.part("play"):
            if entry.step:
                steps.setdefault(entry.step, []).append(entry)
        return list(steps.items())

    @property
    def other_play(self) -> list[Entry]:
        """Play lines outside the flow and the suit-power table."""
        return [e for e in self.part("play") if not e.step]

    @property
    def rules(self) -> set[str]:
        """The ids of every rule and ruling the quick reference states."""
        return {e.rule for e in self.entries if e.rule}


def _walk(sections: list[Section], top: str, path: tuple) -> Iterator[tuple[Section, str, tuple]]:
    for index, section in enumerate(sections):
        here = path + (index,)
        yield section, top, here
        yield from _walk(section.sections, top, here + ("sections",))


def sections(game: GameContent) -> Iterator[tuple[Section, str, tuple]]:
    """Every setup and rule section with "setup" or "rules" and its field path."""
    yield from _walk(game.setup, "setup", ("setup",))
    yield from _walk(game.rules, "rules", ("rules",))


def note(section: Section) -> Reference | None:
    """What ``section`` puts on the quick reference, or None (not on it)."""
    if isinstance(section.reference, str):
        return Reference(line=section.reference)
    return section.reference if isinstance(section.reference, Reference) else None


def _entry(section: Section, top: str, reference: Reference) -> Entry:
    if reference.suit:
        part = "powers"
    else:
        part = reference.part or ("setup" if top == "setup" else "play")
    return Entry(reference.line, section.id, part, reference.step, reference.suit, reference.power)


def quick_reference(game: GameContent) -> QuickReference:
    """The quick reference of ``game``: its sections' lines in rulebook order, then the
    lines tied to no one section (``quickref:``), then the rulings' lines."""
    entries = []
    for section, top, _ in sections(game):
        reference = note(section)
        if reference is not None:
            entries.append(_entry(section, top, reference))
    for line in game.quickref:
        part = "powers" if line.suit else "play"
        entries.append(Entry(line.text, line.rule, part, suit=line.suit))
    entries += [Entry(k.reference, k.id, "rulings") for k in game.clarifications if k.reference]
    ordered = [e for name in PARTS for e in entries if e.part == name]
    return QuickReference(ordered)


#: What the printed reference cards carry: play and the end, not the setup done once at the
#: start nor the rulings (both are on the one-page quick reference).
AT_THE_TABLE = ("play", "powers", "end")


def reference_lines(game: GameContent, parts: tuple[str, ...] = tuple(PARTS)) -> list[QuickRefLine]:
    """The quick reference (its ``parts``) as plain lines under their parts' headings:
    the printed reference cards and the rulebook's last chapter set these."""
    lines = []
    for entry in quick_reference(game).entries:
        if entry.part not in parts:
            continue
        text = f"{entry.step}: {entry.line}" if entry.step else entry.line
        if entry.power:
            text = f"{entry.power}: {entry.line}"
        lines.append(QuickRefLine(text=text, rule=entry.rule, suit=entry.suit, group=PARTS[entry.part]))
    return lines


def undecided(game: GameContent) -> Iterator[tuple[tuple, Section]]:
    """(field path, section) of each rule with an effect that is on neither the quick
    reference nor left off it on purpose. A section with sections of its own is decided
    by them; a rule named by a ``quickref:`` line is on the reference."""
    named = {line.rule for line in game.quickref if line.rule}
    for section, _, path in sections(game):
        if section.effect and section.reference is None and not section.sections and section.id not in named:
            yield path, section
