-- 0022: a server's own word list has a language (issue 44, point 5): declared at upload
-- (/lists upload language:, wordbot lists add --language), the server's language by default.
-- The list is read and played by that language's letters (solvers/list_language.py); its words
-- are stored as the language writes them (UTF-8, so 'élève'). Every list stored before is
-- English, as it was read.
ALTER TABLE guild_word_lists ADD COLUMN language TEXT NOT NULL DEFAULT 'en'
    CHECK (language IN ('en', 'fr', 'de', 'es'));
