"""The engine's version as the service states it: in a header on every response
(``ENGINE_HEADER``, set by ``app``), in the health check, and in each stored ruling
(``rulings``), so that a ruling says which engine made it."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

__all__ = ["ENGINE_HEADER", "engine_version"]

ENGINE_HEADER = "X-Pinochle-Engine"


def engine_version() -> str:
    try:
        return version("pinochle-referee")
    except PackageNotFoundError:        # run from a checkout that is not installed
        return "0+unknown"
