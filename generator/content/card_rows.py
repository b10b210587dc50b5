"""A card of a cards file, and the file's cards: what every reader of cards files makes
(``generator.content.cards`` for CSV and YAML, ``generator.content.spreadsheet`` for
.xlsx), with the limits they share and the column of copies they all read."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Mapping

from .errors import ContentError

COUNT = "count"
#: The names a column of copies goes by, ours first.
COPIES_COLUMNS = (COUNT, "qty", "copies")
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
    """One card of a data file: its values by column, how many to print, where it is.

    A spreadsheet's row also names its ``sheet`` and its ``header`` (the columns in
    order), so a message names the cell as a spreadsheet shows it: sheet, row, column
    letter."""

    values: Mapping[str, str]
    count: int
    file: Path
    line: int
    sheet: str = ""
    header: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """How messages name the card: its name (or title, or id) column, else its line."""
        for column in NAME_COLUMNS:
            if self.values.get(column):
                return self.values[column]
        return f"line {self.line}"

    def error(self, column: str, message: str) -> ContentError:
        path = (column,) if column else ()
        if not self.sheet:
            return ContentError(self.file, self.line, path, message)
        return ContentError(self.file, self.line, path, message, at=cell_name(self.sheet, self.line, self.header, column))


def column_letter(index: int) -> str:
    """Column ``index`` (0 first) as a spreadsheet names it: A..Z, AA..."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def cell_name(sheet: str, row: int, header: tuple[str, ...], column: str = "") -> str:
    """``sheet 'Cards' row 7 column C (cost)``: a cell as a designer finds it."""
    where = f"sheet {sheet!r} row {row}"
    if column in header:
        where += f" column {column_letter(header.index(column))} ({column})"
    elif column:
        where += f" column {column}"
    return where


@dataclass(frozen=True)
class CardsFile:
    path: Path
    columns: tuple[str, ...]
    rows: tuple[CardRow, ...]
    sheet: str = ""  # the sheet read, for a spreadsheet

    @property
    def copies_column(self) -> str | None:
        """The column saying how many of each card to print (None: one of each)."""
        return copies_column(self.columns)

    @property
    def total(self) -> int:
        """How many cards the file makes: the sum of its counts."""
        return sum(row.count for row in self.rows)


def copies_column(columns: tuple[str, ...] | list[str]) -> str | None:
    """Which of ``columns`` gives each card's copies (count, qty or copies)."""
    return next((name for name in COPIES_COLUMNS if name in columns), None)


def _copies_named_twice(path: Path, columns: tuple[str, ...] | list[str], line: int | None,
                        sheet: str = "") -> ContentError | None:
    named = [name for name in COPIES_COLUMNS if name in columns]
    if len(named) < 2:
        return None
    at = f"sheet {sheet!r} row {line}" if sheet else ""
    return ContentError(path, line, (), f"columns {' and '.join(repr(n) for n in named)} both say how many copies "
                                        f"to print; keep one", at=at)



def row_count(row: CardRow, column: str | None, problems: list[ContentError], line: int | None = None) -> CardRow:
    """``row`` with its copies read from ``column`` (blank or no column: 1); a bad value
    is a problem at the row's cell (or at ``line``, where YAML wrote it)."""
    raw = row.values.get(column, "") if column else ""
    text = raw.strip()
    if not text:
        return replace(row, count=1)
    try:
        value = int(text) if len(text) <= 9 else -1  # int() of a long text takes quadratic time
    except ValueError:
        value = -1
    message = ""
    if value < 0:
        message = f"{raw[:40]!r} is not a whole number of copies (0 or more)"
    elif value > MAX_COPIES:
        message = f"{value:,} copies; a cards file may make at most {MAX_COPIES:,} cards"
    if message:
        problems.append(replace(row, line=line or row.line).error(column or COUNT, message))
        return replace(row, count=0)
    return replace(row, count=value)
