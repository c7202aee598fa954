"""The page's controller: the URL, the screens, saved data, settings, dialogs.

State lives in Python (the screen and its game, the settings); the DOM only
shows it. Events are delegated from the body to the screen on show; every
handler is guarded so a mistake shows a message instead of breaking the page.
"""

from __future__ import annotations

import traceback
from typing import TYPE_CHECKING, Any, Callable

from pyscript.ffi import is_none
from pyodide.ffi import create_once_callable, create_proxy, to_js

from . import motion, update_banner
from .dom import by_id, data, document, drawn_at_once, found, h, listen, made, redraw, replace_children, window
from .i18n import LANGUAGE_NAMES, LANGUAGES, Said, Words, language_from, translate
from .local_storage import browser_backend
from .routes import GAMES, Route, fresh_seed, parse_query
from .rules_text import rules_for
from .saved import (
    GAME_RECORDS, KABALAM, SAVED_SOLITAIRES, SETTINGS, STATS_KINDS, VALIDATORS, SavedDoubleH, SavedMatch,
    SavedPatience, TablePlan,
)
from .screen import Screen, later
from .settings import CARD_BACKS, CHOICES, THEMES, Settings
from .store import Problem, Store, record_name
from .tables import SOLITAIRE_TABLES

if TYPE_CHECKING:
    from .table_double_h import DoubleHTable
    from .table_patience import PatienceTable

# The tables and the engines are imported when a game is opened, not at start:
# the lobby is ready sooner (kabale.web.setup_kabalam, table_kabalam, table_patience).


def rules_article(language: str, game: str, t: Callable[..., str], heading_id: str = "rules-heading") -> Any:
    return h(
        "article",
        {"class": "rules-panel", "aria-labelledby": heading_id},
        h("h2", {"id": heading_id, "text": t("view.rules", game=t(f"game.{game}"))}),
        *(
            h("section", {}, h("h3", {"text": heading}), *(h("p", {"text": paragraph}) for paragraph in paragraphs))
            for heading, paragraphs in rules_for(language, game)
        ),
    )


class App:
    """The whole page."""

    def __init__(self) -> None:
        backend, keeps = browser_backend()
        self.store = Store(backend, validators=dict(VALIDATORS), clock=lambda: float(window.Date.now()),
                           refused=not keeps)
        #: A frame on another site whose storage is kept apart from the full site's (storage.js finds out).
        self.kept_apart = False
        self.framed = False  # inside a frame (a blog's iframe, embedded or not)
        self.settings = Settings()
        self.screen: Screen = Screen(self)
        self.embed = False  # ?embed=1 (kept in every address the page writes)
        self._drawn_scope = ""  # the screen the view shows now (a redraw in place stays within one)
        self._soon: dict[str, Callable[[], Any]] = {}  # the saves waiting for the paint (save_soon)
        self._confirmed: Callable[[], None] | None = None  # what the dialog's question does on yes (confirm)

    @property
    def language(self) -> str:
        return self.settings.language

    def t(self, key: str, **values: Any) -> str:
        return translate(self.language, key, **values)

    # -- start -------------------------------------------------------------------

    def start(self) -> None:
        stored = self.store.load(SETTINGS)
        if isinstance(stored, Settings):
            self.settings = stored
        else:
            preferences = [str(code) for code in (window.navigator.languages or [])]
            self.settings = Settings(language=language_from(preferences))
        body = document.body
        for event_name, handler in (
            ("click", self.on_click), ("keydown", self.on_key), ("change", self.on_change),
            ("kabale:dragstart", self.on_drag_start), ("kabale:dragover", self.on_drag_over),
            ("kabale:drop", self.on_drop),
        ):
            listen(body, event_name, self.guarded(handler))
        listen(window, "popstate", self.guarded(lambda _event: self.follow(parse_query(window.location.search))))
        # a save waiting for the paint is written before the page is hidden or left (guarded writes it)
        listen(window, "pagehide", self.guarded(lambda _event: None))
        listen(document, "visibilitychange", self.guarded(lambda _event: None))
        listen(window, "storage", self.guarded(self.on_storage))
        route = parse_query(window.location.search)
        self.embed = route.embed
        body.classList.toggle("embed", self.embed)
        if self.embed:  # the hidden title's link would leave the compact view: out of the tab order
            document.querySelector(".site-header h1 a").tabIndex = -1
        self.watch_partitioning()
        self.apply_language()
        self.follow(route)
        update_banner.install(self.t, before_reload=self.may_reload)
        body.dataset.ready = "1"

    def guarded(self, handler: Callable[[Any], None]) -> Callable[[Any], None]:
        """Run a handler; on an unexpected error show a message, never a dead page. The saves
        waiting for the paint are written first (``save_soon``): the handler may read them, or
        leave the page."""

        def run(event: Any = None) -> None:
            try:
                self.write_saves()
                handler(event)
            except Exception as error:  # the page must survive its own bugs
                self.show_failure(error)

        return run

    def show_failure(self, error: BaseException) -> None:
        window.console.warn("".join(traceback.format_exception(error)))
        self.show_notice([self.t("app.failed", error=type(error).__name__)], error=True)

    def show_notice(self, lines: list[str], *, error: bool = False) -> None:
        notice = by_id("notice")
        notice.className = "notice error" if error else "notice"
        replace_children(notice, *(h("p", {"text": line}) for line in lines))
        notice.hidden = not lines

    def clear_notice(self, key: str) -> None:
        """Take down the notice ``key`` put up, unless another message has replaced it since."""
        if str(by_id("notice").textContent) == self.t(key):
            self.show_notice([])

    def announce(self, text: str) -> None:
        """Say what others did to screen readers (an aria-live region)."""
        if text:
            by_id("announcer").textContent = text

    # -- routes and screens ------------------------------------------------------

    def follow(self, route: Route) -> None:
        """Show what a URL asks for; a bad value gets its message, the lobby stays usable."""
        self.show_notice([self.t(problem.key, value=problem.value) for problem in route.problems], error=True)
        if route.game is None:
            self.show(Screen(self))
        else:
            self.open_game(route.game, route.seed, push=False)
        self.show_problems()

    def open_game(self, game: str, seed: int | None, *, push: bool = True) -> None:
        from .setup_kabalam import KabalamSetup

        if game not in SAVED_SOLITAIRES:  # KABALAM: its set-up, or the match in progress
            saved = self.store.load(KABALAM)
            # the match in progress, or (a reload) the finished one its URL names
            if isinstance(saved, SavedMatch) and (
                seed == saved.match.seed or (seed is None and not saved.match.is_over())
            ):
                self.open_kabalam_table(saved, push=push)
            else:
                self.show(KabalamSetup(self, saved if isinstance(saved, SavedMatch) else None, seed), push=push)
        else:
            self.open_solitaire(game, seed, push=push)

    def show(self, screen: Screen, *, push: bool = False) -> None:
        if screen is not self.screen:
            self.screen.leave()
        self.screen = screen
        url = self.address(screen.query())
        if url != window.location.pathname + window.location.search:
            (window.history.pushState if push else window.history.replaceState)(None, "", url)
        for button in document.querySelectorAll("button[data-game]"):
            button.setAttribute("aria-pressed", "true" if data(button, "game") == screen.game else "false")
        by_id("lobby").hidden = screen.game is not None
        self.render_toolbar()
        self.render()
        screen.start()

    def address(self, query: str, *, embed: bool | None = None) -> str:
        """This page's address with ``query`` (and ?embed=1 kept in the compact view)."""
        if self.embed if embed is None else embed:
            query = f"{query}&embed=1" if query else "?embed=1"
        return str(window.location.pathname) + query

    def render(self) -> None:
        """Draw the screen again, keeping the keyboard focus on the same control and the
        page where it was scrolled (a screen swapped whole leaves the page shorter for a moment).

        A redraw in place (a table) keeps the page's nodes and changes them in one go, with no
        layout between: nothing can scroll, and the position is not read. Reading it lays the
        page out at once (window.scrollX), before the click has changed anything: the layout of
        the last change, which the next frame does anyway (2-3 ms of a KABALAM play, bench/ui.py)."""
        active = document.activeElement
        key = data(active, "key")
        scope = f"{type(self.screen).__name__}:{id(self.screen)}"  # cards travel within one screen only
        in_place = self.screen.redraw_in_place and scope == self._drawn_scope
        scroll_x, scroll_y = (0, 0) if in_place else (window.scrollX, window.scrollY)
        view = by_id("view")
        motion.before_redraw(view, scope)
        with drawn_at_once(self.screen.draws_at_once):
            content = made(self.screen.render())
        cues = self.screen.take_cues()
        if content is None:
            replace_children(view)
            view.hidden = True
        else:
            if in_place:
                redraw(view, content)
            else:
                replace_children(view, content)
            view.hidden = False
            if not motion.after_redraw(view, scope, cues) and "log" in cues:
                self.announce(cues["log"]["say"])  # no motion script: the log's lines show at once
        self._drawn_scope = scope if content is not None else ""
        # the page becomes a column as high as the screen around a table (kabale.css): a class,
        # not body:has(#view > .table), which restyled the whole page at every change in it
        document.body.classList.toggle("table-shown", content is not None and bool(content.classList.contains("table")))
        if key:
            self.focus_key(key, scroll=False)
        # At the top nothing can have scrolled; reading the position again would force a layout now.
        if (scroll_x or scroll_y) and (window.scrollY != scroll_y or window.scrollX != scroll_x):
            window.scrollTo(scroll_x, scroll_y)

    def focus_key(self, key: str, *, scroll: bool = True) -> None:
        """Focus the control with ``data-key``; ``scroll=False`` leaves the page where it is."""
        element = document.querySelector(f'[data-key="{key}"]')
        if found(element):
            if scroll:
                element.focus()
            else:
                element.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))

    def seat_label(self, plan: TablePlan, seat: str) -> str:
        seat_plan = plan.plan_of(seat)
        return seat_plan.name or (self.t("you") if seat_plan.kind == "you" else self.t(f"seat.{seat}"))

    def open_kabalam_setup(self, fresh: bool = False) -> None:
        from .setup_kabalam import KabalamSetup

        saved = self.store.load(KABALAM)
        self.show(KabalamSetup(self, saved if isinstance(saved, SavedMatch) else None), push=True)
        self.show_problems()

    def open_kabalam_table(self, saved: SavedMatch, *, save: bool = False, push: bool = True) -> None:
        from .table_kabalam import KabalamTable

        if save:
            self.save(KABALAM, saved.to_dict())
        self.show(KabalamTable(self, saved), push=push)

    def stats_of(self, game: str) -> Any:
        """The statistics of a patience ("patience" or "double-h"); empty ones when none are saved."""
        kind = STATS_KINDS[game]
        stats = self.store.load(f"stats:{game}")
        return stats if isinstance(stats, kind) else kind()

    def count_result(self, game: str, update: Callable[[Any], Any]) -> Any:
        """Count a finished patience in its statistics as they are stored now (read again, so a game
        another tab counted meanwhile stays counted), save them and return them."""
        stats = update(self.stats_of(game))
        self.save(f"stats:{game}", stats.to_dict())
        return stats

    def solitaire_table(self, game: str, saved: Any) -> "PatienceTable | DoubleHTable":
        """The table of a patience over its saved game (kabale.web.tables says which)."""
        return SOLITAIRE_TABLES[game].open(self, saved, self.stats_of(game))

    def open_solitaire(self, game: str, seed: int | None, *, push: bool = True) -> None:
        """A patience ("patience" or "double-h"): its saved game when the URL names it or names
        none (a finished one only when named: a reload); when the URL names another deal while
        one is in progress, the player chooses; else a new deal."""
        saved = self.store.load(game)
        if not isinstance(saved, SAVED_SOLITAIRES[game]):
            self.new_solitaire(game, seed, push=push)
            return
        saved_seed, over = saved.game.seed, saved.game.is_over()

        def continue_saved() -> None:
            self.show(self.solitaire_table(game, saved), push=push)

        def start_new() -> None:
            self.new_solitaire(game, seed, push=push)

        if seed == saved_seed or (seed is None and not over):
            continue_saved()
        elif not over and seed is not None and saved.game.moves:  # nothing to lose in a deal not begun
            self.show(DealChoice(self, game, saved_seed, seed, continue_saved, start_new))
        else:
            start_new()

    def new_solitaire(self, game: str, seed: int | None, *, push: bool = True) -> None:
        """Deal a new patience (deal ``seed``, or a fresh one); one left unfinished after a move
        counts as lost. A game that follows "winnable deals only" (Double H), with the setting on:
        a fresh deal the solver found winnable."""
        if self.unfinished(game):
            self.count_result(game, lambda stats: stats.record(False))
        vetting = SOLITAIRE_TABLES[game].vetting[0]
        if SOLITAIRE_TABLES[game].vetted is not None and seed is None and self.settings.winnable_only:
            self.show_notice([self.t(vetting)])  # painted before the solver holds the page
            screen = self.screen
            later(30, lambda: self.open_winnable_deal(game, push) if self.screen is screen else self.clear_notice(vetting))
            return
        from kabale.games import GAMES as RULES  # imports this game's rules only

        dealt = RULES[game].deal(seed if seed is not None else fresh_seed())
        self.open_fresh(game, SAVED_SOLITAIRES[game](dealt), push=push)

    def open_winnable_deal(self, game: str, push: bool) -> None:
        """"Winnable deals only": a fresh deal the solver found winnable (it says how fast)."""
        from kabale.games import GAMES as RULES  # imports this game's rules only

        table, spec = SOLITAIRE_TABLES[game], RULES[game]
        assert table.vetted is not None, f"{game} is dealt as it falls"
        seed, vetted = spec.winnable_deal(fresh_seed)
        self.clear_notice(table.vetting[0])
        fresh = table.vetted(spec.deal(seed), vetted)
        self.open_fresh(game, fresh, message="" if vetted is not None else Said.of(table.vetting[1]), push=push)

    def open_fresh(self, game: str, fresh: "SavedPatience | SavedDoubleH", message: Words | str = "", *,
                   push: bool) -> None:
        self.save(game, fresh.to_dict())
        table = self.solitaire_table(game, fresh)
        table.message = message
        self.show(table, push=push)

    # -- saved data ----------------------------------------------------------------

    def caught_up(self) -> bool:
        """Before a player acts on a table: when another tab has moved its game (or the statistics)
        on and this tab has not heard yet, show the latest instead of acting on an old position."""
        name = self.screen.record
        if name is None:
            return True
        stale = [record for record in (name, f"stats:{name}") if self.store.is_newer_elsewhere(record)]
        for record in stale:
            self.store.forget(record)
            self.screen.on_storage(record)
        if name in stale:
            self.show_notice([self.problem_text(Problem("store.conflict", name))], error=True)
        return name not in stale

    def may_reload(self) -> bool:
        """Before the update's reload: with a game kept only in memory (storage full or refused), ask first."""
        self.write_saves()
        in_memory = self.store.refused and self.screen.record is not None
        if not in_memory and not any(name in GAME_RECORDS for name in self.store.unsaved):
            return True
        return bool(window.confirm(self.t("update.unsaved")))

    def save(self, name: str, data: Any) -> None:
        self._soon.pop(name, None)  # this save is newer than one waiting
        self.store.save(name, data)
        if self.show_problems(conflict_of=name):
            self.screen.on_storage(name)

    def save_soon(self, name: str, data: Callable[[], Any]) -> None:
        """Save ``data()`` after the next paint (assets/js/storage.js ``afterPaint``), not inside the
        click: writing a Double H game held up the frame that shows the move (issue 14). Nothing is
        lost: every event the page handles writes it first (``guarded``: a click, a key, another
        tab's save, the page hidden or left), and so do ``may_reload`` and ``write_saves``."""
        status = getattr(window, "kabaleStorage", None)
        later = None if status is None or is_none(status) else getattr(status, "afterPaint", None)
        if later is None or is_none(later):
            self.save(name, data())
            return
        waiting = bool(self._soon)
        self._soon[name] = data
        if not waiting:
            later(create_once_callable(self.guarded(lambda _event: None)))

    def write_saves(self) -> None:
        """Write the saves waiting for the paint (``save_soon``), oldest first."""
        while self._soon:
            name = next(iter(self._soon))
            self.save(name, self._soon.pop(name)())

    def show_problems(self, conflict_of: str | None = None) -> bool:
        """Tell the player about saved data set aside or not saved; True on a conflict with another tab."""
        problems = self.store.take_problems()
        shown = [problem for problem in problems if problem.key != "store.unavailable"]
        if shown:
            self.show_notice([self.problem_text(problem) for problem in shown], error=True)
        if len(shown) < len(problems):  # refused storage: the keep note says so, once, and stays
            self.render_keep_note()
        return any(problem.key == "store.conflict" and problem.name == conflict_of for problem in problems)

    def problem_text(self, problem: Problem) -> str:
        kind = problem.name.split(":")[0] if problem.name.startswith("stats") else problem.name
        what = self.t(f"store.what.{kind}")
        if problem.key == "store.corrupt" and problem.backup_key is None:
            return self.t("store.corrupt_lost", what=what)
        # the copy's storage key is for a developer, not the player: the words say a copy is kept
        return self.t(problem.key, what=what)

    def on_storage(self, event: Any) -> None:
        name = None if is_none(event.key) else record_name(str(event.key))
        if name is None:
            return
        self.store.forget(name)
        if name == SETTINGS:
            stored = self.store.load(SETTINGS)
            if isinstance(stored, Settings):
                self.settings = stored
                self.apply_language()
                self.render()
        else:
            self.screen.on_storage(name)
        self.show_problems()

    # -- settings, language, dialogs -----------------------------------------------

    def change_settings(self, settings: Settings) -> None:
        language_changed = settings.language != self.settings.language
        self.settings = settings
        self.save(SETTINGS, settings.to_dict())
        if language_changed:
            self.apply_language()
        self.apply_look()
        self.render()

    def apply_look(self) -> None:
        """The settings that are CSS classes: reduced motion and a card back other than the first
        (which the stylesheet shows by default, with no class) on <body>; a theme other than
        "auto" (which follows the system) on <html>, whose background is the felt's too."""
        document.body.classList.toggle("reduced-motion", self.settings.reduced_motion)
        for name in THEMES[1:]:
            document.documentElement.classList.toggle(f"theme-{name}", name == self.settings.theme)
        self.paint_bar()
        for name in CARD_BACKS[1:]:
            document.body.classList.toggle(f"back-{name}", name == self.settings.card_back)

    def paint_bar(self) -> None:
        """The browser's bar in the theme's colour: each theme-color meta of index.html keeps its
        own colour in data-colour, for the system's scheme it names; a theme held in the settings
        paints them all its colour (as assets/js/boot.js does before Python starts)."""
        metas = list(document.querySelectorAll('meta[name="theme-color"][data-colour]'))
        held = next((meta for meta in metas if data(meta, "theme") == self.settings.theme), None)
        for meta in metas:
            meta.content = data(held if held is not None else meta, "colour") or ""

    def apply_language(self) -> None:
        """Put the static lobby and the header in the chosen language."""
        t = self.t
        document.documentElement.lang = self.language
        # what the live region said was said in the language before: left there, a screen
        # reader's user meets it again, in that language, when reading the page
        by_id("announcer").textContent = ""
        self.apply_look()
        for element_id, key in (("lobby-heading", "lobby.heading"), ("tagline", "site.tagline")):
            element = by_id(element_id)
            if found(element):
                element.textContent = t(key)
        for game in GAMES:
            button = document.querySelector(f'button[data-game="{game}"]')
            if found(button):
                button.textContent = t(f"game.{game}")
            blurb = by_id(f"blurb-{game}")
            if found(blurb):
                blurb.textContent = t(f"lobby.blurb.{game}")
        self.render_toolbar()

    def render_toolbar(self) -> None:
        t = self.t
        language = h("select", {"id": "language", "data-field": "language", "aria-label": t("toolbar.language")},
                     *(h("option", {"value": code, "lang": code, "selected": code == self.language,
                                    "text": LANGUAGE_NAMES[code]}) for code in LANGUAGES))
        full_site = None
        if self.embed:  # the compact view links to the full site, in a new tab
            full_site = h("a", {"class": "button", "href": self.address(self.screen.query(), embed=False),
                                "target": "_blank", "rel": "noopener", "text": t("toolbar.full_site")})
        replace_children(
            by_id("toolbar"),
            full_site,
            h("button", {"type": "button", "class": "button", "data-action": "lobby", "text": t("toolbar.lobby")})
            if self.screen.game else None,
            language,
            h("button", {"type": "button", "class": "button", "data-action": "settings", "text": t("toolbar.settings")}),
            h("button", {"type": "button", "class": "button", "data-action": "help", "aria-keyshortcuts": "?",
                         "text": t("toolbar.help")}),
        )
        self.render_keep_note()

    def watch_partitioning(self) -> None:
        """In a frame on another site, storage may work but be kept apart from the full site's:
        assets/js/storage.js asks the browser (document.hasStorageAccess) before Python starts."""
        status = getattr(window, "kabaleStorage", None)
        if status is None or is_none(status):
            return
        self.framed = bool(status.framed)

        def settle(apart: Any) -> None:
            if bool(apart) and not self.kept_apart:
                self.kept_apart = True
                self.render_keep_note()

        status.partitioned.then(create_proxy(settle))

    def render_keep_note(self) -> None:
        """One short line when this page cannot keep games as the full site does: not at all
        (storage refused) or apart (a frame on another site). In a frame it links to the
        full site in a tab of its own, where games are kept."""
        note = by_id("keep-note")
        if not found(note):
            return
        key = "keep.none" if self.store.refused else "keep.apart" if self.kept_apart else None
        if key is None:
            replace_children(note)
            note.hidden = True
            return
        link = None
        if self.framed or self.embed:
            link = h("a", {"href": self.address(self.screen.query(), embed=False), "target": "_blank",
                           "rel": "noopener", "text": self.t("keep.open")})
        replace_children(note, h("span", {"text": self.t(key)}), " " if link is not None else None, link)
        note.hidden = False

    def open_dialog(self, heading: str, *content: Any, close: str | None = None) -> None:
        """The one modal dialog, with ``content`` under ``heading`` and its Close button (``close``: other
        words for it, as "Keep playing" where it declines a question)."""
        self._confirmed = None  # a question asked before is not this dialog's
        dialog = by_id("dialog")
        replace_children(
            by_id("dialog-body"),
            # focus opens on the heading (autofocus), at the top: not on Close, scrolled to the bottom
            h("h2", {"id": "dialog-heading", "tabindex": "-1", "autofocus": True, "text": heading}),
            *content,
        )
        by_id("dialog-close").textContent = close or self.t("dialog.close")
        if not dialog.open:
            dialog.showModal()

    def confirm(self, heading: str, text: str, yes: str, then: Callable[[], None]) -> None:
        """Ask before doing what cannot be taken back: ``then`` runs on the dialog's ``yes`` button;
        its Close button (say "Keep playing") or Escape does nothing."""
        self.open_dialog(heading, h("p", {"text": text}),
                         h("p", {"class": "dialog-actions"},
                           h("button", {"type": "button", "class": "button primary", "data-action": "confirm",
                                        "text": yes})),
                         close=self.t("leave.keep"))
        self._confirmed = then

    def leave_solitaire(self, game: str, seed: int | None, action: str) -> None:
        """New deal (``seed`` None) or Restart (its seed) from a table. A game left unfinished after a
        move counts as lost (RULES.md, "Statistics"), so the player is asked first and told so: a new
        player pressed New deal by chance mid-game, and Played went 3 -> 4 without a word."""
        if self.unfinished(game):
            t = self.t
            self.confirm(t(f"leave.heading.{action}"), t("leave.counts_lost"), t(f"leave.yes.{action}"),
                         lambda: self.new_solitaire(game, seed))
            return
        self.new_solitaire(game, seed)

    def unfinished(self, game: str) -> bool:
        """Whether the saved game of a patience would count as lost if left now (the engine's ruling)."""
        from kabale.session import left_unfinished  # the statistics' ruling, the engine's

        saved = self.store.load(game)
        return isinstance(saved, SAVED_SOLITAIRES[game]) and not saved.counted \
            and left_unfinished(saved.game) is not None

    def show_settings(self) -> None:
        t, settings = self.t, self.settings

        def check(field: str) -> Any:
            return h("label", {"class": "check"},
                     h("input", {"type": "checkbox", "data-field": field, "checked": getattr(settings, field)}),
                     " " + t(f"settings.{field}"))

        def choice(field: str) -> Any:
            chosen = getattr(settings, field)
            return h("label", {"class": "field"}, t(f"settings.{field}") + " ",
                     h("select", {"data-field": field},
                       *(h("option", {"value": name, "selected": name == chosen,
                                      "text": t(f"settings.{field}.{name}")}) for name in CHOICES[field])))

        self.open_dialog(t("settings.heading"), h("div", {"class": "settings-form"},
                         choice("theme"), check("reduced_motion"), choice("card_back"), choice("bot_speed"), choice("think_time"), check("memory_aid"),
                         check("still_winnable"), check("auto_safe_moves"), check("winnable_only"),
                         check("playable_cards")))

    def show_help(self) -> None:
        t = self.t
        keys = ("help.tab", "help.arrows", "help.select", "help.packet", "help.yield", "help.draw", "help.undo",
                "help.next", "help.escape", "help.question", "help.double_h")
        self.open_dialog(t("help.heading"), h("ul", {"class": "help-list"}, *(h("li", {"text": t(key)}) for key in keys)))

    def show_rules(self, game: str) -> None:
        t = self.t
        article = rules_article(self.language, game, t, heading_id="dialog-rules-heading")
        self.open_dialog(t("toolbar.rules"), article)

    # -- delegated events ----------------------------------------------------------

    def on_click(self, event: Any) -> None:
        target = event.target
        game_button = target.closest("button[data-game]")
        if found(game_button):
            game = data(game_button, "game") or ""
            if game in GAMES:
                self.show_notice([])
                self.open_game(game, None, push=True)
                self.show_problems()
            return
        element = target.closest("[data-action]")
        if not found(element) or getattr(element, "disabled", False):  # (only a control has "disabled")
            return
        action = data(element, "action") or ""
        if action == "lobby":
            self.show(Screen(self), push=True)
        elif action == "confirm":
            then, self._confirmed = self._confirmed, None
            by_id("dialog").close()
            if then is not None and self.caught_up():
                then()
        elif action == "settings":
            self.show_settings()
        elif action == "help":
            self.show_help()
        elif by_id("view").contains(element) and self.caught_up():
            self.screen.on_action(action, element, event)

    def on_key(self, event: Any) -> None:
        target = event.target
        tag = str(target.tagName).lower() if found(target) and target.tagName else ""
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
            return
        if by_id("dialog").open:
            return  # the dialog handles Escape and its own fields
        if str(event.key) == "?":
            self.show_help()
            event.preventDefault()
            return
        if self.caught_up() and self.screen.on_key(event):
            event.preventDefault()

    def on_change(self, event: Any) -> None:
        target = event.target
        field = data(target, "field") or ""
        if field == "language" and target.value in LANGUAGES:
            self.change_settings(Settings.from_dict({**self.settings.to_dict(), "language": str(target.value)}))
            if by_id("dialog").open:
                self.show_settings()
        elif by_id("dialog").contains(target) and field:
            value = bool(target.checked) if target.type == "checkbox" else str(target.value)
            self.change_settings(Settings.from_dict({**self.settings.to_dict(), field: value}))
        elif by_id("view").contains(target):
            self.screen.on_change(target)

    # A card dragged with a mouse, a finger or a pen: assets/js/drag.js moves it and asks here.
    # ``event.detail.accepted`` answers: may the drag go on, is this a target, was the drop legal.

    def on_drag_start(self, event: Any) -> None:
        if by_id("view").contains(event.target) and self.caught_up() \
                and self.screen.on_drag_start(event.target, event):
            self.screen.refresh()  # the card is picked up and its targets are lit
            event.detail.accepted = True

    def on_drag_over(self, event: Any) -> None:
        event.detail.accepted = bool(self.screen.on_drag_over(event.target, event))

    def on_drop(self, event: Any) -> None:
        if self.caught_up():
            legal = self.screen.on_drag_over(event.target, event)
            self.screen.on_drop(event.target, event)  # an illegal drop is refused with its reason
            event.detail.accepted = bool(legal)


class DealChoice(Screen):
    """A URL asks for another deal while a patience is in progress: continue it, or start the new one."""

    def __init__(
        self, app: App, game: str, saved_seed: int | None, seed: int,
        continue_saved: Callable[[], None], start_new: Callable[[], None],
    ) -> None:
        super().__init__(app)
        self.game, self.saved_seed, self.seed = game, saved_seed, seed
        self.continue_saved, self.start_new = continue_saved, start_new

    def query(self) -> str:
        return f"?game={self.game}&seed={self.seed}"

    def render(self) -> Any:
        t = self.t
        return h(
            "section", {"class": "choice", "aria-labelledby": "choice-heading"},
            h("h2", {"id": "choice-heading", "text": t(f"game.{self.game}")}),
            h("p", {"text": t("patience.continue_saved", saved=self.saved_seed, wanted=self.seed)}),
            h("button", {"type": "button", "class": "button primary", "data-action": "continue",
                         "text": t("patience.continue_button", seed=self.saved_seed)}),
            " ",
            h("button", {"type": "button", "class": "button", "data-action": "start",
                         "text": t("patience.start_button", seed=self.seed)}),
        )

    def on_action(self, action: str, target: Any, event: Any) -> None:
        if action == "continue":
            self.continue_saved()
        elif action == "start":
            self.start_new()


def start() -> None:
    app = App()
    try:
        app.start()
    except Exception as error:
        app.show_failure(error)
        document.body.dataset.ready = "1"
