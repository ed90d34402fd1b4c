"""How an OUAT table is set up: players, the first-storyteller method, variants, house rules."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from referee.core.players import check_player_names

HAND_SIZES = {2: 10, 3: 8, 4: 7, 5: 6, 6: 5}
"""Story cards dealt to each player, by player count (ouat.md, Setup)."""


class FirstStoryteller(BaseModel):
    """How the first storyteller is chosen.

    ``draw``: each player draws a story card; the name first in alphabetical
    order (ignoring a leading "a"/"the") opens. ``oldest``/``youngest`` need
    ``ages``. ``named`` needs ``player``. Ties go to the earlier seat.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True, allow_inf_nan=False)

    method: Literal["draw", "oldest", "youngest", "named"] = "draw"
    player: str | None = None
    ages: dict[str, float] = Field(default_factory=dict)


class OuatConfig(BaseModel):
    """Everything a table chooses before the first card is dealt."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True, allow_inf_nan=False)

    players: list[str] = Field(min_length=2, max_length=6)
    first_storyteller: FirstStoryteller = FirstStoryteller()
    multiple_endings: bool | list[str] = False
    """Variant: two ending cards each (True), or only for the players listed."""
    swap_ending: bool = False
    """Variant: when passing, swap the ending card and draw 2 story cards."""
    previous_hand_counts: dict[str, int] | None = None
    """Variant (alternative opening): cards each player held when the previous game ended."""
    pause_seconds: float = Field(default=5.0, gt=0)
    interrupt_tie: Literal["storyteller_keeps", "interrupter_wins"] = "storyteller_keeps"
    ending_tie: Literal["accept", "reject"] = "accept"
    max_lead_in: int = Field(default=2, ge=0)

    @model_validator(mode="after")
    def _check(self) -> OuatConfig:
        seats = self.players
        check_player_names(seats)
        first = self.first_storyteller
        if first.method == "named" and first.player not in seats:
            raise ValueError("first_storyteller.player must be one of the players")
        if first.method in ("oldest", "youngest") and set(first.ages) != set(seats):
            raise ValueError(f"first_storyteller method {first.method!r} needs an age per player")
        if isinstance(self.multiple_endings, list) and not set(self.multiple_endings) <= set(seats):
            raise ValueError("multiple_endings lists someone who is not a player")
        if self.previous_hand_counts is not None and set(self.previous_hand_counts) != set(seats):
            raise ValueError("previous_hand_counts needs a count for every player")
        return self

    def endings_for(self, player: str) -> int:
        """How many ending cards ``player`` holds."""
        if self.multiple_endings is True:
            return 2
        if isinstance(self.multiple_endings, list) and player in self.multiple_endings:
            return 2
        return 1
