"""Every word the page shows: the strings of each language, the rules' text, the sentences.

What belongs here: words and the pure Python that puts them together (i18n and strings_*, the
rules in rules_*, the sentences of messages.py, the levels' words). Why apart: a translator
or a proof-reader finds every word in one place, and none of it knows a table, a screen or the
page, so each sentence is tested in CPython (tests/unit/test_layers.py: text/ imports nothing
else of kabale.web). The words of the Hint and its review live with them in coach/.
"""
