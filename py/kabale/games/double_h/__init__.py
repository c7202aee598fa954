"""Double H, the Danish two-H patience, one player (RULES.md section 4; its rulings in section 5).

Where each rule lives:

* :mod:`kabale.games.double_h.moves`: the layout's 26 places (``PLACES``,
  ``Place``: two H of 13, a value each; ``PLACE_VALUES`` by index), the three
  rounds (``LAST_ROUND``), the parking rule (``parks_on``, which the rules, the
  end test and the solver all ask) and the moves with their text both ways
  (``Move``, ``MoveKind``);
* :mod:`kabale.games.double_h.core` (``Model``): the rules on values only, each
  written once: the state, the one move generator (``Model.moves``; the draw,
  the new round, the builds, the parkings, the turn-overs and the empty places,
  listed in the engine's order by ``Model.actions``), a move's effect
  (``Model.play``), won and lost (``is_won``, ``is_lost``);
* :mod:`kabale.games.double_h.rules` (``DoubleH``): the game a player plays, a
  checked layer over the core. The deck and the deal (``DoubleH.deal``), the
  position as a state of the core's Model, the legal moves (the core's, as
  ``Move`` values), playing one through the core with the history to undo and
  redo, the reason a move is refused (``check``: ``_refuse_draw``,
  ``_refuse_next_round``, ``_refuse_turn`` for the yellow piles,
  ``_refuse_card`` for a build, a parking or a move to an empty place), the
  result, what the player sees (``observation``) and what the table draws
  (``facts``);
* :mod:`kabale.games.double_h.end` (``is_dead_end``): the exact "lost" test,
  that no parking of the movable cards lets the game go on (RULES.md
  section 4, "End"), which the core asks;
* :mod:`kabale.games.double_h.solver`: what the search explores (``Space``,
  whose ``scored`` only ranks the core's moves, and the classes of reversible
  parkings); it is the solver layer, above the rules, and :mod:`kabale.solver`
  calls it.

This package imports nothing itself, so importing the rules does not load the
solver.
"""
