"""Typed play in chat: router, pacing, live messages."""
