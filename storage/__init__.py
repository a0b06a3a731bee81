"""Persistence behind a small protocol (`storage.base.Store`); SQLite is the default backend."""
