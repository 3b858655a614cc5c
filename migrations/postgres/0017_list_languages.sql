-- PostgreSQL 0017: SQLite's 0022, a server's own word list has a language (issue 44, point 5):
-- declared at upload, the server's language by default; every list stored before is English.
ALTER TABLE guild_word_lists ADD COLUMN language TEXT NOT NULL DEFAULT 'en'
    CHECK (language IN ('en', 'fr', 'de', 'es'));
