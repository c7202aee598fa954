"""The engine's shape: each rule written once (issue 12).

Copies of a formula drift apart; these tests find a second copy in the source,
so a new one is caught when it is written, not when it disagrees.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from kabale.cards import COMPOUNDED_SUMS, compounded_sum

PY = Path(__file__).resolve().parents[2] / "py" / "kabale"


def sources() -> dict[str, str]:
    return {str(path.relative_to(PY)): path.read_text(encoding="utf-8") for path in sorted(PY.rglob("*.py"))}


def test_the_table_of_compounded_sums_is_the_formula() -> None:
    assert COMPOUNDED_SUMS[1:] == tuple(compounded_sum(n) for n in range(1, 28))
    assert len(COMPOUNDED_SUMS) == 3 * 9 + 1  # every sum of three face-up cards has its entry


def test_the_compounded_sum_is_written_once() -> None:
    modulo_nine = re.compile(r"%\s*9\b")
    writers = sorted(name for name, text in sources().items() if modulo_nine.search(text))
    assert writers == ["cards.py"]


def test_out_with_thirteen_is_defined_once() -> None:
    defined = []
    for name, text in sources().items():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Assign):
                targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
                if any(t.startswith("OUT_WITH_THIRTEEN_") for t in targets):
                    defined.append((name, *targets))
    assert sorted(defined) == [("games/kabala/rules.py", "OUT_WITH_THIRTEEN_CARDS"), ("games/kabalam/fast.py", "OUT_WITH_THIRTEEN_POINTS")]


def test_double_h_s_last_round_and_layout_are_written_once() -> None:
    """The rules, the exact end test and the solver each used to write "3 rounds" and
    "place i has value i % 13 + 1" for themselves; now they read games/double_h/moves.py."""
    defined = []
    for name, text in sources().items():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Name) and t.id in ("LAST_ROUND", "PLACE_VALUES", "PLACE_VALUE")
                       for t in targets):
                    defined.append(name)
    assert sorted(defined) == ["games/double_h/moves.py", "games/double_h/moves.py"]
    place_value_by_index = re.compile(r"%\s*13\b")
    assert sorted(name for name, text in sources().items() if place_value_by_index.search(text)) == []


def test_double_h_s_parking_rule_is_written_once() -> None:
    """The rules' moves and refusals, the exact end test and the solver's moves, classes and
    search each wrote "the same value, the next suit up, never a heart" for themselves
    (``suit + 1``, ``top + 1``, ``card & 3 < 3``...); now they ask moves.parks_on."""
    games = {name: text for name, text in sources().items() if name.startswith("games/double_h/")}
    written = re.compile(r"\b\w*(suit|top|card|below|build_index)\w*(\[-1\])?\s*[+-]\s*1\b|&\s*3\s*<\s*3")
    # the page words a refusal with the suit the rules name (``wanted``), not a rule of its own
    words = {"web/text/messages.py": sources()["web/text/messages.py"]}
    writers = sorted({name for name, text in {**games, **words}.items() for line in text.splitlines()
                      if written.search(line)})
    assert writers == ["games/double_h/moves.py"]
    defined = [name for name, text in games.items() for node in ast.walk(ast.parse(text))
               if isinstance(node, ast.FunctionDef) and node.name == "parks_on"]
    assert defined == ["games/double_h/moves.py"]
    askers = sorted(name for name, text in games.items() for node in ast.walk(ast.parse(text))
                    if isinstance(node, ast.ImportFrom) and node.module == "kabale.games.double_h.moves"
                    and {alias.name for alias in node.names} & {"parks_on", "PARKS_ON"})
    assert askers == ["games/double_h/core.py", "games/double_h/end.py", "games/double_h/rules.py",
                      "games/double_h/solver.py"]
    from kabale.games.double_h.moves import HEART, PARKS_ON, parks_on
    club, diamond, spade, heart = (7 << 2 | suit for suit in range(4))
    assert (parks_on(club), parks_on(diamond), parks_on(spade), parks_on(heart)) == (diamond, spade, heart, -1)
    assert heart & 3 == HEART and PARKS_ON == tuple(parks_on(card) for card in range(len(PARKS_ON)))


def test_the_solvers_search_reads_the_model_s_own_moves() -> None:
    """Space.scored used to be a second move generator beside each Model (Double H's
    scanned the 26 places and wrote every move's rule again); now it only ranks what
    the Model's one generator gives: it asks the model and scans nothing itself."""
    asked = {}
    for name in ("games/double_h/solver.py", "games/patience/solver.py"):
        tree = ast.parse(sources()[name])
        space = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "Space")
        scored = next(node for node in space.body if isinstance(node, ast.FunctionDef) and node.name == "scored")
        calls = [node.func for node in ast.walk(scored) if isinstance(node, ast.Call)]
        assert not [call for call in calls if isinstance(call, ast.Name) and call.id == "range"], name
        asked[name] = sorted(call.attr for call in calls if isinstance(call, ast.Attribute)
                             and call.attr in ("moves", "actions") and "model" in ast.unparse(call.value))
    assert asked == {"games/double_h/solver.py": ["moves"], "games/patience/solver.py": ["actions"]}
    from kabale.games.double_h.core import Model
    model_source = ast.unparse(next(node for node in ast.parse(sources()["games/double_h/core.py"]).body
                                    if isinstance(node, ast.ClassDef) and node.name == "Model"))
    assert model_source.count("for index in range(26)") == 1 and callable(Model.moves)


_DOUBLE_H_RULE_TERMS = re.compile(r"\b(PARKS_ON|parks_on|LAST_ROUND|PLACE_VALUES)\b|range\(26\)")
#: The draw's rule as each generator wrote it: a draw is legal unless the waste and an empty place both are.
_DOUBLE_H_DRAW_RULE = re.compile(r"not\s*\(\s*[\w.]*waste\w*\s+and\s+\w*empty")


def double_h_move_generators(root: Path = PY) -> list[str]:
    """Where Double H's moves are worked out: every method named ``moves``, ``actions``,
    ``legal_moves``, ``targets`` or ``allows`` that scans the 26 places or names a term of the rules itself (the parking
    rule, the last round, the places' values), and every line that writes the draw's rule.
    ``root`` is a tree's py/kabale (a test may point it at an old tree)."""
    found = set()
    for path in sorted(root.rglob("*.py")):
        name, text = str(path.relative_to(root)), path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if (isinstance(item, ast.FunctionDef) and item.name in ("moves", "actions", "legal_moves", "targets", "allows")
                            and _DOUBLE_H_RULE_TERMS.search(ast.unparse(item))):
                        found.add(f"{name} {node.name}.{item.name}")
        found.update(f"{name} the draw's rule" for line in text.splitlines() if _DOUBLE_H_DRAW_RULE.search(line))
    return sorted(found)


def test_double_h_s_moves_are_generated_once_by_its_core() -> None:
    """Double H's rules used to be written twice: the checked class's ``legal_moves``
    (games/double_h/rules.py) and the solver's ``Model.moves`` (games/double_h/solver.py)
    each worked out the draw, the new round, the builds, the parkings, the turn-overs and
    the empty places. Now the core (games/double_h/core.py) is the engine: ``DoubleH`` asks
    its Model for the legal moves and plays them on it, and the solver searches it. Run
    against the tree before (commit 0ff09e7) this finds rules.py's DoubleH.legal_moves,
    solver.py's Model.moves and Model.actions, and the draw's rule in both files."""
    assert double_h_move_generators() == ["games/double_h/core.py Model.moves", "games/double_h/core.py Model.targets",
                                          "games/double_h/core.py the draw's rule"]
    solver = ast.parse(sources()["games/double_h/solver.py"])
    assert not [node for node in solver.body if isinstance(node, ast.ClassDef) and node.name == "Model"]
    rules = ast.parse(sources()["games/double_h/rules.py"])
    game = next(node for node in rules.body if isinstance(node, ast.ClassDef) and node.name == "DoubleH")
    methods = {item.name: ast.unparse(item) for item in game.body if isinstance(item, ast.FunctionDef)}
    assert "self._model.actions(self._state)" in methods["_actions"]
    assert "self._actions()" in methods["legal_moves"] and "self._model.allows(self._state, action)" in methods["check"]
    assert "self._model.play(" in methods["_do"]
    from kabale.games.double_h.core import Model
    from kabale.games.double_h.rules import DoubleH, Position
    game_ = DoubleH.deal(5)
    for _ in range(40):
        model: Model = game_._model
        assert [model.to_move(a) for a in model.actions(game_._state)] == game_.legal_moves()[:-1]
        assert Position(*model.laid(game_._state)) == game_.position()
        game_.apply(game_.legal_moves()[0])


#: How each rule of the KABALAM core looked when bots/playout.py and the patience's
#: Space.scored wrote it for themselves.
_CORE_RULE_COPIES = {
    "the Double test": re.compile(r">=\s*2\b|\bif\s+a\s*==\s*b\b|\bDOUBLE_(PAIRS|NEEDS)\b|\bPAIRS\b"),
    "the next seat": re.compile(r"\+\s*1\)\s*%"),
    "the next draw": re.compile(r"\bpile\b"),
    "the next target": re.compile(r"\[-1\]|COMPOUNDED_SUMS|digital_root|compounded_sum|\btops\b"),
    "the endowment left after a play": re.compile(r"<<|\b_(SHIFT|ONE|TAKES)\b"),
}


def test_the_playouts_and_the_patience_search_ask_the_core_for_its_rules() -> None:
    """bots/playout.py used to keep its own Double test, next seat, next draw and next
    target (the packet's bottom card comes up), and the patience's Space.scored its own
    next-target step and the endowment left after a play; now they ask the KABALAM core
    (fast.py) and the patience's core (its Model, ``left_after_play``), which both read
    the one next-target step, kabala.rules.targets_of."""
    playout = sources()["bots/playout.py"]
    body = ast.parse(playout).body
    code = "\n".join(ast.unparse(node) for node in body
                     if isinstance(node, ast.FunctionDef))  # the code, not its docstring's words
    code = "\n".join(line for line in code.splitlines() if not line.strip().startswith(("'", '"')))
    tree = ast.parse(sources()["games/patience/solver.py"])
    space = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "Space")
    scored = ast.unparse(next(node for node in space.body
                              if isinstance(node, ast.FunctionDef) and node.name == "scored"))
    found = {(where, rule) for where, text in (("bots/playout.py", code), ("Space.scored", scored))
             for rule, written in _CORE_RULE_COPIES.items() if written.search(text)}
    assert found == set()
    imported = {alias.name for node in body if isinstance(node, ast.ImportFrom)
                and node.module == "kabale.games.kabalam.fast" for alias in node.names}
    assert {"doubles_held", "has_play", "targets_of"} <= imported
    assert "model.targets(" in scored and "left_after_play(" in scored
    from kabale.games.patience.core import A_BARE, A_DOUBLE, Model, hand_values, left_after_play, pack_hand
    hand = pack_hand([2, 2, 2, 5, 7])
    assert hand_values(left_after_play(hand, (A_BARE, 1, 2, 3))) == [5, 7]
    assert hand_values(left_after_play(hand, (A_DOUBLE, 0, 2, 7))) == [2, 2, 5]
    model, packets = Model([3, 4]), ((1, 2), (3, 4), (5, 6))
    for action in ((A_BARE, 1, 2, 3), (A_DOUBLE, 0, 2, 7)):  # the search ranks by what Model.play leaves
        assert model.play((packets, hand, 0, False), action)[1] == left_after_play(hand, action)
    next_target = re.compile(r"\[-1\]\s*\+\s*\w+\[0\]")
    assert sorted(name for name, text in sources().items() if next_target.search(text)) == ["games/kabala/rules.py"]
    from kabale.games.kabala.rules import targets_of
    from kabale.games.kabalam.fast import SimHand, doubles_held, seats_after
    assert targets_of(((9, 1), (4, 2), (3, 5))) == (8, 7, 1, 6)  # 1+2+5 now; 9+2+5, 1+4+5, 1+2+3 after a flip
    assert doubles_held([0, 1, 2, 1, 0, 0, 0, 0, 0, 0], 4, False) == [(1, 3), (2, 2)]
    assert doubles_held([0, 1, 1, 0, 0, 0, 0, 0, 0, 0], 4, False) == []
    assert seats_after([True, False, True, True]) == (2, 2, 3, 0)
    hand = SimHand([[1, 2], [3, 4], [5, 6]], [[1], None, [2], [3]], [7, 8], turn=3, played=True, passes=0)
    assert (hand.next_seat(), hand.next_draw()) == (0, 8)


def test_the_coach_asks_the_core_for_the_double_test() -> None:
    """The coach's plan (bots/coach.py) listed the Doubles a hand makes with its own test
    (``counts[low] >= 2`` for a pair); it asks the core's ``doubles_held`` now."""
    body = ast.parse(sources()["bots/coach.py"]).body
    code = "\n".join(ast.unparse(node) for node in body if isinstance(node, ast.FunctionDef))
    code = "\n".join(line for line in code.splitlines() if not line.strip().startswith(("'", '"')))
    assert not _CORE_RULE_COPIES["the Double test"].search(code)
    assert "doubles_held(" in code


def test_kabalam_s_checked_hand_keeps_no_rules_of_its_own() -> None:
    """KabalamHand used to play every rule again on cards (the legal moves, whose turn
    is next, out with thirteen, the end and its scores); now it keeps its state in the
    core (``_core``), asks it for the legal moves and plays each move on it, adding
    only suits, history and the reasons a move is refused."""
    hand_source = sources()["games/kabalam/hand.py"]
    for rule in ("the Double test", "the next seat"):
        assert not _CORE_RULE_COPIES[rule].search(hand_source), rule
    # the target, out with thirteen and the scores (twice the points when all have passed)
    assert not re.search(r"COMPOUNDED_SUMS|compounded_sum|target_of|OUT_WITH_THIRTEEN|plays_on|\b_n_in\b|"
                         r"\b_sizes\b|\b2 \* ", hand_source)
    from kabale.games.kabalam.fast import to_sim
    from kabale.games.kabalam.hand import KabalamHand
    hand = KabalamHand.deal(7, seats=3)
    for _ in range(12):
        assert [to_sim(move) for move in hand.legal_moves()] == hand._core.legal_moves()
        hand.apply(hand.legal_moves()[-1])
        core = hand._core
        assert core.packets == [[card.value for card in packet] for packet in hand.packets]
        assert core.pile == [card.value for card in reversed(hand.draw_pile)]
        assert core.sizes == [len(hand.endowment(seat)) for seat in hand.seats]


def test_the_patience_s_checked_game_keeps_no_rules_of_its_own() -> None:
    """Patience used to play its rules again on cards (the legal moves, the draw of two,
    out with thirteen, the end); now it keeps its position as a state of the core's
    Model, asks it for the legal moves, the effect of each move and the end."""
    rules = sources()["games/patience/rules.py"]
    assert not re.search(r"plays_on|OUT_WITH_THIRTEEN_CARDS|CARDS_PER_DRAW|\b_played\b|COMPOUNDED_SUMS|"
                         r"PASS_MOVES|DRAW_MOVE\b", rules)
    for constant in ("CARDS_PER_DRAW", "WON"):
        defined = [name for name, text in sources().items() if name.startswith("games/")
                   for node in ast.parse(text).body
                   if isinstance(node, ast.Assign) and any(isinstance(n, ast.Name) and n.id == constant
                                                           for t in node.targets for n in ast.walk(t))]
        assert defined == ["games/patience/core.py"], constant
    from kabale.games.patience.rules import Patience
    game = Patience.deal(3)
    while not game.is_over():
        assert [game._model.to_move(a) for a in game._model.actions(game._state)] == game.legal_moves()
        game.apply(game.legal_moves()[-1])
        packets, hand, pos, played = game._state
        assert packets == tuple(tuple(card.value for card in packet) for packet in game.packets)
        assert len(game._model.pile) - pos == game.draw_pile_size and played == game.played_since_draw
