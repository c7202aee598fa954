"""The Double H table: two H's of 13 places, the stock and the waste, three rounds.

The DoubleH engine is the state, played through a :class:`kabale.session.Session`
(which plays the proved-safe moves after the player's, when the setting asks);
the table keeps only the card picked up (its source), the hint on show and the
verdicts the solver gave. Every move is saved as it is made: the page writes the record
with the drawing that shows the move, from the same answer of the worker.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Callable

from kabale.cards import SUITS
from kabale.game import IllegalMove
from kabale.games.double_h.moves import PLACES, Move, MoveKind, Place
from kabale.games.double_h.rules import DoubleH, PlaceFacts, TableFacts
from kabale.session import MAX_AUTOMATIC, Session

from .ahead import DOUBLE_H_SOLVER, import_ahead
from ..dom import Element, Kept, data, h, keep
from ..coach.double_h_hint import hint_basis
from ..views.felt_views import (
    WASTE, CardMemo, CardView, DoubleHFelt, PlaceMemo, PlaceView, card_view, moves_from, place_words,
)
from ..text.i18n import Joined, Said, Told, Words
from ..text.messages import card_words, refusal
from .kept import KeptDrawings
from .render import card_drawn
from ..storage.saved import DOUBLE_H, DOUBLE_H_STATS, DoubleHStats, SavedDoubleH
from ..screen import later
from .table_shell import Action, Key, TableShell, button_element, used
from ..views.view_models import DoubleHView, double_h_view

#: What a refused draw speaks of (the feedback's data-near); the waste is felt_views.WASTE.
STOCK = "stock"

#: Seconds the solver may think in the browser: a hint, "still winnable?", a turning point's each step.
HINT_BUDGET_S = 0.25
VERDICT_BUDGET_S = 0.25
TURNING_BUDGET_S = 0.4
#: Two clicks on one card closer than this are a double-click.
DOUBLE_TAP_S = 0.45
#: The most proved-safe moves played in a row by themselves (the session's limit).
MAX_SAFE_MOVES = MAX_AUTOMATIC
#: How many cards' drawings the table keeps before it starts afresh (104 cards, a few looks each).
CARD_DRAWINGS = 1024


def place_key(name: str) -> str:
    """``data-key`` of a place's button ("4L") or the waste's: the focus and a press's flight find it again."""
    return WASTE if name == WASTE else f"place-{name}"


class DoubleHTable(TableShell):
    game: str = "double-h"
    record = DOUBLE_H
    stats_record = DOUBLE_H_STATS
    saved: SavedDoubleH
    stats: DoubleHStats

    def __init__(self, app: Any, saved: SavedDoubleH, stats: DoubleHStats) -> None:
        super().__init__(app)
        self.saved = saved
        self.stats = stats
        self.source: str | None = None  # "waste" or a place's text ("4L"): the card picked up
        # what the table says is kept as words (kabale.web.text.i18n.Said), said in the language of each redraw
        self.message: Words | str = ""
        self.message_at: str | None = None  # what the refusal speaks of: a place ("4L"), STOCK or WASTE (None: the waste)
        self.notice: Words | str = ""  # what the table did by itself (proved-safe moves, a new round), shown over the board
        self.notice_at: str | None = None  # the place the last move played by itself went to (the note stands by it)
        self.hint: tuple[Move | None, Words] | None = None  # a suggested move (None: none can win) and why
        self.verdict: str | None = None  # "still winnable?": "yes", "no", "unknown"
        self.turning: Words | None = None  # what the solver said about where a lost game was lost
        self.turning_index: int | None = None
        self.thinking = False
        self.focus = "AL"
        self._task: asyncio.Task[None] | None = None
        self._ahead: asyncio.Task[None] | None = None  # the solver's import ahead (start)
        self._last_tap: tuple[str, float] | None = None
        self._place_views: PlaceMemo = {}  # the places' views, kept while what they show is unchanged
        self._card_views: dict[str, CardMemo] = {}  # the cards' views made so far, by language
        self._place_cache: dict[str, tuple[PlaceView, Kept]] = {}  # and their drawings
        self.drawings = KeptDrawings()  # the cards' and the other parts' drawings, by what they show
        self._facts: tuple[DoubleH, int, TableFacts] | None = None  # the facts of the game as it stands
        self._key_place: str | None = None  # the place a key was pressed on (T turns it over)
        self._session: Session | None = None
        if not saved.game.moves:  # a fresh deal: its 26 cards fly from the stock to their places
            self.cue("deal", {"from": ".stock-area .stock", "cards": ".double-h-board .pile .card"})

    @property
    def game_state(self) -> DoubleH:
        return self.saved.game

    @property
    def session(self) -> Session:
        """The session that plays the saved game (a new one when another tab's save replaced it).
        Double H forces no move (the player draws when she likes): ``forced=False``."""
        if self._session is None or self._session.game is not self.game_state:
            self._session = Session(self.game_state, forced=False, max_automatic=MAX_SAFE_MOVES)
        return self._session

    def query(self) -> str:
        return f"?game={self.game}&seed={self.game_state.seed}"

    # -- what can be done -----------------------------------------------------------

    def facts(self) -> TableFacts:
        """The facts of the game as it stands, worked out once for each position: a click asks for
        them to pick up a card, to draw the table, to light the targets, and the engine works out
        every legal move of every place each time. Every change of the game forgets them
        (``changed``); a game replaced (another tab) or a move made elsewhere is seen by its identity
        and its length."""
        game = self.game_state
        moves = len(game.history)
        kept = self._facts
        if kept is None or kept[0] is not game or kept[1] != moves:
            kept = (game, moves, game.facts())
            self._facts = kept
        return kept[2]

    def changed(self) -> None:
        """The game changed (a move, an undo or a redo): its facts are to be worked out again."""
        self._facts = None

    def moves_from(self, source: str | None, facts: TableFacts) -> tuple[Move, ...]:
        return moves_from(source, facts)

    def targets(self, facts: TableFacts) -> set[str]:
        return {str(move.target) for move in self.moves_from(self.source, facts)}

    # -- drawing ----------------------------------------------------------------------

    def view(self, facts: TableFacts | None = None) -> DoubleHView:
        """What the table shows, as plain values (tests/unit/test_view_models.py)."""
        game = self.game_state
        hint, hint_basis = None, ""
        if self.hint is not None:
            move, basis = self.hint
            hint = self.t("dh.hint", move=self.describe(move)) if move is not None else self.t("dh.hint_none")
            hint_basis = self.said(basis)
        facts = facts or self.facts()
        return double_h_view(
            facts, self.stats, self.t, seed=game.seed, moves_made=len(game.history),
            can_undo=game.can_undo(), can_redo=game.can_redo(), over=game.is_over(), vetted_s=self.saved.vetted_s,
            message=self.said(self.message), notice=self.said(self.notice), thinking=self.thinking, hint=hint,
            hint_basis=hint_basis, verdict=self.verdict,
            still_winnable=self.app.settings.still_winnable, turning=None if self.turning is None else self.said(self.turning), turning_index=self.turning_index,
            source=self.source, hinted=self.hint[0] if self.hint else None,
            refused=frozenset(place.name for place in facts.places if self.refused(place.name)) if self.message
            else frozenset(), memo=self._place_views, language=self.app.language,
            cards=self._card_views.setdefault(self.app.language, {}),
        )

    def render(self) -> Element:
        t = self.t
        facts = self.facts()
        if self.source is not None and not self.moves_from(self.source, facts):
            self.source = None
        view = self.view(facts)
        board = h(
            "div",
            {"class": "double-h-board won" if view.won else "double-h-board", "data-roving": "ring"},  # won: every pile squared, home
            *(self.render_h(side, view.felt) for side in ("L", "R")),
        )
        at = self.words_at(facts)
        near = self.words_near() if at is None else None
        where = (at.name, at.value) if at is not None else near
        # the board takes what the screen leaves; the stock, the buttons and the statistics sit
        # beside it (below it on a tall screen); what the table says to the player shows over
        # the board, where the eye is, never below the fold
        return h(
            "section",
            {"class": "table double-h-table", "aria-label": t("table.double-h")},
            self.kept("bar", view.bar, lambda: self.render_bar(view.bar)),
            board,
            h("div", {"class": "side"},
              self.kept("stock", (view.felt.stock, view.felt.waste, view.round, view.next_round),
                        lambda: self.render_stock(view)),
              self.kept("controls", (view.undo, view.redo, view.hint, view.give_up), lambda: self.render_controls(view)),
              self.kept("stats", view.stats, lambda: self.render_stats(view.stats))),
            self.kept("feedback", (view.feedback, where), lambda: self.render_feedback(view, facts)),
            # the shade over the table behind the end: an element of its own, not a shadow of the end's
            # (a 100vmax shadow made the end's layer some 3000 px square, rastered again at every step
            # of its pop: the win's frames waited on it, bench/motion.py)
            h("div", {"class": "end-shade", "aria-hidden": "true"}) if view.result is not None else None,
            self.render_end(view, facts),
        )

    def kept(self, part: str, shows: object, draw: Callable[[], Element]) -> Kept:
        """The drawing of a part of the table (the bar, the stock, the buttons...), drawn again only
        when what it ``shows`` changed (most clicks change a place or two, and the stock)."""
        return self.drawings.part(part, shows, draw)

    def card_drawing(self, view: CardView) -> Kept:
        """A card's drawing, kept by its view."""
        return self.drawings.card(view, CARD_DRAWINGS)

    def render_h(self, side: str, felt: DoubleHFelt) -> Element:
        """An H: its places, each a copy of its kept drawing (an H kept whole would be copied twice
        at each change of one of its places: into the H kept, and into the table)."""
        places = [self.render_place(place) for place in felt.h_places(side)]
        return h("section", {"class": "h-shape", "aria-label": self.t("dh.left" if side == "L" else "dh.right")},
                 *places)

    def render_place(self, place: PlaceView) -> Kept:
        """A place, drawn again only when its view changed (most clicks change two or three of
        the 26: redrawing the rest, up to a hundred cards, would cost a frame). The view model
        gives back the same view while what the place shows is the same
        (:func:`kabale.web.views.felt_views.double_h_felt`). The drawing is kept (kabale.web.dom.Kept):
        the page gets a copy, which the redraw in place knows for the place it shows and leaves be."""
        cached = self._place_cache.get(place.name)
        if cached is not None and cached[0] is place:
            return cached[1]
        drawn = keep(self.draw_place(place))
        self._place_cache[place.name] = (place, drawn)
        return drawn

    def draw_place(self, place: PlaceView) -> Element:
        name = place.name
        pile = [self.card_drawing(card) for card in place.cards] or [self.card_drawing(card_view(None, self.t))]
        return h(
            "div",
            {"class": "place", "data-value": place.value},
            # the value printed by the place and its turn-over button change with the language only
            self.kept(f"value-{name}", place.index,
                      lambda: h("span", {"class": "place-value", "aria-hidden": "true", "text": place.index})),
            h(
                "button",
                {
                    "type": "button",
                    "class": place.classes,
                    "data-action": "place",
                    "data-place": name,
                    "data-order": Place.from_text(name).index,  # the arrows' order (page.js ``rove``)
                    "data-key": place_key(name),
                    "aria-label": place.label,
                    # the card a press moves here, by its place's key (assets/js/motion.js sets it flying at the click)
                    "data-flies": place_key(place.flies) if place.flies is not None else None,
                    "aria-pressed": "true" if place.picked else "false",
                    "data-drag": "true" if place.movable else None,
                    # the name the words over the table stand next to when they speak of this place
                    "style": f"--cards:{len(place.cards)}; --anchor: --place-{name}",
                },
                h("span", {"class": "pile"}, *pile),
            ),
            self.kept(f"turn-{name}", (place.turn, place.turn_label, place.turn_hinted), lambda: h(
                "button", {"type": "button", "class": "button small turn hinted" if place.turn_hinted else "button small turn",
                           "data-action": "turn", "data-place": name,
                           "data-key": f"turn-{name}", "aria-label": place.turn_label, "text": place.turn}))
            if place.turn is not None else None,
        )

    def render_stock(self, view: DoubleHView) -> Element:
        stock, waste = view.felt.stock, view.felt.waste
        # a hint to draw (round 1's plan: see the stock's order first) marks the stock
        stock_classes = "place-button stock" + (" hinted" if stock.hinted else "")
        waste_classes = "place-button waste" + (" picked" if waste.picked else "") + (" hinted" if waste.hinted else "")
        return h(
            "div",
            {"class": "stock-area"},
            h("p", {"class": "suit-order", "role": "img", "aria-label": stock.suit_order_label},
              *(h("span", {"class": "suit " + ("red" if suit.is_red else "black"), "aria-hidden": "true",
                           "text": suit.symbol}) for suit in SUITS)),
            # the bottom-right corner, as in the original: the round and its bonus, the stock, the waste
            h("p", {"class": "round", "text": view.round}),
            h("button", {"type": "button", "class": stock_classes, "data-action": "draw", "data-key": "draw",
                         "aria-label": stock.label,
                         # where a card drawn lands (assets/js/motion.js sends it on its way at the click)
                         "data-draws": place_key(WASTE) if stock.draws else None},
              card_drawn(card_view(None, self.t)) if not stock.count else h(
                  "div", {"class": "card back", "aria-hidden": "true"}),
              h("span", {"class": "count", "data-count": stock.count})),
            h("button", {"type": "button", "class": waste_classes, "data-action": "waste", "data-key": place_key(WASTE),
                         "aria-pressed": "true" if waste.picked else "false",
                         "data-drag": "true" if waste.movable else None,
                         "aria-label": waste.label},
              card_drawn(waste.top),
              h("span", {"class": "count", "data-count": waste.count})),
            button_element(view.next_round) if view.next_round is not None else None,
        )

    def render_controls(self, view: DoubleHView) -> Element:
        return h("div", {"class": "controls"},
                 *(button_element(button) for button in (view.undo, view.redo, view.hint, view.give_up)))

    def render_feedback(self, view: DoubleHView, facts: TableFacts) -> Element:
        """The hint, the verdict, a refusal and the note of moves played by themselves, where the player
        is looking: next to the place they speak of (``words_at``), in the room between an H's legs, where
        the layout has that room (kabale.css); else (a phone, a short screen, an engine with no anchor
        positioning) a callout with a pointer at the place, or at the stock or the waste (``words_near``),
        over neighbouring cards at most (assets/js/callout.js). Below the buttons they fell under the fold;
        at the foot of the board or of the side column they stood up to 475 px from their place. A press
        on them takes them down (``dismiss``), as does the next move."""
        said = view.feedback
        at = self.words_at(facts)
        return h(
            "div",
            # next to the place they speak of where the layout has room (kabale.css: the H's inside); on a
            # phone, a short screen or an engine with no anchor positioning, a callout by it or by the
            # stock or the waste they speak of (data-near), set by assets/js/callout.js
            {"class": "feedback", "data-action": "dismiss", "data-at": at.name if at else None,
             "data-near": self.words_near() if at is None else None,
             "data-value": at.value if at else None, "style": f"position-anchor: --place-{at.name}" if at else None},
            h("div", {"class": "advice", "aria-live": "polite"},
              h("p", {"class": "vetted", "text": said.vetted}) if said.vetted is not None else None,
              h("p", {"class": "auto-note", "text": said.notice}) if said.notice else None,
              h("p", {"class": "hint-text"}, h("span", {"class": "hint-move", "text": said.hint}),
                " " if said.hint_basis else None,
                h("span", {"class": "hint-basis", "text": said.hint_basis}) if said.hint_basis else None)
              if said.hint is not None else None,
              h("p", {"class": said.verdict[0], "text": said.verdict[1]}) if said.verdict is not None else None),
            h("p", {"class": "refusal", "role": "alert", "text": said.refusal}),
        )

    def refused(self, name: str) -> bool:
        """The refusal shown speaks of this place."""
        return bool(self.message) and self.message_at == name

    def words_at(self, facts: TableFacts) -> PlaceFacts | None:
        """The place the feedback speaks of: the one a refusal refused, or the one whose card a hint
        moves (its target when the card comes from the waste); None for the stock, the waste, a note."""
        name: str | None = None
        if self.message:
            name = self.message_at
        elif self.hint is not None and self.hint[0] is not None and not self.thinking:
            move = self.hint[0]
            place = move.source if move.source is not None else move.target
            name = None if place is None else str(place)
        elif self.notice:
            name = self.notice_at
        if name is None or name in (STOCK, WASTE):
            return None
        return facts.places[Place.from_text(name).index]

    def words_near(self) -> str | None:
        """What the feedback speaks of when it is no place: the stock (a refused draw, a hint to draw,
        a new round) or the waste (its card refused); None when it speaks of nothing on the table."""
        if self.message:
            return self.message_at if self.message_at in (STOCK, WASTE) else None
        if self.hint is not None and not self.thinking:
            return STOCK if self.hint[0] == Move.draw() else None
        if self.notice:
            return self.notice_at if self.notice_at in (STOCK, WASTE) else None
        return None

    def render_end(self, view: DoubleHView, facts: TableFacts) -> Element | None:
        """The end of the game over the table; a won game's bonus is counted up (the heading says it in words)."""
        if view.result is None:
            return None
        won = facts.result.outcome == "won"
        return self.render_result(
            view.result,
            h("p", {"class": "turning", "text": view.turning}) if view.turning is not None else None,
            self.daily_element(),
            before=[h("p", {"class": "bonus", "aria-hidden": "true"},
                      h("span", {"class": "bonus-count", "text": f"×{facts.result.wins}"})) if won else None],
        )

    def describe(self, move: Move, game: DoubleH | None = None) -> str:
        """A move in words, as at ``game`` (the present game by default):
        "7 of hearts from the waste to the 7-place of the right H"."""
        return self.move_words(move, game)(self.t)

    def move_words(self, move: Move, game: DoubleH | None = None) -> Said:
        """A move as words to say later (the card it moves named as at ``game``, the present game by
        default): a note of moves played by themselves is said again in another language."""
        game = game or self.game_state
        if move.kind is MoveKind.DRAW:
            return Said.of("dh.move.draw")
        if move.kind is MoveKind.NEXT_ROUND:
            return Said.of("dh.move.next_round")
        if move.kind is MoveKind.TURN:
            assert move.target is not None
            return Said.of("dh.move.turn", where=place_words(move.target))
        if move.kind is MoveKind.CARD:
            assert move.target is not None
            cards = game.waste if move.source is None else game.pile(move.source)
            card = card_words(cards[-1]) if cards else "?"
            if move.source is None:
                return Said.of("dh.move.from_waste", card=card, target=place_words(move.target))
            return Said.of("dh.move.from_place", card=card, source=place_words(move.source),
                           target=place_words(move.target))
        return Said.of("dh.give_up")

    # -- playing ----------------------------------------------------------------------

    def actions(self) -> dict[str, Action]:
        return {
            "place": lambda target: self.place_chosen(data(target, "place") or ""),
            "waste": lambda target: self.waste_chosen(),
            "draw": lambda target: self.play(Move.draw()),
            "next-round": lambda target: self.play(Move.next_round()),
            "turn": lambda target: self.play(Move.turn(data(target, "place") or "")),
            "undo": lambda target: self.undo(),
            "redo": lambda target: self.redo(),
            "give-up": lambda target: self.give_up(),
            "hint": lambda target: self.ask_hint(),
            "dismiss": lambda target: self.dismiss(),
            "turning": lambda target: self.ask_turning_point(),
            "turning-go": lambda target: self.go_to_turning_point(),
            "new-deal": lambda target: self.app.leave_solitaire(self.game, None, "new-deal"),
            "restart": lambda target: self.app.leave_solitaire(self.game, self.game_state.seed, "restart"),
            "rules": lambda target: self.app.show_rules(self.game),
        }

    def waste_chosen(self) -> None:
        """A click on the waste: pick up its top card, or on a second click send it home."""
        if not self.double_tap(WASTE):
            self.pick(WASTE)

    def dismiss(self) -> None:
        """A press on the feedback takes it down (the refusal, the hint, the note of automatic moves):
        a callout may lie over neighbouring cards or buttons, and a press meant for one of them must
        not reach it unseen; the next press does. The verdict stays: the option asked for it."""
        self.message, self.hint, self.notice = "", None, ""
        self.refresh()

    def pick(self, source: str) -> None:
        """Pick up the top card of a place or of the waste (again: put it back)."""
        facts = self.facts()
        self.message = ""
        if self.source == source:
            self.source = None
        elif self.moves_from(source, facts):
            self.source = source
        else:
            self.source = None
            self.message, self.message_at = Said.of("dh.cannot_move"), source
        self.refresh()

    def double_tap(self, name: str) -> bool:
        """A second click (or tap) within DOUBLE_TAP_S on a card the first one picked up:
        send it to its build. (The browser's dblclick cannot serve: each click redraws the
        table.) Any other click starts afresh."""
        now = time.monotonic()
        last, self._last_tap = self._last_tap, (name, now)
        if last is not None and last[0] == name and now - last[1] < DOUBLE_TAP_S:
            self._last_tap = None
            self.source = None
            self.send_home(name)
            return True
        return False

    def hinted_move(self) -> Move | None:
        """The move of the hint on show (None: none, or no move can win any more)."""
        return self.hint[0] if self.hint is not None and not self.thinking else None

    def place_chosen(self, name: str) -> None:
        """A click on a place: drop the picked-up card there, or pick up its top card. A press on
        the target the hint marks plays the hint's card when nothing else is picked up, so the
        marked target alone follows it as the marked source then target do (the Kabala tables'
        packet does the same)."""
        self.focus = name
        hinted = self.hinted_move()
        if (hinted is not None and hinted.kind is MoveKind.CARD and str(hinted.target) == name
                and self.source in (None, WASTE if hinted.source is None else str(hinted.source))):
            self._last_tap = None
            self.play(hinted)
            return
        if self.source is not None and self.source != name:
            self._last_tap = None
            source = None if self.source == WASTE else self.source
            self.play(Move.card(source, name))
            return
        if not self.double_tap(name):
            self.pick(name)

    def send_home(self, source: str) -> None:
        """Double-click: send a card home, as the rules say where (``DoubleH.home_move``)."""
        move = self.game_state.home_move(None if source == WASTE else source)
        if move is None:
            self.message, self.message_at = Said.of("dh.no_build"), None if source == WASTE else source
            self.refresh()
            return
        self.play(move)

    def play(self, move: Move) -> None:
        """The player's move, then the proved-safe moves the session plays after it (an option)."""
        game, played = self.game_state, self.follow_with_safe_moves()
        try:
            self.session.play(move)
        except IllegalMove as error:
            self.changed()  # nothing was played (a session may have played before it refused, all the same)
            self.source = None
            self.message = Told(refusal, (error,))
            # where it would not go, the place that would not turn, or the stock that would not give a card
            self.message_at = str(move.target) if move.target is not None else STOCK if move.kind is MoveKind.DRAW else None
            self.refresh()
            return
        self.changed()
        self.source, self.message, self.hint, self.notice = None, "", None, ""
        if move.kind is MoveKind.DRAW:  # the drawn card turns over on its way from the stock to the waste
            self.cue("draw", {"from": ".stock-area .stock", "cards": ".stock-area .waste [data-card]"})
        if move.kind is MoveKind.NEXT_ROUND:
            self.notice, self.notice_at = Said.of("dh.round", round=game.round, bonus=self.facts().bonus), STOCK
            self.app.announce(self.said(self.notice))
        self.after_move(played)

    def follow_with_safe_moves(self) -> list[Words]:
        """Let the session play the proved-safe moves after the next move (when the setting asks);
        the list fills with them in words, each said as it stood before it was played."""
        played: list[Words] = []
        if not self.app.settings.auto_safe_moves:
            self.session.automatic = None
            return played

        def safe(game: DoubleH) -> Move | None:
            from kabale.solver import safe_move

            move = safe_move(game)
            if move is not None:
                played.append(self.move_words(move))
                self.notice_at = str(move.target) if move.target is not None else STOCK  # the note stands by the last
            return move

        self.session.automatic = safe
        return played

    def after_move(self, played: list[Words]) -> None:
        """Count a finished game, save, draw the table; say the moves played by themselves; ask
        "still winnable?" (an option)."""
        game = self.game_state
        if game.is_over() and not self.saved.counted:
            result = game.result()
            self.stats = self.app.count_result(
                self.game, lambda stats: stats.record(result.outcome == "won", result.round, result.wins), self.saved)
            self.saved.counted = True
            if result.outcome == "won":  # the cards go home, the bonus is counted up
                self.cue("win", {"game": self.game, "bonus": result.wins})
            self.app.announce(self.t("dh.won", round=result.round, count=result.wins) if result.outcome == "won"
                              else self.t("dh.lost") if result.outcome == "lost" else self.t("dh.gave_up"))
        if played:
            self.notice = Said.of("dh.auto_played", moves=Joined(tuple(played)))
            self.app.announce(self.said(self.notice))
        self.app.save(DOUBLE_H, self.saved.to_dict())
        self.refresh()
        self.ask_still_winnable()

    def can_undo(self) -> bool:
        return self.game_state.can_undo()

    def can_redo(self) -> bool:
        return self.game_state.can_redo()

    def travel(self, back: bool) -> None:
        """Undo: the move is taken back and no proved-safe move is played after it (it would be
        played again at once). Redo: as a move made, with the proved-safe moves after it."""
        self.source, self.message, self.hint, self.notice = None, "", None, ""
        self.changed()
        if back:
            self.session.undo()
            self.changed()
            self.turning = None
            self.app.save(DOUBLE_H, self.saved.to_dict())
            self.refresh()
            self.ask_still_winnable()
        else:
            played = self.follow_with_safe_moves()
            self.session.redo()
            self.session.follow()
            self.changed()
            self.after_move(played)

    # -- the solver's help -----------------------------------------------------------

    def think(self, work: Any) -> None:
        """Show "Thinking…", let the page paint, then run ``work`` (the solver blocks while it searches)."""
        if self._task is not None and not self._task.done():
            return
        self.thinking = True
        self.refresh()

        def run() -> None:
            try:
                work()
            finally:
                self.thinking = False
                self.refresh()

        self._task = later(30, run)

    def ask_hint(self) -> None:
        """The best next move from what the player has seen (honest mode), saying what it is based on."""
        game = self.game_state
        if game.is_over():
            return
        self.message = ""  # a refusal of an earlier press is old news once the player asks what to do
        if not self.saved.hinted:  # the statistics tell the wins with the Hint apart (saved with the next move)
            self.saved.hinted = True

        def work() -> None:
            from kabale.solver import HONEST, hint

            found = hint(game, HONEST, budget_s=HINT_BUDGET_S, seed=len(game.history))
            # kept as words, said again in another language (kabale.web.text.i18n.Told)
            basis: Words = Told(hint_basis, (found,))
            move = found.move
            if move is not None and self.comes_back(move) and Move.draw() in game.legal_moves():
                move, basis = Move.draw(), Said.of("dh.basis.circle")
            self.hint = (move, basis)
            self.source = None  # a card picked up before would turn a press on the hint's source into a move there

        self.think(work)

    def comes_back(self, move: Move) -> bool:
        """Whether ``move`` brings back a position this game has had. A hint whose search found no win
        in its time names the first move of the line that got furthest, and hints asked in a row could
        move a card to and fro for ever (a browser test followed one for 600 moves); such a move is
        replaced by the draw, which always moves the game on."""
        game = self.game_state
        if move.kind is not MoveKind.CARD:
            return False
        replay = DoubleH(game.start.places, game.start.stock, game.start.waste, game.start.round)
        seen = {replay.position()}
        for made in game.history:
            replay.apply(made)
            seen.add(replay.position())
        replay.apply(move)
        return replay.position() in seen

    def give_up(self) -> None:
        """Give up, once asked: it ends the game and counts a loss, which an undo does not take back
        (a game counts once). Why ask: Give up sits beside Hint, and a new player's stray tap on a
        phone ended a game and counted it lost without a word, as New deal asks before it does."""
        if self.game_state.is_over():
            return
        t = self.t
        self.app.confirm(t("give_up.heading"), t("give_up.counts_lost"), t("give_up.yes"),
                         lambda: self.play(Move.give_up()))

    def ask_still_winnable(self) -> None:
        """Ask the solver whether the deal can still be won (an option)."""
        settings, game = self.app.settings, self.game_state
        if settings.still_winnable and not game.is_over():
            def work() -> None:
                from kabale.solver import solve

                verdict = solve(game, budget_s=VERDICT_BUDGET_S)
                self.verdict = {"won": "yes", "lost": "no"}.get(verdict.status, "unknown")

            self.verdict = None
            self.think(work)

    def ask_turning_point(self) -> None:
        """After a loss: the last position that could still be won, and the move that lost it."""
        game = self.game_state
        if game.seed is None:
            return

        def work() -> None:
            from kabale.solver import turning_point

            point = turning_point(game.seed or 0, game.history, budget_s=TURNING_BUDGET_S)
            self.turning_index = point.index
            if point.status in ("found", "uncertain") and point.move is not None and point.index is not None:
                replay = DoubleH.deal(game.seed or 0)
                for move in game.history[: point.index]:
                    replay.apply(move)
                self.turning = Said.of(f"dh.turning.{point.status}", index=point.index,
                                       move=self.move_words(point.move, replay))
            elif point.status == "still winnable":
                self.turning = Said.of("dh.turning.still")
                self.turning_index = None
            else:
                self.turning = Said.of("dh.turning.never" if point.status == "never winnable" else "dh.turning.unknown")
                self.turning_index = None

        self.think(work)

    def go_to_turning_point(self) -> None:
        """Undo back to the last winnable position (the moves stay to redo)."""
        game, index = self.game_state, self.turning_index
        if index is None:
            return
        while len(game.history) > index and game.can_undo():
            game.undo()
        self.changed()
        self.turning, self.turning_index, self.hint = None, None, None
        self.app.save(DOUBLE_H, self.saved.to_dict())
        self.refresh()

    def start(self) -> None:
        """The table shows: import the Hint's solver ahead, on idle (so the first hint needs no import)."""
        super().start()
        self._ahead = import_ahead(DOUBLE_H_SOLVER)

    def leave(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
        if self._ahead is not None:
            self._ahead.cancel()

    # -- keyboard and mouse ---------------------------------------------------------

    def first_key(self, event: Any) -> bool | None:
        """Arrows move between the places (one tab stop for the board)."""
        key, place = str(event.key), self.focused_place(event)
        if place and key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            index = Place.from_text(place).index
            step = 1 if key in ("ArrowRight", "ArrowDown") else -1
            self.focus = str(PLACES[(index + step) % len(PLACES)])
            if not event.extra.get("roved"):  # the page moves the focus itself (page.js ``rove``)
                self.app.focus_key(place_key(self.focus))
            return True
        self._key_place = place
        return None

    def focused_place(self, event: Any) -> str | None:
        target = event.target
        return data(target, "place") if data(target, "action") == "place" else None

    def keys(self) -> dict[str, Key]:
        return {
            "d": used(lambda: self.play(Move.draw())),
            "n": used(lambda: self.play(Move.next_round())),
            "u": used(self.undo),
            "r": used(self.redo),
            "h": used(self.ask_hint),
            "w": used(self.waste_key),
            "t": self.turn_key,
            "Escape": self.put_back,
        }

    def waste_key(self) -> None:
        self.pick(WASTE)
        self.app.focus_key("waste")

    def turn_key(self) -> bool:
        """T on a place: turn it over."""
        if not self._key_place:
            return False
        self.play(Move.turn(self._key_place))
        return True

    def put_back(self) -> bool:
        """Escape: put back the card picked up (if any)."""
        if self.source is None:
            return False
        self.source = None
        self.refresh()
        return True

    def on_drag_start(self, target: Any, event: Any) -> bool:
        """Dragging takes the top card of a place or of the waste, when it has somewhere to go."""
        source = data(target, "place") or (WASTE if data(target, "action") == "waste" else None)
        if source and self.moves_from(source, self.facts()):
            self.source = source
            return True
        return False

    def on_drag_over(self, target: Any, event: Any) -> bool:
        button = target.closest("[data-action=place]")
        return data(button, "place") in self.targets(self.facts())

    def on_drop(self, target: Any, event: Any) -> None:
        button = target.closest("[data-action=place]")
        name = data(button, "place")
        if name:
            self.place_chosen(name)

    def saved_from(self, record: Any) -> SavedDoubleH | None:
        return record if isinstance(record, SavedDoubleH) else None

    def stats_from(self, record: Any) -> DoubleHStats | None:
        return record if isinstance(record, DoubleHStats) else None

    def reload(self, saved: SavedDoubleH) -> None:
        self.saved, self.source, self.hint = saved, None, None
        self.changed()
        self.refresh()
