"""Put ``tests/`` on ``sys.path`` so that the shared ``strategies`` module imports."""

import sys
from pathlib import Path

_TESTS = str(Path(__file__).resolve().parent.parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

# TEMPORARY: the simulator's strategies live in tests/properties/simstrategies.py until they
# join tests/strategies.py.
_PROPERTIES = str(Path(__file__).resolve().parent.parent / "properties")
if _PROPERTIES not in sys.path:
    sys.path.insert(0, _PROPERTIES)
