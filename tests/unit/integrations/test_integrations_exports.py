"""The package's public names are exactly ``__all__`` and each one resolves."""

from __future__ import annotations

import pytest

import coordinator.integrations as integrations


def test_every_exported_name_resolves() -> None:
    for name in integrations.__all__:
        assert getattr(integrations, name).__name__ == name


def test_unknown_names_fail_clearly() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'Nope'"):
        integrations.Nope  # noqa: B018
