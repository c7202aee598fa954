"""The KABALAM table: a match for 2-4 seats, people at this device and the computer.

The match (engine) is the state; this screen keeps only what the table adds:
who is looking (hot-seat), the cards picked up, the cards shown for a moment
after a play. Every move goes through ``Match.apply`` and is saved at once.
"""

from __future__ import annotations

import asyncio
from typing import Any

from kabale.bots import make_bot, think_async
from kabale.game import IllegalMove
from kabale.games.kabala.rules import Move
from kabale.games.kabalam.state import KabalamObservation
from kabale.games.kabalam.hand import KabalamHand
from kabale.games.kabalam.match import Match
from kabale.session import Chooser, Session, Turn

from ..dom import Element, data, h
from .kabala_table import KabalaTable
from ..coach.kabalam_coach import CoachMixin
from ..coach.kabalam_review import REVIEW_ACTIONS, KabalamReviewMixin
from ..views.felt_views import Mark
from .kabala_view import draw_pile_drawn, endowment_drawn, face_drawn, kabala_drawn, log_element, sum_drawn
from .kept import KabalaDrawings, KeptDrawings
from ..text.i18n import News
from ..text.messages import event_text
from ..storage.saved import KABALAM, SavedMatch, TablePlan
from .table_shell import Action, Key, button_element, used
from ..views.view_models import KabalamView, LineMemo, ScoreRow, kabalam_view, seat_name

#: How long a person's own play stays in view before its packet flips (ms).
OWN_REVEAL_MS = 650


class KabalamTable(KabalaDrawings, KabalamReviewMixin, CoachMixin, KabalaTable):
    game: str = "kabalam"
    record = KABALAM
    saved: SavedMatch
    #: Whether a press's move is made here at once, so that the page may start its motion at the click
    #: (kabale.web.views.felt_views.packet_flights); a guest's goes to the host, whose news moves it.
    echoes_moves = True

    def __init__(self, app: Any, saved: SavedMatch) -> None:
        super().__init__(app)
        self.saved = saved
        self.thinking: str | None = None  # the computer seat whose move is being found
        self.viewer: str | None = self.first_viewer()
        self._task: asyncio.Task[None] | None = None
        self.dealing = not self.hand.moves  # a hand reopened part-way is not dealt again
        self._session: Session | None = None
        self._log_key: tuple[object, ...] = ()
        self._log_memo: LineMemo = {}
        self._log_drawn: tuple[object, str | None, int] = (None, None, 0)  # the hand, who looked, lines drawn
        self._to_say: set[int] = set()  # the events another seat made, to say to a screen reader when drawn
        self.drawings = KeptDrawings()  # the parts', cards', corners' and log lines' drawings (render)

    # -- what the table knows --------------------------------------------------

    @property
    def plan(self) -> TablePlan:
        return self.saved.plan

    @property
    def match(self) -> Match:
        return self.saved.match

    @property
    def session(self) -> Session:
        """The session that plays the match: it knows the computer's seats and gives each of
        their turns its rng, seeded from the deal, the hand, the seat and the moves so far. The
        table thinks those turns in slices and shows each play for a moment, so the session plays
        nothing by itself (``follow=False``); it forces the yield only on the person looking at
        the device (in hot-seat, not on one who has not been handed it yet)."""
        if self._session is None or self._session.game is not self.match:
            computers = {plan.seat: self.chooser(plan.kind) for plan in self.plan.seats if not plan.is_person}
            self._session = Session(self.match, computers, forces=lambda seat: seat == self.viewer)
        return self._session

    def chooser(self, level: str) -> Chooser:
        """The computer at ``level`` as a blocking chooser (the table itself thinks with think_async)."""
        budget_ms = float(self.app.settings.think_ms)
        return lambda observation, rng: make_bot(level, rng, budget_ms=budget_ms).choose(observation)

    @property
    def hand(self) -> KabalamHand:
        hand = self.match.hand
        assert hand is not None, "a match always has its current hand"
        return hand

    def turn(self) -> str:
        """The seat to play (only asked while the hand is on)."""
        turn = self.hand.turn
        assert turn is not None, "a hand that is on has a seat to play"
        return turn

    def query(self) -> str:
        return f"?game={self.game}&seed={self.match.seed}"

    def first_viewer(self) -> str | None:
        """Who looks at the device when a hand starts: the only person; in hot-seat, the
        "you" seat if it starts the hand (the others get the "pass the device" screen)."""
        persons = self.persons_in_hand()
        if len(persons) == 1:
            return persons[0]
        hand = self.match.hand
        turn = None if hand is None or hand.is_over() else hand.turn
        return turn if turn is not None and self.plan.plan_of(turn).kind == "you" and not self.hand.moves else None

    def persons_in_hand(self) -> tuple[str, ...]:
        """The people still playing: a person out of the match (over 101) watches the computer play on."""
        hand = self.match.hand
        return tuple(seat for seat in self.plan.persons if hand is None or seat in hand.seats)

    def name(self, seat: str) -> str:
        return seat_name(self.plan, seat, self.t)

    def names(self) -> dict[str, str]:
        return {plan.seat: self.name(plan.seat) for plan in self.plan.seats}

    def seen(self) -> KabalamObservation:
        """What the person looking at the device may see (only public things when nobody is);
        during a review's jump, what the seat who decided saw then."""
        hand = self.shown_hand()
        return hand.observation(self.looking() or hand.seats[0])

    def may_play(self) -> bool:
        hand = self.hand
        if hand.is_over():
            return False
        if hand.turn != self.viewer:
            self.refuse(IllegalMove("It is not your turn", "not_your_turn"))
            return False
        return True

    def is_computer(self, seat: str | None) -> bool:
        return seat is not None and not self.plan.plan_of(seat).is_person

    def level_of(self, seat: str) -> str:
        """The computer's level at ``seat`` (a table played at a distance says it for an away friend's seat)."""
        return self.plan.plan_of(seat).kind

    def covered(self) -> bool:
        """Hot-seat: the turn is a person's who is not the one looking at the device."""
        hand = self.hand
        turn = None if hand.is_over() else hand.turn
        return turn is not None and not self.is_computer(turn) and turn != self.viewer

    # -- drawing ---------------------------------------------------------------

    def view(self, marks: tuple[Mark, ...] = ()) -> KabalamView:
        """What the table shows, as plain values (tests/unit/test_view_models.py, test_felt_views.py):
        the felt with the play shown for a moment and the moves ``marks`` marks."""
        jump = self.jumped_decision()
        return kabalam_view(self.match, self.plan, self.t, hand=self.shown_hand(), looking=self.looking(),
                            viewer=self.viewer, thinking=self.thinking, selected=self.selected,
                            echo=self.echoes_moves,
                            jump_number=jump["move_number"] if jump is not None else None,
                            persons_in_hand=self.persons_in_hand(), totals=self.shown_totals(), focus=self.focus,
                            reveal=self.reveal, memory_aid=self.app.settings.memory_aid, marks=marks,
                            cards=self.card_memo(), log_memo=self.log_memo())

    def log_memo(self) -> LineMemo:
        """The log's lines made so far for the one looking, in the page's language, with the seats'
        names (kabale.web.views.view_models.log_lines)."""
        key = (self.app.language, self.looking(), tuple(sorted(self.names().items())))
        if key != self._log_key:
            self._log_key, self._log_memo = key, {}
        return self._log_memo

    def render(self) -> Element:
        t = self.t
        if self.covered():
            self.say_now()
            return self.render_cover(self.turn())
        bubble = self.hint_bubble()  # the Hint over the packet it names (else over the felt)
        at = self.hint_at() if bubble is not None else None
        hinted = self.hint_mark()
        view = self.view(((hinted,) if hinted is not None else ()) + self.jump_marks())
        assert view.kabala is not None, "kabalam_view always lays the Kabala"
        self.log_cue(view)
        # the parts that did not change since the last drawing (the bar, the seats, the sum, two
        # of the three packets, most groups of your cards, the log's lines...) are the drawings
        # kept of them, as the patience's (a click changes a packet, your cards and the log)
        kabala = kabala_drawn(view.kabala, {at: bubble} if at is not None else None, packet=self.packet_kept)
        if at is not None:
            bubble = None
        mine = self.render_mine(view)
        hint = self.hint_button()  # the Hint in the bar: beside the cards a phone has no room
        thinking = self.t("table.seat_thinking")
        sums = view.kabala.sum
        news = isinstance(self.message, News)  # (a table at a distance's news, not a refusal)
        # a card table: the opponents around the felt, your cards at South, the log a side panel
        # (a drawer on a narrow screen); a refusal shows over the felt and the end of a hand over
        # the table, where the eye is
        return h(
            "section",
            {"class": self.table_classes("kabala-table kabalam-table"), "aria-label": t("table.kabalam"),
             "data-seats": len(self.plan.seats)},
            self.kept("bar", (view.bar, hint), lambda: self.render_bar(view.bar, hint)),
            self.kept("seats", (view.seats, thinking), lambda: self.render_seats(view)),
            h("div", {"class": "felt"},
              self.kept("sum", sums, lambda: sum_drawn(sums)),
              kabala,
              bubble,
              draw_pile_drawn(view.draw_pile, view.draw_pile_label)),
            mine,
            self.kept("feedback", (news, self.said(self.message)), lambda: h(
                "div", {"class": "feedback"}, h("p", {"class": "advice" if news else "refusal",
                                                      "role": "status" if news else "alert",
                                                      "text": self.said(self.message)}))),
            log_element(list(view.log), t, open_=self.log_open, line=self.line_kept),
            self.render_end(view),
        )

    def log_cue(self, view: KabalamView) -> None:
        """The log's lines new in this drawing wait for the motion of their events (a cue).

        Why: the table is drawn at once after a move, while assets/js/motion.js moves the cards
        for a moment after; the log said "Packet 3 flipped: 6 of hearts" while the packet still
        showed the 8 and the old sum (issue 28, item 11). So the lines this drawing adds (and
        the sentence a screen reader hears of another seat's move) go with its cues: motion.js
        hides them by number until the motion of this drawing lands (at once with reduced motion
        or none). Only the drawing that adds a line names it: a later one shows it anyway, so a
        line is never lost; a new hand, another one looking or a review's jump adds none."""
        hand, looking = self.shown_hand(), self.looking()
        drawn_hand, drawn_looking, drawn = self._log_drawn
        self._log_drawn = (hand, looking, len(view.log))
        if drawn_hand is not hand or drawn_looking != looking:
            self._to_say.clear()  # another hand, reader or position: its lines are no news
            return
        if len(view.log) <= drawn:
            return
        new = range(drawn, len(view.log))
        said = [view.log[line] for line in new if view.log_at[line] in self._to_say]
        self._to_say.difference_update(view.log_at[line] for line in new)
        self.cue("log", {"lines": [line + 1 for line in new], "say": " ".join(said)})

    def say_now(self) -> None:
        """Say what others did to a screen reader now (hot seat: the cover is drawn, with no motion)."""
        if self._to_say:
            observation = self.hand.observation(self.turn())
            said = [event_text(observation.history[index], None, self.names(), self.t)
                    for index in sorted(self._to_say) if index < len(observation.history)]
            self._to_say.clear()
            self.app.announce(" ".join(line for line in said if line))

    def render_seats(self, view: KabalamView) -> Element:
        """The seats around the felt: a fan of backs, the name, the count and the score; the seat to play lit."""
        items = []
        for seat in view.seats:
            fan = None
            if seat.fan is not None:  # the backs of the cards held, fanned (the count is said in words)
                fan = h("span", {"class": "seat-fan", "aria-hidden": "true"},
                        *(h("span", {"class": "mini-back"}) for _ in range(seat.fan)))
            status = h("span", {"class": "seat-status", "text": self.t("table.seat_thinking")}) if seat.thinking else None
            items.append(h("li", {"class": seat.classes, "data-seat": seat.seat}, fan,
                           h("span", {"class": "seat-text", "text": seat.text}), status))
        return h("ul", {"class": "seats", "aria-label": self.t("table.opponents")}, *items)

    def render_mine(self, view: KabalamView) -> Element:
        if view.endowment is None:  # nobody looks: the cards are hidden, or the computer plays on
            return h("section", {"class": "mine"},
                     h("p", {"class": "hint", "text": view.mine_note}) if view.mine_note is not None else None)
        controls: list[Any] = []
        if view.prompt is not None:
            controls.append(h("p", {"class": "prompt", "aria-live": "polite" if view.prompt.live else None,
                                    "text": view.prompt.text}))
        if view.yield_ is not None:
            controls.append(button_element(view.yield_))
        controls += self.jump_controls()  # during a review's jump: which decision, its two moves, the way back
        return h(
            "section",
            {"class": "mine", "aria-labelledby": "mine-heading"},
            h("h3", {"id": "mine-heading", "text": view.endowment_heading}),
            endowment_drawn(view.endowment, group=self.group_kept),
            h("div", {"class": "controls"}, *controls),
        )

    def render_cover(self, seat: str) -> Element:
        t, name = self.t, self.name(seat)
        return h(
            "section",
            {"class": "table cover", "aria-labelledby": "cover-heading"},
            h("h2", {"id": "cover-heading", "text": t("table.cover_heading", name=name)}),
            h("p", {"text": t("table.cover_text", name=name)}),
            h("button", {"type": "button", "class": "button primary", "data-action": "uncover", "data-key": "uncover",
                         "text": t("table.cover_button", name=name)}),
            log_element(self.log_lines(self.hand.observation(seat), private=False), t),
        )

    def render_end(self, view: KabalamView) -> Element | None:
        """The end of the hand (its points and the totals) or of the match (the score sheet), over the table."""
        if view.result is None:
            return None
        t = self.t
        placing = h("p", {"class": "placing", "text": view.placing}) if view.placing is not None else None
        if view.result.kind == "hand-end":
            table = h("table", {"class": "scores hand-scores"},
                      h("caption", {"text": t("end.points")}),
                      h("thead", {}, h("tr", {}, h("td", {}),
                                       *(h("th", {"scope": "col", "text": head}) for head in view.score_head))),
                      h("tbody", {}, *(self.score_row(row) for row in view.scores)))
            return self.render_result(view.result, table, self.review_element(), before=[placing],
                                      leading=self.review_controls(), after=[self.score_chart()])
        *hands, total = view.scores
        sheet = h("table", {"class": "scores score-sheet"}, h("caption", {"text": t("end.score_sheet")}),
                  h("thead", {}, h("tr", {}, *(h("th", {"scope": "col", "text": head}) for head in view.score_head))),
                  h("tbody", {}, *(self.score_row(row) for row in hands), self.score_row(total, "total")))
        return self.render_result(view.result, h("p", {"class": "great-kabalist", "text": view.great_kabalist}),
                                  placing, sheet, self.review_element(), leading=self.review_controls(),
                                  after=[self.score_chart()])

    def score_chart(self) -> Element | None:
        """Under the scores and the buttons to go on, the match's score chart (issue 31): each seat's
        total after each hand, the 101 line, who closed each hand; its numbers are the score table's."""
        from ..views.charts import score_chart
        from .chart_drawn import chart_element

        results = self.match.results
        if len(results) < 2:  # after one hand its points say it all
            return None
        seats, totals, after = self.match.seats, [0] * len(self.match.seats), []
        for result in results:
            totals = [total + int(result.scores.get(seat, 0)) for total, seat in zip(totals, seats)]
            after.append(tuple(totals))
        return chart_element(score_chart(seats, after, [result.closer or "" for result in results], self.t,
                                         lambda seat: self.name(seat), self.t("chart.score_match")))

    def score_row(self, row: ScoreRow, classes: str | None = None) -> Element:
        """A seat's row: its name, at a hand's end the cards left in its hand (small faces) and
        what they cost, then its numbers."""
        left = None
        if row.left is not None:
            left = h("td", {"class": "left"},
                     h("span", {"class": "left-cards"}, *(face_drawn(card) for card in row.left.cards))
                     if row.left.cards else None,
                     h("span", {"class": "left-words", "text": row.left.words}))
        return h("tr", {"class": classes}, h("th", {"scope": "row", "text": row.name}), left,
                 *(h("td", {"text": cell}) for cell in row.cells))

    def log_lines(self, observation: KabalamObservation, private: bool = True) -> list[str]:
        viewer = self.looking() if private else None
        names = self.names()
        lines = (event_text(event, viewer, names, self.t) for event in observation.history)
        return [line for line in lines if line]

    # -- playing ---------------------------------------------------------------

    def start(self) -> None:
        self.continue_play()

    def leave(self) -> None:
        super().leave()
        self.stop_hint()
        self.stop_review()
        if self._task is not None and not self._task.done():
            self._task.cancel()
        # a cancelled task is not done until it wakes: forget it, so continue_play can start anew
        self._task, self.thinking = None, None

    read_only_actions = REVIEW_ACTIONS | {"rules", "log", "new-match"}

    def actions(self) -> dict[str, Action]:
        return {
            **self.review_actions(),
            "card": lambda target: self.toggle(int(data(target, "index") or 0)),
            "packet": lambda target: self.packet_chosen(int(data(target, "packet") or 0)),
            "yield": lambda target: self.play(Move.yield_turn()),
            "uncover": lambda target: self.uncover(),
            "next-hand": lambda target: self.next_hand(),
            "new-match": lambda target: self.app.open_kabalam_setup(fresh=True),
            "rules": lambda target: self.app.show_rules(self.game),
            "log": lambda target: self.toggle_log(),
            "hint": lambda target: self.ask_hint(),
        }

    def uncover(self) -> None:
        """Hot seat: the person whose turn it is has the device."""
        self.viewer = self.hand.turn
        self.selected, self.focus, self.message = frozenset(), 0, ""
        self.refresh()

    def play(self, move: Move) -> None:
        """A person's move at this device."""
        seat = self.turn()
        try:
            self.apply(move, seat)
        except IllegalMove as error:
            self.refuse(error)
            return
        self.selected, self.message = frozenset(), ""
        self.after_move(seat, OWN_REVEAL_MS)

    def apply(self, move: Move | None, seat: str, turn: Turn | None = None) -> None:
        """Play a move for ``seat`` through the session (a computer's for its ``turn``; with no
        move, the one the session forces), note what to show, and save (raises IllegalMove,
        changing nothing)."""
        hand = self.hand
        before, face_up = len(hand.history), hand.face_up
        if turn is not None:
            self.session.play_computer(turn, move, follow=False)
        elif move is None:
            self.session.play_forced(follow=False)
        else:
            self.session.play(move, seat, follow=False)
        self.note_events(hand.history[before:], self.name(seat), face_up)
        if self.reveal is not None and seat != self.viewer:  # cards nobody here saw: from the seat's fan
            self.cue("travel", {"seat": seat, "packet": self.reveal.packet})
        result = self.match.result() if self.match.is_over() else None
        if result is not None:
            self.app.count_match(self.saved)  # the match's history (once): the home, the charts
        if result is not None and any(winner in self.plan.persons for winner in result.great_kabalists):
            self.cue("win", {"game": self.game})
        self.save()
        if seat != self.viewer:  # said to a screen reader as its lines come to the log (log_cue)
            self._to_say.update(range(before, len(hand.history)))

    def after_move(self, seat: str, reveal_ms: int) -> None:
        """Show the move, let a shown play flip after a moment, then go on with the game."""
        self.show_for_a_moment(reveal_ms)
        hand = self.hand
        if len(self.persons_in_hand()) > 1 and not hand.is_over() and hand.turn != seat:
            self.viewer = None  # hide the hand that just played until the next person takes the device
            self.focus = 0
        if self.play_forced():
            return  # the move forced next is drawn with this one: one redraw for both
        self.refresh()
        if self.reveal is None:
            self.continue_play()

    def showing(self) -> bool:
        """A play is being shown before its packet flips."""
        return self.reveal is not None

    def after_reveal(self) -> None:
        self.refresh()
        self.continue_play()

    def continue_play(self) -> None:
        """After a move: the move the session forces on the person looking (the yield, when that
        is all the rules leave her); let the computer play."""
        hand = self.hand
        if hand.is_over() or self.reveal is not None:
            return
        if not self.is_computer(self.turn()):
            self.play_forced()
            return
        if self._task is None or self._task.done():
            self._task = asyncio.ensure_future(self.computer_turns())

    def play_forced(self) -> bool:
        """The move the session forces on the person at the device now (the yield, when that is
        all the rules leave her), made and shown; False when there is none (or a play is being
        shown, or the hand is over).

        A play that leaves the person only the yield is followed by it in the same click: the
        table is drawn once, after both (the page showed nothing between the two drawings, and
        the motion of both is one: motion.js takes the cues of redraws not yet painted together).
        Drawing it twice was a second full redraw in half of KABALAM's play clicks (bench/ui.py)."""
        hand = self.hand
        if hand.is_over() or self.reveal is not None:
            return False
        turn = self.turn()
        if self.is_computer(turn) or self.session.forced_move() is None:
            return False
        self.apply(None, turn)
        self.after_move(turn, 0)
        return True

    async def computer_turns(self) -> None:
        """The computer plays its turns one move at a time, at the pace of the settings."""
        while True:
            hand = self.hand
            if hand.is_over() or self.showing() or not self.is_computer(hand.turn):
                return
            seat = self.turn()
            self.thinking = seat
            self.refresh()
            delay = self.app.settings.bot_delay_ms
            await asyncio.sleep(delay / 1000 if delay else 0)
            if self.hand is not hand or hand.turn != seat:
                self.thinking = None
                self.refresh()
                return
            turn = self.session.computer_turn()  # the seat's observation and its seeded rng
            assert turn is not None and turn.seat == seat
            level = self.level_of(seat)
            budget_ms = float(self.app.settings.think_ms)  # a setting: 150 ms unless the player chose otherwise
            move = await think_async(make_bot(level, turn.rng, budget_ms=budget_ms), turn.observation)
            self.thinking = None
            if self.hand is not hand or hand.turn != seat:
                self.refresh()
                return  # the table moved on (a new match, another tab) while the computer thought
            self.apply(move, seat, turn)
            self.after_move(seat, max(delay, 400))
            if self.showing():
                return  # finish_reveal goes on with the game

    def next_hand(self) -> None:
        if not self.hand.is_over() or self.match.is_over():
            return
        self.match.next_hand()
        self.stop_review()
        self._to_say.clear()  # the last hand's events, said or not: the new hand counts afresh
        self.reveal, self.flipped, self.selected, self.focus, self.message = None, None, frozenset(), 0, ""
        self.viewer = self.first_viewer()
        self.dealing = True
        self.save()
        self.refresh()
        self.continue_play()

    def save(self) -> None:
        """Save the match with the move: the page writes the record with the drawing that shows it,
        from the same answer of the worker (a computer's move, played by a task, alike)."""
        self.app.save(KABALAM, self.saved.to_dict())

    # -- keyboard and mouse ------------------------------------------------------

    def first_key(self, event: Any) -> bool | None:
        jumped = self.jump_key(str(event.key))  # read only: Escape goes back to the list
        if jumped is not None:
            return jumped
        return True if self.move_focus(event) else None

    def keys(self) -> dict[str, Key]:
        return {
            **{str(packet): self.packet_key(packet) for packet in (1, 2, 3)},
            "h": used(self.ask_hint),
            "y": self.yield_key,
            "Escape": self.put_back,
            "n": self.next_hand_key,
        }

    def packet_key(self, packet: int) -> Key:
        return used(lambda: self.packet_chosen(packet))

    def yield_key(self) -> bool:
        """Y: yield the turn (while the hand is on)."""
        if self.hand.is_over():
            return False
        self.play(Move.yield_turn())
        return True

    def put_back(self) -> bool:
        """Escape: put back the cards picked up, and forget the refusal about them."""
        if not self.selected:
            return False
        self.selected, self.message = frozenset(), ""
        self.refresh()
        return True

    def next_hand_key(self) -> bool:
        """N: the next hand, once this one is over (and the match is not)."""
        if not self.hand.is_over() or self.match.is_over():
            return False
        self.next_hand()
        return True

    def saved_from(self, record: Any) -> SavedMatch | None:
        return record if isinstance(record, SavedMatch) else None

    def reload(self, saved: SavedMatch) -> None:
        self.leave()
        self.saved, self.reveal, self.selected = saved, None, frozenset()
        self._to_say.clear()
        self.refresh()
        self.continue_play()
