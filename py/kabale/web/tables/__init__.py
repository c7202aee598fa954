"""The three tables (KABALAM, Patience Kabalam, Double H), their shared shell and their drawing.

What belongs here: the shell every table shares (table_shell.py), what the two Kabala tables do
alike (kabala_table.py, kabala_view.py), each game's table (table_*.py), the table of each
patience by its game's name (solitaires.py), the drawings a table keeps between redraws
(kept.py), cards drawn as elements (render.py) and the Hint's solver imported ahead (ahead.py).
Why apart: a table is the screen a player spends the game on; everything that plays and draws
it is here, over the view models (views/) and the coach (coach/) it mixes in. Only the app
above opens a table; each table's module is imported when its game is opened, not at start.
"""
