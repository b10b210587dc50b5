"""Reading a cards file kept as a spreadsheet (``.xlsx``), the way designers keep decks.

The first row of the sheet names the columns, every later row is a card, as in a CSV
(``generator.content.cards``). The sheet read is the first one, or the one a
component names with ``sheet:`` in game.yaml. openpyxl reads the file in read-only
mode and only the values the spreadsheet program saved with it: no formula is ever
worked out here, so a formula cell saved without its value (a file written by a
script, never opened in a spreadsheet program) is a problem naming the cell. Every
problem names the sheet, row and column as the spreadsheet shows them::

    cards.xlsx: sheet 'Cards' row 7 column C (cost): #DIV/0! is an error, not a value

The file is bounded before openpyxl reads it: its size, and what its zip archive
unpacks to (a small .xlsx can unpack to gigabytes); rows and columns are read only up
to the limits a CSV has.
"""

from __future__ import annotations

import datetime
import zipfile
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator

from .card_rows import (MAX_CELL_CHARS, MAX_COLUMNS, MAX_ROWS, CardRow, CardsFile, _copies_named_twice, cell_name,
                    column_letter, copies_column, row_count)
from .errors import ContentError, ContentInvalid
from .loader import _CONTROL_RE
from openpyxl.cell.read_only import EmptyCell  # a cell the file does not hold at all

#: A spreadsheet is a zip of XML files: larger than a CSV for the same cards (styles,
#: themes), and it may hold a picture or two.
MAX_XLSX_BYTES = 5_000_000
#: What its archive may unpack to: a real deck's sheet is a few hundred kilobytes; a
#: "zip bomb" unpacks a few kilobytes into gigabytes.
MAX_UNPACKED_BYTES = 50_000_000
MAX_ARCHIVE_FILES = 1_000


def read_sheet(path: Path, sheet: str | None, problems: list[ContentError]) -> CardsFile:
    """The cards on ``sheet`` of the workbook ``path`` (its first sheet when None), its
    rows' problems added to ``problems``, each naming its cell; a workbook that cannot
    be read as cards raises ContentInvalid."""
    _check_archive(path)
    values = _open(path, saved_values=True)
    try:
        name = _sheet_name(path, values.sheetnames, sheet)
        header = next(values[name].iter_rows(min_row=1, max_row=1, max_col=MAX_COLUMNS + 1), ())
        width = _width(values[name], header)
        cards, unknown = _cards(path, name, header, _rows(values[name], width), problems)
    finally:
        values.close()
    if not unknown:
        return cards
    # Cells that hold nothing may be blank (formatted, never filled) or a formula saved
    # without its value: only the formulas say which, so they are read only then.
    formulas = _open(path, saved_values=False)
    try:
        unsaved = _unsaved(path, cards, _rows(formulas[name], width), unknown, problems)
    finally:
        formulas.close()
    return replace(cards, rows=tuple(row for row in cards.rows if row.line not in unsaved))


def _open(path: Path, saved_values: bool) -> Any:
    import openpyxl

    try:
        return openpyxl.load_workbook(path, read_only=True, data_only=saved_values)
    except Exception as exc:  # openpyxl raises many kinds on a damaged file: all mean the same
        raise ContentInvalid([ContentError(path, None, (), f"not readable as an .xlsx workbook ({type(exc).__name__}: "
                                                           f"{str(exc)[:200]}); save it again from the spreadsheet "
                                                           "program")]) from None


def _unsaved(path: Path, cards: CardsFile, rows: Iterator[tuple[Any, ...]], unknown: set[tuple[int, int]],
             problems: list[ContentError]) -> set[int]:
    """The rows among ``unknown`` cells holding a formula saved without its value, each
    such cell a problem; a card with one is left out."""
    last = max(row for row, _ in unknown)
    found: set[int] = set()
    for number, row in enumerate(rows, start=2):
        if number > last:
            break
        for index, cell in enumerate(row):
            if (number, index) in unknown and _is_formula(cell):
                found.add(number)
                problems.append(_at(path, cards.sheet, number, cards.columns, index, (
                    f"the formula {str(cell.value)[:60]} was saved without its value; open the file in a spreadsheet "
                    "program and save it again (formulas are not worked out here)")))
    return found


def _is_formula(cell: Any) -> bool:
    return getattr(cell, "data_type", "") == "f" or str(getattr(cell, "value", "") or "").startswith("=")


def _check_archive(path: Path) -> None:
    def refuse(message: str) -> ContentInvalid:
        return ContentInvalid([ContentError(path, None, (), message)])

    try:
        size = path.stat().st_size
        if size > MAX_XLSX_BYTES:
            raise refuse(f"file of {size:,} bytes; a spreadsheet of cards may have at most {MAX_XLSX_BYTES:,}; "
                         "refusing it")
        with zipfile.ZipFile(path) as archive:
            entries = archive.infolist()
    except OSError as exc:
        raise refuse(f"cannot read file: {exc.strerror or exc}") from None
    except zipfile.BadZipFile:
        raise refuse("not an .xlsx workbook (an .xlsx file is a zip archive; save it as .xlsx, or as .csv)") from None
    unpacked = sum(entry.file_size for entry in entries)
    if len(entries) > MAX_ARCHIVE_FILES or unpacked > MAX_UNPACKED_BYTES:
        raise refuse(f"the workbook unpacks to {unpacked:,} bytes in {len(entries):,} files; a spreadsheet of cards may "
                     f"unpack to at most {MAX_UNPACKED_BYTES:,} bytes in {MAX_ARCHIVE_FILES:,} files; refusing it")


def _sheet_name(path: Path, names: list[str], wanted: str | None) -> str:
    if not names:
        raise ContentInvalid([ContentError(path, None, (), "the workbook has no sheets")])
    if wanted is None:
        return names[0]
    if wanted not in names:
        raise ContentInvalid([ContentError(path, None, ("sheet",), f"no sheet {wanted!r} in the workbook; its sheets: "
                                                                   f"{', '.join(repr(n) for n in names)}")])
    return wanted


def _width(sheet: Any, header: tuple[Any, ...]) -> int:
    """How many columns of each row to read: as many as the sheet says it uses (so a
    value beyond the header's columns is noticed), at least the header's and one more,
    never past the limit (openpyxl pads every row out to the width asked for)."""
    named = max((n + 1 for n, cell in enumerate(header) if getattr(cell, "value", None) is not None), default=0)
    used = sheet.max_column if isinstance(sheet.max_column, int) else MAX_COLUMNS + 1
    return max(1, min(max(used, named + 1), MAX_COLUMNS + 1))


def _rows(sheet: Any, width: int) -> Iterator[tuple[Any, ...]]:
    """The sheet's cards row by row, bounded: one row past the limit (so a sheet too
    long is noticed) and ``width`` columns."""
    return sheet.iter_rows(min_row=2, max_row=MAX_ROWS + 2, max_col=width)


def _cards(path: Path, sheet: str, first: tuple[Any, ...], cells: Iterator[tuple[Any, ...]],
           problems: list[ContentError]) -> tuple[CardsFile, set[tuple[int, int]]]:
    """The cards of the sheet's rows, and the cells (row, column index) that are there
    but hold no saved value (blank, or a formula saved without one)."""
    header = _header(path, sheet, [_text(cell.value) or "" for cell in first])
    copies = copies_column(header)
    rows: list[CardRow] = []
    unknown: set[tuple[int, int]] = set()
    for number, row in enumerate(cells, start=2):
        values: dict[str, str] = {}
        blank, before = True, len(problems)
        for index, cell in enumerate(row):
            column = header[index] if index < len(header) else ""
            if cell.value is None and not isinstance(cell, EmptyCell):
                unknown.add((number, index))
            text = _value(cell, lambda message: problems.append(_at(path, sheet, number, header, index, message)))
            if text:
                blank = False
                if not column:
                    problems.append(_at(path, sheet, number, header, index, "a value in a column the header does not "
                                                                            "name"))
            if column:
                values[column] = text
        if blank or len(problems) > before:  # a card with a cell that cannot be read is left out
            continue
        if len(rows) == MAX_ROWS:
            problems.append(ContentError(path, number, (), f"card {MAX_ROWS + 1:,}: a cards file may have at most "
                                                           f"{MAX_ROWS:,} rows (the {copies or 'count'} column prints "
                                                           "copies); refusing it", at=cell_name(sheet, number, header)))
            break
        values.update({name: "" for name in header if name not in values})
        rows.append(row_count(CardRow(values, 1, path, number, sheet, header), copies, problems))
    return CardsFile(path, header, tuple(rows), sheet), unknown


def _header(path: Path, sheet: str, names: list[str]) -> tuple[str, ...]:
    while names and not names[-1].strip():
        names.pop()  # a spreadsheet's formatted but empty cells are not columns
    names = [name.strip() for name in names]
    where = cell_name(sheet, 1, ())
    if len(names) > MAX_COLUMNS:
        raise ContentInvalid([ContentError(path, 1, (), f"the header names more than {MAX_COLUMNS} columns; a cards "
                                                        f"file may have at most {MAX_COLUMNS}; refusing it", at=where)])
    problems: list[ContentError] = []
    seen: set[str] = set()
    for index, name in enumerate(names):
        if not name:
            problems.append(ContentError(path, 1, (), f"column {column_letter(index)} of the header has no name",
                                         at=where))
        elif name in seen:
            problems.append(ContentError(path, 1, (), f"column {name!r} is named twice in the header", at=where))
        seen.add(name)
    if not names:
        problems.append(ContentError(path, 1, (), "the sheet is empty: its first row names the columns", at=where))
    twice = _copies_named_twice(path, names, 1, sheet)
    if twice is not None:
        problems.append(twice)
    if problems:
        raise ContentInvalid(problems)
    return tuple(names)


def _at(path: Path, sheet: str, row: int, header: tuple[str, ...], index: int, message: str) -> ContentError:
    column = header[index] if index < len(header) else ""
    where = f"sheet {sheet!r} row {row} column {column_letter(index)}" + (f" ({column})" if column else "")
    return ContentError(path, row, (column,) if column else (), message, at=where)


def _value(cell: Any, problem: Any) -> str:
    """A cell's saved value as the text a card shows ("" when empty or wrong)."""
    value = getattr(cell, "value", None)
    if getattr(cell, "data_type", "") == "e":
        problem(f"{value} is an error, not a value (fix the formula in the spreadsheet program)")
        return ""
    if value is None:
        return ""
    text = _text(value)
    if text is None:
        problem(f"a {type(value).__name__} value cannot be printed on a card")
        return ""
    if len(text) > MAX_CELL_CHARS:
        problem(f"a cell of {len(text):,} characters; one text may have at most {MAX_CELL_CHARS:,}")
        return ""
    bad = _CONTROL_RE.search(text)
    if bad is not None:  # as in every content file: no font can print it
        problem(f"contains the control character U+{ord(bad.group()):04X}, which cannot be printed; remove it")
        return ""
    return text.strip()


def _text(value: Any) -> str | None:
    """A saved value as text: 3.0 is "3" (spreadsheets keep every number as a float)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    if isinstance(value, (int, float, str)):
        return str(value)
    if isinstance(value, datetime.datetime) and value.time() == datetime.time():
        return value.date().isoformat()
    if isinstance(value, (datetime.date, datetime.time, datetime.datetime)):
        return value.isoformat()
    return None
