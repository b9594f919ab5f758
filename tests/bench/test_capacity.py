"""The search of `online.rooms_per_process` (bench/capacity.py): upward by doubling, then bisected to STEP rooms,
over a stand-in for the paced games whose limit the test knows."""

from __future__ import annotations

from collections.abc import Callable

from bench.capacity import FIRST, STEP, search
from bench.online import Figures


def holding_up_to(limit: int, tried: list[int]) -> Callable[[int], tuple[bool, Figures | None]]:
    def tries(rooms: int) -> tuple[bool, Figures | None]:
        tried.append(rooms)
        return rooms <= limit, None
    return tries


def test_the_search_doubles_then_bisects_to_the_largest_count_that_held() -> None:
    tried: list[int] = []
    rooms, _ = search(holding_up_to(33, tried), budget_s=3600)
    assert rooms == 30 and tried == [10, 20, 40, 30, 35], tried
    for limit in (FIRST, 47, 160, 173):
        found, _ = search(holding_up_to(limit, []), budget_s=3600)
        assert found <= limit < found + STEP, (limit, found)


def test_a_process_that_cannot_hold_the_first_count_holds_none() -> None:
    tried: list[int] = []
    assert search(holding_up_to(FIRST - 1, tried), budget_s=3600)[0] == 0 and tried == [FIRST]


def test_the_search_stops_when_its_budget_runs_out() -> None:
    tried: list[int] = []
    assert search(holding_up_to(1000, tried), budget_s=0)[0] == 0 and tried == []
