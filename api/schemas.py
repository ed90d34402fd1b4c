"""Request and response bodies of API v1.

Actions and game configurations are not repeated here: each game's engine
validates them, and ``GET /v1/games`` publishes their JSON schemas.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from referee.core.events import Event
from referee.core.ruling import Decision
from referee.core.text import composed, spoken
from referee.games.ouat.actions import SENTENCE_LIMIT
from referee.judge.base import Category
from referee.judge.clue import ClueTip
from referee.service.tables import SEED_LIMIT

MAX_SENTENCE = SENTENCE_LIMIT
"""The longest sentence (or line of context) the judge is asked about, in characters: the
longest line a player may tell at a table."""


class ErrorBody(BaseModel):
    """Every error response: a stable kind, words for people, and the broken rule's id."""

    error: str = Field(examples=["illegal_action"])
    message: str = Field(examples=["only the storyteller (Ana) may tell the story"])
    rule: str | None = Field(default=None, examples=["turn-order"])


class CreateTable(BaseModel):
    """A new table: which game, its configuration, and optionally the seed."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(examples=["ouat"])
    config: dict[str, Any] = Field(
        description="The game's configuration; its JSON schema is in GET /v1/games.",
        examples=[{"players": ["Ana", "Ben", "Cy"]}],
    )
    seed: int | None = Field(
        default=None,
        strict=True,
        ge=0,
        lt=SEED_LIMIT,
        description="Shuffle seed; left out, the referee picks a secret one "
        "(revealed once the game is over).",
    )


class TableCreated(BaseModel):
    """The new table's id and seats; ``seed`` is echoed only when the caller chose it."""

    table_id: str
    game: str
    seats: list[str]
    seed: int | None


class SeatToken(BaseModel):
    """A joined seat and its bearer token, which is shown only this once."""

    seat: str
    token: str


class SeatStatus(BaseModel):
    """One seat of a table, and whether someone has joined it."""

    seat: str
    taken: bool


class TableState(BaseModel):
    """A table as the caller may see it: a seat's view with its token, else a spectator's."""

    table_id: str
    game: str
    seq: int = Field(description="Number of actions applied so far.")
    seats: list[SeatStatus]
    you: str | None = Field(description="The caller's seat; null for a spectator.")
    finished: bool
    winners: list[str]
    seed: int | None = Field(description="The shuffle seed, revealed once the game is over.")
    view: dict[str, Any] = Field(description="The game's view for this viewer.")


class ActionResponse(BaseModel):
    """An applied action: its seq, the events the caller may see, and the caller's new view."""

    seq: int
    events: list[Event]
    view: dict[str, Any]


class TableEvent(Event):
    """An event and the seq of the action that caused it."""

    seq: int


class EventsPage(BaseModel):
    """Events after the requested seq, and the table's latest seq."""

    seq: int
    events: list[TableEvent]


class GameInfo(BaseModel):
    """A game the referee knows, with JSON schemas of its configuration and actions."""

    name: str
    config_schema: dict[str, Any]
    action_schema: dict[str, Any]


def _not_blank(text: str) -> str:
    if not spoken(text):
        raise ValueError("must not be blank")
    return composed(text)


Line = Annotated[str, Field(min_length=1, max_length=MAX_SENTENCE), AfterValidator(_not_blank)]
"""A sentence the judge is asked about: not blank, at most ``MAX_SENTENCE`` characters."""

StoryLine = Annotated[str, Field(max_length=MAX_SENTENCE), AfterValidator(composed)]
"""A line of story before the sentence asked about: at most ``MAX_SENTENCE`` characters."""

CardName = Annotated[str, Field(min_length=1, max_length=200), AfterValidator(_not_blank)]
"""A card's name or alias: not blank, at most 200 characters."""


class JudgeCard(BaseModel):
    """A card to check the sentence against."""

    model_config = ConfigDict(extra="forbid")

    name: CardName = Field(examples=["Child"])
    category: Category = Field(examples=["character"])
    id: str | None = Field(
        default=None,
        max_length=200,
        description="Echoed as the verdict's card; left out, the name is.",
    )
    aliases: list[CardName] = Field(
        default_factory=list, max_length=50, description="Other names of the card."
    )


class MentionQuery(BaseModel):
    """A sentence, the story told before it, and the cards it may name."""

    model_config = ConfigDict(extra="forbid")

    sentence: Line = Field(examples=["One spring the woodcutter's wife gave birth to a boy."])
    context: list[StoryLine] = Field(
        default_factory=list,
        max_length=200,
        description="The story before the sentence, oldest first.",
    )
    cards: list[JudgeCard] = Field(min_length=1, max_length=200)


class MentionVerdict(BaseModel):
    """Whether the sentence names one card: the decision, its score, evidence and reason."""

    card: str = Field(description="The card's id, or its name when it has none.")
    decision: Decision = Field(
        description="accept: it is named; reject: it is not; vote: unclear, the table votes."
    )
    score: float = Field(ge=0.0, le=1.0, description="Calibrated probability that it is named.")
    evidence: list[str] = Field(description="The words of the sentence the decision rests on.")
    reason: str


class MentionVerdicts(BaseModel):
    """The judge that answered, and one verdict per card, in the order of the cards asked."""

    judge: str
    version: str
    verdicts: list[MentionVerdict]


Story = Annotated[
    list[StoryLine],
    Field(max_length=200, description="The story told so far, oldest sentence first."),
]


class CoherenceQuery(BaseModel):
    """A new sentence and the story told before it."""

    model_config = ConfigDict(extra="forbid")

    context: Story = Field(default_factory=list, examples=[["The old king died in the winter."]])
    sentence: Line = Field(
        description="The new sentence, told after the context.",
        examples=["The next morning the king rode out to hunt."],
    )


class CoherenceVerdict(BaseModel):
    """Whether the sentence keeps the story coherent, and which judge said so."""

    judge: str = Field(description="The judge that answered.", examples=["minilm-coherence"])
    version: str
    decision: Decision = Field(
        description="accept: coherent; reject: incoherent (at a table, the other players "
        "vote on it); vote: unclear (at a table the story goes on; anyone may challenge it)."
    )
    score: float = Field(ge=0.0, le=1.0, description="Calibrated probability that it is coherent.")
    evidence: list[str] = Field(
        description="Unless accepted: for a line that reads as nonsense, first its phrase that "
        "reads most so, then any earlier sentences it contradicts; otherwise the earlier "
        "sentences it contradicts, most contradicted first, or else the one most against it."
    )
    reason: str


class EndingQuery(BaseModel):
    """An ending card's text, the story it would close and the lead-in told just before it."""

    model_config = ConfigDict(extra="forbid")

    context: Story = Field(
        default_factory=list, examples=[["A wolf lived in the forest.", "It ate the goats."]]
    )
    lead_in: list[Line] = Field(
        default_factory=list,
        max_length=200,
        description="The sentences told to lead into the ending, after the story.",
        examples=[["At last the hunters found the wolf."]],
    )
    ending: Line = Field(
        description="The ending card's text.", examples=["And the wolf was never seen again."]
    )


class EndingVerdict(BaseModel):
    """Whether the ending fits the story, and which judge said so."""

    judge: str = Field(description="The judge that answered.", examples=["minilm-ending"])
    version: str
    decision: Decision = Field(
        description="accept: the ending fits; reject: it does not (at a table, the storyteller "
        "draws and the next player tells); vote: unclear, the table votes."
    )
    score: float = Field(ge=0.0, le=1.0, description="Calibrated probability that it fits.")
    evidence: list[str] = Field(
        description="What a rejection (or doubt) rests on: the new elements the lead-in "
        "brings, or the ending's elements that the story never had."
    )
    reason: str


class ClueQuery(BaseModel):
    """A Dixit clue and the cards laid out (each a description of its picture)."""

    model_config = ConfigDict(extra="forbid")

    clue: Line = Field(examples=["Waiting for a letter"])
    cards: list[Line] = Field(
        min_length=1,
        max_length=64,
        description="The picture descriptions of the cards laid out, in the layout's order.",
        examples=[
            [
                "An old woman on a pier watches a bottle drift towards her.",
                "A fox in a tuxedo conducts an orchestra of frogs.",
            ]
        ],
    )
    target: int | None = Field(
        default=None,
        strict=True,
        ge=0,
        description="The 0-based index of the storyteller's card: asks for a tip on the clue.",
    )

    @model_validator(mode="after")
    def _target_in_cards(self) -> ClueQuery:
        if self.target is not None and self.target >= len(self.cards):
            raise ValueError(f"target {self.target} is not an index of the {len(self.cards)} cards")
        return self


class RankedCard(BaseModel):
    """One card's place in the ranking."""

    index: int = Field(description="The card's 0-based index in the query's `cards`.")
    card: str
    score: float = Field(
        ge=0.0, le=1.0, description="Probability that it is the storyteller's card (sum 1)."
    )


class ClueAnswer(BaseModel):
    """The cards ranked for the clue, best fit first, and a tip for the storyteller if asked."""

    judge: str = Field(examples=["clue-embedding"])
    version: str
    clue: str
    ranking: list[RankedCard]
    tip: ClueTip | None = Field(
        default=None,
        description="With `target`: whether the clue is so literal that everyone will find the "
        "card, or so loose that nobody will (both score 0 for the storyteller). Advice only.",
    )
