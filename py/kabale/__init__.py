"""Kabale: the rules engine of three card games, in pure Python.

Nothing in this package outside ``kabale.web`` touches the browser: the same
code runs in CPython (tests, command line, benchmarks) and in Pyodide.
"""

__version__ = "0.1.0"
