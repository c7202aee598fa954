"""What Kabale keeps between visits: the records, how each is checked when read back, the settings.

What belongs here: store.py (the one way to storage: versioned, validated, a bad record set
aside, never lost), saved.py (each record and its validator) and settings.py (the player's
choices, one record among them). Why apart: saved data must load in every later release, so
its rules sit in one place and know nothing of the page, screens or tables (tests/unit/
test_layers.py), and are tested in CPython. The browser's end, the worker's copy of localStorage,
is kabale.web.local_storage beside the page protocol it speaks.
"""
