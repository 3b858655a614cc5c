"""The words of /quiz rounds (bot.quiz.text, no Discord): the set a round asks read back from its
stored name, Next round through a range and round again, the end within an embed's limit, ranges."""

from bot.quiz import text
from bot.quiz.text import RoundSet, first_round, parse_set


def test_a_set_name_reads_back_and_next_round_goes_on_then_starts_again():
    spec = first_round(7, "random", 1, 60, 25, 4321)
    assert spec.name == "7s random seed 4321 1-60, 1-25 (25 a round)" and parse_set(spec.name) == spec
    second = spec.following(1000)
    third = second.following(1000)
    assert (second.start, second.end, third.start, third.end) == (26, 50, 51, 60)
    again = third.following(1000)
    assert (again.start, again.end) == (1, 25)
    assert third.following(55) == RoundSet(7, "random", 1, 60, 1, 25, 25, 4321)
    missed = second.missed_again()
    assert parse_set(missed.name) == missed and missed.following(1000).start == 51
    assert parse_set("7s probability 1-25") is None and parse_set("7s sideways 1-2, 1-2 (2 a round)") is None

def test_the_end_fits_an_embed_and_counts_what_does_not_fit():
    scores = text.score_lines([(n, 50 - n) for n in range(40)])
    assert len(scores) == text.MAX_SCORES + 1 and scores[-1] == "…and 10 more players."
    missed = [text.missed_line("aeinrst" * 2, ["retains"] * 10, 1) for _ in range(50)]
    description, shown = text.end_description("Time's up.", scores, missed, "Next round: 26–50.")
    assert len(description) <= text.DESCRIPTION_CHARS and "more alphagrams." in description
    assert description.endswith("Next round: 26–50.") and "1 word not shown here" in description
    assert description.count("\n**AEINRST") == shown < len(missed)


def test_the_end_in_a_channel_fits_a_phone_screen_and_says_where_the_rest_is():
    scores = text.score_lines([(n, 50 - n) for n in range(40)], text.END_SCORES)
    missed = [text.missed_line("aeinrst", ["retains"], 0) for _ in range(50)]
    description, shown = text.end_description("Time's up.", scores, missed, "Next round: 26–50.",
                                              lines=text.END_LINES, elsewhere=text.MISSED_HERE)
    lines = description.splitlines()
    assert len(lines) <= text.END_LINES and lines[-1] == "Next round: 26–50."
    assert "…and 32 more players." in lines
    assert f"…and {50 - shown} more alphagrams (all of them in the thread)." in lines
    assert shown == sum(line.startswith("**AEINRST") for line in lines) > 0
    few = [text.missed_line("aeinrst", ["retains"], 0) for _ in range(3)]
    assert text.end_description("Time's up.", scores[:2], few, "", lines=text.END_LINES)[1] == 3  # all fit: all shown

def test_ranges_say_what_to_fix():
    assert "ends before it starts" in text.range_error(7, 100, 50, 20)
    assert "from 101 is past the end" in text.range_error(7, 100, 101, None)
    assert "no 15-letter words" in text.range_error(15, 0, 1, None)
    assert text.range_error(7, 100, 100, 5000) is None
