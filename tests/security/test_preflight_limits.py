"""`pipworks preflight` reads files from strangers, so what it reads is bounded (issue 25,
findings 5, 7 and 9): a FIFO or a device is refused (exit 2, one line), a compression
bomb is a listed problem instead of 2 GB and "no problems", and wrong types or deep
nesting in a PDF or a Tabletop Simulator saved object are problems, never a traceback.
Each limit is tried at the limit and one past it."""

from __future__ import annotations

import io
import json
import os
import resource
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest
from pypdf import PdfWriter
from pypdf.generic import NameObject, NumberObject

from generator.pnp import preflight as pf
from generator.pnp import preflight_limits as limits
from generator.pnp.preflight import Rules, check_pdf, preflight, rules_for
from generator.pnp.profiles import PROFILES

ROOT = Path(__file__).resolve().parents[2]
GB = 1024 ** 3


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (GB, GB))


def run_preflight(*args: str, timeout: float = 10) -> tuple[subprocess.CompletedProcess[str], float]:
    """The CLI in its own process with 1 GB of address space, as a user would run it."""
    started = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "generator", "preflight", *args], capture_output=True, text=True,
                            timeout=timeout, preexec_fn=_limited, cwd=ROOT)
    return result, time.perf_counter() - started


def pdf_with(stream: bytes, filters: bytes = b"/FlateDecode", catalog_extra: bytes = b"") -> bytes:
    """A one-page PDF whose page's content is ``stream`` (written by hand: a bomb needs
    bytes no PDF library writes)."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R " + catalog_extra + b" >>",
               b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R >>",
               b"<< /Length " + str(len(stream)).encode() + b" /Filter " + filters + b" >>\nstream\n" + stream
               + b"\nendstream"]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def blank_pdf(pages: int = 1) -> bytes:
    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(72, 72)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def whats(data: bytes, rules: Rules = Rules()) -> list[str]:
    return [p.what for p in check_pdf(data, rules, "x.pdf")]


# -- not a regular file -------------------------------------------------------------------

def test_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.pdf")
    result, took = run_preflight(str(tmp_path / "pipe.pdf"))
    assert result.returncode == 2 and took < 10
    assert result.stderr.strip().splitlines() == [f"{tmp_path / 'pipe.pdf'}: not a regular file (a FIFO, a device or "
                                                  "a socket): preflight reads only files and folders"]


def test_a_fifo_in_a_folder_of_pngs_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "face.png")
    result, _ = run_preflight(str(tmp_path))
    assert result.returncode == 2 and "face.png: not a regular file" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_device_is_refused(tmp_path: Path) -> None:
    (tmp_path / "zero.pdf").symlink_to("/dev/zero")
    for path in (str(tmp_path / "zero.pdf"), "/dev/zero"):
        result, took = run_preflight(path)
        assert result.returncode == 2 and took < 10, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1 and "not a regular file" in result.stderr


# -- PDF limits ---------------------------------------------------------------------------

def test_a_flate_bomb_is_a_problem_not_2_gb(tmp_path: Path) -> None:
    """1 MB that inflates to 1 GB: found in the raw bytes, never handed to pdfium."""
    bomb = tmp_path / "bomb.pdf"
    bomb.write_bytes(pdf_with(zlib.compress(bytes(GB), 9)))
    assert bomb.stat().st_size < 1.1 * 1024 * 1024
    result, took = run_preflight(str(bomb))
    assert result.returncode == 1 and took < 10, result.stderr
    assert "stream 1 (at byte" in result.stderr and "decodes to over 64 MB" in result.stderr
    assert "Traceback" not in result.stderr and "no problems" not in result.stdout


def run_length(raw: bytes) -> bytes:
    """Runs of at most 128 equal bytes (a run of one is a literal)."""
    runs = (raw[i:i + 128] for i in range(0, len(raw), 128))
    return b"".join(bytes([257 - len(r), r[0]]) if len(r) > 1 else b"\0" + r for r in runs) + b"\x80"


@pytest.mark.parametrize("filters, encode", [
    (b"/FlateDecode", lambda raw: zlib.compress(raw)),
    (b"[/ASCIIHexDecode /FlateDecode]", lambda raw: zlib.compress(raw).hex().encode() + b">"),
    (b"[/A85 /Fl]", lambda raw: __import__("base64").a85encode(zlib.compress(raw)) + b"~>"),
    (b"/RunLengthDecode", lambda raw: run_length(raw)),
])
def test_a_stream_at_the_limit_passes_and_one_byte_more_is_a_problem(
        monkeypatch: pytest.MonkeyPatch, filters: bytes, encode: object) -> None:
    monkeypatch.setattr(limits, "MAX_STREAM_BYTES", 4096)
    at, past = pdf_with(encode(bytes(4096)), filters), pdf_with(encode(bytes(4097)), filters)  # type: ignore[operator]
    assert not any("decodes to over" in w for w in whats(at)), whats(at)
    assert any("stream 1 (at byte" in w and "decodes to over" in w for w in whats(past)), whats(past)


def test_lzw_is_decoded_as_pdf_writes_it() -> None:
    """The PDF reference's own example: 80 0B 60 50 22 0C 0C 85 01 is "-----A---B"."""
    data = bytes.fromhex("800B6050220C0C8501")
    assert limits.decoded_size(data, ("LZWDecode",), 100) == 10
    assert limits.decoded_size(data, ("LZWDecode",), 9) == 10  # past the limit: the limit + 1


def test_all_streams_together_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_DECODED_BYTES", 3000)
    assert not any("in all" in w for w in whats(pdf_with(zlib.compress(bytes(3000)))))
    assert any("decode to over" in w and "in all" in w for w in whats(pdf_with(zlib.compress(bytes(3001)))))


def test_nesting_at_the_limit_passes_and_one_deeper_is_a_problem() -> None:
    """The catalog's dictionary is one level; an array inside it nests the rest."""
    def nested(depth: int) -> bytes:
        return pdf_with(zlib.compress(b""), catalog_extra=b"/X " + b"[" * (depth - 1) + b"]" * (depth - 1))
    assert not any("nest" in w for w in whats(nested(limits.MAX_NESTING)))
    assert f"arrays and dictionaries nest {limits.MAX_NESTING + 1} deep, over the {limits.MAX_NESTING} preflight reads" \
        in whats(nested(limits.MAX_NESTING + 1))
    deep = whats(nested(100_000))
    assert deep == ["arrays and dictionaries nest 100000 deep, over the 64 preflight reads"]


def test_pages_at_the_limit_pass_and_one_more_is_a_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_PAGES", 3)
    assert whats(blank_pdf(3)) == []
    assert whats(blank_pdf(4)) == ["has 4 pages, over the 3 preflight reads"]


def test_a_file_at_the_size_limit_is_read_and_one_byte_more_is_a_problem(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = blank_pdf()
    (tmp_path / "x.pdf").write_bytes(data)
    monkeypatch.setattr(pf, "MAX_PDF_BYTES", len(data))
    assert preflight(tmp_path / "x.pdf") == []
    monkeypatch.setattr(pf, "MAX_PDF_BYTES", len(data) - 1)
    (problem,) = preflight(tmp_path / "x.pdf")
    assert problem.what.startswith("the file is 0.0 MB, over the") and "MB preflight reads" in problem.what


def test_an_encrypted_pdf_is_a_problem() -> None:
    writer = PdfWriter()
    writer.add_blank_page(72, 72)
    writer.encrypt("", "owner")
    out = io.BytesIO()
    writer.write(out)
    assert whats(out.getvalue()) == ["is encrypted: preflight cannot read inside it (print shops take no encrypted PDFs)"]


def test_output_intents_that_are_a_number_are_a_problem_not_a_traceback(tmp_path: Path) -> None:
    writer = PdfWriter()
    writer.add_blank_page(72, 72)
    writer._root_object[NameObject("/OutputIntents")] = NumberObject(5)
    out = io.BytesIO()
    writer.write(out)
    found = whats(out.getvalue(), rules_for(PROFILES["dtc"]))
    assert "no PDF/X OutputIntent (the printing condition the colours are meant for)" in found
    (tmp_path / "intents.pdf").write_bytes(out.getvalue())
    result, _ = run_preflight("--for", "dtc", str(tmp_path / "intents.pdf"))
    assert result.returncode == 1 and "no PDF/X OutputIntent" in result.stderr and "Traceback" not in result.stderr


# -- Tabletop Simulator saved objects -------------------------------------------------------

def tts(tmp_path: Path, save: object) -> list[str]:
    (tmp_path / "deck.json").write_text(json.dumps(save) if not isinstance(save, str) else save)
    return [str(p) for p in preflight(tmp_path / "deck.json", PROFILES["tts"])]


def test_wrong_types_in_a_saved_object_are_problems(tmp_path: Path) -> None:
    found = tts(tmp_path, {"ObjectStates": [1, {"CustomDeck": {"1": {"NumWidth": "x", "NumHeight": True, "FaceURL": 5,
                                                                      "BackURL": "file:///a%00b"}},
                                                "DeckIDs": ["a", 100]}, {"CustomDeck": [1]}, {"DeckIDs": 7}]})
    path = str(tmp_path / "deck.json")
    assert f"{path}: ObjectStates[0] is 1, not an object" in found
    assert f'{path}: ObjectStates[1].CustomDeck.1.NumWidth is "x", not a whole number' in found
    assert f"{path}: ObjectStates[1].CustomDeck.1.NumHeight is true, not a whole number" in found
    assert f"{path}: ObjectStates[1].CustomDeck.1.FaceURL is 5, not a text" in found
    assert f"{path}: ObjectStates[1].CustomDeck.1: BackURL file:///a%00b is not a PNG file here" in found
    assert f'{path}: ObjectStates[1]: a card is "a", not a whole number' in found
    assert f"{path}: ObjectStates[2].CustomDeck is [1], not an object" in found
    assert f"{path}: ObjectStates[3].DeckIDs is 7, not a list" in found


def test_json_nesting_at_the_limit_passes_and_one_deeper_is_a_problem(tmp_path: Path) -> None:
    def nested(depth: int) -> str:  # the outer object and ObjectStates' list are two levels
        return '{"ObjectStates": [' + "[" * (depth - 2) + "]" * (depth - 2) + "]}"
    assert not any("objects nest" in p for p in tts(tmp_path, nested(limits.MAX_NESTING)))
    assert tts(tmp_path, nested(limits.MAX_NESTING + 1)) == [
        f"{tmp_path / 'deck.json'}: lists and objects nest 65 deep, over the 64 preflight reads"]
    assert tts(tmp_path, "[" * 200_000 + "]" * 200_000) == [
        f"{tmp_path / 'deck.json'}: lists and objects nest over 64 deep, more than preflight reads"]


def test_a_saved_object_at_the_size_limit_is_read_and_one_byte_more_is_a_problem(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = json.dumps({"ObjectStates": [{"Name": "Card"}]})
    monkeypatch.setattr(pf, "MAX_JSON_BYTES", len(text))
    assert tts(tmp_path, text) == []
    monkeypatch.setattr(pf, "MAX_JSON_BYTES", len(text) - 1)
    (problem,) = tts(tmp_path, text)
    assert "over the" in problem and "MB preflight reads" in problem


def test_the_cli_on_a_hostile_saved_object_lists_problems(tmp_path: Path) -> None:
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    (tmp_path / "types.json").write_text(json.dumps({"ObjectStates": [{"CustomDeck": {"1": []}, "CardID": "x"}]}))
    result, took = run_preflight(str(tmp_path / "deep.json"), str(tmp_path / "types.json"))
    assert result.returncode == 1 and took < 10
    assert "Traceback" not in result.stderr
    assert "deep.json: lists and objects nest over 64 deep" in result.stderr
    assert "types.json: ObjectStates[0].CustomDeck.1 is [], not an object" in result.stderr
    assert 'types.json: ObjectStates[0]: a card is "x", not a whole number' in result.stderr
