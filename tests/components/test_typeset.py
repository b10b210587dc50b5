"""Type setting: wrapping keeps every word and every line inside its width, measured with
the metrics the safe-zone lint uses, and no substituted character prints as a box. The
typeset module is the one text API: text first, then the width, then the size."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.components import typeset as ts
from generator.layout import text as metrics

WORDS = st.lists(st.sampled_from(["pip", "trick", "Initiative", "Column", "4", "Draw", "2", "swaps", "a", "right,",
                                  "lowest", "–", "die", "WWWWWWWW"]), min_size=1, max_size=30)


@settings(max_examples=200, deadline=None)
@given(words=WORDS, width=st.floats(8.0, 60.0), size=st.sampled_from([ts.FINE, ts.SMALL, ts.BODY, ts.HEADING]),
       bold=st.booleans())
def test_wrap_keeps_words_and_widths(words: list[str], width: float, size: float, bold: bool) -> None:
    text = " ".join(words)
    lines = ts.wrap(text, width, size, bold)
    assert " ".join(lines).split() == words
    for line in lines:
        assert len(line.split()) == 1 or metrics.width(line, size, bold) <= width + 1e-6
    if len(lines) > 1:  # greedy: the next line's first word did not fit on the line before
        first = lines[1].split()[0]
        assert metrics.width(f"{lines[0]} {first}", size, bold) > width - 1e-6


@settings(max_examples=100, deadline=None)
@given(text=st.text(alphabet=st.sampled_from("abcXYZ 0123-–.,:?!'"), min_size=1, max_size=40),
       size=st.floats(1.0, 8.0), bold=st.booleans())
def test_widths_match_the_lint_metrics(text: str, size: float, bold: bool) -> None:
    assert abs(ts.text_width(text, size, bold) - metrics.width(text, size, bold)) < 1e-6


def test_fit_size_shrinks_only_as_far_as_needed() -> None:
    text = "Diamonds Cutter Swaptastic"
    full = ts.text_width(text, ts.BODY)
    assert ts.fit_size(text, full + 1, ts.BODY) == ts.BODY
    shrunk = ts.fit_size(text, full * 0.8, ts.BODY)
    assert ts.text_width(text, shrunk) <= full * 0.8 and shrunk > ts.BODY * 0.79
    assert ts.fit_size(text, full / 4, ts.BODY) == ts.MIN_SIZE, "never below the readable floor"


def test_characters_the_font_lacks_are_replaced() -> None:
    shown = ts.printable("Hearts → Diamonds; 1 ↔ 6; ♠♥♦♣ ✓")
    assert metrics.missing_glyphs(shown) == []
    assert "Spades" in shown and "Clubs" in shown


def test_there_is_one_wrapping_and_fitting_api() -> None:
    """layout.text measures; fitting and wrapping live in typeset alone."""
    assert not hasattr(metrics, "wrap") and not hasattr(metrics, "fit_size")


def test_label_carries_name_and_width() -> None:
    text = ts.label(5.0, 10.0, "Round 1 → Round 2", "track label", 20.0)
    assert text.name == "track label" and text.max_width == 20.0
    assert text.size < ts.BODY, "shrunk to fit"
    assert metrics.width(text.text, text.size) <= 20.0 + 1e-6
