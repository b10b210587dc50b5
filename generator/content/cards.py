"""Reading a cards data file: one row per card, with a column of copies.

The one reader of a designer's card data, CSV, YAML or a spreadsheet (``.xlsx``,
read by ``generator.content.spreadsheet``), the way DeckSmith, Squib and nanDECK
users keep their cards. Every row remembers its file and line, so a
problem with a card (a bad colour, text too long for its box) names the line to fix.

CSV: the first row names the columns; a byte-order mark (what spreadsheets save) is
ignored; blank lines are skipped; a cell may hold several lines when quoted. YAML: a
list of mappings, at the top or under ``cards:``. In all, a column of copies (how many
of the card to print) is optional and defaults to 1; it is named ``count``, ``qty``
(Squib's and nanDECK's habit) or ``copies``, and a file naming two of them is refused
(which would win?). Every other column is text the layout's boxes use by name
(``{rank}``).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from .errors import ContentError, ContentInvalid
from .card_rows import (COPIES_COLUMNS, COUNT, MAX_CELL_CHARS, MAX_COLUMNS, MAX_COPIES, MAX_ROWS, NAME_COLUMNS,  # noqa: F401
                        CardRow, CardsFile, _copies_named_twice, cell_name, column_letter, copies_column, row_count)


def read_cards(path: Path, sheet: str | None = None) -> CardsFile:
    """The cards of ``path`` (``.csv``, ``.yaml``, ``.yml`` or ``.xlsx``: ``sheet``, or
    its first sheet); raises ContentInvalid listing every problem, each with its line
    (or sheet, row and column)."""
    cards, problems = gather_cards(path, sheet)
    if problems:
        raise ContentInvalid(problems)
    return cards


def gather_cards(path: Path, sheet: str | None = None) -> tuple[CardsFile, list[ContentError]]:
    """The readable cards of ``path`` and the problems of its rows: a card whose count
    cannot be read has none, one whose cells cannot be read is left out, so the rest of
    the deck can still be drawn and checked in the same run. A file that cannot be read
    at all (its header, its size) raises ContentInvalid."""
    from .loader import read_text

    problems: list[ContentError] = []
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".yaml", ".yml", ".xlsx"):
        raise ContentInvalid([ContentError(path, None, (), "a cards file is .csv, .xlsx, .yaml or .yml")])
    if suffix == ".xlsx":
        from .spreadsheet import read_sheet

        cards = read_sheet(path, sheet, problems)
    else:
        text = read_text(path)
        cards = _from_csv(path, text, problems) if suffix == ".csv" else _from_yaml(path, text, problems)
    _check_size(cards)
    return cards, problems


def _check_size(cards: CardsFile) -> None:
    problems = []
    if len(cards.rows) > MAX_ROWS:
        problems.append(ContentError(cards.path, cards.rows[MAX_ROWS].line, (), f"card {MAX_ROWS + 1:,}: a cards file "
                                     f"may have at most {MAX_ROWS:,} rows (the count column prints copies); refusing it"))
    elif cards.total > MAX_COPIES:
        column = cards.copies_column or COUNT
        problems.append(ContentError(cards.path, None, (column,), f"the counts add up to {cards.total:,} cards; a "
                                     f"cards file may make at most {MAX_COPIES:,}; refusing it"))
    if problems:
        raise ContentInvalid(problems)


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
    twice = _copies_named_twice(path, names, 1)
    if twice is not None:
        problems.append(twice)
    if problems:
        raise ContentInvalid(problems)
    return names


def _from_csv(path: Path, text: str, problems: list[ContentError]) -> CardsFile:
    reader = csv.reader(io.StringIO(text))
    try:
        header = _header(path, next(reader, []))
        copies = copies_column(header)
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
            rows.append(row_count(CardRow(values, 1, path, line), copies, problems))
    except csv.Error as exc:
        raise ContentInvalid([ContentError(path, reader.line_num, (), f"not readable as CSV: {exc}")]) from None
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


def _from_yaml(path: Path, text: str, problems: list[ContentError]) -> CardsFile:
    from .loader import parse_yaml_text

    source = parse_yaml_text(text, path)
    data: Any = source.data
    base: tuple[str, ...] = ()
    if isinstance(data, dict) and "cards" in data:
        data, base = data["cards"], ("cards",)
    if not isinstance(data, list):
        raise ContentInvalid([source.error(base, "expected a list of cards (each a mapping of column: value)")])
    columns: dict[str, None] = {}
    rows = []
    row_indices: list[int] = []
    for index, raw in enumerate(data):
        where = base + (index,)
        line = source.line(where) or 1
        if not isinstance(raw, dict):
            problems.append(source.error(where, "a card is a mapping of column: value"))
            continue
        values = {}
        row_indices.append(index)
        for key, value in raw.items():
            cell = _cell(value)
            if cell is None:
                problems.append(source.error(where + (str(key),), "a card's value is text or a number, not a list or mapping"))
                continue
            values[str(key)] = cell.strip()
            columns.setdefault(str(key))
        rows.append(CardRow(values, 1, path, line))
    copies = copies_column(list(columns))
    twice = _copies_named_twice(path, list(columns), source.line(base) or 1)
    if twice is not None:
        problems.append(twice)
    rows = [row_count(row, copies, problems, source.line(base + (index, copies or COUNT)))
            for index, row in zip(row_indices, rows)]
    if len(columns) > MAX_COLUMNS:
        raise ContentInvalid(problems + [source.error(base, f"the cards name {len(columns):,} columns; a cards file "
                                                            f"may have at most {MAX_COLUMNS}; refusing it")])
    names = tuple(columns)
    filled = tuple(CardRow({name: row.values.get(name, "") for name in names}, row.count, row.file, row.line) for row in rows)
    return CardsFile(path, names, filled)
