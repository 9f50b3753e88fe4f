"""Env params for the Python entry points, one rule everywhere.

Every function that takes an env's params takes them two ways: a ``params={...}`` mapping, and
keyword arguments for the names that are not arguments of the function itself. An env param
named like one of the function's arguments (``size`` for sudoku, futoshiki and binairo) goes in
``params=``; given as a keyword beside that argument, it is refused with a message saying so.
"""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Mapping
from typing import Any, Callable, Optional, TypeVar

from ._native import VerigymError

F = TypeVar("F", bound=Callable[..., Any])

_TWICE = re.compile(r"multiple values for (?:keyword )?argument '([^']+)'")


def merge(where: str, params: Optional[Mapping[str, Any]], keywords: Mapping[str, Any]) -> dict[str, Any]:
    """``params`` and the keyword params as one dict; a name in both is refused."""
    if params is None:
        return dict(keywords)
    if not isinstance(params, Mapping):
        raise TypeError(f"{where}: params= takes a mapping of env param names to values, not {type(params).__name__}")
    out: dict[str, Any] = {}
    for name, value in params.items():
        if not isinstance(name, str):
            raise TypeError(f"{where}: params= keys are env param names (str), not {name!r}")
        out[name] = value
    for name, value in keywords.items():
        if name in out:
            raise VerigymError(
                f"{where}: env param `{name}` is given twice, as params={{{name!r}: {out[name]!r}}} "
                f"and as the keyword {name}={value!r}; give it once"
            )
        out[name] = value
    return out


def env_params_api(fn: F) -> F:
    """Wraps ``fn`` so that an argument given both positionally and as a keyword (``size`` of
    ``dataset("sudoku", 100, size=4)``) is refused with a message pointing to ``params=``, not
    Python's bare "multiple values" error."""
    signature = inspect.signature(fn)
    arguments = [
        p.name
        for p in signature.parameters.values()
        if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and p.name != "params"
    ]

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            signature.bind(*args, **kwargs)
        except TypeError as e:
            twice = _TWICE.search(str(e))
            if twice is None:
                raise
            raise collision(fn.__qualname__, twice.group(1), kwargs.get(twice.group(1)), arguments) from None
        return fn(*args, **kwargs)

    return wrapper  # type: ignore[return-value]


def collision(where: str, name: str, value: Any, arguments: list[str]) -> TypeError:
    """The error for keyword ``name`` given beside the positional argument of that name."""
    return TypeError(
        f"{where}: `{name}` is given twice, positionally and as the keyword {name}={value!r}. "
        f"If `{name}` is an env param (sudoku, futoshiki and binairo have a `size`), pass it as "
        f"params={{{name!r}: {value!r}}}: env params named like an argument of {where} "
        f"({', '.join(arguments)}) go in params="
    )
