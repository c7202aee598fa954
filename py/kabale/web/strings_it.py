"""Italiano: le parole della pagina (the keys of strings_en.py)."""

STRINGS_IT: dict[str, str] = {}
