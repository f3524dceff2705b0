"""A package's public names loaded on first use (PEP 562's module ``__getattr__``): importing any
of its submodules runs the package's ``__init__`` first, and a caller that needs one name should
not pay for the others. A package lists which submodule defines each name and takes the two
module functions from ``lazy_names``::

    __getattr__, __dir__ = lazy_names(__name__, _HOMES, globals(), __all__)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(package: str, homes: Mapping[str, Sequence[str]],
               namespace: MutableMapping[str, Any], public: Sequence[str]
               ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The module ``__getattr__`` and ``__dir__`` of ``package``, whose names ``homes`` maps
    from the submodule (relative to the package) that defines them; a name is imported on first
    use, then kept in ``namespace`` (the package's globals)."""
    home = {name: module for module, names in homes.items() for name in names}

    def __getattr__(name: str) -> Any:
        """A public name, imported from its submodule on first use (then kept here)."""
        where = home.get(name)
        if where is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{where}"), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(public))

    return __getattr__, __dir__
