"""The SQL the boards read of the daily challenges' days (``GameInfo.days``), each language's
apart: part of the quiz's store, over its own table ``challenge_plays``."""

from __future__ import annotations

# The daily challenges write no player_days rows: a player's challenge day is read from the plays
# they finished that day, in player_days' shape (points and words: the words found; max_points: the
# words of those challenges; pangrams: the medals won, places 1 to 3 of each challenge's board).
# The boards read it as the challenges' ``GameInfo.days`` ({guild_id}: the server's id), each
# language's apart: English's keys have no language (7s), another's end in it (7s-fr: challenge_days).
CHALLENGE_DAYS = (
    "(SELECT '{game}' AS game, guild_id, user_id, day, CAST(SUM(words_found) AS INTEGER) AS points, "
    "CAST(SUM(words_found) AS INTEGER) AS words, CAST(SUM(CASE WHEN place <= 3 THEN 1 ELSE 0 END) "
    "AS INTEGER) AS pangrams, "
    "CAST(SUM(words_total) AS INTEGER) AS max_points FROM (SELECT guild_id, user_id, day, words_found, words_total, "
    "RANK() OVER (PARTITION BY day, challenge ORDER BY words_found DESC, seconds_used) AS place FROM challenge_plays "
    "WHERE finished_at IS NOT NULL AND guild_id = {{guild_id}} AND challenge {keys}) AS plays "
    "GROUP BY guild_id, user_id, day) AS player_days")


def challenge_days(game: str, language: str) -> str:
    """The days of ``game`` (``challenge``, ``challenge-fr``): the plays of ``language``'s challenges."""
    return CHALLENGE_DAYS.format(game=game, keys="NOT LIKE '%-%'" if language == "en" else f"LIKE '%-{language}'")
