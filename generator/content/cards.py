"""Reading a cards data file: one row per card, with a ``count`` column.

The one reader of a designer's card data, CSV or YAML, the way DeckSmith and nanDECK
users keep their cards in a spreadsheet. Every row remembers its file and line, so a
problem with a card (a bad colour, text too long for its box) names the line to fix.

CSV: the first row names the columns; a byte-order mark (what spreadsheets save) is
ignored; blank lines are skipped; a cell may hold several lines when quoted. YAML: a
list of mappings, at the top or under ``cards:``. In both, ``count`` (how many copies
of the card to print) is optional and defaults to 1; every other column is text the
layout's boxes use by name (``{rank}``).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from .errors import ContentError, ContentInvalid

COUNT = "count"
#: Limits that keep a cards file's build bounded (each row is a face drawn and checked,
#: each copy a place on a sheet): far above any real deck, far below what would take
#: minutes (20 000 rows took over 3 minutes to build). The file itself obeys the limits
#: of every content file (size, UTF-8, no control characters: ``loader.read_text``).
MAX_ROWS = 2_000
MAX_COPIES = 10_000
MAX_COLUMNS = 200
#: As for a text in any content file (``loader.MAX_TEXT_CHARS``, kept equal by a test).
MAX_CELL_CHARS = 20_000
#: Columns that name a card in messages, in order of preference.
NAME_COLUMNS = ("name", "title", "id")


@dataclass(frozen=True)
class CardRow:
    """One card of a data file: its values by column, how many to print, where it is."""

    values: Mapping[str, str]
    count: int
    file: Path
    line: int

    @property
    def label(self) -> str:
        """How messages name the card: its name (or title, or id) column, else its line."""
        for column in NAME_COLUMNS:
            if self.values.get(column):
                return self.values[column]
        return f"line {self.line}"

    def error(self, column: str, message: str) -> ContentError:
        return ContentError(self.file, self.line, (column,) if column else (), message)


@dataclass(frozen=True)
class CardsFile:
    path: Path
    columns: tuple[str, ...]
    rows: tuple[CardRow, ...]

    @property
    def total(self) -> int:
        """How many cards the file makes: the sum of its counts."""
        return sum(row.count for row in self.rows)


def read_cards(path: Path) -> CardsFile:
    """The cards of ``path`` (``.csv``, ``.yaml`` or ``.yml``); raises ContentInvalid
    listing every problem, each with its line."""
    from .loader import read_text

    if path.suffix.lower() not in (".csv", ".yaml", ".yml"):
        raise ContentInvalid([ContentError(path, None, (), "a cards file is .csv, .yaml or .yml")])
    text = read_text(path)
    cards = _from_csv(path, text) if path.suffix.lower() == ".csv" else _from_yaml(path, text)
    _check_size(cards)
    return cards


def _check_size(cards: CardsFile) -> None:
    problems = []
    if len(cards.rows) > MAX_ROWS:
        problems.append(ContentError(cards.path, cards.rows[MAX_ROWS].line, (), f"card {MAX_ROWS + 1:,}: a cards file "
                                     f"may have at most {MAX_ROWS:,} rows (the count column prints copies); refusing it"))
    elif cards.total > MAX_COPIES:
        problems.append(ContentError(cards.path, None, (COUNT,), f"the counts add up to {cards.total:,} cards; a cards "
                                     f"file may make at most {MAX_COPIES:,}; refusing it"))
    if problems:
        raise ContentInvalid(problems)


def _count(raw: str, path: Path, line: int, problems: list[ContentError]) -> int:
    text = raw.strip()
    if not text:
        return 1
    try:
        value = int(text) if len(text) <= 9 else -1  # int() of a long text takes quadratic time
    except ValueError:
        value = -1
    if value < 0:
        problems.append(ContentError(path, line, (COUNT,), f"{raw[:40]!r} is not a whole number of copies (0 or more)"))
        return 0
    if value > MAX_COPIES:
        problems.append(ContentError(path, line, (COUNT,), f"{value:,} copies; a cards file may make at most "
                                                           f"{MAX_COPIES:,} cards"))
        return 0
    return value


def _header(path: Path, cells: list[str]) -> tuple[str, ...]:
    names = tuple(cell.strip() for cell in cells)
    if len(names) > MAX_COLUMNS:
        raise ContentInvalid([ContentError(path, 1, (), f"the header names {len(names):,} columns; a cards file may "
                                                        f"have at most {MAX_COLUMNS}; refusing it")])
    problems = []
    seen: set[str] = set()
    for index, name in enumerate(names):
        if not name:
            problems.append(ContentError(path, 1, (), f"column {index + 1} of the header has no name"))
        elif name in seen:
            problems.append(ContentError(path, 1, (), f"column {name!r} is named twice in the header"))
        seen.add(name)
    if not names:
        problems.append(ContentError(path, 1, (), "the file is empty: the first row names the columns"))
    if problems:
        raise ContentInvalid(problems)
    return names


def _from_csv(path: Path, text: str) -> CardsFile:
    reader = csv.reader(io.StringIO(text))
    problems: list[ContentError] = []
    try:
        header = _header(path, next(reader, []))
        rows: list[CardRow] = []
        start = reader.line_num + 1
        for cells in reader:
            line, start = start, reader.line_num + 1
            if not any(cell.strip() for cell in cells):
                continue
            if len(rows) > MAX_ROWS:  # refused by _check_size: reading on would only cost time
                break
            long = next((n for n, cell in enumerate(cells) if len(cell) > MAX_CELL_CHARS), None)
            if long is not None:
                problems.append(ContentError(path, line, (header[long],) if long < len(header) else (),
                                             f"a cell of {len(cells[long]):,} characters; one text may have at "
                                             f"most {MAX_CELL_CHARS:,}"))
                continue
            if len(cells) > len(header):
                problems.append(ContentError(path, line, (), f"the row has {len(cells)} cells but the header names "
                                                             f"{len(header)} columns"))
                continue
            values = dict(zip(header, (cell.strip() for cell in cells)))
            values.update({name: "" for name in header[len(cells):]})
            rows.append(CardRow(values, _count(values.get(COUNT, ""), path, line, problems), path, line))
    except csv.Error as exc:
        raise ContentInvalid([ContentError(path, reader.line_num, (), f"not readable as CSV: {exc}")]) from None
    if problems:
        raise ContentInvalid(problems)
    return CardsFile(path, header, tuple(rows))


def _cell(value: Any) -> str | None:
    """A YAML value as the text a card shows; None for a value that is not text."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (str, int, float)):
        return str(value)
    return None


def _from_yaml(path: Path, text: str) -> CardsFile:
    from .loader import parse_yaml_text

    source = parse_yaml_text(text, path)
    data: Any = source.data
    base: tuple[str, ...] = ()
    if isinstance(data, dict) and "cards" in data:
        data, base = data["cards"], ("cards",)
    if not isinstance(data, list):
        raise ContentInvalid([source.error(base, "expected a list of cards (each a mapping of column: value)")])
    problems: list[ContentError] = []
    columns: dict[str, None] = {}
    rows = []
    for index, raw in enumerate(data):
        where = base + (index,)
        line = source.line(where) or 1
        if not isinstance(raw, dict):
            problems.append(source.error(where, "a card is a mapping of column: value"))
            continue
        values = {}
        for key, value in raw.items():
            cell = _cell(value)
            if cell is None:
                problems.append(source.error(where + (str(key),), "a card's value is text or a number, not a list or mapping"))
                continue
            values[str(key)] = cell.strip()
            columns.setdefault(str(key))
        rows.append(CardRow(values, _count(values.get(COUNT, ""), path, source.line(where + (COUNT,)) or line, problems),
                            path, line))
    if len(columns) > MAX_COLUMNS:
        problems.append(source.error(base, f"the cards name {len(columns):,} columns; a cards file may have at most "
                                           f"{MAX_COLUMNS}; refusing it"))
    if problems:
        raise ContentInvalid(problems)
    names = tuple(columns)
    filled = tuple(CardRow({name: row.values.get(name, "") for name in names}, row.count, row.file, row.line) for row in rows)
    return CardsFile(path, names, filled)
