"""The duplex check: print it with the back off by some millimetres, and its scales read
the offset that puts the backs right; every millimetre is numbered, large enough to read."""

from __future__ import annotations

import pytest

from generator.layout.paper import PAPERS
from generator.layout.units import pt
from generator.pnp.calibration import MAGNIFY, RANGE, calibration_sheet
from generator.scene import Line, Text


def _items(draft):  # type: ignore[no-untyped-def]
    return [item for layer in draft.layers for item in layer.items]


def _slanted(items, steep: bool) -> Line:  # type: ignore[no-untyped-def]
    lines = [i for i in items if isinstance(i, Line) and i.x1 != i.x2 and i.y1 != i.y2]
    [line] = [i for i in lines if (abs(i.y2 - i.y1) > abs(i.x2 - i.x1)) == steep]
    return line


def _numbers(items, anchor: str) -> list[Text]:  # type: ignore[no-untyped-def]
    return [i for i in items if isinstance(i, Text) and i.anchor == anchor and i.text.lstrip("-").isdigit()]


def _front_line(items, vertical: bool) -> Line:  # type: ignore[no-untyped-def]
    [line] = [i for i in items if isinstance(i, Line) and (i.x1 == i.x2) == vertical and (i.y1 == i.y2) != vertical]
    return line


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("error", [(0.0, 0.0), (1.0, -2.0), (-3.0, 2.0), (4.0, 1.0), (-1.0, -5.0)])
def test_the_check_reads_the_back_offset_that_corrects_a_misprinted_back(paper, flip, error):
    """A printer that puts the back ``error`` mm off (in the back page's own terms) makes
    the scales read minus that: the back offset that moves the backs where they belong."""
    page = PAPERS[paper]
    sheet = calibration_sheet(page, flip)
    front, back = _items(sheet.front), _items(sheet.back)
    ex, ey = error

    def behind(x: float, y: float) -> tuple[float, float]:  # a front point, in back page terms
        return (page.width - x, y) if flip == "long" else (x, page.height - y)

    # X: the front's upright line against the steep line of the back, printed off by error
    upright = _front_line(front, vertical=True)
    x_seen, _ = behind(upright.x1, upright.y1)
    steep = _slanted(back, steep=True)
    t = (x_seen - (steep.x1 + ex)) / (steep.x2 - steep.x1)
    crossing = steep.y1 + ey + t * (steep.y2 - steep.y1)
    span = sorted(behind(upright.x1, y)[1] for y in (upright.y1, upright.y2))
    assert span[0] <= crossing <= span[1]  # the upright line reaches the crossing
    label = min(_numbers(back, "start"), key=lambda n: abs(n.y + ey - n.size * 0.36 - crossing))
    assert float(label.text) == -ex
    # Y: the front's level line against the shallow line
    level = _front_line(front, vertical=False)
    _, y_seen = behind(level.x1, level.y1)
    shallow = _slanted(back, steep=False)
    t = (y_seen - (shallow.y1 + ey)) / (shallow.y2 - shallow.y1)
    crossing = shallow.x1 + ex + t * (shallow.x2 - shallow.x1)
    label = min(_numbers(back, "middle"), key=lambda n: abs(n.x + ex - crossing))
    assert float(label.text) == -ey


@pytest.mark.parametrize("paper", list(PAPERS))
def test_every_millimetre_is_numbered_at_least_3_mm_apart_in_readable_type(paper):
    back = _items(calibration_sheet(PAPERS[paper], "long").back)
    for anchor, axis in (("start", "y"), ("middle", "x")):
        numbers = _numbers(back, anchor)
        assert sorted(int(n.text) for n in numbers) == list(range(-RANGE, RANGE + 1))
        places = sorted(getattr(n, axis) for n in numbers)
        assert min(b - a for a, b in zip(places, places[1:])) >= 3.0  # the old scale: 1 mm a millimetre
        assert all(pt(n.size) >= 7.0 for n in numbers)
    assert MAGNIFY >= 3.0


def test_the_duplex_check_tells_no_one_to_type_a_command():
    for flip in ("long", "short"):
        sheet = calibration_sheet(PAPERS["a4"], flip)
        words = " ".join(i.text for d in (sheet.front, sheet.back) for i in _items(d) if isinstance(i, Text))
        assert "--" not in words and "pipworks" not in words.lower()
