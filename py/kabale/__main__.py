"""`python -m kabale COMMAND ...`: see kabale.cli."""

import sys

from kabale.cli import main

if __name__ == "__main__":
    sys.exit(main())
