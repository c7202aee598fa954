"""The normal opponent: greedy, with a sensible eye for the next target.

It remembers nothing: it sees its own cards and the three face-up cards, as a
casual player at a real table does. For each legal play it weighs

* the points it sheds now (points are bad; a Bare Descent of all its cards of
  the target's value sheds most), and a little for each card it sheds;
* the chance it can go on playing: the packet it plays on shows an unknown card
  after the flip (it does not remember packets), drawn from the cards it has
  not got and cannot see; the two packets it leaves alone keep their faces.

Playing its last card (closing) beats everything. When it must pass it flips
the packet whose unknown next card most likely leaves the next player a target
that is hard to play on. With free yield it still plays while it can.
"""

from __future__ import annotations

from kabale.bots.base import SteppingBot, Thinking, check_turn
from kabale.games.kabala.rules import Move
from kabale.games.kabalam.fast import digital_root, has_play
from kabale.games.kabalam.state import KabalamObservation

__all__ = ["NormalBot", "PLAYABLE"]

#: How likely a hand of 11 random cards can play on each target 1..9 (index 0
#: unused), measured by sampling: low targets are the hard ones.
PLAYABLE = {
    False: (0.0, 0.753, 0.855, 0.907, 0.953, 0.973, 0.988, 0.994, 0.999, 0.999),
    True: (0.0, 0.998, 0.998, 0.998, 0.998, 0.998, 0.998, 0.998, 0.999, 0.999),
}
#: What going on playing is worth, in points shed now.
GO_ON = 6.0
#: What each card shed is worth beyond its points.
PER_CARD = 0.5


class NormalBot(SteppingBot):
    """Greedy: most points shed now, then the best chance to play on."""

    name = "normal"

    def think(self, observation: KabalamObservation) -> Thinking:
        yield from ()  # a generator that finishes at once
        check_turn(observation)
        return self.pick(observation)

    def pick(self, observation: KabalamObservation) -> Move:
        moves: tuple[Move, ...] = tuple(observation.legal_moves)
        if len(moves) == 1:
            return moves[0]
        compounded = observation.options.compounded_doubles
        counts = [0] * 10
        for card in observation.endowment:
            counts[card.value] += 1
        faces = [card.value for card in observation.face_up]
        unseen = [0.0] * 10
        for value in range(1, 10):
            unseen[value] = max(0, 8 - counts[value] - faces.count(value))
        total = sum(unseen) or 1.0
        chance = [share / total for share in unseen]
        top = sum(faces)
        best: list[Move] = []
        best_score = float("-inf")
        for move in moves:
            if move.kind == "bare" or move.kind == "double":
                score = self._play_score(move, counts, faces, top, chance, compounded)
            elif move.kind == "pass":
                packet = (move.packet or 1) - 1
                others = top - faces[packet]
                score = -sum(chance[v] * PLAYABLE[compounded][digital_root(others + v)] for v in range(1, 10))
            else:  # yield, offered beside plays only with free yield
                score = -1.0
            if score > best_score + 1e-9:
                best, best_score = [move], score
            elif score > best_score - 1e-9:
                best.append(move)
        return best[self.rng.randrange(len(best))]

    @staticmethod
    def _play_score(
        move: Move, counts: list[int], faces: list[int], top: int, chance: list[float], compounded: bool
    ) -> float:
        left = counts[:]
        for value in move.values:
            left[value] -= 1
        if not any(left):
            return 1e6  # closing
        others = top - faces[(move.packet or 1) - 1]
        go_on = sum(chance[v] for v in range(1, 10) if chance[v] and has_play(left, digital_root(others + v), compounded))
        return sum(move.values) + PER_CARD * len(move.values) + GO_ON * go_on
