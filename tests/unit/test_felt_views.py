"""What lies on the felt (kabale.web.views.felt_views), checked in CPython against the engines: which
packet or place is lit for the cards picked up, what is face up, what each card is called."""

from __future__ import annotations

import random
from collections import Counter
from functools import partial

import pytest

from kabale.cards import Card
from kabale.games.double_h.moves import PLACES, MoveKind
from kabale.games.double_h.moves import Move as DoubleHMove
from kabale.games.double_h.rules import DoubleH
from kabale.games.kabala.rules import Move, next_flip_cards
from kabale.games.kabalam.match import Match
from kabale.games.patience.rules import Patience
from kabale.web.views.felt_views import (WASTE, CardMemo, Mark, PlaceMemo, Reveal, card_view, double_h_felt, endowment_view,
                                   kabala_felt, place_where)
from kabale.web.text.i18n import translate
from kabale.web.text.messages import card_name, sum_explained
from kabale.web.storage.saved import SEATS, PatienceStats, SeatPlan, TablePlan
from kabale.web.views.selection import play_cards
from kabale.web.views.view_models import kabalam_view, patience_view

EN = partial(translate, "en")
DA = partial(translate, "da")


def engine_targets(legal: list[Move] | tuple[Move, ...], picked: list[Card]) -> set[int]:
    """The packets where the engine has a legal play of exactly the picked-up cards' values, or a pass."""
    values = Counter(card.value for card in picked)
    plays = {move.packet for move in legal if move.is_play and Counter(move.values) == values}
    return {p for p in plays if p is not None} | {move.packet for move in legal if move.kind == "pass" and move.packet}


def test_a_card_face_names_itself_and_a_back_says_nothing_of_its_face() -> None:
    card = Card.from_text("QH")
    face = card_view(card, EN)
    assert (face.words, face.corner, face.key) == (card_name(card, EN), "Q", "QH")
    assert face.classes == "card red face-QH"
    back = card_view(card, EN, face_up=False)
    assert back.words == EN("card.face_down") and card_name(card, EN) not in back.words
    assert (back.corner, back.key, back.classes) == ("", None, "card back")
    assert card_view(None, EN, role="in-pile").classes == "card empty in-pile" and card_view(None, EN).key is None
    assert card_view(card, DA).corner == "D"  # a Danish deck prints its own letters


@pytest.mark.parametrize("seed", range(6))
def test_after_picking_up_a_legal_play_its_packets_are_lit_and_no_other(seed: int) -> None:
    game, rng = Patience.deal(seed), random.Random(seed)
    checked = 0
    for _ in range(40):
        if game.is_over():
            break
        observation = game.observation()
        legal = observation.legal_moves
        plays = [move for move in legal if move.is_play]
        choices = [frozenset(play_cards(observation.endowment, move)) for move in plays[:3]]
        choices.append(frozenset(rng.sample(range(len(observation.endowment)), min(2, len(observation.endowment)))))
        for selected in choices:
            picked = [observation.endowment[i] for i in sorted(selected)]
            view = patience_view(game, PatienceStats(), EN, selected)
            lit = {packet.number for packet in view.kabala.packets if packet.lit}
            assert lit == engine_targets(legal, picked), (str(game.history[-1:]), picked)
            plays = {move.packet for move in legal if move.is_play and Counter(move.values) == Counter(
                card.value for card in picked)}
            assert {packet.number for packet in view.kabala.packets if packet.press == "play"} == plays - set(
                view.passable)
            assert {packet.number for packet in view.kabala.packets if packet.passing} == set(view.passable)
            # a press that plays sends the cards picked up (the page sets them flying at the click); no other
            assert {packet.number: packet.flies for packet in view.kabala.packets if packet.flies} == \
                {packet.number: tuple(sorted(selected)) for packet in view.kabala.packets if packet.press == "play"}
            assert [packet.turns for packet in view.kabala.packets] == [packet.passing for packet in view.kabala.packets]
            assert not any(packet.flies or packet.turns for packet in patience_view(
                game, PatienceStats(), EN, selected, jumped=True).kabala.packets)
            assert [card.picked for card in view.endowment.cards] == \
                [index in selected for index in range(len(observation.endowment))]
            checked += bool(lit)
        game.apply(rng.choice(legal))
    assert checked  # some picks were plays


def test_the_kabala_shows_its_face_up_cards_their_heights_and_the_sum() -> None:
    game = Patience.deal(3)
    observation = game.observation()
    view = kabala_felt(observation, observation.legal_moves, [], EN)
    assert [packet.top.card for packet in view.packets] == list(observation.face_up)
    assert all(packet.top.face_up and packet.top.role == "top" for packet in view.packets)
    assert [packet.size for packet in view.packets] == list(observation.packet_sizes)
    assert all(packet.layers == min(packet.size - 1, 6) for packet in view.packets)
    assert view.sum.explained == sum_explained(observation.face_up)
    assert view.sum.value == str(observation.target)
    assert [packet.memory for packet in view.packets] == [None] * 3  # the memory aid is off
    assert not any(packet.lit for packet in view.packets if packet.number not in view.passable)
    # not her turn (no legal moves): nothing is lit, whatever she holds up
    idle = kabala_felt(observation, (), list(observation.endowment[:2]), EN)
    assert not any(packet.lit or packet.passing for packet in idle.packets)


def test_while_a_play_is_shown_its_packet_keeps_the_old_card_and_the_sum_its_old_value() -> None:
    game = Patience.deal(11)
    while not any(move.is_play for move in game.legal_moves()):
        game.apply(game.legal_moves()[0])
    before = game.observation()
    play = next(move for move in before.legal_moves if move.is_play)
    assert play.packet is not None
    game.apply(play)
    after = game.observation()
    cards = tuple(before.endowment[i] for i in play_cards(before.endowment, play))
    reveal = Reveal(play.packet, cards, "You", before.face_up[play.packet - 1])
    view = kabala_felt(after, after.legal_moves, [], EN, reveal=reveal)
    shown = view.packets[play.packet - 1]
    assert shown.top.card == before.face_up[play.packet - 1]
    assert shown.reveal is not None and [card.card for card in shown.reveal.cards] == list(cards)
    assert shown.reveal.words == EN("kabala.played_by", name="You")
    assert all(packet.reveal is None for packet in view.packets if packet.number != play.packet)
    assert view.sum.explained == sum_explained(before.face_up)
    flipped = kabala_felt(after, after.legal_moves, [], EN)
    assert flipped.sum.explained == sum_explained(after.face_up)


def test_the_memory_aid_says_the_card_each_packet_turns_up_next() -> None:
    game, rng = Patience.deal(8), random.Random(8)
    for _ in range(12):
        if game.is_over():
            break
        game.apply(rng.choice(game.legal_moves()))
    observation = game.observation()
    view = kabala_felt(observation, observation.legal_moves, [], EN, memory_aid=True)
    for packet, coming in zip(view.packets, next_flip_cards(observation)):
        assert packet.memory == (EN("kabala.next_flip", card=card_name(coming, EN)) if coming
                                 else EN("kabala.next_flip_unknown"))


def test_the_endowment_groups_by_value_lights_the_playable_and_marks_a_hint() -> None:
    game = Patience.deal(21)
    observation = game.observation()
    cards = observation.endowment
    hint = Mark("hinted", 2, (0, 1))
    view = patience_view(game, PatienceStats(), EN, frozenset({1}), playable_setting=True, focus=99, marks=(hint,))
    endowment = view.endowment
    assert [card.card for card in endowment.cards] == list(cards)
    assert [card.index for card in endowment.cards] == list(range(len(cards)))
    assert all(len({card.card.value for card in group if card.card}) == 1 for group in endowment.groups)
    assert [card.playable for card in endowment.cards] == [i in view.playable for i in range(len(cards))]
    assert [card.focused for card in endowment.cards] == [i == len(cards) - 1 for i in range(len(cards))]
    assert [card.marks for card in endowment.cards][:3] == [("hinted",), ("hinted",), ()]
    assert [packet.marks for packet in view.kabala.packets] == [(), ("hinted",), ()]
    assert "picked" in endowment.cards[1].classes.split() and "picked" not in endowment.cards[0].classes.split()
    # a mark given twice (the hint and a review's hard move) shows once, after the first
    both = endowment_view(cards, EN, marks=(hint, Mark("made", None, (0,)), hint))
    assert both.cards[0].marks == ("hinted", "made")


# -- Double H ------------------------------------------------------------------------------------------------


def double_h_game(seed: int, moves: int) -> DoubleH:
    """A Double H game ``moves`` random legal moves in (no giving up), with a card in the waste."""
    game, rng = DoubleH.deal(seed), random.Random(seed)
    game.apply(DoubleHMove.draw())
    for _ in range(moves):
        legal = [move for move in game.legal_moves() if move.kind is not MoveKind.GIVE_UP]
        if not legal:
            break
        game.apply(rng.choice(legal))
    return game


@pytest.mark.parametrize("seed", range(5))
def test_after_picking_up_a_card_its_legal_targets_are_lit_and_no_other_place(seed: int) -> None:
    game = double_h_game(seed, 25)
    legal = game.legal_moves()
    card_moves = [move for move in legal if move.kind is MoveKind.CARD]
    sources = {None if move.source is None else str(move.source) for move in card_moves}
    assert sources, "some card can move"
    for source in sources:
        felt = double_h_felt(game.facts(), EN, source=WASTE if source is None else source)
        engine = {str(move.target) for move in card_moves if (None if move.source is None else str(move.source)) == source}
        assert {place.name for place in felt.places if place.lit} == engine == set(felt.targets)
        assert [place.name for place in felt.places if place.picked] == ([] if source is None else [source])
        assert felt.waste.picked == (source is None)
        # a press on a lit target sends the card picked up there (the page sets it flying at the click)
        assert {place.name: place.flies for place in felt.places if place.flies} == \
            {place.name: WASTE if source is None else source for place in felt.places if place.lit}
        for place in felt.places:  # what a press does: a move where the engine takes it, else a refusal
            said = felt.press(place.name)
            if place.name == source:
                assert said == "put back"
            else:
                assert said == ("move" if game.is_legal(DoubleHMove.card(source, place.name)) else "refuse")
    nothing = double_h_felt(game.facts(), EN)
    assert not any(place.lit or place.picked for place in nothing.places) and not nothing.waste.picked
    assert {place.name for place in nothing.places if nothing.press(place.name) == "pick up"} == \
        {source for source in sources if source is not None}


@pytest.mark.parametrize("seed", range(4))
def test_the_places_show_their_piles_face_up_and_what_may_be_dragged_or_turned(seed: int) -> None:
    game = double_h_game(seed, 30)
    legal = game.legal_moves()
    felt = double_h_felt(game.facts(), EN)
    assert [place.name for place in felt.places] == [str(place) for place in PLACES]
    for side in ("L", "R"):  # each H, Ace to King
        assert [place.name for place in felt.h_places(side)] == [str(place) for place in PLACES if place.side == side]
    for place in felt.places:
        pile = game.pile(place.name)
        assert [card.card for card in place.cards] == list(pile)
        assert all(card.face_up and card.words == card_name(card.card, EN) and card.role == "in-pile"
                   for card in place.cards if card.card)
        assert place.movable == any(move.kind is MoveKind.CARD and str(move.source) == place.name for move in legal)
        assert (place.turn is not None) == any(move.kind is MoveKind.TURN and str(move.target) == place.name
                                               for move in legal)
        assert place.frame == game.frame(place.name)
        assert (f"frame-{place.frame}" in place.classes.split()) == (place.frame != "none")


def test_the_waste_shows_its_top_card_only_and_the_stock_its_count() -> None:
    game = DoubleH.deal(9)
    for _ in range(3):
        game.apply(DoubleHMove.draw())
    felt = double_h_felt(game.facts(), EN)
    assert len(game.waste) == 3
    assert felt.waste.top.card == game.waste[-1] and felt.waste.count == 3
    assert felt.waste.label == EN("dh.waste_label", card=card_name(game.waste[-1], EN), count=3)
    shown = [card.card for place in felt.places for card in place.cards] + [felt.waste.top.card]
    assert not set(game.waste[:-1]) & set(shown)  # the cards under the top are not in view
    assert felt.stock.count == len(game.stock) and felt.stock.label == EN("dh.stock_label", count=len(game.stock))
    assert felt.waste.movable == any(move.kind is MoveKind.CARD and move.source is None for move in game.legal_moves())
    empty = double_h_felt(DoubleH.deal(9).facts(), EN)
    assert empty.waste.top.card is None and empty.waste.label == EN("dh.waste_empty") and empty.waste.top.words == ""
    # a press on the stock draws while the engine has a draw (the page sends the card on its way at the click)
    assert felt.stock.draws == game.is_legal(DoubleHMove.draw()) is True
    while game.is_legal(DoubleHMove.draw()):
        game.apply(DoubleHMove.draw())
    assert not double_h_felt(game.facts(), EN).stock.draws


def test_a_hint_marks_its_places_or_the_stock_and_a_refusal_its_place() -> None:
    game = double_h_game(2, 20)
    move = next(move for move in game.legal_moves() if move.kind is MoveKind.CARD)
    felt = double_h_felt(game.facts(), EN, hinted=move, refused=frozenset({"KR"}))
    marked = {str(place) for place in (move.source, move.target) if place is not None}
    assert {place.name for place in felt.places if place.hinted} == marked
    assert felt.waste.hinted == (move.source is None) and not felt.stock.hinted
    assert [place.name for place in felt.places if place.refused] == ["KR"]
    assert double_h_felt(game.facts(), EN, hinted=DoubleHMove.draw()).stock.hinted
    # a press on the hint's target plays it while nothing else is picked up: the hint's card flies there
    source = WASTE if move.source is None else str(move.source)
    assert {place.name: place.flies for place in felt.places if place.flies} == {str(move.target): source}
    # while the solver thinks again, the hint on show is no press's: nothing flies for it
    assert not any(place.flies for place in double_h_felt(game.facts(), EN, hinted=move, thinking=True).places)
    other = next(str(m.source) for m in game.legal_moves()
                 if m.kind is MoveKind.CARD and m.source is not None and str(m.source) != source)
    picked_other = double_h_felt(game.facts(), EN, hinted=move, source=other)
    assert {place.name: place.flies for place in picked_other.places if place.flies} == \
        {place.name: other for place in picked_other.places if place.lit} != {}


def test_an_unchanged_place_keeps_its_view_and_a_changed_one_is_made_anew() -> None:
    game = double_h_game(4, 10)
    memo: PlaceMemo = {}
    first = double_h_felt(game.facts(), EN, memo=memo, language="en")
    again = double_h_felt(game.facts(), EN, memo=memo, language="en")
    assert all(a is b for a, b in zip(first.places, again.places))
    move = next(move for move in game.legal_moves() if move.kind is MoveKind.CARD and move.source is not None)
    game.apply(move)
    after = double_h_felt(game.facts(), EN, memo=memo, language="en")
    changed = {place.name for before, place in zip(first.places, after.places) if before is not place}
    assert {str(move.source), str(move.target)} <= changed
    assert after == double_h_felt(game.facts(), EN)  # kept views equal fresh ones
    danish = double_h_felt(game.facts(), DA, memo=memo, language="da")
    assert not any(a is b for a, b in zip(after.places, danish.places))
    assert danish.places[0].label != after.places[0].label


# -- KABALAM ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_kabalam_lights_packets_only_on_the_looking_seat_s_turn_and_shows_only_her_cards(seed: int) -> None:
    match, rng = Match.start(seed, 3), random.Random(seed)
    plan = TablePlan(tuple(SeatPlan(seat, kind) for seat, kind in zip(SEATS, ("you", "easy", "easy"))))
    hand = match.hand
    assert hand is not None
    lit_seen = 0
    for _ in range(30):
        if hand.is_over():
            break
        turn = hand.turn
        assert turn is not None
        mine = hand.observation("S")
        legal = hand.legal_moves()
        plays = [move for move in legal if move.is_play]
        choices = [frozenset(play_cards(mine.endowment, move)) for move in plays[:2]] if turn == "S" else []
        choices.append(frozenset(range(min(2, len(mine.endowment)))))
        for selected in choices:
            view = kabalam_view(match, plan, EN, looking="S", viewer="S", selected=selected)
            assert view.kabala is not None and view.endowment is not None
            lit = {packet.number for packet in view.kabala.packets if packet.lit}
            picked = [mine.endowment[i] for i in sorted(selected)]
            assert lit == (engine_targets(legal, picked) if turn == "S" else set())
            # a press sends the cards picked up where it plays them, only on her turn
            assert {packet.number for packet in view.kabala.packets if packet.flies} == \
                {packet.number for packet in view.kabala.packets if packet.press == "play"}
            assert all(packet.flies in ((), tuple(sorted(selected))) for packet in view.kabala.packets)
            assert {packet.number for packet in view.kabala.packets if packet.turns} == \
                ({packet.number for packet in view.kabala.packets if packet.passing} if turn == "S" else set())
            assert [card.card for card in view.endowment.cards] == list(mine.endowment)
            lit_seen += bool(lit)
        # nobody looking: no hand in view, the Kabala's face-up cards only, nothing lit
        hidden = kabalam_view(match, plan, EN, looking=None, persons_in_hand=("S",))
        assert hidden.endowment is None and hidden.kabala is not None
        assert [packet.top.card for packet in hidden.kabala.packets] == list(hand.face_up)
        assert not any(packet.lit for packet in hidden.kabala.packets)
        match.apply(rng.choice(legal), turn)
    assert lit_seen


def test_a_card_memo_gives_back_the_view_of_the_same_look_and_equal_views_throughout() -> None:
    memo: CardMemo = {}
    card = Card.from_text("7S")
    first = card_view(card, EN, index=2, memo=memo)
    assert card_view(card, EN, index=2, memo=memo) is first
    picked = card_view(card, EN, index=2, picked=True, memo=memo)
    assert picked is not first and picked.picked and not first.picked
    game, rng = Patience.deal(13), random.Random(13)
    for _ in range(10):
        if game.is_over():
            break
        n = len(game.endowment)
        selected = frozenset(rng.sample(range(n), min(2, n)))
        assert patience_view(game, PatienceStats(), EN, selected, cards=memo) == patience_view(game, PatienceStats(), EN,
                                                                                              selected)
        game.apply(rng.choice(game.legal_moves()))


@pytest.mark.parametrize(("language", "words"), [("en", ", marked by the Hint"), ("da", ", markeret af tippet"),
                                                 ("it", ", indicato dal suggerimento")])
def test_what_a_hint_marks_says_so_to_a_screen_reader(language: str, words: str) -> None:
    """Issue 28: the outline shows the eye what to press; the name says it to the ear, in each language."""
    t = partial(translate, language)
    game = Patience.deal(21)
    view = patience_view(game, PatienceStats(), t, marks=(Mark("hinted", 2, (0, 1)), Mark("made", 3, (2,))))
    assert [packet.label.endswith(words) for packet in view.kabala.packets] == [False, True, False]
    assert [card.words.endswith(words) for card in view.endowment.cards][:3] == [True, True, False]
    turned = double_h_game(3, 0)
    move = DoubleHMove.draw()
    felt = double_h_felt(turned.facts(), t, hinted=move)
    assert felt.stock.label.endswith(words) and not felt.waste.label.endswith(words)
    assert not any(place.label.endswith(words) for place in felt.places)


def test_a_hinted_turn_marks_the_turn_over_button_not_the_pile() -> None:
    """Issue 28: pressing the pile picks up its card; the Turn over button is what turns it."""
    game, rng, turn = DoubleH.deal(4), random.Random(4), None
    while turn is None and not game.is_over():  # random moves until a pile may turn over
        legal = [move for move in game.legal_moves() if move.kind is not MoveKind.GIVE_UP]
        turn = next((move for move in legal if move.kind is MoveKind.TURN), None)
        if turn is None:
            game.apply(rng.choice(legal))
    assert turn is not None and turn.target is not None, "the deal ended with no pile to turn over"
    felt = double_h_felt(game.facts(), EN, hinted=turn, memo={})
    assert not any(place.hinted for place in felt.places)
    assert [place.name for place in felt.places if place.turn_hinted] == [str(turn.target)]
    marked = next(place for place in felt.places if place.turn_hinted)
    assert marked.turn_label == EN("mark.hinted", name=EN("dh.turn_over_label", where=place_where(turn.target, EN)))
