"""The tables' view models (kabale.web.views.view_models), checked in CPython: what each table shows,
what is lit, what may be pressed, the bar's words and the result panel, from the game itself."""

from __future__ import annotations

import random
from functools import partial

import pytest

from kabale.games.double_h.moves import Move as DoubleHMove
from kabale.games.double_h.rules import DoubleH
from kabale.games.kabala.rules import Move
from kabale.games.kabalam.hand import KabalamHand
from kabale.games.kabalam.match import Match
from kabale.games.patience.rules import Patience
from kabale.web.text.i18n import translate
from kabale.web.text.messages import card_name, patience_event_text, short_cards
from kabale.web.views.felt_views import Reveal
from kabale.web.storage.saved import SEATS, DoubleHStats, PatienceStats, SeatPlan, TablePlan
from kabale.web.views.selection import pass_packets, play_cards, playable_cards, playable_packets
from kabale.web.views.felt_views import HINTED, Mark
from kabale.web.views.view_models import ScoreRow, double_h_view, kabalam_view, patience_view, seat_name, seat_place

EN = partial(translate, "en")
DRAW = Move.draw()


def greedy(game: Patience) -> Move:
    legal = game.legal_moves()
    plays = [move for move in legal if move.is_play]
    return max(plays, key=lambda move: (move.count, -(move.packet or 0))) if plays else legal[0]


# -- Patience Kabalam -----------------------------------------------------------------------------------


def test_a_fresh_patience_shows_its_deal_and_nothing_to_take_back() -> None:
    game = Patience.deal(42)
    view = patience_view(game, PatienceStats(), EN)
    assert (view.bar.title, view.bar.deal) == ("Patience Kabalam", "Deal 42")
    assert [button.action for button in view.bar.buttons] == ["rules", "restart", "new-deal"]
    assert view.bar.status is None
    assert view.undo.disabled and view.redo.disabled
    assert view.result is None
    assert view.draw_pile == EN("draw_pile", count=game.draw_pile_size)
    assert view.endowment_heading == EN("endowment.heading", count=len(game.endowment))
    assert view.stats == "Statistics: " + EN("patience.stats_line", played=0, won=0, rate="0%", streak=0, best=0)
    assert view.log == tuple(line for line in (patience_event_text(e, EN) for e in game.history) if line)  # the deal


@pytest.mark.parametrize("seed", range(8))
def test_the_prompt_the_draw_button_and_the_lit_packets_follow_the_rules(seed: int) -> None:
    game, rng = Patience.deal(seed), random.Random(seed)
    for _ in range(30):
        if game.is_over():
            break
        observation = game.observation()
        legal = observation.legal_moves
        selected = frozenset(rng.sample(range(len(observation.endowment)), min(2, len(observation.endowment))))
        view = patience_view(game, PatienceStats(), EN, selected, playable_setting=True)
        picked = [observation.endowment[i] for i in sorted(selected)]
        assert view.lit == playable_packets(picked, legal, observation.target)
        assert view.passable == pass_packets(legal)
        assert view.playable == playable_cards(observation.endowment, legal)
        assert (view.draw is not None) == (DRAW in legal)
        assert view.prompt is not None
        if view.passable:
            assert view.prompt.text == EN("patience.pass_prompt") and not view.prompt.live
        elif view.lit:
            assert view.prompt.live and view.prompt.text.startswith("Picked up")
        assert patience_view(game, PatienceStats(), EN, selected).playable == frozenset()  # the setting is off
        game.apply(rng.choice(legal))


def test_undo_and_redo_are_offered_when_the_game_has_them() -> None:
    game = Patience.deal(42)
    game.apply(greedy(game))
    view = patience_view(game, PatienceStats(), EN)
    assert not view.undo.disabled and view.redo.disabled
    assert view.log  # the play is in the log
    game.undo()
    view = patience_view(game, PatienceStats(), EN)
    assert view.undo.disabled and not view.redo.disabled


def test_a_won_patience_shows_the_result_with_a_new_deal() -> None:
    game = Patience.deal(42)
    while not game.is_over():
        game.apply(greedy(game))
    result = game.result()
    assert result is not None and result.won
    view = patience_view(game, PatienceStats(1, 1, 1, 1), EN)
    assert view.result is not None
    assert (view.result.classes, view.result.heading) == ("game-end won", "You won! Your endowment is empty.")
    assert view.result.heading_id == "result-heading" and view.result.actions_class == "result-actions"
    assert [(b.action, b.primary) for b in view.result.actions] == [("new-deal", True)]
    assert view.prompt is None and view.draw is None
    assert view.stats.endswith("Played 1, won 1 (100%), streak 1, best streak 1")
    # a review's jump to an earlier position is shown read only: no prompt, no draw, no result
    jumped = patience_view(Patience.deal(42), PatienceStats(), EN, jumped=True)
    assert (jumped.prompt, jumped.draw, jumped.result) == (None, None, None)


def test_the_words_follow_the_language() -> None:
    game = Patience.deal(7)
    english, danish = patience_view(game, PatienceStats(), EN), patience_view(game, PatienceStats(), partial(translate, "da"))
    assert english.bar.deal != danish.bar.deal and english.undo.label != danish.undo.label


# -- Double H ------------------------------------------------------------------------------------------------


def test_a_fresh_double_h_shows_its_round_its_stock_and_no_result() -> None:
    game = DoubleH.deal(5)
    facts = game.facts()
    view = double_h_view(facts, DoubleHStats(), EN, seed=5, moves_made=0, can_undo=False, can_redo=False,
                         over=False, vetted_s=1.25)
    assert (view.bar.title, view.bar.deal) == ("Double H", "Deal 5")
    assert view.round == EN("dh.round", round=1, bonus=facts.bonus)
    assert view.stock_label == EN("dh.stock_label", count=facts.stock_count)
    assert view.waste_label == EN("dh.waste_empty")
    assert view.undo.disabled and view.redo.disabled and not view.hint.disabled and not view.give_up.disabled
    assert view.next_round is None and view.result is None and not view.won
    assert view.feedback.vetted == EN("dh.vetted", seed=5, seconds="1.2")  # the vetting, until the first move
    game.apply(DoubleHMove.draw())
    after = double_h_view(game.facts(), DoubleHStats(), EN, seed=5, moves_made=1, can_undo=True, can_redo=False,
                          over=False, vetted_s=1.25)
    assert after.feedback.vetted is None and not after.undo.disabled
    assert after.waste_label == EN("dh.waste_label", card=card_name(game.waste[-1], EN), count=1)


def test_double_h_s_feedback_says_the_hint_the_verdict_and_the_refusal() -> None:
    game = DoubleH.deal(5)
    base = dict(seed=5, moves_made=0, can_undo=False, can_redo=False, over=False)
    view = double_h_view(game.facts(), DoubleHStats(), EN, **base, thinking=True, hint="ignored")  # type: ignore[arg-type]
    assert view.feedback.hint == EN("dh.thinking")
    view = double_h_view(game.facts(), DoubleHStats(), EN, **base, hint="Draw.", verdict="yes",  # type: ignore[arg-type]
                         message="No.", notice="Played.")
    assert (view.feedback.hint, view.feedback.refusal, view.feedback.notice) == ("Draw.", "No.", "Played.")
    assert view.feedback.verdict is None  # the option is off
    view = double_h_view(game.facts(), DoubleHStats(), EN, **base, verdict="no", still_winnable=True)  # type: ignore[arg-type]
    assert view.feedback.verdict == ("verdict no", EN("dh.winnable.no"))


def test_a_game_given_up_offers_the_turning_point_then_the_way_back() -> None:
    game = DoubleH.deal(5)
    game.apply(DoubleHMove.give_up())
    base = dict(seed=5, moves_made=1, can_undo=game.can_undo(), can_redo=False, over=True)
    view = double_h_view(game.facts(), DoubleHStats(), EN, **base)  # type: ignore[arg-type]
    assert view.result is not None
    assert (view.result.classes, view.result.heading) == ("game-end lost", EN("dh.gave_up"))
    assert [b.action for b in view.result.actions] == ["turning", "new-deal"]
    # the buttons in a row of their own, spaced as the patience's (they touched: "Where was it lost?New deal")
    assert view.result.actions_class == "result-actions"
    assert view.hint.disabled and view.give_up.disabled
    view = double_h_view(game.facts(), DoubleHStats(), EN, **base, turning="Lost at move 3.", turning_index=3)  # type: ignore[arg-type]
    assert view.result is not None
    assert view.result.lines == () and view.turning == "Lost at move 3."
    assert [b.action for b in view.result.actions] == ["turning-go", "new-deal"]
    view = double_h_view(game.facts(), DoubleHStats(), EN, **base, turning="Never winnable.")  # type: ignore[arg-type]
    assert view.result is not None and [b.action for b in view.result.actions] == ["new-deal"]


# -- KABALAM ------------------------------------------------------------------------------------------------


def plan_of(*kinds: str) -> TablePlan:
    return TablePlan(tuple(SeatPlan(seat, kind) for seat, kind in zip(SEATS, kinds)))


def play_hand_out(match: Match, rng: random.Random) -> None:
    hand = match.hand
    assert hand is not None
    while not hand.is_over():
        match.apply(rng.choice(hand.legal_moves()), hand.turn)


def test_the_seats_sit_around_the_felt_as_seen_from_the_device() -> None:
    seats = ("S", "W", "N", "E")
    assert [seat_place(seats, "S", seat) for seat in seats] == ["me", "left", "top", "right"]
    assert [seat_place(seats, "N", seat) for seat in seats] == ["top", "right", "me", "left"]
    assert [seat_place(seats[:2], None, seat) for seat in seats[:2]] == ["me", "top"]  # nobody looks: South's view
    assert [seat_place(seats[:3], "W", seat) for seat in seats[:3]] == ["right", "me", "left"]


def test_a_fresh_four_seat_table_lights_the_seat_to_play_and_names_the_computer() -> None:
    match, plan = Match.start(11, 4), plan_of("you", "easy", "normal", "hard")
    hand = match.hand
    assert hand is not None and hand.turn is not None
    view = kabalam_view(match, plan, EN, looking="S", viewer="S")
    assert view.bar.title == "KABALAM · " + EN("table.hand", number=1) and view.bar.deal == "Deal 11"
    assert [button.action for button in view.bar.buttons] == ["rules", "new-match"]
    assert [seat.place for seat in view.seats] == ["me", "left", "top", "right"]
    assert [seat.seat for seat in view.seats if seat.turn] == [hand.turn]
    assert view.seats[0].fan is None and all(seat.fan == min(hand.observation("S").cards_held(seat.seat), 12)
                                             for seat in view.seats[1:])
    assert view.seats[0].classes.startswith("seat seat-me") and view.seats[0].classes.endswith(" me")
    assert seat_name(plan, "W", EN) == EN("computer", seat=EN("seat.W"), level=EN("level.easy"))
    assert seat_name(plan, "S", EN) == EN("you")
    if hand.turn == "S":
        assert view.my_turn and view.bar.status == EN("table.your_turn") and view.prompt is not None
    else:
        assert not view.my_turn and view.prompt is None and view.yield_ is None
        assert view.bar.status == EN("table.turn", name=seat_name(plan, hand.turn, EN))
    thinking = kabalam_view(match, plan, EN, looking="S", viewer="S", thinking="W")
    assert thinking.bar.status == EN("table.thinking", name=seat_name(plan, "W", EN))
    assert [seat.thinking for seat in thinking.seats] == [False, True, False, False]
    assert view.result is None and view.endowment_heading == EN("endowment.heading", count=len(hand.endowment("S")))


def test_nobody_looking_hides_the_cards_and_says_why() -> None:
    match, plan = Match.start(3, 2), plan_of("you", "person")
    view = kabalam_view(match, plan, EN, looking=None, persons_in_hand=("S", "W"))
    assert view.endowment_heading is None and view.mine_note == EN("endowment.hidden") and not view.my_turn
    assert kabalam_view(match, plan, EN, looking=None).mine_note == EN("endowment.watching")
    assert kabalam_view(match, plan, EN, looking="S", viewer="S", jump_number=4).bar.status == EN("kreview.bar", number=4)


def test_the_end_of_a_hand_shows_its_points_and_the_person_s_placing() -> None:
    match, plan = Match.start(5, 3), plan_of("you", "easy", "easy")
    play_hand_out(match, random.Random(5))
    assert not match.is_over()
    view = kabalam_view(match, plan, EN, looking="S", viewer="S")
    assert view.result is not None
    assert (view.result.kind, view.result.heading_id) == ("hand-end", "end-heading")
    assert view.bar.status == EN("end.hand_heading", number=1) == view.result.heading
    assert [(b.action, b.primary) for b in view.result.actions] == [("next-hand", True)]
    result = match.results[-1]
    assert [row.cells for row in view.scores] == [(str(result.scores.get(seat, 0)), str(match.totals[seat]))
                                                  for seat in ("S", "W", "N")]
    assert view.placing is not None and view.placing.startswith("You finished")
    assert view.prompt is None and view.yield_ is None
    # a review's jump shows the hand before a decision, read only: no end panel over it
    assert match.hand is not None
    record = match.hand.to_dict()
    before = KabalamHand.from_dict({**record, "moves": record["moves"][:2]})
    jumped = kabalam_view(match, plan, EN, hand=before, looking="S", viewer="S", jump_number=3)
    assert jumped.result is None and jumped.scores == () and jumped.bar.status == EN("kreview.bar", number=3)


def ended(seats: int, ending: str) -> Match:
    """A match whose first hand ended ``ending``, played by random players (the first seed that does)."""
    for seed in range(1, 400):
        match = Match.start(seed, seats)
        play_hand_out(match, random.Random(seed))
        result = match.results[-1]
        if result.ending == ending and not match.is_over() and (ending != "closed" or result.out_with_thirteen):
            return match
    raise AssertionError(f"no hand of {seats} ended {ending}")


@pytest.mark.parametrize("ending", ["closed", "all_passed"])
def test_the_end_of_a_hand_shows_each_seat_s_cards_left_and_what_they_cost(ending: str) -> None:
    """Issue 28, item 10: the end of a hand showed the points and no card; it said who closed
    over the log that said it too. Now each seat's row shows the cards left in its hand (named
    faces) and what they cost, the sum of their values: what the seat scored when another
    closed, twice that when everyone passed; the closer's row says it closed (the panel has no
    other line for it), and a seat out with thirteen keeps its cards unseen."""
    match, plan = ended(4, ending), plan_of("you", "easy", "normal", "hard")
    hand, result = match.hand, match.results[-1]
    assert hand is not None
    view = kabalam_view(match, plan, EN, looking="S", viewer="S")
    assert view.result is not None and view.score_head == (EN("end.cards_left"), EN("end.this_hand"), EN("end.total"))
    assert not any(line == EN("end.closed", name=seat_name(plan, seat, EN)) for line in view.result.lines
                   for seat in hand.seats)
    for seat, row in zip(hand.seats, view.scores):
        assert row.name == seat_name(plan, seat, EN) and row.left is not None
        assert row.cells == (str(result.scores[seat]), str(match.totals[seat]))
        if seat in result.out_with_thirteen:
            assert (row.left.cards, row.left.words) == ((), EN("end.out")) and result.scores[seat] == 100
        elif seat == result.closer:
            assert (row.left.cards, row.left.words) == ((), EN("end.closer")) and result.scores[seat] == 0
        else:
            held = hand.endowment(seat)
            assert held and [card.card for card in row.left.cards] == list(held)
            assert [card.words for card in row.left.cards] == [card_name(card, EN) for card in held]
            cost = sum(card.value for card in held)
            assert row.left.words == EN("end.cost", points=cost)
            assert result.scores[seat] == (cost if ending == "closed" else 2 * cost)
    if ending == "closed":
        assert result.closer is not None and result.out_with_thirteen
    # the match's end keeps its lines: its sheet has a row a hand, not a seat's cards
    assert all(row.left is None for row in kabalam_view(*finished(), EN, looking="S", viewer="S").scores)


def finished() -> tuple[Match, TablePlan]:
    match, rng = Match.start(9, 2), random.Random(9)
    while True:
        play_hand_out(match, rng)
        if match.is_over():
            return match, plan_of("you", "person")
        match.next_hand()


def test_while_a_play_is_shown_the_log_stops_at_the_play() -> None:
    """Issue 28, item 11: the engine flips the packet with the play; the table shows the play on
    the old card for a moment. The log said the flip meanwhile ("Packet 3 flipped: 6 of hearts"
    over the 8 of hearts); now its lines end with the play until the play turns over, and each
    line comes with the index of its event (the table says another seat's to a screen reader)."""
    match, plan = Match.start(3, 2), plan_of("you", "easy")
    hand = match.hand
    assert hand is not None
    while not any(move.kind in ("bare", "double") for move in hand.legal_moves()):
        match.apply(hand.legal_moves()[0], hand.turn)
    face_up, seat = hand.face_up, hand.turn
    play = next(move for move in hand.legal_moves() if move.kind in ("bare", "double"))
    match.apply(play, seat)
    history = hand.observation("S").history
    played = max(index for index, event in enumerate(history) if event.kind in ("bare", "double"))
    assert history[played + 1].kind == "flip"
    reveal = Reveal(play.packet, history[played].cards, "You", face_up[play.packet - 1])
    shown = kabalam_view(match, plan, EN, looking="S", viewer="S", reveal=reveal)
    flipped = kabalam_view(match, plan, EN, looking="S", viewer="S")
    flip_line = EN("log.flip", packet=play.packet, card=card_name(history[played + 1].cards[0], EN))
    assert flipped.log[len(shown.log)] == flip_line and flip_line not in shown.log
    assert shown.log == flipped.log[:len(shown.log)] and shown.log_at[-1] == played
    assert flipped.log_at[len(shown.log)] == played + 1 and len(flipped.log_at) == len(flipped.log)


def test_the_end_of_a_match_shows_the_score_sheet_and_the_great_kabalist() -> None:
    match, plan = Match.start(9, 2), plan_of("you", "person")
    rng = random.Random(9)
    while True:
        play_hand_out(match, rng)
        if match.is_over():
            break
        match.next_hand()
    view = kabalam_view(match, plan, EN, looking="S", viewer="S")
    assert view.result is not None and view.result.kind == "match-end"
    assert view.bar.status == EN("end.match_heading")
    assert len(view.scores) == len(match.results) + 1  # a row a hand, then the totals
    assert view.scores[-1] == ScoreRow(EN("end.total"), tuple(str(match.totals[seat]) for seat in ("S", "W")))
    assert view.score_head == (EN("end.hand_column"), seat_name(plan, "S", EN), seat_name(plan, "W", EN))
    assert view.great_kabalist is not None and view.placing is None  # two persons: the sheet says who is placed where
    assert [b.action for b in view.result.actions] == ["new-match"]


# -- the shell's dispatch -------------------------------------------------------------------------------------


def test_every_table_dispatches_its_actions_and_keys_through_the_shell_s_tables() -> None:
    """No table answers clicks or keys with its own chain of ifs: the shell looks the action or
    the key up in the table's ``actions()`` and ``keys()`` (web/tables/table_shell.py)."""
    import ast
    from pathlib import Path

    tables = Path(__file__).resolve().parents[2] / "py" / "kabale" / "web" / "tables"
    defined: dict[str, set[str]] = {}
    for name in ("kabala_table.py", "table_kabalam.py", "table_patience.py", "table_double_h.py"):
        tree = ast.parse((tables / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                defined[node.name] = {item.name for item in node.body if isinstance(item, ast.FunctionDef)}
    assert set(defined) == {"KabalaTable", "KabalamTable", "PatienceTable", "DoubleHTable"}
    assert all(not {"on_action", "on_key", "on_storage"} & methods for methods in defined.values())
    assert all({"actions", "keys", "saved_from", "view"} <= defined[table]
               for table in ("KabalamTable", "PatienceTable", "DoubleHTable"))


def test_the_logs_lines_kept_between_redraws_are_the_lines_made_afresh() -> None:
    """A table keeps the log's lines it made (view_models.log_lines): the log read through the
    memo is the one put into words from the whole history, move after move, hand after hand; each
    event the engine tells again is put into words only once."""
    import kabale.web.views.view_models as view_models

    match, plan = Match.start(7, 3), plan_of("you", "easy", "easy")
    rng = random.Random(7)
    memo: view_models.LineMemo = {}
    told: list[object] = []
    made_afresh = view_models.event_text

    def counted(event: object, *args: object) -> str | None:
        told.append(event)
        return made_afresh(event, *args)  # type: ignore[arg-type]

    checked = 0
    before: tuple[object, int] = (None, 0)
    while not match.is_over() and checked < 400:
        hand = match.hand
        assert hand is not None
        if hand.is_over():
            match.next_hand()
            continue
        for looking in ("S", None):
            plain = kabalam_view(match, plan, EN, looking=looking, viewer="S")
            view_models.event_text = counted  # type: ignore[assignment]
            try:
                told.clear()
                kept = kabalam_view(match, plan, EN, looking=looking, viewer="S", log_memo=memo if looking else {})
            finally:
                view_models.event_text = made_afresh
            assert kept.log == plain.log
            if looking:
                # only what happened since the last redraw, and the cards only South saw (made afresh)
                history = hand.observation("S").history
                fresh = len(history) - (before[1] if before[0] is hand else 0)
                private = sum(1 for event in history if event.seat == "S" and event.kind in ("draw", "deal"))
                assert len(told) <= fresh + private
                before = (hand, len(history))
        match.apply(rng.choice(hand.legal_moves()))
        checked += 1
    assert checked > 50


# -- the Hint marks what to press ---------------------------------------------------------------------------


def test_a_hint_that_lays_no_card_marks_its_button_draw_yield_or_next_round() -> None:
    """Issue 28: a draw, a yield and Double H's next round are pressed on a button: the Hint marks it."""
    hinted = partial(Mark, HINTED)
    game, rng = Patience.deal(3), random.Random(3)
    while DRAW not in game.legal_moves():  # the table draws by itself, unless it is shown a play first
        game.apply(rng.choice(game.legal_moves()))
    view = patience_view(game, PatienceStats(), EN, marks=(hinted(button="draw"),))
    assert view.draw is not None and view.draw.hinted and view.draw.said == EN("mark.hinted", name=view.draw.label)
    plain = patience_view(game, PatienceStats(), EN, marks=(hinted(button="yield"), Mark("made", button="draw")))
    assert plain.draw is not None and not plain.draw.hinted and plain.draw.said is None

    match = Match.start(3, 2)
    while not (match.hand.turn == "S" and Move.yield_turn() in match.legal_moves()):  # S may yield
        match.apply(rng.choice(match.legal_moves()))
    plan = plan_of("you", "normal")
    view_k = kabalam_view(match, plan, EN, looking="S", viewer="S", marks=(hinted(button="yield"),))
    assert view_k.yield_ is not None and view_k.yield_.hinted
    assert view_k.yield_.said == EN("mark.hinted", name=EN("table.yield"))
    assert not any(packet.marks for packet in view_k.kabala.packets)  # not a packet: the button

    dh = DoubleH.deal(5)
    while not dh.facts().can_start_next_round:
        dh.apply(DoubleHMove.draw())
    common = dict(seed=5, moves_made=len(dh.history), can_undo=True, can_redo=False, over=False)
    marked = double_h_view(dh.facts(), DoubleHStats(), EN, hinted=DoubleHMove.next_round(), **common)
    assert marked.next_round is not None and marked.next_round.hinted and not marked.felt.stock.hinted
    unmarked = double_h_view(dh.facts(), DoubleHStats(), EN, hinted=None, **common)
    assert unmarked.next_round is not None and not unmarked.next_round.hinted


def test_a_card_the_hint_marks_picked_up_lights_the_hint_s_packet_and_is_not_called_no_play() -> None:
    """Issue 28: one card of a hinted Double picked up is no play by itself, but a press on the
    hint's packet plays the hint (selection.follow_hint): that packet lights and the prompt says
    choose a packet, not "not a play". A card the hint does not mark is told as before."""
    game = Patience.deal(14)
    observation = game.observation()
    double = next(move for move in observation.legal_moves if move.kind == "double")
    assert double.packet is not None
    marked = tuple(play_cards(observation.endowment, double))
    hint = Mark(HINTED, double.packet, marked)
    one = frozenset(marked[:1])
    assert playable_packets([observation.endowment[marked[0]]], observation.legal_moves, observation.target) == ()
    view = patience_view(game, PatienceStats(), EN, one, marks=(hint,))
    assert view.lit == (double.packet,) and view.kabala.packets[double.packet - 1].press == "play"
    assert view.prompt is not None
    assert view.prompt.text == EN("selection.some", cards=short_cards([observation.endowment[marked[0]]]))
    other = next(i for i, card in enumerate(observation.endowment) if card.value not in double.values)
    stray = patience_view(game, PatienceStats(), EN, one | {other}, marks=(hint,))
    picked = [observation.endowment[i] for i in sorted(one | {other})]
    assert stray.lit == playable_packets(picked, observation.legal_moves, observation.target)
