"""The tables' Review, run through the app in CPython as in its worker (tests/unit/app_driver.py): what
the list and a jump say (each decision's move, its cost, the three costliest marked, the position
before a decision, read only, both moves marked), against the engine's review of the same record.

Why here: these checks read the view's words and marks (issue 29: "tests of what a view shows move
to CPython"); a case in the browser took 7-12 s (a page's start, the review in WebAssembly, a
locator's round trip per check), here 2-4 s. The browser keeps what needs a page
(tests/e2e/test_kabalam_review_table.py, tests/e2e/test_patience_review_table.py): that its Pyodide
reviews as CPython does, the fit on a phone and at 1280x800, the focus, both rings, taps, the keys,
axe."""

from __future__ import annotations

import re
from typing import Any


from app_driver import Kabale, Shown, record, opened  # noqa: F401 (opened: a fixture)
from test_patience_app import greedy  # the most cards at once (as the patience's tests play)
from kabalam_review import played  # a match played by seeded bots (bench/kabalam_review.py)
from kabale.bots.review import TABLE_DEALS, TABLE_WORLDS, review_kabalam
from kabale.games.kabala.rules import Move
from kabale.games.kabalam.hand import KabalamHand
from kabale.games.kabalam.match import Match
from kabale.games.patience.rules import Patience
from kabale.games.patience.solver_review import review_patience
from kabale.web.coach.coach_text import move_words, points_text
from kabale.web.storage.saved import SavedMatch, SavedPatience, SeatPlan, TablePlan
from kabale.web.text.i18n import translate
from kabale.web.views.selection import play_cards

#: Match 6, three seats: South (the person) plays hand 1 at random, the two computers as normal
#: does: 39 moves, 10 decisions of South's, six with a cost; the match goes on.
SEED, SEATS = 6, 3
PLAN = TablePlan((SeatPlan("S", "you"), SeatPlan("W", "normal"), SeatPlan("N", "normal")))

#: Deal 10 played greedily: lost with the draw pile finished, 20 moves, 15 decisions, seven with a
#: cost, three of them charged (beyond the sampling noise) and four "as good" (1-3 worlds of 16).
DEAL = 10

RANKS = ["1st costliest", "2nd costliest", "3rd costliest"]


def english(key: str, **values: Any) -> str:
    return translate("en", key, **values)


# -- what the page is shown and told, read from the app's commands ------------------------------------


def drawn_since(kabale: Kabale, start: int) -> list[Shown]:
    """Every drawing of the view since the ``start``-th command, in order (a busy button drawn
    while the review thinks is drawn over before ``settle`` returns)."""
    drawings = [Shown.of(command[2]) for command in kabale.commands[start:] if command[0] == "render"]
    return [drawing for drawing in drawings if isinstance(drawing, Shown)]


def focused_since(kabale: Kabale, start: int) -> str | None:
    """The control (its data-key) Python last asked the page to focus since the ``start``-th command."""
    keys = [command[1] for command in kabale.commands[start:] if command[0] == "focus"]
    return keys[-1] if keys else None


def region(view: Shown, name: str) -> list[Shown]:
    """The sections named ``name``, by their aria-label or the words of the heading they are labelled by."""
    headings = {node.get("id"): node.words() for node in view.walk() if node.get("id")}
    return [node for node in view.all(tag="section")
            if node.get("aria-label") == name or headings.get(node.get("aria-labelledby")) == name]


def buttons(view: Shown, name: str) -> list[Shown]:
    return [node for node in view.all(tag="button") if node.name() == name]


def packet(view: Shown, number: int) -> Shown:
    """The ``number``-th packet of the Kabala (``.kabala .packet:nth-child(number)``)."""
    return view.one("kabala").children[number - 1]


def jump_buttons(view: Shown) -> list[Shown]:
    return view.all(tag="button", **{"data-action": "review-jump"})


def marked_costliest(view: Shown, costliest: list[dict[str, Any]]) -> list[Shown]:
    """The list marks these three costliest decisions (the engine's, in order), no other, with a
    jump to each at the top; the jumps, in that order (as tests/e2e/helpers.marked_costliest)."""
    for rank, marked in zip(RANKS, costliest):
        row = view.one("review-decision", **{"data-move": str(marked["move_number"])})
        assert row.one("review-rank").words() == rank
    assert len(view.one("review-list").all("review-rank")) == len(costliest)
    jumps = view.one("review-jumps").all(tag="button")
    assert [jump.words() for jump in jumps] == [f"{rank}: move {m['move_number']}" for rank, m in zip(RANKS, costliest)]
    return jumps


def review_pressed(kabale: Kabale) -> None:
    """Review pressed: its button says "Reviewing…" (busy) while the review thinks, then the list."""
    start = len(kabale.commands)
    kabale.click(buttons(kabale.view, "Review")[0])
    assert any("Reviewing…" in node.words() for drawing in drawn_since(kabale, start)
               for node in drawing.all("review-button", **{"aria-busy": "true"})), "no busy Review button was drawn"
    assert focused_since(kabale, start) == "review-list"  # the pressed button is gone: the list has the focus


def read_only(kabale: Kabale) -> None:
    """A card of the position shown is not picked up: the jump is read only."""
    kabale.click(next(node for node in kabale.view.one("mine").all(tag="button") if node.get("data-card")))
    assert [node for node in kabale.view.one("mine").all(tag="button")
            if node.get("data-card") and node.get("aria-pressed") == "true"] == []


def jump_by_keys(kabale: Kabale, jump: Shown) -> None:
    """Enter on a focused jump, as the page sends it: the key, then the click the browser makes of it."""
    kabale.key("Enter", jump)
    kabale.click(jump)


# -- KABALAM --------------------------------------------------------------------------------------------


def cost_shown(decision: dict[str, Any], worlds: int, brief: bool = True) -> str:
    """The cost as the English page writes it: within the sampling noise, not charged ("as good"
    in the list, where the unit line says why; in full in a jump)."""
    cost = decision["cost"]
    if cost > 0 and not decision["charged"]:
        return "as good" if brief else f"as good, as far as {worlds} deals tell"
    return "no cost" if cost <= 0 else f"−{points_text(cost, '.')} points"


def kabalam_table(opened: list[Kabale], match: Match, plan: TablePlan) -> Kabale:
    """The app opened on a saved table (the store's envelope, as the page writes it)."""
    kabale = Kabale(f"?game=kabalam&seed={match.seed}",
                    storage={"kabale:kabalam": record("kabalam", SavedMatch(plan, match).to_dict())})
    opened.append(kabale)
    return kabale


def test_the_kabalam_review_shows_the_engines_costs_marks_the_costliest_and_jumps(opened: list[Kabale]) -> None:
    """After hand 1 of match 6: the list is the engine's review of the same record (moves, costs,
    You/Hard, the summary, the unit), the three costliest marked with a jump each; the jump shows
    the hand before that decision as South saw it, the pills' totals as they stood, both moves
    marked and named, read only; Back, and Escape, return to the list; the next hand forgets it."""
    match = played(SEED, SEATS, 1)
    assert not match.is_over()
    kabale = kabalam_table(opened, match, PLAN)
    assert region(kabale.view, "Hand 1 is over")
    # the CPython review of the same record: the table's people, its hand, its budget, seed 0
    expected = review_kabalam(match, PLAN.persons, TABLE_WORLDS, 0, hands=(1,), deals=TABLE_DEALS)
    decisions = expected["decisions"]
    assert len(expected["costliest"]) == 3 and len(decisions) > 3
    review_pressed(kabale)
    view = kabale.view
    rows = view.one("review-list").all("review-decision")
    assert len(rows) == len(decisions)
    # every decision: its move number, the move made, hard's choice, the cost, in the engine's order
    assert [int(row.get("data-move") or 0) for row in rows] == [d["move_number"] for d in decisions]
    worlds = expected["worlds_per_decision"]
    costs = [node.words() for node in view.one("review-list").all("review-cost")]
    assert costs == [cost_shown(d, worlds) for d in decisions]
    for row, decision in zip(rows, decisions):
        you, computer = row.one("review-made").words(), row.one("review-hint").words()
        assert you.startswith("You: ") and computer.startswith("Hard: ")
        assert (you[len("You: "):] == computer[len("Hard: "):]) == (decision["made"] == decision["hard"])
    assert view.one("review-summary").words() == (
        f"{len(decisions)} decisions; {expected['as_good']} of them as good as the hard computer's choice, "
        f"as far as {worlds} deals can tell.")
    # what a cost is, in full and shortened for a phone (the style sheet shows one: the browser's tests)
    assert view.one("review-unit-long").words() == (
        "Cost: the points lost against the hard computer's choice, on average over "
        f"{worlds} possible deals of the unseen cards; a cost within what those deals can "
        "tell is not counted (“as good”).")
    assert view.one("review-unit-short").words() == \
        f"Cost: points lost against hard over {worlds} deals; “as good”: no clear loss."
    # the three costliest marked, in order, with a jump to each at the top
    jumps = marked_costliest(view, expected["costliest"])
    assert buttons(view, "Next hand")
    # jump to the second costliest: the hand before it, read only, as South saw it, both moves marked
    marked = expected["costliest"][1]["move_number"]
    decision = next(d for d in decisions if d["move_number"] == marked)
    start = len(kabale.commands)
    kabale.click(jumps[1])
    view = kabale.view
    assert view.all("hand-end") == []
    assert f"Move {marked} of the hand, before the decision" in view.one("review-at").words()
    assert view.one("turn-status").words() == f"Review · move {marked}"
    assert focused_since(kabale, start) == "review-back" and buttons(view, "Back to the review")
    hand_record = match.hand.to_dict() if match.hand else {}
    before = KabalamHand.from_dict({**hand_record, "moves": hand_record["moves"][:marked - 1]})
    seen = before.observation("S")
    assert [node.get("data-card") for node in view.one("mine").all(tag="button") if node.get("data-card")] == \
        [str(card) for card in seen.endowment]
    assert [node.get("data-card") for node in view.one("kabala").all("card") if "top" in node.classes] == \
        [str(card) for card in seen.face_up]
    # the seat pills show the totals as they stood at that decision: before the hand's points
    result = match.hand.result() if match.hand else None
    assert result is not None
    then = {seat: total - result.scores.get(seat, 0) for seat, total in match.totals.items()}
    assert then != match.totals  # the hand scored: a pill with the points after it would differ
    pills = [(node.get("data-seat") or "", node.one("seat-text").words()) for node in view.one("seats").all("seat")]
    assert sorted(seat for seat, _ in pills) == sorted(then)
    for seat, text in pills:
        assert text.endswith(f", {then[seat]} points"), (seat, text)
    made, hard = Move.from_text(decision["made"]), Move.from_text(decision["hard"])
    for name, move in (("made", made), ("hinted", hard)):
        if move.packet:
            assert name in packet(view, move.packet).classes
        if move.kind in ("bare", "double"):
            places = [int(node.get("data-index") or 0) for node in view.one("mine").one("endowment").all(tag="button")
                      if name in node.classes]
            assert places == play_cards(seen.endowment, move)
    # the cost goes with the player's own move, not hard's; a legend names the two outlines
    at = view.one("review-at")
    assert at.one(tag="p", **{"class": "review-made"}).words() == \
        f"You: {move_words(made, english)} · {cost_shown(decision, worlds, brief=False)}"
    assert at.one(tag="p", **{"class": "review-hint"}).words() == f"Hard: {move_words(hard, english)}"
    assert at.one("review-legend").words() == "Gold outline: your move · blue: the hard computer's"
    read_only(kabale)
    start = len(kabale.commands)
    kabale.click(buttons(kabale.view, "Back to the review")[0])
    view = kabale.view
    assert len(view.one("review-list").all("review-decision")) == len(decisions)
    for seat, total in match.totals.items():  # back at the hand's end: the points after it
        assert f", {total} points" in view.one("seat", **{"data-seat": seat}).one("seat-text").words()
    assert region(view, "Hand 1 is over")
    assert focused_since(kabale, start) == f"review-jump-{marked}"  # back where the jump was taken
    # by the keyboard: Enter on the jump, Escape back
    jump_by_keys(kabale, jump_buttons(kabale.view)[1])
    assert f"Move {marked} of the hand" in kabale.view.one("review-at").words()
    start = len(kabale.commands)
    kabale.key("Escape", buttons(kabale.view, "Back to the review")[0])
    assert kabale.view.all("review-at") == [] and focused_since(kabale, start) == f"review-jump-{marked}"
    # the next hand forgets the review
    kabale.click(buttons(kabale.view, "Next hand")[0])
    assert [node.words() for node in kabale.view.all(tag="h2")] == ["KABALAM · Hand 2"]
    assert kabale.view.all("review") == []


def test_the_end_of_a_match_reviews_its_last_hand(opened: list[Kabale]) -> None:
    """Match 1 for two seats ends in hand 3, a long one (32 decisions of South's): the review
    shares its deals out (fewer per decision), and its list is that hand's, as CPython's."""
    match = played(1, 2, None)
    assert match.is_over() and match.hand_number == 3
    kabale = kabalam_table(opened, match, TablePlan((SeatPlan("S", "you"), SeatPlan("W", "normal"))))
    end = region(kabale.view, "The match is over")
    assert len(end) == 1
    expected = review_kabalam(match, ("S",), TABLE_WORLDS, 0, hands=(3,), deals=TABLE_DEALS)
    assert expected["worlds_per_decision"] < TABLE_WORLDS
    kabale.click(buttons(end[0], "Review")[0])
    view = kabale.view
    assert len(view.one("match-end").one("review-list").all("review-decision")) == len(expected["decisions"])
    assert [node.words() for node in view.one("review-list").all("review-cost")] == [
        cost_shown(d, expected["worlds_per_decision"]) for d in expected["decisions"]]
    assert len(view.one("review-list").all("review-rank")) == len(expected["costliest"])
    assert f"over {expected['worlds_per_decision']} possible deals" in view.one("review-unit").words()
    assert buttons(region(view, "The match is over")[0], "New match")


# -- the patience ----------------------------------------------------------------------------------------


def finished_game() -> Patience:
    game = Patience.deal(DEAL)
    while not game.is_over():
        game.apply(greedy(game))
    return game


def percent(cost: float) -> str:
    """The cost as the English page writes it: exact percent points (costs are 16ths)."""
    return "no cost" if cost <= 0 else f"win chance −{cost * 100:g}%"


def cost_column(decision: dict[str, Any]) -> str:
    """The list's cost column: a cost within the sampling noise reads "as good", not charged."""
    return "as good" if decision["cost"] > 0 and not decision["charged"] else percent(decision["cost"])


def test_the_patience_review_shows_the_engines_costs_marks_the_costliest_and_jumps(opened: list[Kabale]) -> None:
    """A saved, finished game of deal 10: the list is the engine's review of it (moves, costs, the
    summary, You/Hint), the three costliest marked, none within the noise; the jump to the costliest
    shows the position before it, both moves marked and named, read only; Back, and Escape, return."""
    game = finished_game()
    kabale = Kabale(f"?game=patience&seed={DEAL}",
                    storage={"kabale:patience": record("patience", SavedPatience(game, counted=True).to_dict())})
    opened.append(kabale)
    assert "the draw pile is finished" in kabale.view.one("game-end").words()
    expected = review_patience(game)  # the CPython review of the same record (its defaults, seed 0)
    assert len(expected["costliest"]) == 3
    uncharged = [d for d in expected["decisions"] if d["cost"] > 0 and not d["charged"]]
    assert uncharged and all(not d["costliest"] for d in uncharged)  # costs within the noise: not marked
    review_pressed(kabale)
    view = kabale.view
    rows = view.one("review-list").all("review-decision")
    assert len(rows) == len(expected["decisions"])
    # every decision: its move number and its cost, in the engine's order
    assert [int(row.get("data-move") or 0) for row in rows] == [d["move_number"] for d in expected["decisions"]]
    costs = [node.words() for node in view.one("review-list").all("review-cost")]
    assert costs == [cost_column(d) for d in expected["decisions"]]
    assert "as good" in costs and any(cost.startswith("win chance −") for cost in costs)
    assert view.one("review-summary").words() == (
        f"{len(expected['decisions'])} decisions; {expected['as_good']} of them as good as the hint's choice, "
        "as far as 16 deals can tell.")
    # a move the player made as the hint would have is named the same in both columns
    for row, decision in zip(rows, expected["decisions"]):
        you, computer = row.one("review-made").words(), row.one("review-hint").words()
        assert you.startswith("You: ") and computer.startswith("Hint: ")
        assert (you[len("You: "):] == computer[len("Hint: "):]) == (decision["made"] == decision["hint"])
    # the three costliest marked, in order, with a jump to each at the top
    jumps = marked_costliest(view, expected["costliest"])
    # jump to the costliest: the table at the position before it, read only, its two moves named
    costliest = expected["costliest"][0]["move_number"]
    start = len(kabale.commands)
    kabale.click(jumps[0])
    view = kabale.view
    assert view.all("game-end") == []
    assert f"Move {costliest}, before your decision" in view.one("review-at").words()
    assert focused_since(kabale, start) == "review-back"
    before = Patience.from_dict({**game.to_dict(), "moves": [], "redo": []})
    for move in game.moves[:costliest - 1]:
        before.apply(move)
    shown = [node.get("data-card") or "" for node in view.one("mine").all(tag="button") if node.get("data-card")]
    assert sorted(shown) == sorted(str(card) for card in before.endowment)
    assert [node.get("data-card") for node in view.one("kabala").all("card") if "top" in node.classes] == \
        [str(card) for card in before.face_up]
    # the two moves marked on the table: the move made's packet, the hint's packet
    decision = next(d for d in expected["decisions"] if d["move_number"] == costliest)
    made = game.moves[costliest - 1]
    hint = next(move for move in before.legal_moves() if str(move) == decision["hint"])
    assert made.packet and hint.packet and made != hint
    assert "made" in packet(view, made.packet).classes and "hinted" in packet(view, hint.packet).classes
    # the cost goes with the player's own move, not the hint's; a legend names the two outlines
    at = view.one("review-at")
    assert re.fullmatch(r"You: .+ · " + re.escape(percent(decision["cost"])),
                        at.one(tag="p", **{"class": "review-made"}).words())
    assert re.fullmatch(r"Hint: [^·]+", at.one(tag="p", **{"class": "review-hint"}).words())
    assert at.one("review-legend").words() == "Gold outline: your move · blue: the hint's"
    read_only(kabale)
    start = len(kabale.commands)
    kabale.click(buttons(kabale.view, "Back to the result")[0])
    assert len(kabale.view.one("review-list").all("review-decision")) == len(expected["decisions"])
    assert kabale.view.all("game-end") and focused_since(kabale, start) == f"review-jump-{costliest}"
    # by the keyboard: Enter on the jump, Escape back to the list (as in KABALAM's review)
    jump_by_keys(kabale, jump_buttons(kabale.view)[0])
    assert f"Move {costliest}, before your decision" in kabale.view.one("review-at").words()
    start = len(kabale.commands)
    kabale.key("Escape", buttons(kabale.view, "Back to the result")[0])
    assert kabale.view.all("review-at") == []
    assert len(kabale.view.one("review-list").all("review-decision")) == len(expected["decisions"])
    assert focused_since(kabale, start) == f"review-jump-{costliest}"
