"""How far a cost measured over sampled worlds could be the worlds' luck: one rule for both reviews.

A review values every legal move in the same sampled worlds (paired), takes the
move with the best mean as the computer's choice and charges any other move the
difference. But that best is the best of several noisy means, so a small cost is
as likely the luck of the sampled worlds as a real loss: following the Hint got
a KABALAM move marked the costliest mistake (round 10's playthrough, deal 7). So a
cost is *charged* only beyond :data:`NOISE_SE` standard errors of the per-world
difference between the best move and the move made; within it, the move is "as
good, as far as the worlds tell". KABALAM's review (kabale.bots.coach, points per
world) and the patience's (kabale.games.patience.solver_honest, a world won or
lost) both use :func:`paired_noise`.
"""

from __future__ import annotations

import math
from typing import Sequence

__all__ = ["NOISE_SE", "paired_noise"]

#: How many standard errors of the paired difference a move's cost must pass before a review charges it.
#: About 2 is the usual 95% bound, and it matters: the review's "best" move is the best *mean* of
#: several noisy means, so a cost within a few standard errors is as likely to be the luck of the
#: sampled deals as a real loss. Deal 7 (the r10 playthrough, South's 8 decisions): a move valued
#: over 200 deals has a paired standard error of 5.6-6.0 points, over 24 deals 16.5-20.1; the
#: Hint's own moves cost 0.48 and 2.24 at 200 deals (2.0 and 4.9 at 24): noise, not a mistake.
NOISE_SE = 2.0


def paired_noise(differences: Sequence[float]) -> float:
    """:data:`NOISE_SE` standard errors of the mean of ``differences`` (one per world: the best
    move's value there minus the move made's), by the sample's own variance; 0 for fewer than
    two worlds, where no spread can be told. A difference that is the same in every world
    (every world lost by the move made, say) has no noise: it is all real."""
    n = len(differences)
    if n < 2:
        return 0.0
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return NOISE_SE * math.sqrt(variance / n)
