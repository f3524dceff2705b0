"""Put ``tests/`` on ``sys.path`` so that the shared ``strategies`` module imports."""

import sys
from pathlib import Path

_TESTS = str(Path(__file__).resolve().parent.parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)
