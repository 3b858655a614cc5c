-- PostgreSQL 0012: SQLite's 0017, a server's language (issue 44), ``/settings language:``: the
-- language of the word lists its commands use when a command is not given ``language:``
-- (bot/lexicons/language.py). NULL: never set, English.
ALTER TABLE guild_settings ADD COLUMN language TEXT;
