"""Building Pipworks' own CMYK output profile (ICC v2) from a press model.

``python -m generator.render.icc_build`` writes ``generator/render/icc/pipworks-coated.icc``,
the profile the CMYK backend converts through and embeds as the OutputIntent. No CMYK
profile that may be shipped is packaged on PyPI or in Debian (Ghostscript's are AGPL), so
this one is made here, from a model fitted to a few published measurements of the FOGRA39
printing condition (coated paper, sheetfed offset, ISO 12647-2; Fogra's characterisation
data, as registered with the ICC): the paper, the 15 solid inks and overprints, and each
ink's tone ramp. It is Pipworks' own work (MIT, like the code), not Fogra's profile: a model
of that condition, good to the round-trip error the tests state, not a measured profile.

The model: Yule-Nielsen modified Neugebauer (n = 2) over the 16 solids and overprints in
XYZ, with each ink's effective coverage taken from its measured ramp (tone value
increase). The inverse (Lab → CMYK) solves for C, M, Y with black set by a medium grey
component replacement, and keeps total ink at most ``TOTAL_INK`` (300 %, FOGRA39's limit).
Everything is plain Python and deterministic: the same bytes on every run.
"""

from __future__ import annotations

import itertools
import struct
from pathlib import Path

#: Where the profile ships, and its name inside the PDF's OutputIntent.
PROFILE_PATH = Path(__file__).resolve().parent / "icc" / "pipworks-coated.icc"
DESCRIPTION = "Pipworks coated offset CMYK (modelled on FOGRA39)"
COPYRIGHT = "Pipworks, MIT licence; modelled on published FOGRA39 measurements"
TOTAL_INK = 3.0  # 300 %
YULE_NIELSEN = 2.0
A2B_GRID = 9
B2A_GRID = 17

D50 = (0.9642, 1.0, 0.8249)
#: CIELAB (D50) of paper and of every solid and overprint, keyed by which inks print (C, M, Y, K).
SOLIDS: dict[tuple[int, int, int, int], tuple[float, float, float]] = {
    (0, 0, 0, 0): (95.0, 0.0, -2.0), (0, 0, 0, 1): (16.0, 0.0, 0.0),
    (0, 0, 1, 0): (89.0, -5.0, 93.0), (0, 0, 1, 1): (15.71, -3.08, 11.68),
    (0, 1, 0, 0): (48.0, 74.0, -3.0), (0, 1, 0, 1): (10.42, 13.93, 1.35),
    (0, 1, 1, 0): (47.0, 68.0, 48.0), (0, 1, 1, 1): (11.33, 8.61, 7.28),
    (1, 0, 0, 0): (55.0, -37.0, -50.0), (1, 0, 0, 1): (10.41, -8.2, -10.25),
    (1, 0, 1, 0): (50.0, -65.0, 27.0), (1, 0, 1, 1): (11.32, -12.88, 3.56),
    (1, 1, 0, 0): (24.0, 22.0, -46.0), (1, 1, 0, 1): (7.88, 5.79, -5.94),
    (1, 1, 1, 0): (23.0, 0.0, 0.0), (1, 1, 1, 1): (8.71, -0.07, 2.06),
}
#: Each ink alone at 0, 10 … 100 %: the XYZ component it absorbs most (C: X, M: Y, Y: Z, K: Y).
RAMPS: tuple[tuple[int, tuple[float, ...]], ...] = (
    (0, (84.48, 75.23, 66.2, 57.73, 49.39, 41.81, 34.66, 28.34, 22.87, 18.5, 15.02)),
    (1, (87.62, 77.75, 68.34, 59.18, 50.57, 42.52, 35.34, 29.06, 23.72, 19.7, 16.79)),
    (2, (74.57, 65.1, 55.96, 47.04, 38.69, 31.07, 24.17, 18.17, 13.27, 9.66, 7.04)),
    (1, (87.62, 74.1, 61.77, 50.08, 39.73, 30.19, 22.11, 14.92, 9.33, 4.98, 2.1)),
)

Vec = tuple[float, float, float]


def lab_to_xyz(lab: Vec) -> Vec:
    L, a, b = lab
    fy = (L + 16) / 116
    fx, fz = fy + a / 500, fy - b / 200

    def inv(t: float) -> float:
        return t ** 3 if t > 6 / 29 else 3 * (6 / 29) ** 2 * (t - 4 / 29)

    return D50[0] * inv(fx), D50[1] * inv(fy), D50[2] * inv(fz)


def xyz_to_lab(xyz: Vec) -> Vec:
    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip(xyz, D50))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


_PAPER = lab_to_xyz(SOLIDS[(0, 0, 0, 0)])


def _relative(xyz: Vec) -> Vec:
    """Relative colorimetry: the paper maps to the PCS white (ICC v2 output profiles)."""
    return (xyz[0] * D50[0] / _PAPER[0], xyz[1] * D50[1] / _PAPER[1], xyz[2] * D50[2] / _PAPER[2])


_ROOTS = {key: tuple(v ** (1 / YULE_NIELSEN) for v in _relative(lab_to_xyz(lab))) for key, lab in SOLIDS.items()}


def _effective(ink: int, coverage: float) -> float:
    """The area an ink's dots cover once printed (its tone value increase), from its ramp."""
    channel, ramp = RAMPS[ink]
    x = min(max(coverage, 0.0), 1.0) * 10
    i = min(int(x), 9)
    value = ramp[i] + (ramp[i + 1] - ramp[i]) * (x - i)
    n = YULE_NIELSEN
    paper, solid = ramp[0] ** (1 / n), ramp[10] ** (1 / n)
    return (value ** (1 / n) - paper) / (solid - paper)


def forward(cmyk: tuple[float, float, float, float]) -> Vec:
    """CMYK (0–1) → relative XYZ (D50) printed."""
    area = [_effective(i, v) for i, v in enumerate(cmyk)]
    total = [0.0, 0.0, 0.0]
    for key, roots in _ROOTS.items():
        weight = 1.0
        for on, a in zip(key, area):
            weight *= a if on else 1.0 - a
        if weight:
            for j in range(3):
                total[j] += weight * roots[j]
    return (max(total[0], 0.0) ** YULE_NIELSEN, max(total[1], 0.0) ** YULE_NIELSEN, max(total[2], 0.0) ** YULE_NIELSEN)


def forward_lab(cmyk: tuple[float, float, float, float]) -> Vec:
    return xyz_to_lab(forward(cmyk))


def _solve_cmy(target: Vec, k: float, start: Vec) -> Vec:
    """C, M, Y (0–1) with black ``k`` whose print is nearest ``target`` Lab (Gauss-Newton)."""
    cmy = list(start)
    for _ in range(25):
        here = forward_lab((cmy[0], cmy[1], cmy[2], k))
        error = [t - h for t, h in zip(target, here)]
        if sum(e * e for e in error) < 1e-4:
            break
        jac = []
        for i in range(3):
            step = cmy.copy()
            step[i] = step[i] + 1e-3 if step[i] < 0.999 else step[i] - 1e-3
            moved = forward_lab((step[0], step[1], step[2], k))
            jac.append([(m - h) / (step[i] - cmy[i]) for m, h in zip(moved, here)])
        delta = _least_squares(jac, error)
        cmy = [min(max(v + d, 0.0), 1.0) for v, d in zip(cmy, delta)]
    return cmy[0], cmy[1], cmy[2]


def _least_squares(jac: list[list[float]], error: list[float]) -> list[float]:
    """Solve J·d = e (J's columns are the three inks) with a little damping."""
    a = [[sum(jac[i][r] * jac[j][r] for r in range(3)) + (1e-4 if i == j else 0.0) for j in range(3)] for i in range(3)]
    b = [sum(jac[i][r] * error[r] for r in range(3)) for i in range(3)]
    for col in range(3):  # Gaussian elimination with partial pivoting
        pivot = max(range(col, 3), key=lambda r: abs(a[r][col]))
        a[col], a[pivot], b[col], b[pivot] = a[pivot], a[col], b[pivot], b[col]
        if abs(a[col][col]) < 1e-12:
            return [0.0, 0.0, 0.0]
        for r in range(col + 1, 3):
            f = a[r][col] / a[col][col]
            a[r] = [x - f * y for x, y in zip(a[r], a[col])]
            b[r] -= f * b[col]
    d = [0.0, 0.0, 0.0]
    for r in (2, 1, 0):
        d[r] = (b[r] - sum(a[r][c] * d[c] for c in range(r + 1, 3))) / a[r][r]
    return d


def inverse(lab: Vec) -> tuple[float, float, float, float]:
    """Lab → CMYK: black from the grey component (none below 40 % grey, all of it at
    full), C, M, Y solved around it, and black raised until total ink is in the limit."""
    c, m, y = _solve_cmy(lab, 0.0, (0.5, 0.5, 0.5))
    grey = min(c, m, y)
    k = max(0.0, (grey - 0.4) / 0.6) ** 1.2 * 0.95
    c, m, y = _solve_cmy(lab, k, (c, m, y))
    while c + m + y + k > TOTAL_INK and k < 1.0:
        k = min(1.0, k + 0.02)
        c, m, y = _solve_cmy(lab, k, (c, m, y))
    if c + m + y + k > TOTAL_INK:
        scale = (TOTAL_INK - k) / (c + m + y)
        c, m, y = c * scale, m * scale, y * scale
    return c, m, y, k


# -- the ICC file ----------------------------------------------------------------------------

def _s15(v: float) -> bytes:
    return struct.pack(">i", round(v * 65536))


def _u16(v: float) -> int:
    return min(max(round(v), 0), 65535)


def _lab16(lab: Vec) -> tuple[int, int, int]:
    """ICC v2 16-bit Lab (legacy encoding: L 0–100 as 0–0xFF00, a and b offset by 128)."""
    L, a, b = lab
    return _u16(L * 652.8), _u16((a + 128) * 256), _u16((b + 128) * 256)


def _text(kind: bytes, text: str) -> bytes:
    if kind == b"desc":
        ascii_text = text.encode("ascii") + b"\0"
        return (b"desc" + b"\0" * 4 + struct.pack(">I", len(ascii_text)) + ascii_text
                + b"\0" * 8 + b"\0" * 3 + b"\0" * 67)
    return b"text" + b"\0" * 4 + text.encode("ascii") + b"\0"


def _xyz(v: Vec) -> bytes:
    return b"XYZ " + b"\0" * 4 + b"".join(_s15(x) for x in v)


def _lut16(inputs: int, outputs: int, grid: int, table: list[tuple[int, ...]]) -> bytes:
    head = b"mft2" + b"\0" * 4 + bytes([inputs, outputs, grid, 0])
    head += b"".join(_s15(1.0 if i == j else 0.0) for i in range(3) for j in range(3))
    head += struct.pack(">HH", 2, 2)
    curves = struct.pack(">HH", 0, 65535)
    body = curves * inputs + b"".join(struct.pack(f">{outputs}H", *row) for row in table) + curves * outputs
    return head + body


def a2b_table() -> list[tuple[int, ...]]:
    steps = [i / (A2B_GRID - 1) for i in range(A2B_GRID)]
    return [_lab16(forward_lab((c, m, y, k))) for c, m, y, k in itertools.product(steps, repeat=4)]


def b2a_table() -> list[tuple[int, ...]]:
    rows = []
    for i, j, k in itertools.product(range(B2A_GRID), repeat=3):
        lab = (i / (B2A_GRID - 1) * 65535 / 652.8, j / (B2A_GRID - 1) * 65535 / 256 - 128,
               k / (B2A_GRID - 1) * 65535 / 256 - 128)
        rows.append(tuple(_u16(v * 65535) for v in inverse(lab)))
    return rows


def _pad(data: bytes) -> bytes:
    return data + b"\0" * (-len(data) % 4)


def build_profile() -> bytes:
    """The whole profile: header, tag table, and the tags (both directions' tables
    serve the perceptual and the colorimetric intents)."""
    a2b = _lut16(4, 3, A2B_GRID, a2b_table())
    b2a = _lut16(3, 4, B2A_GRID, b2a_table())
    tags = [(b"desc", _text(b"desc", DESCRIPTION)), (b"cprt", _text(b"text", COPYRIGHT)),
            (b"wtpt", _xyz(lab_to_xyz(SOLIDS[(0, 0, 0, 0)]))), (b"A2B0", a2b), (b"B2A0", b2a)]
    shared = {b"A2B1": b"A2B0", b"B2A1": b"B2A0", b"A2B2": b"A2B0", b"B2A2": b"B2A0"}
    count = len(tags) + len(shared)
    offset = 128 + 4 + 12 * count
    table, body, where = b"", b"", {}
    for sig, data in tags:
        where[sig] = (offset + len(body), len(data))
        body += _pad(data)
    for sig, data in tags:
        table += sig + struct.pack(">II", *where[sig])
    for sig, same in shared.items():
        table += sig + struct.pack(">II", *where[same])
    size = offset + len(body)
    header = (struct.pack(">I", size) + b"pipw" + struct.pack(">I", 0x02100000) + b"prtr" + b"CMYK" + b"Lab "
              + struct.pack(">6H", 2026, 1, 1, 0, 0, 0) + b"acsp" + b"\0" * 4 + struct.pack(">I", 0) + b"\0" * 8
              + b"\0" * 8 + struct.pack(">I", 0) + b"".join(_s15(v) for v in D50) + b"pipw" + b"\0" * 44)
    assert len(header) == 128
    return header + struct.pack(">I", count) + table + body


def main() -> None:
    from ..atomic import write_bytes

    write_bytes(PROFILE_PATH, build_profile())
    print(f"wrote {PROFILE_PATH}")


if __name__ == "__main__":
    main()
