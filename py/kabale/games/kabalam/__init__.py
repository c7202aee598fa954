"""KABALAM, for 2, 3 or 4 players (RULES.md section 2; its rulings in section 5).

Where each rule lives:

* the plays themselves (the target, a Bare Descent, a Double, the flip, the
  options, a move's text) are the Kabala's, shared with Patience Kabalam:
  :mod:`kabale.games.kabala` says where each is;
* :mod:`kabale.games.kabalam.fast` (``SimHand``): the rules themselves, on
  values only: the engine's core, which the hand, the bots' playouts and the
  cheater all play on. What a player may do (``legal_moves``: play while she
  can, yield, pass; the Doubles held, ``doubles_held``), the play and its flip
  (``play``), the pass and out with thirteen with its ``OUT_WITH_THIRTEEN_POINTS``
  (``pass_flip``), the order of play (``seats_after``, ``next_seat``), the draw
  at the start of a turn (``begin_turn``), closing, the empty draw pile and the
  scores (``end_closed``, ``end_scores``); the next target is the Kabala's
  ``targets_of``;
* :mod:`kabale.games.kabalam.hand` (``KabalamHand``): one hand for players, a
  checked layer over the core. The deck and the deal (``KabalamHand.deal``),
  the cards with their suits, the history, the reasons a move is refused;
  ``push``/``pop``, ``copy``, ``key``, ``outcome``;
* :mod:`kabale.games.kabalam.state`: the values around a hand. The seats and
  their order (``SEATS``), the endings and a hand's scores (``HandResult``),
  a stored position (``KabalamPosition``) and what each player knows
  (``KabalamObservation``, RULES.md "What each player knows");
* :mod:`kabale.games.kabalam.match` (``Match``): hands until one total passes
  101, who starts each hand, the Great Kabalist, and each hand's seed;
* tests/unit/test_bots_sim.py plays the core in lock-step with the hand's cards.

The computer's players are in :mod:`kabale.bots`, above the rules. This package
imports nothing itself, so importing one of its modules loads only what that
module needs.
"""
