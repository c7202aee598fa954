"""New match lists and deals as many seats as chosen, whatever match was saved before (issue 28, item 1).

A new player started a two-seat match, pressed New match and chose 4 players: the set-up kept
listing South and West only, and "Start the match" dealt a two-seat table, since the set-up took
its seats from the saved match's plan. The same after a reload.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from conftest import wait_ready  # type: ignore[import-not-found]
from helpers import INSTANT, saved_match, start_two_seat_match

SEAT_WORDS = {"S": "South", "W": "West", "N": "North", "E": "East"}


def choose_and_start(page: Page, count: int) -> None:
    page.get_by_role("radio", name=f"{count} players").check()
    for seat in "SWNE"[:count]:
        expect(page.get_by_label(f"Who sits {SEAT_WORDS[seat]}?")).to_be_visible()
    for seat in "SWNE"[count:]:
        expect(page.get_by_label(f"Who sits {SEAT_WORDS[seat]}?")).to_have_count(0)
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("region", name="KABALAM table")).to_be_visible()


@pytest.mark.parametrize("count, reload", [(4, False), (3, True)])
def test_new_match_deals_the_seats_chosen_after_a_saved_match(page: Page, base_url: str, count: int,
                                                              reload: bool) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_init_script(INSTANT)
    start_two_seat_match(page, base_url, seed=12)
    assert len(saved_match(page).plan.seats) == 2
    if reload:
        page.reload()
        wait_ready(page)
        expect(page.get_by_role("region", name="KABALAM table")).to_be_visible()
    page.get_by_role("button", name="New match").first.click()
    expect(page.get_by_role("heading", name="A new match of KABALAM")).to_be_visible()
    choose_and_start(page, count)
    saved = saved_match(page)
    assert [plan.seat for plan in saved.plan.seats] == list("SWNE"[:count])
    expect(page.locator(".kabalam-table, [data-seats]").first).to_have_attribute("data-seats", str(count))
