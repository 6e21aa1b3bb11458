"""``python -m dicelab`` runs the ``dicelab`` command."""

import sys

from dicelab.cli import main

sys.exit(main())
