"""Outcomes as reactions, and the per-player guess limits (no Discord here)."""

import pytest

from bot.chat import limits
from bot.chat.limits import MAX_MESSAGES, MAX_NOTICES, MAX_WORDS_A_MINUTE, WINDOW, GuessLimits, Verdict
from bot.chat.outcome import CHECK, CROSS, PANGRAM, SOLVED, WARNING, Outcome, reactions


@pytest.mark.parametrize(("outcome", "shown"), [
    (Outcome(new_words=1), (CHECK,)),
    (Outcome(new_words=1, pangram=True), (CHECK, PANGRAM)),
    (Outcome(new_words=2), ("2\ufe0f\u20e3",)),
    (Outcome(new_words=3, already_found=True), ("3\ufe0f\u20e3",)),
    (Outcome(new_words=9), ("9\ufe0f\u20e3",)),
    (Outcome(new_words=10, pangram=True), ("🔟", PANGRAM)),
    (Outcome(new_words=1, solved=True), (CHECK, SOLVED)),
    (Outcome(new_words=20), ("🔟",)),
    (Outcome(already_found=True), (WARNING,)),
    (Outcome(already_found=True, nothing_counted=True), (WARNING,)),
    (Outcome(nothing_counted=True), (CROSS,)),
    (Outcome(notice="The game is over."), ()),
])
def test_an_outcome_is_at_most_two_reactions_the_verdict_first(outcome, shown):
    assert reactions(outcome) == shown


def test_an_outcome_never_counts_below_zero():
    with pytest.raises(ValueError):
        Outcome(new_words=-1)


def test_a_player_past_the_message_limit_is_told_once_and_skipped_until_the_window_ends():
    guard = GuessLimits()
    assert [guard.check(1, 1, now=float(n)) for n in range(MAX_MESSAGES)] == [Verdict.READ] * MAX_MESSAGES
    assert guard.check(2, 1, now=30.0) is Verdict.READ  # another player is not slowed
    assert [guard.check(1, 1, now=30.0 + n) for n in range(3)] == [Verdict.SLOW_DOWN, Verdict.SKIP, Verdict.SKIP]
    assert guard.seconds_left(1, now=30.0) == 30 and guard.seconds_left(1, now=59.5) == 1
    assert guard.check(1, 1, now=WINDOW) is Verdict.READ  # a new window


def test_words_count_too():
    guard = GuessLimits()
    assert guard.check(1, MAX_WORDS_A_MINUTE - 1, now=0.0) is Verdict.READ
    assert guard.check(1, 2, now=1.0) is Verdict.SLOW_DOWN
    assert guard.check(1, 1, now=2.0) is Verdict.SKIP


def test_notices_are_capped_per_window():
    guard = GuessLimits()
    assert [guard.may_notify(1, now=0.0) for _ in range(MAX_NOTICES + 2)] == [True] * MAX_NOTICES + [False] * 2
    assert guard.may_notify(1, now=WINDOW + 1)


def test_memory_holds_only_the_players_of_the_last_minute():
    guard = GuessLimits()
    for second in range(10 * int(WINDOW)):
        for player in range(5):
            guard.check(second * 5 + player, 1, now=float(second))
    assert len(guard) <= 5 * int(WINDOW)


def test_the_notice_states_the_limits_and_the_seconds_left():
    notice = limits.slow_down(1)
    assert f"{MAX_MESSAGES} messages" in notice and f"{MAX_WORDS_A_MINUTE} words" in notice
    assert "for 1 more second;" in notice
    assert "for 2 more seconds;" in limits.slow_down(2)
