"""What a table shows, as plain values: the view models, every card's face, what a pick can play.

What belongs here: the view models of the three games (view_models.py), what lies on the felt
(felt_views.py), a card face's drawing and corner (faces.py) and which cards and packets a
player's pick may play (selection.py). Why apart: they are made from the game and the table's
choices and decide everything a table shows, yet draw nothing, so they are tested in CPython
against the engines; the tables (tables/) and the coach (coach/) only draw them. They import
no screen, table or page module (tests/unit/test_layers.py).
"""
