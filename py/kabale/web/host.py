"""What a screen may ask of the page's controller: the app, as a screen sees it.

Why a protocol: every screen is given the app (:class:`kabale.web.app.App`) and
the app opens every screen, so a screen that named the app's class, even for its
type only, closed a ring of imports (app -> tables -> screen -> app; issue 29).
A screen names this protocol instead, and ``App`` meets it: the app sits above the
screens, and the screens below it know it only by what they use of it.
tests/unit/test_layers.py fails on any ring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

if TYPE_CHECKING:  # below the screens: neither imports a screen
    from .local_storage import Boot
    from .storage.saved import SavedMatch, TablePlan
    from .storage.settings import Settings
    from .storage.store import Store

__all__ = ["Host"]


class Host(Protocol):
    """The app's side that screens use: words, settings, storage, the view, and opening games."""

    settings: "Settings"
    store: "Store"
    boot: "Boot"
    #: The page's address as Python last wrote it: path and query.
    location: tuple[str, str]

    @property
    def language(self) -> str: ...

    def t(self, key: str, **values: Any) -> str: ...

    def render(self) -> None: ...

    def show(self, screen: Any, *, push: bool = False) -> None: ...

    def focus_key(self, key: str, *, scroll: bool = True) -> None: ...

    def announce(self, text: str) -> None: ...

    def show_failure(self, error: BaseException) -> None: ...

    def show_rules(self, game: str) -> None: ...

    def save(self, name: str, data: Any) -> None: ...

    def count_result(self, game: str, update: Callable[[Any], Any], saved: Any = None) -> Any: ...

    def count_match(self, saved: "SavedMatch") -> None: ...

    def daily_panel(self, game: str, saved: Any) -> Any: ...

    def qr_code(self, text: str) -> tuple[str, ...] | None: ...

    def seat_label(self, plan: "TablePlan", seat: str) -> str: ...

    def open_kabalam_setup(self, fresh: bool = False) -> None: ...

    def open_kabalam_table(self, saved: "SavedMatch", *, save: bool = False, push: bool = True) -> None: ...

    def new_solitaire(self, game: str, seed: int | None, *, push: bool = True) -> None: ...

    def leave_solitaire(self, game: str, seed: int | None, action: str) -> None: ...

    def confirm(self, heading: str, text: str, yes: str, then: Callable[[], None]) -> None: ...
