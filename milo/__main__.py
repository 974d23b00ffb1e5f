import sys

from milo.cli import main

sys.exit(main())
