"""Dansk: sidens ord (the keys of strings_en.py)."""

STRINGS_DA: dict[str, str] = {}
