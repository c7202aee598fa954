"""Double H for the solver: what the search explores (:class:`Space`), on the
rules' own compact states.

The rules are the game's core, :class:`kabale.games.double_h.core.Model` (its
states, its one move generator ``Model.moves`` and its ``play``); this module
only ranks the core's moves, and shrinks the space by the classes of
reversible parkings below. It is the solver layer, above the rules, and
:mod:`kabale.solver` calls it.
"""

from __future__ import annotations

import random

from kabale.games.double_h.core import CARD, DRAW, NEXT_ROUND, TURN, WASTE, Action, Model, State, is_right, top_card
from kabale.games.double_h.moves import PARKS_ON, PLACE_VALUES

__all__ = ["Space", "ValueClass", "Macro"]  # the search's own; the Model and its actions are the core's

# Cards in their right place by (place index << 9) + pile code, for a quick sum.
_OFFSETS = tuple(index << 9 for index in range(26))
_RIGHT_CARDS: tuple[int, ...] = tuple(
    code & 7 if is_right(code, index) else 0
    for index in range(26) for code in range(512)
)


# -- the search space ---------------------------------------------------------------
#
# Parking a card that is not alone on its place, from one pile onto another,
# changes nothing but the heights of two piles of its value: the top cards
# stay the same, and the card can park back. So the configurations of one
# value's piles that such parkings reach form a class of equal worth; the
# search keeps one representative per class (the smallest) and the complete
# search offers the moves of every member instead. That is exact, and it
# removes most of the state space. Parkings that empty a place cannot be
# undone and stay ordinary moves.

Config = tuple[int, ...]


def _reversible_parkings(config: Config, places: tuple[int, ...]) -> list[tuple[Config, Action]]:
    result = []
    for a, code_a in enumerate(config):
        count = code_a & 7
        if count < 2:
            continue
        below = PARKS_ON[top_card(code_a)]
        for b, code_b in enumerate(config):
            if b != a and top_card(code_b) == below:
                following = list(config)
                following[a] -= 1
                following[b] += 1
                result.append((tuple(following), (CARD, places[a], places[b])))
    return result


class ValueClass:
    """The configurations of one value's movable piles that reversible
    parkings connect, and the way from the representative to each."""

    __slots__ = ("places", "rep", "parent")

    def __init__(self, places: tuple[int, ...], start: Config) -> None:
        self.places = places
        members = {start}
        todo = [start]
        while todo:
            for following, _ in _reversible_parkings(todo.pop(), places):
                if following not in members:
                    members.add(following)
                    todo.append(following)
        self.rep = min(members)
        self.parent: dict[Config, tuple[Config, Action] | None] = {self.rep: None}
        todo = [self.rep]
        while todo:
            config = todo.pop()
            for following, step in _reversible_parkings(config, places):
                if following not in self.parent:
                    self.parent[following] = (config, step)
                    todo.append(following)

    def path_from_rep(self, member: Config) -> list[Action]:
        steps: list[Action] = []
        link = self.parent[member]
        while link is not None:
            config, step = link
            steps.append(step)
            link = self.parent[config]
        steps.reverse()
        return steps

    def path_to_rep(self, member: Config) -> list[Action]:
        return [(CARD, target, source) for _, source, target in reversed(self.path_from_rep(member))]


Macro = tuple[Action, ...]  # a search action: moves played in a row

# Priorities, lower first (measured on seeds 1-400, see bench/solver.py).
_TURN, _BUILD, _CLUB_HOME, _WASTE_BUILD, _WASTE_HOME = 0.0, 1.0, 1.0, 2.0, 3.0
_WASTE_PARK, _WASTE_ELSEWHERE, _DRAW, _NEXT_ROUND = 4.0, 5.0, 7.0, 9.0
# Emptying a place (a build or a parking of its only card) pays when its
# club is at hand or the waste's top card has its value; otherwise the next
# cards drawn land on it at random and block it: then it comes last, after
# the draw and even the next round. This one rule took the share of deals won
# within 48,000 states from 80% to 98%.
_EMPTYING_FOR_CLUB = (1.5, 3.5)  # (build, park)
_EMPTYING_FOR_WASTE = (3.0, 5.0)
_EMPTYING_BLIND = (9.5, 9.5)

Scored = list[tuple[float, Macro]]


def _first(item: tuple[float, Macro]) -> float:
    return item[0]


def _movable_places(piles: tuple[int, ...], value: int) -> tuple[int, ...] | None:
    """The places of one value's movable piles, if a reversible parking
    between them is possible (else the class has one member: None)."""
    places = []
    tops = []
    for index in range(26):
        code = piles[index]
        if code >> 5 == value and not (code & 0b11000 == 0 and value == PLACE_VALUES[index]):
            places.append(index)
            count = code & 7
            tops.append((value << 2 | ((code >> 3 & 3) - count + 1), count))  # the top card, as core.top_card
    if len(places) < 2:
        return None
    for top, count in tops:
        if count > 1:
            below = PARKS_ON[top]
            if any(other == below for other, _ in tops):
                return tuple(places)
    return None


class Space:
    """Double H for :mod:`kabale.solver_search`.

    With ``reduce`` (needed by a complete search) every state is the
    representative of its classes, and a complete search also gets the moves
    of the other members. ``noise``: how far a restart may shuffle the order.
    ``safe_moves``: play a proved-safe build as the only move.
    """

    def __init__(self, model: Model, noise: float = 3.0, reduce: bool = True, safe_moves: bool = True) -> None:
        self.model = model
        self.noise = noise
        self.reduce = reduce
        self.safe_moves = safe_moves  # play a proved-safe build alone (a test compares without)
        self.classes: dict[tuple[tuple[int, ...], Config], ValueClass] = {}

    # -- classes ----------------------------------------------------------------

    def value_class(self, piles: tuple[int, ...], places: tuple[int, ...]) -> ValueClass:
        """The class of one value's movable piles (on ``places``)."""
        config = tuple(piles[index] for index in places)
        found = self.classes.get((places, config))
        if found is None:
            found = ValueClass(places, config)
            for member in found.parent:
                self.classes[(places, member)] = found
        return found

    def canonical(self, state: State, value: int) -> tuple[State, list[Action]]:
        """The representative of the state's class for one value, and the parkings to it."""
        piles = state[0]
        places = _movable_places(piles, value)
        if places is None:
            return state, []
        found = self.value_class(piles, places)
        config = tuple(piles[index] for index in places)
        if config == found.rep:
            return state, []
        new = list(piles)
        for index, code in zip(places, found.rep):
            new[index] = code
        return (tuple(new), *state[1:]), found.path_to_rep(config)

    def root(self, state: State) -> State:
        if not self.reduce:
            return state
        for value in range(1, 14):
            state, _ = self.canonical(state, value)
        return state

    # -- the Space protocol ---------------------------------------------------------

    def key(self, state: State) -> tuple[int, ...]:
        return self.model.key(state)

    def is_won(self, state: State) -> bool:
        return self.model.is_won(state)

    def progress(self, state: State) -> float:
        """Cards in their right place: how far a line got (for restarts)."""
        return float(sum([_RIGHT_CARDS[offset + code] for offset, code in zip(_OFFSETS, state[0])]))

    def play(self, state: State, action: Macro) -> State:
        play = self.model.play
        for step in action:
            state = play(state, step)
        kind, _, target = action[-1]
        if kind == DRAW or kind == NEXT_ROUND or not self.reduce:
            return state
        return self.canonical(state, state[0][target] >> 5)[0]

    def play_steps(self, state: State, action: Macro) -> tuple[State, list[Action]]:
        """The state after a search action, and the moves it stands for."""
        play = self.model.play
        for step in action:
            state = play(state, step)
        kind, _, target = action[-1]
        if kind == DRAW or kind == NEXT_ROUND or not self.reduce:
            return state, list(action)
        state, parkings = self.canonical(state, state[0][target] >> 5)
        return state, list(action) + parkings

    def actions(self, state: State, complete: bool, rng: random.Random | None) -> list[Macro]:
        """Moves best first: a proved-safe build alone if there is one; never a
        reversible parking (the classes stand for those); in a complete
        search also the moves of the other members of each class."""
        forced, scored = self.scored(state)
        if forced is not None and self.safe_moves:
            return [(forced,)]
        if complete:
            assert self.reduce, "a complete search needs the class reduction"
            scored.extend(self._member_actions(state))
        if rng is not None and self.noise:
            noise, draw = self.noise, rng.random
            scored = [(rank + draw() * noise, action) for rank, action in scored]
        scored.sort(key=_first)
        return [action for _, action in scored]

    def scored(self, state: State) -> tuple[Action | None, Scored]:
        """Every move of :meth:`Model.moves` but the reversible parkings, with its
        priority; and a build proved safe, if any (RULES.md section 5, Double H): from
        a pile that keeps a card, when the twin place already holds this card's other
        copy and the other copy of the card below it. Then nothing can ever park on
        this card, and it can go nowhere else."""
        piles = state[0]
        draw, next_round, turns, waste_card, sources, builds, parkings, empty = self.model.moves(state)
        scored: Scored = [(_TURN, ((TURN, 0, index),)) for index in turns]
        at_hand = {card >> 2 for _, card, _ in sources if card & 3 == 0}
        if waste_card & 3 == 0:
            at_hand.add(waste_card >> 2)
        forced: Action | None = None
        emptying, emptying_park = _EMPTYING_BLIND
        for index, card, count in sources:
            if count == 1:
                value = PLACE_VALUES[index]
                if value in at_hand:
                    emptying, emptying_park = _EMPTYING_FOR_CLUB
                elif waste_card >> 2 == value:
                    emptying, emptying_park = _EMPTYING_FOR_WASTE
                else:
                    emptying, emptying_park = _EMPTYING_BLIND
            for target in builds.get(card, ()):
                if count > 1:
                    twin = piles[target + 13 if target < 13 else target - 13]
                    if forced is None and twin & 0b11000 == 0 and twin >> 5 == card >> 2 and twin & 7 > piles[target] & 7:
                        forced = (CARD, index, target)
                    scored.append((_BUILD, ((CARD, index, target),)))
                else:
                    scored.append((emptying, ((CARD, index, target),)))
            if count == 1:
                for target in parkings.get(PARKS_ON[card], ()):
                    if target != index:
                        scored.append((emptying_park, ((CARD, index, target),)))
            if card & 3 == 0:
                for target in empty:
                    if PLACE_VALUES[target] == card >> 2:
                        scored.append((_CLUB_HOME, ((CARD, index, target),)))
        if waste_card >= 0:
            for target in builds.get(waste_card, ()):
                scored.append((_WASTE_BUILD, ((CARD, WASTE, target),)))
            for target in parkings.get(PARKS_ON[waste_card], ()):
                scored.append((_WASTE_PARK, ((CARD, WASTE, target),)))
            for target in empty:
                if PLACE_VALUES[target] != waste_card >> 2:
                    scored.append((_WASTE_ELSEWHERE, ((CARD, WASTE, target),)))
                else:
                    scored.append((_WASTE_BUILD if waste_card & 3 == 0 else _WASTE_HOME, ((CARD, WASTE, target),)))
        if draw:
            scored.append((_DRAW, ((DRAW, 0, 0),)))
        if next_round:
            scored.append((_NEXT_ROUND, ((NEXT_ROUND, 0, 0),)))
        return forced, scored

    def _member_actions(self, state: State) -> Scored:
        """The moves that other members of a value's class allow, each after
        the parkings that lead there from the representative."""
        piles = state[0]
        result: Scored = []
        by_value: dict[int, list[int]] = {}
        for index in range(26):
            code = piles[index]
            if code and not (code & 0b11000 == 0 and code >> 5 == PLACE_VALUES[index]):
                by_value.setdefault(code >> 5, []).append(index)
        for value, places in by_value.items():
            if len(places) < 2 or _movable_places(piles, value) is None:
                continue
            found = self.value_class(piles, tuple(places))
            own = set(places)
            for member in found.parent:
                if member == found.rep:
                    continue
                new = list(piles)
                for place, code in zip(places, member):
                    new[place] = code
                path = tuple(found.path_from_rep(member))
                for rank, (action,) in self.scored((tuple(new), *state[1:]))[1]:
                    kind, source, target = action
                    if (kind == TURN and target in own) or (kind == CARD and (
                            source in own or (source == WASTE and target in own))):
                        result.append((rank + 0.5, path + (action,)))
        return result
