"""Where the project's data lives: the repository's ``datasets/`` and ``models/``.

Both can be moved with the ``REFEREE_DATASETS`` and ``REFEREE_MODELS``
environment variables.
"""

from __future__ import annotations

import os
from pathlib import Path

_REPO_ROOT = Path(__file__).resolve().parent.parent


def datasets_dir() -> Path:
    """The folder holding decks and judge training data."""
    return Path(os.environ.get("REFEREE_DATASETS", _REPO_ROOT / "datasets"))


def models_dir() -> Path:
    """The folder holding model cards and small trained artifacts."""
    return Path(os.environ.get("REFEREE_MODELS", _REPO_ROOT / "models"))
