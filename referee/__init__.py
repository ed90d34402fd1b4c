"""referee: an impartial referee for tabletop card games."""

__version__ = "0.1.0"
