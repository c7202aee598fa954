"""Draw the card faces and backs into SVG: assets/cards/faces/<card>.svg and assets/cards/back-*.svg.

Why our own drawing and not an npm card set: the well-kept SVG sets are LGPL
(not the permissive licence the project takes), weigh hundreds of kilobytes
to megabytes, and print English indices into every face, while a Danish deck
prints B, D and K. Here each face is a small file of its own (the pips, or a
double-headed court figure; about 1 to 3 KB), and the corner indices are not
in it: they are page text in the player's language, sized from --card-w
(kabale.web.views.faces, assets/css/cards.css).

Why a file per face, shown as the card's CSS background image through a class
(one rule a card, which this script writes into assets/css/cards.css), and not one sprite shown through ``<svg><use>``:
a table redraws all its cards at each click, and Chromium instantiates a
shadow tree per ``<use>`` (and one per pip inside it) and lays it out again
every time, several times what the former text faces cost; a background image
is laid out like a colour and its drawing is cached. A style on each card
would defeat Chromium's style sharing; a class rule does not. Measured: 104
cards redrawn, style and layout, about the same as the text faces (median of
interleaved runs on this 2-core machine), where the sprite took 3 to 5 times
as long. Same-origin images: the page's
Content-Security-Policy (img-src 'self') allows them, and the service worker
precaches them like every file under assets/.

The output is committed (our own art, small) and tests/unit/test_cards_svg.py
checks that it is what this script draws. After editing: ``python3 scripts/cards_svg.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "assets" / "cards"
#: The faces' folder inside assets/cards/ (kabale.web.views.faces.FACES names it for the page).
FACES = "faces"

#: The face's drawing box; cards are 5 by 7 (the page's --card-w by --card-h).
WIDTH, HEIGHT = 250, 350

SUIT_LETTERS = ("C", "D", "S", "H")
VALUE_LETTERS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}

#: The four suits in a 100 by 100 box, each one path, pointing up (spades and
#: hearts are drawn upside down in the lower half of a card).
SUIT_PATHS = {
    "H": "M50 93C34 79 5 58 4 33C3 15 15 5 28 5C38 5 46 12 50 22C54 12 62 5 72 5C85 5 97 15 96 33"
         "C95 58 66 79 50 93Z",
    "D": "M50 2C60 20 72 35 88 50C72 65 60 80 50 98C40 80 28 65 12 50C28 35 40 20 50 2Z",
    "S": "M50 3C60 20 93 37 93 61C93 77 81 85 70 85C63 85 58 82 54 77C55 86 59 92 67 97H33"
         "C41 92 45 86 46 77C42 82 37 85 30 85C19 85 7 77 7 61C7 37 40 20 50 3Z",
    "C": "M50 5A21 21 0 0 1 67 38A21 21 0 1 1 55 74C56 84 60 91 68 97H32C40 91 44 84 45 74"
         "A21 21 0 1 1 33 38A21 21 0 0 1 50 5Z",
}

#: Pip columns and rows of the A-10 layouts (the classic French arrangement).
LEFT, CENTRE, RIGHT = 82.0, 125.0, 168.0
ROWS = (80.0, 140.0, 210.0, 270.0)  # four evenly spread rows for 9 and 10
TOP, BOTTOM, MIDDLE = ROWS[0], ROWS[3], HEIGHT / 2
PIP = 40.0

PIP_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((CENTRE, MIDDLE),),
    2: ((CENTRE, TOP), (CENTRE, BOTTOM)),
    3: ((CENTRE, TOP), (CENTRE, MIDDLE), (CENTRE, BOTTOM)),
    4: ((LEFT, TOP), (RIGHT, TOP), (LEFT, BOTTOM), (RIGHT, BOTTOM)),
    5: ((LEFT, TOP), (RIGHT, TOP), (CENTRE, MIDDLE), (LEFT, BOTTOM), (RIGHT, BOTTOM)),
    6: ((LEFT, TOP), (RIGHT, TOP), (LEFT, MIDDLE), (RIGHT, MIDDLE), (LEFT, BOTTOM), (RIGHT, BOTTOM)),
    7: ((LEFT, TOP), (RIGHT, TOP), (CENTRE, (TOP + MIDDLE) / 2), (LEFT, MIDDLE), (RIGHT, MIDDLE),
        (LEFT, BOTTOM), (RIGHT, BOTTOM)),
    8: ((LEFT, TOP), (RIGHT, TOP), (CENTRE, (TOP + MIDDLE) / 2), (LEFT, MIDDLE), (RIGHT, MIDDLE),
        (CENTRE, (MIDDLE + BOTTOM) / 2), (LEFT, BOTTOM), (RIGHT, BOTTOM)),
    9: tuple((column, row) for column in (LEFT, RIGHT) for row in ROWS[:2]) + ((CENTRE, MIDDLE),)
       + tuple((column, row) for column in (LEFT, RIGHT) for row in ROWS[2:]),
    10: tuple((column, row) for column in (LEFT, RIGHT) for row in ROWS[:2])
        + ((CENTRE, (ROWS[0] + ROWS[1]) / 2), (CENTRE, (ROWS[2] + ROWS[3]) / 2))
        + tuple((column, row) for column in (LEFT, RIGHT) for row in ROWS[2:]),
}

#: The court frame: inside the corner indices, which stay on the plain card.
FRAME = (52.0, 36.0, 198.0, 314.0)
#: Which top corner of the frame holds the suit sign (the other holds the sword or flower).
COURT_SIGN_LEFT = {"K": True, "Q": False, "J": False}
GOLD, BLUE, SKIN, INK = "#e2b23c", "#2d5fa8", "#f6dcc0", "#1b1b1f"
#: The suits' colours, the page's --card-red and --card-black.
RED, BLACK = "#c0192c", "#1b1b1f"

#: Half a court figure (the page shows it twice, turned, like a double-headed card),
#: in the card's own coordinates, above the middle line. Robe and the suit's parts
#: are currentColor.
COURT_HALVES = {
    "K": (  # a crowned, bearded king holding a sword
        f'<path fill="{BLUE}" d="M62 175L70 140C80 128 100 122 125 122C150 122 170 128 180 140L188 175Z"/>'
        '<path fill="currentColor" d="M78 175L84 142C96 134 108 131 125 131C142 131 154 134 166 142L172 175Z"/>'
        f'<path fill="{GOLD}" d="M104 132H146L141 175H109Z"/>'
        f'<path fill="{INK}" d="M119 132H131V175H119Z" opacity=".25"/>'
        f'<circle fill="{SKIN}" cx="125" cy="94" r="21"/>'
        f'<path fill="{GOLD}" stroke="{INK}" stroke-width="1.5" d="M102 80L104 52L114 66L125 46L136 66L146 52L148 80Z"/>'
        f'<path fill="{GOLD}" stroke="{INK}" stroke-width="1.5" d="M101 78H149V86H101Z"/>'
        f'<path fill="#7a4a22" d="M104 98C106 122 116 128 125 128C134 128 144 122 146 98C140 108 132 110 125 110'
        'C118 110 110 108 104 98Z"/>'
        f'<path fill="{INK}" d="M115 92h5v3h-5zM130 92h5v3h-5z"/>'
        f'<path fill="#c9ced6" stroke="{INK}" stroke-width="1.2" d="M171 44h6v82h-6z"/>'
        f'<path fill="{GOLD}" stroke="{INK}" stroke-width="1.2" d="M162 126h24v6h-24zM170 132h8v18h-8z"/>'
    ),
    "Q": (  # a crowned queen with a flower
        f'<path fill="{GOLD}" d="M62 175L70 142C80 130 100 124 125 124C150 124 170 130 180 142L188 175Z"/>'
        '<path fill="currentColor" d="M74 175L82 144C94 136 108 133 125 133C142 133 156 136 168 144L176 175Z"/>'
        f'<path fill="{BLUE}" d="M108 133C112 150 138 150 142 133Z"/>'
        f'<path fill="{GOLD}" d="M96 84C90 110 96 128 104 134H146C154 128 160 110 154 84Z"/>'
        f'<circle fill="{SKIN}" cx="125" cy="96" r="20"/>'
        f'<path fill="{GOLD}" stroke="{INK}" stroke-width="1.5" d="M104 80L107 60C111 66 116 70 118 62'
        'C120 54 130 54 132 62C134 70 139 66 143 60L146 80Z"/>'
        f'<circle fill="{BLUE}" cx="125" cy="60" r="4"/>'
        f'<path fill="{INK}" d="M116 94h5v3h-5zM129 94h5v3h-5z"/>'
        f'<path fill="#c0192c" d="M119 105h12l-6 4z"/>'
        f'<path fill="none" stroke="#2f7a3a" stroke-width="3" d="M80 140C76 118 72 96 70 70"/>'
        '<circle fill="currentColor" cx="70" cy="64" r="9"/>'
        f'<circle fill="{GOLD}" cx="70" cy="64" r="4"/>'
    ),
    "J": (  # a young man in a cap with a feather, holding a halberd
        f'<path fill="currentColor" d="M62 175L70 144C80 132 100 126 125 126C150 126 170 132 180 144L188 175Z"/>'
        f'<path fill="{GOLD}" d="M84 175L90 148C100 140 112 138 125 138C138 138 150 140 160 148L166 175Z"/>'
        f'<path fill="{BLUE}" d="M100 128H150L146 142H104Z"/>'
        f'<path fill="#b4712f" d="M103 90C101 110 106 120 110 124H140C144 120 149 110 147 90Z"/>'
        f'<circle fill="{SKIN}" cx="125" cy="98" r="19"/>'
        f'<path fill="{BLUE}" stroke="{INK}" stroke-width="1.5" d="M100 84C100 66 112 60 125 60C142 60 152 68 152 84Z"/>'
        f'<path fill="{GOLD}" d="M100 80H152V86H100Z"/>'
        '<path fill="currentColor" d="M148 72C154 64 160 58 166 54C163 62 158 68 151 77Z"/>'
        f'<path fill="{INK}" d="M116 96h5v3h-5zM129 96h5v3h-5z"/>'
        f'<path fill="#8a5a2b" stroke="{INK}" stroke-width="1" d="M74 54h5v121h-5z"/>'
        f'<path fill="#c9ced6" stroke="{INK}" stroke-width="1.2" d="M76 40L84 54H70ZM79 58C92 60 96 70 94 78'
        'C90 72 84 70 79 70Z"/>'
    ),
}


def _number(value: float) -> str:
    """A coordinate without a useless ".0" (a smaller file)."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def pip(suit: str, x: float, y: float, size: float) -> str:
    """One suit sign centred on (x, y); below the middle it is turned, as on a printed card."""
    half = size / 2
    use = (f'<use href="#suit-{suit}" x="{_number(x - half)}" y="{_number(y - half)}" '
           f'width="{_number(size)}" height="{_number(size)}"/>')
    if y > MIDDLE + 1:
        return f'<g transform="rotate(180 {_number(x)} {_number(y)})">{use}</g>'
    return use


def face_name(value: int, suit: str) -> str:
    """A face's file: "7S.svg", "TH.svg", "KC.svg" (the engine's card text)."""
    return f"{VALUE_LETTERS.get(value, str(value))}{suit}.svg"


def number_body(value: int, suit: str) -> str:
    if value == 1:
        size = 120.0 if suit == "S" else 92.0  # the ace of spades is the big one
        return pip(suit, CENTRE, MIDDLE, size)
    return "".join(pip(suit, x, y, PIP) for x, y in PIP_LAYOUTS[value])


def court_body(value: int, suit: str) -> str:
    """A double-headed court: the half figure with its suit sign, and the same turned."""
    letter = VALUE_LETTERS[value]
    left, top, right, bottom = FRAME
    corner_x = left + 16 if COURT_SIGN_LEFT[letter] else right - 16
    half = f'<use href="#court-{letter}"/>' + pip(suit, corner_x, top + 18, 24)
    frame = (f'<rect x="{_number(left)}" y="{_number(top)}" width="{_number(right - left)}" '
             f'height="{_number(bottom - top)}" rx="4" fill="#fff7e0" stroke="currentColor" stroke-width="2"/>')
    turned = f'<g transform="rotate(180 {_number(WIDTH / 2)} {_number(HEIGHT / 2)})">{half}</g>'
    return frame + half + turned


def face(value: int, suit: str) -> str:
    """One face, a file of its own: the suit sign (and the court figure) it uses, then the drawing.
    The suit's colour is the drawing's fill and currentColor."""
    ink = RED if suit in "DH" else BLACK
    defs = [f'<symbol id="suit-{suit}" viewBox="0 0 100 100"><path d="{SUIT_PATHS[suit]}"/></symbol>']
    if value > 10:
        left, top, right, _bottom = FRAME
        defs.append(f'<clipPath id="court-clip"><rect x="{_number(left + 1)}" y="{_number(top + 1)}" '
                    f'width="{_number(right - left - 2)}" height="{_number(MIDDLE - top - 1)}"/></clipPath>')
        defs.append(court_half(VALUE_LETTERS[value]))
    body = number_body(value, suit) if value <= 10 else court_body(value, suit)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" fill="{ink}" color="{ink}">'
            f"<!-- drawn by Kabale's scripts/cards_svg.py -->"
            f'<defs>{"".join(defs)}</defs>{body}</svg>\n')


def court_half(letter: str) -> str:
    """Half a figure, clipped to the frame above the middle line (it is also used turned)."""
    return (f'<symbol id="court-{letter}" viewBox="0 0 {WIDTH} {HEIGHT}">'
            f'<g clip-path="url(#court-clip)">{COURT_HALVES[letter]}</g>'
            f'<path d="M{_number(FRAME[0])} {_number(MIDDLE)}H{_number(FRAME[2])}" stroke="currentColor" '
            f'stroke-width="1.5"/></symbol>')


#: The backs to choose from (kabale.web.storage.settings.CARD_BACKS): name -> (ground, pattern).
BACKS = {
    "red": ("#7a1f2b", "lattice"),
    "blue": ("#1f3f7a", "rosette"),
    "green": ("#1d5a3a", "waves"),
}


def back(name: str) -> str:
    """A card back, a small tiled pattern inside a light border; drawn to fill any card."""
    ground, pattern = BACKS[name]
    light = "#fffdf7"
    tiles = {
        # a diamond lattice, the classic back
        "lattice": ('<pattern id="p" width="20" height="20" patternUnits="userSpaceOnUse">'
                    f'<path d="M0 10L10 0L20 10L10 20Z" fill="none" stroke="{light}" stroke-opacity=".45" '
                    'stroke-width="2.5"/></pattern>'),
        # four-petal rosettes on a grid
        "rosette": ('<pattern id="p" width="25" height="25" patternUnits="userSpaceOnUse">'
                    f'<g fill="{light}" fill-opacity=".38"><ellipse cx="12.5" cy="6.5" rx="3" ry="5.5"/>'
                    '<ellipse cx="12.5" cy="18.5" rx="3" ry="5.5"/><ellipse cx="6.5" cy="12.5" rx="5.5" ry="3"/>'
                    '<ellipse cx="18.5" cy="12.5" rx="5.5" ry="3"/></g>'
                    f'<circle cx="12.5" cy="12.5" r="2.2" fill="{GOLD}"/></pattern>'),
        # rows of waves
        "waves": ('<pattern id="p" width="30" height="16" patternUnits="userSpaceOnUse">'
                  f'<path d="M0 8C7.5 0 7.5 0 15 8S22.5 16 30 8" fill="none" stroke="{light}" stroke-opacity=".42" '
                  'stroke-width="3"/></pattern>'),
    }
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" preserveAspectRatio="none">'
        f"<!-- Kabale's {name} card back, drawn by scripts/cards_svg.py. -->"
        f"<defs>{tiles[pattern]}</defs>"
        f'<rect width="{WIDTH}" height="{HEIGHT}" rx="14" fill="{ground}"/>'
        f'<rect x="14" y="14" width="{WIDTH - 28}" height="{HEIGHT - 28}" rx="6" fill="url(#p)" '
        f'stroke="{light}" stroke-opacity=".7" stroke-width="3"/>'
        "</svg>\n"
    )


#: The block of assets/css/cards.css that this script writes (the rest of that file is by hand):
#: in the page's one card stylesheet, so no @import and no second <link>.
STYLESHEET = ROOT / "assets" / "css" / "cards.css"
RULES_BEGIN = "/* == faces: one rule a card, written by scripts/cards_svg.py (do not edit by hand) == */"
RULES_END = "/* == end of the faces == */"


def face_rules() -> str:
    """A class a face, "face-7S", whose background is the face's drawing
    (kabale.web.views.faces.face_class gives each card its class)."""
    rules = [f'.card.face-{VALUE_LETTERS.get(value, str(value))}{suit} '
             f'{{ background-image: url("../cards/{FACES}/{face_name(value, suit)}"); }}'
             for suit in SUIT_LETTERS for value in range(1, 14)]
    return "\n".join([RULES_BEGIN, *rules, RULES_END])


def with_face_rules(stylesheet: str) -> str:
    """The card stylesheet with its block of face rules as this script draws them."""
    begin, end = stylesheet.find(RULES_BEGIN), stylesheet.find(RULES_END)
    if begin < 0 or end < begin:
        raise ValueError(f"{STYLESHEET.name} has no block of face rules ({RULES_BEGIN} ... {RULES_END})")
    return stylesheet[:begin] + face_rules() + stylesheet[end + len(RULES_END):]


def files() -> dict[str, str]:
    """Every file this script writes, by name inside assets/cards/."""
    drawn = {f"{FACES}/{face_name(value, suit)}": face(value, suit) for suit in SUIT_LETTERS for value in range(1, 14)}
    drawn.update({f"back-{name}.svg": back(name) for name in BACKS})
    return drawn


def write(folder: Path = CARDS) -> list[Path]:
    written = []
    for name, text in files().items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def main() -> int:
    text = STYLESHEET.read_text(encoding="utf-8")
    if with_face_rules(text) != text:
        STYLESHEET.write_text(with_face_rules(text), encoding="utf-8")
    for path in [*write(Path(sys.argv[1]) if len(sys.argv) > 1 else CARDS), STYLESHEET]:
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
