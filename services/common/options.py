"""Option values checked by a pydantic model: a value a modified client sent outside the
choices or the range is refused as bad input naming the option, never a crash."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from core.common.errors import BadInput

M = TypeVar("M", bound=BaseModel)
S = TypeVar("S", bound=str)  # a Literal of the allowed values


def checked(model: type[M], **values: Any) -> M:
    try:
        return model.model_validate(values)
    except ValidationError as error:
        first = error.errors()[0]
        option = str(first["loc"][0]) if first["loc"] else "?"
        raise BadInput(
            "options.bad_value", option=option, value=str(values.get(option))[:30]
        ) from None


def choice(value: str, allowed: tuple[S, ...], key: str = "options.bad_choice") -> S:
    """A choice option's value, checked (a modified client may send anything), as one of
    `allowed` (so typed as their Literal)."""
    for option in allowed:
        if value == option:
            return option
    raise BadInput(key, value=str(value)[:30], choices=", ".join(allowed))
