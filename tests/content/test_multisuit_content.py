"""Multisuit's content says everything its rule source says (seed 002), in our words.

Each check names a term or number a player of the source would look for; the content
model (not raw text) must carry it, so the rulebook, the print files and the engine all
see it.
"""

from __future__ import annotations

from generator.content.reference import reference_lines
import re
from pathlib import Path

import pytest

from generator.content.project import load_project

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT.parent / "shared" / "RULINGS.md"


@pytest.fixture(scope="module")
def game():
    return load_project(ROOT, only=["multisuit"]).games["multisuit"].content


def sections(game):
    return {s.id: s for s in game.all_sections()}


def text_of(section) -> str:
    return " ".join([section.title, section.text, *section.items, *(text_of(s) for s in section.sections)])


def all_text(game) -> str:
    parts = [game.overview, game.tagline]
    parts += [text_of(s) for s in game.setup + game.rules]
    parts += [c.name + " " + c.description for c in game.components]
    return " ".join(parts)


def component(game, ident):
    return next(c for c in game.components if c.id == ident)


def test_four_players_in_two_partnerships(game) -> None:
    assert (game.players.min, game.players.max) == (4, 4)
    assert "opposite" in text_of(sections(game)["partnerships"]) or "across" in text_of(sections(game)["partnerships"])


def test_36_playing_cards_3_markers_39_sleeves(game) -> None:
    assert component(game, "playing-cards").count == 36
    markers = component(game, "marker-cards")
    assert markers.count == 3 and markers.suits == ["spades", "diamonds", "clubs"]
    assert component(game, "sleeves").count == 39
    assert component(game, "backing-cards").count == 39


def test_printed_components_are_what_pipworks_makes(game) -> None:
    printed = {c.id for c in game.components if c.printed}
    assert printed == {"playing-cards", "marker-cards", "score-sheet", "quick-reference"}


def test_three_suits_and_eleven_ranks_low_to_high(game) -> None:
    assert game.suits == ["spades", "diamonds", "clubs"]
    assert game.data["markers"] == ["spades", "diamonds", "clubs"]
    assert game.data["ranks"] == ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    assert "4, 5, 6, 7, 8, 9, 10, J, Q, K, A" in text_of(sections(game)["suits-and-ranks"])
    assert "eleven" in text_of(sections(game)["suits-and-ranks"])


def test_rank_make_up_per_suit(game) -> None:
    text = text_of(sections(game)["deck-make-up"])
    for phrase in ("2 aces", "4 kings", "1 queen", "4 jacks"):
        assert phrase in text
    assert game.data["deck_size"] == 36


def test_hyphen_means_no_rank(game) -> None:
    assert "hyphen (-)" in text_of(sections(game)["ranks-on-a-card"])


def test_deal_of_nine_cards_adds_up(game) -> None:
    (deal,) = game.deals
    assert (deal.players, deal.deck, deal.hand) == (4, 36, 9)
    assert "9 to each player" in text_of(sections(game)["shuffle-and-deal"])


def test_exchange_of_three_cards_with_partner(game) -> None:
    text = text_of(sections(game)["exchange"])
    assert "three cards" in text and "partner" in text and "face down" in text


def test_lead_on_a_marker_needs_a_rank_in_that_suit(game) -> None:
    text = text_of(sections(game)["lead"])
    assert "marker" in text and "needs a rank in the trick's suit" in text


def test_three_follow_restrictions_around_best_so_far(game) -> None:
    s = sections(game)
    assert [c.id for c in s["follow"].sections] == ["best-so-far", "must-beat-or-equal", "must-follow", "free-play"]
    assert "equals or beats" in text_of(s["must-beat-or-equal"])


def test_highest_rank_wins_and_ties_go_to_the_later_card(game) -> None:
    s = sections(game)
    assert "highest rank" in text_of(s["trick-winner"])
    assert "played last" in text_of(s["tie-to-later-card"])


def test_one_point_per_trick_over_four(game) -> None:
    text = text_of(sections(game)["deal-points"])
    assert "one point for every trick beyond four" in text
    assert "five tricks score 1 point" in text and "nine" in text


def test_game_to_five_points_and_rubber_of_two_games(game) -> None:
    assert game.data["target_points"] == 5
    assert game.data["rubber_games"] == {"win": 2, "best_of": 3}
    assert "five points" in text_of(sections(game)["game-to-five"])
    assert "two games" in text_of(sections(game)["rubber-winner"])
    assert "clockwise" in text_of(sections(game)["dealer-rotation"])


def test_nine_tricks_and_left_of_dealer_leads(game) -> None:
    text = text_of(sections(game)["first-lead"])
    assert "Nine tricks" in text and "dealer's left" in text


def test_markers_stay_ten_centimetres_apart(game) -> None:
    assert "10 cm" in text_of(sections(game)["place-the-markers"])


def test_communication_is_bridge_rules_and_changes_nothing_in_play(game) -> None:
    comm = sections(game)["communication"]
    assert comm.effect is False and "bridge" in comm.text


def test_no_designer_named_and_working_title(game) -> None:
    assert game.designer is None and game.working_title is True


def test_play_time_is_an_estimate_we_say_is_ours(game) -> None:
    assert game.play_time is not None
    clar = next(c for c in game.clarifications if c.id == "play-time-estimate")
    assert clar.origin == "ours" and str(game.play_time.min) in clar.ruling


def test_variants_name_engine_modes(game) -> None:
    from generator.games import find_game

    engine = find_game("multisuit")
    assert {v.id for v in game.variants} == set(engine.variants)
    assert {v.id for v in game.variants} == {"one-game", "single-deal"}, "the rubber is the game, not a variant"


def rulings_entries() -> list[str]:
    text = RULINGS.read_text(encoding="utf-8")
    part = text.split("## Multi-suit partnership game (seed 002)")[1].split("\n## ")[0]
    return re.findall(r"^\d+\. \*(.+?)\*", part, flags=re.MULTILINE)


def test_every_ruling_is_a_clarification(game) -> None:
    entries = rulings_entries()
    assert len(entries) == 3
    ours = [c for c in game.clarifications if c.origin == "RULINGS.md"]
    assert len(ours) == len(entries)
    topics = {"The deck itself is not in the source": "deck-not-in-source",
              "Card exchange": "exchange-is-simultaneous", "Deal points:": "only-winners-score"}
    ids = {c.id for c in ours}
    for entry in entries:
        assert any(entry.startswith(topic) and ident in ids for topic, ident in topics.items()), entry


def test_quickref_and_glossary_point_at_real_rules(game) -> None:
    ids = set(sections(game)) | {v.id for v in game.variants} | {c.id for c in game.clarifications}
    assert all(line.rule in ids for line in reference_lines(game))
    assert all(term.rule in ids for term in game.glossary)
    for clar in game.clarifications:
        assert clar.rule in ids
    assert len(reference_lines(game)) >= 10 and len(game.glossary) >= 10


def test_no_sentence_copied_from_the_source(game) -> None:
    source = (ROOT.parent / "shared" / "seeds" / game.source).read_text(encoding="utf-8")
    ours = all_text(game)
    sentences = [s.strip() for s in re.split(r"[.\n]", source) if len(s.strip().split()) >= 8]
    copied = [s for s in sentences if s in ours]
    assert not copied, copied
