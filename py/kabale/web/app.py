"""The page's controller: read the URL, answer clicks, draw what the engine says.

State lives in Python (the route, the language); the DOM only shows it. Every
handler is wrapped so a mistake shows a message instead of breaking the page.
"""

from __future__ import annotations

import secrets
import traceback
from typing import Any, Callable

from kabale.cards import Card

from . import preview, render
from .dom import by_id, document, h, listen, replace_children, window
from .i18n import DEFAULT_LANGUAGE, translate
from .routes import GAMES, Route, parse_query, query_for
from .rules_text import rules_for


class App:
    """The lobby and, for now, each game's rules beside a read-only seeded deal."""

    def __init__(self) -> None:
        self.language = DEFAULT_LANGUAGE
        self.game: str | None = None
        self.seed: int | None = None

    # -- helpers -------------------------------------------------------------

    def t(self, key: str, **values: Any) -> str:
        return translate(self.language, key, **values)

    def guarded(self, handler: Callable[[Any], None]) -> Callable[[Any], None]:
        """Run a handler; on an unexpected error show a message, never a dead page."""

        def run(event: Any) -> None:
            try:
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

    # -- start and routing ---------------------------------------------------

    def start(self) -> None:
        listen(by_id("lobby"), "click", self.guarded(self.on_lobby_click))
        listen(by_id("view"), "click", self.guarded(self.on_view_click))
        listen(window, "popstate", self.guarded(lambda _event: self.follow(parse_query(window.location.search))))
        self.follow(parse_query(window.location.search))
        document.body.dataset.ready = "1"

    def follow(self, route: Route) -> None:
        """Show what a URL asks for; a bad value gets its message, the lobby stays usable."""
        self.show_notice([self.t(problem.key, value=problem.value) for problem in route.problems], error=True)
        if route.game is None:
            self.close_game()
        else:
            self.open_game(route.game, route.seed, push=False)

    def on_lobby_click(self, event: Any) -> None:
        button = event.target.closest("button[data-game]")
        if button is None:
            return
        game = str(button.dataset.game)
        if game in GAMES:
            self.show_notice([])
            self.open_game(game, None, push=True)

    def on_view_click(self, event: Any) -> None:
        button = event.target.closest("button[data-action]")
        if button is None or self.game is None:
            return
        action = str(button.dataset.action)
        if action == "new-deal":
            self.open_game(self.game, None, push=True)
        elif action == "back":
            self.close_game()
            window.history.pushState(None, "", window.location.pathname)

    # -- views -------------------------------------------------------------

    def open_game(self, game: str, seed: int | None, *, push: bool) -> None:
        """Show a game's rules and a deal; a missing seed is dealt fresh and put in the URL."""
        if seed is None:
            seed = secrets.randbelow(10**9)
        self.game, self.seed = game, seed
        url = window.location.pathname + query_for(game, seed)
        if push:
            window.history.pushState(None, "", url)
        else:
            window.history.replaceState(None, "", url)
        for button in document.querySelectorAll("button[data-game]"):
            button.setAttribute("aria-pressed", "true" if button.dataset.game == game else "false")
        self.render_view()

    def close_game(self) -> None:
        self.game = self.seed = None
        for button in document.querySelectorAll("button[data-game]"):
            button.setAttribute("aria-pressed", "false")
        view = by_id("view")
        replace_children(view)
        view.hidden = True

    def render_view(self) -> None:
        assert self.game is not None and self.seed is not None
        game, seed, t = self.game, self.seed, self.t
        rules = h(
            "article",
            {"class": "rules-panel", "aria-labelledby": "rules-heading"},
            h("h2", {"id": "rules-heading", "text": t("view.rules", game=t(f"game.{game}"))}),
            *(
                h("section", {}, h("h3", {"text": heading}), *(h("p", {"text": paragraph}) for paragraph in paragraphs))
                for heading, paragraphs in rules_for(self.language, game)
            ),
        )
        deal = h(
            "section",
            {"class": "deal-panel", "aria-labelledby": "deal-heading", "data-game": game, "data-seed": seed},
            h("h2", {"id": "deal-heading", "text": t("view.deal", seed=seed)}),
            h("p", {"class": "deal-caption", "text": t(f"view.deal_caption.{game}")}),
            self.deal_element(game, seed),
            h("p", {},
              h("button", {"type": "button", "class": "button", "data-action": "new-deal", "text": t("view.new_deal")}),
              " ",
              h("button", {"type": "button", "class": "button", "data-action": "back", "text": t("view.back")})),
        )
        view = by_id("view")
        replace_children(view, deal, rules)
        view.hidden = False

    def deal_element(self, game: str, seed: int) -> Any:
        t = self.t
        if game == "double-h":
            layout = preview.double_h(seed)
            return h("div", {},
                     render.double_h_element(layout.places, t),
                     h("p", {"class": "deal-caption", "text": t("double_h.stock", count=layout.stock_count)}))
        deal = preview.kabalam(seed) if game == "kabalam" else preview.patience(seed)
        endowment_label = t("endowment.label", seat=t("seat.S")) if game == "kabalam" else t("endowment.heading", count=len(deal.endowment))
        return h("div", {},
                 h("h3", {"text": t("kabala.heading")}),
                 render.kabala_element(deal.packets, t),
                 h("h3", {"text": t("endowment.heading", count=len(deal.endowment))}),
                 render.endowment_element(deal.endowment, t, endowment_label))


def start() -> None:
    app = App()
    try:
        app.start()
    except Exception as error:
        app.show_failure(error)
        document.body.dataset.ready = "1"
