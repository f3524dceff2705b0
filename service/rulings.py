"""Routes of the service (filled in by issue 10's parts)."""

from __future__ import annotations

from fastapi import FastAPI

from .settings import ServiceSettings


def install(app: FastAPI, settings: ServiceSettings) -> None:
    """Add this module's routes to ``app``."""
