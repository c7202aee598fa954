"""The coach at the tables: each table's Hint and the review of a finished game, and their words.

What belongs here: the Hint and Review thought in slices (sliced_hint.py, sliced_review.py), the
two Kabala tables' shared Hint (kabala_hint.py), each game's Hint and Review mixed into its table
(kabalam_coach.py, kabalam_review.py, patience_hint.py, patience_review.py), and what they say
(coach_text.py, double_h_hint.py). Why apart: the coach is a feature of its own over the solvers
and bots, read and changed apart from how a table plays; a table mixes it in, and the coach
never imports a table (tests/unit/test_layers.py).
"""
