"""The KABALAM table played at a distance (issue 30): the host's, and a guest's.

Why two subclasses of the one KABALAM table and not a table of their own: each device shows the
table from its own seat as a local match does (its cards at the bottom, the others around),
with its own Hint, memory aid, log and language; only where the moves come from and go to differs.

* :class:`RemoteHostTable`: the host's page runs the match through :class:`kabale.net.host.Host`
  (its one :class:`~kabale.session.Session` plays every seat: a friend's seat is a person's whose
  moves come over the network). The table plays the host's moves and thinks the computer's turns
  as a local table does, and tells the guests through the host (each move's ``Outgoing``).
* :class:`GuestTable`: a guest's page holds no match, only its seat's view
  (:class:`kabale.net.guest.Guest`); :class:`ObservedMatch` and :class:`ObservedHand` answer
  from it what the table asks of a match and a hand, and a move goes to the host, which
  answers with the news (or a refusal, said over the felt).

Neither asks where a seat's player sits beyond the set-up's plan ("remote": a friend's seat).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable, Generator

from kabale.bots.review import TABLE_DEALS, TABLE_WORLDS, think_review
from kabale.cards import Card
from kabale.games.kabala.rules import Move
from kabale.games.kabalam.state import HandResult, KabalamObservation
from kabale.game import IllegalMove
from kabale.session import Session, Turn

from ..coach.sliced_review import Progress
from ..storage.saved import BOT_LEVELS, SavedMatch, SeatPlan, TablePlan
from ..text.i18n import News, Said, Told, Words
from ..text.messages import refusal
from ..views.felt_views import Mark
from ..views.view_models import ButtonView, KabalamView
from .render import card_key
from .table_kabalam import OWN_REVEAL_MS, KabalamTable

if TYPE_CHECKING:
    from kabale.net.guest import Guest
    from kabale.net.host import Host, Outgoing

__all__ = ["RemoteHostTable", "GuestTable", "ObservedHand", "ObservedMatch", "guest_plan"]

#: A move seen arriving: the hand it was played in, its history's length and the face-up cards before.
Before = tuple[Any, int, tuple[Card, ...]]


class RemoteHostTable(KabalamTable):
    """The host's table: the match is the net host's, every move tells the guests (``send``)."""

    record = None  # type: ignore[assignment]  # not the local match's record: a friend's table never replaces it

    def __init__(self, app: Any, host: "Host", plan: TablePlan, send: Callable[[list["Outgoing"]], None],
                 keep: Callable[[], None], query: str, play_on: Callable[[], None]) -> None:
        self.host = host
        self.send = send
        self.keep = keep
        self.address = query
        self.play_on = play_on
        #: The host pressed Next hand (or New match) while a friend's bytes for the deal were missing.
        self.deal_asked = False
        assert host.match is not None, "the host deals before the table opens"
        super().__init__(app, SavedMatch(plan, host.match))

    @property
    def plan(self) -> TablePlan:
        """The set-up's plan, with each friend's name as she gave it when she sat down."""
        seats = self.saved.plan.seats
        return TablePlan(tuple(replace(seat, name=self.host.seats[seat.seat].name[:24]) if seat.is_remote else seat
                               for seat in seats))

    @property
    def match(self) -> Any:
        match = self.host.match
        assert match is not None
        if self.saved.match is not match:  # a new match: the plan stays
            self.saved = SavedMatch(self.saved.plan, match)
        return match

    @property
    def session(self) -> Session:
        session = self.host.session
        assert session is not None
        return session

    def query(self) -> str:
        return self.address

    def leave(self) -> None:
        """Off to another screen: the computer's turn this table was thinking is played at once
        (``play_on``, kabale.web.remote_host HostLink.play_on, which plays the later ones too), so
        the friends play on."""
        super().leave()
        self.play_on()

    def is_computer(self, seat: str | None) -> bool:
        if seat is None:
            return False
        kind = self.plan.plan_of(seat).kind
        return kind in BOT_LEVELS or (kind == "remote" and self.host.seats[seat].computer)

    def level_of(self, seat: str) -> str:
        kind = self.plan.plan_of(seat).kind
        return self.host.seats[seat].level if kind == "remote" else kind

    def covered(self) -> bool:
        """A friend's turn is hers, at her device: nothing here to hide (hot seat covers only the
        people at this device)."""
        hand = self.hand
        turn = None if hand.is_over() else hand.turn
        return turn is not None and self.plan.plan_of(turn).is_person and not self.is_computer(turn) \
            and turn != self.viewer

    def away(self, seat: str) -> bool:
        state = self.host.seats[seat]
        return state.kind == "remote" and state.away and not state.computer

    def view(self, marks: tuple[Mark, ...] = ()) -> KabalamView:
        """As a local table's, and the status says whose turn it is at a distance: "waiting for
        NAME" while her device is away, with the button that gives her seat to the computer."""
        view = super().view(marks)
        hand = self.hand
        turn = None if hand.is_over() else hand.turn
        away = [seat for seat in self.host.seats if self.away(seat) and seat in hand.in_hand]
        bar = view.bar
        if turn is not None and turn in away:
            bar = replace(bar, status=self.t("remote.waiting_for", name=self.name(turn)))
        buttons = tuple(ButtonView("give-to-computer", self.t("remote.give", name=self.name(seat)),
                                   key=f"give-{seat}") for seat in away)
        # a new match is dealt for everyone at the end of this one (its end offers it), not mid-match;
        # the deal as the room counts them, as every friend's table names it (the seed, a secret till
        # the hand's end, is no number a friend could compare: kabale.net.commitment)
        bar = replace(bar, buttons=buttons + tuple(b for b in bar.buttons if b.action != "new-match")
                      + (ButtonView("end-table", self.t("remote.end"), key="end-table"),),
                      deal=self.t("table.deal", seed=self.host.hand_deal))
        gone = {seat for seat in self.host.seats if self.host.seats[seat].away}
        # a friend away whose seat the computer plays: its pill says so (it read "Bo is thinking…", the
        # log "Bo played…", as if she were back: a playthrough)
        seats = tuple(replace(seat, text=self.t("remote.computer_seat" if self.host.seats[seat.seat].computer
                                                else "remote.away_seat", text=seat.text)) if seat.seat in gone else seat
                      for seat in view.seats)
        return replace(view, bar=bar, seats=seats)

    def actions(self) -> dict[str, Any]:
        return {**super().actions(), "give-to-computer": self.give_to_computer,
                "new-match": lambda target: self.deal(), "end-table": self.end_table}

    def end_table(self, target: Any) -> None:
        """End the table for everyone, once asked (kabale.web.remote_host's link, which holds the room)."""
        ask = getattr(getattr(self.app, "remote", None), "ask_to_end", None)
        if ask is not None:
            ask()

    def give_to_computer(self, target: Any) -> None:
        seat = str(target.getAttribute("data-key") or "").removeprefix("give-")
        if seat not in self.host.seats or not self.away(seat):
            return
        self.send(self.host.give_to_computer(seat))
        self.refresh()
        self.continue_play()

    def apply(self, move: Move | None, seat: str, turn: Turn | None = None) -> None:
        """A move made at this device (the host's own, or the computer's for its ``turn``; with no
        move, the one the position forces), played by the net host, which tells the guests."""
        hand = self.hand
        before, face_up = len(hand.history), hand.face_up
        if turn is not None and not self.is_computer(seat):
            return  # her friend came back while the computer thought for her: the seat is hers again
        if turn is not None:
            out = self.host.play_computer(turn, move)  # type: ignore[arg-type]
        elif move is None:
            out = self.host.play_forced()
        else:
            out = self.host.play_here(seat, move)
        self.send(out)
        self.shown(seat, before, face_up)

    def shown(self, seat: str, before: int, face_up: tuple[Card, ...]) -> None:
        """Note what a move showed (the play on its packet, a flip, where its cards came from)."""
        hand = self.hand
        self.note_events(hand.history[before:], self.name(seat), face_up)
        if self.reveal is not None and seat != self.viewer:
            self.cue("travel", {"seat": seat, "packet": self.reveal.packet})
        result = self.match.result() if self.match.is_over() else None
        if result is not None and any(winner in self.plan.persons for winner in result.great_kabalists):
            self.cue("win", {"game": self.game})
        if seat != self.viewer:
            self._to_say.update(range(before, len(hand.history)))
        self.save()

    def remote_changed(self, before: Before | None, mover: str | None) -> None:
        """A guest's message was handled: show the move it made, if any, as a computer's is shown;
        deal, if the host asked to while a friend's bytes were still on their way."""
        hand = self.match.hand
        if before is not None and hand is before[0] and len(hand.history) > before[1] and mover is not None:
            self.finish_reveal(go_on=False)
            self.shown(mover, before[1], before[2])
            self.after_move(mover, max(self.app.settings.bot_delay_ms, 400))
            return
        if self.deal_asked and self.hand.is_over() and not self.host.missing():
            self.deal()
            return
        self.refresh()
        self.continue_play()

    def next_hand(self) -> None:
        if self.hand.is_over() and not self.match.is_over():
            self.deal()

    def deal(self) -> None:
        """The next hand, or a new match once this one is over: the host deals once every friend
        present has sent her bytes for the deal (kabale.net.commitment). Asked before they have
        come (a friend's page answers the hand's end a moment after the host's sees it), the
        table says whom it waits for and deals when they come (``remote_changed``): the host
        need not press again, nor guess when."""
        if not self.hand.is_over():
            return
        try:
            out = self.host.deal_next()
        except ValueError:
            missing = ", ".join(self.name(seat) for seat in self.host.missing())
            self.message = Said.of("remote.waiting_for", name=missing)
            self.deal_asked = True
            self.refresh()
            return
        self.deal_asked = False
        self.send(out)
        self.save()
        self.stop_review()
        self._to_say.clear()
        self.reveal, self.flipped, self.selected, self.focus, self.message = None, None, frozenset(), 0, ""
        self.viewer = self.first_viewer()
        self.dealing = True
        self.refresh()
        self.continue_play()

    def save(self) -> None:
        """Keep the host's table (its own record: the local match's stays as it was), with the move
        that the page draws, as a local table does."""
        self.keep()


# -- a guest's page ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ObservedResult:
    """The match's end as a guest knows it: who is the Great Kabalist."""

    great_kabalists: tuple[str, ...]


class ObservedHand:
    """A hand as a guest's seat knows it: its observation, and the moves told. It answers what the
    table asks of a hand (the observation of the seat looking; nothing of another seat's cards)."""

    def __init__(self, guest: "Guest") -> None:
        self.guest = guest

    @property
    def seen(self) -> KabalamObservation:
        observation = self.guest.observation
        assert observation is not None, "a guest's table opens once it has a hand"
        return observation

    def observation(self, seat: str) -> KabalamObservation:
        return self.seen

    @property
    def turn(self) -> str | None:
        return self.seen.turn

    def is_over(self) -> bool:
        return self.seen.result is not None

    def result(self) -> HandResult | None:
        return self.seen.result

    @property
    def seats(self) -> tuple[str, ...]:
        return self.seen.seats

    @property
    def in_hand(self) -> tuple[str, ...]:
        return self.seen.in_hand

    @property
    def moves(self) -> list[str]:
        return self.guest.moves

    @property
    def history(self) -> tuple[Any, ...]:
        return self.seen.history

    @property
    def face_up(self) -> tuple[Card, ...]:
        return self.seen.face_up

    def endowment(self, seat: str) -> tuple[Card, ...] | None:
        """This seat's cards; another's once the hand is over and its deal checked out (the host
        revealed it: the end shows every seat's cards left, as the host's does), else None, not
        this page's to know."""
        if seat == self.seen.seat:
            return self.seen.endowment
        whole = self.guest.revealed_hand() if self.is_over() else None
        return None if whole is None else whole.endowment(seat)

    def to_dict(self) -> dict[str, Any]:
        """The whole hand's record, once revealed (a Review's jump replays it to a decision)."""
        whole = self.guest.revealed_hand()
        if whole is None:
            raise ValueError("a hand not revealed yet cannot be replayed")
        return whole.to_dict()


class ObservedMatch:
    """The match as a guest knows it: the public scores and its seat's hand."""

    def __init__(self, guest: "Guest") -> None:
        self.guest = guest
        self._hand: tuple[int, ObservedHand] | None = None

    @property
    def hand(self) -> ObservedHand:
        if self._hand is None or self._hand[0] != self.guest.deal:
            self._hand = (self.guest.deal, ObservedHand(self.guest))  # one object a hand (the log's memo)
        return self._hand[1]

    @property
    def seats(self) -> tuple[str, ...]:
        """The match's seats, as the host's table names them (a hand's are those still in it): the
        score chart reads them from the second hand's end on (it raised AttributeError there, every
        friend's page, a playthrough)."""
        table = self.guest.table or {"seats": []}
        return tuple(seat["seat"] for seat in table["seats"]) or self.hand.seats

    @property
    def summary(self) -> dict[str, Any]:
        return self.guest.match or {"hand_number": 1, "totals": {}, "in_match": [], "great_kabalists": None}

    @property
    def seed(self) -> int:
        return self.guest.deal

    @property
    def hand_number(self) -> int:
        return int(self.summary["hand_number"]) or 1

    @property
    def totals(self) -> dict[str, int]:
        totals = dict(self.summary["totals"])
        return {seat: int(totals.get(seat, 0)) for seat in self.hand.seats} | totals

    @property
    def in_match(self) -> tuple[str, ...]:
        return tuple(self.summary["in_match"])

    @property
    def results(self) -> list[HandResult]:
        return self.guest.results

    def is_over(self) -> bool:
        return self.summary.get("great_kabalists") is not None

    def result(self) -> ObservedResult | None:
        winners = self.summary.get("great_kabalists")
        return None if winners is None else ObservedResult(tuple(winners))


def guest_plan(guest: "Guest") -> TablePlan:
    """Who sits where, from the host's table: this page's seat is "you" (unnamed: "You" in her log,
    her pill and her end, as at the host's own table; her log said "Bo passed" beside "You drew"),
    a friend's or the host's seat a person elsewhere ("remote", with her name), the computer at its
    level."""
    assert guest.table is not None
    seats = []
    for seat in guest.table["seats"]:
        if seat["seat"] == guest.seat:
            seats.append(SeatPlan(seat["seat"], "you", ""))
        elif seat["kind"] == "computer" and seat["level"] in BOT_LEVELS:
            seats.append(SeatPlan(seat["seat"], seat["level"], ""))
        else:
            seats.append(SeatPlan(seat["seat"], "remote", seat["name"][:24]))
    return TablePlan(tuple(seats))


class GuestTable(KabalamTable):
    """A guest's table: drawn from its seat's view; a move goes to the host (``send``). Her Review of
    a hand outlasts the host's next deal: the hand before stays on her table, its end saying the host
    has dealt (and whether it is her turn), until she goes to the new hand (``held``)."""

    record = None  # type: ignore[assignment]
    # her move goes to the host and comes back with its news: the page starts no motion at her click
    # (started, the cards flew back with her own redraw, and went again with the host's)
    echoes_moves = False

    def __init__(self, app: Any, guest: "Guest", send: Callable[[Any], None], query: str,
                 host_here: Callable[[], bool] = lambda: True) -> None:
        self.guest = guest
        self.host_here = host_here
        self.send_message = send
        self.address = query
        self.observed = ObservedMatch(guest)
        self.waiting = False  # a move sent, its answer not come yet
        # the hand just over as this page saw it, held on the table while her Review of it is open and
        # the host has dealt the next: his Next hand closed her Review (a playthrough); she goes on
        # to the new hand when she says (``to_new_hand``)
        self.held: ObservedMatch | None = None
        self._seen_before: Guest | None = None  # a copy of what this page saw, before the host's news
        self._held_said = ""  # the news of the held hand last said to a screen reader
        super().__init__(app, None)  # type: ignore[arg-type]

    @property
    def plan(self) -> TablePlan:
        return guest_plan(self.guest)

    @property
    def match(self) -> Any:
        return self.observed if self.held is None else self.held

    @property
    def shown(self) -> "Guest":
        """The guest whose hand the table shows: this page's, or the copy that holds the hand before."""
        return self.guest if self.held is None else self.held.guest

    def review_open(self) -> bool:
        """Her Review of the hand just over is asked for, shown, or at one of its jumps."""
        return self.review_shown or self.reviewing() or self.jumped is not None

    def before_news(self) -> None:
        """Called before the host's news is applied (kabale.web.remote_guest): while her Review is open,
        a copy of what this page saw, for a new deal to leave the hand before on the table."""
        self._seen_before = None
        if self.held is None and self.hand.is_over() and self.review_open():
            self._seen_before = type(self.guest).from_dict(self.guest.to_dict())

    def to_new_hand(self, target: Any = None) -> None:
        """She leaves the hand before (and her Review of it) for the hand the host has dealt."""
        if self.held is None:
            return
        self.held, self._held_said = None, ""
        self.stop_review()
        self.reveal, self.flipped, self.selected, self.focus, self.message = None, None, frozenset(), 0, ""
        self.dealing = True
        self.refresh()
        self.app.focus_key(card_key(0), scroll=False)  # the button pressed is gone: her cards have the focus

    def next_hand(self) -> None:
        """N: to the hand the host has dealt, while the hand before is held (else the host deals)."""
        self.to_new_hand()

    def held_news(self) -> tuple[str, str] | None:
        """While the hand before is held: what her page says of the news (the host's deal, a new match,
        her turn in it, or a hand played meanwhile: the computer may play her seat while she is away),
        and the words of the button that takes her there. None when nothing is held."""
        if self.held is None:
            return None
        live = self.observed
        number = live.hand_number
        if self.held.is_over():  # the match is over: the host has started a new one
            return (self.t("remote.new_match_your_turn" if self.my_turn() else "remote.new_match"),
                    self.t("remote.to_new_match"))
        if live.hand.is_over():
            news = self.t("remote.played_meanwhile", number=number)
        else:
            news = self.t("remote.dealt_your_turn" if self.my_turn() else "remote.dealt", number=number)
        return news, self.t("remote.to_new_hand", number=number)

    def my_turn(self) -> bool:
        """Her turn in the hand the host has dealt (while the hand before is held, it is not the one shown)."""
        live = self.observed.hand
        return not live.is_over() and live.turn == self.guest.seat

    @property
    def hand(self) -> Any:
        return self.match.hand

    def query(self) -> str:
        return self.address

    def first_viewer(self) -> str | None:
        return self.guest.seat

    def persons_in_hand(self) -> tuple[str, ...]:
        seat = self.guest.seat
        return (seat,) if seat is not None and seat in self.hand.seats else ()

    def is_computer(self, seat: str | None) -> bool:
        return False  # the host's page plays the computer: here every other seat plays elsewhere

    def covered(self) -> bool:
        return False

    def reviewed(self) -> tuple[str, ...]:
        """This page's seat alone: its player's decisions (the friends review their own)."""
        seat = self.guest.seat
        return (seat,) if seat is not None and seat in self.hand.seats else ()

    def may_review(self) -> bool:
        """Once the hand is over and its deal checked out: a review replays the whole deal, which
        this page holds only once the host has revealed it (kabale.net.guest ``revealed_hand``)."""
        return self.hand.is_over() and self.shown.revealed_hand() is not None and bool(self.reviewed())

    def think_review(self) -> Generator[Progress, None, dict[str, Any]]:
        """The review of the revealed hand, as the host's table reviews it (the same sampled deals
        per decision, seed 0): the friend's decisions, each beside the hard computer's choice."""
        whole = self.shown.revealed_hand()
        assert whole is not None, "may_review holds"
        return think_review(whole, self.reviewed(), TABLE_WORLDS, 0, deals=TABLE_DEALS)

    def continue_play(self) -> None:
        """The host plays what follows by itself (forced moves, the computer's turns)."""

    def play_forced(self) -> bool:
        return False

    def view(self, marks: tuple[Mark, ...] = ()) -> KabalamView:
        """As the host's table, without what only the host does (deal, start a new match); the
        status names a player who is away ("waiting for NAME")."""
        view = super().view(marks)
        bar = replace(view.bar, buttons=(*(b for b in view.bar.buttons if b.action != "new-match"),
                                         ButtonView("leave-table", self.t("remote.leave"), key="leave-table")))
        hand = self.hand
        turn = None if hand.is_over() else hand.turn
        table = self.guest.table or {"seats": []}
        # this page's own seat is here whatever the host's last table said: it still had her away for
        # a moment after her reload, and her own turn read "Waiting for You" (a playthrough)
        away = {seat["seat"] for seat in table["seats"]
                if seat["away"] and not seat["computer"] and seat["seat"] != self.guest.seat}
        if turn is not None and turn in away:
            bar = replace(bar, status=self.t("remote.waiting_for", name=self.name(turn)))
        news = self.held_news()
        if news is not None:  # the bar says it too: at one of her Review's jumps the hand's end is not drawn
            bar = replace(bar, status=news[0])
        hosts = [seat["name"] for seat in table["seats"] if seat["kind"] == "here"]
        if not self.host_here():  # the host's page is gone (a reload, a phone asleep): its answers wait
            # not "Waiting for Anna", which reads as her turn while it is this page's own (a playthrough)
            bar = replace(bar, status=self.t("remote.connecting", name=hosts[0] if hosts else self.t("remote.host_name")))
        result = view.result
        if result is not None:
            # the deal everyone can check (kabale.net.commitment): what this page found once the host revealed it
            shown = self.shown
            check = shown.checks.get(shown.deal)
            checked = () if check is None else (self.t("remote.check_ok") if check.ok
                                                else self.t("remote.check_failed", reason=check.text[:200]),)
            actions: tuple[ButtonView, ...] = ()
            dealt = self.t("remote.host_deals")
            if news is not None:  # the host has dealt meanwhile: the hand before stays till she goes on
                dealt = news[0]
                actions = (ButtonView("to-new-hand", news[1], key="to-new-hand", primary=True),)
            result = replace(result, actions=actions, lines=(*result.lines, *checked, dealt))
        return replace(view, bar=bar, result=result)

    def actions(self) -> dict[str, Any]:
        return {**super().actions(), "next-hand": lambda target: None, "new-match": lambda target: None,
                "leave-table": self.leave_table, "to-new-hand": self.to_new_hand}

    def leave_table(self, target: Any) -> None:
        """Leave the seat for good, once asked (kabale.web.remote_guest's link, which holds the room)."""
        ask = getattr(getattr(self.app, "remote", None), "ask_to_leave", None)
        if ask is not None:
            ask()

    def may_play(self) -> bool:
        if self.waiting or not self.host_here():
            return False
        return super().may_play()

    def play(self, move: Move) -> None:
        """Send the move to the host; the table changes when its answer comes (the news, or why not)."""
        if not self.may_play():
            return
        self.send_message(self.guest.play(str(move)))
        self.waiting = True
        self.selected, self.message = frozenset(), ""
        self.refresh()

    def remote_changed(self, before: Before | None, mover: str | None) -> None:
        """The host's news: show another's play on its packet as a computer's is shown; a refusal
        is said over the felt."""
        self.waiting = False
        refusal, self.guest.refusal = self.guest.refusal, None
        if refusal is not None:
            self.message = refusal_words(refusal.code, refusal.text, refusal.details)
        played_for, self.guest.played_for = self.guest.played_for, 0
        if played_for:  # back at her seat, which the computer played meanwhile: her log alone reads as her own
            self.message = News.of("remote.played_for_one") if played_for == 1 \
                else News.of("remote.played_for_many", count=played_for)
        hand = self.hand
        if before is not None and before[0] is hand and len(hand.history) > before[1] and mover is not None:
            self.finish_reveal(go_on=False)
            self.note_events(hand.history[before[1]:], self.name(mover), before[2])
            if self.reveal is not None and mover != self.viewer:
                self.cue("travel", {"seat": mover, "packet": self.reveal.packet})
            if mover != self.viewer:
                self._to_say.update(range(before[1], len(hand.history)))
            self.show_for_a_moment(OWN_REVEAL_MS)
        elif before is not None and before[0] is not hand:
            if self._seen_before is not None:  # her Review stays, and the hand before with it, till she goes on
                self.held = ObservedMatch(self._seen_before)
            else:
                self.stop_review()  # a review, or a jump into one, belongs to the hand before
                self.reveal, self.flipped, self.selected, self.focus = None, None, frozenset(), 0
                self.dealing = True
        self._seen_before = None
        news = self.held_news()
        if news is not None and news[0] != self._held_said:  # said once, and again as it changes (her turn)
            self._held_said = news[0]
            self.app.announce(news[0])
        self.refresh()

    def save(self) -> None:
        """The guest's page keeps its seat's record itself (kabale.web.remote_guest)."""


#: The refusals with words of their own (kabale.net.messages.CODES); any other says the host's English.
REFUSAL_CODES = frozenset({"malformed", "too_big", "unknown_kind", "wrong_version", "not_seated", "other_seat",
                           "bad_token", "out_of_turn", "illegal_move", "stale", "no_such_seat", "not_remote",
                           "seat_taken", "already_seated", "bad_name", "no_hand", "not_wanted", "too_late"})


def refusal_words(code: str, text: str, details: dict[str, Any]) -> Words:
    """Why the host refused a message, in the player's language: an illegal move as the engine's
    own refusal (its reason and details came with it), any other by its code."""
    reason = details.get("reason")
    if code == "illegal_move" and isinstance(reason, str):
        return Told(refusal, (IllegalMove(text, reason, {k: v for k, v in details.items() if k != "reason"}),))
    return Said.of(f"remote.refused.{code}" if code in REFUSAL_CODES else "remote.refused.other")
