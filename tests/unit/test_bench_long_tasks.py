"""bench/long_tasks.py sorts the page's long tasks by when they started: before the ready marker
is boot whatever the driver was doing, after it each task belongs to the driver's step in force,
and total blocking time counts only the part of each task over 50 ms."""

from __future__ import annotations

from long_tasks import blocking, sort_tasks


def test_a_task_before_the_ready_marker_is_boot_and_one_after_it_the_step_in_force() -> None:
    steps = [(0.0, "boot"), (5000.0, "hint"), (5400.0, "move"), (5500.0, "after")]
    long = [(100.0, 900.0), (3900.0, 120.0), (4200.0, 60.0), (5000.0, 300.0), (5450.0, 80.0), (9000.0, 51.0)]
    by_phase, by_step, tasks = sort_tasks(long, steps, ready=4000.0)
    assert by_phase == {"boot": [900.0, 120.0], "play": [60.0, 300.0, 80.0, 51.0]}
    # after ready, before the driver's first step: "ready", counted as play
    assert by_step == {"boot": [900.0, 120.0], "ready": [60.0], "hint": [300.0], "move": [80.0], "after": [51.0]}
    assert tasks[3] == (300.0, 5000.0, "hint")  # a task starting as a step starts is that step's


def test_without_a_ready_marker_every_task_is_boot() -> None:
    by_phase, by_step, _ = sort_tasks([(10.0, 70.0), (9000.0, 55.0)], [(0.0, "boot"), (8000.0, "hint")], ready=None)
    assert by_phase == {"boot": [70.0, 55.0], "play": []} and list(by_step) == ["boot"]


def test_blocking_time_is_the_part_of_each_task_over_50_ms() -> None:
    assert blocking([120.0, 51.0, 60.5]) == {"count": 3, "longest_ms": 120.0, "tbt_ms": 81.5}
    assert blocking([]) == {"count": 0, "longest_ms": 0, "tbt_ms": 0}
