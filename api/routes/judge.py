"""The judge on its own: settle a dispute about a sentence or an ending, without a table."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import JudgeDep, StoryJudgeDep
from api.errors import responses
from api.schemas import (
    CoherenceQuery,
    CoherenceVerdict,
    EndingQuery,
    EndingVerdict,
    MentionQuery,
    MentionVerdict,
    MentionVerdicts,
)
from referee.judge.base import CardRef

router = APIRouter(prefix="/v1/judge", tags=["judge"])


@router.post("/mention", response_model=MentionVerdicts, responses=responses(422, 503))
def mention(query: MentionQuery, judge: JudgeDep) -> MentionVerdicts:
    """Does the sentence, told after the context, name each card? One verdict per card, in order."""
    cards = [
        CardRef(name=card.name, category=card.category, id=card.id, aliases=tuple(card.aliases))
        for card in query.cards
    ]
    verdicts = judge.mentions(query.sentence, query.context, cards)
    return MentionVerdicts(
        judge=judge.id,
        version=judge.version,
        verdicts=[
            MentionVerdict(**verdict.model_dump(exclude={"judge", "version"}))
            for verdict in verdicts
        ],
    )


@router.post("/coherence", response_model=CoherenceVerdict, responses=responses(422, 503))
def coherence(query: CoherenceQuery, judge: StoryJudgeDep) -> CoherenceVerdict:
    """Is the sentence, told after the context, coherent with the story? (accept: coherent)."""
    judgement = judge.coherence(query.context, query.sentence)
    return CoherenceVerdict(**judgement.model_dump())


@router.post("/ending", response_model=EndingVerdict, responses=responses(422, 503))
def ending(query: EndingQuery, judge: StoryJudgeDep) -> EndingVerdict:
    """Does the ending card's text close the story after the lead-in? (accept: it fits)."""
    judgement = judge.ending(query.context, query.lead_in, query.ending)
    return EndingVerdict(**judgement.model_dump())
