"""How strong each level is, as measured: the figures the KABALAM set-up shows a person.

From the ladder (bench/bots.py) as recorded in the closing note of issue 8 (and
quoted in issue 16): two-player matches, 1,100 per pair of bots (each deal
played twice, once with each bot starting), the hard bot and the cheater
thinking 1,000 playouts a decision (the table's 150 ms buy the hard bot more,
so if anything these under-rate the table's hard computer). The cheater sees
every card; it exists only in bench/ as a measuring stick. Nothing here is
estimated: change a figure only with a new run of the ladder.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Ladder", "LADDER"]


@dataclass(frozen=True)
class Ladder:
    """Win rates of whole two-player matches (a shared title counts half)."""

    matches: int  # per pair of bots
    playouts: int  # the hard bot's (and the cheater's) per decision
    normal_beats_easy: float
    hard_beats_normal: float
    hard_beats_normal_interval: tuple[float, float]  # 95% (Wilson)
    hard_beats_cheater: float
    #: The expert (kabale.bots.expert, thinking twice the hard bot's playouts), from its own runs of
    #: bench/bots.py recorded in its docstring: against hard at 100 playouts a decision, against the
    #: cheater at the ladder's 1,000.
    expert_beats_hard: float
    expert_beats_hard_matches: int
    expert_beats_cheater: float
    expert_beats_cheater_matches: int


LADDER = Ladder(
    matches=1100, playouts=1000, normal_beats_easy=0.718, hard_beats_normal=0.9855,
    hard_beats_normal_interval=(0.9765, 0.991), hard_beats_cheater=0.141,
    expert_beats_hard=78 / 120, expert_beats_hard_matches=120,
    expert_beats_cheater=31 / 160, expert_beats_cheater_matches=160,
)
