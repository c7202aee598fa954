"""The worker prototype's Python side: a Patience Kabalam table as plain data, one view per move.

Runs in Pyodide inside a module worker (bench/worker/worker.mjs) and, for a check,
in CPython (bench/worker_bench.py --check). It deals a game with the real engine
and builds the real view model (kabale.web.views.view_models.patience_view, which has
no DOM in it), then flattens both into a "view tree": nested dicts of tag, class,
text, action and children, the only thing that crosses to the main thread (by
postMessage, as JSON text: structured clone of a string is one copy, no proxy).
The main thread draws the tree (bench/worker/main.mjs) and sends back the
action of what was clicked.
"""

from __future__ import annotations

import json
from typing import Any

from kabale.games.patience.rules import Patience
from kabale.web.text.i18n import translate
from kabale.web.storage.saved import PatienceStats
from kabale.web.views.view_models import patience_view

Node = dict[str, Any]


def node(tag: str, cls: str = "", text: str = "", action: str = "", children: list[Node] | None = None) -> Node:
    """One element of the view tree (only the keys that are set, to keep the message small)."""
    out: Node = {"tag": tag}
    if cls:
        out["cls"] = cls
    if text:
        out["text"] = text
    if action:
        out["action"] = action
    if children:
        out["children"] = children
    return out


class Table:
    """One game at a time; ``click`` applies the move an action names and returns the next view."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.game = Patience.deal(seed)
        self.stats = PatienceStats()

    def t(self, key: str, **values: Any) -> str:
        return translate("en", key, **values)

    def view(self) -> str:
        """The table as a JSON view tree."""
        game = self.game
        model = patience_view(game, self.stats, self.t)
        legal = game.legal_moves()
        packets = [
            node("div", "packet" + (" lit" if index in model.lit else ""), children=[
                node("span", "card", str(card)) for card in packet])
            for index, packet in enumerate(game.packets)
        ]
        moves = [node("button", "move", str(move), action=f"move:{index}") for index, move in enumerate(legal)]
        if game.is_over():
            moves = [node("button", "move", self.t("patience.new_deal"), action="new-deal")]
        tree = node("main", "table", children=[
            node("h1", "bar", f"{model.bar.title} {model.bar.deal}"),
            node("p", "prompt", model.prompt.text if model.prompt else ""),
            node("section", "packets", children=packets),
            node("h2", "", model.endowment_heading),
            node("div", "endowment", children=[node("span", "card", str(card)) for card in game.endowment]),
            node("p", "pile", model.draw_pile),
            node("nav", "moves", children=moves),
            node("ol", "log", children=[node("li", "", line) for line in model.log[-8:]]),
        ])
        return json.dumps(tree, separators=(",", ":"))

    def click(self, action: str) -> str:
        """Apply what was clicked: a legal move by its index, or a new deal."""
        if action == "new-deal":
            self.seed += 1
            self.game = Patience.deal(self.seed)
        elif action.startswith("move:"):
            self.game.apply(self.game.legal_moves()[int(action.removeprefix("move:"))])
        return self.view()
