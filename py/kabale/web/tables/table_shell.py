"""The table shell: what the three tables (KABALAM, Patience Kabalam, Double H) do alike.

Why: each table used to build its header bar, its undo and redo, its result
panel and its statistics line in its own way, reload its records from storage
in its own way, and dispatch clicks and keys with a chain of ifs. The shell
does these once; each game supplies its view model (plain values,
:mod:`kabale.web.views.view_models`), its layout, and two tables: the actions
(``data-action`` -> method) and the keys (key -> method).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from ..dom import Element, h
from ..screen import Screen
from ..views.view_models import BarView, ButtonView, ResultView

__all__ = ["TableShell", "Action", "Key", "button_element", "used"]

#: What a click does: the method gets the element clicked (its data-* say which card, which place).
Action = Callable[[Any], None]
#: What a key does: True when it was used (else the page may use it).
Key = Callable[[], bool]


def used(call: Callable[[], None]) -> Key:
    """A key that always does its thing (``call``) and says it was used."""

    def key() -> bool:
        call()
        return True

    return key


def button_element(view: ButtonView) -> Element:
    """A button from its view (data-action, data-key, disabled, primary, marked by the Hint, where
    the cards it draws land: assets/js/motion.js sends them on their way at the click)."""
    classes = "button primary" if view.primary else "button"
    return h("button", {"type": "button", "class": classes + " hinted" if view.hinted else classes,
                        "data-action": view.action, "data-key": view.key, "disabled": view.disabled,
                        "aria-label": view.said, "data-draws": view.draws, "text": view.label})


class TableShell(Screen):
    """A card table: the header bar, undo and redo, the result panel, the statistics, the
    reload from storage, and the dispatch of actions and keys through tables."""

    redraw_in_place = True
    saved: Any  # the game as saved (each table says which record)
    stats: Any = None  # the statistics (a patience)
    #: The record of the statistics (a patience), reloaded when another tab changes it.
    stats_record: str | None = None

    # -- what each game supplies ------------------------------------------------------

    def actions(self) -> Mapping[str, Action]:
        """Each ``data-action`` the table answers and what it does."""
        return {}

    def keys(self) -> Mapping[str, Key]:
        """Each key the table answers ("u", "1", "Escape") and what it does; letters are matched
        whatever their case."""
        return {}

    def read_only(self) -> bool:
        """An earlier position is shown (a review's jump): only ``read_only_actions`` answer."""
        return False

    #: What still answers while an earlier position is shown.
    read_only_actions: frozenset[str] = frozenset()

    def first_key(self, event: Any) -> bool | None:
        """A key the table looks at before its table of keys (arrows that move the focus);
        None to go on to the table."""
        return None

    def saved_from(self, record: Any) -> Any:
        """The saved game in a record read from storage, or None if it is not this table's."""
        return None

    def stats_from(self, record: Any) -> Any:
        """The statistics in a record read from storage, or None."""
        return None

    def reload(self, saved: Any) -> None:
        """Another tab saved this table's game: show it (the table forgets what it picked up)."""
        self.saved = saved
        self.refresh()

    # -- undo and redo ------------------------------------------------------------------

    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    def travel(self, back: bool) -> None:
        """One undo (``back``) or redo, as the game takes them."""

    def undo(self) -> None:
        if self.can_undo():
            self.travel(back=True)

    def redo(self) -> None:
        if self.can_redo():
            self.travel(back=False)

    # -- drawing the shared parts ---------------------------------------------------------------

    def render_bar(self, bar: BarView, *leading: Element | None) -> Element:
        """The header bar: title, deal number, whose turn (KABALAM), then the buttons (``leading``
        ones first: KABALAM's Hint sits in the bar, where a phone has room for it)."""
        deal = bar.deal
        daily = getattr(self.saved, "daily", "")
        if isinstance(daily, str) and daily:  # a patience's daily deal says its day, not its number (issue 31)
            import datetime

            from ..views.home import date_words

            deal = self.t("daily.bar", date=date_words(datetime.date.fromisoformat(daily), self.t))
        return h(
            "header",
            {"class": "table-bar"},
            h("h2", {"text": bar.title}),
            h("span", {"class": "deal-number", "text": deal}),
            h("span", {"class": "turn-status", "role": "status", "text": bar.status}) if bar.status is not None else None,
            h("span", {"class": "bar-actions"}, *leading, *(button_element(button) for button in bar.buttons)),
        )

    def daily_element(self) -> Element | None:
        """At the end of a patience's daily deal: its share line, streak and last 30 days (issue 31)."""
        game = self.game if self.game is not None else ""
        panel: Element | None = self.app.daily_panel(game, self.saved)
        return panel

    def render_stats(self, text: str) -> Element:
        return h("p", {"class": "stats", "text": text})

    def render_result(self, view: ResultView, *body: Element | None, before: Iterable[Element | None] = (),
                      leading: Iterable[Element | None] = (), after: Iterable[Element | None] = ()) -> Element:
        """The end of a game, a hand or a match, over the table: the heading, ``before`` (KABALAM's
        placing), its lines, the game's ``body`` (a score table, a review), then the buttons
        (``leading`` first: the review's), in their row when the view names one, and ``after`` them
        what may be scrolled to (KABALAM's score chart: the buttons to go on stay in view)."""
        buttons = [*leading, *(button_element(button) for button in view.actions)]
        return h(
            "section",
            {"class": view.classes, "aria-labelledby": view.heading_id},
            h("h3", {"id": view.heading_id, "text": view.heading}),
            *before,
            *(h("p", {"text": line}) for line in view.lines),
            *body,
            *([h("div", {"class": view.actions_class}, *buttons)] if view.actions_class else buttons),
            *after,
        )

    # -- events -----------------------------------------------------------------------------------

    def on_action(self, action: str, target: Any, event: Any) -> None:
        if self.read_only() and action not in self.read_only_actions:
            return  # an earlier position, shown read only
        handler = self.actions().get(action)
        if handler is not None:
            handler(target)

    def on_key(self, event: Any) -> bool:
        first = self.first_key(event)
        if first is not None:
            return first
        key = str(event.key)
        keys = self.keys()
        handler = keys.get(key) or keys.get(key.lower())
        return handler() if handler is not None else False

    def on_storage(self, name: str) -> None:
        """Another tab saved a record: this table's game (shown as saved) or its statistics."""
        if name == self.record:
            saved = self.saved_from(self.app.store.load(name))
            if saved is not None:
                self.reload(saved)
        elif self.stats_record is not None and name == self.stats_record:
            stats = self.stats_from(self.app.store.load(name))
            if stats is not None:
                self.stats = stats
                self.refresh()
