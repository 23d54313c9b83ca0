"""``python -m spacegits_sim.cli``: the spacegits command."""

import sys

from spacegits_sim.cli import main

sys.exit(main())
