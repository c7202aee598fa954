"""Le regole in italiano (the same sections as the English text of rules_text.py)."""

from __future__ import annotations

RULES_IT: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {}
