"""Numbered SQL migrations: ``NNNN_name.sql``, append-only, applied in order by ``bot.store``."""
