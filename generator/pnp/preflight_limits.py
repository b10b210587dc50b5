"""Preflight reads files from strangers: how much it reads is bounded before anything
else looks at them (issue 25, findings 5 and 7).

pdfium and pypdf inflate whatever streams a PDF holds: a 1 MB flate bomb took 2.1 GB and
passed. So before either reads a PDF, its raw bytes are walked once here: every stream's
filters are undone incrementally with a cap (``zlib.decompressobj(...).decompress(data,
max_length)``), the nesting of arrays and dictionaries outside streams is counted, and
encryption (which would hide the streams from this walk) is found. Anything over a limit
is a problem preflight lists; the PDF is then not handed to pdfium at all.

The limits are far above what Pipworks writes (its largest stream is a few MB, its
longest file a few dozen pages) and what a print shop accepts.
"""

from __future__ import annotations

import base64
import binascii
import os
import re
import stat
import zlib
from dataclasses import dataclass
from pathlib import Path

MB = 1024 * 1024
#: The largest PDF preflight reads (it is read whole into memory).
MAX_PDF_BYTES = 256 * MB
#: The largest Tabletop Simulator saved object (a deck of 10 × 7 sheets is a few KB).
MAX_JSON_BYTES = 16 * MB
#: Pages of one PDF.
MAX_PAGES = 2000
#: One stream, decoded; and all of a file's streams together.
MAX_STREAM_BYTES = 64 * MB
MAX_DECODED_BYTES = 512 * MB
#: Arrays and dictionaries inside each other (pdfium itself stops at 64), and JSON nesting.
MAX_NESTING = 64

_CHUNK = 1 * MB


class Refused(Exception):
    """Preflight will not read this path at all (one line, for exit code 2)."""


class TooLarge(Exception):
    """Reading this file would go past a limit: a problem preflight lists."""


def regular_file(path: Path, shown: str) -> int:
    """The size of ``path``, refused unless it is a regular file: a FIFO would block
    preflight for ever, a device (``/dev/zero``) never ends."""
    try:
        info = os.stat(path)
    except OSError as exc:
        raise Refused(f"{shown}: cannot be read ({(exc.strerror or str(exc)).lower()})") from None
    if not stat.S_ISREG(info.st_mode):
        raise Refused(f"{shown}: not a regular file (a FIFO, a device or a socket): preflight reads only files and folders")
    return info.st_size


def read_capped(path: Path, shown: str, limit: int, what: str) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them."""
    size = regular_file(path, shown)
    if size > limit:
        raise TooLarge(f"{what} is {size / MB:.1f} MB, over the {limit / MB:g} MB preflight reads")
    with path.open("rb") as handle:
        data = handle.read(limit + 1)  # the file may have grown since stat()
    if len(data) > limit:
        raise TooLarge(f"{what} is over the {limit / MB:g} MB preflight reads")
    return data


# -- PDF ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Stream:
    start: int  # offset of the first data byte
    end: int  # offset after the last data byte
    filters: tuple[str, ...] | None  # None: a /Filter this walk cannot read (an indirect one)


_STREAM = re.compile(rb">>\s*stream(?:\r\n|\n|\r)")
_FILTER = re.compile(rb"/Filter\s*(\[[^\]]*\]|/[^\s/\[\]<>()%]+|\d+\s+\d+\s+R)")
_LENGTH = re.compile(rb"/Length\s+(\d+)(?!\s+\d+\s+R)")
_NAME = re.compile(rb"/([^\s/\[\]<>()%]+)")
_ENCRYPT = re.compile(rb"/Encrypt\s*(?:\d+\s+\d+\s+R|<<)")
#: How far back from ``stream`` a dictionary is looked for (a stream's dictionary is short).
_DICT_WINDOW = 16 * 1024


def streams(data: bytes) -> list[Stream]:
    """Every stream of the raw PDF ``data``, with its data's span and filters."""
    found = []
    position = 0
    while (match := _STREAM.search(data, position)) is not None:
        start = match.end()
        # This object's dictionary only: from its "obj" keyword (the nearest one back).
        header = data[max(0, data.rfind(b"obj", max(0, match.start() - _DICT_WINDOW), match.start())):match.start()]
        length = _LENGTH.search(header)
        if length is not None:
            end = min(start + int(length.group(1)), len(data))
        else:
            end = data.find(b"endstream", start)
            end = len(data) if end < 0 else end
        found.append(Stream(start, end, _filters(header)))
        position = max(end, start)
    return found


def _filters(header: bytes) -> tuple[str, ...] | None:
    matches = list(_FILTER.finditer(header))
    if not matches:
        return ()
    value = matches[-1].group(1)
    if value.endswith(b"R"):
        return None
    return tuple(name.decode("latin-1") for name in _NAME.findall(value))


def decoded_size(data: bytes, filters: tuple[str, ...], limit: int) -> int:
    """How many bytes ``data`` decodes to through ``filters``, undone one at a time
    and never past ``limit`` (then ``limit + 1``). Image codecs (DCT, JPX, fax, JBIG2)
    are where decoding stops: preflight never decodes a picture."""
    for name in filters:
        step = _DECODERS.get(name)
        if step is None:
            break
        try:
            data = step(data, limit)
        except (ValueError, zlib.error, binascii.Error):
            break  # pdfium reads no further than this either
        if len(data) > limit:
            return limit + 1
    return len(data)


def _inflate(data: bytes, limit: int) -> bytes:
    inflater = zlib.decompressobj()
    out = bytearray()
    for offset in range(0, len(data), _CHUNK):
        out += inflater.decompress(data[offset:offset + _CHUNK], limit + 1 - len(out))
        while inflater.unconsumed_tail and len(out) <= limit:
            out += inflater.decompress(inflater.unconsumed_tail, limit + 1 - len(out))
        if len(out) > limit or inflater.eof:
            break
    return bytes(out)


def _hex(data: bytes, limit: int) -> bytes:
    digits = re.sub(rb"[^0-9A-Fa-f]", b"", data.split(b">", 1)[0])
    return binascii.unhexlify(digits + b"0" * (len(digits) % 2))


def _ascii85(data: bytes, limit: int) -> bytes:
    body = data.split(b"~>", 1)[0].strip()
    body = body[2:] if body.startswith(b"<~") else body
    if body.count(b"z") * 4 > limit:
        return b"\0" * (limit + 1)
    return base64.a85decode(re.sub(rb"\s", b"", body))


def _run_length(data: bytes, limit: int) -> bytes:
    out = bytearray()
    i = 0
    while i < len(data) and len(out) <= limit:
        n = data[i]
        if n == 128:
            break
        if n < 128:
            out += data[i + 1:i + 2 + n]
            i += n + 2
        else:
            out += data[i + 1:i + 2] * (257 - n)
            i += 2
    return bytes(out)


def _lzw(data: bytes, limit: int) -> bytes:
    """LZW as PDF writes it (early change), stopping past ``limit``."""
    table = [bytes([i]) for i in range(256)] + [b"", b""]
    out = bytearray()
    bits, width, buffer, previous = 0, 9, 0, b""
    for byte in data:
        buffer = (buffer << 8) | byte
        bits += 8
        while bits >= width:
            bits -= width
            code = (buffer >> bits) & ((1 << width) - 1)
            if code == 256:
                table, width, previous = table[:258], 9, b""
                continue
            if code == 257:
                return bytes(out)
            if code > len(table) or (code == len(table) and not previous):
                return bytes(out)  # not LZW: pdfium stops here too
            entry = table[code] if code < len(table) else previous + previous[:1]
            if previous and len(table) < 4096:
                table.append(previous + entry[:1])
            out += entry
            if len(out) > limit:
                return bytes(out)
            previous = entry
            if len(table) + 1 >= (1 << width) and width < 12:
                width += 1
    return bytes(out)


_DECODERS = {"FlateDecode": _inflate, "Fl": _inflate, "ASCIIHexDecode": _hex, "AHx": _hex,
             "ASCII85Decode": _ascii85, "A85": _ascii85, "RunLengthDecode": _run_length, "RL": _run_length,
             "LZWDecode": _lzw, "LZW": _lzw}

_OPENS, _CLOSES = (b"<<", b"["), (b">>", b"]")
#: Strings and comments are read as one token each, so brackets inside them do not count.
_TOKEN = re.compile(rb"<<|>>|\[|\]|\((?:[^()\\]|\\.)*\)|<[0-9A-Fa-f\s]*>|%[^\r\n]*", re.S)


def nesting(data: bytes, skip: list[Stream]) -> int:
    """The deepest nesting of arrays and dictionaries in ``data`` outside its streams."""
    deepest = depth = 0
    position = 0
    for stream in [*skip, Stream(len(data), len(data), ())]:
        for token in _TOKEN.finditer(data, position, stream.start):
            if token.group(0) in _OPENS:
                depth += 1
                deepest = max(deepest, depth)
            elif token.group(0) in _CLOSES:
                depth = max(depth - 1, 0)
        position = stream.end
    return deepest


def pdf_limits(data: bytes) -> list[str]:
    """What in the raw PDF ``data`` is past a limit (nothing: pdfium may read it)."""
    if _ENCRYPT.search(data):
        return ["is encrypted: preflight cannot read inside it (print shops take no encrypted PDFs)"]
    found = streams(data)
    problems = []
    total = 0
    for number, stream in enumerate(found, start=1):
        if stream.filters is None:
            problems.append(f"stream {number} names its filters indirectly: preflight cannot check its size")
            continue
        size = decoded_size(data[stream.start:stream.end], stream.filters, MAX_STREAM_BYTES)
        if size > MAX_STREAM_BYTES:
            problems.append(f"stream {number} (at byte {stream.start}) decodes to over {MAX_STREAM_BYTES // MB} MB, "
                            "the most preflight reads (a compression bomb?)")
        total += size
        if total > MAX_DECODED_BYTES:
            problems.append(f"its streams decode to over {MAX_DECODED_BYTES // MB} MB in all, the most preflight reads")
            break
    deepest = nesting(data, found)
    if deepest > MAX_NESTING:
        problems.append(f"arrays and dictionaries nest {deepest} deep, over the {MAX_NESTING} preflight reads")
    return problems


def json_depth(value: object) -> int:
    """How deep lists and objects nest in ``value`` (from :func:`json.loads`), without recursion."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth)
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return deepest
