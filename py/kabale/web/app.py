"""The page's controller: the URL, the screens, saved data, settings, dialogs.

State lives in Python (the screen and its game, the settings); the DOM only
shows it. Python runs in a worker (issue 29): the page posts each input here
(kabale.web.page.Event) and draws what Python sends back (kabale.web.page.PAGE).
Every handler is guarded so a mistake shows a message instead of breaking the page.
"""

from __future__ import annotations

import traceback
from typing import TYPE_CHECKING, Any, Callable

from . import comeback, update_banner
from .dom import Drawn, classes_of, data, found, h
from .text.i18n import LANGUAGE_NAMES, LANGUAGES, Said, Words, language_from, translate
from .local_storage import Boot, browser_backend
from .page import PAGE, Event, by_id, nodes_of, select
from .routes import DAILY_GAMES, GAMES, Route, fresh_seed, parse_query, parse_seed, query_for_daily
from .text.rules_text import rules_for
from .storage.saved import (
    GAME_RECORDS, GUEST, HOST, KABALAM, SAVED_SOLITAIRES, SETTINGS, STATS_KINDS, VALIDATORS, SavedDoubleH, SavedMatch,
    SavedPatience, TablePlan,
)
from .screen import Screen, later
from .storage.history import VALIDATORS as HISTORY_VALIDATORS
from .storage.settings import CARD_BACKS, CHOICES, THEMES, Settings
from .storage.store import Problem, Store, record_name
from .tables.solitaires import SOLITAIRE_TABLES

if TYPE_CHECKING:
    from .remote_link import Link
    from .tables.table_double_h import DoubleHTable
    from .tables.table_patience import PatienceTable

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

    def __init__(self, boot: Boot | None = None) -> None:
        self.boot = boot if boot is not None else Boot()
        backend, keeps = browser_backend(self.boot)
        self.clock = comeback.Clock(self.boot.now_ms, self.boot.offset_min)  # the page's: a test sets its date
        self.store = Store(backend, validators={**VALIDATORS, **HISTORY_VALIDATORS}, clock=self.clock.now_ms,
                           refused=not keeps)
        self._daily_seeds: dict[tuple[str, str], int] = {}  # (game, day) -> its deal, found once a page
        self._home_task: Any = None  # the home's saved games, read once the page is ready (later)
        self.shared = ""  # how the daily deal's line was last shared ("copied", "failed"), said by its button
        #: A frame on another site whose storage is kept apart from the full site's (storage.js finds out).
        self.kept_apart = False
        self.framed = self.boot.framed  # inside a frame (a blog's iframe, embedded or not)
        #: The page's address as Python last wrote it (or the page said it was): path and query.
        self.location = (self.boot.pathname, self.boot.search)
        self.dialog_open = False  # the one modal dialog is open (the page says when it closes)
        self._notice: list[str] = []  # the notice's lines as shown
        self._drawing: Any = None  # the screen's drawing as last sent (a drag's drops are found in it)
        self.settings = Settings()
        self.screen: Screen = Screen(self)
        self.embed = False  # ?embed=1 (kept in every address the page writes)
        self._drawn_scope = ""  # the screen the view shows now (a redraw in place stays within one)
        self._confirmed: Callable[[], None] | None = None  # what the dialog's question does on yes (confirm)
        #: A table played at a distance (issue 30): the host's or a guest's end of its room, which
        #: the page's transport talks to (kabale.web.remote_link); None when none is open.
        self.remote: Link | None = None
        #: QR codes asked of the page's encoder (text -> its rows; None until they come: app.qr_code).
        self.qr_codes: dict[str, tuple[str, ...] | None] = {}

    @property
    def language(self) -> str:
        return self.settings.language

    def t(self, key: str, **values: Any) -> str:
        return translate(self.language, key, **values)

    def today(self) -> Any:
        """The player's calendar day (a datetime.date), by the page's clock."""
        return self.clock.today()

    @property
    def offset_min(self) -> int:
        return self.clock.offset_min

    # -- start -------------------------------------------------------------------

    def start(self) -> None:
        stored = self.store.load(SETTINGS)
        if isinstance(stored, Settings):
            self.settings = stored
        else:
            self.settings = Settings(language=language_from(list(self.boot.languages)))
        route = parse_query(self.boot.search)
        self.embed = route.embed
        select("body").classList.toggle("embed", self.embed)
        if self.embed:  # the hidden title's link would leave the compact view: out of the tab order
            select(".site-header h1 a").tabIndex = -1
        self.apply_language()
        self.follow(route)
        if self.boot.update_ready:
            self.on_update_ready(Event("kabale:update-ready"))
        PAGE.do("ready")

    # -- what the page tells Python (kabale.web.worker hands each input here) ----------------------

    def receive(self, message: dict[str, Any]) -> None:
        """One input from the page, handled (guarded); its commands go back with the next flush."""
        handlers: dict[str, Callable[[Any], None]] = {
            "click": self.on_click, "keydown": self.on_key, "change": self.on_change,
            "kabale:dragstart": self.on_drag_start, "kabale:drop": self.on_drop,
            "popstate": self.on_popstate, "storage": self.on_storage, "dialog-closed": self.on_dialog_closed,
            "partitioned": self.on_partitioned, "kabale:update-ready": self.on_update_ready,
            "store-failed": self.on_store_failed,
            "net-joined": self.on_net, "net-peer": self.on_net, "net-message": self.on_net, "net-error": self.on_net,
            "copied": self.on_copied, "qr": self.on_qr, "shared": self.on_shared, "import": self.on_import,
        }
        handler = handlers.get(str(message.get("type", "")))
        changed = getattr(self.store.backend, "changed", None)
        storage = message.get("storage")
        if changed is not None and isinstance(storage, dict):  # another tab's writes not yet heard of
            for key, value in storage.items():
                changed(str(key), None if value is None else str(value))
        if handler is not None:
            self.guarded(handler)(Event.of(message))

    def on_popstate(self, event: Event) -> None:
        self.location = (str(event.extra.get("pathname", self.location[0])), str(event.extra.get("search", "")))
        self.follow(parse_query(self.location[1]))

    def set_remote(self, link: "Link | None") -> None:
        """The room a table played at a distance talks through (the one before it is left)."""
        if self.remote is not None and self.remote is not link:
            self.remote.close()
        self.remote = link

    def forget_remote(self, record: str) -> None:
        """This page's table at a distance is over for it (left for good, or ended by its host): its
        record and its room are forgotten, and the home is shown."""
        self.store.remove(record)
        self.set_remote(None)
        self.show(Screen(self), push=True)

    def on_net(self, event: Event) -> None:
        """The transport's news (assets/js/page.js): a room joined, a peer come or gone, a message."""
        link, extra = self.remote, event.extra
        if link is None:
            return
        if event.type == "net-joined":
            link.on_joined(str(extra.get("self", "")))
        elif event.type == "net-peer":
            link.on_peer(str(extra.get("peer", "")), bool(extra.get("joined")))
        elif event.type == "net-message":
            link.on_message(str(extra.get("peer", "")), str(extra.get("text", "")))
        else:
            link.on_error(str(extra.get("reason", ""))[:200])

    def on_copied(self, event: Event) -> None:
        copied = getattr(self.screen, "on_copied", None)
        if copied is not None:
            copied(bool(event.extra.get("copied")))

    def qr_code(self, text: str) -> tuple[str, ...] | None:
        """The modules of a QR code for ``text`` (the invite link), or None while the page's encoder
        makes them: asked once, they come back as a "qr" input and the screen is drawn again.
        () where the page could not make them (no code is drawn; the link and Copy remain)."""
        if text not in self.qr_codes:
            self.qr_codes[text] = None
            PAGE.do("qr", text)
        return self.qr_codes[text]

    def on_qr(self, event: Event) -> None:
        from .views.qr import valid_rows

        text = str(event.extra.get("text", ""))
        if text in self.qr_codes:  # only what was asked: a page's answer cannot fill the memory
            self.qr_codes[text] = valid_rows(event.extra.get("rows"))
            self.screen.refresh()

    def on_dialog_closed(self, _event: Event) -> None:
        self.dialog_open = False

    def on_partitioned(self, event: Event) -> None:
        """In a frame on another site, storage may work but be kept apart from the full site's:
        assets/js/storage.js asks the browser (document.hasStorageAccess), and the page says."""
        if bool(event.extra.get("apart")) and not self.kept_apart:
            self.kept_apart = True
            self.render_keep_note()

    # -- statistics you can see, and their travels (issue 31) ----------------------------------

    def open_stats(self, game: str, *, push: bool = True) -> None:
        from .stats_screen import StatsScreen

        self.show(StatsScreen(self, game), push=push)

    def export_statistics(self) -> None:
        """Every record of statistics to a file the page offers for download."""
        import datetime

        from .storage.transfer import RECORDS, export_text

        now = datetime.datetime.fromtimestamp(self.clock.now_ms() / 1000, datetime.timezone.utc)
        text = export_text({name: self.store.load(name) for name in RECORDS}, now.isoformat(timespec="seconds"))
        PAGE.do("download", f"kabale-statistics-{self.today().isoformat()}.json", text)

    def on_import(self, event: Event) -> None:
        """A file the player chose to import (the page read it): refused with its reason, nothing
        changed; or merged with what is kept (kabale.web.storage.transfer) and saved."""
        from .storage.transfer import Refused, merged, read_file

        text, size = event.extra.get("text"), event.extra.get("size")
        try:
            if not isinstance(text, str):  # the page did not read it: too large, or unreadable
                raise Refused("transfer.oversized" if event.extra.get("oversized") else "transfer.malformed")
            imported = read_file(text, size if isinstance(size, int) else None)
        except Refused as refused:
            self.show_notice([self.t(refused.reason)], error=True)
            self.announce(self.t(refused.reason))
            return
        both = merged({name: self.store.load(name) for name in imported}, imported)
        for name, value in both.items():
            self.save(name, value.to_dict())
        games = sum(len(value.games) for value in both.values() if hasattr(value, "games"))
        self.show_notice([self.t("transfer.imported", games=games)])
        self.announce(self.t("transfer.imported", games=games))
        self.render()

    def on_shared(self, event: Event) -> None:
        """The page shared the daily deal's line (or another screen's, the invite), or copied it, or
        could not: said beside its button."""
        how = str(event.extra.get("how", ""))
        shared = getattr(self.screen, "on_shared", None)
        if shared is not None:  # a screen of its own that shares (the invite of remote play)
            shared(how)
            return
        self.shared = how if how in ("copied", "failed") else ""
        if self.shared:
            self.announce(self.t(f"daily.{'copied' if how == 'copied' else 'share_failed'}"))
            self.render()

    def daily_panel(self, game: str, saved: Any) -> Any:
        """The end of a daily deal (its share line, the last 30 days), or None (kabale.web.comeback)."""
        return comeback.daily_panel(self, game, saved, self.shared)

    def on_update_ready(self, _event: Event) -> None:
        update_banner.show(self.t)

    def on_store_failed(self, event: Event) -> None:
        """The page could not write a record (its storage is full): kept in memory, said once."""
        self.store.write_failed(str(event.extra.get("key", "")), event.extra.get("now"))
        self.show_problems()

    def guarded(self, handler: Callable[[Any], None]) -> Callable[[Any], None]:
        """Run a handler; on an unexpected error show a message, never a dead page."""

        def run(event: Any = None) -> None:
            try:
                handler(event)
            except Exception as error:  # the page must survive its own bugs
                self.show_failure(error)

        return run

    def show_failure(self, error: BaseException) -> None:
        PAGE.do("warn", "".join(traceback.format_exception(error)))  # the page's console, for a developer
        self.show_notice([self.t("app.failed", error=type(error).__name__)], error=True)

    def show_notice(self, lines: list[str], *, error: bool = False) -> None:
        notice = by_id("notice")
        notice.className = "notice error" if error else "notice"
        notice.replace_children(*(h("p", {"text": line}) for line in lines))
        notice.hidden = not lines
        self._notice = list(lines)

    def clear_notice(self, key: str) -> None:
        """Take down the notice ``key`` put up, unless another message has replaced it since."""
        if self._notice == [self.t(key)]:
            self.show_notice([])

    def announce(self, text: str) -> None:
        """Say what others did to screen readers (an aria-live region)."""
        if text:
            by_id("announcer").textContent = text

    # -- routes and screens ------------------------------------------------------

    def follow(self, route: Route) -> None:
        """Show what a URL asks for; a bad value gets its message, the lobby stays usable."""
        self.show_notice([self.t(problem.key, value=problem.value) for problem in route.problems], error=True)
        if route.stats is not None:
            self.open_stats(route.stats, push=False)
        elif route.game is None:
            self.show(Screen(self))
        elif "join=" in self.location[1]:
            from .remote_guest import open_guest  # an invite: a seat at a friend's table

            if not open_guest(self, self.location[1], self.boot.fragment):
                self.open_game(route.game, route.seed, push=False)
        elif "host=" in self.location[1]:
            from .remote_host import resume_host  # the host's table at a distance, after a reload

            if not resume_host(self, self.location[1]):
                self.open_game(route.game, route.seed, push=False)
        elif route.daily is not None:
            self.open_daily(route.game, route.daily, push=False)
        else:
            self.open_game(route.game, route.seed, push=False)
        self.show_problems()

    def open_game(self, game: str, seed: int | None, *, push: bool = True) -> None:
        from .setup_kabalam import KabalamSetup

        if game not in SAVED_SOLITAIRES:  # KABALAM: its set-up, or the match in progress
            # the table with friends at a distance, while it is played (this page's room: remote_host,
            # remote_guest): a new set-up here left it to be found only by the browser's Back
            table = self.remote.table_in_play() if seed is None and self.remote is not None else None
            if table is not None:
                self.show(table, push=push)
                return
            saved = self.store.load(KABALAM)
            # the table with friends this browser keeps (the tab was closed), if played since the local match
            in_play = isinstance(saved, SavedMatch) and not saved.match.is_over()
            local_at = (self.store.saved_at(KABALAM) or 0.0) if in_play else None
            if seed is None and self.remote is None and self.open_kept_remote(local_at):
                return
            # the match in progress, or (a reload) the finished one its URL names
            if isinstance(saved, SavedMatch) and (
                seed == saved.match.seed or (seed is None and not saved.match.is_over())
            ):
                self.open_kabalam_table(saved, push=push)
            else:
                self.show(KabalamSetup(self, saved if isinstance(saved, SavedMatch) else None, seed), push=push)
        else:
            self.open_solitaire(game, seed, push=push)

    def open_kept_remote(self, local_at: float | None) -> bool:
        """A table with friends at a distance that this browser keeps while its match is in play,
        the host's or a seat at a friend's, saved since the local match in progress was (saved at
        ``local_at``; None: there is none): opened, its room joined again. The newest first."""
        from .remote_guest import open_kept_seat
        from .remote_host import resume_kept_table

        kept = sorted(((self.store.saved_at(name) or 0.0, name) for name in (HOST, GUEST)
                       if self.store.load(name) is not None), reverse=True)
        for at, name in kept:
            if local_at is not None and at < local_at:
                break
            if resume_kept_table(self) if name == HOST else open_kept_seat(self):
                return True
        return False

    def show(self, screen: Screen, *, push: bool = False) -> None:
        if screen is not self.screen:
            self.screen.leave()
            self.shared = ""
            # what the last screen said to screen readers is not this one's (a won patience's
            # "You won!" stayed in the live region on the next game's table)
            by_id("announcer").textContent = ""
        self.screen = screen
        url = self.address(self.query_of(screen))
        if url != "".join(self.location):
            PAGE.do("history", "push" if push else "replace", url)
            path, mark, query = url.partition("?")
            self.location = (path, mark + query)
        for game in GAMES:
            select(f'button[data-game="{game}"]').setAttribute("aria-pressed", "true" if game == screen.game else "false")
        by_id("lobby").hidden = screen.game is not None
        if screen.game is None:
            self.render_home(saved=self._home_task is not None)
        self.render_toolbar()
        self.render()
        screen.start()

    def address(self, query: str, *, embed: bool | None = None) -> str:
        """This page's address with ``query`` (and ?embed=1 kept in the compact view)."""
        if self.embed if embed is None else embed:
            query = f"{query}&embed=1" if query else "?embed=1"
        return self.location[0] + query

    def render(self) -> None:
        """Draw the screen again (the page keeps the keyboard focus on the same control, and the
        page where it was scrolled: assets/js/page.js ``render``).

        A redraw in place (a table) keeps the page's nodes and changes only what differs, with no
        layout between; the cards that changed place travel (assets/js/motion.js), within one
        screen only (``scope``), and the screen's cues (a deal, a flip, a computer's play) play."""
        scope = f"{type(self.screen).__name__}:{id(self.screen)}"  # cards travel within one screen only
        in_place = self.screen.redraw_in_place and scope == self._drawn_scope
        content = self.screen.render()
        cues = self.screen.take_cues()
        self._drawing = content
        PAGE.do("render", {"scope": scope, "inPlace": in_place, "cues": cues,
                           "table": "table" in classes_of(content)}, content)
        self._drawn_scope = scope if content is not None else ""

    def focus_key(self, key: str, *, scroll: bool = True) -> None:
        """Focus the control with ``data-key``; ``scroll=False`` leaves the page where it is."""
        PAGE.do("focus", key, scroll)

    def seat_label(self, plan: TablePlan, seat: str) -> str:
        seat_plan = plan.plan_of(seat)
        return seat_plan.name or (self.t("you") if seat_plan.kind == "you" else self.t(f"seat.{seat}"))

    def open_kabalam_setup(self, fresh: bool = False) -> None:
        from .setup_kabalam import KabalamSetup

        saved = self.store.load(KABALAM)
        self.show(KabalamSetup(self, saved if isinstance(saved, SavedMatch) else None), push=True)
        self.show_problems()

    def open_kabalam_table(self, saved: SavedMatch, *, save: bool = False, push: bool = True) -> None:
        from .tables.table_kabalam import KabalamTable

        if save:
            self.save(KABALAM, saved.to_dict())
        self.show(KabalamTable(self, saved), push=push)

    def stats_of(self, game: str) -> Any:
        """The statistics of a patience ("patience" or "double-h"); empty ones when none are saved."""
        kind = STATS_KINDS[game]
        stats = self.store.load(f"stats:{game}")
        return stats if isinstance(stats, kind) else kind()

    def count_result(self, game: str, update: Callable[[Any], Any], saved: Any = None) -> Any:
        """Count a finished patience in its statistics as they are stored now (read again, so a game
        another tab counted meanwhile stays counted), save them and return them; ``saved``, the
        game as it ended, goes into its history too (the daily deal, the charts)."""
        stats = update(self.stats_of(game))
        self.save(f"stats:{game}", stats.to_dict())
        if saved is not None:
            comeback.add_played(self, game, saved)
        return stats

    def count_match(self, saved: SavedMatch) -> None:
        """A finished KABALAM match into its history (once): the home's statistics, the charts."""
        comeback.add_match(self, saved)

    def solitaire_table(self, game: str, saved: Any) -> "PatienceTable | DoubleHTable":
        """The table of a patience over its saved game (kabale.web.tables.solitaires says which)."""
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

    def new_solitaire(self, game: str, seed: int | None, *, push: bool = True, daily: str = "") -> None:
        """Deal a new patience (deal ``seed``, or a fresh one); one left unfinished after a move
        counts as lost. A game that follows "winnable deals only" (Double H), with the setting on:
        a fresh deal the solver found winnable."""
        if self.unfinished(game):
            self.count_result(game, lambda stats: stats.record(False), self.store.load(game))
        vetting = SOLITAIRE_TABLES[game].vetting[0]
        if SOLITAIRE_TABLES[game].vetted is not None and seed is None and self.settings.winnable_only:
            self.show_notice([self.t(vetting)])  # painted before the solver holds the page
            screen = self.screen
            later(30, lambda: self.open_winnable_deal(game, push) if self.screen is screen else self.clear_notice(vetting))
            return
        from kabale.games import GAMES as RULES  # imports this game's rules only

        dealt = RULES[game].deal(seed if seed is not None else fresh_seed())
        fresh = SAVED_SOLITAIRES[game](dealt)
        fresh.daily = daily if seed is not None else ""
        self.open_fresh(game, fresh, push=push)

    # -- the daily deal (issue 31) ---------------------------------------------------

    def open_daily(self, game: str, day: str, *, push: bool = True) -> None:
        """A patience's daily deal of ``day`` (not after today: today's instead). Its deal comes from
        the date (kabale.daily; Double H's takes the solver a moment: a notice says so first). The
        game in progress is continued when it is that deal; a game in progress of another deal
        makes the player choose, as an address naming another deal does."""
        today = self.today().isoformat()
        said = [self.t("url.daily_future", value=day)] if day > today else []
        day = min(day, today)
        saved = self.store.load(game)
        if isinstance(saved, SAVED_SOLITAIRES[game]) and saved.daily == day and saved.game.seed is not None:
            self._daily_seeds[(game, day)] = saved.game.seed  # its deal was found when it was dealt: a reload is at once
        if (game, day) not in self._daily_seeds and SOLITAIRE_TABLES[game].vetted is not None:
            self.show_notice([*said, self.t("daily.finding")], error=bool(said))  # painted before the solver holds the page
            screen = self.screen
            later(30, lambda: self._open_daily_found(game, day, push, said) if self.screen is screen else None)
            return
        self._open_daily_found(game, day, push, said)

    def daily_seed(self, game: str, day: str) -> int:
        """The deal of a patience's day, found once a page (kabale.games.GameSpec.daily_seed)."""
        import datetime

        from kabale.games import GAMES as RULES

        key = (game, day)
        if key not in self._daily_seeds:
            self._daily_seeds[key] = RULES[game].daily_seed(
                datetime.date.fromisoformat(day), winnable=SOLITAIRE_TABLES[game].vetted is not None)
        return self._daily_seeds[key]

    def _open_daily_found(self, game: str, day: str, push: bool, said: list[str]) -> None:
        seed = self.daily_seed(game, day)
        self.show_notice(said, error=True)
        saved = self.store.load(game)
        if isinstance(saved, SAVED_SOLITAIRES[game]) and saved.game.seed == seed and saved.daily == day:
            self.show(self.solitaire_table(game, saved), push=push)  # this day's deal, as it stands
            return
        if isinstance(saved, SAVED_SOLITAIRES[game]) and not saved.game.is_over() and saved.game.moves:
            self.show(DealChoice(self, game, saved.game.seed, seed,
                                 lambda: self.show(self.solitaire_table(game, saved), push=push),
                                 lambda: self.new_solitaire(game, seed, push=push, daily=day),
                                 query=query_for_daily(game, day)))
            return
        self.new_solitaire(game, seed, push=push, daily=day)

    def query_of(self, screen: Screen) -> str:
        """The address's query for a screen: a daily deal's table keeps its day's address."""
        saved = getattr(screen, "saved", None)
        daily = getattr(saved, "daily", "")
        if screen.game in DAILY_GAMES and isinstance(daily, str) and daily and screen.record == screen.game:
            return query_for_daily(screen.game, daily)
        return screen.query()

    # -- the home (issue 31) -------------------------------------------------------------

    def render_home(self, saved: bool = True) -> None:
        """Each game's tile below its name and blurb: its picture, statistics, daily deal and, with
        ``saved``, its saved game's Continue. A saved game is read by its engine, which is imported
        when first needed: at start the tiles come without (the home is ready sooner), then with."""
        for view in comeback.tiles(self, saved=saved):
            by_id(f"more-{view.game}").replace_children(comeback.tile_more(view))
        if not saved:
            screen = self.screen

            def then() -> None:
                if self.screen is screen:
                    self.guarded(lambda _event: self.render_home())(None)

            self._home_task = later(0, then)

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
        in_memory = self.store.refused and self.screen.record is not None
        if not in_memory and not any(name in GAME_RECORDS for name in self.store.unsaved):
            return True
        return False

    def save(self, name: str, data: Any) -> None:
        self.store.save(name, data)
        if self.show_problems(conflict_of=name):
            self.screen.on_storage(name)

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

    def on_storage(self, event: Event) -> None:
        key = event.extra.get("key")
        name = None if key is None else record_name(str(key))
        changed = getattr(self.store.backend, "changed", None)
        if key is not None and changed is not None:  # the worker's copy of localStorage follows
            value = event.extra.get("value")
            changed(str(key), None if value is None else str(value))
        if name is None:
            return
        self.store.forget(name)
        if name == SETTINGS:
            stored = self.store.load(SETTINGS)
            if isinstance(stored, Settings):
                self.settings = stored
                self.apply_language()
                self.render()
        elif self.screen.game is None and self._home_task is not None:  # the home: another tab played on
            self.render_home()
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
        select("body").classList.toggle("reduced-motion", self.settings.reduced_motion)
        for name in THEMES[1:]:
            select("html").classList.toggle(f"theme-{name}", name == self.settings.theme)
        self.paint_bar()
        for name in CARD_BACKS[1:]:
            select("body").classList.toggle(f"back-{name}", name == self.settings.card_back)

    def paint_bar(self) -> None:
        """The browser's bar in the theme's colour: each theme-color meta of index.html keeps its
        own colour in data-colour, for the system's scheme it names; a theme held in the settings
        paints them all its colour (assets/js/boot.js ``paintBar``, as before Python starts)."""
        PAGE.do("bar", self.settings.theme)

    def apply_language(self) -> None:
        """Put the static lobby and the header in the chosen language."""
        t = self.t
        select("html").lang = self.language
        # what the live region said was said in the language before: left there, a screen
        # reader's user meets it again, in that language, when reading the page
        by_id("announcer").textContent = ""
        self.apply_look()
        for element_id, key in (("lobby-heading", "lobby.heading"), ("tagline", "site.tagline")):
            by_id(element_id).textContent = t(key)
        for game in GAMES:
            select(f'button[data-game="{game}"]').textContent = t(f"game.{game}")
            by_id(f"blurb-{game}").textContent = t(f"lobby.blurb.{game}")
        if self.screen.game is None and self._home_task is not None:  # drawn before: in this language now
            self.render_home()
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
        by_id("toolbar").replace_children(
            full_site,
            h("button", {"type": "button", "class": "button", "data-action": "lobby", "text": t("toolbar.lobby")})
            if self.screen.game else None,
            language,
            h("button", {"type": "button", "class": "button", "data-action": "settings", "text": t("toolbar.settings")}),
            h("button", {"type": "button", "class": "button", "data-action": "help", "aria-keyshortcuts": "?",
                         "text": t("toolbar.help")}),
        )
        self.render_keep_note()

    def render_keep_note(self) -> None:
        """One short line when this page cannot keep games as the full site does: not at all
        (storage refused) or apart (a frame on another site). In a frame it links to the
        full site in a tab of its own, where games are kept."""
        note = by_id("keep-note")
        key = "keep.none" if self.store.refused else "keep.apart" if self.kept_apart else None
        if key is None:
            note.replace_children()
            note.hidden = True
            return
        link = None
        if self.framed or self.embed:
            link = h("a", {"href": self.address(self.screen.query(), embed=False), "target": "_blank",
                           "rel": "noopener", "text": self.t("keep.open")})
        note.replace_children(h("span", {"text": self.t(key)}), " " if link is not None else None, link)
        note.hidden = False

    def open_dialog(self, heading: str, *content: Any, close: str | None = None) -> None:
        """The one modal dialog, with ``content`` under ``heading`` and its Close button (``close``: other
        words for it, as "Keep playing" where it declines a question)."""
        self._confirmed = None  # a question asked before is not this dialog's
        by_id("dialog-body").replace_children(
            # focus opens on the heading (autofocus), at the top: not on Close, scrolled to the bottom
            h("h2", {"id": "dialog-heading", "tabindex": "-1", "autofocus": True, "text": heading}),
            *content,
        )
        by_id("dialog-close").textContent = close or self.t("dialog.close")
        if not self.dialog_open:
            by_id("dialog").show_modal()
            self.dialog_open = True

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
        saved = self.store.load(game)
        # a daily deal restarted is that day's deal still (played again: practice)
        daily = saved.daily if isinstance(saved, SAVED_SOLITAIRES[game]) and seed is not None \
            and saved.game.seed == seed else ""
        if self.unfinished(game):
            t = self.t
            self.confirm(t(f"leave.heading.{action}"), t("leave.counts_lost"), t(f"leave.yes.{action}"),
                         lambda: self.new_solitaire(game, seed, daily=daily))
            return
        self.new_solitaire(game, seed, daily=daily)

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

        def addresses(field: str, example: str) -> Any:
            return h("label", {"class": "field addresses"}, t(f"settings.{field}") + " ",
                     h("input", {"type": "text", "data-field": field, "value": getattr(settings, field),
                                 "placeholder": example, "spellcheck": "false", "autocomplete": "off",
                                 "autocapitalize": "none", "inputmode": "url"}))

        self.open_dialog(t("settings.heading"), h("div", {"class": "settings-form"},
                         choice("theme"), check("reduced_motion"), choice("card_back"), choice("bot_speed"), choice("think_time"), check("memory_aid"),
                         check("still_winnable"), check("auto_safe_moves"), check("winnable_only"),
                         check("playable_cards"),
                         # folded: few players need them, and open they pushed Close below the fold at
                         # 1280x800; open when the player has named one (what is set is seen)
                         h("details", {"class": "settings-more", "open": bool(settings.relays or settings.ice_servers)},
                           h("summary", {"text": t("settings.remote_heading")}),
                           h("p", {"class": "hint", "text": t("settings.remote_hint")}),
                           addresses("relays", "wss://relay.example"),
                           addresses("ice_servers", "turn:turn.example:3478"))))

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
            daily, seed = data(game_button, "daily"), parse_seed(data(game_button, "seed") or "")
            if game in GAMES:
                self.show_notice([])
                if daily and game in DAILY_GAMES:  # a tile's daily deal
                    self.open_daily(game, daily, push=True)
                else:  # the game, or its saved game (a tile's Continue names its deal)
                    self.open_game(game, seed, push=True)
                self.show_problems()
            return
        element = target.closest("[data-action]")
        if element is None or element.disabled:
            return
        action = data(element, "action") or ""
        if action == "lobby":
            self.show(Screen(self), push=True)
        elif action == "confirm":
            then, self._confirmed = self._confirmed, None
            by_id("dialog").close()
            self.dialog_open = False
            if then is not None and self.caught_up():
                then()
        elif action == "stats" and (data(element, "stats") or "") in GAMES:
            self.open_stats(data(element, "stats") or "")
        elif action == "settings":
            self.show_settings()
        elif action == "help":
            self.show_help()
        elif action == "update-reload":
            self.update_reload()
        elif action == "update-later":
            update_banner.hide()
        elif event.within == "view" and self.caught_up():
            self.screen.on_action(action, element, event)

    def on_key(self, event: Any) -> None:
        target = event.target
        tag = target.tag if target is not None else ""
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
            return
        if self.dialog_open:
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
        if target is None:
            return
        if field == "language" and target.value in LANGUAGES:
            self.change_settings(Settings.from_dict({**self.settings.to_dict(), "language": str(target.value)}))
            if self.dialog_open:
                self.show_settings()
        elif event.within == "dialog" and field:
            value = bool(target.checked) if target.type == "checkbox" else str(target.value)
            self.change_settings(Settings.from_dict({**self.settings.to_dict(), field: value}))
        elif event.within == "view":
            self.screen.on_change(target)

    # A card dragged with a mouse, a finger or a pen: assets/js/drag.js moves it; the page asks here.
    # It cannot wait for an answer at each control the pointer crosses: when the drag begins, Python
    # picks the cards up and tells the page every control that takes them (``accepts``).

    def on_drag_start(self, event: Event) -> None:
        accepts: list[str] | None = None
        if event.within == "view" and event.target is not None and self.caught_up() \
                and self.screen.on_drag_start(event.target, event):
            self.screen.refresh()  # the card is picked up and its targets are lit
            accepts = [data(node, "key") or "" for node in nodes_of(self._drawing)
                       if self.screen.on_drag_over(node, event)]
        PAGE.do("drag", accepts)

    def on_drop(self, event: Event) -> None:
        if event.target is not None and self.caught_up():
            self.screen.on_drop(event.target, event)  # an illegal drop is refused with its reason

    def update_reload(self) -> None:
        """The update banner's Reload: at once, or, with a game kept only in memory (storage full or
        refused), once the player has said so (the dialog's question)."""
        if self.may_reload():
            PAGE.do("update")
        else:
            t = self.t
            self.confirm(t("update.label"), t("update.unsaved"), t("update.reload"), lambda: PAGE.do("update"))


class DealChoice(Screen):
    """A URL asks for another deal while a patience is in progress: continue it, or start the new one."""

    def __init__(
        self, app: App, game: str, saved_seed: int | None, seed: int,
        continue_saved: Callable[[], None], start_new: Callable[[], None], query: str = "",
    ) -> None:
        super().__init__(app)
        self.game, self.saved_seed, self.seed = game, saved_seed, seed
        self.continue_saved, self.start_new = continue_saved, start_new
        self._query = query  # the address it stands for (a daily deal's), else the deal's

    def query(self) -> str:
        return self._query or f"?game={self.game}&seed={self.seed}"

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


def start(boot: Boot | None = None) -> App:
    app = App(boot)
    try:
        app.start()
    except Exception as error:
        app.show_failure(error)
        PAGE.do("ready")
    return app
