"""The registry of games: :data:`GAMES` maps each name to what the layers above need.

Why: the command line, the solver's entry points and the page each used to ask
"which game is this?" with ``if game == "patience"`` in many places, so a new
game (or a change to one) touched every layer. Here each game says once how it
is dealt from a seed, read back from a record, how its moves are read and
written, whether it has options, bots and a solver, and how the solver is
called. Code above the engine looks a game up and asks its :class:`GameSpec`.

>>> sorted(GAMES)
['double-h', 'kabalam', 'patience']
>>> spec = GAMES["patience"]
>>> game = spec.deal(7)
>>> move = game.legal_moves()[0]
>>> spec_of(game) is spec, spec.parse_move(spec.format_move(move)) == move
(True, True)
>>> spec_for_record({"game": "double-h", "seed": 3}).title
'Double H'

Layers: this package reaches the engine and the solver only inside the
functions that need them, so looking a game up imports that game's rules
alone (the page opens one game faster than three); it never imports the
command line or the page, which sit above it (tests/unit/test_layers.py).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping

if TYPE_CHECKING:
    from kabale.games.kabala.rules import Options

__all__ = ["GAMES", "GameSpec", "spec_for_record", "spec_of", "names_text", "THOUGHTFUL", "HONEST"]

#: The solver's modes (as kabale.solver names them): thoughtful knows the hidden
#: order of the cards, honest only what the player has seen.
THOUGHTFUL, HONEST = "thoughtful", "honest"


@dataclass(frozen=True)
class GameSpec:
    """One game, as the command line, the solver's entry points and the page see it.

    ``deal(seed, options)`` and ``start(record)`` give a game before any move
    (a record is a stored ``to_dict()`` or a hand-written replay record);
    ``from_dict`` reads a stored game back, moves included. ``classes`` name the
    engine classes that play it (module.Class). ``seats`` are the player counts
    it is played by (1: a patience). ``solver_modes`` is empty for a game the
    solver does not play; ``has_bots`` when the computer plays it.
    """

    name: str
    title: str
    classes: tuple[str, ...]
    deal: Callable[..., Any]  # (seed, options=None): options None are the defaults
    start: Callable[[Mapping[str, Any]], Any]
    from_dict: Callable[[Mapping[str, Any]], Any]
    parse_move: Callable[[str], Any]
    seats: tuple[int, ...]
    has_options: bool
    has_bots: bool
    solver_modes: tuple[str, ...]
    #: ``review(game, persons, worlds, seed, states) -> dict``: each of the people's decisions beside
    #: the honest choice there (the hard computer's, the patience's honest hint) and its cost;
    #: worlds and states None are the game's defaults (None: the game has no review yet)
    review: Callable[..., dict[str, Any]] | None = None
    #: The modes of :meth:`hint` (None: the solver's modes). Patience Kabalam is solved
    #: thoughtfully only, but hints honestly too (it samples the unseen cards).
    hint_modes: tuple[str, ...] | None = None

    @property
    def game_type(self) -> type:
        """The class of a game of it (its module imported now, if it was not)."""
        module, _, name = self.classes[0].rpartition(".")
        kind: type = getattr(importlib.import_module(module), name)
        return kind

    def format_move(self, move: Any) -> str:
        """A move's text: the inverse of :attr:`parse_move` for every game."""
        return str(move)

    @property
    def is_patience(self) -> bool:
        """Played alone (the statistics, the solver and the table's undo follow from it)."""
        return self.seats == (1,)

    def solve(self, game: Any, budget_s: float | None = 2.0, budget_states: int | None = None,
              mode: str = THOUGHTFUL, samples: int = 8, seed: int = 0) -> Any:
        """The solver's verdict on the game's position (kabale.solver.solve); ValueError when the
        solver does not play this game or not in this mode."""
        self._check_mode(mode)
        from kabale.solver import solve

        return solve(game, budget_s, budget_states, mode, samples, seed)

    def hint(self, game: Any, mode: str = THOUGHTFUL, budget_s: float | None = 1.0, budget_states: int | None = None,
             samples: int = 8, seed: int = 0) -> Any:
        """The solver's hint for the next move (kabale.solver.hint); ValueError for a mode
        the game gives no hint in (see :attr:`hint_modes`)."""
        modes = self.solver_modes if self.hint_modes is None else self.hint_modes
        if mode not in modes:
            raise ValueError(f"{self.title} gives hints in {' or '.join(modes)} mode{'s' * (len(modes) > 1)} only"
                             if modes else self.mode_refusal())
        from kabale.solver import hint

        return hint(game, mode, budget_s, budget_states, samples, seed)

    def winnable_deal(self, fresh_seed: Callable[[], int], budget_s: float = 3.0,
                      per_deal_s: float = 0.6) -> tuple[int, float | None]:
        """A fresh deal the solver found winnable (thoughtful, ``per_deal_s`` each), and how long
        finding it took; (a fresh deal, None) when none was found within ``budget_s``. What the
        page's "winnable deals only" deals; ``fresh_seed`` draws a deal's number (the page's own,
        from the system's randomness). ValueError when the solver does not play this game."""
        import time

        started = time.perf_counter()
        seed = fresh_seed()
        while time.perf_counter() - started < budget_s:
            if self.solve(self.deal(seed), budget_s=per_deal_s, seed=seed).status == "won":
                return seed, time.perf_counter() - started
            seed = fresh_seed()
        return seed, None

    def daily_seed(self, day: Any, winnable: bool = False) -> int:
        """The deal of ``day`` (a datetime.date) for everyone (kabale.daily's rule): its first
        candidate, or with ``winnable`` the first the thoughtful solver wins within
        kabale.daily.DAILY_STATES states (a budget in states, so that every device finds the same)."""
        from kabale.daily import DAILY_STATES, daily_candidates

        seed = 0
        for seed in daily_candidates(self.name, day):
            if not winnable or self.solve(self.deal(seed), budget_s=None, budget_states=DAILY_STATES,
                                          seed=seed).status == "won":
                return seed
        return seed

    def _check_mode(self, mode: str) -> None:
        if mode not in self.solver_modes:
            raise ValueError(self.mode_refusal())

    def mode_refusal(self) -> str:
        """Why the solver refuses a mode, in the command line's words."""
        if not self.solver_modes:
            return f"{self.title} has no solver"
        return f"{self.title} is solved in {' or '.join(self.solver_modes)} mode{'s' * (len(self.solver_modes) > 1)} only"


# -- each game's hooks (their imports inside: a game's rules load when it is played) -------------


def _options(options: Options | None) -> Options:
    from kabale.games.kabala.rules import Options

    return Options() if options is None else options


def _kabala_move(text: str) -> Any:
    from kabale.games.kabala.rules import Move

    return Move.from_text(text)


def _kabalam_deal(seed: int, options: Options | None = None) -> Any:
    from kabale.games.kabalam.hand import KabalamHand

    return KabalamHand.deal(seed, options=_options(options))


def _kabalam_start(record: Mapping[str, Any]) -> Any:
    from kabale.games.kabala.rules import Options
    from kabale.games.kabalam.hand import KabalamHand
    from kabale.games.kabalam.state import KabalamPosition

    options = Options.from_dict(record.get("options"))
    if "position" in record:
        return KabalamHand.from_position(KabalamPosition.from_dict(record["position"]), options)
    return KabalamHand.deal(record.get("seed"), seats=record.get("seats", 4), options=options,  # type: ignore[arg-type]
                            starter=record.get("starter"))


def _kabalam_from_dict(data: Mapping[str, Any]) -> Any:
    from kabale.games.kabalam.hand import KabalamHand

    return KabalamHand.from_dict(data)


def _kabalam_review(game: Any, persons: Any = None, worlds: int | None = None, seed: int = 0,
                    states: int | None = None) -> dict[str, Any]:
    from kabale.bots.review import DEFAULT_WORLDS, review_kabalam

    if states is not None:
        raise ValueError("a KABALAM review has no cap of states (its playouts are not searches): leave out --states")
    return review_kabalam(game, persons, DEFAULT_WORLDS if worlds is None else worlds, seed)


def _patience_deal(seed: int, options: Options | None = None) -> Any:
    from kabale.games.patience.rules import Patience

    return Patience.deal(seed, _options(options))


def _patience_start(record: Mapping[str, Any]) -> Any:
    from kabale.games.kabala.rules import Options
    from kabale.games.patience.rules import Patience, PatiencePosition

    options = Options.from_dict(record.get("options"))
    if "position" in record:
        return Patience.from_position(PatiencePosition.from_dict(record["position"]), options)
    return Patience.deal(record.get("seed"), options=options)  # type: ignore[arg-type]


def _patience_from_dict(data: Mapping[str, Any]) -> Any:
    from kabale.games.patience.rules import Patience

    return Patience.from_dict(data)


def _patience_review(game: Any, persons: Any = None, worlds: int | None = None, seed: int = 0,
                     states: int | None = None) -> dict[str, Any]:
    from kabale.games.patience.solver_review import review_patience

    return review_patience(game, persons, worlds, seed, states)


def _double_h_deal(seed: int, options: Options | None = None) -> Any:
    from kabale.games.double_h.rules import DoubleH

    if options is not None and options != _options(None):
        raise ValueError("Double H has no options")
    return DoubleH.deal(seed)


def _double_h_start(record: Mapping[str, Any]) -> Any:
    from kabale.games.double_h.rules import DoubleH, Position

    if "start" in record:
        position = Position.from_dict(record["start"])
        game = DoubleH(position.places, position.stock, position.waste, position.round)
        seed = record.get("seed")
        if isinstance(seed, int) and DoubleH.deal(seed).start == position:
            game.seed = seed  # a stored game names its deal (as DoubleH.from_dict reads it)
        return game
    return DoubleH.deal(record.get("seed"))  # type: ignore[arg-type]


def _double_h_from_dict(data: Mapping[str, Any]) -> Any:
    from kabale.games.double_h.rules import DoubleH

    return DoubleH.from_dict(data)


def _double_h_move(text: str) -> Any:
    from kabale.games.double_h.rules import Move

    return Move.from_text(text)


#: Every game by name, in the order the lobby shows them.
GAMES: dict[str, GameSpec] = {
    spec.name: spec
    for spec in (
        GameSpec("kabalam", "KABALAM", ("kabale.games.kabalam.hand.KabalamHand", "kabale.games.kabalam.match.Match"),
                 _kabalam_deal, _kabalam_start, _kabalam_from_dict, _kabala_move, (2, 3, 4), True, True, (),
                 review=_kabalam_review),
        GameSpec("patience", "Patience Kabalam", ("kabale.games.patience.rules.Patience",), _patience_deal,
                 _patience_start, _patience_from_dict, _kabala_move, (1,), True, True, (THOUGHTFUL,),
                 review=_patience_review, hint_modes=(THOUGHTFUL, HONEST)),
        GameSpec("double-h", "Double H", ("kabale.games.double_h.rules.DoubleH",), _double_h_deal, _double_h_start,
                 _double_h_from_dict, _double_h_move, (1,), False, False, (THOUGHTFUL, HONEST)),
    )
}

#: Each engine class by its full name (a KABALAM match is a game of KABALAM hands: KABALAM's).
_CLASSES: dict[str, GameSpec] = {name: spec for spec in GAMES.values() for name in spec.classes}


def spec_of(game: object) -> GameSpec:
    """The spec of a game object (a KABALAM match counts as KABALAM).

    >>> from kabale.games.kabalam.match import Match
    >>> spec_of(Match.start(1, seats=2)).name
    'kabalam'
    """
    kind = type(game)
    try:
        return _CLASSES[f"{kind.__module__}.{kind.__qualname__}"]
    except KeyError:
        raise ValueError(f"{kind.__name__} is not a game of Kabale") from None


def names_text(names: tuple[str, ...] | None = None) -> str:
    """The games' names for a message: "kabalam, patience or double-h".

    >>> names_text(("double-h", "patience"))
    'double-h or patience'
    """
    names = tuple(GAMES) if names is None else names
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def spec_for_record(record: object) -> GameSpec:
    """The spec of a game record (its "game" field); ValueError for anything else."""
    if not isinstance(record, Mapping):
        raise ValueError("a record is a JSON object")
    game = record.get("game")
    spec = GAMES.get(game) if isinstance(game, str) else None
    if spec is None:
        raise ValueError(f"the game is {names_text()}, not {game!r}")
    return spec
