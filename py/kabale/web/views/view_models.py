"""What each table shows, as plain values: the view models of the three games.

Why: a table used to work out its texts, what is lit and what may be pressed
while it built the DOM, so only a browser could check them. Here they are
frozen dataclasses made from the game state, the settings and the table's own
choices (the cards picked up, who is looking), with no DOM and no browser
import, and tests/unit/test_view_models.py checks them in CPython. The table
shell (:mod:`kabale.web.tables.table_shell`) draws the parts every table has (the
header bar, undo and redo, the result panel, the statistics); each table lays
out the rest (its layout) from its view model.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from kabale.cards import Card

from .felt_views import (DRAW_PILE, ENDOWMENT, HINTED, CardMemo, CardView, DoubleHFelt, EndowmentView, KabalaView, Mark, PlaceMemo, Reveal,
                         card_view, double_h_felt, endowment_view, hint_packets, hinted_words, kabala_felt)
from ..text.messages import event_text, patience_event_text, placing_text, short_cards
from .selection import pass_packets, playable_cards, playable_packets

if TYPE_CHECKING:
    from kabale.games.double_h.moves import Move as DoubleHMove
    from kabale.games.double_h.rules import TableFacts
    from kabale.games.kabalam.match import Match
    from kabale.games.patience.rules import Patience

    from ..storage.saved import DoubleHStats, PatienceStats, TablePlan

__all__ = [
    "Translate", "ButtonView", "BarView", "ResultView", "PromptView", "PatienceView", "DoubleHView", "FeedbackView",
    "SeatView", "LeftView", "ScoreRow", "KabalamView", "selection_text", "patience_view", "double_h_view", "double_h_result",
    "kabalam_view", "seat_name", "seat_place", "LineMemo", "log_lines", "log_entries", "shown_history",
]

Translate = Callable[..., str]


# -- what every table has -------------------------------------------------------------------


@dataclass(frozen=True)
class ButtonView:
    """A button: the action it sends (``data-action``), its words, the key that finds it again
    after a redraw (``data-key``, for the focus), whether it may be pressed, whether it is the
    panel's main one; ``said``: what a screen reader says when that is more than its words (the
    Hint marks it: ``hinted``); ``draws``: the key of where the cards a press draws land, and of
    where they come from when not from the button itself (the page sends them on their way at the
    click: "endowment draw-pile")."""

    action: str
    label: str
    key: str | None = None
    disabled: bool = False
    primary: bool = False
    hinted: bool = False
    said: str | None = None
    draws: str | None = None


def marked_button(button: ButtonView | None, marks: Sequence[Mark], t: Translate) -> ButtonView | None:
    """The button marked when the Hint's move is pressed there (a draw, a yield: ``Mark.button``)."""
    if button is None or not any(mark.name == HINTED and mark.button == button.action for mark in marks):
        return button
    return replace(button, hinted=True, said=hinted_words(button.label, (HINTED,), t))


@dataclass(frozen=True)
class BarView:
    """The header bar: the game's title, the deal number, whose turn it is (KABALAM), the buttons."""

    title: str
    deal: str
    buttons: tuple[ButtonView, ...]
    status: str | None = None


@dataclass(frozen=True)
class ResultView:
    """The end of a game, a hand or a match, shown over the table: ``kind`` is the panel's class
    (game-end, hand-end, match-end), ``outcome`` won or lost (or None), its heading and the
    heading's id, the lines said under it, the buttons, and the class of the row that holds
    them (None: the buttons follow the lines)."""

    kind: str
    heading: str
    heading_id: str
    actions: tuple[ButtonView, ...]
    outcome: str | None = None
    lines: tuple[str, ...] = ()
    actions_class: str | None = None

    @property
    def classes(self) -> str:
        return f"{self.kind} {self.outcome}" if self.outcome else self.kind


@dataclass(frozen=True)
class PromptView:
    """The line over the cards: what to do, or what the cards picked up make; ``live``: read out
    as it changes (the picked-up cards)."""

    text: str
    live: bool


def selection_text(cards: Sequence[Card], selected: frozenset[int], lit: tuple[int, ...], target: int, t: Translate) -> str:
    """What the picked-up cards make: nothing yet, a play (a packet is lit), or not a play."""
    picked = [cards[i] for i in sorted(selected) if i < len(cards)]
    if not picked:
        return t("selection.none")
    if lit:
        return t("selection.some", cards=short_cards(picked))
    return t("selection.not_a_play", cards=short_cards(picked), target=target)


def solitaire_bar(game: str, seed: int | None, t: Translate, restart: str, new_deal: str) -> BarView:
    """A patience's bar: its name, the deal, the rules, play the deal again, a new deal."""
    return BarView(
        title=t(f"game.{game}"),
        deal=t("table.deal", seed=seed),
        buttons=(ButtonView("rules", t("toolbar.rules")), ButtonView("restart", t(restart)),
                 ButtonView("new-deal", t(new_deal), key="new-deal-bar")),
    )


def undo_redo(can_undo: bool, can_redo: bool, t: Translate) -> tuple[ButtonView, ButtonView]:
    return (ButtonView("undo", t("patience.undo"), key="undo", disabled=not can_undo),
            ButtonView("redo", t("patience.redo"), key="redo", disabled=not can_redo))


# -- Patience Kabalam ------------------------------------------------------------------------------


@dataclass(frozen=True)
class PatienceView:
    """The patience's table: ``result`` is None while the game is on (and during a review's jump);
    ``kabala`` and ``endowment`` are what lies on the felt and in the hand."""

    bar: BarView
    prompt: PromptView | None
    draw: ButtonView | None
    undo: ButtonView
    redo: ButtonView
    lit: tuple[int, ...]
    passable: tuple[int, ...]
    playable: frozenset[int]
    draw_pile: str
    draw_pile_label: str
    endowment_heading: str
    stats: str
    log: tuple[str, ...]
    result: ResultView | None
    kabala: KabalaView
    endowment: EndowmentView


def patience_view(game: "Patience", stats: "PatienceStats", t: Translate, selected: frozenset[int] = frozenset(),
                  playable_setting: bool = False, jumped: bool = False, *, focus: int = 0,
                  reveal: Reveal | None = None, memory_aid: bool = False, marks: Sequence[Mark] = (),
                  cards: CardMemo | None = None) -> PatienceView:
    """The patience at ``game`` (the game, or a review's earlier position when ``jumped``) with
    the cards ``selected``; ``playable_setting`` lights the cards a legal play plays; ``focus``
    is the card with the tab stop, ``reveal`` the play shown for a moment, ``memory_aid`` the
    setting, ``marks`` the moves a hint or a review's jump marks, ``cards`` the card views'
    memo (:func:`kabale.web.views.felt_views.card_view`)."""
    from kabale.games.kabala.rules import Move

    observation = game.observation()
    legal = observation.legal_moves
    picked = [observation.endowment[i] for i in sorted(selected) if i < len(observation.endowment)]
    hinted_lit = hint_packets(marks, selected, legal)
    lit = tuple(sorted(set(playable_packets(picked, legal, observation.target)) | set(hinted_lit)))
    passable = pass_packets(legal)
    playable = playable_cards(observation.endowment, legal) if playable_setting else frozenset()
    prompt, draw = None, None
    if not jumped and not game.is_over():
        if passable:
            prompt = PromptView(t("patience.pass_prompt"), live=False)
        else:
            prompt = PromptView(selection_text(observation.endowment, selected, lit, observation.target, t), live=True)
        if Move.draw() in legal:
            label = t("patience.draw" if observation.draw_pile_size > 1 else "patience.draw_last")
            draw = marked_button(ButtonView("draw", label, key="draw", draws=f"{ENDOWMENT} {DRAW_PILE}"), marks, t)
    undo, redo = undo_redo(game.can_undo, game.can_redo, t)
    result = None
    if game.is_over() and not jumped:
        outcome = game.result()
        assert outcome is not None
        result = ResultView(
            kind="game-end", outcome="won" if outcome.won else "lost", heading_id="result-heading",
            heading=t("patience.won") if outcome.won else t(f"patience.lost.{outcome.reason}"),
            actions=(ButtonView("new-deal", t("patience.new_deal"), key="new-deal", primary=True),),
            actions_class="result-actions",
        )
    return PatienceView(
        bar=solitaire_bar("patience", game.seed, t, "patience.restart", "patience.new_deal"),
        prompt=prompt, draw=draw, undo=undo, redo=redo, lit=lit, passable=passable,
        playable=playable,
        draw_pile=t("draw_pile", count=observation.draw_pile_size),
        draw_pile_label=t("draw_pile_label", count=observation.draw_pile_size),
        endowment_heading=t("endowment.heading", count=len(observation.endowment)),
        stats=t("patience.stats") + ": " + t("patience.stats_line", played=stats.played, won=stats.won,
                                             rate=f"{stats.rate:.0%}", streak=stats.streak, best=stats.best_streak),
        log=tuple(line for line in (patience_event_text(event, t) for event in observation.history) if line),
        result=result,
        kabala=kabala_felt(observation, legal, picked, t, reveal=reveal, memory_aid=memory_aid, marks=marks, memo=cards,
                           hinted_lit=hinted_lit, selected=None if jumped or game.is_over() else selected),
        endowment=endowment_view(observation.endowment, t, selected=selected, focus=focus, playable=playable,
                                 marks=marks, memo=cards),
    )


# -- Double H ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FeedbackView:
    """What Double H says over the board: the vetting of the deal, the moves it played by itself
    or the new round, the hint (or "Thinking…"), the verdict (its class and words), a refusal."""

    vetted: str | None
    notice: str | None
    hint: str | None
    verdict: tuple[str, str] | None
    refusal: str
    #: what the hint aims at and rests on, after its move: a phone's callout may leave it out of sight
    #: (read out only) where the whole would lie over a place the hint names (assets/js/callout.js)
    hint_basis: str = ""


@dataclass(frozen=True)
class DoubleHView:
    bar: BarView
    won: bool
    round: str
    stock_label: str
    waste_label: str
    next_round: ButtonView | None
    undo: ButtonView
    redo: ButtonView
    hint: ButtonView
    give_up: ButtonView
    stats: str
    feedback: FeedbackView
    result: ResultView | None
    turning: str | None  # a lost game: what the solver said about where it was lost
    felt: DoubleHFelt  # the places, the stock and the waste


def double_h_result(facts: "TableFacts", t: Translate, seed: int | None, vetted_s: float | None,
                    turning: str | None, turning_index: int | None) -> ResultView | None:
    """The end of a Double H game: won (with its bonus), lost or given up; what the solver
    said about where a lost game was lost, or the button that asks it."""
    result = facts.result
    if not result.is_over:
        return None
    if result.outcome == "won":
        heading = t("dh.won", round=result.round, count=result.wins)
    elif result.outcome == "gave up":
        heading = t("dh.gave_up")
    else:
        heading = t("dh.lost")
    lines: tuple[str, ...] = (t("dh.vetted", seed=seed, seconds=f"{vetted_s:.1f}"),) if vetted_s is not None else ()
    actions: tuple[ButtonView, ...] = ()
    if result.outcome != "won":
        if turning is None:
            actions = (ButtonView("turning", t("dh.turning_button"), key="turning"),)
        elif turning_index is not None:
            actions = (ButtonView("turning-go", t("dh.turning.go"), key="turning-go"),)
    return ResultView(kind="game-end", outcome="won" if result.outcome == "won" else "lost", heading=heading,
                      heading_id="result-heading", lines=lines, actions_class="result-actions",
                      actions=actions + (ButtonView("new-deal", t("dh.new_deal"), key="new-deal", primary=True),))


def double_h_view(facts: "TableFacts", stats: "DoubleHStats", t: Translate, *, seed: int | None, moves_made: int,
                  can_undo: bool, can_redo: bool, over: bool, vetted_s: float | None = None, message: str = "",
                  notice: str = "", thinking: bool = False, hint: str | None = None, hint_basis: str = "",
                  verdict: str | None = None, still_winnable: bool = False, turning: str | None = None, turning_index: int | None = None,
                  source: str | None = None, hinted: "DoubleHMove | None" = None, refused: frozenset[str] = frozenset(),
                  memo: PlaceMemo | None = None, language: str = "", cards: CardMemo | None = None) -> DoubleHView:
    """The Double H table at ``facts``; ``hint`` is the hint in words, ``verdict`` the solver's
    "still winnable?" (yes, no, unknown; shown when the setting ``still_winnable`` asks). On the
    felt: the card picked up at ``source``, the ``hinted`` move, the ``refused`` place (see
    :func:`kabale.web.views.felt_views.double_h_felt` for ``memo``, ``language`` and ``cards``)."""
    from kabale.games.double_h.moves import MoveKind

    shown_verdict = None
    if still_winnable and verdict is not None and not over:
        shown_verdict = (f"verdict {verdict}", t(f"dh.winnable.{verdict}"))
    felt = double_h_felt(facts, t, source=source, hinted=hinted, refused=refused, memo=memo, language=language,
                         thinking=thinking,
                         cards=cards)
    undo, redo = undo_redo(can_undo, can_redo, t)
    return DoubleHView(
        bar=solitaire_bar("double-h", seed, t, "dh.restart", "dh.new_deal"),
        won=facts.result.outcome == "won",
        round=t("dh.round", round=facts.round, bonus=facts.bonus),
        stock_label=felt.stock.label,
        waste_label=felt.waste.label,
        next_round=marked_button(
            ButtonView("next-round", t("dh.next_round", bonus=max(facts.bonus - 1, 1)), key="next-round"),
            [Mark(HINTED, button="next-round")] if hinted is not None and hinted.kind is MoveKind.NEXT_ROUND else [], t)
        if facts.can_start_next_round else None,
        undo=undo, redo=redo,
        hint=ButtonView("hint", t("dh.hint_button"), key="hint", disabled=over),
        give_up=ButtonView("give-up", t("dh.give_up"), key="give-up", disabled=over),
        stats=t("patience.stats") + ": " + t(
            "dh.stats_line", played=stats.played, won=stats.won, weighted=stats.weighted, first=stats.by_round[0],
            second=stats.by_round[1], third=stats.by_round[2], streak=stats.streak, best=stats.best_streak),
        feedback=FeedbackView(
            vetted=t("dh.vetted", seed=seed, seconds=f"{vetted_s:.1f}") if vetted_s is not None and not moves_made
            else None,
            notice=notice or None,
            hint=t("dh.thinking") if thinking else hint,
            verdict=shown_verdict,
            refusal=message,
            hint_basis="" if thinking or hint is None else hint_basis,
        ),
        result=double_h_result(facts, t, seed, vetted_s, turning, turning_index),
        turning=turning if facts.result.is_over and facts.result.outcome != "won" else None,
        felt=felt,
    )


# -- KABALAM ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatView:
    """A seat at the table: where it sits as seen from the device (me, left, top, right), its
    words, whether it is to play, whether it is the one looking, the card backs in its fan
    (None at "me"), whether the computer is thinking there."""

    seat: str
    place: str
    text: str
    turn: bool
    me: bool
    fan: int | None
    thinking: bool

    @property
    def classes(self) -> str:
        return f"seat seat-{self.place}" + (" turn" if self.turn else "") + (" me" if self.me else "")


@dataclass(frozen=True)
class LeftView:
    """What a seat held when its hand ended, in the end's table: the cards left in its hand
    (faces, to look at), and the words beside them: what they cost ("cost 17"), or why there
    are none to count ("Closed"; "Out with thirteen", whose cards nobody sees)."""

    cards: tuple[CardView, ...]
    words: str


@dataclass(frozen=True)
class ScoreRow:
    """A row of the score table: the seat's name and its numbers as shown; at the end of a hand,
    ``left``: the cards left in the seat's hand and what they cost (the points' reason)."""

    name: str
    cells: tuple[str, ...]
    left: LeftView | None = None


@dataclass(frozen=True)
class KabalamView:
    """The KABALAM table as seen from the device. ``my_turn``: the one looking is to play;
    ``prompt`` and ``yield_`` are for her; ``mine_note`` is what the foot says when nobody
    looks (the cards are hidden, or the person watches the computer play on). ``result`` is
    the end of the hand or the match, with its ``scores`` (rows) and ``placing``. ``log`` is what
    the table shows has happened: while a play is shown on its packet (``reveal``), the packet's
    flip and what followed are still to come on the table, and so in the log (issue 28, item 11)."""

    bar: BarView
    seats: tuple[SeatView, ...]
    my_turn: bool
    prompt: PromptView | None
    yield_: ButtonView | None
    endowment_heading: str | None
    mine_note: str | None
    draw_pile: str
    draw_pile_label: str
    log: tuple[str, ...]
    result: ResultView | None
    scores: tuple[ScoreRow, ...]
    score_head: tuple[str, ...]
    placing: str | None
    great_kabalist: str | None = None
    #: the log's lines' events: for each line of ``log``, the index of its event in the hand's history
    log_at: tuple[int, ...] = ()
    kabala: KabalaView | None = None  # always made by kabalam_view
    endowment: EndowmentView | None = None  # the cards in the looking seat's hand (None: nobody looks)


def seat_name(plan: "TablePlan", seat: str, t: Translate) -> str:
    """A seat's name: the name typed, "You" for the one person, the seat for people at one
    device, "West (computer, easy)" for the computer."""
    seat_plan = plan.plan_of(seat)
    if seat_plan.name:
        return seat_plan.name
    if seat_plan.kind == "you" and len(plan.persons) == 1:
        return t("you")
    if seat_plan.is_person or seat_plan.is_remote:
        return t(f"seat.{seat}")
    return t("computer", seat=t(f"seat.{seat}"), level=t(f"level.{seat_plan.kind}"))


def seat_place(seats: Sequence[str], looking: str | None, seat: str) -> str:
    """Where a seat sits as seen from the device: "me" (the one looking, South when nobody
    is), else "left", "top" or "right" in the order of play (clockwise); one opponent sits
    across, two at the sides."""
    me = looking if looking is not None and looking in seats else seats[0]
    offset = (list(seats).index(seat) - list(seats).index(me)) % len(seats)
    if offset == 0:
        return "me"
    return {2: ("top",), 3: ("left", "right"), 4: ("left", "top", "right")}[len(seats)][offset - 1]


def kabalam_view(match: "Match", plan: "TablePlan", t: Translate, *, hand: Any = None, looking: str | None = None,
                 viewer: str | None = None, thinking: str | None = None, selected: frozenset[int] = frozenset(),
                 jump_number: int | None = None, persons_in_hand: tuple[str, ...] = (),
                 totals: Mapping[str, int] | None = None, focus: int = 0, reveal: Reveal | None = None,
                 memory_aid: bool = False, marks: Sequence[Mark] = (), cards: CardMemo | None = None,
                 log_memo: LineMemo | None = None, echo: bool = True) -> KabalamView:
    """The KABALAM table: ``hand`` is the hand shown (the current one, or a review's earlier
    position), ``looking`` who sees the device's cards, ``viewer`` whose turn the device takes,
    ``thinking`` the computer seat finding its move, ``jump_number`` the move a review jumped to,
    ``totals`` the match totals the seats show (the match's own when None; a review's jump
    shows them as they stood at that decision); on the felt, ``focus`` the card with the tab
    stop, ``reveal`` the play shown for a moment, ``memory_aid`` the setting, ``marks`` the
    moves a hint or a review's jump marks, ``cards`` the card views' memo, ``log_memo`` the log's
    lines made so far for this ``looking``, language and names (``log_lines``); ``echo``: a press's
    move is made at once, and the page may start its motion at the click (not a guest's)."""
    from kabale.games.kabala.rules import Move

    current = match.hand
    assert current is not None, "a match always has its current hand"
    shown = current if hand is None else hand
    names = {seat_plan.seat: seat_name(plan, seat_plan.seat, t) for seat_plan in plan.seats}
    observation = shown.observation(looking or shown.seats[0])
    my_turn = looking is not None and shown.turn == looking and not shown.is_over() and shown is current
    endowment = observation.endowment if looking else ()
    legal = observation.legal_moves if my_turn else ()
    hinted_lit = hint_packets(marks, selected, legal)  # a press there plays the Hint with the cards picked up
    # the bar: whose turn it is, or what is over
    if jump_number is not None:
        status = t("kreview.bar", number=jump_number)
    elif match.is_over():
        status = t("end.match_heading")
    elif shown.is_over():
        status = t("end.hand_heading", number=match.hand_number)
    elif thinking:
        status = t("table.thinking", name=names[thinking])
    elif shown.turn == viewer:
        status = t("table.your_turn")
    else:
        assert current.turn is not None, "a hand that is on has a seat to play"
        status = t("table.turn", name=names[current.turn])
    bar = BarView(
        title=f"{t('game.kabalam')} · {t('table.hand', number=match.hand_number)}",
        deal=t("table.deal", seed=match.seed), status=status,
        buttons=(ButtonView("rules", t("toolbar.rules")), ButtonView("new-match", t("table.new_match"))),
    )
    # the seats around the felt
    seat_order = [seat_plan.seat for seat_plan in plan.seats]
    totals = match.totals if totals is None else totals
    seats = []
    for seat in seat_order:
        count = observation.cards_held(seat) if seat in shown.seats else 0
        if seat not in match.in_match and seat not in shown.seats:
            text = t("table.seat_left", name=names[seat], total=totals[seat])
        elif seat not in shown.in_hand and not shown.is_over():
            text = t("table.seat_out", name=names[seat], total=totals[seat])
        else:
            text = t("table.seat_summary", name=names[seat], count=count, total=totals[seat])
        place = seat_place(seat_order, looking, seat)
        seats.append(SeatView(seat, place, text, turn=seat == shown.turn and not shown.is_over(), me=seat == looking,
                              fan=None if place == "me" else min(count, 12), thinking=thinking == seat))
    # the person's cards at South
    prompt, yield_, heading, note = None, None, None, None
    picked = [endowment[i] for i in sorted(selected) if i < len(endowment)]
    if not looking:
        if not match.is_over():
            note = t("endowment.hidden") if persons_in_hand else t("endowment.watching")
    else:
        passable = pass_packets(legal)
        if my_turn and passable:
            prompt = PromptView(t("table.pass_prompt"), live=False)
        elif my_turn:
            lit = tuple(sorted(set(playable_packets(picked, legal, observation.target)) | set(hinted_lit)))
            prompt = PromptView(selection_text(endowment, selected, lit, observation.target, t), live=True)
        if my_turn and Move.yield_turn() in legal:
            yield_ = marked_button(ButtonView("yield", t("table.yield"), key="yield"), marks, t)
        heading = t("endowment.heading", count=len(endowment)) if plan.plan_of(looking).kind == "you" \
            else t("endowment.heading_of", name=names[looking], count=len(endowment))
    result, scores, head, placing, great = kabalam_end(match, plan, names, t, cards) if shown.is_over() \
        else (None, (), (), None, None)
    log = log_entries(shown_history(observation.history, reveal), looking, names, t, log_memo)
    return KabalamView(
        bar=bar, seats=tuple(seats), my_turn=my_turn, prompt=prompt, yield_=yield_, endowment_heading=heading,
        mine_note=note, draw_pile=t("draw_pile", count=observation.draw_pile_size),
        draw_pile_label=t("draw_pile_label", count=observation.draw_pile_size),
        log=tuple(line for _, line in log), result=result, scores=scores, score_head=head, placing=placing,
        great_kabalist=great, log_at=tuple(index for index, _ in log),
        kabala=kabala_felt(observation, legal, picked, t, reveal=reveal, memory_aid=memory_aid, marks=marks, memo=cards,
                           hinted_lit=hinted_lit, selected=selected if my_turn and echo else None),
        endowment=endowment_view(endowment, t, selected=selected, focus=focus, marks=marks, memo=cards)
        if looking else None,
    )


#: The log's lines made so far, by the id of their event (kept with it, so the id stays its own), for
#: one reader, language and names: an event's line never changes once the event happened.
LineMemo = dict[int, tuple[object, "str | None"]]


def shown_history(history: Sequence[Any], reveal: Reveal | None) -> Sequence[Any]:
    """The events the table shows have happened: while a play is shown on its packet (``reveal``),
    up to that play (the engine has flipped the packet already, and maybe closed the hand; the
    felt shows the old card and the old sum until the play turns over)."""
    if reveal is not None:
        for index in range(len(history) - 1, -1, -1):
            if history[index].kind in ("bare", "double"):
                return history[:index + 1]
    return history


def log_lines(history: Sequence[Any], looking: str | None, names: Mapping[str, str], t: Translate,
              memo: LineMemo | None = None) -> tuple[str, ...]:
    """The log of a hand as ``looking`` may read it (events not worth a line left out)."""
    return tuple(line for _, line in log_entries(history, looking, names, t, memo))


def log_entries(history: Sequence[Any], looking: str | None, names: Mapping[str, str], t: Translate,
                memo: LineMemo | None = None) -> tuple[tuple[int, str], ...]:
    """The log's lines as ``log_lines``, each with the index of its event in ``history`` (the
    table says the lines of another's events to a screen reader).

    Why a memo: the log is the whole hand's history, and each redraw put every line of it into
    words again (some 40 lines, 200 translations a click). The engine keeps the events it has
    told (kabale.games.kabalam.hand ``observation``), so the same event object comes back at each
    redraw, and its line is the one made before; a new object (a card only its drawer saw, made
    afresh each time; another hand) is put into words."""
    if memo is None:
        return tuple((index, line) for index, line in
                     ((index, event_text(event, looking, names, t)) for index, event in enumerate(history)) if line)
    if len(memo) > 2 * len(history) + 64:  # the events of earlier hands, or made afresh: let them go
        kept = {id(event): memo[id(event)] for event in history if memo.get(id(event), (None,))[0] is event}
        memo.clear()
        memo.update(kept)
    lines = []
    for index, event in enumerate(history):
        known = memo.get(id(event))
        if known is not None and known[0] is event:
            line = known[1]
        else:
            line = event_text(event, looking, names, t)
            memo[id(event)] = (event, line)
        if line:
            lines.append((index, line))
    return tuple(lines)


def kabalam_end(match: "Match", plan: "TablePlan", names: Mapping[str, str], t: Translate,
                cards: CardMemo | None = None
                ) -> tuple[ResultView, tuple[ScoreRow, ...], tuple[str, ...], str | None, str | None]:
    """The end of the hand (for each seat, the cards left in its hand, what they cost, its points
    and its total) or of the match (the score sheet, the great Kabalist), with the one person's
    placing ("You finished 2nd of 4").

    Who closed, or went out with thirteen, is said once, in that seat's row of the hand's end (the
    log says it too, as the history it is): a line over the table said it as well ("You closed."
    over "You closed!", issue 28). The match's end, whose sheet has no such row, still says it."""
    hand = match.hand
    assert hand is not None
    result = hand.result()
    assert result is not None
    hand_over = not match.is_over()
    lines = []
    if result.ending == "closed" and result.closer and not hand_over:
        lines.append(t("end.closed", name=names[result.closer]))
    elif result.ending == "all_passed":
        lines.append(t("end.all_passed"))
    elif result.ending == "one_seat_left":
        left = [names[seat] for seat in hand.in_hand]
        you = left == [t("you")]  # "you score nothing", not "You scores nothing"
        lines.append(t("end.one_seat_left_you") if you else t("end.one_seat_left", name=", ".join(left)))
    if result.out_with_thirteen and not hand_over:
        lines.append(t("end.out_with_thirteen", names=", ".join(names[s] for s in result.out_with_thirteen)))
    persons = plan.persons
    totals = match.totals

    def placed(points: Mapping[str, Any]) -> str | None:
        if len(persons) != 1 or persons[0] not in points:
            return None
        return placing_text(points, persons[0], t)

    if hand_over:
        rows = tuple(ScoreRow(names[seat], (str(result.scores.get(seat, 0)), str(totals[seat])),
                              left_view(hand, result, seat, t, cards)) for seat in hand.seats)
        view = ResultView(kind="hand-end", heading=t("end.hand_heading", number=match.hand_number),
                          heading_id="end-heading", lines=tuple(lines), actions_class="end-actions",
                          actions=(ButtonView("next-hand", t("table.next_hand"), key="next-hand", primary=True),))
        return view, rows, (t("end.cards_left"), t("end.this_hand"), t("end.total")), placed(result.scores), None
    match_result = match.result()
    assert match_result is not None
    winners = ", ".join(names[seat] for seat in match_result.great_kabalists)
    title = t("end.great_kabalists" if len(match_result.great_kabalists) > 1 else "end.great_kabalist", names=winners)
    seats = [seat_plan.seat for seat_plan in plan.seats]
    sheet = [ScoreRow(str(number), tuple(str(hand_result.scores[seat]) if seat in hand_result.scores
                                         else t("end.left_match") for seat in seats))
             for number, hand_result in enumerate(match.results, start=1)]
    sheet.append(ScoreRow(t("end.total"), tuple(str(totals[seat]) for seat in seats)))
    view = ResultView(kind="match-end", heading=t("end.match_heading"), heading_id="match-end-heading",
                      lines=tuple(lines), actions_class="end-actions",
                      actions=(ButtonView("new-match", t("table.new_match"), key="new-match", primary=True),))
    # a match's places: who stayed in it longer finished higher (the last left is the Great
    # Kabalist), then, among those who left in the same hand, the lower total
    stayed = {seat: sum(1 for hand_result in match.results if seat in hand_result.scores) for seat in seats}
    standings = {seat: (-stayed[seat], totals[seat]) for seat in seats}
    return view, tuple(sheet), (t("end.hand_column"), *(names[seat] for seat in seats)), placed(standings), title


def left_view(hand: Any, result: Any, seat: str, t: Translate, memo: CardMemo | None = None) -> LeftView:
    """The cards ``seat`` held when ``hand`` ended (its ``result``) and what they cost: the sum of
    their values (kabale.games.kabalam.fast ``points``: the deck's values are 1 to 9), which the
    seat scored when another closed, twice when everyone passed, and not at all when it was the
    one seat left. The closer holds none; a seat out with thirteen set its cards aside unseen
    (RULES.md), so they stay unseen here too."""
    if seat in result.out_with_thirteen:
        return LeftView((), t("end.out"))
    if seat == result.closer:
        return LeftView((), t("end.closer"))
    held = hand.endowment(seat)
    if held is None:  # a guest's page at a table played at a distance: another's cards stay unseen
        return LeftView((), "")
    return LeftView(tuple(card_view(card, t, memo=memo) for card in held),
                    t("end.cost", points=sum(card.value for card in held)))
