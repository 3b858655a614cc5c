"""The one error every part of the database raises for a database that cannot be used as it is."""

from __future__ import annotations


class StoreError(RuntimeError):
    """The database cannot be used as it is; the message says why and what to do."""
