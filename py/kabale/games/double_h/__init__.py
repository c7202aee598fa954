"""Double H, the Danish two-H patience, one player (RULES.md section 4; its rulings in section 5).

Where each rule lives:

* :mod:`kabale.games.double_h.moves`: the layout's 26 places (``PLACES``,
  ``Place``: two H of 13, a value each; ``PLACE_VALUES`` by index), the three
  rounds (``LAST_ROUND``), the parking rule (``parks_on``, which the rules, the
  end test and the solver all ask) and the moves with their text both ways
  (``Move``, ``MoveKind``);
* :mod:`kabale.games.double_h.rules` (``DoubleH``): the game. The deck and the
  deal (``DoubleH.deal``), each move's rule with the reason a move is refused
  (``check``: ``_check_draw``, ``_check_next_round``,
  ``_check_turn`` for the yellow piles, ``_check_card`` for a build, a
  parking or a move to an empty place), the moves there are
  (``legal_moves``), playing and undoing one (``_do``, ``_undo``), won and
  lost (``is_won``, ``is_lost``, ``result``), what the player sees
  (``observation``) and what the table draws (``facts``);
* :mod:`kabale.games.double_h.end` (``is_dead_end``): the exact "lost" test,
  that no parking of the movable cards lets the game go on (RULES.md
  section 4, "End");
* :mod:`kabale.games.double_h.solver`: the solver's side, the same rules on a
  compact state of small ints (``Model``, lock-step tested against the game in
  tests/unit/test_solver_double_h.py; ``Model.moves`` is its one move
  generator) and what the search explores (``Space``, whose ``scored`` only
  ranks the model's moves); it is the solver layer, above the rules, and
  :mod:`kabale.solver` calls it.

This package imports nothing itself, so importing the rules does not load the
solver.
"""
