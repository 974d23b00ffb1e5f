"""Start Milo: `python main.py` is the same as the `milo` command (chat by default)."""

import sys

from milo.cli import main

if __name__ == "__main__":
    sys.exit(main())
