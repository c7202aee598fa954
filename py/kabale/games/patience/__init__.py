"""Patience Kabalam, one player (RULES.md section 3; its rulings in section 5).

Where each rule lives:

* the plays themselves (the target, a Bare Descent, a Double, the flip, the
  options, a move's text, out with thirteen's 13 cards) are the Kabala's,
  shared with KABALAM: :mod:`kabale.games.kabala` says where each is;
* :mod:`kabale.games.patience.core` (``Model``): the rules themselves, on a
  compact state of small ints: the game's core. What the player may do
  (``actions``: play, draw after a run of plays, pass and flip), the effect of
  each move (``play``: a play and its flip, the pass with its flip and draw,
  the draw of ``CARDS_PER_DRAW`` cards), winning and losing by themselves
  (``result``: ``WON``, ``OUT_WITH_THIRTEEN``, ``DRAW_PILE_FINISHED``);
* :mod:`kabale.games.patience.rules` (``Patience``): the game for a player, a
  checked layer over the core. The deck and the deal with its first draw
  (``Patience.deal``), the cards with their suits, the history and the reasons
  a move is refused, undo and redo from the deal, what the player sees
  (``observation``, ``PatienceObservation``), a stored position
  (``PatiencePosition``) and the result (``PatienceResult``);
  tests/unit/test_solver_patience.py plays the core in lock-step with the game;
* :mod:`kabale.games.patience.solver`: the solver's side, what the search
  explores on the core (``Space``); it is the solver layer, above the rules,
  and :mod:`kabale.solver` calls it;
* :mod:`kabale.games.patience.solver_honest`: the honest Hint, which knows
  only what the player has seen (the observation): it samples the unseen
  order, solves each sample and advises the move that wins the most.

This package imports nothing itself, so importing the rules does not load the
solver.
"""
