"""The Kabala: what KABALAM and Patience Kabalam share (RULES.md sections 2, 3 and 5).

Both games play the same plays on the same three packets, so those rules are
written once, in :mod:`kabale.games.kabala.rules`, and the two games'
packages (:mod:`kabale.games.kabalam`, :mod:`kabale.games.patience`) import them:

* the compounded sum (RULES.md section 1): ``kabale.cards.compounded_sum`` and
  its table ``COMPOUNDED_SUMS`` (the one definition every game uses);
* the target, the compounded sum of the three face-up cards, now and after
  each packet's flip (its bottom card comes up): ``targets_of``, on values;
* a Bare Descent and a Double, and which pairs make a Double with or without
  the *compounded Doubles* option: ``check_play``, ``check_double``,
  ``double_pairs`` and ``PAIRS`` (which plays an endowment holds is each
  game's core: :mod:`kabale.games.kabalam.fast`, :mod:`kabale.games.patience.core`);
* laying the cards on a packet and flipping it: ``lay_down``;
* out with thirteen, the number of cards: ``OUT_WITH_THIRTEEN_CARDS``
  (what it costs is each game's: KABALAM's 100 points, the patience's loss);
* the options (*compounded Doubles*, *free yield*): ``Options``;
* a move and its text both ways: ``Move`` (``str(move)``, ``Move.from_text``);
* the public history and the memory aid (what shows after a packet's next
  flip): ``Event``, ``known_packets``, ``next_flip_cards``.

This package imports nothing itself, so importing one of its modules loads that
module alone.
"""
