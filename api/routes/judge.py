"""The judge on its own: settle a dispute about one sentence, without a table."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import JudgeDep
from api.errors import responses
from api.schemas import MentionQuery, MentionVerdict, MentionVerdicts
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
