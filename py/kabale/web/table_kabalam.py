"""The KABALAM table: a match for 2-4 seats, people at this device and the computer.

The match (engine) is the state; this screen keeps only what the table adds:
who is looking (hot-seat), the cards picked up, the cards shown for a moment
after a play. Every move goes through ``Match.apply`` and is saved at once.
"""

from __future__ import annotations

import asyncio
from typing import Any, Mapping

from kabale.bots import make_bot, think_async
from kabale.cards import new_rng
from kabale.game import IllegalMove
from kabale.games.kabala.rules import Move
from kabale.games.kabalam.state import KabalamObservation
from kabale.games.kabalam.hand import KabalamHand
from kabale.games.kabalam.match import Match

from .dom import Element, data, h
from .kabala_table import KabalaTable
from .kabalam_coach import CoachMixin
from .kabalam_review import REVIEW_ACTIONS, KabalamReviewMixin
from .kabala_view import KabalaScene, endowment_element, kabala_element, log_element, selection_text, sum_element
from .messages import event_text, placing_text
from .saved import KABALAM, SavedMatch, TablePlan

#: How long a person's own play stays in view before its packet flips (ms).
OWN_REVEAL_MS = 650


class KabalamTable(KabalamReviewMixin, CoachMixin, KabalaTable):
    game: str = "kabalam"
    record = KABALAM

    def __init__(self, app: Any, saved: SavedMatch) -> None:
        super().__init__(app)
        self.saved = saved
        self.thinking: str | None = None  # the computer seat whose move is being found
        self.viewer: str | None = self.first_viewer()
        self._task: asyncio.Task[None] | None = None
        self.dealing = not self.hand.moves  # a hand reopened part-way is not dealt again

    # -- what the table knows --------------------------------------------------

    @property
    def plan(self) -> TablePlan:
        return self.saved.plan

    @property
    def match(self) -> Match:
        return self.saved.match

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
        plan = self.plan.plan_of(seat)
        if plan.name:
            return plan.name
        if plan.kind == "you" and len(self.plan.persons) == 1:
            return self.t("you")
        if plan.is_person:
            return self.t(f"seat.{seat}")
        return self.t("computer", seat=self.t(f"seat.{seat}"), level=self.t(f"level.{plan.kind}"))

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

    def covered(self) -> bool:
        """Hot-seat: the turn is a person's who is not the one looking at the device."""
        hand = self.hand
        turn = None if hand.is_over() else hand.turn
        return turn is not None and not self.is_computer(turn) and turn != self.viewer

    # -- drawing ---------------------------------------------------------------

    def render(self) -> Element:
        t, match = self.t, self.match
        hand = self.shown_hand()  # the hand, or during a review's jump the position before that decision
        if self.covered():
            return self.render_cover(self.turn())
        observation, viewer = self.seen(), self.looking()
        my_turn = viewer is not None and hand.turn == viewer and not hand.is_over() and hand is self.hand
        endowment = observation.endowment if viewer else ()
        legal = observation.legal_moves if my_turn else ()
        scene = self.scene(observation, legal)
        kabala = kabala_element(scene, t)
        bubble = self.hint_bubble()  # the Hint over the packet it names
        if bubble is not None and 1 <= int(bubble.dataset.packet) <= 3:
            packet = kabala.children[int(bubble.dataset.packet) - 1]
            packet.classList.add("hinted")
            packet.appendChild(bubble)
            bubble = None
        mine = self.render_mine(observation, endowment, legal, scene, my_turn)
        self.mark_jump(kabala, mine)  # a review's jump: the two moves' packets and cards marked
        # a card table: the opponents around the felt, your cards at South, the log a side panel
        # (a drawer on a narrow screen); a refusal shows over the felt and the end of a hand over
        # the table, where the eye is
        return h(
            "section",
            {"class": self.table_classes("kabala-table kabalam-table"), "aria-label": t("table.kabalam"),
             "data-seats": len(self.plan.seats)},
            self.render_bar(),
            self.render_seats(observation),
            h("div", {"class": "felt"},
              sum_element(scene.face_up, t),
              kabala,
              bubble,
              h("p", {"class": "draw-pile", "aria-label": t("draw_pile_label", count=observation.draw_pile_size),
                      "text": t("draw_pile", count=observation.draw_pile_size)})),
            mine,
            h("div", {"class": "feedback"}, h("p", {"class": "refusal", "role": "alert", "text": self.message})),
            log_element(self.log_lines(observation), t, open_=self.log_open),
            self.render_end() if hand.is_over() else None,
        )

    def render_bar(self) -> Element:
        t, hand = self.t, self.shown_hand()
        jump = self.jumped_decision()
        if jump is not None:
            status = t("kreview.bar", number=jump["move_number"])
        elif self.match.is_over():
            status = t("end.match_heading")
        elif hand.is_over():
            status = t("end.hand_heading", number=self.match.hand_number)
        elif self.thinking:
            status = t("table.thinking", name=self.name(self.thinking))
        elif hand.turn == self.viewer:
            status = t("table.your_turn")
        else:
            status = t("table.turn", name=self.name(self.turn()))
        return h(
            "header",
            {"class": "table-bar"},
            h("h2", {"text": f"{t('game.kabalam')} · {t('table.hand', number=self.match.hand_number)}"}),
            h("span", {"class": "deal-number", "text": t("table.deal", seed=self.match.seed)}),
            h("span", {"class": "turn-status", "role": "status", "text": status}),
            h("span", {"class": "bar-actions"},
              self.hint_button(),  # in the bar: beside the cards there is no room left on a phone
              h("button", {"type": "button", "class": "button", "data-action": "rules", "text": t("toolbar.rules")}),
              h("button", {"type": "button", "class": "button", "data-action": "new-match", "text": t("table.new_match")})),
        )

    def place_of(self, seat: str) -> str:
        """Where a seat sits as seen from the device: "me" (the one looking, South when nobody
        is), else "left", "top" or "right" in the order of play (clockwise); one opponent sits
        across, two at the sides."""
        seats = [plan.seat for plan in self.plan.seats]
        looking = self.looking()
        me = looking if looking in seats else seats[0]
        offset = (seats.index(seat) - seats.index(me)) % len(seats)
        if offset == 0:
            return "me"
        return {2: ("top",), 3: ("left", "right"), 4: ("left", "top", "right")}[len(seats)][offset - 1]

    def render_seats(self, observation: KabalamObservation) -> Element:
        t, match, hand = self.t, self.match, self.shown_hand()
        totals = self.shown_totals()  # during a review's jump, as they stood at that decision
        items = []
        for plan in self.plan.seats:
            seat = plan.seat
            count = observation.cards_held(seat) if seat in hand.seats else 0
            if seat not in match.in_match and seat not in hand.seats:
                text = t("table.seat_left", name=self.name(seat), total=totals[seat])
            elif seat not in hand.in_hand and not hand.is_over():
                text = t("table.seat_out", name=self.name(seat), total=totals[seat])
            else:
                text = t("table.seat_summary", name=self.name(seat), count=count, total=totals[seat])
            place = self.place_of(seat)
            turn = seat == hand.turn and not hand.is_over()
            classes = f"seat seat-{place}" + (" turn" if turn else "") + (" me" if seat == self.looking() else "")
            fan = None
            if place != "me":  # the backs of the cards held, fanned (the count is said in words)
                fan = h("span", {"class": "seat-fan", "aria-hidden": "true"},
                        *(h("span", {"class": "mini-back"}) for _ in range(min(count, 12))))
            status = None
            if self.thinking == seat:
                status = h("span", {"class": "seat-status", "text": t("table.seat_thinking")})  # the seat names it
            items.append(h("li", {"class": classes, "data-seat": seat}, fan,
                           h("span", {"class": "seat-text", "text": text}), status))
        return h("ul", {"class": "seats", "aria-label": t("table.opponents")}, *items)

    def render_mine(
        self, observation: KabalamObservation, endowment: tuple[Any, ...], legal: tuple[Move, ...],
        scene: KabalaScene, my_turn: bool,
    ) -> Element:
        t, viewer = self.t, self.looking()
        if not viewer:
            if self.match.is_over():
                return h("section", {"class": "mine"})
            hint = t("endowment.hidden") if self.persons_in_hand() else t("endowment.watching")
            return h("section", {"class": "mine"}, h("p", {"class": "hint", "text": hint}))
        focus = min(self.focus, max(len(endowment) - 1, 0))
        controls = []
        if my_turn and scene.passable:
            controls.append(h("p", {"class": "prompt", "text": t("table.pass_prompt")}))
        elif my_turn:
            controls.append(h("p", {"class": "prompt", "aria-live": "polite",
                                    "text": selection_text(endowment, self.selected, scene.lit, observation.target, t)}))
        if my_turn and Move.yield_turn() in legal:
            controls.append(h("button", {"type": "button", "class": "button", "data-action": "yield",
                                         "data-key": "yield", "text": t("table.yield")}))
        controls += self.jump_controls()  # during a review's jump: which decision, its two moves, the way back
        heading = t("endowment.heading", count=len(endowment)) if self.plan.plan_of(viewer).kind == "you" \
            else t("endowment.heading_of", name=self.name(viewer), count=len(endowment))
        return h(
            "section",
            {"class": "mine", "aria-labelledby": "mine-heading"},
            h("h3", {"id": "mine-heading", "text": heading}),
            endowment_element(endowment, self.selected, focus, t, t("endowment.label")),
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

    def render_end(self) -> Element:
        t, match, hand = self.t, self.match, self.hand
        result = hand.result()
        assert result is not None
        lines = []
        if result.ending == "closed" and result.closer:
            lines.append(t("end.closed", name=self.name(result.closer)))
        elif result.ending == "all_passed":
            lines.append(t("end.all_passed"))
        elif result.ending == "one_seat_left":
            left = [seat for seat in hand.in_hand]
            lines.append(t("end.one_seat_left", name=", ".join(self.name(seat) for seat in left)))
        if result.out_with_thirteen:
            lines.append(t("end.out_with_thirteen", names=", ".join(self.name(s) for s in result.out_with_thirteen)))
        totals = match.totals
        rows = [
            h("tr", {}, h("th", {"scope": "row", "text": self.name(seat)}),
              h("td", {"text": str(result.scores.get(seat, 0))}), h("td", {"text": str(totals[seat])}))
            for seat in hand.seats
        ]
        table = h("table", {"class": "scores"},
                  h("caption", {"text": t("end.points")}),
                  h("thead", {}, h("tr", {}, h("td", {}), h("th", {"scope": "col", "text": t("end.this_hand")}),
                                   h("th", {"scope": "col", "text": t("end.total")}))),
                  h("tbody", {}, *rows))
        if match.is_over():
            return self.render_match_end(lines)
        return h(
            "section",
            {"class": "hand-end", "aria-labelledby": "end-heading"},
            h("h3", {"id": "end-heading", "text": t("end.hand_heading", number=match.hand_number)}),
            self.placing(result.scores),
            *(h("p", {"text": line}) for line in lines),
            table,
            self.review_element(),
            h("div", {"class": "end-actions"},
              *self.review_controls(),
              h("button", {"type": "button", "class": "button primary", "data-action": "next-hand",
                           "data-key": "next-hand", "text": t("table.next_hand")})),
        )

    def render_match_end(self, lines: list[str]) -> Element:
        t, match = self.t, self.match
        result = match.result()
        assert result is not None
        names = ", ".join(self.name(seat) for seat in result.great_kabalists)
        title = t("end.great_kabalists" if len(result.great_kabalists) > 1 else "end.great_kabalist", names=names)
        seats = [plan.seat for plan in self.plan.seats]
        head = h("tr", {}, h("th", {"scope": "col", "text": t("end.hand_column")}),
                 *(h("th", {"scope": "col", "text": self.name(seat)}) for seat in seats))
        body = []
        for number, hand_result in enumerate(match.results, start=1):
            body.append(h("tr", {}, h("th", {"scope": "row", "text": str(number)}),
                          *(h("td", {"text": str(hand_result.scores[seat]) if seat in hand_result.scores
                                     else t("end.left_match")}) for seat in seats)))
        body.append(h("tr", {"class": "total"}, h("th", {"scope": "row", "text": t("end.total")}),
                      *(h("td", {"text": str(match.totals[seat])}) for seat in seats)))
        return h(
            "section",
            {"class": "match-end", "aria-labelledby": "match-end-heading"},
            h("h3", {"id": "match-end-heading", "text": t("end.match_heading")}),
            *(h("p", {"text": line}) for line in lines),
            h("p", {"class": "great-kabalist", "text": title}),
            self.placing(match.totals),
            h("table", {"class": "scores score-sheet"}, h("caption", {"text": t("end.score_sheet")}),
              h("thead", {}, head), h("tbody", {}, *body)),
            self.review_element(),
            h("div", {"class": "end-actions"},
              *self.review_controls(),
              h("button", {"type": "button", "class": "button primary", "data-action": "new-match",
                           "data-key": "new-match", "text": t("table.new_match")})),
        )

    def placing(self, points: Mapping[str, int]) -> Element | None:
        """"You finished 2nd of 4", for the one person at the table (hot seat: the score sheet says it)."""
        persons = self.plan.persons
        if len(persons) != 1 or persons[0] not in points:
            return None
        return h("p", {"class": "placing", "text": placing_text(points, persons[0], self.t)})

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

    def on_action(self, action: str, target: Any, event: Any) -> None:
        if action in REVIEW_ACTIONS:
            self.on_review_action(action, int(data(target, "move") or 0))
        elif self.jumped_decision() is not None and action not in ("rules", "log", "new-match"):
            return  # an earlier position, shown read only: its cards and packets do nothing
        elif action == "card":
            self.toggle(int(data(target, "index") or 0))
        elif action == "packet":
            self.packet_chosen(int(data(target, "packet") or 0))
        elif action == "yield":
            self.play(Move.yield_turn())
        elif action == "uncover":
            self.viewer = self.hand.turn
            self.selected, self.focus, self.message = frozenset(), 0, ""
            self.refresh()
        elif action == "next-hand":
            self.next_hand()
        elif action == "new-match":
            self.app.open_kabalam_setup(fresh=True)
        elif action == "rules":
            self.app.show_rules(self.game)
        elif action == "log":
            self.toggle_log()
        elif action == "hint":
            self.ask_hint()

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

    def apply(self, move: Move, seat: str) -> None:
        """Apply a move for ``seat``, note what to show, and save (raises IllegalMove, changing nothing)."""
        hand = self.hand
        before, face_up = len(hand.history), hand.face_up
        self.match.apply(move, seat)
        self.note_events(hand.history[before:], self.name(seat), face_up)
        if self.reveal is not None and seat != self.viewer:  # cards nobody here saw: from the seat's fan
            self.cue("travel", {"seat": seat, "packet": self.reveal.packet})
        result = self.match.result() if self.match.is_over() else None
        if result is not None and any(winner in self.plan.persons for winner in result.great_kabalists):
            self.cue("win", {"game": self.game})
        self.save()
        if seat != self.viewer:
            observation = self.seen()
            new_lines = [event_text(e, self.viewer, self.names(), self.t) for e in observation.history[before:]]
            self.app.announce(" ".join(line for line in new_lines if line))

    def after_move(self, seat: str, reveal_ms: int) -> None:
        """Show the move, let a shown play flip after a moment, then go on with the game."""
        self.show_for_a_moment(reveal_ms)
        hand = self.hand
        if len(self.persons_in_hand()) > 1 and not hand.is_over() and hand.turn != seat:
            self.viewer = None  # hide the hand that just played until the next person takes the device
            self.focus = 0
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
        """After a move: yield for a person when that is all the rules leave; let the computer play."""
        hand = self.hand
        if hand.is_over() or self.reveal is not None:
            return
        turn = self.turn()
        if not self.is_computer(turn):
            legal = hand.observation(turn).legal_moves
            if legal == (Move.yield_turn(),) and turn == self.viewer:
                self.apply(Move.yield_turn(), turn)
                self.after_move(turn, 0)
            return
        if self._task is None or self._task.done():
            self._task = asyncio.ensure_future(self.computer_turns())

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
            observation = hand.observation(seat)
            level = self.plan.plan_of(seat).kind
            rng = new_rng(f"{self.match.seed}:{self.match.hand_number}:{seat}:{len(hand.moves)}")
            budget_ms = float(self.app.settings.think_ms)  # a setting: 150 ms unless the player chose otherwise
            move = await think_async(make_bot(level, rng, budget_ms=budget_ms), observation)
            self.thinking = None
            if self.hand is not hand or hand.turn != seat:
                self.refresh()
                return  # the table moved on (a new match, another tab) while the computer thought
            self.apply(move, seat)
            self.after_move(seat, max(delay, 400))
            if self.showing():
                return  # finish_reveal goes on with the game

    def next_hand(self) -> None:
        if not self.hand.is_over() or self.match.is_over():
            return
        self.match.next_hand()
        self.stop_review()
        self.reveal, self.flipped, self.selected, self.focus, self.message = None, None, frozenset(), 0, ""
        self.viewer = self.first_viewer()
        self.dealing = True
        self.save()
        self.refresh()
        self.continue_play()

    def save(self) -> None:
        self.app.save(KABALAM, self.saved.to_dict())

    # -- keyboard and mouse ------------------------------------------------------

    def on_key(self, event: Any) -> bool:
        key = str(event.key)
        if self.jumped_decision() is not None:  # read only: Escape goes back to the list
            if key == "Escape":
                self.on_review_action("review-back", 0)
            return key == "Escape"
        if self.move_focus(event):
            return True
        if key in ("1", "2", "3"):
            self.packet_chosen(int(key))
            return True
        if key in ("h", "H"):
            self.ask_hint()
            return True
        if key in ("y", "Y") and not self.hand.is_over():
            self.play(Move.yield_turn())
            return True
        if key == "Escape" and self.selected:
            self.selected, self.message = frozenset(), ""
            self.refresh()
            return True
        if key in ("n", "N") and self.hand.is_over() and not self.match.is_over():
            self.next_hand()
            return True
        return False

    def on_storage(self, name: str) -> None:
        if name != self.record:
            return
        saved = self.app.store.load(KABALAM)
        if isinstance(saved, SavedMatch):
            self.leave()
            self.saved, self.reveal, self.selected = saved, None, frozenset()
            self.refresh()
            self.continue_play()
