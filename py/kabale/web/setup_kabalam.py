"""Setting up a KABALAM match: how many play, who sits where, the options; or go on with the saved one."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kabale.games.kabala.rules import Options
from kabale.games.kabalam.match import Match

from kabale.bots.ladder import LADDER

from .dom import Element, data, h
from .text.i18n import Said, Words
from .text.levels_text import level_lines
from .routes import fresh_seed, parse_seed
from .storage.saved import SEAT_KINDS, SavedMatch, SeatPlan, TablePlan, clean_name
from .screen import Screen


class KabalamSetup(Screen):
    game = "kabalam"

    def __init__(self, app: Any, saved: SavedMatch | None, seed: int | None = None) -> None:
        super().__init__(app)
        self.saved = saved
        self.count = len(saved.plan.seats) if saved else 2
        # all four seats, whatever the saved match had: the saved plan's seats first, the default for the
        # rest, so that choosing 3 or 4 players after a two-player match lists (and deals) them all
        kept = {plan.seat: plan for plan in saved.plan.seats} if saved else {}
        self.seats: list[SeatPlan] = [kept.get(plan.seat, plan) for plan in TablePlan.default(4).seats]
        self.options = saved.match.options if saved else Options()
        self.seed = seed if seed is not None else fresh_seed()
        self.message: Words | str = ""  # said in the language of each redraw

    def query(self) -> str:
        return f"?game=kabalam&seed={self.seed}"

    def plan(self) -> TablePlan:
        return TablePlan(tuple(self.seats[: self.count]))

    # -- drawing ---------------------------------------------------------------

    def render(self) -> Element:
        t = self.t
        parts: list[Any] = []
        if self.saved and not self.saved.match.is_over():
            totals = ", ".join(
                f"{self.app.seat_label(self.saved.plan, seat)} {points}" for seat, points in self.saved.match.totals.items()
            )
            parts.append(h(
                "section", {"class": "continue", "aria-labelledby": "continue-heading"},
                h("h2", {"id": "continue-heading", "text": t("setup.continue_heading")}),
                h("p", {"text": t("setup.continue_summary", hand=self.saved.match.hand_number, totals=totals)}),
                h("button", {"type": "button", "class": "button primary", "data-action": "continue",
                             "data-key": "continue", "text": t("setup.continue")}),
                h("p", {"class": "hint", "text": t("setup.discard")}),
            ))
        parts.append(self.render_form())
        return h("div", {"class": "setup"}, *parts)

    def render_form(self) -> Element:
        t = self.t
        count_choices = h(
            "fieldset", {"class": "seat-count"},
            h("legend", {"text": t("setup.seats")}),
            *(
                h("label", {}, h("input", {"type": "radio", "name": "seat-count", "value": count,
                                           "checked": count == self.count, "data-field": "count"}),
                  " " + t("setup.seat_count", count=count))
                for count in (2, 3, 4)
            ),
        )
        seat_rows = []
        for index, plan in enumerate(self.seats[: self.count]):
            seat_name = t(f"seat.{plan.seat}")
            select_id, name_id = f"kind-{plan.seat}", f"name-{plan.seat}"
            seat_rows.append(h(
                "div", {"class": "seat-row"},
                h("label", {"for": select_id, "text": t("setup.who", seat=seat_name)}),
                h("select", {"id": select_id, "data-field": "kind", "data-seat": plan.seat},
                  *(h("option", {"value": kind, "selected": kind == plan.kind, "text": t(f"setup.kind.{kind}")})
                    for kind in SEAT_KINDS)),
                # a friend on another device names herself when she sits down
                *((h("p", {"class": "hint", "text": t("remote.names_herself")}),) if plan.kind == "remote" else (
                    h("label", {"for": name_id, "text": t("setup.name", seat=seat_name)}),
                    h("input", {"id": name_id, "type": "text", "maxlength": 24, "autocomplete": "off",
                                "data-field": "name", "data-seat": plan.seat, "value": plan.name}))),
            ))
        options = h(
            "fieldset", {"class": "options"},
            h("legend", {"text": t("setup.options")}),
            *(
                h("label", {}, h("input", {"type": "checkbox", "data-field": option,
                                           "checked": getattr(self.options, option)}), " " + t(f"setup.{option}"))
                for option in ("compounded_doubles", "free_yield")
            ),
        )
        if any(plan.is_remote for plan in self.seats[: self.count]):
            # a deal at a distance is drawn from every friend's bytes (kabale.net.commitment), never from
            # this number: the field was there, and what was typed in it was silently not dealt
            seed = h("p", {"class": "hint seed-row", "text": t("setup.seed_remote")})
        else:
            seed = h("div", {"class": "seed-row"},
                     h("label", {"for": "setup-seed", "text": t("setup.seed")}),
                     h("input", {"id": "setup-seed", "type": "text", "inputmode": "numeric", "data-field": "seed",
                                 "value": self.seed}))
        return h(
            "section", {"class": "setup-form", "aria-labelledby": "setup-heading"},
            h("h2", {"id": "setup-heading", "text": t("setup.heading")}),
            # who plays, and the rest (how strong the computer is, the options, the deal, the start): two
            # columns on a wide screen, so that "Start the match" is in view at 1280x800 (kabale.css)
            h("div", {"class": "setup-seats"},
              count_choices,
              h("fieldset", {"class": "seats-plan"}, h("legend", {"text": t("setup.seats_plan")}), *seat_rows)),
            h("div", {"class": "setup-more"},
              self.render_levels(),
              options,
              seed),
            # (a child of the form, not of a column: it stays at the foot of the view over the whole form,
            # on a bar of its own where the form scrolls under it, so no line of it is half hidden)
            h("p", {"class": "refusal", "role": "alert", "text": self.said(self.message)}),
            h("div", {"class": "setup-start"},
              h("button", {"type": "button", "class": "button primary", "data-action": "start",
                           "data-key": "start", "text": t("setup.start")})),
        )

    def render_levels(self) -> Element:
        """How strong each level is, from the measured ladder, and how a person learns to beat hard."""
        t = self.t
        items = []
        for name, text in level_lines(t, self.app.language):
            items.append(h("dt", {"text": name}))
            items.append(h("dd", {"text": text}))
        matches = f"{LADDER.matches:,}".replace(",", "\u202f")  # 1 100: a thin space in every language
        return h("div", {"class": "levels", "role": "group", "aria-labelledby": "levels-heading"},
                 h("h3", {"id": "levels-heading", "text": t("setup.levels")}),
                 h("dl", {}, *items),
                 h("p", {"class": "hint", "text": t("setup.levels_source", count=matches)}),
                 h("p", {"class": "hint", "text": t("setup.learn")}))

    # -- events ------------------------------------------------------------------

    def on_change(self, target: Any) -> None:
        field = data(target, "field") or ""
        if field == "count":
            self.count = int(target.value)
        elif field == "kind" and target.value in SEAT_KINDS:
            self.set_seat(data(target, "seat") or "", kind=str(target.value))
        elif field == "name":
            self.set_seat(data(target, "seat") or "", name=clean_name(str(target.value)))
            return  # no redraw while typing
        elif field in ("compounded_doubles", "free_yield"):
            self.options = replace(self.options, **{field: bool(target.checked)})
        elif field == "seed":
            # the change comes as the field loses focus, often on the mouse-down of "Start the
            # match": a redraw now would replace the button before its click, and lose the click
            before = self.message
            seed = parse_seed(str(target.value))
            if seed is None:
                self.message = Said.of("url.bad_seed", value=str(target.value)[:40])
            else:
                self.seed, self.message = seed, ""
            if self.message == before:
                return
        self.refresh()

    def set_seat(self, seat: str, **changes: str) -> None:
        self.seats = [replace(plan, **changes) if plan.seat == seat else plan for plan in self.seats]

    def on_action(self, action: str, target: Any, event: Any) -> None:
        if action == "continue" and self.saved is not None:
            self.app.open_kabalam_table(self.saved)
        elif action == "start":
            self.start_match()

    def start_match(self) -> None:
        if self.message:
            self.refresh()
            return
        try:
            plan = self.plan()
        except ValueError:
            self.message = Said.of("setup.need_person")
            self.refresh()
            return
        if any(seat.is_remote for seat in plan.seats):  # friends on other devices: the host's lobby
            from .remote_host import open_remote_table

            open_remote_table(self.app, plan, self.options)
            return
        match = Match.start(self.seed, seats=[seat.seat for seat in plan.seats], options=self.options)
        self.app.open_kabalam_table(SavedMatch(plan, match), save=True)

