"""A small seeded random number generator whose whole state is plain data.

The generator is PCG32 (XSH-RR output on a 64-bit LCG). Its state is two
integers, kept as hex strings inside the game state so it survives a JSON
round trip exactly. Nothing in the engines may use the global ``random``.

>>> rng = Rng.from_seed(7)
>>> [rng.below(10) for _ in range(5)]
[3, 1, 8, 1, 7]
>>> Rng.model_validate_json(rng.model_dump_json()) == rng
True
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

from pydantic import BaseModel, ConfigDict

_MASK64 = (1 << 64) - 1
_MULTIPLIER = 6364136223846793005
_DEFAULT_STREAM = 1442695040888963407
_MAX_BOUND = 1 << 32

T = TypeVar("T")


class Rng(BaseModel):
    """PCG32 generator; mutate it only through its methods."""

    model_config = ConfigDict(validate_assignment=False)

    state: str
    inc: str

    @classmethod
    def from_seed(cls, seed: int, stream: int = _DEFAULT_STREAM) -> Rng:
        """A generator seeded the PCG way: same seed, same sequence, everywhere."""
        inc = ((stream << 1) | 1) & _MASK64
        rng = cls(state="0", inc=format(inc, "x"))
        rng._step()
        rng.state = format((int(rng.state, 16) + (seed & _MASK64)) & _MASK64, "x")
        rng._step()
        return rng

    def _step(self) -> int:
        old = int(self.state, 16)
        self.state = format((old * _MULTIPLIER + int(self.inc, 16)) & _MASK64, "x")
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def next_u32(self) -> int:
        """The next 32-bit unsigned integer."""
        return self._step()

    def below(self, bound: int) -> int:
        """A uniform integer in ``[0, bound)``, without modulo bias."""
        if not 0 < bound <= _MAX_BOUND:
            raise ValueError(f"bound must be in 1..2**32, got {bound}")
        threshold = (1 << 32) % bound
        while True:
            value = self._step()
            if value >= threshold:
                return value % bound

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        """One element of a non-empty list."""
        if not items:
            raise ValueError("cannot choose from an empty list")
        return items[self.below(len(items))]
