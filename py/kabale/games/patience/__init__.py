"""Patience Kabalam, one player (RULES.md section 3; its rulings in section 5).

Where each rule lives:

* the plays themselves (the target, a Bare Descent, a Double, the flip, the
  options, a move's text, out with thirteen's 13 cards) are the Kabala's,
  shared with KABALAM: :mod:`kabale.games.kabala` says where each is;
* :mod:`kabale.games.patience.rules` (``Patience``): the game. The deck and
  the deal with its first draw (``Patience.deal``), what the player may do
  (``legal_moves``: play, draw after a run of plays, pass and flip), the play
  (``_play``), the pass with its flip and draw (``_pass``), the draw of
  ``CARDS_PER_DRAW`` cards (``_draw_move``, ``_draw``), winning and losing by
  themselves (``_settle``: ``WON``, ``OUT_WITH_THIRTEEN``,
  ``DRAW_PILE_FINISHED``), undo and redo from the deal, what the player sees
  (``observation``, ``PatienceObservation``), a stored position
  (``PatiencePosition``) and the result (``PatienceResult``);
* :mod:`kabale.games.patience.solver`: the solver's side, the same rules on a
  compact state of small ints (``Model``, lock-step tested against the game in
  tests/unit/test_solver_patience.py) and what the search explores
  (``Space``); it is the solver layer, above the rules, and
  :mod:`kabale.solver` calls it;
* :mod:`kabale.games.patience.solver_honest`: the honest Hint, which knows
  only what the player has seen (the observation): it samples the unseen
  order, solves each sample and advises the move that wins the most.

This package imports nothing itself, so importing the rules does not load the
solver.
"""
