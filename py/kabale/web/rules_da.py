"""Reglerne på dansk (the same sections as the English text of rules_text.py)."""

from __future__ import annotations

RULES_DA: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {}
